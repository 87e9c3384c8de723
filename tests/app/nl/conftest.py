"""The real DBpedia ontology for the question → graph tests; the samples come from ``tests/app/conftest.py``."""

from __future__ import annotations

import pytest

from app.resources import get_resources
from app.settings import Settings


@pytest.fixture(scope="module")
def dbpedia(dbo_path):
    """The real DBpedia ontology with no instance data."""
    return get_resources(Settings(ontology=[dbo_path], kg=[]))

"""Drafting resources shared by the question → graph tests: the real DBpedia ontology and the two samples."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.resources import get_resources
from app.settings import Settings

SAMPLES = Path(__file__).resolve().parents[3] / "sample_ontologies"


def _sample(name: str):
    folder = SAMPLES / name
    return get_resources(Settings(ontology=[folder / "ontology.ttl"], kg=[folder / "data.ttl"]))


@pytest.fixture(scope="module")
def dbpedia(dbo_path):
    """The real DBpedia ontology with no instance data."""
    return get_resources(Settings(ontology=[dbo_path], kg=[]))


@pytest.fixture(scope="module")
def library():
    return _sample("library_sample")


@pytest.fixture(scope="module")
def company():
    return _sample("company_sample")

"""Drafting resources shared by the app's tests: the two samples, and DBpedia's sample, each with its data."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.resources import get_resources
from app.settings import Settings

SAMPLES = Path(__file__).resolve().parents[2] / "sample_ontologies"


def _sample(name: str):
    folder = SAMPLES / name
    return get_resources(Settings(ontology=[folder / "ontology.ttl"], kg=[folder / "data.ttl"]))


@pytest.fixture(scope="module")
def library():
    return _sample("library_sample")


@pytest.fixture(scope="module")
def company():
    return _sample("company_sample")


@pytest.fixture(scope="module")
def dbpedia_sample():
    """DBpedia's small sample ontology with its 1,002 entities (not the real ontology)."""
    return _sample("dbpedia_sample")

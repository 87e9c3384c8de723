"""The real DBpedia ontology for the question → graph tests; the samples come from ``tests/app/conftest.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.resources import get_resources
from app.settings import Settings


@pytest.fixture(scope="module")
def dbpedia(dbo_path):
    """The real DBpedia ontology with no instance data."""
    return get_resources(Settings(ontology=[dbo_path], kg=[]))


@pytest.fixture(scope="module")
def dbpedia_with_sample(dbo_path):
    """The real DBpedia ontology with the DBpedia sample's instances, as the natural benchmark runs it."""
    sample = Path(__file__).resolve().parents[3] / "sample_ontologies" / "dbpedia_sample" / "data.ttl"
    return get_resources(Settings(ontology=[dbo_path], kg=[sample]))


@pytest.fixture
def triples():
    """``graph`` → its edges as (source class, link, target class): what a draft says, whatever its node ids."""
    def of(graph) -> set[tuple[str, str, str]]:
        classes = {n.id: n.class_ for n in graph.nodes}
        return {(classes[e.source], e.link, classes[e.target]) for e in graph.edges}

    return of

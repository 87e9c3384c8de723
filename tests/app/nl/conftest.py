"""The real DBpedia ontology for the question → graph tests, and the samples without their data; the samples
with their data come from ``tests/app/conftest.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.nl.pipeline import extract_graph
from app.resources import get_resources
from app.settings import Settings

SAMPLES = Path(__file__).resolve().parents[3] / "sample_ontologies"
LABEL = "http://www.w3.org/2000/01/rdf-schema#label"


def vocabulary(tmp_path_factory, namespace: str, body: str):
    """Resources for a small ontology a test writes: ``body`` in Turtle, with ``ex:`` standing for ``namespace``."""
    path = tmp_path_factory.mktemp("vocabulary") / "ontology.ttl"
    path.write_text(f"@prefix ex: <{namespace}> .\n@prefix owl: <http://www.w3.org/2002/07/owl#> .\n"
                    f"@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n{body}", encoding="utf-8")
    return get_resources(Settings(ontology=[path], kg=[]))


def drafted(request, fixture: str, question: str):
    """The draft of ``question`` on the resources the fixture named ``fixture`` gives."""
    return extract_graph(question, request.getfixturevalue(fixture)).graph


def name_labels(graph) -> list[str]:
    """The names a draft holds as label constraints, in node order."""
    return [c.value for n in graph.nodes for c in n.constraints if c.property == LABEL]


def named_end(graph) -> tuple[str, str]:
    """The link of a two-node draft and which end holds the name: "source" or "target"."""
    named = {n.id for n in graph.nodes if any(c.property == LABEL for c in n.constraints)}
    (edge,) = graph.edges
    return edge.link, "source" if edge.source in named else "target"


def class_edges(graph) -> set[tuple[str, str, str]]:
    """A draft's edges as (source class, link, target class): what a reading test asserts, whatever the node ids."""
    classes = {n.id: n.class_ for n in graph.nodes}
    return {(classes[e.source], e.link, classes[e.target]) for e in graph.edges}


@pytest.fixture(scope="module")
def dbpedia(dbo_path):
    """The real DBpedia ontology with no instance data."""
    return get_resources(Settings(ontology=[dbo_path], kg=[]))


@pytest.fixture(scope="module")
def dbpedia_with_sample(dbo_path):
    """The real DBpedia ontology with the DBpedia sample's instances, as the natural benchmark runs it."""
    sample = SAMPLES / "dbpedia_sample" / "data.ttl"
    return get_resources(Settings(ontology=[dbo_path], kg=[sample]))


@pytest.fixture
def triples():
    """``graph`` → its edges as (source class, link, target class): what a draft says, whatever its node ids."""
    def of(graph) -> set[tuple[str, str, str]]:
        classes = {n.id: n.class_ for n in graph.nodes}
        return {(classes[e.source], e.link, classes[e.target]) for e in graph.edges}

    return of


@pytest.fixture(scope="module")
def company_schema():
    """The company ontology without its data: names can only be read from the question."""
    return get_resources(Settings(ontology=[SAMPLES / "company_sample" / "ontology.ttl"], kg=[]))


@pytest.fixture(scope="module")
def library_schema():
    """The library ontology without its data."""
    return get_resources(Settings(ontology=[SAMPLES / "library_sample" / "ontology.ttl"], kg=[]))


@pytest.fixture
def label_names():
    """``graph`` → class → the label a node of it must have: the names no instance data pinned."""
    def of(graph) -> dict[str, str]:
        return {n.class_: c.value for n in graph.nodes for c in n.constraints if c.property == LABEL}

    return of

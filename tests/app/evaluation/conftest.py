"""A small hand-built ontology for the harness's unit tests."""

from __future__ import annotations

import pytest

from app.graph.model import PrototypeGraph
from ontology_loaders.model import Link, Ontology, OntologyClass

EX = "http://example.org/onto/"


def build_graph(nodes: list[tuple[str, str]], edges: list[tuple[str, str, str]]) -> PrototypeGraph:
    """A graph from (id, class local name) and (source, link local name, target)."""
    return PrototypeGraph.model_validate(
        {
            "nodes": [{"id": i, "class": EX + c} for i, c in nodes],
            "edges": [{"source": s, "link": EX + p, "target": t} for s, p, t in edges],
        }
    )


@pytest.fixture(scope="session")
def graph():
    """``graph(nodes, edges)``: (id, class local name) and (source, link local name, target)."""
    return build_graph


@pytest.fixture(scope="session")
def tiny_ontology() -> Ontology:
    def cls(name: str, label: str, *parents: str) -> OntologyClass:
        return OntologyClass(iri=EX + name, label=label, parents=tuple(EX + p for p in parents))

    def link(name: str, label: str, domain: str, range_: str) -> Link:
        return Link(iri=EX + name, label=label, domain=EX + domain, range=EX + range_)

    return Ontology(
        classes=(
            cls("Agent", "agent"),
            cls("Person", "person", "Agent"),
            cls("Athlete", "athlete", "Person"),
            cls("Organisation", "organisation", "Agent"),
            cls("University", "university", "Organisation"),
            cls("Place", "place"),
            cls("City", "city", "Place"),
            cls("Country", "country", "Place"),
            cls("Isolated", "isolated thing"),
        ),
        links=(
            link("birthPlace", "birth place", "Person", "Place"),
            link("almaMater", "alma mater", "Person", "University"),
            link("country", "country", "Place", "Country"),
            link("knows", "knows", "Person", "Person"),
            link("headquarter", "headquarter", "Organisation", "City"),
        ),
    )

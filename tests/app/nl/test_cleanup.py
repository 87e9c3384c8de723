"""The clean-up repairs, on a hand-built ontology with a three-level hierarchy."""

from __future__ import annotations

import pytest

from app.nl.cleanup import (
    clean_graph,
    create_dangling_nodes,
    drop_invalid_edges,
    drop_orphans,
    flip_reversed_edges,
    map_constraints,
)
from app.graph.model import PrototypeGraph
from app.graph.validate import validate_graph
from ontology_loaders.model import Attribute, Link, Ontology, OntologyClass

EX = "http://example.org/"


@pytest.fixture(scope="module")
def onto() -> Ontology:
    def cls(name: str, *parents: str) -> OntologyClass:
        return OntologyClass(iri=EX + name, label=name.lower(), parents=tuple(EX + p for p in parents))

    return Ontology(
        classes=(cls("Agent"), cls("Person", "Agent"), cls("Athlete", "Person"), cls("IceHockeyPlayer", "Athlete"),
                 cls("Place"), cls("University", "Place"), cls("Work")),
        links=(Link(iri=EX + "almaMater", label="alma mater", domain=EX + "Person", range=EX + "University"),
               Link(iri=EX + "author", label="author", domain=EX + "Work", range=EX + "Person"),
               Link(iri=EX + "child", label="child", domain=EX + "Person", range=EX + "Person")),
        attributes=(Attribute(iri=EX + "birthDate", label="birth date", domain=EX + "Person",
                              range="http://www.w3.org/2001/XMLSchema#date"),),
    )


def g(nodes: list[tuple[str, str]], edges: list[tuple[str, str, str]], **extra: object) -> PrototypeGraph:
    return PrototypeGraph.model_validate({
        "nodes": [{"id": i, "class": EX + c} for i, c in nodes],
        "edges": [{"source": s, "link": EX + p, "target": t} for s, p, t in edges], **extra})


def test_pcl001_flip_uses_the_full_transitive_hierarchy(onto: Ontology) -> None:
    # IceHockeyPlayer is a Person two levels down: the reversed edge fits.
    graph = g([("u", "University"), ("p", "IceHockeyPlayer")], [("u", "almaMater", "p")])
    fixed, actions = flip_reversed_edges(graph, onto)
    assert [(e.source, e.target) for e in fixed.edges] == [("p", "u")]
    assert [a.kind for a in actions] == ["flip"]


def test_pcl002_edge_valid_in_neither_direction_is_dropped(onto: Ontology) -> None:
    graph = g([("w", "Work"), ("u", "University")], [("w", "almaMater", "u"), ("w", "nope", "u")])
    fixed, actions = drop_invalid_edges(*flip_reversed_edges(graph, onto)[:1], onto)
    assert fixed.edges == ()
    assert [a.kind for a in actions] == ["drop_edge", "drop_edge"]


def test_pcl003_dangling_endpoint_gets_a_node_from_the_range(onto: Ontology) -> None:
    graph = g([("w", "Work")], [("w", "author", "writer_1")])
    fixed, actions = create_dangling_nodes(graph, onto)
    assert fixed.node("writer_1").class_ == EX + "Person"
    assert actions[0].kind == "create_node"


def test_pcl004_orphans_go_but_a_lone_node_stays(onto: Ontology) -> None:
    graph = g([("p", "Person"), ("u", "University"), ("w", "Work")], [("p", "almaMater", "u")],
              aggregation={"count": "w"})
    fixed, actions = drop_orphans(graph, onto)
    assert fixed.node_ids == ["p", "u"] and fixed.aggregation is None
    assert [a.node for a in actions] == ["w"]
    lone = g([("w", "Work")], [])
    assert drop_orphans(lone, onto) == (lone, [])


def test_pcl005_constraint_property_is_mapped_or_dropped(onto: Ontology) -> None:
    graph = PrototypeGraph.model_validate({"nodes": [{"id": "p", "class": EX + "Athlete", "constraints": [
        {"property": EX + "dateOfBirth", "op": ">", "value": "1990-01-01"},
        {"property": EX + "shoeSize", "op": ">", "value": 40}]}]})
    fixed, actions = map_constraints(graph, onto)
    assert [c.property for c in fixed.node("p").constraints] == [EX + "birthDate"]
    assert [a.kind for a in actions] == ["map_constraint", "drop_constraint"]


def test_pcl006_clean_graph_always_validates(onto: Ontology) -> None:
    graph = g([("u", "University"), ("p", "Person"), ("x", "Unknown"), ("w", "Work")],
              [("u", "almaMater", "p"), ("w", "author", "ghost"), ("x", "child", "p"), ("p", "child", "p")])
    fixed, actions = clean_graph(graph, onto)
    assert validate_graph(fixed, onto).ok, validate_graph(fixed, onto).violations
    assert {a.kind for a in actions} >= {"flip", "create_node", "drop_node"}
    assert ("p", EX + "almaMater", "u") in [(e.source, e.link, e.target) for e in fixed.edges]


def test_pcl007_repairs_are_pure(onto: Ontology) -> None:
    graph = g([("u", "University"), ("p", "Person")], [("u", "almaMater", "p")])
    before = graph.model_dump()
    clean_graph(graph, onto)
    assert graph.model_dump() == before

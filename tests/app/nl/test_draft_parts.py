"""The evidence draft's safety net: links that do not fit their things go, and the rest is one connected part."""

from __future__ import annotations

from app.graph.model import Edge, Node, PrototypeGraph
from app.nl.draft_parts import A_WAY_BETWEEN, largest_valid_part
from ontology_loaders.model import Link, Ontology, OntologyClass

ONTO = Ontology(classes=[OntologyClass(iri="ex:Work", label="work"), OntologyClass(iri="ex:Person", label="person"),
                         OntologyClass(iri="ex:City", label="city")],
                links=[Link(iri="ex:author", label="author", domain="ex:Work", range="ex:Person"),
                       Link(iri="ex:birthPlace", label="birth place", domain="ex:Person", range="ex:City")])


def _graph(*edges: tuple[str, str, str]) -> PrototypeGraph:
    nodes = (Node(id="w1", class_="ex:Work"), Node(id="w2", class_="ex:Work"), Node(id="p1", class_="ex:Person"),
             Node(id="c1", class_="ex:City"))
    return PrototypeGraph(nodes=nodes, edges=tuple(Edge(source=s, link=link, target=t) for s, link, t in edges))


def test_dp001_a_link_that_does_not_fit_its_things_goes_and_is_named() -> None:
    messages: list[str] = []
    graph = largest_valid_part(_graph(("w1", "ex:author", "p1"), ("p1", "ex:birthPlace", "c1"),
                                      ("w1", "ex:author", "w2")), ONTO, {}, messages)
    assert [(e.source, e.target) for e in graph.edges] == [("w1", "p1"), ("p1", "c1")]
    assert {n.id for n in graph.nodes} == {"w1", "p1", "c1"}  # the second work, joined only by it, goes too
    assert messages == ["left out links that do not fit their things: author",
                        "left out, as nothing joined them to the rest: w2"]


def test_dp002_a_way_between_no_longer_needed_goes_unnamed() -> None:
    messages: list[str] = []
    graph = largest_valid_part(_graph(("w1", "ex:author", "p1"), ("p1", "ex:birthPlace", "c1")), ONTO,
                               {"w2": A_WAY_BETWEEN}, messages)
    assert {n.id for n in graph.nodes} == {"w1", "p1", "c1"} and messages == []

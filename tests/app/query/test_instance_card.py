"""The instance card on the sample knowledge graphs, checked against hand-written SPARQL on a bare store."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pyoxigraph
import pytest

from app.errors import EditError, GraphCompileError
from app.graph.model import PrototypeGraph
from app.query.compile import compile_sparql
from app.query.embedded import EmbeddedStore
from app.query.instance_card import (
    fitting_nodes,
    instance_card,
    most_specific_class,
    use_in_query,
)
from ontology_loaders import load_ontology

SAMPLES = Path(__file__).resolve().parents[3] / "sample_ontologies"
DBR = "http://dbpedia.org/resource/"
DBO = "http://dbpedia.org/ontology/"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"


def _raw(sample: str) -> pyoxigraph.Store:
    store = pyoxigraph.Store()
    store.load(path=str(SAMPLES / sample / "data.ttl"), format=pyoxigraph.RdfFormat.TURTLE)
    return store


@pytest.fixture(scope="module")
def raw_dbpedia() -> pyoxigraph.Store:
    return _raw("dbpedia_sample")


def _out_counts(raw: pyoxigraph.Store, iri: str) -> Counter:
    return Counter({row[0].value: int(row[1].value) for row in raw.query(
        f"SELECT ?p (COUNT(DISTINCT ?o) AS ?n) WHERE {{ <{iri}> ?p ?o FILTER(!isLiteral(?o) && ?p != <{RDF_TYPE}>) }} "
        "GROUP BY ?p")})


def _in_counts(raw: pyoxigraph.Store, iri: str) -> Counter:
    return Counter({row[0].value: int(row[1].value) for row in raw.query(
        f"SELECT ?p (COUNT(DISTINCT ?s) AS ?n) WHERE {{ ?s ?p <{iri}> }} GROUP BY ?p")})


@pytest.mark.parametrize("sample", ["dbpedia_sample", "library_sample", "company_sample"])
def test_card_matches_the_knowledge_graph(sample):
    raw = _raw(sample)
    # The instance with the most links out, so every section has something to show.
    iri = next(iter(raw.query(
        f"SELECT ?s WHERE {{ ?s ?p ?o FILTER(isIRI(?o) && ?p != <{RDF_TYPE}>) }} GROUP BY ?s "
        "ORDER BY DESC(COUNT(*)) ?s LIMIT 1")))[0].value
    ontology = load_ontology([SAMPLES / sample / "ontology.ttl"])
    card = instance_card(iri, store=EmbeddedStore([SAMPLES / sample / "data.ttl"]), ontology=ontology, limit=50)
    assert set(card.classes) == {r[0].value for r in raw.query(f"SELECT ?t WHERE {{ <{iri}> a ?t }}")}
    labels = {r[0].value for r in raw.query(f"SELECT ?l WHERE {{ <{iri}> <http://www.w3.org/2000/01/rdf-schema#label> ?l }}")}
    assert card.label in labels
    assert Counter({g.link: g.count for g in card.links_out}) == _out_counts(raw, iri)
    assert Counter({g.link: g.count for g in card.links_in}) == _in_counts(raw, iri)
    assert all(g.label == ontology.label(g.link) for g in card.links_out)
    for group in card.links_out:  # every neighbour shown is really linked that way
        for neighbour in group.neighbours:
            assert raw.query(f"ASK {{ <{iri}> <{group.link}> <{neighbour.iri}> }}")
    literals = {(r[0].value, r[1].value) for r in raw.query(
        f"SELECT ?p ?o WHERE {{ <{iri}> ?p ?o FILTER(isLiteral(?o)) }}")}
    assert {(a.property, a.value) for a in card.attributes} <= literals and card.attributes
    assert all(a.property != "http://www.w3.org/2000/01/rdf-schema#label" for a in card.attributes)


def test_each_section_stops_at_its_limit_but_counts_every_link(sample_store, raw_dbpedia):
    iri = DBR + "United_States"
    expected = _in_counts(raw_dbpedia, iri)
    assert sum(expected.values()) > 10
    card = instance_card(iri, store=sample_store, limit=3)
    assert sum(len(g.neighbours) for g in card.links_in) <= 3 and len(card.links_in) <= 3
    top = expected.most_common(1)[0]
    assert (card.links_in[0].link, card.links_in[0].count) == top
    many = instance_card(DBR + "Wayne_Gretzky", store=sample_store, limit=1)
    assert len(many.attributes) == 1 and many.more_attributes


def test_neighbours_are_listed_once_each(sample_store):
    card = instance_card(DBR + "Wayne_Gretzky", store=sample_store)
    shown = [n.iri for n in card.neighbours]
    assert DBR + "Edmonton_Oilers" in shown and len(shown) == len(set(shown))


def test_a_value_that_is_not_an_iri_is_refused(sample_store):
    with pytest.raises(GraphCompileError):
        instance_card("not an iri> } DROP ALL {", store=sample_store)


def test_most_specific_class_skips_the_parents(sample_ontology, sample_store):
    card = instance_card(DBR + "Wayne_Gretzky", store=sample_store)
    assert most_specific_class(card.classes, sample_ontology) == DBO + "IceHockeyPlayer"
    assert most_specific_class(["http://e.org/Unknown"], sample_ontology) is None


def test_use_in_query_pins_an_existing_node_and_the_query_returns_that_instance(sample_ontology, sample_store):
    graph = PrototypeGraph.model_validate({
        "nodes": [{"id": "work_1", "class": DBO + "Work"}, {"id": "person_1", "class": DBO + "Person"}],
        "edges": [{"source": "work_1", "link": DBO + "author", "target": "person_1"}]})
    card = instance_card(DBR + "Wayne_Gretzky", store=sample_store)
    assert fitting_nodes(graph, card.classes, sample_ontology) == ["person_1"]
    pinned, node_id = use_in_query(graph, card.iri, card.classes, sample_ontology, node_id="person_1")
    assert node_id == "person_1" and pinned.node("person_1").instances == (card.iri,)
    rows = sample_store.select(compile_sparql(pinned)).bindings
    assert rows and {r["person_1"]["value"] for r in rows} == {card.iri}
    with pytest.raises(EditError, match="is not a work"):
        use_in_query(graph, card.iri, card.classes, sample_ontology, node_id="work_1")


def test_use_in_query_adds_a_node_of_its_class_when_none_is_chosen(sample_ontology, sample_store):
    card = instance_card(DBR + "Wayne_Gretzky", store=sample_store)
    graph, node_id = use_in_query(PrototypeGraph(), card.iri, card.classes, sample_ontology)
    node = graph.node(node_id)
    assert node.class_ == DBO + "IceHockeyPlayer" and node.instances == (card.iri,)
    assert [r[node_id]["value"] for r in sample_store.select(compile_sparql(graph)).bindings] == [card.iri]
    with pytest.raises(EditError, match="no class of the ontology"):
        use_in_query(graph, "http://e.org/x", ["http://e.org/Unknown"], sample_ontology)

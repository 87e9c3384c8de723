"""English readings of session 24 on the evidence path: things "called" or "named" so, a value's label
said with its words in another order, superlatives said of a relation's thing, a number a thing holds
instead of a count, "where is", a lone "by", sizes the ontology names a link for, and "whose" in lower
case. Real embedder, real ontologies (DBpedia, the company sample with and without its data), plus unit
cases.
"""

from __future__ import annotations

import pytest

from app.graph.model import Aggregation, Edge, Node, OrderBy, PrototypeGraph
from app.nl.counting import number_instead_of_count
from app.nl.link_choice import implied_grams
from app.nl.mention_types import Mention
from app.nl.pipeline import extract_graph
from ontology_loaders.model import Attribute, Link, Ontology, OntologyClass

D = "http://dbpedia.org/ontology/"
CO = "http://protograph.example/company/"
LABEL = "http://www.w3.org/2000/01/rdf-schema#label"


@pytest.mark.parametrize(("question", "kind", "name"), [
    ("Give me all rivers named Avon.", D + "River", "Avon"),
    ("Give me all actors called Baldwin.", D + "Actor", "Baldwin"),
    ("Is there a video game called Battle Chess?", D + "VideoGame", "Battle Chess"),
])
def test_rd167_a_class_word_called_a_name_is_that_one_thing(dbpedia, question, kind, name, label_names) -> None:
    result = extract_graph(question, dbpedia)
    assert not result.not_understood
    assert [n.class_ for n in result.graph.nodes] == [kind]
    assert label_names(result.graph) == {kind: name}


def test_rd167_a_link_word_called_a_name_pins_the_thing_it_reaches(dbpedia, triples) -> None:
    graph = extract_graph("Does Walt Disney Studio have a subsidiary called Pixar?", dbpedia).graph
    assert triples(graph) == {(D + "Company", D + "subsidiary", D + "Company")}
    target = graph.node(graph.edges[0].target)
    assert [c.value for c in target.constraints if c.property == LABEL] == ["Pixar"]


def test_rd167_named_after_still_names_another_thing(dbpedia, triples) -> None:
    graph = extract_graph("Which ships were named after Benjamin Franklin?", dbpedia).graph
    assert triples(graph) == {(D + "Ship", D + "namedAfter", D + "Person")}


def test_rd167_called_on_a_sample_without_its_data(company_schema, label_names) -> None:
    graph = extract_graph("List the employees named Anna Patel", company_schema).graph
    assert [n.class_ for n in graph.nodes] == [CO + "Employee"] and not graph.edges
    assert label_names(graph) == {CO + "Employee": "Anna Patel"}


def test_rd167_called_a_known_thing_with_the_sample_data(company, triples) -> None:
    [node] = extract_graph("List the employees named Anna Patel", company).graph.nodes
    assert node.instances == ("http://protograph.example/company/data/person/Anna_Patel",)
    graph = extract_graph("Which employees have a manager named Anna Patel?", company).graph
    assert triples(graph) == {(CO + "Employee", CO + "reportsTo", CO + "Manager")}
    assert graph.node(graph.edges[0].target).instances == node.instances


@pytest.mark.parametrize(("question", "shown"), [
    ("What is the total population of Melbourne, Florida?", D + "populationTotal"),
    ("how big is the total area of North Rhine-Westphalia?", D + "areaTotal"),
])
def test_rd168_the_same_words_in_another_order_name_the_value(dbpedia, question, shown) -> None:
    assert [n.shown for n in extract_graph(question, dbpedia).graph.nodes] == [(shown,)]


@pytest.mark.parametrize(("question", "descending"), [
    ("Who is the oldest child of Meryl Streep?", False),
    ("Who is the youngest child of Meryl Streep?", True),
])
def test_rd169_a_superlative_of_a_relation_sorts_its_things_by_their_age(dbpedia, question, descending) -> None:
    graph = extract_graph(question, dbpedia).graph
    child = graph.edges[0].target
    assert graph.order_by == (OrderBy(node=child, property=D + "birthDate", descending=descending),)
    assert graph.limit == 1 and not graph.node(child).constraints


def test_rd170_the_most_of_a_word_no_class_labels_is_the_number_held(dbpedia) -> None:
    graph = extract_graph("Which company has the most employees?", dbpedia).graph
    assert [n.class_ for n in graph.nodes] == [D + "Company"] and graph.aggregation is None
    assert graph.order_by == (OrderBy(node=graph.nodes[0].id, property=D + "numberOfEmployees", descending=True),)


def test_rd170_the_most_of_a_class_word_is_still_a_count(company) -> None:
    graph = extract_graph("Which department has the most employees?", company).graph
    assert graph.aggregation is not None and graph.order_by[0].node == "count"


def _count_graph() -> tuple[PrototypeGraph, list[Mention], list[str]]:
    graph = PrototypeGraph(
        nodes=(Node(id="firm", class_="ex:Firm"), Node(id="boss", class_="ex:Boss")),
        edges=(Edge(source="boss", link="ex:worksAt", target="firm"),),
        aggregation=Aggregation(count="boss", group_by=("firm",)),
        order_by=(OrderBy(node="count", descending=True),), limit=1)
    mentions = [Mention(1, 2, "firm", "class", class_iri="ex:Firm"),
                Mention(5, 6, "employees", "class", class_iri="ex:Boss", score=0.7)]
    return graph, mentions, ["firm", "boss"]


def test_rd170_unit_a_number_of_attribute_replaces_a_count_by_resemblance() -> None:
    onto = Ontology(classes=[OntologyClass(iri="ex:Firm", label="firm"), OntologyClass(iri="ex:Boss", label="boss")],
                    links=[Link(iri="ex:worksAt", label="works at", domain="ex:Boss", range="ex:Firm")],
                    attributes=[Attribute(iri="ex:staff", label="number of employees", domain="ex:Firm",
                                          range="http://www.w3.org/2001/XMLSchema#integer")])
    graph, mentions, ids = _count_graph()
    tokens = "which firm has the most employees".split()
    assert number_instead_of_count(tokens, graph, mentions, ids, onto) == (
        "boss", OrderBy(node="firm", property="ex:staff", descending=True))
    sure = [mentions[0], Mention(5, 6, "employees", "class", class_iri="ex:Boss", score=1.0)]
    assert number_instead_of_count(tokens, graph, sure, ids, onto) is None


def test_rd171_where_is_a_name_asks_for_its_location(dbpedia, triples) -> None:
    graph = extract_graph("Where is Mount Everest?", dbpedia).graph
    assert triples(graph) == {(D + "Mountain", D + "location", D + "Place")}


@pytest.mark.parametrize(("question", "link"), [
    ("Give me all films by Stanley Kubrick.", D + "director"),
    ("Give me all books by William Goldman.", D + "author"),
])
def test_rd172_a_lone_by_names_the_maker(dbpedia, question, link) -> None:
    assert [e.link for e in extract_graph(question, dbpedia).graph.edges] == [link]


def test_rd172_unit_only_a_lone_by_means_a_maker() -> None:
    assert "film director" in implied_grams(["by"])
    assert implied_grams(["in"]) == ["located in"]


@pytest.mark.parametrize(("question", "link"), [
    ("What is the largest city in Australia?", D + "largestCity"),
    ("Which is the biggest city in Germany?", D + "biggestCity"),
])
def test_rd173_a_size_superlative_the_ontology_names_a_link_for_is_that_link(dbpedia, triples, question,
                                                                            link) -> None:
    """A size says nothing of what is measured (area? population?); the ontology's own link does."""
    graph = extract_graph(question, dbpedia).graph
    assert triples(graph) == {(D + "Country", link, D + "City")}
    assert not graph.order_by


def test_rd173_a_superlative_that_says_its_measure_still_sorts(dbpedia) -> None:
    graph = extract_graph("What is the highest mountain in Germany?", dbpedia).graph
    assert graph.order_by[0].property == D + "elevation" and graph.limit == 1


def test_rd174_the_word_after_whose_is_no_lower_case_name(dbpedia, label_names) -> None:
    graph = extract_graph("what is the river whose mouth is in deadsea?", dbpedia).graph
    [edge] = graph.edges
    assert graph.node(edge.source).class_ == D + "River"
    assert label_names(graph) == {graph.node(edge.target).class_: "Deadsea"}  # and no name "Mouth"


def test_rd174_what_a_relation_noun_after_whose_is_said_to_be_is_a_name(dbpedia, triples, label_names) -> None:
    graph = extract_graph("what are the nicknames of the schools whose color is royal blue?", dbpedia).graph
    assert triples(graph) == {(D + "School", D + "colour", D + "Colour")}
    assert label_names(graph) == {D + "Colour": "Royal Blue"}


def test_rd169_a_noun_that_begins_a_value_label_still_names_the_measure(company) -> None:
    """"credit" is no attribute's whole label, but the first word of "credit limit"."""
    graph = extract_graph("Which customer has the highest credit limit?", company).graph
    assert graph.order_by == (OrderBy(node=graph.nodes[0].id, property=CO + "creditLimit", descending=True),)

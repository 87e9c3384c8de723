"""English readings of session 30 on the evidence path: kin two or more generations apart ("the grandchildren
of Elvis Presley": the children of his children), the same relation noun said twice in a row, and a link
labelled as a thing that is no agent ("who plays the saxophone": the player's instrument). Real embedder,
real model, real ontologies (DBpedia, a family vocabulary written here, the samples without their data)."""

from __future__ import annotations

import pytest

from app.nl.generations import generations_said_by_links
from app.nl.link_choice import _names_a_thing_done
from app.nl.pipeline import extract_graph
from app.resources import get_resources
from app.settings import Settings
from ontology_loaders.model import Link, Ontology, OntologyClass
from tests.app.nl.conftest import class_edges

D = "http://dbpedia.org/ontology/"
FAM = "http://protograph.example/family/"

_FAMILY = """@prefix fam: <http://protograph.example/family/> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
fam:Person a owl:Class ; rdfs:label "person" . fam:Town a owl:Class ; rdfs:label "town" .
fam:hasChild a owl:ObjectProperty ; rdfs:label "child" ; rdfs:domain fam:Person ; rdfs:range fam:Person .
fam:hasParent a owl:ObjectProperty ; rdfs:label "parent" ; rdfs:domain fam:Person ; rdfs:range fam:Person .
fam:bornIn a owl:ObjectProperty ; rdfs:label "birth town" ; rdfs:domain fam:Person ; rdfs:range fam:Town .
"""


@pytest.fixture(scope="module")
def family(tmp_path_factory):
    path = tmp_path_factory.mktemp("family") / "ontology.ttl"
    path.write_text(_FAMILY, encoding="utf-8")
    return get_resources(Settings(ontology=[path], kg=[]))


def _chain(graph, link: str) -> list[str]:
    """The node ids from the one no edge reaches to the last, following ``link``: the generations in order."""
    steps = {e.source: e.target for e in graph.edges if e.link == link}
    assert len(steps) == len(graph.edges), "every edge is the one link"
    [start] = set(steps) - set(steps.values())
    order = [start]
    while order[-1] in steps:
        order.append(steps[order[-1]])
    return order


def _pinned(graph, node_id: str) -> bool:
    return bool(graph.node(node_id).constraints or graph.node(node_id).instances)


@pytest.mark.parametrize(("fixture", "question", "link", "hops"), [
    ("dbpedia", "Who are the grandchildren of Elvis Presley?", D + "child", 2),  # before, a horse's grandsire
    ("dbpedia", "Who are Elvis Presley's grandchildren?", D + "child", 2),
    ("dbpedia", "Who are the great-grandchildren of Queen Victoria?", D + "child", 3),
    ("family", "Who are the grandchildren of Ada Lind?", FAM + "hasChild", 2),
    ("family", "Who are the grandparents of Ada Lind?", FAM + "hasParent", 2),
])
def test_rd211_kin_generations_apart_are_a_chain_of_one_generation_links(request, fixture, question, link,
                                                                         hops) -> None:
    result = extract_graph(question, request.getfixturevalue(fixture))
    order = _chain(result.graph, link)
    assert len(order) == hops + 1
    # the named person starts the chain, and the one asked for ends it
    assert _pinned(result.graph, order[0]) and not any(_pinned(result.graph, n) for n in order[1:])
    assert any("grand" in message for message in result.messages)  # the reading is shown


def test_rd211_the_same_relation_noun_twice_is_two_steps_from_the_name(dbpedia) -> None:
    graph = extract_graph("Who are the children of the children of Elvis Presley?", dbpedia).graph
    order = _chain(graph, D + "child")
    assert len(order) == 3 and _pinned(graph, order[0])


def test_rd211_one_generation_is_read_as_before(dbpedia) -> None:
    graph = extract_graph("Who are the children of Elvis Presley?", dbpedia).graph
    assert _chain(graph, D + "child") and len(graph.edges) == 1


def test_rd211_an_ontology_that_labels_the_word_keeps_it() -> None:
    person = "ex:Person"
    onto = Ontology(classes=[OntologyClass(iri=person, label="person")],
                    links=[Link(iri="ex:child", label="child", domain=person, range=person),
                           Link(iri="ex:grandchild", label="grandchild", domain=person, range=person)])
    assert generations_said_by_links("Who are the grandchildren of Ada Lind?", onto) == \
        ("Who are the grandchildren of Ada Lind?", [])


def test_rd211_the_outer_noun_falls_back_to_the_generic_one() -> None:
    # "grandsons" where only "child" is labelled: the children of the children (the sex is not a link here)
    onto = Ontology(links=[Link(iri="ex:child", label="child")])
    question, read = generations_said_by_links("Who are the grandsons of Ada Lind?", onto)
    assert question == "Who are the children of the children of Ada Lind?"
    assert read == [("the grandsons of", "the children of the children of")]


@pytest.mark.parametrize(("question", "edge"), [
    # before, a musical starring an actor
    ("Who plays the saxophone?", (D + "Artist", D + "instrument", D + "Instrument")),
    ("Who won the Nobel Prize in Physics?", (D + "Person", D + "award", D + "NobelPrize")),
    # an architect is the doer: the tower's architect, as before
    ("Who designed the Eiffel Tower?", (D + "Tower", D + "architect", D + "Architect")),
])
def test_rd212_a_link_labelled_as_a_thing_no_one_is_runs_from_the_doer(dbpedia, question, edge) -> None:
    assert class_edges(extract_graph(question, dbpedia).graph) == {edge}


def test_rd212_a_thing_done_is_a_range_that_is_no_agent() -> None:
    onto = Ontology(classes=[OntologyClass(iri="ex:Agent", label="agent"),
                             OntologyClass(iri="ex:Architect", label="architect", parents=["ex:Agent"]),
                             OntologyClass(iri="ex:Instrument", label="instrument")],
                    links=[])
    assert _names_a_thing_done(onto, "instrument", "ex:Instrument")
    assert not _names_a_thing_done(onto, "architect", "ex:Architect")  # the doer
    assert not _names_a_thing_done(onto, "player", "ex:Instrument")  # labelled otherwise


LIB = "http://protograph.example/library/"
CO = "http://protograph.example/company/"


@pytest.mark.parametrize(("fixture", "question", "edges"), [
    # before, the award was Spielberg's
    ("dbpedia", "Which films directed by Steven Spielberg won an Academy Award?",
     {(D + "Film", D + "director", D + "Person"), (D + "Film", D + "award", D + "Award")}),
    ("dbpedia", "Which movies directed by Tim Burton star Johnny Depp?",
     {(D + "Film", D + "director", D + "Person"), (D + "Film", D + "starring", D + "Actor")}),
    ("library_schema", "Which books written by Ada Byrne won an award?",
     {(LIB + "Book", LIB + "writtenBy", LIB + "Author"), (LIB + "Book", LIB + "wonAward", LIB + "Award")}),
])
def test_rd213_what_follows_the_agent_of_a_participle_is_said_of_the_thing_before(request, fixture, question,
                                                                               edges) -> None:
    assert class_edges(extract_graph(question, request.getfixturevalue(fixture)).graph) == edges


def test_rd214_the_thing_a_relative_where_opens_is_where_the_link_leads(dbpedia) -> None:
    # before, the country was the river's "end point" the other way round
    graph = extract_graph("What is the capital of the country where the Nile ends?", dbpedia).graph
    assert class_edges(graph) == {(D + "Country", D + "capital", D + "Capital"),
                                  (D + "River", D + "endPoint", D + "Country")}


@pytest.mark.parametrize(("fixture", "question", "edge"), [
    # before, the SPD was Berlin's affiliation
    ("dbpedia", "Which mayors of Berlin belonged to the SPD?", (D + "Mayor", D + "affiliation", D + "PoliticalParty")),
    ("company_schema", "Which employees of Granite Bank reported to Elias Vogel?",
     (CO + "Employee", CO + "reportsTo", CO + "Manager")),
])
def test_rd215_a_past_verb_after_a_name_in_a_phrase_is_said_of_the_phrases_thing(request, fixture, question,
                                                                                edge) -> None:
    assert edge in class_edges(extract_graph(question, request.getfixturevalue(fixture)).graph)


@pytest.mark.parametrize(("fixture", "question", "edges"), [
    # before, a "Tony Award" read off "Which", and the city's award
    ("dbpedia", "Which Nobel laureates were born in Vienna?",
     {(D + "Person", D + "award", D + "NobelPrize"), (D + "Person", D + "birthPlace", D + "City")}),
    ("dbpedia", "Which Turing Award recipients studied at MIT?",
     {(D + "Person", D + "award", D + "Award"), (D + "Person", D + "almaMater", D + "University")}),
    # the library's awards are won by works, so its winners are their authors
    ("library", "Which Lantern Poetry Medal winners were born in Dublin?",
     {(LIB + "WrittenWork", LIB + "writtenBy", LIB + "Author"), (LIB + "WrittenWork", LIB + "wonAward", LIB + "Award"),
      (LIB + "Author", LIB + "bornIn", LIB + "City")}),
])
def test_rd216_the_winners_of_a_named_prize_are_people_who_won_it(request, fixture, question, edges) -> None:
    result = extract_graph(question, request.getfixturevalue(fixture))
    assert class_edges(result.graph) == edges
    assert any("people who won the" in message for message in result.messages)


def test_rd216_winners_of_no_named_prize_are_left_as_they_are() -> None:
    from app.nl.prize_winners import prize_winners_said_by_a_clause

    onto = Ontology(classes=[OntologyClass(iri="ex:Person", label="person")])
    assert prize_winners_said_by_a_clause("Which gold medalists were born in Oslo?", onto) == \
        ("Which gold medalists were born in Oslo?", [])


def test_rd215_a_verb_after_a_name_ending_a_relative_clause_is_the_head_nouns(dbpedia) -> None:
    graph = extract_graph("Which people who won the Turing Award studied at MIT?", dbpedia).graph
    assert (D + "Person", D + "almaMater", D + "University") in class_edges(graph)

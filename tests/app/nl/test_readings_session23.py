"""English readings of session 23 on the evidence path: names in a question typed in lower case, a link
labelled as the class it leads to, more everyday relation phrases, and life's great questions. Real
embedder, real ontologies (DBpedia, both samples with and without their data).
"""

from __future__ import annotations

import pytest

from app.nl.lower_case_names import lower_case_names
from app.nl.pipeline import extract_graph
from app.nl.words import written_without_capitals
from ontology_loaders.model import Link, Ontology

D = "http://dbpedia.org/ontology/"
LIB = "http://protograph.example/library/"
CO = "http://protograph.example/company/"


@pytest.mark.parametrize(("question", "link", "name"), [
    ("who directed pulp fiction", D + "director", "Pulp Fiction"),
    ("what mountains are in sierra nevada?", D + "locatedInArea", "Sierra Nevada"),
    ("which rivers flow into lake geneva", None, "Lake Geneva"),
])
def test_rd162_names_typed_in_lower_case_are_read_as_names(dbpedia, question, link, name, label_names) -> None:
    graph = extract_graph(question, dbpedia).graph
    assert name in label_names(graph).values()
    assert link is None or [e.link for e in graph.edges] == [link]


def test_rd162_a_lower_case_country_is_a_name_not_a_class_word(dbpedia, triples, label_names) -> None:
    graph = extract_graph("what is the capital of france", dbpedia).graph
    assert triples(graph) == {(D + "Country", D + "capital", D + "Capital")}
    assert label_names(graph) == {D + "Country": "France"}


@pytest.mark.parametrize(("fixture", "question", "edge", "name"), [
    ("company_schema", "which employees report to anna patel",
     (CO + "Employee", CO + "reportsTo", CO + "Manager"), "Anna Patel"),
    ("library_schema", "which books did ursula le guin write", (LIB + "Book", LIB + "writtenBy", LIB + "Author"),
     "Ursula Le Guin"),
])
def test_rd162_lower_case_names_on_the_samples_without_data(request, triples, label_names, fixture, question, edge,
                                                            name) -> None:
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    assert triples(graph) == {edge}
    assert label_names(graph) == {edge[2]: name}


@pytest.mark.parametrize("question", ["which orders were shipped late", "list customers with open orders",
                                      "which orders are unpaid"])
def test_rd162_adverbs_plurals_and_said_of_the_subject_are_no_names(company_schema, question, label_names) -> None:
    assert label_names(extract_graph(question, company_schema).graph) == {}


def test_rd162_a_question_with_capitals_keeps_its_names_as_written() -> None:
    tokens = "Which books did Ursula Le Guin write".split()
    assert not written_without_capitals(tokens)
    assert lower_case_names(tokens, [False] * len(tokens), Ontology()) == []


@pytest.mark.parametrize(("question", "expected"), [
    ("does vance johnson play as a wide receiver", ["Vance Johnson", "Wide Receiver"]),
    ("which cities does the weser flow through", ["Weser"]),
    ("what is the meaning of life", ["Life"]),  # a name as written; requests.py turns the question away
    ("how many apollo 14 astronauts are there", []),  # ends in a plural: a kind of thing
    ("which orders are still open", []),  # said of the subject
    ("cities with more than a million inhabitants", []),  # a quantity
    ("who lives in paris", ["Paris"]),
])
def test_rd162_where_a_lower_case_name_stands(question, expected) -> None:
    tokens = question.split()
    onto = Ontology(links=[Link(iri="ex:spouse", label="spouse")])
    assert [m.text for m in lower_case_names(tokens, [False] * len(tokens), onto)] == expected


def test_rd163_a_link_labelled_as_the_class_it_leads_to_joins_two_named_classes(dbpedia, triples) -> None:
    # "contain" names no link; a song's "album" is how albums and songs meet
    graph = extract_graph("Which music albums contain the song Last Christmas?", dbpedia).graph
    assert triples(graph) == {(D + "Song", D + "album", D + "Album")}


@pytest.mark.parametrize(("question", "link"), [
    ("Which mountains are contained in Inyo National Forest?", D + "locatedInArea"),
    ("Which bands originated in Canada?", None),
    ("List the awards of the important people of Aardman Animations.", D + "keyPerson"),
])
def test_rd164_everyday_relation_phrases(dbpedia, question, link) -> None:
    graph = extract_graph(question, dbpedia).graph
    links = {e.link for e in graph.edges} | {s for n in graph.nodes for s in n.shown}
    if link is None:  # where a band comes from, not where it is
        assert links & {D + "hometown", D + "origin"} and D + "location" not in links
    else:
        assert link in links


@pytest.mark.parametrize("question", ["What is the meaning of life?", "what is the purpose of life"])
def test_rd165_lifes_great_questions_are_not_understood(dbpedia, question) -> None:
    draft = extract_graph(question, dbpedia)
    assert not draft.graph.nodes
    assert any("not understood" in m for m in draft.messages)


def test_rd162_two_lower_case_names_share_what_both_do(dbpedia, triples) -> None:
    graph = extract_graph("where do cherry chevapravatdumrong and daisi pollard both live?", dbpedia).graph
    assert triples(graph) == {(D + "Person", D + "residence", D + "Place")}
    assert len(graph.edges) == 2
    assert sorted(c.value for n in graph.nodes for c in n.constraints) == ["Cherry Chevapravatdumrong",
                                                                           "Daisi Pollard"]


@pytest.mark.parametrize(("question", "chain"), [
    ("List the awards given to the relatives of Gregorios Bernardakis.",
     {(D + "Person", D + "award", D + "Award"), (D + "Person", D + "relative", D + "Person")}),
    ("Which films were directed by the spouse of Madonna?",
     {(D + "Film", D + "director", D + "Person"), (D + "Person", D + "spouse", D + "Person")}),
])
def test_rd166_a_link_word_after_a_preposition_is_a_thing_of_its_own(dbpedia, triples, question, chain) -> None:
    graph = extract_graph(question, dbpedia).graph
    assert triples(graph) == chain
    assert len(graph.edges) == 2

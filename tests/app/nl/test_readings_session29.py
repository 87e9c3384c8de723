"""English readings of session 29 on the evidence path: days written out ("on 4 July 1950"); a place the
gazetteer knows, where the words make the name a place, against the kind the model says it is ("bands from
Liverpool": not the club); what a comparison measures is no relation word ("books by William Goldman with more
than 300 pages"); "what form of government": the class of the noun's kinds; and a year opening an event's
name ("the 2012 Olympics"). Real embedder, real model, real ontologies (DBpedia, the library and company
samples without their data)."""

from __future__ import annotations

import pytest

from app.nl.pipeline import extract_graph
from tests.app.nl.conftest import class_edges

D = "http://dbpedia.org/ontology/"
LIB = "http://protograph.example/library/"
CO = "http://protograph.example/company/"


def _bounds(graph) -> set[tuple[str, str, str]]:
    return {(c.property, c.op.value, str(c.value)) for n in graph.nodes for c in n.constraints}


@pytest.mark.parametrize(("fixture", "question", "bound"), [
    ("dbpedia", "Who was born on 4 July 1950?", (D + "birthDate", "=", "1950-07-04")),
    ("dbpedia", "Which actors died before January 1st, 1990?", (D + "deathDate", "<", "1990-01-01")),
    ("library_schema", "Which loans were made on 3 March 2024?", (LIB + "loanDate", "=", "2024-03-03")),
    ("company_schema", "Which orders were placed after the 2nd of May 2024?", (CO + "orderDate", ">", "2024-05-02")),
])
def test_rd206_a_day_written_out_bounds_its_date(request, fixture, question, bound) -> None:
    # before, only an ISO day was read ("on 1950-07-04"); "4 July 1950" was not understood, and "January 1st"
    # became a place's name
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    assert _bounds(graph) == {bound}
    assert len(graph.nodes) == 1


@pytest.mark.parametrize(("question", "edge"), [
    ("Which bands come from Liverpool?", (D + "Band", D + "origin", D + "City")),  # before, a club's product
    ("Which bands come from Manchester?", (D + "Band", D + "origin", D + "City")),
])
def test_rd207_a_town_the_gazetteer_knows_is_meant_where_the_words_make_the_name_a_place(dbpedia, question,
                                                                                         edge) -> None:
    assert class_edges(extract_graph(question, dbpedia).graph) == {edge}


def test_rd207_the_kind_the_model_says_still_chooses_where_the_name_is_no_town(dbpedia) -> None:
    graph = extract_graph("Which politicians are members of the Democratic Party?", dbpedia).graph
    assert class_edges(graph) == {(D + "Politician", D + "party", D + "PoliticalParty")}


@pytest.mark.parametrize(("fixture", "question", "edge"), [
    # before, "pages" joined "by": the publisher
    ("dbpedia", "Give me all books by William Goldman with more than 300 pages.",
     (D + "Book", D + "author", D + "Person")),
    ("library_schema", "Which books by Ada Byrne have more than 300 pages?",
     (LIB + "Book", LIB + "writtenBy", LIB + "Author")),
])
def test_rd208_what_a_comparison_measures_is_no_relation_word(request, fixture, question, edge) -> None:
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    assert class_edges(graph) == {edge}
    assert any(op == ">" and value == "300" for _, op, value in _bounds(graph))


@pytest.mark.parametrize(("question", "edge"), [
    ("What form of government does Russia have?", (D + "Country", D + "governmentType", D + "GovernmentType")),
    ("What type of government does France have?", (D + "Country", D + "governmentType", D + "GovernmentType")),
    ("What kind of music did Lou Reed play?", (D + "Person", D + "genre", D + "MusicGenre")),
])
def test_rd209_a_kind_of_a_noun_is_the_class_of_its_kinds(dbpedia, question, edge) -> None:
    # before, a government agency and a legal form; a musical starring an actor called Lou Reed
    assert class_edges(extract_graph(question, dbpedia).graph) == {edge}


@pytest.mark.parametrize("question", ["Count the different genres of music made by Argentinian bands?",
                                      "Which music genres do Argentinian bands play?"])
def test_rd209_a_kind_relates_by_the_link_its_kind_word_labels(dbpedia, question) -> None:
    # before, the verb chose: a manufacturer, a role played
    assert (D + "Band", D + "genre", D + "MusicGenre") in class_edges(extract_graph(question, dbpedia).graph)


@pytest.mark.parametrize(("question", "name"), [
    ("Which athletes competed in the 2012 Olympics?", "2012 Olympics"),  # before, "Olympics": any of them
    ("Which countries took part in the 1998 Winter Olympics?", "1998 Winter Olympics"),
])
def test_rd210_a_year_after_the_opens_an_events_name(dbpedia, question, name) -> None:
    graph = extract_graph(question, dbpedia).graph
    assert [n.class_ for n in graph.nodes if any(c.value == name for c in n.constraints)] == [D + "Olympics"]


def test_rd210_a_year_alone_is_still_a_date(dbpedia) -> None:
    graph = extract_graph("Which films were released in 2008?", dbpedia).graph
    # (a release date since session 37: "released" no longer names the publication date too)
    assert _bounds(graph) == {(D + "releaseDate", ">=", "2008-01-01"), (D + "releaseDate", "<=", "2008-12-31")}

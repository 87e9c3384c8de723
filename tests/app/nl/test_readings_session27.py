"""English readings of session 27 on the evidence path: a link's word after "their" is the subject's too ("movies
directed by their spouse"), and a name typed in lower case right after "the" and its kind ("the movie titanic").
Real embedder, real ontologies (DBpedia, the company sample without its data)."""

from __future__ import annotations

import pytest

from app.nl.pipeline import extract_graph

D = "http://dbpedia.org/ontology/"
CO = "http://protograph.example/company/"


def _edges(graph) -> set[tuple[str, str, str]]:
    classes = {n.id: n.class_ for n in graph.nodes}
    return {(classes[e.source], e.link, classes[e.target]) for e in graph.edges}


@pytest.mark.parametrize(("fixture", "question", "theirs", "other"), [
    ("dbpedia", "Which actors starred in movies directed by their spouse?",
     (D + "Actor", D + "spouse", D + "Person"), (D + "Film", D + "director", D + "Person")),
    ("dbpedia", "Which writers wrote books illustrated by their wife?",
     (D + "Writer", D + "spouse", D + "Person"), (D + "Book", D + "illustrator", D + "Person")),
    ("company_schema", "Which employees work on projects led by their mentor?",
     (CO + "Employee", CO + "mentor", CO + "Employee"), (CO + "Project", CO + "projectLead", CO + "Employee")),
])
def test_rd190_a_links_word_after_their_is_the_subjects_too(request, fixture, question, theirs, other) -> None:
    # before, the director was joined to the movies only: any director, not the actors' spouse
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    assert {theirs, other} <= _edges(graph)
    assert len({n.id for n in graph.nodes}) == 3  # one thing is both the director and the spouse


def test_rd190_a_link_from_the_subject_itself_is_not_drafted_twice(dbpedia) -> None:
    graph = extract_graph("Which people went to the same school as their spouse?", dbpedia).graph
    spouse_edges = [e for e in graph.edges if e.link == D + "spouse"]
    assert len(spouse_edges) == 1


@pytest.mark.parametrize(("question", "kind", "name"), [
    ("who directed the movie titanic?", D + "Film", "Titanic"),
    ("who is the author of the book the hobbit?", D + "Book", "The Hobbit"),  # the title's own article
])
def test_rd193_in_lower_case_the_words_right_after_the_and_a_class_word_name_one_of_its_kind(
        dbpedia, question, kind, name) -> None:
    # before, "titanic" (an English word) and "the hobbit" were no name: any film, any book
    graph = extract_graph(question, dbpedia).graph
    named = [n for n in graph.nodes if any(c.value == name for c in n.constraints)]
    assert [n.class_ for n in named] == [kind]

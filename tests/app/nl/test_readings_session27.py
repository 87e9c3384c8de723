"""English readings of session 27 on the evidence path: a link's word after "their" is the subject's too ("movies
directed by their spouse"); "the most populous city in"; a participle after a superlative ("the oldest living
actor"); the last word of a question asked with "do" is its verb; and in lower case, names right after "the" and
their kind ("the movie titanic"), demonyms, and names that end before the question's verb. Real embedder, real
ontologies (DBpedia, the company sample without its data)."""

from __future__ import annotations

import pytest

from app.nl.pipeline import extract_graph
from tests.app.nl.conftest import class_edges

D = "http://dbpedia.org/ontology/"
CO = "http://protograph.example/company/"


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
    assert {theirs, other} <= class_edges(graph)
    assert len({n.id for n in graph.nodes}) == 3  # one thing is both the director and the spouse


def test_rd190_a_link_from_the_subject_itself_is_not_drafted_twice(dbpedia) -> None:
    graph = extract_graph("Which people went to the same school as their spouse?", dbpedia).graph
    spouse_edges = [e for e in graph.edges if e.link == D + "spouse"]
    assert len(spouse_edges) == 1


@pytest.mark.parametrize(("question", "kind", "place"), [
    ("What is the most populous city in Brazil?", D + "City", D + "Country"),
    ("Which is the most populous country in Europe?", D + "Country", D + "Continent"),
])
def test_rd191_the_most_populous_thing_in_a_place_is_sorted_by_its_population(dbpedia, question, kind,
                                                                              place) -> None:
    # before, "populous" was a plural subject, so "city in" was read as a verb and no city was drafted
    graph = extract_graph(question, dbpedia).graph
    asked = next(n for n in graph.nodes if n.class_ == kind)
    assert graph.aggregation is None
    assert [(o.node, o.property, o.descending) for o in graph.order_by] == [(asked.id, D + "populationTotal", True)]
    assert graph.limit == 1
    assert {n.class_ for n in graph.nodes} == {kind, place}


@pytest.mark.parametrize(("fixture", "question", "kind"), [
    ("dbpedia", "Who is the oldest living actor?", D + "Actor"),
    ("company_schema", "Who is the oldest living employee?", CO + "Employee"),
])
def test_rd192_a_participle_after_the_superlative_leaves_the_asked_thing_the_class(request, fixture, question,
                                                                                   kind) -> None:
    # before, "Who" was a thing of its own, joined to the actor by "is the oldest living" (a family member)
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    assert [n.class_ for n in graph.nodes] == [kind]
    assert graph.order_by and graph.order_by[0].descending is False and graph.limit == 1


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


def test_rd194_the_last_word_of_a_question_asked_with_do_is_its_verb_not_a_class(dbpedia) -> None:
    # before, "play" was the class Play and the team a play starring an actor
    graph = extract_graph("Where do the New York Yankees play?", dbpedia).graph
    assert D + "Play" not in {n.class_ for n in graph.nodes}
    assert D + "starring" not in {e.link for e in graph.edges}


@pytest.mark.parametrize(("question", "country"), [
    ("which greek parties are pro-european?", "Greece"),
    ("which rivers flow into a german lake?", "Germany"),  # not the name "German Lake"
])
def test_rd195_a_demonym_typed_in_lower_case_names_its_country(dbpedia, question, country) -> None:
    # before, "greek" was nothing and "german lake" the name of a lake
    graph = extract_graph(question, dbpedia).graph
    countries = [n for n in graph.nodes if n.class_ == D + "Country"]
    assert [[c.value for c in n.constraints] for n in countries] == [[country]]
    assert not any(c.value == "German Lake" for n in graph.nodes for c in n.constraints)


@pytest.mark.parametrize(("question", "name", "link"), [
    ("which river does the brooklyn bridge cross?", "Brooklyn Bridge", D + "crosses"),  # "cross" is the verb
    ("in which films directed by garry marshall was julia roberts starring?", "Julia Roberts", D + "starring"),
])
def test_rd196_lower_case_names_end_before_the_verb_of_a_question(dbpedia, question, name, link) -> None:
    graph = extract_graph(question, dbpedia).graph
    named = next(n for n in graph.nodes if any(c.value == name for c in n.constraints))
    assert any(link == e.link and named.id in (e.source, e.target) for e in graph.edges)


@pytest.mark.parametrize(("fixture", "question"), [
    ("dbpedia", "Who is the most famous actor?"),
    ("company_schema", "Who is the most popular engineer?"),
])
def test_rd198_a_superlative_nothing_measures_sorts_by_nothing(request, fixture, question) -> None:
    # before, the attribute nearest in meaning was sorted by: an actor's victories
    result = extract_graph(question, request.getfixturevalue(fixture))
    assert result.graph.order_by == ()
    assert len(result.graph.nodes) == 1


@pytest.mark.parametrize(("fixture", "question", "attribute"), [
    ("dbpedia", "Which is the longest river in Europe?", D + "length"),
    ("company_schema", "What is the most expensive product?", CO + "listPrice"),
])
def test_rd198_a_superlative_a_table_measures_still_sorts(request, fixture, question, attribute) -> None:
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    assert [o.property for o in graph.order_by] == [attribute]

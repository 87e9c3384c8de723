"""Reading classes and relations off a question, on the real DBpedia ontology."""

from __future__ import annotations

import pytest

from app.nl.mentions import class_mentions, read_relations

D = "http://dbpedia.org/ontology/"


def _read(question: str, ontology) -> tuple[list[str], list[tuple[str, str, str]]]:
    nodes = [m.iri.removeprefix(D) for m in class_mentions(question, ontology) if m.new]
    return nodes, [(a, link.removeprefix(D), b) for a, link, b in read_relations(question, ontology)]


@pytest.mark.parametrize(
    ("question", "nodes", "relations"),
    [
        # the paper's example: both links sit between two named things
        ("a person and the child of a person have the alma mater of the same university",
         # both things of the coordinated subject have the alma mater: a triangle
         ["Person", "Person", "University"], [(0, "child", 1), (1, "almaMater", 2), (0, "almaMater", 2)]),
        # "and has" joins verbs, not things: no shared object
        ("a person has child a person and has alma mater the same university",
         ["Person", "Person", "University"], [(0, "child", 1), (1, "almaMater", 2)]),
        # a plural subject, and a link read forwards
        ("works whose author is an ice hockey player", ["Work", "IceHockeyPlayer"], [(0, "author", 1)]),
        # "the place" points back to the one place
        ("a ship has homeport place, and a person has death place the place",
         ["Ship", "Place", "Person"], [(0, "homeport", 1), (2, "deathPlace", 1)]),
        # ordinals pick the right one of two things of a class
        ("A research project has project participant an organisation, and another research project has project "
         "coordinator the first organisation, and the first organisation has merged with another organisation",
         ["ResearchProject", "Organisation", "ResearchProject", "Organisation"],
         [(0, "projectParticipant", 1), (2, "projectCoordinator", 1), (1, "mergedWith", 3)]),
        # a link whose domain and range fit only the other way round is read backwards
        ("a university and the alma mater of a person", ["University", "Person"], [(1, "almaMater", 0)]),
    ],
)
def test_relations_named_between_classes_are_read(dbo_ontology, question, nodes, relations):
    assert _read(question, dbo_ontology) == (nodes, relations)


def test_a_link_that_fits_neither_way_is_left_to_the_model(dbo_ontology):
    # dbo:spouse joins persons; a ship cannot have one, so nothing is read.
    assert _read("a ship has spouse a person", dbo_ontology) == (["Ship", "Person"], [])


def test_nothing_is_read_without_two_named_things(dbo_ontology):
    assert _read("Which rivers flow into the Dead Sea?", dbo_ontology)[1] == []
    assert _read("the child of", dbo_ontology) == ([], [])


@pytest.mark.parametrize(("question", "classes"), [
    ("Name the mascot of Austin College?", []),  # DBpedia has a class Name
    ("List the universities of a city", ["University", "City"]),  # and a class List
    ("Name some universities in Ohio", ["University"]),
])
def test_a_command_opening_the_question_is_not_a_class(dbo_ontology, question, classes):
    assert [m.iri.removeprefix(D) for m in class_mentions(question, dbo_ontology)] == classes


def test_a_capitalised_demonym_inside_a_class_label_is_no_name(dbo_ontology):
    # English capitalises "American"; DBpedia's label does not
    [mention] = class_mentions("Which American football players were born in Texas?", dbo_ontology)
    assert mention.iri == D + "AmericanFootballPlayer"

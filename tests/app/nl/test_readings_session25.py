"""English readings of session 25 on the evidence path: a general class word beside a name not yet typed
takes the kind a link holds for, everyday words for a link's label ("birth location", "advisor"), what
things are made of, flow through, were filmed in or climbed, and a link's own word asked for beside
another verb. Real embedder, real ontologies (DBpedia, the library and company samples without their
data), plus unit cases on a small ontology of their own."""

from __future__ import annotations

import pytest

from app.nl.link_choice import LinkChoice, phrase_grams
from app.nl.link_words import asked_link_word
from app.nl.mention_types import Mention
from app.nl.paraphrases import relation_nouns
from app.nl.pipeline import extract_graph
from app.nl.plan import _reaches_its_word
from ontology_loaders.model import Link, Ontology, OntologyClass

D = "http://dbpedia.org/ontology/"
CO = "http://protograph.example/company/"
LIB = "http://protograph.example/library/"


@pytest.mark.parametrize(("fixture", "question", "kind", "link"), [
    ("dbpedia", "List the people cast in Betsy's Wedding.", D + "Actor", D + "starring"),
    ("company_schema", "Which people report to Anna Patel?", CO + "Employee", CO + "reportsTo"),
    ("library_schema", "Which people translated The Silent Almanac?", LIB + "Translator", LIB + "translatedBy"),
])
def test_rd175_a_general_class_word_takes_the_kind_a_link_to_an_untyped_name_holds_for(
        request, fixture, question, kind, link) -> None:
    # (the name's own class is the model's to say, within what the link declares)
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    assert [e.link for e in graph.edges] == [link]
    assert graph.nodes[0].class_ == kind and not graph.nodes[0].constraints


def test_rd175_a_class_word_said_as_the_link_declares_it_keeps_its_own_link(dbpedia, triples) -> None:
    graph = extract_graph("Which people were born in Vienna?", dbpedia).graph
    assert triples(graph) == {(D + "Person", D + "birthPlace", D + "City")}


def test_rd176_an_everyday_word_for_a_link_label_names_that_link_not_a_label_inside_it(dbpedia, triples) -> None:
    # "birth location" means a birth place; "location", a label standing inside it, is not what was said
    graph = extract_graph("What is the birth location of Richard Hofstadter?", dbpedia).graph
    assert {link for _, link, _ in triples(graph)} == {D + "birthPlace"}
    graph = extract_graph("What is the birth location of the advisor of Richard Hofstadter?", dbpedia).graph
    assert {link for _, link, _ in triples(graph)} == {D + "birthPlace", D + "doctoralAdvisor"}


def test_rd176_the_advisor_of_is_the_thing_an_advisor_link_reaches(dbpedia, triples) -> None:
    graph = extract_graph("Who was the advisor of Albert Einstein?", dbpedia).graph
    assert {link for _, link, _ in triples(graph)} == {D + "doctoralAdvisor"}


@pytest.mark.parametrize(("question", "expected"), [
    ("Which dishes are made of shallots?", D + "ingredient"),
    ("Which cities does the Danube flow through?", D + "river"),
    ("Which TV series were filmed in Vancouver?", D + "location"),
    ("Who was the first to climb Mount Everest?", D + "firstAscentPerson"),
])
def test_rd177_what_a_thing_is_made_of_flows_through_was_filmed_in_or_climbed(dbpedia, triples, question,
                                                                              expected) -> None:
    result = extract_graph(question, dbpedia)
    assert {link for _, link, _ in triples(result.graph)} == {expected}


def test_rd177_the_river_that_flows_through_is_typed_by_its_link(dbpedia) -> None:
    graph = extract_graph("Which countries does the Rhine flow through?", dbpedia).graph
    assert sorted(n.class_ for n in graph.nodes) == [D + "Country", D + "River"]


@pytest.mark.parametrize(("words", "nouns"), [
    (["made", "of"], ["ingredient", "main ingredient", "material"]),
    (["flows", "through"], ["river", "watercourse", "crosses"]),
    (["filmed", "in"], ["filming location", "location"]),
])
def test_rd177_the_table_reads_the_verb_with_its_particle_not_the_bare_verb(words, nouns) -> None:
    grams = phrase_grams(words, whole=False)
    assert [g for g in grams if g in nouns] == nouns
    assert "manufacturer" not in grams  # "made" alone would be who made it


def test_rd176_everyday_words_for_link_labels() -> None:
    assert relation_nouns(["birth location"]) == ["birth place"]
    assert relation_nouns(["advisor"]) == ["advisor", "doctoral advisor"]
    assert relation_nouns(["reside"]) == ["residence"]


def test_rd178_a_link_word_asked_for_names_its_link_beside_the_verb(dbpedia) -> None:
    # "need" alone would be a required skill; the ingredients are the cake's
    graph = extract_graph("Which ingredients do I need for carrot cake?", dbpedia).graph
    [edge] = graph.edges
    assert edge.link == D + "ingredient"
    named = {n.id for n in graph.nodes if n.constraints}
    assert edge.source in named and edge.target not in named


_RECIPES = Ontology(classes=[OntologyClass(iri="ex:Dish", label="dish"), OntologyClass(iri="ex:Food", label="food")],
                    links=[Link(iri="ex:ingredient", label="ingredient", domain="ex:Dish", range="ex:Food"),
                           Link(iri="ex:skill", label="required skill", domain="ex:Dish", range="ex:Food")])


def test_rd178_the_asked_link_word_in_any_ontology() -> None:
    tokens = "Which ingredients do I need for carrot cake".split()
    asked = Mention(1, 2, "ingredients", "related", "ex:Food")
    assert asked_link_word(asked, tokens, _RECIPES) == ["ingredient"]
    # said after the verb, it asks nothing
    assert asked_link_word(Mention(3, 4, "ingredients", "related", "ex:Food"), "I need the ingredients".split(),
                           _RECIPES) == []
    assert asked_link_word(Mention(1, 2, "dishes", "class", "ex:Dish"), "Which dishes".split(), _RECIPES) == []


def test_rd178_a_link_labelled_with_a_things_word_goes_to_that_thing() -> None:
    ingredients, cake = Mention(1, 2, "ingredients", "related"), Mention(6, 8, "carrot cake", "name")
    towards = LinkChoice("ex:ingredient", False, 1.0, "ex:Food", "ex:Dish")
    away = LinkChoice("ex:ingredient", True, 1.0, "ex:Dish", "ex:Food")
    assert _reaches_its_word(towards, ingredients, cake, _RECIPES)
    assert not _reaches_its_word(away, ingredients, cake, _RECIPES)
    # another link is not held to the word's direction
    assert _reaches_its_word(LinkChoice("ex:skill", True, 1.0, "ex:Dish", "ex:Food"), ingredients, cake, _RECIPES)


def test_rd179_what_a_maker_did_release_is_theirs_and_released_in_a_place_stays_a_place(dbpedia, triples) -> None:
    graph = extract_graph("Which albums did Metallica release?", dbpedia).graph
    assert {link for _, link, _ in triples(graph)} == {D + "artist"}
    graph = extract_graph("Which albums were released in Germany?", dbpedia).graph
    assert {link for _, link, _ in triples(graph)} == {D + "releaseLocation"}
    # a label that releases albums is not their performer
    assert relation_nouns(["releases"]) == []


@pytest.mark.parametrize(("question", "links"), [
    ("Which books were written and illustrated by Tove Jansson?", {D + "author", D + "illustrator"}),
    ("Which actors were born and died in Paris?", {D + "birthPlace", D + "deathPlace"}),
])
def test_rd180_two_verbs_joined_by_and_are_two_links_between_the_same_things(dbpedia, question, links) -> None:
    graph = extract_graph(question, dbpedia).graph
    assert len(graph.nodes) == 2 and {e.link for e in graph.edges} == links


def test_rd180_a_second_verb_no_link_fits_as_the_classes_stand_adds_nothing(dbpedia) -> None:
    # DBpedia's "producer" reaches an agent, and a person is none there: no way through another class instead
    graph = extract_graph("Which films were directed and produced by Clint Eastwood?", dbpedia).graph
    assert len(graph.nodes) == 2 and [e.link for e in graph.edges] == [D + "director"]


def test_rd180_two_verbs_in_another_ontology(company_schema) -> None:
    graph = extract_graph("Which engineers lead and work on Project Atlas?", company_schema).graph
    assert len(graph.nodes) == 2 and {e.link for e in graph.edges} == {CO + "projectLead", CO + "participant"}


def test_rd180_two_verbs_for_the_same_link_draft_it_once(dbpedia) -> None:
    graph = extract_graph("Which novels were written and authored by Stephen King?", dbpedia).graph
    assert len(graph.nodes) == 2 and [e.link for e in graph.edges] == [D + "author"]

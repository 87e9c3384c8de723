"""English readings of session 26 on the evidence path: a class word right before a relation word names the link
labelled with both ("the regions served by"), a label its IRI spells better, "thing" as a word for whatever a
link reaches, a statement that asks its object in place ("Foxconn makes how many things?"), "whose … and <label>
is …", prizes, and names typed in lower case. Real embedder, real ontologies (DBpedia, the library and company
samples without their data), plus unit cases on a small ontology of their own."""

from __future__ import annotations

import pytest

from app.nl.clauses import whose_continued
from app.nl.link_words import end_named
from app.nl.mention_types import Mention
from app.nl.pipeline import extract_graph
from ontology_loaders.model import OWL_THING, Link, Ontology, OntologyClass

D = "http://dbpedia.org/ontology/"
CO = "http://protograph.example/company/"
LIB = "http://protograph.example/library/"


@pytest.mark.parametrize(("question", "link"), [
    ("Name the regions served by Toll Global Express?", D + "regionServed"),
    ("What is the river whose mouth is in the Dead Sea?", D + "riverMouth"),
])
def test_rd181_a_class_word_right_before_a_relation_word_names_the_link_labelled_with_both(
        dbpedia, triples, question, link) -> None:
    graph = extract_graph(question, dbpedia).graph
    assert {e.link for e in graph.edges} == {link}


def test_rd181_a_word_between_them_says_another_link(dbpedia) -> None:
    # "the band's former member": "band member" is not what was said
    graph = extract_graph("Which band's former member are Kevin Jonas and Joe Jonas?", dbpedia).graph
    assert {e.link for e in graph.edges} == {D + "formerBandMember"}


def test_rd181_the_joined_label_in_any_ontology() -> None:
    onto = Ontology(classes=[OntologyClass(iri="ex:Region", label="region"),
                             OntologyClass(iri="ex:Firm", label="firm")],
                    links=[Link(iri="ex:regionServed", label="region served", domain="ex:Firm", range="ex:Region")])
    tokens = "the regions served by Acme".split()
    regions, acme = Mention(1, 2, "regions", "class", class_iri="ex:Region"), Mention(4, 5, "Acme", "name")
    assert end_named(["served"], regions, acme, tokens, onto) == ["region served"]
    assert end_named(["served"], regions, acme, "the regions that are mostly served by Acme".split(), onto) == []


def test_rd182_a_label_its_iri_spells_better_is_read_as_the_iri_spells_it(dbpedia) -> None:
    # DBpedia labels dbo:silverMedalist "siler medalist"
    graph = extract_graph("Who was the silver medalist of the 2008 Summer Olympics?", dbpedia).graph
    assert D + "silverMedalist" in {e.link for e in graph.edges}


@pytest.mark.parametrize(("fixture", "question", "link", "kinds"), [
    ("dbpedia", "List the things manufactured by Foxconn", D + "manufacturer", {OWL_THING}),
    ("library_schema", "Which things were written by Tove Jansson?", LIB + "writtenBy", {LIB + "WrittenWork"}),
    ("company_schema", "Which things are stocked at the Gdansk warehouse?", CO + "stockedAt", {CO + "HardwareProduct"}),
])
def test_rd183_things_are_whatever_their_link_reaches(request, fixture, question, link, kinds) -> None:
    # before, the embedder's nearest class stood for "things": DBpedia's food
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    (edge,) = graph.edges
    assert edge.link == link and graph.node(edge.source).class_ in kinds


@pytest.mark.parametrize(("fixture", "question", "link", "counted"), [
    ("dbpedia", "Foxconn makes how many things?", D + "manufacturer", OWL_THING),
    ("dbpedia", "Tolkien wrote how many books?", D + "author", D + "Book"),
    ("company_schema", "Halvard Robotics employs how many people?", CO + "employer", CO + "Employee"),
])
def test_rd184_a_statement_that_asks_its_count_in_place_counts_that_thing(
        request, fixture, question, link, counted) -> None:
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    (edge,) = graph.edges
    assert edge.link == link and graph.aggregation is not None
    assert graph.aggregation.count == edge.source and graph.node(edge.source).class_ == counted


@pytest.mark.parametrize(("fixture", "question", "link", "maker"), [
    ("dbpedia", "Boeing makes which aircraft?", D + "manufacturer", "Boeing"),
    ("company_schema", "Nordwind Components supplies which products?", CO + "suppliedBy", "Nordwind Components"),
])
def test_rd185_the_name_that_opens_a_statement_does_what_its_verb_says(request, fixture, question, link,
                                                                       maker) -> None:
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    (edge,) = graph.edges
    assert edge.link == link
    assert [c.value for c in graph.node(edge.target).constraints] == [maker]


@pytest.mark.parametrize(("fixture", "question", "links"), [
    ("dbpedia", "Name the mountain whose range is Sierra Nevada and parent mountain peak is Nevado de Toluca?",
     {D + "mountainRange", D + "parentMountainPeak"}),
    ("company_schema", "Name the employee whose mentor is Anna Patel and workplace is the Gdansk Warehouse.",
     {CO + "mentor", CO + "workplace"}),
])
def test_rd186_a_label_and_a_copula_after_and_give_a_second_value_of_the_thing_whose_was_said_of(
        request, fixture, question, links) -> None:
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    assert {e.link for e in graph.edges} == links
    assert len({e.source for e in graph.edges}) == 1  # both of the thing asked for, not one of the other


def test_rd186_only_after_whose_and_only_a_links_label() -> None:
    onto = Ontology(links=[Link(iri="ex:peak", label="parent peak")])
    assert whose_continued(["whose", "range", "is"], ["and", "parent", "peak", "is"], onto)
    assert not whose_continued(["with", "range"], ["and", "parent", "peak", "is"], onto)
    assert not whose_continued(["whose", "range", "is"], ["and", "higher", "than"], onto)


@pytest.mark.parametrize(("fixture", "question", "link"), [
    ("dbpedia", "Which prizes did Marie Curie win?", D + "award"),
    ("library_schema", "Which prizes did The Silent Almanac win?", LIB + "wonAward"),
])
def test_rd187_prizes_are_awards(request, fixture, question, link) -> None:
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    assert {e.link for e in graph.edges} == {link}


@pytest.mark.parametrize(("question", "name", "link"), [
    ("where was bach born?", "Bach", D + "birthPlace"),
    ("in which country is mecca located?", "Mecca", D + "country"),
    ("who was the successor of john f. kennedy?", "John F. Kennedy", D + "successor"),
    ("who has tom cruise been married to?", "Tom Cruise", D + "spouse"),
    ("what are the official languages of the philippines?", "Philippines", D + "officialLanguage"),
    ("which shows were created by matt groening?", "Matt Groening", D + "creator"),
    ("in which country does the ganges start?", "Ganges", D + "sourceCountry"),  # "does": one thing, no kind
    ("who was john f. kennedy's vice president?", "John F. Kennedy", D + "vicePresident"),
])
def test_rd188_names_typed_in_lower_case_as_a_passives_subject_with_an_initial_or_a_plural_country(
        dbpedia, question, name, link) -> None:
    graph = extract_graph(question, dbpedia).graph
    assert {e.link for e in graph.edges} == {link}
    assert [c.value for n in graph.nodes for c in n.constraints] == [name]


def test_rd188_said_of_the_subject_or_before_a_word_in_ing_stays_no_name(dbpedia, library_schema,
                                                                        label_names) -> None:
    # a copula before the last word and nothing after it: "overdue" describes the loans, it names nothing
    graph = extract_graph("which loans are overdue", library_schema).graph
    assert LIB + "Loan" in {n.class_ for n in graph.nodes} and not label_names(graph)
    # "is horse racing a sport": a word in -ing describes the next noun, no passive's subject stands before it
    graph = extract_graph("Is horse racing a sport?", dbpedia).graph
    assert not label_names(graph)


def test_rd189_a_lower_case_family_name_is_no_slip_and_a_name_keeps_its_period(dbpedia, label_names) -> None:
    # "cleese" is one letter from "cheese", but it follows a given name
    graph = extract_graph("which television shows were created by john cleese?", dbpedia).graph
    assert set(label_names(graph).values()) == {"John Cleese"}
    graph = extract_graph("who was the successor of john f. kennedy?", dbpedia).graph
    assert set(label_names(graph).values()) == {"John F. Kennedy"}
    # a slip of the keyboard after other words is still read as meant
    result = extract_graph("Which city's foundeer is John Smith?", dbpedia)
    assert {e.link for e in result.graph.edges} == {D + "founder"}

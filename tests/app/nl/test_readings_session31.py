"""English readings of session 31 on the evidence path: names joined by "and" after a participle keep its link
though a verb follows them, what follows the object of a present participle is said of the participle's thing,
a verb before "as" or "both" is no class, and "How many grandchildren did X have". Real embedder, real model,
real ontologies (DBpedia, the samples, a small vocabulary written here)."""

from __future__ import annotations

import pytest

from app.nl.generations import generations_said_by_links
from app.nl.link_words import named_by_asked
from app.nl.mention_types import Mention
from app.nl.pipeline import extract_graph
from app.nl.verb_slots import verb_slot
from app.resources import get_resources
from app.settings import Settings
from ontology_loaders.model import Link, Ontology, OntologyClass
from tests.app.nl.conftest import class_edges

D = "http://dbpedia.org/ontology/"
LIB = "http://protograph.example/library/"
EX = "http://protograph.example/theatre/"

# a class labelled with a word English also uses as a verb ("play", "work"), as DBpedia has
_THEATRE = """@prefix ex: <http://protograph.example/theatre/> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:Person a owl:Class ; rdfs:label "person" . ex:Actor a owl:Class ; rdfs:label "actor" ; rdfs:subClassOf ex:Person .
ex:Play a owl:Class ; rdfs:label "play" . ex:Work a owl:Class ; rdfs:label "work" .
ex:Role a owl:Class ; rdfs:label "role" .
ex:castIn a owl:ObjectProperty ; rdfs:label "cast in" ; rdfs:domain ex:Actor ; rdfs:range ex:Play .
ex:role a owl:ObjectProperty ; rdfs:label "role" ; rdfs:domain ex:Actor ; rdfs:range ex:Role .
ex:author a owl:ObjectProperty ; rdfs:label "author" ; rdfs:domain ex:Work ; rdfs:range ex:Person .
"""


@pytest.fixture(scope="module")
def theatre(tmp_path_factory):
    path = tmp_path_factory.mktemp("theatre") / "ontology.ttl"
    path.write_text(_THEATRE, encoding="utf-8")
    return get_resources(Settings(ontology=[path], kg=[]))


@pytest.mark.parametrize(("fixture", "question", "link"), [
    # before, Angelina Jolie was the place the films were released at
    ("dbpedia", "Which films starring Brad Pitt and Angelina Jolie were released after 2000?", D + "starring"),
    ("library", "Which books written by Beatrix Coelho and Ines Tamm were published after 2010?", LIB + "writtenBy"),
])
def test_rd217_names_joined_by_and_keep_the_participles_link_though_a_verb_follows(request, fixture, question,
                                                                                    link) -> None:
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    links = [e for e in graph.edges if e.link == link]
    assert len(links) == 2 and len({e.source for e in links}) == 1
    named = {n.id for n in graph.nodes if n.instances or n.constraints}
    assert {e.target for e in links} <= named and len({e.target for e in links}) == 2


def test_rd218_what_follows_a_present_participles_object_is_said_of_its_thing(dbpedia) -> None:
    # before, Angelina Jolie won the Oscar
    graph = extract_graph("Which films starring Brad Pitt and Angelina Jolie won an Oscar?", dbpedia).graph
    assert (D + "Film", D + "award", D + "Award") in class_edges(graph)
    graph = extract_graph("Which films starring Tom Hanks won an Academy Award?", dbpedia).graph
    assert class_edges(graph) == {(D + "Film", D + "starring", D + "Actor"), (D + "Film", D + "award", D + "Award")}


def test_rd219_a_word_before_as_or_both_is_a_verb() -> None:
    assert verb_slot("which football players play as goalkeepers".split(), 3)
    assert verb_slot("which films star both Brad Pitt and Angelina Jolie".split(), 2)
    assert not verb_slot("a play as good as any".split(), 1)  # after no plural subject


@pytest.mark.parametrize(("fixture", "question", "absent"), [
    ("dbpedia", "Which football players play as goalkeepers?", D + "Play"),  # before, one node: the class Play
    ("dbpedia", "Which films star both Brad Pitt and Angelina Jolie?", D + "Star"),  # before, a star they were at
    ("theatre", "Which actors play as villains?", EX + "Play"),
    ("theatre", "Which people work as actors?", EX + "Work"),
])
def test_rd219_no_class_is_drafted_for_the_verb(request, fixture, question, absent) -> None:
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    assert graph.nodes and absent not in {n.class_ for n in graph.nodes}


def test_rd219_both_names_star_in_the_films(dbpedia) -> None:
    graph = extract_graph("Which films star both Brad Pitt and Angelina Jolie?", dbpedia).graph
    assert [e.link for e in graph.edges] == [D + "starring", D + "starring"]


def test_rd220_how_many_grandchildren_a_name_had_counts_its_childrens_children(dbpedia) -> None:
    onto = Ontology(links=[Link(iri="ex:child", label="child"), Link(iri="ex:parent", label="parent")])
    assert generations_said_by_links("Which grandparents did Ada Lovelace have?", onto) == (
        "Which parents did the parents of Ada Lovelace have?",
        [("grandparents did Ada Lovelace have", "parents did the parents of Ada Lovelace have")])
    assert generations_said_by_links("How many grandchildren did you have?", onto)[1] == []  # no name
    result = extract_graph("How many grandchildren did Queen Victoria have?", dbpedia)
    graph = result.graph
    counted = graph.aggregation.count
    named = next(n.id for n in graph.nodes if "Queen Victoria" in {c.value for c in n.constraints})
    middle = next(e.target for e in graph.edges if e.source == named)
    assert {(e.source, e.link, e.target) for e in graph.edges} == {(named, D + "child", middle),
                                                                    (middle, D + "child", counted)}
    assert any("grandchildren" in message for message in result.messages)


@pytest.mark.parametrize(("fixture", "question", "class_iri", "name"), [
    # before, the university was left out: "yale" alone stood where no name ends
    ("dbpedia", "which scientists studied at yale university?", D + "University", "Yale University"),
    ("dbpedia", "which actors were born in new york city?", D + "City", "New York City"),
    ("dbpedia", "which rivers flow into the black sea?", D + "Sea", "Black Sea"),
    ("library_schema", "which members were born in new haven city?", LIB + "City", "New Haven City"),
    ("theatre", "which actors are known for the villain role?", EX + "Role", "Villain Role"),
])
def test_rd221_a_lower_case_name_ending_in_a_class_word_is_one_of_that_class(request, fixture, question, class_iri,
                                                                             name) -> None:
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    assert [n.class_ for n in graph.nodes if name in {c.value for c in n.constraints}] == [class_iri]
    assert len(graph.edges) == 1


@pytest.mark.parametrize(("question", "absent"), [
    ("who was born in a small town?", "Small Town"),  # no name takes "a"
    ("what movies does jesse eisenberg play in?", "Jesse Eisenberg Play"),  # a verb, not the class Play
    ("which scientists studied at the technical university of munich?", "Technical University"),  # goes on
])
def test_rd221_no_name_where_the_words_describe_a_kind_or_the_class_word_is_a_verb(dbpedia, question,
                                                                                    absent) -> None:
    graph = extract_graph(question, dbpedia).graph
    assert graph.nodes and absent not in {c.value for n in graph.nodes for c in n.constraints}


def test_rd221_a_name_ending_in_a_class_word_no_link_is_labelled_with_keeps_its_links_kind(dbpedia) -> None:
    # "software" labels no link, so the name's kind is left to its link, as for "Mean Hamster Software"
    graph = extract_graph("give me all video games published by mean hamster software.", dbpedia).graph
    assert class_edges(graph) == {(D + "VideoGame", D + "publisher", D + "Company")}


@pytest.mark.parametrize(("fixture", "question", "subject"), [
    # before, the euro's country: the class word asked named the link as in "which religion does she follow"
    ("dbpedia", "Which countries use the euro?", D + "Country"),
    ("library", "Which members use the Lisbon Central Library?", LIB + "Member"),
])
def test_rd222_a_thing_asked_as_a_light_verbs_subject_is_where_the_link_starts(request, fixture, question,
                                                                               subject) -> None:
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    classes = {n.id: n.class_ for n in graph.nodes}
    assert graph.edges and all(classes[e.source] == subject for e in graph.edges)


def test_rd222_the_class_word_asked_names_the_link_only_as_the_verbs_object() -> None:
    onto = Ontology(classes=[OntologyClass(iri="ex:Country", label="country"),
                             OntologyClass(iri="ex:Religion", label="religion")],
                    links=[Link(iri="ex:country", label="country"), Link(iri="ex:religion", label="religion")])
    tokens = "Which countries use the euro".split()
    countries, euro = Mention(1, 2, "countries", "class", class_iri="ex:Country"), Mention(4, 5, "euro", "name")
    assert named_by_asked(["use", "the"], countries, euro, tokens, onto) == []
    tokens = "Which religion does Ada follow".split()
    religion, ada = Mention(1, 2, "religion", "class", class_iri="ex:Religion"), Mention(3, 4, "Ada", "name")
    assert named_by_asked(["does", "follow"], religion, ada, tokens, onto) == ["religion"]


def test_rd223_the_thing_before_a_relative_where_is_asked_as_with_which(dbpedia, company) -> None:
    # before, the Chicago Bears were a Play whose stadium was asked
    graph = extract_graph("What is the stadium where the Chicago Bears play?", dbpedia).graph
    assert class_edges(graph) == {(D + "AmericanFootballTeam", D + "stadium", D + "Stadium")}
    graph = extract_graph("What is the city where Angela Merkel was born?", dbpedia).graph
    assert class_edges(graph) == {(D + "Person", D + "birthPlace", D + "City")}
    # a link the class word asked names may not join them: the company's country is still through its city
    graph = extract_graph("What is the country where Halvard Robotics is headquartered?", company).graph
    co = "http://protograph.example/company/"
    assert class_edges(graph) == {(co + "Company", co + "headquarters", co + "City"),
                                  (co + "City", co + "country", co + "Country")}


@pytest.mark.parametrize(("fixture", "question", "edges"), [
    # before, the United States' president was the child: "children of" was read as the presidents' words
    ("dbpedia", "Give me the children of presidents of the United States.",
     {(D + "President", D + "child", D + "Person"), (D + "Country", D + "president", D + "President")}),
    ("library", "Who are the members of branches of the Lisbon library?",
     {(LIB + "Member", LIB + "homeBranch", LIB + "Branch"), (LIB + "Branch", LIB + "branchOf", LIB + "Library"),
      (LIB + "Library", LIB + "basedIn", LIB + "City")}),
])
def test_rd224_a_class_words_own_words_stop_at_the_thing_before_it(request, fixture, question, edges) -> None:
    assert class_edges(extract_graph(question, request.getfixturevalue(fixture)).graph) == edges

"""English readings of session 32 on the evidence path: a name that says its own kind ("Frankfurt Airport") picks
a link further down, "made into" runs its link from what was made, "of the" inside a capitalised title, an
epithet after a given name, a command word before a name, and the verb after a name in a question asked with
"do". Real embedder, real model, real ontologies (DBpedia, the library sample, small vocabularies written here)."""

from __future__ import annotations

import pytest

from app.nl.given_names import looks_like_a_person
from app.nl.mention_types import Mention
from app.nl.mentions import class_mentions
from app.nl.name_classes import kinds_said
from app.nl.name_kinds import kind_in_name
from app.nl.pipeline import extract_graph
from app.nl.spans import find_mentions
from app.nl.verb_slots import verb_after_do
from tests.app.nl.conftest import class_edges, vocabulary
from tests.app.nl.test_readings_session31 import theatre  # noqa: F401 (a fixture: its small theatre vocabulary)

D = "http://dbpedia.org/ontology/"
AIR = "http://protograph.example/air/"
SCREEN = "http://protograph.example/screen/"
LIB = "http://protograph.example/library/"

# the words "fly out of" are nearer "aircraft user" than "hub airport", as in DBpedia
_AIR = """ex:Airline a owl:Class ; rdfs:label "airline" . ex:Aircraft a owl:Class ; rdfs:label "aircraft" .
ex:Airport a owl:Class ; rdfs:label "airport" . ex:City a owl:Class ; rdfs:label "city" .
ex:aircraftUser a owl:ObjectProperty ; rdfs:label "aircraft user" ; rdfs:domain ex:Aircraft ; rdfs:range ex:Airline .
ex:hub a owl:ObjectProperty ; rdfs:label "hub airport" ; rdfs:domain ex:Airline ; rdfs:range ex:Airport .
ex:city a owl:ObjectProperty ; rdfs:label "city" ; rdfs:domain ex:Airport ; rdfs:range ex:City .
"""

# "based on" declared between any two works, so the classes cannot say which way it runs
_SCREEN = """ex:Work a owl:Class ; rdfs:label "work" . ex:Novel a owl:Class ; rdfs:label "novel" ; rdfs:subClassOf ex:Work .
ex:Film a owl:Class ; rdfs:label "film" ; rdfs:subClassOf ex:Work . ex:Person a owl:Class ; rdfs:label "person" .
ex:basedOn a owl:ObjectProperty ; rdfs:label "based on" ; rdfs:domain ex:Work ; rdfs:range ex:Work .
ex:author a owl:ObjectProperty ; rdfs:label "author" ; rdfs:domain ex:Work ; rdfs:range ex:Person .
"""


@pytest.fixture(scope="module")
def air(tmp_path_factory):
    return vocabulary(tmp_path_factory, AIR, _AIR)


@pytest.fixture(scope="module")
def screen(tmp_path_factory):
    return vocabulary(tmp_path_factory, SCREEN, _SCREEN)


@pytest.mark.parametrize(("fixture", "edge"), [
    ("dbpedia", (D + "Airline", D + "targetAirport", D + "Airport")),
    ("air", (AIR + "Airline", AIR + "hub", AIR + "Airport")),
])
def test_rd225_a_name_that_says_its_kind_takes_a_link_that_reaches_it(request, fixture, edge) -> None:
    # before, the airport was an aircraft its airlines use
    graph = extract_graph("Which airlines fly out of Frankfurt Airport?", request.getfixturevalue(fixture)).graph
    assert class_edges(graph) == {edge}
    assert [n.class_ for n in graph.nodes if n.constraints] == [edge[2]]


def test_rd225_only_the_names_own_words_are_that_sure(dbpedia) -> None:
    assert kind_in_name("Frankfurt Airport", dbpedia.ontology) == D + "Airport"
    # the gazetteer's kind of a state still gives way to the link the words name best
    assert kind_in_name("California", dbpedia.ontology) is None
    graph = extract_graph("Which software was developed by companies founded in Texas?", dbpedia).graph
    assert (D + "Company", D + "foundationPlace", D + "City") in class_edges(graph)


@pytest.mark.parametrize(("fixture", "question", "edge"), [
    ("dbpedia", "Which novels were made into films?", (D + "Film", D + "basedOn", D + "Novel")),
    ("screen", "Which novels were made into films?", (SCREEN + "Film", SCREEN + "basedOn", SCREEN + "Novel")),
    ("screen", "Which novels by Ada Byrne were adapted into films?",
     (SCREEN + "Film", SCREEN + "basedOn", SCREEN + "Novel")),
])
def test_rd226_what_a_thing_was_made_into_is_based_on_it(request, fixture, question, edge) -> None:
    # before, the novels were based on the films
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    assert edge in class_edges(graph)
    assert (edge[2], edge[1], edge[0]) not in class_edges(graph)


@pytest.mark.parametrize(("fixture", "question", "name"), [
    ("dbpedia", "Who directed Pirates of the Caribbean?", "Pirates of the Caribbean"),
    ("dbpedia", "Who played Frodo in The Lord of the Rings?", "The Lord of the Rings"),
    ("library_schema", "Who wrote The Hound of the Baskervilles?", "The Hound of the Baskervilles"),
])
def test_rd227_of_the_inside_a_capitalised_title_joins_one_name(request, fixture, question, name) -> None:
    resources = request.getfixturevalue(fixture)
    names = [m.text for m in find_mentions(question, resources.ontology, resources.index) if m.kind == "name"]
    assert name in names


def test_rd227_a_lone_class_word_before_of_the_stays_a_class_word(dbpedia) -> None:
    names = [m.text for m in find_mentions("Who is the President of the United States?", dbpedia.ontology,
                                           dbpedia.index) if m.kind == "name"]
    assert "President of the United States" not in names


def test_rd228_an_epithet_after_a_given_name_is_a_persons() -> None:
    assert looks_like_a_person("Catherine the Great") and looks_like_a_person("Ivan the Terrible")
    assert not looks_like_a_person("Pirates the Caribbean") and not looks_like_a_person("Catherine the great")


def test_rd229_a_command_word_before_a_name_is_no_class(dbpedia) -> None:
    assert D + "List" not in {m.iri for m in class_mentions("List Tom Cruise's movies.", dbpedia.ontology)}
    assert D + "Name" not in {m.iri for m in class_mentions("Name Tom Cruise's movies.", dbpedia.ontology)}
    graph = extract_graph("List Tom Cruise's movies.", dbpedia).graph
    assert D + "List" not in {n.class_ for n in graph.nodes} and D + "Film" in {n.class_ for n in graph.nodes}


@pytest.mark.parametrize("fixture", ["dbpedia", "theatre"])
def test_rd230_the_word_after_a_name_asked_with_do_is_its_verb(request, fixture) -> None:
    resources = request.getfixturevalue(fixture)
    # before, the Beatles were a play, by the class word after them
    for question in ("Where did the Beatles play concerts?", "Which cities did the Beatles play concerts in?"):
        mentions = find_mentions(question, resources.ontology, resources.index)
        assert all(not (m.class_iri or "").endswith("/Play") for m in mentions), mentions
    assert verb_after_do("Which cities did the Beatles play concerts in".split(), 5)
    assert not verb_after_do("Which cities did the Beatles Play".split(), 5)  # a title's word


@pytest.mark.parametrize(("fixture", "question", "edge"), [
    ("dbpedia", "Who was the first wife of Henry VIII?", (D + "Person", D + "spouse", D + "Person")),
    ("dbpedia", "Who was the second husband of Elizabeth Taylor?", (D + "Person", D + "spouse", D + "Person")),
    ("company_schema", "Who was the first mentor of Ada Byrne?",
     ("http://protograph.example/company/Employee", "http://protograph.example/company/mentor",
      "http://protograph.example/company/Employee")),
])
def test_rd231_an_ordinal_between_the_and_a_links_word_leaves_it_the_links(request, fixture, question, edge) -> None:
    resources = request.getfixturevalue(fixture)
    word = question.split()[4]
    # before, "wife" and "husband" were DBpedia's class politician spouse
    assert not [m for m in find_mentions(question, resources.ontology, resources.index)
                if m.text == word and m.kind == "class"]
    assert class_edges(extract_graph(question, resources).graph) == {edge}


@pytest.mark.parametrize(("fixture", "question", "link"), [
    ("dbpedia", "Which actors appeared in Friends?", D + "starring"),
    ("dbpedia", "In which films did Julia Roberts appear?", D + "starring"),
])
def test_rd232_one_appears_in_a_show_not_on_an_instrument(request, fixture, question, link) -> None:
    # before, Friends was an instrument the actors play
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    assert [e.link for e in graph.edges] == [link]


@pytest.mark.parametrize(("fixture", "question", "link"), [
    ("dbpedia", "Do Prince Harry and Prince William have the same parents?", D + "parent"),
    ("dbpedia", "Did Tom Hanks and Meg Ryan study at the same university?", D + "almaMater"),
    ("company", "Do Ada Byrne and Sofia Vogel work in the same department?", "http://protograph.example/company/worksIn"),
])
def test_rd233_two_things_that_have_the_same_thing_each_link_to_it(request, fixture, question, link) -> None:
    # before, the two were joined to each other by "and" ("partner", "reports to") and only the second to the thing
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    assert len(graph.edges) == 2 and {e.link for e in graph.edges} == {link}
    assert len({e.target for e in graph.edges}) == 1 and len({e.source for e in graph.edges}) == 2


@pytest.mark.parametrize(("fixture", "question", "link"), [
    ("dbpedia", "Which monarchs were married to a German?", D + "spouse"),
    ("dbpedia", "Which Germans were born in Paris?", D + "birthPlace"),
    ("library", "Which books were translated by a German?", LIB + "translatedBy"),
])
def test_rd234_a_demonym_alone_is_a_person_of_that_country(request, fixture, question, link) -> None:
    # before, a person labelled "German", or nothing of Germany at all
    result = extract_graph(question, request.getfixturevalue(fixture))
    graph = result.graph
    country = [n for n in graph.nodes if n.class_.endswith("/Country")]
    assert len(country) == 1 and (country[0].instances or country[0].constraints)
    assert link in {e.link for e in graph.edges} and any(e.target == country[0].id for e in graph.edges)
    assert any(message.startswith("read “") and "German p" in message for message in result.messages)
    assert not any(c.value == "German" for n in graph.nodes for c in n.constraints)


def test_rd225_a_name_before_a_noun_says_no_kind_of_its_own(dbpedia) -> None:
    def kinds(question: str) -> Mention:
        name = Mention(3, 5, "Brackwater Junction", "name")
        return kinds_said([name], dbpedia.ontology, lambda text, declared: None, question.split())[0]

    alone = kinds("Which line serves Brackwater Junction")
    assert alone.hint == D + "RoadJunction" and alone.hint_in_name
    # the station is named after the junction; it is none
    assert not kinds("Which line serves Brackwater Junction railway station").hint_in_name


def test_rd227_and_after_of_the_joins_two_names(dbpedia) -> None:
    question = "Who sat on the boards of Freedom of the Town and Royal Academy?"
    names = [m.text for m in find_mentions(question, dbpedia.ontology, dbpedia.index) if m.kind == "name"]
    assert "Freedom of the Town" in names and not any("and" in name.split() for name in names)

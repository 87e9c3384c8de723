"""English readings of session 33 on the evidence path: a word and the adjective of its root are different
words, "died because of", a demonym written in lower case, a class named after something a name does not say,
"became" and "are also", and names in lower case
("italy", "is michelle obama the …", "as well as", "alfred hitchcock"). Real embedder, real model, real ontologies
(DBpedia, the library and company samples, small vocabularies written here)."""

from __future__ import annotations

import pytest

from app.nl.lower_case_names import lower_case_names
from app.nl.mentions import derived_word
from app.nl.name_kinds import known_kind
from app.nl.name_types import matched_class
from app.nl.pipeline import extract_graph
from app.nl.spans import find_mentions
from ontology_loaders import OWL_THING
from tests.app.nl.conftest import vocabulary

D = "http://dbpedia.org/ontology/"
DEATHS = "http://protograph.example/deaths/"
LIB = "http://protograph.example/library/"
CO = "http://protograph.example/company/"

# where and of what a person died, both declared, so only the words can say which is meant
_DEATHS = """ex:Person a owl:Class ; rdfs:label "person" . ex:Disease a owl:Class ; rdfs:label "disease" .
ex:City a owl:Class ; rdfs:label "city" .
ex:deathCause a owl:ObjectProperty ; rdfs:label "death cause" ; rdfs:domain ex:Person ; rdfs:range ex:Disease .
ex:deathPlace a owl:ObjectProperty ; rdfs:label "death place" ; rdfs:domain ex:Person ; rdfs:range ex:City .
"""

# two prizes and a party: a kind named after one thing, and a kind named by a plain word
_PRIZES = """ex:Award a owl:Class ; rdfs:label "award" .
ex:NobelPrize a owl:Class ; rdfs:label "Nobel Prize" ; rdfs:subClassOf ex:Award .
ex:PoliticalParty a owl:Class ; rdfs:label "political party" .
"""


@pytest.fixture(scope="module")
def deaths(tmp_path_factory):
    return vocabulary(tmp_path_factory, DEATHS, _DEATHS)


@pytest.fixture(scope="module")
def prizes(tmp_path_factory):
    return vocabulary(tmp_path_factory, "http://protograph.example/prizes/", _PRIZES)


def test_rd235_a_word_and_the_adjective_of_its_root_are_different_words() -> None:
    assert derived_word("music", "musical") and derived_word("religion", "religious")
    assert derived_word("politicians", "political")
    # a spelling, a plural and a longer label are the same word or another matter
    assert not derived_word("organizations", "organisation") and not derived_word("movies", "movie")
    assert not derived_word("musicians", "musical artist") and not derived_word("painting", "painter")


def test_rd235_an_answer_is_not_matched_to_the_adjective_of_its_root() -> None:
    choices = {"religious": "ex:Religious", "musical": "ex:Musical", "military conflict": "ex:War"}
    def near(first):
        return lambda text, allowed: (first, 0.9)
    # before, the model's "religion" made Buddhism a religious person
    assert matched_class("religion", choices, near("ex:Religious")) is None
    assert matched_class("music", choices, near("ex:Musical")) is None
    assert matched_class("war", choices, near("ex:War")) == "ex:War"


def test_rd235_the_music_for_a_film_names_no_musical(dbpedia) -> None:
    mentions = find_mentions("Who wrote the music for Star Wars?", dbpedia.ontology, dbpedia.index)
    assert not [m for m in mentions if m.class_iri == D + "Musical"]


@pytest.mark.parametrize(("fixture", "question", "link"), [
    ("dbpedia", "Which people died because of cancer?", D + "deathCause"),
    ("dbpedia", "Who died due to Morphine?", D + "deathCause"),
    ("deaths", "Which people died because of cholera?", DEATHS + "deathCause"),
])
def test_rd236_dying_because_of_a_thing_is_its_cause(request, fixture, question, link) -> None:
    # before, "died due to" was a death place
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    assert [e.link for e in graph.edges] == [link]


def test_rd237_a_demonym_in_lower_case_describes_no_kind(dbpedia) -> None:
    mentions = find_mentions("Where is the swedish covenant hospital?", dbpedia.ontology, dbpedia.index)
    # before, "swedish" was DBpedia's Nordic combined, by meaning
    assert not [m for m in mentions if m.text.lower() == "swedish" and m.kind == "class"]
    # the words after "is" that end the question are the hospital's name
    assert "Swedish Covenant Hospital" in {m.text for m in mentions if m.kind == "name"}
    mentions = find_mentions("Name the swedish covenant hospitals.", dbpedia.ontology, dbpedia.index)
    assert [(m.text, m.class_iri) for m in mentions if m.kind == "class"] == [("hospitals", D + "Hospital")]


@pytest.mark.parametrize("fixture", ["dbpedia", "prizes"])
def test_rd238_a_kind_named_after_one_thing_is_no_other_things_kind(request, fixture) -> None:
    ontology = request.getfixturevalue(fixture).ontology
    # before, the Pulitzer Prize and the Wolf Prize were Nobel prizes
    for name in ("Pulitzer Prize", "Wolf Prize"):
        assert not (known_kind(name, OWL_THING, ontology) or "").endswith("NobelPrize")
    assert known_kind("Democratic Party", OWL_THING, ontology).endswith("/PoliticalParty")


@pytest.mark.parametrize(("fixture", "question", "kind"), [
    ("dbpedia", "Which people became actors?", D + "Actor"),
    ("company", "Which employees became managers?", CO + "Manager"),
    ("company", "Which employees are also engineers?", CO + "Engineer"),
    ("library", "Which persons are also authors?", LIB + "Author"),
])
def test_rd239_what_things_became_or_also_are_is_the_narrower_kind_of_them(request, fixture, question,
                                                                          kind) -> None:
    # before, "became" joined two things by some link; "are also" was not read
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    assert [n.class_ for n in graph.nodes] == [kind] and not graph.edges


@pytest.mark.parametrize(("fixture", "question", "name"), [
    ("dbpedia", "which actors were born in italy?", "Italy"),
    ("library_schema", "which authors were born in italy?", "Italy"),
    ("company_schema", "which employees live in italy?", "Italy"),
    ("dbpedia", "who is married to emily blunt?", "Emily Blunt"),
])
def test_rd241_a_name_in_lower_case_may_end_in_ly(request, fixture, question, name) -> None:
    resources = request.getfixturevalue(fixture)
    # before, "italy" was read as an adverb, and the country was dropped
    graph = extract_graph(question, resources).graph
    assert name in {c.value for n in graph.nodes for c in n.constraints} and graph.edges


def test_rd241_adverbs_in_ly_stay_no_names(dbpedia) -> None:
    tokens = "which bands mostly play rock".split()
    assert "Mostly" not in {m.text for m in lower_case_names(tokens, [False] * len(tokens), dbpedia.ontology)}


@pytest.mark.parametrize(("question", "names"), [
    ("is michelle obama the wife of barack obama?", {"Michelle Obama", "Barack Obama"}),
    ("in which films did julia roberts as well as richard gere play?", {"Julia Roberts", "Richard Gere"}),
])
def test_rd241_names_in_lower_case_end_before_an_article_or_as(dbpedia, question, names) -> None:
    graph = extract_graph(question, dbpedia).graph
    assert {c.value for n in graph.nodes for c in n.constraints} == names


@pytest.mark.parametrize(("question", "name"), [
    ("how many films did alfred hitchcock direct?", "Alfred Hitchcock"),  # a given name in -ed is no verb
    ("where did ernest hemingway die?", "Ernest Hemingway"),  # nor one in -est a degree
    ("in which country is mount everest?", "Mount Everest"),  # "-est" inside a name, after "is"
    ("what is the capital of the united kingdom?", "United Kingdom"),  # a country's words, "united" among them
    ("which presidents were born in texas?", "Texas"),  # a place whose name ends as a plural does
    ("which rivers flow through germany?", "Germany"),  # after "through"
])
def test_rd242_more_names_in_lower_case(dbpedia, question, name) -> None:
    graph = extract_graph(question, dbpedia).graph
    assert name in {c.value for n in graph.nodes for c in n.constraints} and graph.edges


@pytest.mark.parametrize(("fixture", "question", "name"), [
    ("library_schema", "which books were written by authors born in the united kingdom?", "United Kingdom"),
    ("company_schema", "which employees live in the netherlands?", "Netherlands"),
])
def test_rd242_a_countrys_words_in_lower_case_elsewhere(request, fixture, question, name) -> None:
    graph = extract_graph(question, request.getfixturevalue(fixture)).graph
    assert name in {c.value for n in graph.nodes for c in n.constraints}


def test_rd242_one_word_after_is_still_says_what_a_thing_is(company_schema) -> None:
    tokens = "which order is unpaid".split()
    assert lower_case_names(tokens, [False, True, False, False], company_schema.ontology) == []
    tokens = "who is the oldest actor".split()
    assert lower_case_names(tokens, [False] * 4 + [True], company_schema.ontology) == []


@pytest.mark.parametrize(("question", "name"), [
    ("what did alexander fleming discover?", "Alexander Fleming"),  # a family name in -ing after a given name
    ("where is harvard university?", "Harvard University"),  # a class word ends a name after "is"
    ("which record label released abbey road?", "Abbey Road"),  # or after a verb, ending the question
    ("which country is lake victoria in?", "Lake Victoria"),  # the subject of "is", a preposition after it
])
def test_rd243_names_in_lower_case_where_a_capital_would_have_shown_them(dbpedia, question, name) -> None:
    names = {m.text for m in find_mentions(question, dbpedia.ontology, dbpedia.index) if m.kind == "name"}
    assert names == {name}


def test_rd243_a_gerund_after_a_name_stays_a_verb(dbpedia) -> None:
    tokens = "is julia roberts starring in it".split()
    assert [m.text for m in lower_case_names(tokens, [False] * 6, dbpedia.ontology)] == ["Julia Roberts"]

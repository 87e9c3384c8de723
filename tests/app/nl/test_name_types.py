"""Typing a name by the model's world knowledge, held to the classes its link allows (real packaged model)."""

import pytest

from app.nl.name_types import _as_person, make_name_typer
from app.resources import get_resources
from app.settings import Settings

D = "http://dbpedia.org/ontology/"


@pytest.fixture(scope="module")
def dbpedia(dbo_path):
    return get_resources(Settings(ontology=[dbo_path], kg=[]))


def test_a_person_keeps_the_general_class_whatever_role_the_model_names(dbo_ontology) -> None:
    assert _as_person(D + "MovieDirector", D + "Person", dbo_ontology) == D + "Person"
    thing = "http://www.w3.org/2002/07/owl#Thing"
    assert _as_person(D + "Writer", thing, dbo_ontology) == D + "Person"  # the declared end admits Person
    assert _as_person(D + "City", D + "Place", dbo_ontology) == D + "City"  # a place is one kind of place
    assert _as_person(None, D + "Place", dbo_ontology) is None


def test_the_model_types_well_known_names_within_the_links_end(dbpedia) -> None:
    type_name = make_name_typer(lambda: dbpedia.llm, dbpedia.ontology)
    assert type_name("Vienna", D + "Place") == D + "City"
    # Not the kind the prompt named last (it once made "John F Kennedy" a university).
    assert type_name("John F Kennedy", "http://www.w3.org/2002/07/owl#Thing") == D + "Person"
    assert type_name("Lisbon", D + "Place") == D + "City"
    assert type_name("Pink Floyd", "http://www.w3.org/2002/07/owl#Thing") == D + "Band"  # a film, when asked "X:"
    # No answer leaves the declared end; any answer is a person, and a person stays the general class.
    assert type_name("Tom Cruise", D + "Person") in (None, D + "Person")
    for name, declared in [("Microsoft", D + "Organisation"), ("Pink Floyd", D + "Agent")]:
        typed = type_name(name, declared)
        assert typed is None or dbpedia.ontology.is_subclass(typed, declared)  # never outside the link's end


def test_with_the_typer_a_named_place_takes_its_kind_and_the_draft_stays_valid(dbpedia) -> None:
    from app.graph.validate import validate_graph
    from app.nl.pipeline import extract_graph

    graph = extract_graph("How many people were born in Vienna?", dbpedia).graph
    place = next(n for n in graph.nodes if n.constraints)
    assert place.class_ == D + "City"
    assert validate_graph(graph, dbpedia.ontology).ok


def test_an_answer_in_the_models_own_words_is_matched_to_an_allowed_class() -> None:
    from app.nl.name_types import ANSWER_SIMILARITY, matched_class

    choices = {"award": D + "Award", "city": D + "City", "space mission": D + "SpaceMission"}
    assert matched_class(" Cities\n", choices) == D + "City"  # case, spacing and plural
    assert matched_class("crewed space mission", choices) == D + "SpaceMission"  # its head word
    asked = []

    def nearest(text: str, allowed: list[str]) -> tuple[str, float]:
        asked.append((text, allowed))
        return (D + "Award", ANSWER_SIMILARITY + 0.1) if text == "trophy" else (D + "City", ANSWER_SIMILARITY - 0.1)

    assert matched_class("prize", choices, nearest) == D + "Award"  # the everyday word for an award
    assert matched_class("trophy", choices, nearest) == D + "Award"
    assert asked == [("trophy", list(choices.values()))]  # only allowed classes are ever offered
    assert matched_class("car", choices, nearest) is None  # not close enough: the declared end stays
    # "football" in the model's words is soccer, as in most of the English-speaking world
    leagues = {"soccer league": D + "SoccerLeague", "american football league": D + "AmericanFootballLeague"}
    assert matched_class("football league", leagues, nearest) == D + "SoccerLeague"


def test_a_given_name_first_makes_a_person_with_no_model(dbo_path) -> None:
    from app.nl.name_kinds import known_kind
    from app.resources import get_resources
    from app.settings import Settings
    from ontology_loaders import OWL_THING

    ontology = get_resources(Settings(ontology=[dbo_path], kg=[])).ontology
    person = "http://dbpedia.org/ontology/Person"
    assert known_kind("Elvis Presley", OWL_THING, ontology) == person
    assert known_kind("German Shepherd", OWL_THING, ontology) is None  # a demonym first is no given name
    assert known_kind("Harold and Maude", OWL_THING, ontology) is None
    # a link that allows no person leaves the name to other evidence
    assert known_kind("Elvis Presley", "http://dbpedia.org/ontology/Place", ontology) is None


def _answering(text: str, prompts: list[str]):
    """A backend that answers ``text`` to every prompt and records each prompt's last line (the name asked)."""
    from grammar.backends import Completion, StopReason

    class Backend:
        def complete(self, prompt: str, **_: object) -> Completion:
            prompts.append(prompt.rsplit("\n", 1)[-1])
            return Completion(text=text, stop_reason=StopReason.STOP)

    return Backend


def test_the_model_is_asked_about_a_few_names_per_question_and_each_once(dbo_ontology) -> None:
    """A pasted list or a repeat of names must not wait for the model on every one of them."""
    from app.nl.name_types import MAX_NAMES_ASKED

    prompts: list[str] = []
    type_name = make_name_typer(_answering(" city.\n", prompts), dbo_ontology)
    names = [f"Town {n}" for n in range(MAX_NAMES_ASKED + 2)]
    typed = [type_name(name, D + "Place") for name in names + names[:1]]
    assert typed == [D + "City"] * MAX_NAMES_ASKED + [None, None, D + "City"]
    assert prompts == [f"{name} is a" for name in names[:MAX_NAMES_ASKED]]  # the repeat was not asked again


def test_one_answer_of_the_model_serves_every_class_a_names_link_may_allow(dbo_ontology) -> None:
    """The prompt holds the name only: the kind asked before any link is chosen, and again within the chosen
    link's end, costs one call."""
    prompts: list[str] = []
    type_name = make_name_typer(_answering(" band.\n", prompts), dbo_ontology)
    thing = "http://www.w3.org/2002/07/owl#Thing"
    assert type_name("The Beatles", thing) == D + "Band"
    assert type_name("The Beatles", D + "Organisation") == D + "Band"
    assert type_name("The Beatles", D + "Place") is None  # no place is a band: the link's end stays
    assert prompts == ["The Beatles is a"]

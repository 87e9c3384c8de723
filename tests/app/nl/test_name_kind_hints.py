"""The kind a name is said to be picks among links nearly as good as the best (hinted_links.fitting_hints); unit tests on a
small ontology, no model."""

from __future__ import annotations

from app.nl.link_choice import LinkChoice
from app.nl.mention_types import Mention
from app.nl.hinted_links import NAME_KIND_MARGIN, fitting_hints
from ontology_loaders import OWL_THING
from ontology_loaders.model import Ontology, OntologyClass

ONTOLOGY = Ontology(classes=[
    OntologyClass(iri="ex:Agent", label="agent"),
    OntologyClass(iri="ex:Person", label="person", parents=("ex:Agent",)),
    OntologyClass(iri="ex:Politician", label="politician", parents=("ex:Person",)),
    OntologyClass(iri="ex:Band", label="band", parents=("ex:Agent",)),
    OntologyClass(iri="ex:Party", label="party", parents=("ex:Agent",)),
    OntologyClass(iri="ex:Team", label="team", parents=("ex:Agent",)),
    OntologyClass(iri="ex:Club", label="club", parents=("ex:Agent",)),
    OntologyClass(iri="ex:Place", label="place"),
])
POLITICIANS = Mention(1, 2, "politicians", "class", class_iri="ex:Politician")


def _name(kind: str | None) -> Mention:
    return Mention(5, 7, "Democratic Party", "name", hint=kind)


def test_a_link_nearly_as_good_that_reaches_the_names_kind_wins() -> None:
    band = LinkChoice("ex:bandMember", False, 1.40, "ex:Band", "ex:Person")
    party = LinkChoice("ex:party", True, 1.31, "ex:Person", "ex:Party")
    assert fitting_hints([band, party], POLITICIANS, _name("ex:Party"), ONTOLOGY) == party
    assert fitting_hints([band, party], POLITICIANS, _name(None), ONTOLOGY) == band  # no kind: the words choose


def test_the_names_kind_does_not_outweigh_the_words_beyond_the_margin() -> None:
    band = LinkChoice("ex:bandMember", False, 1.40, "ex:Band", "ex:Person")
    party = LinkChoice("ex:party", True, 1.40 - NAME_KIND_MARGIN - 0.01, "ex:Person", "ex:Party")
    assert fitting_hints([band, party], POLITICIANS, _name("ex:Party"), ONTOLOGY) == band


def test_a_link_that_says_less_of_the_name_or_the_same_link_turned_round_is_no_better_fit() -> None:
    manager = Mention(1, 2, "manager", "class", class_iri="ex:Person")
    team = LinkChoice("ex:manager", False, 1.42, "ex:Team", "ex:Person")
    season = LinkChoice("ex:season", False, 1.31, "ex:Agent", "ex:Person")  # any agent: the club is one
    club = Mention(5, 7, "Middlesbrough FC", "name", hint="ex:Club")
    assert fitting_hints([team, season], manager, club, ONTOLOGY) == team
    # (a choice's ends are the first thing's class, then the second's, along the way it runs)
    located = [LinkChoice("ex:location", False, 1.39, OWL_THING, "ex:Place"),
               LinkChoice("ex:location", True, 1.39, OWL_THING, "ex:Place")]
    where = Mention(0, 1, "Where", "focus", hint="ex:Place")
    assert fitting_hints(located, where, Mention(2, 4, "Mount Everest", "name", hint="ex:Place"),
                          ONTOLOGY) == located[0]


def test_without_a_names_kind_a_who_still_turns_a_link_round_to_reach_a_person() -> None:
    # "Who killed John Lennon?": the best link runs from a place; the same link the other way reaches a person
    ranked = [LinkChoice("ex:deathPlace", False, 1.8, "ex:Person", "ex:Place"),
              LinkChoice("ex:deathPlace", True, 1.45, "ex:Person", "ex:Place")]
    who = Mention(0, 1, "Who", "focus", hint="ex:Person")
    assert fitting_hints(ranked, who, Mention(2, 4, "John Lennon", "name"), ONTOLOGY) == ranked[1]

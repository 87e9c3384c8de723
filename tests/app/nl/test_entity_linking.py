"""Entity linking against a real in-memory pyoxigraph store."""

from __future__ import annotations

import pytest

from app.nl.embedding import load_embedder
from app.nl.entity_linking import link_entity
from app.query.embedded import EmbeddedStore
from ontology_loaders.model import Ontology, OntologyClass

D = "http://dbpedia.org/ontology/"
R = "http://dbpedia.org/resource/"
DATA = f"""
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
<{R}United_States> a <{D}Country> ; rdfs:label "United States"@en .
<{R}United_States_Navy> a <{D}MilitaryUnit> ; rdfs:label "United States Navy"@en .
<{R}Georgia_(country)> a <{D}Country> ; rdfs:label "Georgia"@en .
<{R}Georgia_(U.S._state)> a <{D}AdministrativeRegion> ; rdfs:label "Georgia"@en .
<{R}Ada_Lovelace> a <{D}Scientist> ; rdfs:label "Ada Lovelace"@en .
<{R}Bern> a <{D}Place> ; rdfs:label "Bern"@en .
<{R}USS_Abraham_Lincoln> a <{D}MilitaryUnit> ; rdfs:label "USS Abraham Lincoln"@en .
"""


@pytest.fixture(scope="module")
def kg() -> EmbeddedStore:
    return EmbeddedStore(data=DATA)


@pytest.fixture(scope="module")
def onto() -> Ontology:
    def cls(name: str, *parents: str) -> OntologyClass:
        return OntologyClass(iri=D + name, label=name.lower(), parents=tuple(D + p for p in parents))

    return Ontology(classes=(cls("Place"), cls("Country", "Place"), cls("AdministrativeRegion", "Place"),
                             cls("MilitaryUnit"), cls("Person"), cls("Scientist", "Person")))


def test_pel001_exact_label_case_insensitive(kg, onto) -> None:
    found = link_entity("united states", kg, class_iri=D + "Country", ontology=onto)
    assert [(m.iri, m.method) for m in found] == [(R + "United_States", "exact")]


def test_pel002_class_disambiguates_through_hierarchy(kg, onto) -> None:
    assert [m.iri for m in link_entity("Georgia", kg, class_iri=D + "Country", ontology=onto)] == [R + "Georgia_(country)"]
    broader = link_entity("Georgia", kg, class_iri=D + "Place", ontology=onto)
    assert sorted(m.iri for m in broader) == [R + "Georgia_(U.S._state)", R + "Georgia_(country)"]


def test_pel003_fuzzy_match_survives_a_typo(kg, onto) -> None:
    found = link_entity("Ada Lovelac", kg, class_iri=D + "Person", ontology=onto)
    assert found and found[0].iri == R + "Ada_Lovelace" and found[0].method == "fuzzy"


def test_pel004_embedding_match_and_wrong_class_is_refused(kg, onto) -> None:
    embedder = load_embedder(None)
    found = link_entity("the USA", kg, class_iri=D + "Country", ontology=onto, embedder=embedder)
    assert [m.iri for m in found][:1] == [R + "United_States"]
    assert link_entity("Ada Lovelace", kg, class_iri=D + "Country", ontology=onto, embedder=embedder) == []
    assert link_entity("   ", kg) == []


def test_pel005_a_name_that_only_shares_a_part_with_a_label_is_not_that_instance(kg) -> None:
    # rapidfuzz's WRatio scores a label found inside the name (or the name inside a longer label) high
    assert link_entity("Leonard Bernstein", kg) == []
    assert link_entity("Lincoln", kg) == []
    assert [m.iri for m in link_entity("USS Abraham Lincon", kg)] == [R + "USS_Abraham_Lincoln"]


def test_a_word_before_the_name_makes_another_thing_named_after_it() -> None:
    from app.nl.entity_linking import names_the_same

    assert not names_the_same("Abraham Lincoln", "USS Abraham Lincoln (CVN-72)")
    assert names_the_same("Jaws", "Jaws (film)") and names_the_same("Halvard Robotics", "Halvard Robotics sp. z o.o.")


def test_a_short_name_word_must_stand_as_written() -> None:
    from app.nl.entity_linking import names_the_same

    assert not names_the_same("Cher", "Cheryl Henson")
    assert names_the_same("Ada Lovelac", "Ada Lovelace")  # a slip in a longer word is still the name

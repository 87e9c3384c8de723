"""Class words from an ontology's own words: comment heads and label heads, on three ontologies."""

from __future__ import annotations

import pytest

from app.nl.definitions import defined_as, shared_head_class

D = "http://dbpedia.org/ontology/"
LIB = "http://protograph.example/library/"


@pytest.mark.parametrize(("word", "expected"), [
    ("leagues", D + "SportsLeague"),  # basketball league, soccer league, …
    ("clubs", D + "SportsClub"),
    ("members", D + "Person"),  # band member, team member, …: people
    ("stations", None),  # radio, television and train stations share nothing but owl:Thing
    ("films", None),  # no label ends in it but its own
])
def test_def001_a_head_shared_by_labels_is_their_nearest_common_class(dbpedia, word, expected) -> None:
    assert shared_head_class(word, dbpedia.ontology) == expected


def test_def002_shared_heads_on_the_samples(library, company) -> None:
    assert shared_head_class("copies", library.ontology) == LIB + "Item"  # digital copy, print copy
    assert shared_head_class("members", library.ontology) is None  # one label ends so: library member
    assert shared_head_class("products", company.ontology) == "http://protograph.example/company/Product"


def test_def003_a_comment_head_names_its_class(library) -> None:
    assert defined_as("patrons", library.ontology) == LIB + "Member"
    assert defined_as("weather", library.ontology) is None

"""The options offered to the editor list only what an edit accepts, best first."""

from __future__ import annotations

import pytest

from app.errors import EditError
from app.graph import edits as editing
from app.graph import suggestions
from app.graph.validate import validate_graph
from ontology_loaders import RDFS_LABEL

EX = "http://ex.org/"


def test_link_options_offer_both_directions_oriented(onto, person_place):
    options = suggestions.link_options(person_place, "place_1", "person_1", onto)
    oriented = {(o.source, o.link, o.target) for o in options}
    assert (("person_1", EX + "birthPlace", "place_1")) in oriented
    # owl:Thing links fit both ways; nothing else does
    assert ("place_1", EX + "related", "person_1") in oriented
    assert all(onto.link_fits(link, person_place.node(s).class_, person_place.node(t).class_)
               for s, link, t in oriented)
    assert all(link != EX + "almaMater" for _, link, _ in oriented)


def test_link_options_rank_specific_links_and_question_words_first(onto, person_place):
    options = suggestions.link_options(person_place, "person_1", "place_1", onto, question="where was she born")
    assert options[0].link == EX + "birthPlace"
    counted = suggestions.link_options(person_place, "person_1", "place_1", onto,
                                   counts={EX + "related": 1000, EX + "birthPlace": 1})
    assert counted[0].link == EX + "related"


def test_link_options_skip_links_already_drawn(onto, person_place):
    g = editing.add_edge(person_place, "person_1", EX + "birthPlace", "place_1", onto)
    assert all(o.link != EX + "birthPlace" for o in suggestions.link_options(g, "person_1", "place_1", onto))


def test_every_offered_link_is_accepted_and_valid(onto, person_place):
    for option in suggestions.link_options(person_place, "place_1", "person_1", onto):
        g = editing.add_edge(person_place, option.source, option.link, option.target, onto)
        assert validate_graph(g, onto).ok


def test_class_change_options_only_keep_edges_valid(onto, person_place):
    g = editing.add_edge(person_place, "person_1", EX + "birthPlace", "place_1", onto)
    options = suggestions.class_change_options(g, "person_1", onto)
    # Agent cannot have a birth place, so generalising is not offered; Athlete is.
    assert options == {"parents": [], "children": [EX + "Athlete"]}
    alone = suggestions.class_change_options(person_place, "person_1", onto)
    assert alone["parents"] == [EX + "Agent"]
    g = editing.change_class(g, "person_1", EX + "Athlete", onto)
    assert g.node("person_1").class_ == EX + "Athlete" and g.node("person_1").label == "athlete"
    with pytest.raises(EditError):
        editing.change_class(g, "person_1", EX + "University", onto)


def test_attribute_options_follow_the_hierarchy(onto):
    person = [a["iri"] for a in suggestions.attribute_options(onto, EX + "Person")]
    athlete = [a["iri"] for a in suggestions.attribute_options(onto, EX + "Athlete")]
    assert EX + "height" not in person and EX + "height" in athlete
    assert person[0] == RDFS_LABEL
    kinds = {a["iri"]: a["kind"] for a in suggestions.attribute_options(onto, EX + "Athlete")}
    assert kinds[EX + "height"] == "number" and kinds[EX + "birthYear"] == "date" and kinds[EX + "active"] == "boolean"


def test_class_options_rank_label_matches_and_counts(onto):
    assert suggestions.class_options("universty", onto)[0].iri == EX + "University"
    empty = suggestions.class_options("", onto, counts={EX + "Place": 50, EX + "Person": 3})
    assert [o.iri for o in empty[:2]] == [EX + "Place", EX + "Person"]


def test_name_match_prefers_the_label_start_over_a_typo():
    assert suggestions.name_match("university", "university") == 1.0
    assert suggestions.name_match("univ", "university") > suggestions.name_match("univ", "state university") > 0.85
    assert suggestions.name_match("hockey", "ice hockey player") == 0.9
    assert 0.6 < suggestions.name_match("universty", "university") < 0.85
    # A long typed text is not a typo of a short label that merely shares letters.
    assert suggestions.name_match("place of birth", "mean of transportation") < 0.4


def test_rank_terms_takes_the_better_of_name_and_meaning():
    labels = {"a": "musical work", "b": "musical artist", "c": "music composer"}
    ranked = suggestions.rank_terms("musician", labels, meaning={"a": 0.65, "b": 0.78, "c": 0.70})
    assert [o.iri for o in ranked] == ["b", "c", "a"] and ranked[0].by == "meaning"
    by_name = suggestions.rank_terms("musical a", labels, meaning={"a": 0.3, "b": 0.3, "c": 0.3})
    assert by_name[0].iri == "b" and by_name[0].by == "name"
    # Counts decide among equals and with no text; otherwise the order given stays.
    counted = suggestions.rank_terms("", labels, counts={"c": 5, "a": 50})
    assert [o.iri for o in counted] == ["a", "c", "b"] and counted[0].count == 50
    assert [o.iri for o in suggestions.rank_terms("", labels, limit=2)] == ["a", "b"]


def test_search_link_options_ranks_by_the_typed_text(onto, person_place):
    options = suggestions.link_options(person_place, "person_1", "place_1", onto,
                                       counts={EX + "related": 1000, EX + "birthPlace": 1})
    assert options[0].link == EX + "related" and options[0].count == 1000
    typed = suggestions.search_link_options(options, "birth", onto)
    assert typed[0].link == EX + "birthPlace" and typed[0].by == "name"
    assert suggestions.search_link_options(options, "  ", onto) == options


def test_attribute_search_ranks_the_class_attributes(onto):
    found = suggestions.attribute_search(onto, EX + "Athlete", "heigth")
    assert found[0].iri == EX + "height"
    assert {o.iri for o in found} == {a["iri"] for a in suggestions.attribute_options(onto, EX + "Athlete")}

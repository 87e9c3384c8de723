"""The editing toolbar, called directly: class search, adding nodes and links, undo/redo/clear/history."""

from __future__ import annotations

import json

from dash import no_update

from app.graph.history import History
from components import ids
from components.callbacks.common import resources_for
from components.callbacks.toolbar import (
    add_link,
    add_node,
    disabled_until_chosen,
    offer_links,
    search_classes,
    travel,
)

DBO = "http://dbpedia.org/ontology/"


def test_search_classes_finds_by_name_and_keeps_the_chosen_class(settings, sample, closed_port_url):
    found = search_classes("hockey", None, sample, settings=settings)
    assert DBO + "IceHockeyPlayer" in [o["value"] for o in found]
    kept = search_classes("hockey", DBO + "Ship", sample, settings=settings)
    assert (kept[0]["label"], kept[0]["value"]) == ("ship", DBO + "Ship")
    unreachable = {"kind": "endpoint", "url": closed_port_url}
    assert search_classes("hockey", None, unreachable, settings=settings) == []


def test_search_classes_finds_by_meaning_and_the_dropdown_keeps_it(settings, sample):
    """ "musician" names no class: the dropdown must not filter the match by meaning away by its label."""
    _ = resources_for(settings, sample).index  # the served app loads it at start
    found = search_classes("musician", None, sample, settings=settings)
    artist = next(o for o in found if o["value"] == DBO + "MusicalArtist")
    assert found.index(artist) < 3 and len(found) > 10
    # The dropdown filters options by what was typed: each option carries the typed text to be found.
    assert all("musician" in o["search"] for o in found)
    assert artist["title"].startswith("Found by meaning") and "instances in the data" in artist["title"]
    assert artist["label"].startswith("musical artist \u00b7 ") and artist["label"].endswith(" instances")


def test_add_buttons_are_disabled_until_something_is_chosen():
    assert disabled_until_chosen(None) is True and disabled_until_chosen("") is True
    assert disabled_until_chosen(DBO + "Work") is False


def test_add_node_adds_and_inspects_the_new_node(settings, sample, works):
    graph, history, message, options, value = add_node(1, DBO + "Ship", works, None, sample, settings=settings)
    assert graph["nodes"][-1]["class"] == DBO + "Ship" and History.from_json(history).past[-1] == works
    new_id = graph["nodes"][-1]["id"]
    assert message == f"Added ?{new_id}." and value == f"node:{new_id}" and value in [o["value"] for o in options]
    assert add_node(1, None, works, None, sample, settings=settings) == (
        no_update, no_update, "Pick a class first.", no_update, no_update)
    refused = add_node(1, DBO + "NoSuchClass", works, None, sample, settings=settings)
    assert refused[:2] == (no_update, no_update) and refused[2]


def test_offer_links_ranks_the_typed_text_and_keeps_the_choice(settings, sample, triggered):
    graph = {"nodes": [{"id": "person_1", "class": DBO + "Person"}, {"id": "city_1", "class": DBO + "City"}],
             "edges": []}
    _ = resources_for(settings, sample).index
    with triggered(ids.LINK_FROM, prop="value"):
        options, value, hint = offer_links("person_1", "city_1", graph, None, None, sample, settings=settings)
    assert hint.endswith("links fit, best first.") and all(" uses" in o["label"] for o in options[:3])
    with triggered(ids.search_text(ids.LINK_SELECT), prop="data"):
        typed, value, hint = offer_links("person_1", "city_1", graph, "place of birth", None, sample,
                                         settings=settings)
    assert json.loads(typed[0]["value"]) == ["person_1", DBO + "birthPlace", "city_1"]
    assert typed[0]["title"].startswith("Found by meaning: very close") and "place of birth" in typed[0]["search"]
    assert (value, hint) == (no_update, no_update) and len(typed) == len(options)


def test_offer_links_lists_the_links_the_ontology_allows(settings, sample, works, closed_port_url, triggered):
    unlinked = {**works, "edges": []}
    with triggered(ids.LINK_TO, prop="value"):
        options, value, hint = offer_links("work_1", "ice_hockey_player_1", unlinked, None, None, sample,
                                           settings=settings)
        assert offer_links("work_1", None, unlinked, None, None, sample, settings=settings)[:2] == ([], None)
        unreachable = {"kind": "endpoint", "url": closed_port_url}
        assert offer_links("work_1", "ice_hockey_player_1", unlinked, None, None, unreachable,
                           settings=settings) == ([], None, "")
    assert json.dumps(["work_1", DBO + "author", "ice_hockey_player_1"]) in [o["value"] for o in options]
    # A value is preselected only when exactly one link fits.
    assert (value, hint) == (options[0]["value"], "Exactly one link fits.") or (value is None and hint.endswith(
        "best first."))


def test_add_link_links_the_chosen_pair(settings, sample, works):
    unlinked = {**works, "edges": []}
    choice = json.dumps(["work_1", DBO + "author", "ice_hockey_player_1"])
    graph, history, message = add_link(1, choice, unlinked, None, sample, settings=settings)
    assert graph["edges"] == works["edges"] and message == "Linked." and History.from_json(history).can_undo
    assert add_link(1, None, unlinked, None, sample, settings=settings) == (no_update, no_update, "Pick a link first.")
    wrong = json.dumps(["work_1", DBO + "homePort", "ice_hockey_player_1"])
    refused = add_link(1, wrong, unlinked, None, sample, settings=settings)
    assert refused[:2] == (no_update, no_update) and refused[2]


def test_travel_undoes_redoes_clears_and_restores(works, triggered):
    empty = {"nodes": [], "edges": []}
    history = History().record(empty).to_json()
    with triggered(ids.UNDO_BUTTON):
        graph, undone, message = travel(1, None, None, None, works, history)
    assert History.from_json(undone).can_redo and message == "Undone." and not graph.get("nodes")
    with triggered(ids.REDO_BUTTON):
        graph, _, message = travel(1, 1, None, None, graph, undone)
    assert graph == works and message == "Redone."
    with triggered(ids.CLEAR_BUTTON):
        cleared, after, message = travel(None, None, 1, None, works, None)
    assert not cleared["nodes"] and History.from_json(after).past[-1] == works and message == "Cleared."
    with triggered(ids.HISTORY_SELECT, prop="value"):
        restored = travel(None, None, None, 0, works, history)
    assert restored[2] == "Restored an earlier graph." and not restored[0].get("nodes")
    with triggered(ids.UNDO_BUTTON):
        assert travel(1, None, None, None, works, None)[:2] == (no_update, no_update)
    with triggered():
        assert travel(None, None, None, None, works, history) == (no_update,) * 3

"""The editing toolbar, called directly: class search, adding nodes and links, undo/redo/clear/history."""

from __future__ import annotations

import json

from dash import no_update

from app.graph.history import History
from components import ids
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
    assert kept[0] == {"label": "ship", "value": DBO + "Ship"}
    unreachable = {"kind": "endpoint", "url": closed_port_url}
    assert search_classes("hockey", None, unreachable, settings=settings) == []


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


def test_offer_links_lists_the_links_the_ontology_allows(settings, sample, works, closed_port_url):
    unlinked = {**works, "edges": []}
    options, value, hint = offer_links("work_1", "ice_hockey_player_1", unlinked, None, sample, settings=settings)
    assert json.dumps(["work_1", DBO + "author", "ice_hockey_player_1"]) in [o["value"] for o in options]
    # A value is preselected only when exactly one link fits.
    assert (value, hint) == (options[0]["value"], "Exactly one link fits.") or (value is None and hint.endswith(
        "best first."))
    assert offer_links("work_1", None, unlinked, None, sample, settings=settings)[:2] == ([], None)
    unreachable = {"kind": "endpoint", "url": closed_port_url}
    assert offer_links("work_1", "ice_hockey_player_1", unlinked, None, unreachable, settings=settings) == ([], None, "")


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

"""The canvas and what follows the graph, called directly: drawing, description, history, URL, selection."""

from __future__ import annotations

import json

from dash import no_update

from app.graph.history import History
from components import ids
from components.callbacks.canvas import (
    describe,
    draw,
    follow_selection,
    remember_in_url,
    restore_from_url,
    show_history,
)
from components.layout import ENDPOINT_VALUE
from components.urlstate import encode_hash

EDGE = "work_1|http://dbpedia.org/ontology/author|ice_hockey_player_1"


def test_draw_keeps_dragged_positions_until_a_fresh_layout(settings, sample, works, triggered):
    with triggered(ids.GRAPH_STORE, prop="data"):
        elements = draw(works, None, None, None, sample, settings=settings)
    assert [e["data"]["id"] for e in elements] == ["work_1", "ice_hockey_player_1", EDGE]
    assert elements[0]["data"]["class_label"] == "work"
    dragged = [{**elements[0], "position": {"x": 999.0, "y": 5.0}}, *elements[1:]]
    with triggered(ids.GRAPH_STORE, prop="data"):
        kept = draw(works, None, None, dragged, sample, settings=settings)
    with triggered(ids.LAYOUT_BUTTON):
        fresh = draw(works, 1, None, dragged, sample, settings=settings)
    assert kept[0]["position"] == {"x": 999.0, "y": 5.0} and fresh[0]["position"] != kept[0]["position"]


def test_describe_restates_validates_and_offers_pickers(settings, sample, works):
    restated, warning, debug, link_from, link_to, inspect = describe(works, sample, settings=settings)
    assert "ice hockey player" in restated and warning == ""
    assert json.loads(debug) == works and link_from == link_to
    assert [o["value"] for o in link_from] == ["work_1", "ice_hockey_player_1"]
    assert [o["value"] for o in inspect] == ["node:work_1", "node:ice_hockey_player_1", "edge:" + EDGE]
    assert describe(None, sample, settings=settings) == ("Ask a question or add a node to start.", "", "{}",
                                                         [], [], [])


def test_describe_warns_about_a_graph_the_ontology_does_not_allow(settings, sample, works):
    works["edges"][0]["link"] = "http://dbpedia.org/ontology/homePort"
    warning = describe(works, sample, settings=settings)[1]
    assert warning[0].children == "Not valid for this ontology: " and warning[1]


def test_show_history_enables_undo_and_lists_earlier_graphs(works):
    assert show_history(None) == (True, True, [], None)
    history = History().record(works).to_json()
    undo_disabled, redo_disabled, options, value = show_history(history)
    assert (undo_disabled, redo_disabled, value) == (False, True, None) and len(options) == 1


def test_remember_in_url_writes_the_hash_and_the_share_link(sample, works):
    fragment, link = remember_in_url(works, sample, "http://127.0.0.1:8050/#old")
    assert fragment == encode_hash(works, sample) and link == "http://127.0.0.1:8050/" + fragment


def test_restore_from_url_takes_what_differs(sample, works):
    endpoint = {"kind": "endpoint", "url": "http://127.0.0.1:7878/query"}
    graph, source, select, url = restore_from_url(encode_hash(works, endpoint), None, sample)
    assert graph == works and source == endpoint and (select, url) == (ENDPOINT_VALUE, endpoint["url"])
    assert restore_from_url(encode_hash(works, sample), works, sample) == (no_update,) * 4
    library = {"kind": "sample", "name": "library_sample"}
    assert restore_from_url(encode_hash(None, library), works, sample)[1:3] == (library, "sample:library_sample")
    assert restore_from_url("#g=not-a-graph", works, sample) == (no_update,) * 4


def test_follow_selection_fills_the_link_pickers_and_the_inspector(triggered):
    first, second = {"id": "work_1"}, {"id": "ice_hockey_player_1"}
    with triggered(ids.CYTOSCAPE, prop="selectedNodeData"):
        assert follow_selection([first], [], None) == ("work_1", None, "node:work_1")
        assert follow_selection([first, second], [], "work_1") == ("work_1", "ice_hockey_player_1",
                                                                   "node:ice_hockey_player_1")
        assert follow_selection([], [], None) == (no_update,) * 3
    with triggered(ids.CYTOSCAPE, prop="selectedEdgeData"):
        assert follow_selection([first], [{"id": EDGE}], None) == (no_update, no_update, "edge:" + EDGE)

"""The canvas and what follows the graph, called directly: drawing, description, URL, selection."""

from __future__ import annotations

import json

from dash import no_update

from components import ids
from components.callbacks.canvas import (
    describe,
    draw,
    follow_selection,
    remember_in_url,
    restore_from_url,
)
from components.elements import STYLESHEET, positions_from_elements
from components.layout import ENDPOINT_VALUE
from components.urlstate import decode_positions, encode_hash

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


def test_draw_opens_an_empty_canvas_as_a_shared_link_arranged_it(settings, sample, works, triggered):
    arranged = {"work_1": {"x": 40.0, "y": 500.0}, "ice_hockey_player_1": {"x": -200.0, "y": 10.0}}
    fragment = encode_hash(works, sample, arranged)
    with triggered(ids.GRAPH_STORE, prop="data"):
        opened = positions_from_elements(draw(works, None, None, [], sample, fragment, settings=settings))
        # Once drawn, the canvas's own (dragged) positions win over the link's.
        drawn = draw(works, None, None, None, sample, None, settings=settings)
        kept = positions_from_elements(draw(works, None, None, drawn, sample, fragment, settings=settings))
    assert opened == arranged and kept == positions_from_elements(drawn) != arranged
    with triggered(ids.LAYOUT_BUTTON):
        laid_out = positions_from_elements(draw(works, 1, None, [], sample, fragment, settings=settings))
    assert laid_out != arranged


def test_remember_in_url_writes_the_hash_and_the_share_link(sample, works, triggered):
    with triggered(ids.GRAPH_STORE, prop="data"):
        fragment, link = remember_in_url(works, sample, None, "http://127.0.0.1:8050/#old")
    assert fragment == encode_hash(works, sample) and link == "http://127.0.0.1:8050/" + fragment


def test_remember_in_url_keeps_node_positions_compact(sample, works, triggered):
    elements = [{"data": {"id": "work_1"}, "position": {"x": 12.6, "y": -7.2}},
                {"data": {"id": "gone_1"}, "position": {"x": 1.0, "y": 1.0}},
                {"data": {"id": "e", "source": "work_1", "target": "gone_1"}}]
    with triggered(ids.CYTOSCAPE, prop="elements"):
        fragment, _ = remember_in_url(works, sample, elements, "http://127.0.0.1:8050/")
    with triggered(ids.GRAPH_STORE, prop="data"):
        cleared, _ = remember_in_url(None, sample, elements, "")
    # Whole pixels, and only for nodes of the graph.
    assert decode_positions(fragment) == {"work_1": {"x": 13.0, "y": -7.0}}
    assert decode_positions(cleared) == {} and "g=" not in cleared


def test_remember_in_url_lets_the_first_empty_drawing_leave_a_shared_link_alone(sample, works, triggered):
    with triggered(ids.CYTOSCAPE, prop="elements"):
        assert remember_in_url(None, sample, [], "http://127.0.0.1:8050/#g=shared") == (no_update, no_update)
        assert remember_in_url(works, sample, [], "http://127.0.0.1:8050/")[0] == encode_hash(works, sample)


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


GUESSED = {"evidence": {"work_1": "class: \u201cworks\u201d", "ice_hockey_player_1": "class: \u201chockey players\u201d",
                        EDGE.replace("|", " "): "\u201cby\u201d \u2192 author"},
           "messages": ["A guess: \u201cby\u201d read as author"]}


def test_draw_marks_the_parts_the_draft_guessed(settings, sample, works, triggered):
    with triggered(ids.STAGES_STORE, prop="data"):
        guessed = {e["data"]["id"]: e.get("classes", "").split()
                   for e in draw(works, None, GUESSED, None, sample, settings=settings)}
        sure = draw(works, None, {**GUESSED, "messages": []}, None, sample, settings=settings)
    assert "guess" in guessed[EDGE] and "guess" not in guessed["work_1"]
    assert all("guess" not in e.get("classes", "").split() for e in sure)
    assert {"node.guess", "edge.guess"} <= {rule["selector"] for rule in STYLESHEET}

"""Exploring from the results, called directly: which instance a click opens, its card, and "Use in query"."""

from __future__ import annotations

import contextlib

import dash
import pytest
from dash import html, no_update
from dash._callback_context import context_value
from dash._utils import AttributeDict

from app.graph.model import PrototypeGraph
from components import ids
from components.callbacks.explore import (
    cell_instance,
    pick_instance,
    show_card,
    use_instance,
)
from components.callbacks.results import run

DBR = "http://dbpedia.org/resource/"
DBO = "http://dbpedia.org/ontology/"
GRETZKY = {"iri": DBR + "Wayne_Gretzky", "var": "ice_hockey_player_1"}


def _text(component) -> str:
    """Every string inside a component tree, joined by spaces."""
    if component is None or isinstance(component, (bool, int, float)):
        return ""
    if isinstance(component, str):
        return component
    if isinstance(component, (list, tuple)):
        return " ".join(_text(c) for c in component)
    return _text(getattr(component, "children", None))


def _find(component, predicate) -> list:
    found = [component] if predicate(component) else []
    children = component if isinstance(component, (list, tuple)) else getattr(component, "children", None)
    if isinstance(children, (list, tuple)):
        for child in children:
            found += _find(child, predicate)
    elif children is not None and not isinstance(children, str):
        found += _find(children, predicate)
    return found


@contextlib.contextmanager
def clicked(component_id, value=1, prop="n_clicks"):
    key = dash.stringify_id(component_id) if isinstance(component_id, dict) else component_id
    token = context_value.set(AttributeDict(triggered_inputs=[{"prop_id": f"{key}.{prop}", "value": value}]))
    try:
        yield
    finally:
        context_value.reset(token)


@pytest.fixture
def results(settings, sample, works) -> dict:
    return run(works, None, sample, settings=settings)[0]


def test_a_cell_names_the_instance_of_its_row_by_iri_or_label(results):
    bindings = results["results"]["bindings"]
    row = next(i for i, b in enumerate(bindings) if b["ice_hockey_player_1"]["value"] == GRETZKY["iri"])
    by_label = cell_instance({"row": row, "column_id": "ice_hockey_player_1_label"}, results)
    assert by_label == cell_instance({"row": row, "column_id": "ice_hockey_player_1"}, results) == GRETZKY
    work = cell_instance({"row": 0, "column_id": "work_1_label"}, results)
    assert work == {"iri": bindings[0]["work_1"]["value"], "var": "work_1"}
    assert cell_instance({"row": len(bindings), "column_id": "work_1"}, results) is None
    assert cell_instance({"row": 0, "column_id": "nothing"}, results) is None
    assert cell_instance(None, results) is None and cell_instance({"row": 0, "column_id": "work_1"}, None) is None


def test_a_count_cell_is_not_an_instance(settings, sample, golden_graph):
    counted = run(golden_graph("e_count_works_per_player").model_dump(mode="json"), None, sample,
                  settings=settings)[0]
    assert cell_instance({"row": 0, "column_id": "count"}, counted) is None


def test_pick_follows_the_table_the_graph_the_card_and_the_close_button(results):
    with clicked(ids.RESULTS_TABLE, prop="active_cell"):
        opened, cell = pick_instance({"row": 0, "column_id": "work_1"}, None, [], None, results)
        assert opened["var"] == "work_1" and cell is None  # let go, so the same cell can open it again
        assert pick_instance({"row": 0, "column_id": "nothing"}, None, [], None, results) == (no_update,) * 2
        assert pick_instance(None, None, [], None, results) == (no_update,) * 2
    with clicked(ids.INSTANCE_GRAPH, prop="tapNodeData"):
        assert pick_instance(None, {"id": GRETZKY["iri"], "var": "ice_hockey_player_1"}, [], None,
                             results) == (GRETZKY, no_update)
    neighbour = ids.explore_neighbour(DBR + "Edmonton_Oilers")
    with clicked(neighbour):
        assert pick_instance(None, None, [1], None, results)[0] == {"iri": DBR + "Edmonton_Oilers", "var": None}
    with clicked(neighbour, value=None):  # a button just drawn, not clicked
        assert pick_instance(None, None, [None], None, results) == (no_update,) * 2
    with clicked(ids.EXPLORE_CLOSE):
        assert pick_instance(None, None, [], 1, results) == (None, no_update)


def test_the_card_shows_the_instance_and_offers_its_node_first(settings, sample, works):
    hidden, body, options, value, message = show_card(GRETZKY, works, sample, settings=settings)
    text = _text(body)
    assert not hidden and message == "" and "Wayne Gretzky" in text and "ice hockey player" in text.lower()
    assert "former team (4)" in text and "birth date" in text and "Links in" in text
    buttons = _find(body, lambda c: isinstance(c, html.Button))
    assert ids.explore_neighbour(DBR + "Edmonton_Oilers") in [b.id for b in buttons]
    assert value == "ice_hockey_player_1" and options[-1]["value"] == ids.EXPLORE_NEW_NODE
    assert [o["value"] for o in options] == ["ice_hockey_player_1", ids.EXPLORE_NEW_NODE]
    assert show_card(None, works, sample, settings=settings)[0] is True


def test_the_card_of_a_bad_value_says_so_in_one_line(settings, sample, works):
    hidden, _, options, value, message = show_card({"iri": "not an iri", "var": None}, works, sample,
                                                   settings=settings)
    assert not hidden and options == [] and value is None and "not a valid IRI" in _text(message)


def test_use_in_query_pins_the_node_and_records_undo(settings, sample, works):
    history = {"past": [], "future": []}
    graph_out, history_out, edit_message, message = use_instance(1, "ice_hockey_player_1", GRETZKY, works, history,
                                                                 sample, settings=settings)
    pinned = PrototypeGraph.model_validate(graph_out)
    assert pinned.node("ice_hockey_player_1").instances == (GRETZKY["iri"],)
    assert history_out["past"] == [works] and "Wayne Gretzky is now ?ice_hockey_player_1" in message
    assert edit_message == message
    again = use_instance(1, "ice_hockey_player_1", GRETZKY, graph_out, history_out, sample, settings=settings)
    assert again[:3] == (no_update,) * 3 and "already" in again[3]


def test_use_in_query_adds_a_node_of_the_instance_class(settings, sample, works):
    graph_out = use_instance(1, ids.EXPLORE_NEW_NODE, GRETZKY, works, None, sample, settings=settings)[0]
    added = PrototypeGraph.model_validate(graph_out).nodes[-1]
    assert added.class_ == DBO + "IceHockeyPlayer" and added.instances == (GRETZKY["iri"],)
    assert len(graph_out["nodes"]) == len(works["nodes"]) + 1


def test_use_in_query_refuses_a_node_of_another_class(settings, sample, works):
    out = use_instance(1, "work_1", GRETZKY, works, None, sample, settings=settings)
    assert out[:3] == (no_update,) * 3 and "is not a work" in _text(out[3])
    assert "Choose a node" in use_instance(1, None, GRETZKY, works, None, sample, settings=settings)[3]

"""The "Shape results" panel, called directly: the graph shown in the controls, and the controls written back."""

from __future__ import annotations

from dash import no_update

from app.graph.model import PrototypeGraph
from components.callbacks.shaping import order_options, shape, show_shape

D = "http://dbpedia.org/ontology/"
GRAPH = {
    "nodes": [{"id": "person_1", "class": D + "Person"}, {"id": "university_1", "class": D + "University"}],
    "edges": [{"source": "person_1", "link": D + "almaMater", "target": "university_1"}],
}
HISTORY = {"past": [], "future": []}


def test_show_shape_mirrors_an_unshaped_graph(settings, sample):
    (count_options, count, group_options, group, group_disabled, orders, order, direction,
     limit) = show_shape(GRAPH, sample, settings=settings)
    assert [o["value"] for o in count_options] == ["person_1", "university_1"] and count_options == group_options
    assert (count, group, group_disabled, order, direction, limit) == (None, [], True, None, "asc", None)
    assert [o["value"] for o in orders] == ["label:person_1", "node:person_1", "label:university_1",
                                            "node:university_1"]


def test_show_shape_of_a_counted_graph(settings, sample):
    graph = {**GRAPH, "aggregation": {"count": "person_1", "group_by": ["university_1"]},
             "order_by": [{"node": "count", "descending": True}], "limit": 5}
    _, count, _, group, group_disabled, orders, order, direction, limit = show_shape(graph, sample, settings=settings)
    assert (count, group, group_disabled, order, direction, limit) == ("person_1", ["university_1"], False, "count",
                                                                       "desc", 5)
    assert [o["value"] for o in orders] == ["label:university_1", "node:university_1", "count"]


def test_shape_writes_count_group_order_and_limit_with_undo():
    graph_out, history_out, message = shape("person_1", ["university_1"], "count", "desc", 10, GRAPH, HISTORY)
    graph = PrototypeGraph.model_validate(graph_out)
    assert graph.aggregation.count == "person_1" and graph.aggregation.group_by == ("university_1",)
    assert [(o.node, o.descending) for o in graph.order_by] == [("count", True)] and graph.limit == 10
    assert len(history_out["past"]) == 1 and message == "Results reshaped."


def test_shape_sorts_by_a_label_and_clears_a_limit():
    limited = {**GRAPH, "limit": 3}
    graph_out, _, _ = shape(None, [], "label:university_1", "asc", None, limited, HISTORY)
    graph = PrototypeGraph.model_validate(graph_out)
    assert graph.order_by[0].label and graph.order_by[0].node == "university_1" and graph.limit is None


def test_shape_of_the_graph_as_shown_changes_nothing(settings, sample):
    graph = {**GRAPH, "aggregation": {"count": "person_1", "group_by": ["university_1"]},
             "order_by": [{"node": "count", "descending": True}, {"node": "university_1"}], "limit": 5}
    _, count, _, group, _, _, order, direction, limit = show_shape(graph, sample, settings=settings)
    assert shape(count, group, order, direction, limit, graph, HISTORY) == (no_update, no_update, no_update)


def test_dropping_the_count_drops_the_count_order():
    counted = {**GRAPH, "aggregation": {"count": "person_1"}, "order_by": [{"node": "count"}]}
    graph = PrototypeGraph.model_validate(shape(None, [], "count", "asc", None, counted, HISTORY)[0])
    assert graph.aggregation is None and graph.order_by == ()


def test_a_bad_limit_is_a_message_not_an_edit():
    assert shape(None, [], None, "asc", 0, GRAPH, HISTORY) == (no_update, no_update, "the limit must be at least 1")
    assert shape(None, [], None, "asc", None, {"nodes": []}, HISTORY) == (no_update, no_update, no_update)


def test_order_options_keep_a_key_the_panel_would_not_offer():
    graph = PrototypeGraph.model_validate({**GRAPH, "nodes": [GRAPH["nodes"][0], {**GRAPH["nodes"][1], "select": False}],
                                           "order_by": [{"node": "university_1"}]})
    assert [o["value"] for o in order_options(graph)] == ["label:person_1", "node:person_1", "node:university_1"]

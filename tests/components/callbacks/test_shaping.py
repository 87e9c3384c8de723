"""The "Shape results" panel, called directly: the graph shown in the controls, and the controls written back."""

from __future__ import annotations

import pytest
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
    (count_options, count, group_options, group, group_disabled, having_op, op_disabled, having_value,
     value_disabled, orders, order, direction, limit) = show_shape(GRAPH, sample, settings=settings)
    assert [o["value"] for o in count_options] == ["person_1", "university_1"] and count_options == group_options
    assert (count, group, group_disabled, order, direction, limit) == (None, [], True, None, "asc", None)
    assert (having_op, op_disabled, having_value, value_disabled) == (None, True, None, True)
    assert [o["value"] for o in orders] == ["label:person_1", "node:person_1", "label:university_1",
                                            "node:university_1"]


def test_show_shape_of_a_counted_graph(settings, sample):
    graph = {**GRAPH, "aggregation": {"count": "person_1", "group_by": ["university_1"]},
             "order_by": [{"node": "count", "descending": True}], "limit": 5}
    (_, count, _, group, group_disabled, having_op, op_disabled, having_value, value_disabled, orders, order,
     direction, limit) = show_shape(graph, sample, settings=settings)
    assert (count, group, group_disabled, order, direction, limit) == ("person_1", ["university_1"], False, "count",
                                                                       "desc", 5)
    assert (having_op, op_disabled, having_value, value_disabled) == (None, False, None, False)
    assert [o["value"] for o in orders] == ["label:university_1", "node:university_1", "count"]


def test_shape_writes_count_group_order_and_limit_with_undo():
    graph_out, history_out, message = shape("person_1", ["university_1"], None, None, "count", "desc", 10, GRAPH, HISTORY)
    graph = PrototypeGraph.model_validate(graph_out)
    assert graph.aggregation.count == "person_1" and graph.aggregation.group_by == ("university_1",)
    assert [(o.node, o.descending) for o in graph.order_by] == [("count", True)] and graph.limit == 10
    assert len(history_out["past"]) == 1 and message == "Results reshaped."


def test_shape_sorts_by_a_label_and_clears_a_limit():
    limited = {**GRAPH, "limit": 3}
    graph_out, _, _ = shape(None, [], None, None, "label:university_1", "asc", None, limited, HISTORY)
    graph = PrototypeGraph.model_validate(graph_out)
    assert graph.order_by[0].label and graph.order_by[0].node == "university_1" and graph.limit is None


def test_shape_of_the_graph_as_shown_changes_nothing(settings, sample):
    graph = {**GRAPH, "aggregation": {"count": "person_1", "group_by": ["university_1"]},
             "order_by": [{"node": "count", "descending": True}, {"node": "university_1"}], "limit": 5}
    _, count, _, group, _, having_op, _, having_value, _, _, order, direction, limit = show_shape(
        graph, sample, settings=settings)
    assert shape(count, group, having_op, having_value, order, direction, limit, graph, HISTORY) == (
        no_update, no_update, no_update)


def test_dropping_the_count_drops_the_count_order():
    counted = {**GRAPH, "aggregation": {"count": "person_1"}, "order_by": [{"node": "count"}]}
    graph = PrototypeGraph.model_validate(shape(None, [], None, None, "count", "asc", None, counted, HISTORY)[0])
    assert graph.aggregation is None and graph.order_by == ()


def test_a_bad_limit_is_a_message_not_an_edit():
    assert shape(None, [], None, None, None, "asc", 0, GRAPH, HISTORY) == (no_update, no_update,
                                                                           "the limit must be at least 1")
    assert shape(None, [], None, None, None, "asc", None, {"nodes": []}, HISTORY) == (no_update, no_update, no_update)


def test_order_options_keep_a_key_the_panel_would_not_offer():
    graph = PrototypeGraph.model_validate({**GRAPH, "nodes": [GRAPH["nodes"][0], {**GRAPH["nodes"][1], "select": False}],
                                           "order_by": [{"node": "university_1"}]})
    assert [o["value"] for o in order_options(graph)] == ["label:person_1", "node:person_1", "node:university_1"]


COUNTED = {**GRAPH, "aggregation": {"count": "person_1", "group_by": ["university_1"],
                                    "having": {"op": ">", "value": 5}},
           "order_by": [{"node": "count", "descending": True}]}


def test_show_shape_mirrors_a_count_condition(settings, sample):
    _, _, _, _, _, having_op, op_disabled, having_value, value_disabled, *_ = show_shape(COUNTED, sample,
                                                                                        settings=settings)
    assert (having_op, op_disabled, having_value, value_disabled) == (">", False, 5, False)


def test_shape_writes_a_count_condition_with_undo():
    graph_out, history_out, message = shape("person_1", ["university_1"], ">=", 3.0, "count", "desc", None,
                                            GRAPH, HISTORY)
    having = PrototypeGraph.model_validate(graph_out).aggregation.having
    assert (having.op.value, having.value) == (">=", 3) and type(having.value) is int
    assert len(history_out["past"]) == 1 and message == "Results reshaped."


def test_shape_of_a_graph_with_a_condition_as_shown_changes_nothing(settings, sample):
    shown = show_shape(COUNTED, sample, settings=settings)
    count, group, having_op, having_value = shown[1], shown[3], shown[5], shown[7]
    order, direction, limit = shown[10], shown[11], shown[12]
    assert shape(count, group, having_op, having_value, order, direction, limit, COUNTED, HISTORY) == (
        no_update, no_update, no_update)


def test_clearing_the_condition_or_the_count_drops_the_condition():
    kept = PrototypeGraph.model_validate(shape("person_1", ["university_1"], None, None, "count", "desc", None,
                                               COUNTED, HISTORY)[0])
    assert kept.aggregation.count == "person_1" and kept.aggregation.having is None
    # The controls still hold the bound when the count is cleared: it goes with the count, not refused.
    uncounted = PrototypeGraph.model_validate(shape(None, [], ">", 5, None, "asc", None, COUNTED, HISTORY)[0])
    assert uncounted.aggregation is None


@pytest.mark.parametrize(("having_op", "having_value", "message"), [
    (">", -2, "the count is compared with a whole number of at least 0, not -2"),
    (">", 2.5, "the count is compared with a whole number of at least 0, not 2.5"),
    (">", None, "say how many: the condition on the count needs a number"),
    (None, 4, "choose how the count compares with 4"),
    ("<", 0, "a count is never fewer than 0, so no result would be left"),
])
def test_a_bad_condition_is_a_message_not_an_edit(having_op, having_value, message):
    assert shape("person_1", ["university_1"], having_op, having_value, None, "asc", None, GRAPH, HISTORY) == (
        no_update, no_update, message)


def test_a_sort_by_a_value_is_offered_and_written_back_unchanged(settings, sample):
    graph = {**GRAPH, "order_by": [{"node": "university_1", "descending": True, "property": D + "numberOfStudents"}],
             "limit": 1}
    options = order_options(PrototypeGraph.model_validate(graph))
    assert {"label": "?university_1 numberOfStudents",
            "value": "value:university_1:" + D + "numberOfStudents"} in options
    _, count, _, group, _, having_op, _, having_value, _, _, order, direction, limit = show_shape(
        graph, sample, settings=settings)
    assert shape(count, group, having_op, having_value, order, direction, limit, graph, HISTORY) == (
        no_update, no_update, no_update)

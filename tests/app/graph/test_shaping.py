"""Count, sort and limit as the "Shape results" panel sets them."""

from __future__ import annotations

import dataclasses

import pytest

from app.errors import EditError
from app.graph.model import OrderBy, PrototypeGraph
from app.graph.shaping import Shape, order_keys, set_shape, shape_of

EX = "http://ex.org/"
GRAPH = PrototypeGraph.model_validate({
    "nodes": [{"id": "p", "class": EX + "Person"}, {"id": "u", "class": EX + "University"},
              {"id": "c", "class": EX + "City", "select": False}],
    "edges": [{"source": "p", "link": EX + "almaMater", "target": "u"},
              {"source": "u", "link": EX + "city", "target": "c"}],
})


def test_order_keys_are_the_returned_nodes_labels_and_iris_and_the_count():
    assert order_keys(GRAPH) == ["label:p", "node:p", "label:u", "node:u"]
    counted = set_shape(GRAPH, Shape(count="p", group_by=("u",)))
    assert order_keys(counted) == ["label:u", "node:u", "count"]


def test_set_shape_then_shape_of_round_trips():
    wanted = Shape(count="p", group_by=("u",), order="count", descending=True, limit=7)
    shaped = set_shape(GRAPH, wanted)
    assert shape_of(shaped) == wanted
    assert shaped.aggregation.count == "p" and shaped.order_by[0].node == "count" and shaped.limit == 7


def test_a_count_condition_round_trips_and_goes_into_the_aggregation():
    wanted = Shape(count="p", group_by=("u",), having_op=">", having_value=5)
    shaped = set_shape(GRAPH, wanted)
    assert shaped.aggregation.having.model_dump(mode="json") == {"op": ">", "value": 5}
    assert shape_of(shaped) == wanted
    assert shape_of(GRAPH).having_op is None and shape_of(GRAPH).having_value is None
    assert set_shape(shaped, Shape(count="p", group_by=("u",))).aggregation.having is None  # cleared


def test_the_count_node_is_not_also_a_group_and_later_sort_keys_stay():
    shaped = set_shape(GRAPH, Shape(count="p", group_by=("p", "u")))
    assert shaped.aggregation.group_by == ("u",)
    two = GRAPH.model_copy(update={"order_by": set_shape(GRAPH, Shape(order="label:p")).order_by
                                   + set_shape(GRAPH, Shape(order="node:u")).order_by})
    assert [o.node for o in set_shape(two, Shape(order="label:p", descending=True)).order_by] == ["p", "u"]
    assert [o.node for o in set_shape(two, Shape(order="node:u")).order_by] == ["u"]


def test_a_sort_the_new_count_cannot_do_is_dropped():
    by_label = set_shape(GRAPH, Shape(order="label:p"))
    assert set_shape(by_label, Shape(count="u", group_by=("c",), order="label:p")).order_by == ()
    assert set_shape(GRAPH, Shape(order="count")).order_by == ()  # nothing counted, nothing to sort by
    hidden_iri = GRAPH.model_copy(update={"order_by": set_shape(GRAPH, Shape(order="node:u")).order_by})
    hidden_iri = hidden_iri.model_copy(update={"order_by": (hidden_iri.order_by[0].model_copy(update={"node": "c"}),)})
    assert set_shape(hidden_iri, Shape(order="node:c")).order_by[0].node == "c"  # an unreturned IRI still sorts


@pytest.mark.parametrize(("shape", "message"), [
    (Shape(count="x"), "no node 'x'"), (Shape(count="p", group_by=("y",)), "no node 'y'"),
    (Shape(limit=0), "at least 1"), (Shape(order="weight:p"), "unknown order"),
    (Shape(having_op=">", having_value=5), "needs something to count: choose what to count first"),
    (Shape(count="p", having_op=">", having_value=-1), "at least 0, not -1"),
    (Shape(count="p", having_op=">", having_value=2.5), "a whole number of at least 0, not 2.5"),
    (Shape(count="p", having_op="contains", having_value=2), "cannot be compared with 'contains'"),
    (Shape(count="p", having_op=">"), "needs a number"),
    (Shape(count="p", having_value=3), "choose how the count compares with 3"),
    (Shape(count="p", having_op="<", having_value=0), "never fewer than 0"),
])
def test_bad_shapes_are_edit_errors(shape, message):
    with pytest.raises(EditError, match=message):
        set_shape(GRAPH, shape)


def test_a_sort_by_a_value_survives_the_panel():
    # "the most expensive book" sorts by the book's price: writing the panel back must keep that attribute
    priced = GRAPH.model_copy(update={"order_by": (OrderBy(node="u", descending=True, property=EX + "rank"),),
                                      "limit": 1})
    assert shape_of(priced).order == "value:u:" + EX + "rank"
    assert set_shape(priced, shape_of(priced)) == priced
    chosen = set_shape(GRAPH, Shape(order="value:p:" + EX + "birthDate"))
    assert (chosen.order_by[0].node, chosen.order_by[0].property) == ("p", EX + "birthDate")


def test_an_average_round_trips_and_keeps_its_attribute_when_the_order_changes():
    wanted = Shape(count="p", group_by=("u",), function="avg", measure=EX + "height", order="count", descending=True)
    shaped = set_shape(GRAPH, wanted)
    assert shape_of(shaped) == wanted
    assert (shaped.aggregation.function.value, shaped.aggregation.property) == ("avg", EX + "height")
    resorted = set_shape(shaped, dataclasses.replace(shape_of(shaped), descending=False))
    assert resorted.aggregation == shaped.aggregation


@pytest.mark.parametrize(("shape", "message"), [
    (Shape(count="p", function="avg"), "choose the attribute whose average to compute"),
    (Shape(count="p", function="sum", measure=EX + "height", having_op=">", having_value=3), "only a count"),
    (Shape(count="p", function="median", measure=EX + "height"), "unknown aggregate 'median'"),
])
def test_a_figure_the_panel_cannot_make_is_refused_with_a_reason(shape, message):
    with pytest.raises(EditError, match=message):
        set_shape(GRAPH, shape)

"""The "Shape results" panel: an aggregate (a count with its groups and bound, or an average, total, minimum or
maximum of an attribute), sort by one key, limit.

:func:`show_shape` mirrors the graph into the controls; :func:`shape` writes the
controls back into the graph (with undo). Showing the graph's own values writes
the same graph back, which :func:`~components.callbacks.common.commit` turns into
no update, so the two callbacks do not loop. :func:`offer_measures` follows the
aggregate the user is choosing before the graph holds it: an average needs its
attribute chosen before the graph can change.
"""

from __future__ import annotations

import dash
from dash import Input, Output, State, no_update

from app.errors import USER_ERRORS
from app.graph.model import AGGREGATE_NAMES, AggregateFunction, PrototypeGraph
from app.graph.shaping import Shape, order_keys, set_shape, shape_of
from app.graph.validate import AGGREGATED_KINDS
from app.settings import Settings
from components import ids, views
from components.callbacks.common import (
    EDIT_OUTPUTS,
    bind,
    commit,
    error_text,
    load_graph,
    ontology_or_none,
)
from ontology_loaders import Ontology, local_name
from ontology_loaders.vocab import datatype_kind

__all__ = ["SHOWN", "measure_options", "offer_measures", "order_options", "register", "shape", "show_shape"]

_COUNT = AggregateFunction.COUNT.value

#: The control properties :func:`show_shape` fills, in the order it returns them (its callback's outputs).
SHOWN = (
    (ids.SHAPE_COUNT, "options"), (ids.SHAPE_COUNT, "value"),
    (ids.SHAPE_FUNCTION, "value"),
    (ids.SHAPE_MEASURE, "options"), (ids.SHAPE_MEASURE, "value"), (ids.SHAPE_MEASURE, "disabled"),
    (ids.SHAPE_GROUP_BY, "options"), (ids.SHAPE_GROUP_BY, "value"), (ids.SHAPE_GROUP_BY, "disabled"),
    (ids.SHAPE_HAVING_OP, "value"), (ids.SHAPE_HAVING_OP, "disabled"),
    (ids.SHAPE_HAVING_VALUE, "value"), (ids.SHAPE_HAVING_VALUE, "disabled"),
    (ids.SHAPE_ORDER, "options"), (ids.SHAPE_ORDER, "value"),
    (ids.SHAPE_DIRECTION, "value"),
    (ids.SHAPE_LIMIT, "value"),
)


def order_options(graph: PrototypeGraph) -> list[dict[str, str]]:
    """The sort keys as dropdown options: each returned node's label and IRI, and the aggregate (by its name)."""
    keys = order_keys(graph)
    current = shape_of(graph).order
    if current is not None and current not in keys:
        keys.append(current)  # a key the panel would not offer still shows, rather than being dropped
    aggregate = AGGREGATE_NAMES[graph.aggregation.function] if graph.aggregation else "count"
    options = []
    for key in keys:
        kind, _, node = key.partition(":")
        if kind == "value":
            node, _, attribute = node.partition(":")
            label = f"?{node} {attribute.rstrip('/#').rsplit('/', 1)[-1].rsplit('#', 1)[-1]}"
        else:
            label = aggregate if key == "count" else (f"label of ?{node}" if kind == "label" else f"?{node} (IRI)")
        options.append({"label": label, "value": key})
    return options


def measure_options(graph: PrototypeGraph, node_id: str | None, function: str | None,
                    ontology: Ontology | None) -> list[dict[str, str]]:
    """The attributes of the node's class whose values ``function`` can compute, as "label (kind)" options.

    The graph's own measure is offered even where it does not fit: a dropdown empties a value missing from its
    options, and an emptied attribute would refuse the next edit, while the validator already says what is wrong.
    """
    node = graph.node(node_id) if node_id else None
    fitting = AGGREGATED_KINDS.get(function, set())  # the function's value keys its enum member; a count has none
    attributes = ontology.attributes_of(node.class_) if node is not None and ontology is not None else []
    options = [{"label": f"{a.label} ({datatype_kind(a.range).value})", "value": a.iri}
               for a in sorted(attributes, key=lambda a: a.label.casefold()) if datatype_kind(a.range) in fitting]
    own = graph.aggregation.property if graph.aggregation else None
    if own and own not in {o["value"] for o in options}:
        options.append({"label": ontology.label(own) if ontology else local_name(own), "value": own})
    return options


def _disabled(count: str | None, function: str | None) -> tuple[bool, bool]:
    """Whether the attribute and the bound are off: an attribute is for a figure, a bound for a count."""
    uncounted = not count
    return uncounted or function in (None, _COUNT), uncounted or function not in (None, _COUNT)


def show_shape(graph_data: dict | None, source: dict | None, *, settings: Settings) -> tuple:
    """Options and values of the panel's controls, read from the graph, in :data:`SHOWN` order.

    Groups wait for an aggregate, the attribute for a figure, the bound for a count.
    """
    graph = load_graph(graph_data)
    ontology = ontology_or_none(settings, source)
    nodes = views.node_options(graph, ontology) if not graph.is_empty() else []
    current = shape_of(graph)
    measure_off, bound_off = _disabled(current.count, current.function)
    return (nodes, current.count,
            current.function,
            measure_options(graph, current.count, current.function, ontology), current.measure, measure_off,
            nodes, list(current.group_by), current.count is None,
            current.having_op, bound_off,
            current.having_value, bound_off,
            order_options(graph), current.order,
            "desc" if current.descending else "asc",
            current.limit)


def offer_measures(count: str | None, function: str | None, graph_data: dict | None, source: dict | None, *,
                   settings: Settings) -> tuple:
    """The attribute options and which controls are off, for the aggregate being chosen.

    Choosing "average" leaves the graph a count until an attribute is chosen, so
    the attributes follow the controls here rather than the graph.
    """
    graph = load_graph(graph_data)
    measure_off, bound_off = _disabled(count, function)
    options = measure_options(graph, count, function, ontology_or_none(settings, source))
    return options, measure_off, bound_off, bound_off


def _whole(number: float | None) -> int | float | None:
    """A number input's value as an int when it is whole (the browser sends 5.0 as well as 5); others pass on."""
    if number in (None, ""):
        return None
    return int(number) if isinstance(number, float) and number.is_integer() else number


def shape(count: str | None, function: str | None, measure: str | None, group_by: list[str] | None,
          having_op: str | None, having_value: float | None, order: str | None, direction: str | None,
          limit: float | None, graph_data: dict | None, history: dict | None) -> tuple:
    """The graph with the panel's aggregate and its bound, sort and limit: graph, history and a message."""
    graph = load_graph(graph_data)
    if graph.is_empty():
        return no_update, no_update, no_update
    # The function dropdown cannot be cleared; were it ever empty, the graph's own aggregate stays what it is.
    function = function or shape_of(graph).function
    # A bound is only a count's: clearing the count or choosing a figure drops it (its controls turn off),
    # as clearing the count drops the groups, rather than being refused.
    bounded = bool(count) and function == _COUNT
    wanted = Shape(
        count=count or None,
        group_by=tuple(group_by or ()) if count else (),
        having_op=(having_op or None) if bounded else None,
        having_value=_whole(having_value) if bounded else None,
        order=order or None,
        descending=direction == "desc",
        limit=int(limit) if limit not in (None, "") else None,
        function=function,
        measure=(measure or None) if function != _COUNT else None,
    )
    try:
        shaped = set_shape(graph, wanted)
    except USER_ERRORS as error:
        return no_update, no_update, error_text(error)
    graph_out, history_out = commit(graph_data, shaped, history)
    return graph_out, history_out, ("Results reshaped." if graph_out is not no_update else no_update)


def register(app: dash.Dash, settings: Settings) -> None:
    app.callback(
        *(Output(component, prop) for component, prop in SHOWN),
        Input(ids.GRAPH_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
    )(bind(show_shape, settings=settings))
    app.callback(
        Output(ids.SHAPE_MEASURE, "options", allow_duplicate=True),
        Output(ids.SHAPE_MEASURE, "disabled", allow_duplicate=True),
        Output(ids.SHAPE_HAVING_OP, "disabled", allow_duplicate=True),
        Output(ids.SHAPE_HAVING_VALUE, "disabled", allow_duplicate=True),
        Input(ids.SHAPE_COUNT, "value"),
        Input(ids.SHAPE_FUNCTION, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call=True,
    )(bind(offer_measures, settings=settings))
    app.callback(
        *EDIT_OUTPUTS,
        Input(ids.SHAPE_COUNT, "value"),
        Input(ids.SHAPE_FUNCTION, "value"),
        Input(ids.SHAPE_MEASURE, "value"),
        Input(ids.SHAPE_GROUP_BY, "value"),
        Input(ids.SHAPE_HAVING_OP, "value"),
        Input(ids.SHAPE_HAVING_VALUE, "value"),
        Input(ids.SHAPE_ORDER, "value"),
        Input(ids.SHAPE_DIRECTION, "value"),
        Input(ids.SHAPE_LIMIT, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.HISTORY_STORE, "data"),
        prevent_initial_call=True,
    )(shape)

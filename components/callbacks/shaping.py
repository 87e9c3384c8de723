"""The "Shape results" panel: count (grouped by some nodes, with a bound), sort by one key, limit.

:func:`show_shape` mirrors the graph into the controls; :func:`shape` writes the
controls back into the graph (with undo). Showing the graph's own values writes
the same graph back, which :func:`~components.callbacks.common.commit` turns into
no update, so the two callbacks do not loop.
"""

from __future__ import annotations

import dash
from dash import Input, Output, State, no_update

from app.errors import USER_ERRORS
from app.graph.model import PrototypeGraph
from app.graph.shaping import Shape, order_keys, set_shape, shape_of
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

__all__ = ["order_options", "register", "shape", "show_shape"]


def order_options(graph: PrototypeGraph) -> list[dict[str, str]]:
    """The sort keys as dropdown options: each returned node's label and IRI, and the count."""
    keys = order_keys(graph)
    current = shape_of(graph).order
    if current is not None and current not in keys:
        keys.append(current)  # a key the panel would not offer still shows, rather than being dropped
    options = []
    for key in keys:
        kind, _, node = key.partition(":")
        if kind == "value":
            node, _, attribute = node.partition(":")
            label = f"?{node} {attribute.rstrip('/#').rsplit('/', 1)[-1].rsplit('#', 1)[-1]}"
        else:
            label = "count" if key == "count" else (f"label of ?{node}" if kind == "label" else f"?{node} (IRI)")
        options.append({"label": label, "value": key})
    return options


def show_shape(graph_data: dict | None, source: dict | None, *, settings: Settings) -> tuple:
    """Options and values of the panel's controls, read from the graph; groups and bound wait for a count."""
    graph = load_graph(graph_data)
    nodes = views.node_options(graph, ontology_or_none(settings, source)) if not graph.is_empty() else []
    current = shape_of(graph)
    uncounted = current.count is None
    return (nodes, current.count, nodes, list(current.group_by), uncounted,
            current.having_op, uncounted, current.having_value, uncounted,
            order_options(graph), current.order, "desc" if current.descending else "asc", current.limit)


def _whole(number: float | None) -> int | float | None:
    """A number input's value as an int when it is whole (the browser sends 5.0 as well as 5); others pass on."""
    if number in (None, ""):
        return None
    return int(number) if isinstance(number, float) and number.is_integer() else number


def shape(count: str | None, group_by: list[str] | None, having_op: str | None, having_value: float | None,
          order: str | None, direction: str | None, limit: float | None, graph_data: dict | None,
          history: dict | None) -> tuple:
    """The graph with the panel's count and its bound, sort and limit: graph, history and a message."""
    graph = load_graph(graph_data)
    if graph.is_empty():
        return no_update, no_update, no_update
    wanted = Shape(
        count=count or None,
        # Clearing the count clears what only a count has (its groups and its bound), rather than being refused.
        group_by=tuple(group_by or ()) if count else (),
        having_op=(having_op or None) if count else None,
        having_value=_whole(having_value) if count else None,
        order=order or None,
        descending=direction == "desc",
        limit=int(limit) if limit not in (None, "") else None,
    )
    try:
        shaped = set_shape(graph, wanted)
    except USER_ERRORS as error:
        return no_update, no_update, error_text(error)
    graph_out, history_out = commit(graph_data, shaped, history)
    return graph_out, history_out, ("Results reshaped." if graph_out is not no_update else no_update)


def register(app: dash.Dash, settings: Settings) -> None:
    app.callback(
        Output(ids.SHAPE_COUNT, "options"),
        Output(ids.SHAPE_COUNT, "value"),
        Output(ids.SHAPE_GROUP_BY, "options"),
        Output(ids.SHAPE_GROUP_BY, "value"),
        Output(ids.SHAPE_GROUP_BY, "disabled"),
        Output(ids.SHAPE_HAVING_OP, "value"),
        Output(ids.SHAPE_HAVING_OP, "disabled"),
        Output(ids.SHAPE_HAVING_VALUE, "value"),
        Output(ids.SHAPE_HAVING_VALUE, "disabled"),
        Output(ids.SHAPE_ORDER, "options"),
        Output(ids.SHAPE_ORDER, "value"),
        Output(ids.SHAPE_DIRECTION, "value"),
        Output(ids.SHAPE_LIMIT, "value"),
        Input(ids.GRAPH_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
    )(bind(show_shape, settings=settings))
    app.callback(
        *EDIT_OUTPUTS,
        Input(ids.SHAPE_COUNT, "value"),
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

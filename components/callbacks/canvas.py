"""The canvas and what is derived from the graph: drawing, description, URL, selection.

The history menu is in :mod:`components.callbacks.history`.
"""

from __future__ import annotations

import json

import dash
from dash import ClientsideFunction, Input, Output, State, ctx, html, no_update

from app.graph.restate import restate
from app.settings import Settings
from components import ids, views
from components.callbacks.common import (
    bind,
    dump_graph,
    load_graph,
    ontology_or_none,
    problems_of,
)
from components.elements import (
    auto_layout,
    graph_to_elements,
    mark_guesses,
    positions_from_elements,
)
from components.ids import InspectTarget
from components.layout import ENDPOINT_VALUE
from components.transparency import guessed_parts
from components.urlstate import decode_hash, decode_positions, encode_hash

__all__ = ["describe", "draw", "follow_selection", "register", "remember_in_url", "restore_from_url"]

_RESTORABLE_KINDS = {"sample", "endpoint", "upload"}


def draw(graph_data: dict | None, _layout: int | None, stages: dict | None, elements: list | None,
         source: dict | None, fragment: str | None = None, *, settings: Settings) -> list[dict]:
    """The canvas's elements: dragged positions survive edits; a new draft or the layout button re-lays out.

    An empty canvas takes the positions a shared link carries, so it opens as its sender arranged it.
    Parts the last draft only guessed are marked (dashed amber) until they are edited away.
    """
    graph = load_graph(graph_data)
    fresh = {ids.LAYOUT_BUTTON, ids.STAGES_STORE} & set(ctx.triggered_prop_ids.values())
    if fresh:
        positions = auto_layout(graph)
    else:
        positions = positions_from_elements(elements) or decode_positions(fragment)
    drawn = graph_to_elements(graph, ontology_or_none(settings, source), positions)
    return mark_guesses(drawn, guessed_parts(stages))


def describe(graph_data: dict | None, source: dict | None, *, settings: Settings) -> tuple:
    """The restatement, validation warning, debug JSON, and the node and inspector pickers' options."""
    graph = load_graph(graph_data)
    ontology = ontology_or_none(settings, source)
    debug = json.dumps(graph_data or {}, indent=1, sort_keys=True)
    if graph.is_empty():
        return "Ask a question or add a node to start.", "", debug, [], [], []
    problems = problems_of(graph, ontology)
    warning = [html.Strong("Not valid for this ontology: "), "; ".join(problems[:3])] if problems else ""
    nodes = views.node_options(graph, ontology)
    return restate(graph, ontology), warning, debug, nodes, nodes, views.inspect_options(graph, ontology)


def remember_in_url(graph_data: dict | None, source: dict | None, elements: list | None,
                    href: str | None) -> tuple:
    """The URL hash carrying graph, source and node positions, and the full link for the share button.

    A drawing alone never clears the hash: the canvas draws an empty graph on page load, before a shared
    link's graph is read.
    """
    if ctx.triggered_id == ids.CYTOSCAPE and not (graph_data or {}).get("nodes"):
        return no_update, no_update
    fragment = encode_hash(graph_data, source, positions_from_elements(elements))
    base = (href or "").split("#", 1)[0]
    return fragment, base + fragment


def restore_from_url(fragment: str | None, graph_data: dict | None, source: dict | None) -> tuple:
    """The graph and source a shared link carries, where they differ from the session's."""
    found = decode_hash(fragment)
    graph_out = source_out = select_out = endpoint_out = no_update
    if found["graph"] is not None:
        try:
            graph = load_graph(found["graph"])
        except ValueError:
            graph = None
        if graph is not None and graph != load_graph(graph_data):
            graph_out = dump_graph(graph)
    wanted = found["source"]
    if wanted and wanted != source and wanted.get("kind") in _RESTORABLE_KINDS:
        source_out = wanted
        if wanted["kind"] == "sample":
            select_out = f"sample:{wanted.get('name')}"
        elif wanted["kind"] == "endpoint":
            select_out, endpoint_out = ENDPOINT_VALUE, wanted.get("url")
    return graph_out, source_out, select_out, endpoint_out


def follow_selection(nodes: list[dict] | None, edges: list[dict] | None, _current_from: str | None) -> tuple:
    """Selected nodes fill the link pickers (last two, in order); the last selected item is inspected."""
    nodes, edges = nodes or [], edges or []
    if ctx.triggered_id == ids.CYTOSCAPE and "selectedEdgeData" in " ".join(ctx.triggered_prop_ids) and edges:
        return no_update, no_update, InspectTarget("edge", edges[-1]["id"]).format()
    if len(nodes) >= 2:
        return nodes[-2]["id"], nodes[-1]["id"], InspectTarget("node", nodes[-1]["id"]).format()
    if len(nodes) == 1:
        return nodes[0]["id"], None, InspectTarget("node", nodes[0]["id"]).format()
    return no_update, no_update, no_update


def register(app: dash.Dash, settings: Settings) -> None:
    app.callback(
        Output(ids.CYTOSCAPE, "elements"),
        Input(ids.GRAPH_STORE, "data"),
        Input(ids.LAYOUT_BUTTON, "n_clicks"),
        Input(ids.STAGES_STORE, "data"),
        State(ids.CYTOSCAPE, "elements"),
        State(ids.SOURCE_STORE, "data"),
        State(ids.URL, "hash"),
    )(bind(draw, settings=settings))
    app.callback(
        Output(ids.RESTATEMENT, "children"),
        Output(ids.VALIDATION, "children"),
        Output(ids.GRAPH_DEBUG, "children"),
        Output(ids.LINK_FROM, "options"),
        Output(ids.LINK_TO, "options"),
        Output(ids.INSPECT_SELECT, "options"),
        Input(ids.GRAPH_STORE, "data"),
        Input(ids.SOURCE_STORE, "data"),
    )(bind(describe, settings=settings))
    app.callback(
        Output(ids.URL, "hash"),
        Output(ids.SHARE_COPY, "content"),
        Input(ids.GRAPH_STORE, "data"),
        Input(ids.SOURCE_STORE, "data"),
        # Dragging a node updates the elements, so the link keeps the arrangement.
        Input(ids.CYTOSCAPE, "elements"),
        State(ids.URL, "href"),
        # Not on page load: the hash a shared link arrives with must be read before anything writes one.
        prevent_initial_call=True,
    )(remember_in_url)
    app.callback(
        Output(ids.GRAPH_STORE, "data", allow_duplicate=True),
        Output(ids.SOURCE_STORE, "data", allow_duplicate=True),
        Output(ids.SOURCE_SELECT, "value"),
        Output(ids.SOURCE_ENDPOINT, "value"),
        Input(ids.URL, "hash"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call="initial_duplicate",
    )(restore_from_url)
    app.callback(
        Output(ids.LINK_FROM, "value"),
        Output(ids.LINK_TO, "value"),
        Output(ids.INSPECT_SELECT, "value"),
        Input(ids.CYTOSCAPE, "selectedNodeData"),
        Input(ids.CYTOSCAPE, "selectedEdgeData"),
        State(ids.LINK_FROM, "value"),
        prevent_initial_call=True,
    )(follow_selection)
    # The inspector's pick is selected on the canvas too (assets/canvas.js), which needs the live canvas.
    app.clientside_callback(
        ClientsideFunction(namespace="protograph", function_name="selectInspected"),
        Output(ids.CANVAS_HIGHLIGHT, "data"),
        Input(ids.INSPECT_SELECT, "value"),
        prevent_initial_call=True,
    )

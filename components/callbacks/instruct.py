"""Edit by instruction: a text box under the canvas; the edit is previewed as a difference, then applied or discarded.

The preview draws the edited graph on the canvas with what it adds (green),
removes (red) and changes (amber), and keeps the edit in its own store; the
graph itself changes only on Apply, as one commit, so one undo reverts it.
"""

from __future__ import annotations

import dash
from dash import Input, Output, State, no_update

from app.errors import USER_ERRORS
from app.nl.instruction import edit_by_instruction
from app.settings import Settings
from components import ids
from components.callbacks.common import (
    EDIT_OUTPUTS,
    bind,
    commit,
    dump_graph,
    error_span,
    error_text,
    load_graph,
    ontology_or_none,
    resources_for,
)
from components.elements import (
    diff_elements,
    graph_to_elements,
    positions_from_elements,
)

__all__ = ["apply_preview", "discard_preview", "preview", "preview_buttons", "register"]


def preview(_clicks: int | None, instruction: str | None, graph_data: dict | None, source: dict | None,
            elements: list | None, *, settings: Settings) -> tuple:
    """Parse the instruction against the current graph: the previewed edit, the canvas's difference, a message."""
    text = (instruction or "").strip()
    if not text:
        return no_update, no_update, "Type what to change, e.g. “drop the child”."
    graph = load_graph(graph_data)
    try:
        resources = resources_for(settings, source)
        result = edit_by_instruction(text, graph, resources)
    except USER_ERRORS as error:
        return None, no_update, error_span(error_text(error))
    if not result.operations:
        return None, no_update, error_span(result.messages[0] if result.messages else "Nothing to change.")
    stored = {"before": dump_graph(graph), "after": dump_graph(result.graph), "lines": result.lines}
    canvas = diff_elements(graph, result.graph, resources.ontology, positions_from_elements(elements))
    return stored, canvas, "Preview: " + "; ".join(result.lines) + ". Apply or discard."


def apply_preview(_clicks: int | None, stored: dict | None, graph_data: dict | None, history: dict | None) -> tuple:
    """Commit the previewed edit (one history step); refused if the graph changed since the preview."""
    if not stored:
        return no_update, no_update, no_update, no_update, "Nothing to apply: preview an instruction first."
    if load_graph(stored["before"]) != load_graph(graph_data):
        return no_update, no_update, no_update, None, error_span("The graph changed since the preview; preview again.")
    graph_out, history_out = commit(graph_data, load_graph(stored["after"]), history)
    done = "Applied: " + "; ".join(stored.get("lines") or []) + "."
    return graph_out, history_out, done, None, done


def discard_preview(_clicks: int | None, graph_data: dict | None, elements: list | None, source: dict | None,
                    *, settings: Settings) -> tuple:
    """Forget the preview and draw the graph as it is."""
    canvas = graph_to_elements(load_graph(graph_data), ontology_or_none(settings, source),
                               positions_from_elements(elements))
    return None, canvas, "Discarded."


def preview_buttons(stored: dict | None) -> tuple[bool, bool]:
    """Apply and Discard are enabled only while an edit is previewed."""
    return not stored, not stored


def register(app: dash.Dash, settings: Settings) -> None:
    app.callback(
        Output(ids.INSTRUCT_STORE, "data", allow_duplicate=True),
        Output(ids.CYTOSCAPE, "elements", allow_duplicate=True),
        Output(ids.INSTRUCT_MESSAGE, "children", allow_duplicate=True),
        Input(ids.INSTRUCT_PREVIEW, "n_clicks"),
        Input(ids.INSTRUCTION, "n_submit"),
        State(ids.INSTRUCTION, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
        State(ids.CYTOSCAPE, "elements"),
        prevent_initial_call=True,
        running=[(Output(ids.INSTRUCT_PREVIEW, "disabled"), True, False)],
    )(bind(_preview_either, settings=settings))
    app.callback(
        *EDIT_OUTPUTS,
        Output(ids.INSTRUCT_STORE, "data", allow_duplicate=True),
        Output(ids.INSTRUCT_MESSAGE, "children", allow_duplicate=True),
        Input(ids.INSTRUCT_APPLY, "n_clicks"),
        State(ids.INSTRUCT_STORE, "data"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.HISTORY_STORE, "data"),
        prevent_initial_call=True,
    )(apply_preview)
    app.callback(
        Output(ids.INSTRUCT_STORE, "data", allow_duplicate=True),
        Output(ids.CYTOSCAPE, "elements", allow_duplicate=True),
        Output(ids.INSTRUCT_MESSAGE, "children", allow_duplicate=True),
        Input(ids.INSTRUCT_DISCARD, "n_clicks"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.CYTOSCAPE, "elements"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call=True,
    )(bind(discard_preview, settings=settings))
    app.callback(
        Output(ids.INSTRUCT_APPLY, "disabled"),
        Output(ids.INSTRUCT_DISCARD, "disabled"),
        Input(ids.INSTRUCT_STORE, "data"),
    )(preview_buttons)


def _preview_either(_clicks: int | None, _submits: int | None, instruction: str | None, graph_data: dict | None,
                    source: dict | None, elements: list | None, *, settings: Settings) -> tuple:
    """The Preview button and Enter in the box do the same."""
    return preview(_clicks, instruction, graph_data, source, elements, settings=settings)

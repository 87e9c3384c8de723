"""The history: undo/redo state, the menu of earlier graphs (question and restatement), comparing two of them.

The history store lives in the browser's local storage, so it outlasts a
reload; undo, redo and restoring an entry are in :mod:`components.callbacks.toolbar`.
"""

from __future__ import annotations

import dash
from dash import Input, Output, State, no_update

from app.graph.history import History
from app.graph.instruct import diff_graphs
from app.graph.model import PrototypeGraph
from app.settings import Settings
from components import ids, views
from components.callbacks.common import bind, load_graph, ontology_or_none
from components.elements import auto_layout, diff_elements

__all__ = ["CURRENT", "compare", "note_question", "register", "show_history"]

#: The compare pickers' value for the graph on the canvas.
CURRENT = "current"


def show_history(history: dict | None, source: dict | None, *, settings: Settings) -> tuple:
    """Undo/redo enabled only when there is something to undo or redo; the menu and the compare pickers' choices."""
    past = History.from_json(history)
    options = views.history_options(past, ontology_or_none(settings, source))
    choices = [{"label": "The current graph", "value": CURRENT}, *options]
    return not past.can_undo, not past.can_redo, options, None, choices, choices


def note_question(stages: dict | None, question: str | None, history: dict | None) -> dict | object:
    """Remember the question behind the graph a draft just produced, for the history menu to show."""
    graph = (stages or {}).get("cleaned")
    if not question or not isinstance(graph, dict):
        return no_update
    return History.from_json(history).note(graph, question).to_json()


def _entry(value: int | str, past: History, graph_data: dict | None) -> PrototypeGraph:
    if value == CURRENT:
        return load_graph(graph_data)
    return load_graph(past.past[int(value)])


def compare(first: int | str | None, second: int | str | None, graph_data: dict | None, history: dict | None,
            source: dict | None, *, settings: Settings) -> tuple:
    """The second graph drawn with what it adds to the first (green), removes (red) and changes (amber)."""
    if first is None or second is None:
        return [], "Pick two graphs to see what changed from the first to the second."
    past = History.from_json(history)
    try:
        before, after = _entry(first, past, graph_data), _entry(second, past, graph_data)
    except (IndexError, ValueError):
        return [], "That graph is no longer in the history."
    diff = diff_graphs(before, after)
    if diff.is_empty():
        return [], "The two graphs are the same."
    counts = (("added", len(diff.added_nodes) + len(diff.added_edges)),
              ("removed", len(diff.removed_nodes) + len(diff.removed_edges)),
              ("changed", len(diff.changed_nodes) + len(diff.changed_edges)))
    summary = ", ".join(f"{n} {word}" for word, n in counts if n) or "only the result shaping changed"
    elements = diff_elements(before, after, ontology_or_none(settings, source), auto_layout(after))
    return elements, summary[0].upper() + summary[1:] + "."


def register(app: dash.Dash, settings: Settings) -> None:
    app.callback(
        Output(ids.UNDO_BUTTON, "disabled"),
        Output(ids.REDO_BUTTON, "disabled"),
        Output(ids.HISTORY_SELECT, "options"),
        Output(ids.HISTORY_SELECT, "value"),
        Output(ids.HISTORY_COMPARE_FROM, "options"),
        Output(ids.HISTORY_COMPARE_TO, "options"),
        Input(ids.HISTORY_STORE, "data"),
        Input(ids.SOURCE_STORE, "data"),
    )(bind(show_history, settings=settings))
    app.callback(
        Output(ids.HISTORY_STORE, "data", allow_duplicate=True),
        Input(ids.STAGES_STORE, "data"),
        State(ids.QUESTION_STORE, "data"),
        State(ids.HISTORY_STORE, "data"),
        prevent_initial_call=True,
    )(note_question)
    app.callback(
        Output(ids.HISTORY_DIFF, "elements"),
        Output(ids.HISTORY_DIFF_MESSAGE, "children"),
        Input(ids.HISTORY_COMPARE_FROM, "value"),
        Input(ids.HISTORY_COMPARE_TO, "value"),
        Input(ids.GRAPH_STORE, "data"),
        Input(ids.HISTORY_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
    )(bind(compare, settings=settings))

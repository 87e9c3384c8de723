"""The SPARQL tab: the compiled query, and an editor whose changes flow back into the graph."""

from __future__ import annotations

import dash
from dash import Input, Output, State, no_update

from app.errors import USER_ERRORS
from app.query.parse import parse_sparql
from app.settings import Settings
from components import ids
from components.callbacks.common import (
    bind,
    commit,
    compile_query,
    error_span,
    error_text,
    load_graph,
    ontology_or_none,
    problems_of,
)

__all__ = ["apply_sparql", "register", "show_sparql", "toggle_sparql_editor"]


def show_sparql(graph_data: dict | None, *, settings: Settings) -> tuple:
    """The query for the text view and the editor (a compile error is shown as a SPARQL comment)."""
    graph = load_graph(graph_data)
    if graph.is_empty():
        return "", ""
    try:
        query = compile_query(graph, settings)
    except USER_ERRORS as error:
        return f"# {error_text(error)}", no_update
    return query, query


def toggle_sparql_editor(_clicks: int | None, hidden: bool | None) -> tuple[bool, str]:
    return (not hidden), ("Close the editor" if hidden else "Edit the query")


def apply_sparql(_clicks: int | None, query: str | None, graph_data: dict | None, history: dict | None,
                 source: dict | None, *, settings: Settings) -> tuple:
    """Parse the edited query into a graph and commit it, unless it does not fit the ontology."""
    try:
        graph = parse_sparql(query or "")
    except USER_ERRORS as error:
        return no_update, no_update, error_span(error_text(error))
    problems = problems_of(graph, ontology_or_none(settings, source))
    if problems:
        return no_update, no_update, error_span("Not applied: " + "; ".join(problems[:3]))
    graph_out, history_out = commit(graph_data, graph, history)
    return graph_out, history_out, "Applied to the graph." if graph_out is not no_update else "No change."


def register(app: dash.Dash, settings: Settings) -> None:
    app.callback(
        Output(ids.SPARQL_TEXT, "children"),
        Output(ids.SPARQL_EDITOR, "value"),
        Input(ids.GRAPH_STORE, "data"),
    )(bind(show_sparql, settings=settings))
    app.callback(
        Output(ids.SPARQL_EDITOR_ROW, "hidden"),
        Output(ids.SPARQL_EDIT_TOGGLE, "children"),
        Input(ids.SPARQL_EDIT_TOGGLE, "n_clicks"),
        State(ids.SPARQL_EDITOR_ROW, "hidden"),
        prevent_initial_call=True,
    )(toggle_sparql_editor)
    app.callback(
        Output(ids.GRAPH_STORE, "data", allow_duplicate=True),
        Output(ids.HISTORY_STORE, "data", allow_duplicate=True),
        Output(ids.SPARQL_MESSAGE, "children"),
        Input(ids.SPARQL_APPLY, "n_clicks"),
        State(ids.SPARQL_EDITOR, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.HISTORY_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call=True,
    )(bind(apply_sparql, settings=settings))

"""The editing toolbar: add nodes (class search) and links (ontology-allowed), undo, redo, clear, history."""

from __future__ import annotations

import json
from collections.abc import Callable

import dash
from dash import Input, Output, State, ctx, no_update

from app.errors import USER_ERRORS, EditError
from app.graph import edits, suggestions
from app.graph.history import History
from app.resources import Resources
from app.settings import Settings
from components import ids, views
from components.callbacks import search
from components.callbacks.common import (
    EDIT_OUTPUTS,
    bind,
    commit,
    dump_graph,
    error_text,
    load_graph,
    resources_for,
)
from components.ids import InspectTarget

__all__ = ["add_link", "add_node", "disabled_until_chosen", "offer_links", "register", "search_classes", "travel"]

Similarity = Callable[[str, list[str]], dict[str, float]]


def _similarity_or_none(resources: Resources, question: str | None) -> Similarity | None:
    """Scores of links against the question, when the index is loaded (never waits for a model)."""
    if not question or not resources.is_loaded("index"):
        return None
    index = resources.index

    def similarity(text: str, link_iris: list[str]) -> dict[str, float]:
        return {c.iri: c.score for c in index.links.score(index.embed(text), link_iris)}

    return similarity


def search_classes(text: str | None, chosen: str | None, source: dict | None, *, settings: Settings) -> list[dict]:
    """Classes matching the typed text (once typing pauses), by name or meaning; the chosen one stays listed."""
    resources = resources_for(settings, source)
    try:
        ontology = resources.ontology
    except USER_ERRORS:
        return []
    options = suggestions.class_options(text or "", ontology, search.index_or_none(resources, text),
                                    search.instance_counts(resources, "classes"))
    found = views.class_search_options(options, text)
    if chosen and all(o["value"] != chosen for o in found):
        found.insert(0, {"label": ontology.label(chosen), "value": chosen, "search": f"{text or ''} "
                         f"{ontology.label(chosen)}".strip()})
    return found


def disabled_until_chosen(value: str | None) -> bool:
    """An add button is disabled until its dropdown has a value."""
    return not value


def add_node(_clicks: int | None, class_iri: str | None, graph_data: dict | None, history: dict | None,
             source: dict | None, *, settings: Settings) -> tuple:
    """Add a node of the chosen class and inspect it."""
    if not class_iri:
        return no_update, no_update, "Pick a class first.", no_update, no_update
    try:
        ontology = resources_for(settings, source).ontology
        graph = edits.add_node(load_graph(graph_data), class_iri, ontology)
    except USER_ERRORS as error:
        return no_update, no_update, error_text(error), no_update, no_update
    new_id = graph.nodes[-1].id
    # Options and value travel together: a dropdown drops a value its options do not list yet.
    return (*commit(graph_data, graph, history), f"Added ?{new_id}.", views.inspect_options(graph, ontology),
            InspectTarget("node", new_id).format())


def offer_links(source_id: str | None, target_id: str | None, graph_data: dict | None, text: str | None,
                question: str | None, source: dict | None, *, settings: Settings) -> tuple:
    """The links the ontology allows between the two picked nodes, best first, and a hint.

    Ranked for the question, or for the text typed into the link dropdown (once
    typing pauses): then the choice and the hint stay as they were.
    """
    resources = resources_for(settings, source)
    try:
        ontology = resources.ontology
    except USER_ERRORS:
        return [], None, ""
    options, value, hint = views.link_choice(
        load_graph(graph_data), source_id, target_id, ontology, question=question,
        counts=search.instance_counts(resources, "links"), similarity=_similarity_or_none(resources, question),
        text=text, index=search.index_or_none(resources, text),
    )
    if ctx.triggered_id == ids.search_text(ids.LINK_SELECT):
        return options, no_update, no_update
    return options, value, hint


def add_link(_clicks: int | None, choice: str | None, graph_data: dict | None, history: dict | None,
             source: dict | None, *, settings: Settings) -> tuple:
    """Add the chosen link (a JSON ``[source, link, target]`` option value)."""
    if not choice:
        return no_update, no_update, "Pick a link first."
    try:
        source_id, link, target_id = json.loads(choice)
        graph = edits.add_edge(load_graph(graph_data), source_id, link, target_id,
                                 resources_for(settings, source).ontology)
    except USER_ERRORS as error:
        return no_update, no_update, error_text(error)
    return *commit(graph_data, graph, history), "Linked."


def travel(_undo: int | None, _redo: int | None, _clear: int | None, restore_index: int | str | None,
           graph_data: dict | None, history_data: dict | None) -> tuple:
    """Undo, redo, clear, or restore an earlier graph from the history menu."""
    history = History.from_json(history_data)
    current = dump_graph(load_graph(graph_data))
    trigger = ctx.triggered_id
    try:
        if trigger == ids.UNDO_BUTTON:
            history, graph = history.undo(current)
            return graph, history.to_json(), "Undone."
        if trigger == ids.REDO_BUTTON:
            history, graph = history.redo(current)
            return graph, history.to_json(), "Redone."
        if trigger == ids.CLEAR_BUTTON:
            return *commit(graph_data, edits.clear(), history_data), "Cleared."
        if trigger == ids.HISTORY_SELECT and restore_index is not None:
            history, graph = history.restore(current, int(restore_index))
            return graph, history.to_json(), "Restored an earlier graph."
    except EditError as error:
        return no_update, no_update, error_text(error)
    return no_update, no_update, no_update


def register(app: dash.Dash, settings: Settings) -> None:
    search.debounce(app, ids.ADD_NODE_SEARCH)
    search.debounce(app, ids.LINK_SELECT)
    app.callback(
        Output(ids.ADD_NODE_SEARCH, "options"),
        Input(ids.search_text(ids.ADD_NODE_SEARCH), "data"),
        State(ids.ADD_NODE_SEARCH, "value"),
        State(ids.SOURCE_STORE, "data"),
    )(bind(search_classes, settings=settings))
    app.callback(Output(ids.ADD_NODE_BUTTON, "disabled"), Input(ids.ADD_NODE_SEARCH, "value"))(disabled_until_chosen)
    app.callback(
        *EDIT_OUTPUTS,
        Output(ids.INSPECT_SELECT, "options", allow_duplicate=True),
        Output(ids.INSPECT_SELECT, "value", allow_duplicate=True),
        Input(ids.ADD_NODE_BUTTON, "n_clicks"),
        State(ids.ADD_NODE_SEARCH, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.HISTORY_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call=True,
    )(bind(add_node, settings=settings))
    app.callback(
        Output(ids.LINK_SELECT, "options"),
        Output(ids.LINK_SELECT, "value"),
        Output(ids.LINK_HINT, "children"),
        Input(ids.LINK_FROM, "value"),
        Input(ids.LINK_TO, "value"),
        Input(ids.GRAPH_STORE, "data"),
        Input(ids.search_text(ids.LINK_SELECT), "data"),
        State(ids.QUESTION_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
    )(bind(offer_links, settings=settings))
    app.callback(Output(ids.ADD_LINK_BUTTON, "disabled"), Input(ids.LINK_SELECT, "value"))(disabled_until_chosen)
    app.callback(
        *EDIT_OUTPUTS,
        Input(ids.ADD_LINK_BUTTON, "n_clicks"),
        State(ids.LINK_SELECT, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.HISTORY_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call=True,
    )(bind(add_link, settings=settings))
    app.callback(
        *EDIT_OUTPUTS,
        Input(ids.UNDO_BUTTON, "n_clicks"),
        Input(ids.REDO_BUTTON, "n_clicks"),
        Input(ids.CLEAR_BUTTON, "n_clicks"),
        Input(ids.HISTORY_SELECT, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.HISTORY_STORE, "data"),
        prevent_initial_call=True,
    )(travel)

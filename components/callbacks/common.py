"""What the panels' callbacks share: the session's resources and graph, commits, edits and error text.

Callbacks are module-level functions; the server's :class:`Settings` reach them
as a keyword argument bound at registration (:func:`bind`), so a test calls
them with a ``Settings`` and plain store dicts.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from dash import Output, State, html, no_update

from app.errors import USER_ERRORS
from app.graph.history import History
from app.graph.model import PrototypeGraph
from app.graph.validate import validate_graph
from app.query.compile import compile_sparql
from app.query.sparql_results import SparqlResults
from app.resources import Resources, get_resources
from app.sources import settings_for_source
from app.settings import Settings
from components import ids, views
from components.elements import edge_from_id
from components.ids import InspectTarget, node_id_of
from ontology_loaders import Ontology

__all__ = [
    "EDIT_OUTPUTS",
    "INSPECTED_SESSION",
    "bind",
    "commit",
    "compile_query",
    "dump_graph",
    "edge_edit",
    "error_span",
    "error_text",
    "load_graph",
    "node_edit",
    "ontology_or_none",
    "parse_results",
    "problems_of",
    "resources_for",
]

#: What an edit writes: the graph, the undo history and the message under the toolbar.
EDIT_OUTPUTS = (
    Output(ids.GRAPH_STORE, "data", allow_duplicate=True),
    Output(ids.HISTORY_STORE, "data", allow_duplicate=True),
    Output(ids.EDIT_MESSAGE, "children", allow_duplicate=True),
)
#: What an inspector edit reads besides its own control: graph, history, the inspected item, data source.
INSPECTED_SESSION = (State(ids.GRAPH_STORE, "data"), State(ids.HISTORY_STORE, "data"),
                     State(ids.INSPECT_SELECT, "value"), State(ids.SOURCE_STORE, "data"))


def bind(callback: Callable[..., Any], **context: Any) -> Callable[..., Any]:
    """``callback`` with keyword arguments fixed, keeping its name and source.

    Dash hashes a background callback's source (``inspect.getsource``), which
    follows ``__wrapped__`` but cannot read a bare ``functools.partial``.
    """
    return functools.update_wrapper(functools.partial(callback, **context), callback)


def resources_for(settings: Settings, source: dict | None) -> Resources:
    """The shared resources of a session's data source."""
    return get_resources(settings_for_source(settings, source))


def ontology_or_none(settings: Settings, source: dict | None) -> Ontology | None:
    """The source's ontology, or ``None`` when it does not load (views then fall back to local names)."""
    try:
        return resources_for(settings, source).ontology
    except USER_ERRORS:
        return None


def load_graph(data: Any) -> PrototypeGraph:
    return PrototypeGraph.model_validate(data or {})


def dump_graph(graph: PrototypeGraph) -> dict:
    return graph.model_dump(mode="json")


def parse_results(data: dict) -> SparqlResults:
    return SparqlResults.model_validate(data)


def commit(before: dict | None, after: PrototypeGraph, history: dict | None) -> tuple[Any, Any]:
    """The new graph store and history store after an edit, or ``no_update`` twice if nothing changed."""
    before_graph = load_graph(before)
    if after == before_graph:
        return no_update, no_update
    return dump_graph(after), History.from_json(history).record(dump_graph(before_graph)).to_json()


def error_text(error: Exception) -> str:
    """The first line of an error's message (its class name when it has none), for a status line."""
    return str(error).splitlines()[0] if str(error) else type(error).__name__


def error_span(text: str) -> html.Span:
    return html.Span(text, className="error")


def problems_of(graph: PrototypeGraph, ontology: Ontology | None) -> list[str]:
    """Why ``graph`` does not fit ``ontology`` (nothing to say without an ontology)."""
    return validate_graph(graph, ontology).messages() if ontology is not None else []


def compile_query(graph: PrototypeGraph, settings: Settings) -> str:
    """The graph's own query, as the SPARQL tab shows it and the ``.rq`` export saves it.

    Only the graph's own LIMIT (the Shape panel's) applies: the results table pages
    through every row, so a default cap here would make the query shown differ from
    the rows shown, and reading the edited query back would pin that cap on the graph.
    """
    return compile_sparql(graph, limit=None, language=settings.language)


def node_edit(operation: Callable[..., PrototypeGraph], *args: Any, settings: Settings, graph_data: dict | None,
              history: dict | None, target: str | None, source: dict | None, message: str = "") -> tuple:
    """Apply ``operation(graph, node_id, *args, ontology)`` to the inspected node: graph, history, message.

    A no-op when the control merely shows the current state, so that showing a
    node in the inspector never records an edit.
    """
    node_id = node_id_of(target)
    if node_id is None:
        return no_update, no_update, no_update
    try:
        graph = operation(load_graph(graph_data), node_id, *args, resources_for(settings, source).ontology)
    except USER_ERRORS as error:
        return no_update, no_update, error_text(error)
    graph_out, history_out = commit(graph_data, graph, history)
    return graph_out, history_out, (message if graph_out is not no_update else no_update)


def edge_edit(operation: Callable[[PrototypeGraph, str, str, str], tuple[PrototypeGraph, str | None]], *,
              settings: Settings, graph_data: dict | None, history: dict | None, target: str | None,
              source: dict | None, message: str) -> tuple:
    """Apply ``operation(graph, source_id, link, target_id) -> (graph, new inspector value)`` to the inspected edge.

    Returns graph, history, message, and the inspector's options and value,
    which travel together: a dropdown drops a value its options do not list yet.
    """
    nothing = (no_update,) * 5
    inspected = InspectTarget.parse(target)
    if inspected is None or inspected.kind != "edge":
        return nothing
    try:
        source_id, link, target_id = edge_from_id(inspected.id)
        graph, new_target = operation(load_graph(graph_data), source_id, link, target_id)
    except USER_ERRORS as error:
        return no_update, no_update, error_text(error), no_update, no_update
    graph_out, history_out = commit(graph_data, graph, history)
    if graph_out is no_update:
        return nothing
    options = views.inspect_options(graph, ontology_or_none(settings, source))
    return graph_out, history_out, message, options, new_target

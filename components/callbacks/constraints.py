"""The inspector's constraints: an editor chosen by the attribute's datatype, and adding or removing one."""

from __future__ import annotations

import dash
from dash import ALL, Input, Output, State, ctx, no_update

from app.errors import EditError
from app.graph import edits, suggestions
from app.graph.model import Constraint, PrototypeGraph
from app.resources import Resources
from app.settings import Settings
from components import ids, views
from components.callbacks.common import (
    EDIT_OUTPUTS,
    INSPECTED_SESSION,
    bind,
    error_text,
    load_graph,
    node_edit,
    resources_for,
)
from components.ids import node_id_of
from ontology_loaders import Ontology

__all__ = ["add_constraint", "constraint_editor", "register", "remove_constraint", "show_value"]

_HIDDEN_STYLE = {"display": "none"}
_NO_EDITOR = ([], None, "text", "value", {}, _HIDDEN_STYLE, True, True)
_PLACEHOLDERS = {"number": "a number", "date": "YYYY-MM-DD", "text": "text"}


def _attribute(resources: Resources, graph_data: dict | None, target: str | None, property_iri: str) -> dict | None:
    """The inspected node's attribute ``property_iri`` (label, datatype, kind), or ``None`` if it has none such."""
    node_id = node_id_of(target)
    if node_id is None:
        return None
    node = load_graph(graph_data).node(node_id)
    if node is None:
        return None
    return next((a for a in suggestions.attribute_options(resources.ontology, node.class_) if a["iri"] == property_iri),
                None)


def constraint_editor(property_iri: str | None, target: str | None, graph_data: dict | None, source: dict | None,
                      *, settings: Settings) -> tuple:
    """Operators, input type, placeholder, which input shows (text or true/false), and whether Add and
    Show value are disabled, for the attribute."""
    if not property_iri:
        return _NO_EDITOR
    attribute = _attribute(resources_for(settings, source), graph_data, target, property_iri)
    if attribute is None:
        return _NO_EDITOR
    ops = views.operator_options(attribute["datatype"])
    kind = attribute["kind"]
    show_bool = kind == "boolean"
    return (ops, ops[0]["value"], views.input_type_for(kind), _PLACEHOLDERS.get(kind, "value"),
            _HIDDEN_STYLE if show_bool else {}, {} if show_bool else _HIDDEN_STYLE, False, False)


def add_constraint(_clicks: int | None, _submit: int | None, property_iri: str | None, op: str | None,
                   value: object, bool_value: object, graph_data: dict | None, history: dict | None,
                   target: str | None, source: dict | None, *, settings: Settings) -> tuple:
    """Add ``attribute op value`` to the inspected node: graph, history, message, and the editor's hint."""
    if not property_iri or node_id_of(target) is None:
        return no_update, no_update, no_update, "Pick an attribute."
    attribute = _attribute(resources_for(settings, source), graph_data, target, property_iri)
    if attribute is None:
        return no_update, no_update, no_update, "This attribute does not apply here."
    if attribute["kind"] == "boolean":
        value = bool_value
    try:
        constraint = edits.make_constraint(property_iri, op, value, attribute["datatype"])
    except EditError as error:
        return no_update, no_update, no_update, error_text(error)

    def append(graph: PrototypeGraph, node_id: str, ontology: Ontology) -> PrototypeGraph:
        kept: list[Constraint] = list(graph.node(node_id).constraints)
        return edits.set_constraints(graph, node_id, [*kept, constraint], ontology)

    out = node_edit(append, settings=settings, graph_data=graph_data, history=history, target=target,
                    source=source, message="Constraint added.")
    return *out, ""


def show_value(_clicks: int | None, property_iri: str | None, graph_data: dict | None, history: dict | None,
               target: str | None, source: dict | None, *, settings: Settings) -> tuple:
    """Show the picked attribute's value on the inspected node ("How tall is X"), or stop showing it."""
    if not property_iri or node_id_of(target) is None:
        return no_update, no_update, no_update, "Pick an attribute."
    node = load_graph(graph_data).node(node_id_of(target))
    shown = node is not None and property_iri in node.shown
    out = node_edit(edits.toggle_shown, property_iri, settings=settings, graph_data=graph_data, history=history,
                    target=target, source=source, message="Value no longer shown." if shown else "Value shown.")
    return *out, ""


def remove_constraint(clicks: list[int | None] | None, graph_data: dict | None, history: dict | None,
                      target: str | None, source: dict | None, *, settings: Settings) -> tuple:
    """Remove the constraint whose × was clicked."""
    if not ctx.triggered_id or not any(clicks or []):
        return no_update, no_update, no_update
    index = ctx.triggered_id["index"]

    def drop(graph: PrototypeGraph, node_id: str, ontology: Ontology) -> PrototypeGraph:
        kept = [c for i, c in enumerate(graph.node(node_id).constraints) if i != index]
        return edits.set_constraints(graph, node_id, kept, ontology)

    return node_edit(drop, settings=settings, graph_data=graph_data, history=history, target=target,
                     source=source, message="Constraint removed.")


def register(app: dash.Dash, settings: Settings) -> None:
    app.callback(
        Output(ids.CONSTRAINT_OP, "options"),
        Output(ids.CONSTRAINT_OP, "value"),
        Output(ids.CONSTRAINT_VALUE, "type"),
        Output(ids.CONSTRAINT_VALUE, "placeholder"),
        Output(ids.CONSTRAINT_VALUE, "style"),
        Output(ids.CONSTRAINT_BOOL, "style"),
        Output(ids.CONSTRAINT_ADD, "disabled"),
        Output(ids.CONSTRAINT_SHOW, "disabled"),
        Input(ids.CONSTRAINT_PROPERTY, "value"),
        State(ids.INSPECT_SELECT, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
    )(bind(constraint_editor, settings=settings))
    app.callback(
        *EDIT_OUTPUTS,
        Output(ids.CONSTRAINT_HINT, "children"),
        Input(ids.CONSTRAINT_ADD, "n_clicks"),
        Input(ids.CONSTRAINT_VALUE, "n_submit"),
        State(ids.CONSTRAINT_PROPERTY, "value"),
        State(ids.CONSTRAINT_OP, "value"),
        State(ids.CONSTRAINT_VALUE, "value"),
        State(ids.CONSTRAINT_BOOL, "value"),
        *INSPECTED_SESSION,
        prevent_initial_call=True,
    )(bind(add_constraint, settings=settings))
    app.callback(
        *EDIT_OUTPUTS,
        Output(ids.CONSTRAINT_HINT, "children", allow_duplicate=True),
        Input(ids.CONSTRAINT_SHOW, "n_clicks"),
        State(ids.CONSTRAINT_PROPERTY, "value"),
        *INSPECTED_SESSION,
        prevent_initial_call=True,
    )(bind(show_value, settings=settings))
    app.callback(
        *EDIT_OUTPUTS,
        Input({"type": ids.CONSTRAINT_REMOVE_TYPE, "index": ALL}, "n_clicks"),
        *INSPECTED_SESSION,
        prevent_initial_call=True,
    )(bind(remove_constraint, settings=settings))

"""The inspector: show the picked node or edge, and apply its edits (class, flags, instances, links).

Constraints, which have their own datatype-driven editor, are in
:mod:`components.callbacks.constraints`.
"""

from __future__ import annotations

import logging

import dash
from dash import Input, Output, State, no_update

from app.errors import USER_ERRORS
from app.graph import edits, suggestions
from app.graph.model import Edge, PrototypeGraph
from app.nl.entity_linking import link_entity
from app.resources import Resources
from app.settings import Settings
from components import ids, views
from components.callbacks import search
from components.callbacks.common import (
    EDIT_OUTPUTS,
    INSPECTED_SESSION,
    bind,
    edge_edit,
    load_graph,
    node_edit,
    resources_for,
)
from components.elements import edge_id
from components.ids import InspectTarget, node_id_of
from ontology_loaders import Ontology, instance_label

__all__ = ["change_class", "change_link", "find_instances", "flip", "inspect", "pin", "register", "remove_link",
           "remove_node", "search_attributes", "search_instances", "set_link_flags", "set_node_flags"]

log = logging.getLogger(__name__)
_HIDDEN = (True, True) + (no_update,) * 11


def _edge_target(source_id: str, link: str, target_id: str) -> str:
    return InspectTarget("edge", edge_id(Edge(source=source_id, link=link, target=target_id))).format()


def inspect(target: str | None, graph_data: dict | None, source: dict | None, *, settings: Settings) -> tuple:
    """Show the node panel or the edge panel, filled for the inspected item (both hidden for none)."""
    inspected = InspectTarget.parse(target)
    if inspected is None:
        return _HIDDEN
    graph = load_graph(graph_data)
    resources = resources_for(settings, source)
    try:
        ontology = resources.ontology
    except USER_ERRORS:
        return _HIDDEN
    if inspected.kind == "node":
        state = views.node_panel_state(graph, inspected.id, ontology, search.instance_counts(resources, "attributes"))
        if not state:
            return _HIDDEN
        return (False, True, state["class_options"], state["class_value"], state["flags"],
                state["instance_options"], state["instances"], views.constraint_items(state["constraints"]),
                state["attribute_options"], no_update, no_update, no_update, no_update)
    state = views.edge_panel_state(graph, inspected.id, ontology)
    if not state:
        return _HIDDEN
    return (True, False, no_update, no_update, no_update, no_update, no_update, no_update, no_update,
            state["link_options"], state["link_value"], state["flags"], not state["can_flip"])


# -- node edits -------------------------------------------------------------------
def change_class(class_iri: str | None, graph_data: dict | None, history: dict | None, target: str | None,
                 source: dict | None, *, settings: Settings) -> tuple:
    if not class_iri:
        return no_update, no_update, no_update
    return node_edit(edits.change_class, class_iri, settings=settings, graph_data=graph_data, history=history,
                     target=target, source=source, message="Class changed.")


def set_node_flags(flags: list[str] | None, graph_data: dict | None, history: dict | None, target: str | None,
                   source: dict | None, *, settings: Settings) -> tuple:
    """Returned or hidden (``select``), and whether subclasses count (``subclasses``)."""
    chosen = set(flags or [])

    def both(graph: PrototypeGraph, node_id: str, _ontology: Ontology) -> PrototypeGraph:
        graph = edits.set_select(graph, node_id, "select" in chosen)
        return edits.set_include_subclasses(graph, node_id, "subclasses" in chosen)

    return node_edit(both, settings=settings, graph_data=graph_data, history=history, target=target, source=source,
                     message="Node updated.")


def pin(instances: list[str] | None, graph_data: dict | None, history: dict | None, target: str | None,
        source: dict | None, *, settings: Settings) -> tuple:
    """Pin the node to the chosen instances (none: any instance)."""
    def pinned(graph: PrototypeGraph, node_id: str, _ontology: Ontology) -> PrototypeGraph:
        return edits.pin_instances(graph, node_id, instances or [])

    return node_edit(pinned, settings=settings, graph_data=graph_data, history=history, target=target,
                     source=source, message="Pinned instances updated.")


def search_instances(text: str | None, chosen: list[str] | None, target: str | None, graph_data: dict | None,
                     source: dict | None, *, settings: Settings) -> list[dict] | object:
    """Instances of the inspected node's class matching the typed text; chosen ones stay listed."""
    node_id = node_id_of(target)
    if not text or node_id is None:
        return no_update
    node = load_graph(graph_data).node(node_id)
    if node is None:
        return no_update
    try:
        found = find_instances(resources_for(settings, source), text, node.class_)
    except USER_ERRORS as error:
        log.info("instance search failed: %s", error)
        found = []
    options = [{"label": label, "value": iri} for iri, label in found]
    known = {o["value"] for o in options}
    options += [{"label": instance_label(i), "value": i} for i in chosen or [] if i not in known]
    return options


def search_attributes(text: str | None, target: str | None, graph_data: dict | None, source: dict | None, *,
                      settings: Settings) -> list[dict] | object:
    """The inspected node's attributes ranked for the typed text (once typing pauses), by name or meaning."""
    node_id = node_id_of(target)
    node = load_graph(graph_data).node(node_id) if node_id else None
    if node is None:
        return no_update
    resources = resources_for(settings, source)
    try:
        ontology = resources.ontology
    except USER_ERRORS:
        return no_update
    found = suggestions.attribute_search(ontology, node.class_, text or "", search.index_or_none(resources, text),
                                         search.instance_counts(resources, "attributes"))
    attributes = {a["iri"]: a for a in suggestions.attribute_options(ontology, node.class_)}
    return views.attribute_search_options(found, text, attributes)


def find_instances(resources: Resources, text: str, class_iri: str) -> list[tuple[str, str]]:
    """``(iri, label)`` of up to ten instances of ``class_iri`` named like ``text``."""
    embedder = resources.embedder if resources.is_loaded("embedder") else None
    matches = link_entity(text, resources.store, class_iri=class_iri, ontology=resources.ontology,
                          embedder=embedder, limit=10, partial=True)
    return [(m.iri, m.label) for m in matches]


def remove_node(_clicks: int | None, graph_data: dict | None, history: dict | None, target: str | None,
                source: dict | None, *, settings: Settings) -> tuple:
    def removed(graph: PrototypeGraph, node_id: str, _ontology: Ontology) -> PrototypeGraph:
        return edits.remove_node(graph, node_id)

    return node_edit(removed, settings=settings, graph_data=graph_data, history=history, target=target,
                     source=source, message="Node removed.")


# -- edge edits -------------------------------------------------------------------
def change_link(new_link: str | None, graph_data: dict | None, history: dict | None, target: str | None,
                source: dict | None, *, settings: Settings) -> tuple:
    """Swap the inspected edge's link for another the ontology allows between the same ends."""
    if not new_link:
        return (no_update,) * 5

    def changed(graph: PrototypeGraph, s: str, link: str, t: str) -> tuple[PrototypeGraph, str]:
        ontology = resources_for(settings, source).ontology
        return edits.change_link(graph, s, link, t, new_link, ontology), _edge_target(s, new_link, t)

    return edge_edit(changed, settings=settings, graph_data=graph_data, history=history, target=target,
                     source=source, message="Link changed.")


def set_link_flags(flags: list[str] | None, graph_data: dict | None, history: dict | None, target: str | None,
                   source: dict | None, *, settings: Settings) -> tuple:
    """Optional and negated, which exclude each other."""
    chosen = set(flags or [])

    def flagged(graph: PrototypeGraph, s: str, link: str, t: str) -> tuple[PrototypeGraph, str | None]:
        edge = edits.find_edge(graph, s, link, t)
        # When both are ticked, the one just ticked wins.
        optional, negated = "optional" in chosen, "negated" in chosen
        if optional and negated:
            optional, negated = not edge.optional, not edge.negated
        return edits.set_edge_flags(graph, s, link, t, optional=optional, negated=negated), target

    return edge_edit(flagged, settings=settings, graph_data=graph_data, history=history, target=target,
                     source=source, message="Link updated.")


def flip(_clicks: int | None, graph_data: dict | None, history: dict | None, target: str | None,
         source: dict | None, *, settings: Settings) -> tuple:
    def flipped(graph: PrototypeGraph, s: str, link: str, t: str) -> tuple[PrototypeGraph, str]:
        ontology = resources_for(settings, source).ontology
        return edits.flip_edge(graph, s, link, t, ontology), _edge_target(t, link, s)

    return edge_edit(flipped, settings=settings, graph_data=graph_data, history=history, target=target,
                     source=source, message="Flipped.")


def remove_link(_clicks: int | None, graph_data: dict | None, history: dict | None, target: str | None,
                source: dict | None, *, settings: Settings) -> tuple:
    def removed(graph: PrototypeGraph, s: str, link: str, t: str) -> tuple[PrototypeGraph, None]:
        return edits.remove_edge(graph, s, link, t), None

    return edge_edit(removed, settings=settings, graph_data=graph_data, history=history, target=target,
                     source=source, message="Link deleted.")


def register(app: dash.Dash, settings: Settings) -> None:
    app.callback(
        Output(ids.NODE_PANEL, "hidden"),
        Output(ids.EDGE_PANEL, "hidden"),
        Output(ids.NODE_CLASS_SELECT, "options"),
        Output(ids.NODE_CLASS_SELECT, "value"),
        Output(ids.NODE_FLAGS, "value"),
        Output(ids.NODE_INSTANCES, "options", allow_duplicate=True),
        Output(ids.NODE_INSTANCES, "value"),
        Output(ids.CONSTRAINT_LIST, "children"),
        Output(ids.CONSTRAINT_PROPERTY, "options"),
        Output(ids.EDGE_LINK_SELECT, "options"),
        Output(ids.EDGE_LINK_SELECT, "value"),
        Output(ids.EDGE_FLAGS, "value"),
        Output(ids.EDGE_FLIP, "disabled"),
        Input(ids.INSPECT_SELECT, "value"),
        Input(ids.GRAPH_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call="initial_duplicate",
    )(bind(inspect, settings=settings))
    node_edits = ((change_class, ids.NODE_CLASS_SELECT, "value"), (set_node_flags, ids.NODE_FLAGS, "value"),
                  (pin, ids.NODE_INSTANCES, "value"), (remove_node, ids.NODE_REMOVE, "n_clicks"))
    for edit, control, prop in node_edits:
        app.callback(*EDIT_OUTPUTS, Input(control, prop), *INSPECTED_SESSION,
                     prevent_initial_call=True)(bind(edit, settings=settings))
    app.callback(
        Output(ids.NODE_INSTANCES, "options"),
        Input(ids.NODE_INSTANCES, "search_value"),
        State(ids.NODE_INSTANCES, "value"),
        State(ids.INSPECT_SELECT, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call=True,
    )(bind(search_instances, settings=settings))
    search.debounce(app, ids.CONSTRAINT_PROPERTY)
    app.callback(
        Output(ids.CONSTRAINT_PROPERTY, "options", allow_duplicate=True),
        Input(ids.search_text(ids.CONSTRAINT_PROPERTY), "data"),
        State(ids.INSPECT_SELECT, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call=True,
    )(bind(search_attributes, settings=settings))
    edge_outputs = (*EDIT_OUTPUTS, Output(ids.INSPECT_SELECT, "options", allow_duplicate=True),
                    Output(ids.INSPECT_SELECT, "value", allow_duplicate=True))
    edge_edits = ((change_link, ids.EDGE_LINK_SELECT, "value"), (set_link_flags, ids.EDGE_FLAGS, "value"),
                  (flip, ids.EDGE_FLIP, "n_clicks"), (remove_link, ids.EDGE_REMOVE, "n_clicks"))
    for edit, control, prop in edge_edits:
        app.callback(*edge_outputs, Input(control, prop), *INSPECTED_SESSION,
                     prevent_initial_call=True)(bind(edit, settings=settings))

"""Exploring from the results: click an instance (table cell or instance graph) to open its card,
walk to a neighbour, and "Use in query" to pin it to a node of the graph.

:func:`pick_instance` decides which instance the card shows (or closes it),
:func:`show_card` reads the card from the knowledge graph
(:func:`app.query.instance_card.instance_card`), and :func:`use_instance`
writes the pin into the graph as an edit (with undo).
"""

from __future__ import annotations

import dash
from dash import ALL, Input, Output, State, ctx, html, no_update

from app.errors import USER_ERRORS
from app.graph.model import PrototypeGraph
from app.query.instance_card import (
    InstanceCard,
    LinkGroup,
    fitting_nodes,
    instance_card,
    instance_classes,
    most_specific_class,
    use_in_query,
)
from app.settings import Settings
from components import ids
from components.callbacks.common import (
    EDIT_OUTPUTS,
    bind,
    commit,
    error_span,
    error_text,
    load_graph,
    ontology_or_none,
    resources_for,
)
from ontology_loaders import Ontology, instance_label, label_from_local_name

__all__ = ["card_view", "cell_instance", "pick_instance", "register", "show_card", "target_options",
           "use_instance"]

_LABEL_SUFFIX = "_label"


# -- pure helpers ---------------------------------------------------------------------------
def cell_instance(active_cell: dict | None, results: dict | None) -> dict | None:
    """``{"iri", "var"}`` of the instance a clicked table cell shows (its IRI or its label), else ``None``.

    The table holds the same page as the results store, so the cell's row indexes its bindings.

    >>> r = {"head": {"vars": ["p", "p_label"]}, "results": {"bindings": [
    ...     {"p": {"type": "uri", "value": "http://e.org/a"}, "p_label": {"type": "literal", "value": "A"}}]}}
    >>> cell_instance({"row": 0, "column_id": "p_label"}, r)
    {'iri': 'http://e.org/a', 'var': 'p'}
    """
    if not active_cell or not results:
        return None
    bindings = (results.get("results") or {}).get("bindings") or []
    row, column = active_cell.get("row"), active_cell.get("column_id") or ""
    if not isinstance(row, int) or not 0 <= row < len(bindings):
        return None
    candidates = [column] + ([column[: -len(_LABEL_SUFFIX)]] if column.endswith(_LABEL_SUFFIX) else [])
    for var in candidates:
        term = bindings[row].get(var) or {}
        if term.get("type") == "uri":
            return {"iri": term["value"], "var": var}
    return None


def _name(ontology: Ontology | None, iri: str) -> str:
    return ontology.label(iri) if ontology is not None else label_from_local_name(iri)


def target_options(graph: PrototypeGraph, classes: tuple[str, ...], ontology: Ontology | None,
                   var: str | None) -> tuple[list[dict[str, str]], str | None]:
    """Where "Use in query" can pin the instance: each node that fits, and a new node; and the default.

    The node the instance was clicked in comes first; without a fitting node, a new node is the default.
    """
    fitting = fitting_nodes(graph, classes, ontology)
    fitting.sort(key=lambda node_id: node_id != var)
    options = [{"label": f"?{n} ({_name(ontology, graph.node(n).class_)})", "value": n} for n in fitting]
    new_class = most_specific_class(classes, ontology) if ontology is not None else None
    if new_class is not None:
        options.append({"label": f"a new node: {_name(ontology, new_class)}", "value": ids.EXPLORE_NEW_NODE})
    return options, (options[0]["value"] if options else None)


def _links(title: str, groups: tuple[LinkGroup, ...]) -> list:
    if not groups:
        return [html.H4(f"{title}: none")]
    items = []
    for group in groups:
        shown = [html.Button(n.label, id=ids.explore_neighbour(n.iri), className="link-btn neighbour", title=n.iri)
                 for n in group.neighbours]
        more = group.count - len(group.neighbours)
        items.append(html.Li([html.Span(f"{group.label} ({group.count:,})", className="link-name", title=group.link),
                              *shown, html.Span(f" +{more:,} more", className="muted") if shown and more else ""]))
    return [html.H4(f"{title} ({sum(g.count for g in groups):,} by {len(groups)} link{'s' * (len(groups) != 1)})"),
            html.Ul(items, className="card-links")]


def card_view(card: InstanceCard, ontology: Ontology | None = None) -> list:
    """The card's body: label and classes, attributes, then links out and in with their counts."""
    # Most specific first: a class with more ancestors sits deeper in the hierarchy.
    depth = (lambda c: -len(ontology.ancestors(c))) if ontology is not None else (lambda c: 0)
    classes = list(dict.fromkeys(_name(ontology, c) for c in sorted(card.classes, key=lambda c: (depth(c), c))))
    attributes = [html.Div([html.Dt(a.label, title=a.property), html.Dd(a.value)], className="attribute")
                  for a in card.attributes]
    more = " (first ones)" if card.more_attributes else ""
    return [
        html.H3(card.label, className="card-title"),
        html.P([html.Span(" · ".join(classes) or "no class", className="card-classes"), " ",
                html.A("IRI", href=card.iri, target="_blank", rel="noopener", title=card.iri)], className="hint"),
        html.H4(f"Attributes ({len(card.attributes)}{more})" if card.attributes else "Attributes: none"),
        html.Dl(attributes, className="card-attributes"),
        *_links("Links out", card.links_out),
        *_links("Links in", card.links_in),
    ]


# -- callbacks ------------------------------------------------------------------------------
def pick_instance(active_cell: dict | None, tapped: dict | None, _neighbours: list | None, _close: int | None,
                  results: dict | None) -> tuple:
    """The instance whose card opens (a clicked cell, a tapped instance, a neighbour on the card; or none),
    and the table's active cell.

    A clicked cell is let go at once, so that clicking it again (after closing the card) opens it again.
    """
    trigger = ctx.triggered_id
    if trigger == ids.EXPLORE_CLOSE:
        return None, no_update
    if trigger == ids.RESULTS_TABLE:
        found = cell_instance(active_cell, results)
        return (found, None) if found else (no_update, no_update)
    if trigger == ids.INSTANCE_GRAPH:
        if tapped and tapped.get("id") and "source" not in tapped:
            return {"iri": tapped["id"], "var": tapped.get("var")}, no_update
        return no_update, no_update
    if isinstance(trigger, dict) and trigger.get("type") == ids.EXPLORE_NEIGHBOUR_TYPE:
        # A button that has just been drawn fires with no clicks; only a real click walks on.
        clicked = [c for c in ctx.triggered if c.get("value")]
        return ({"iri": trigger["iri"], "var": None} if clicked else no_update), no_update
    return no_update, no_update


def show_card(explored: dict | None, graph_data: dict | None, source: dict | None, *, settings: Settings) -> tuple:
    """Whether the card is hidden, its body, the pin targets and the default one, and a message."""
    if not explored or not explored.get("iri"):
        return True, [], [], None, ""
    ontology = ontology_or_none(settings, source)
    try:
        card = instance_card(explored["iri"], store=resources_for(settings, source).store, ontology=ontology,
                             language=settings.language, timeout=settings.endpoint_timeout_s)
    except USER_ERRORS as error:
        return False, [html.H3(instance_label(explored["iri"]))], [], None, error_span(error_text(error))
    options, value = target_options(load_graph(graph_data), card.classes, ontology, explored.get("var"))
    return False, card_view(card, ontology), options, value, ""


def use_instance(_clicks: int | None, target: str | None, explored: dict | None, graph_data: dict | None,
                 history: dict | None, source: dict | None, *, settings: Settings) -> tuple:
    """Pin the explored instance to the chosen node (or a new one): graph, history, edit message, card message."""
    if not explored or not explored.get("iri") or not target:
        return no_update, no_update, no_update, "Choose a node to pin the instance to."
    iri = explored["iri"]
    try:
        resources = resources_for(settings, source)
        classes = instance_classes(iri, store=resources.store, timeout=settings.endpoint_timeout_s)
        graph, node_id = use_in_query(load_graph(graph_data), iri, classes, resources.ontology,
                                      node_id=None if target == ids.EXPLORE_NEW_NODE else target)
    except USER_ERRORS as error:
        return no_update, no_update, no_update, error_span(error_text(error))
    graph_out, history_out = commit(graph_data, graph, history)
    message = f"{instance_label(iri)} is now ?{node_id} in the query."
    if graph_out is no_update:
        message = f"{instance_label(iri)} is already ?{node_id} in the query."
    return graph_out, history_out, (message if graph_out is not no_update else no_update), message


def register(app: dash.Dash, settings: Settings) -> None:
    app.callback(
        Output(ids.EXPLORE_STORE, "data"),
        Output(ids.RESULTS_TABLE, "active_cell"),
        Input(ids.RESULTS_TABLE, "active_cell"),
        Input(ids.INSTANCE_GRAPH, "tapNodeData"),
        Input({"type": ids.EXPLORE_NEIGHBOUR_TYPE, "iri": ALL}, "n_clicks"),
        Input(ids.EXPLORE_CLOSE, "n_clicks"),
        State(ids.RESULTS_STORE, "data"),
        prevent_initial_call=True,
    )(pick_instance)
    app.callback(
        Output(ids.EXPLORE_CARD, "hidden"),
        Output(ids.EXPLORE_BODY, "children"),
        Output(ids.EXPLORE_TARGET, "options"),
        Output(ids.EXPLORE_TARGET, "value"),
        Output(ids.EXPLORE_MESSAGE, "children"),
        Input(ids.EXPLORE_STORE, "data"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
    )(bind(show_card, settings=settings))
    app.callback(
        *EDIT_OUTPUTS,
        Output(ids.EXPLORE_MESSAGE, "children", allow_duplicate=True),
        Input(ids.EXPLORE_USE, "n_clicks"),
        State(ids.EXPLORE_TARGET, "value"),
        State(ids.EXPLORE_STORE, "data"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.HISTORY_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call=True,
    )(bind(use_instance, settings=settings))

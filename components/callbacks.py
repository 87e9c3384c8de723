"""Callbacks: thin wiring between the page and the app layer.

Each callback reads the session's stores, calls one function of ``app`` (or a
pure helper of :mod:`components.views`), and writes the result back. State
lives only in the browser's ``dcc.Store`` components, so sessions never see
each other; resources (ontology, store, models) come from the process-wide,
read-only cache of :func:`app.resources.get_resources`.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from typing import Any

import dash
import plotly.graph_objects  # noqa: F401 - imported once per process, not inside the first chart callback
from dash import ALL, Input, Output, State, ctx, no_update

from app.graph import edits as editing
from app.nl.entity_linking import link_entity
from app.errors import USER_ERRORS, PipelineCancelled, SourceError
from app.query.execute import SparqlResults, run_query
from app.query.export import figure_to_html, results_to_csv, results_to_json
from app.graph.model import PrototypeGraph
from app.nl.pipeline import PipelineResult, extract_graph
from app.resources import Resources, get_resources
from app.graph.restate import restate
from app.query.results import build_figure, choose_chart, instance_elements, results_table
from app.settings import Settings
from app.query.compile import compile_sparql
from app.query.parse import parse_sparql
from app.graph.validate import validate_graph

from components import ids, views
from components.elements import auto_layout, edge_from_id, graph_to_elements, positions_from_elements
from components.jobs import current_cancel_event
from components.layout import ENDPOINT_VALUE, UPLOAD_VALUE
from components.sources import save_upload, settings_for_source, source_label
from components.urlstate import decode_hash, encode_hash

__all__ = ["register_callbacks", "resources_for"]

log = logging.getLogger(__name__)


def resources_for(settings: Settings, source: dict | None) -> Resources:
    """The shared resources of a session's data source."""
    return get_resources(settings_for_source(settings, source))


def _graph(data: Any) -> PrototypeGraph:
    return PrototypeGraph.model_validate(data or {})


def _dump(graph: PrototypeGraph) -> dict:
    return graph.model_dump(mode="json")


def commit(before: dict | None, after: PrototypeGraph, history: dict | None) -> tuple[Any, Any]:
    """The new graph store and history store after an edit, or ``no_update`` twice if nothing changed."""
    before_graph = _graph(before)
    if after == before_graph:
        return no_update, no_update
    return _dump(after), editing.History.from_json(history).record(_dump(before_graph)).to_json()


def _error(error: Exception) -> str:
    return str(error).splitlines()[0] if str(error) else type(error).__name__


def register_callbacks(app: dash.Dash, settings: Settings | None = None) -> None:  # noqa: C901
    """Attach every callback of the page to ``app``; ``settings`` are the server's defaults."""
    settings = settings or Settings()

    def res(source: dict | None) -> Resources:
        return resources_for(settings, source)

    # -- data source ------------------------------------------------------------
    @app.callback(
        Output(ids.SOURCE_STORE, "data", allow_duplicate=True),
        Output(ids.SOURCE_UPLOAD_ROW, "hidden"),
        Output(ids.SOURCE_ENDPOINT_ROW, "hidden"),
        Output(ids.SOURCE_STATUS, "children", allow_duplicate=True),
        Input(ids.SOURCE_SELECT, "value"),
        Input(ids.SOURCE_UPLOAD, "contents"),
        Input(ids.SOURCE_CONNECT, "n_clicks"),
        Input(ids.SOURCE_ENDPOINT, "n_submit"),
        State(ids.SOURCE_UPLOAD, "filename"),
        State(ids.SOURCE_ENDPOINT, "value"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call=True,
    )
    def choose_source(choice, contents, _connect, _submit, filename, url, current):
        upload_hidden, endpoint_hidden = choice != UPLOAD_VALUE, choice != ENDPOINT_VALUE
        trigger = ctx.triggered_id
        try:
            if trigger == ids.SOURCE_UPLOAD and contents:
                source = save_upload(settings, filename, contents)
            elif trigger in (ids.SOURCE_CONNECT, ids.SOURCE_ENDPOINT) or (choice == ENDPOINT_VALUE and url):
                if not url:
                    return no_update, upload_hidden, endpoint_hidden, "Enter the endpoint's URL."
                source = {"kind": "endpoint", "url": url.strip()}
                settings_for_source(settings, source)  # refuse a malformed URL before storing it
            elif choice and choice.startswith("sample:"):
                source = {"kind": "sample", "name": choice.split(":", 1)[1]}
            else:
                return no_update, upload_hidden, endpoint_hidden, no_update
        except SourceError as error:
            return no_update, upload_hidden, endpoint_hidden, html_error(_error(error))
        if source == current:
            return no_update, upload_hidden, endpoint_hidden, no_update
        return source, upload_hidden, endpoint_hidden, f"Loading {source_label(source)}…"

    @app.callback(
        Output(ids.SOURCE_STATUS, "children"),
        Output(ids.EXAMPLES, "children"),
        Input(ids.SOURCE_STORE, "data"),
    )
    def load_source(source):
        # Loading happens once per process and source; later sessions get the cached resources.
        try:
            resources = res(source)
            ontology = resources.ontology
            stats = ontology.stats()
            status = f"{source_label(source)} · {stats['classes']:,} classes, {stats['object_properties']:,} links"
            if resources.settings.kg or resources.settings.endpoint:
                counts = resources.instance_counts
                if isinstance(counts, dict) and "instances" in counts:
                    status += f", {counts['instances']:,} instances"
        except USER_ERRORS as error:
            return html_error(f"Could not load {source_label(source)}: {_error(error)}"), []
        examples = views.example_questions(source, ontology)
        return status, [dash.html.Li(dash.html.Button(q, id=ids.example_button(i), className="link-btn"))
                        for i, q in enumerate(examples)]

    # -- ask: the pipeline as a background job ----------------------------------
    @app.callback(
        Output(ids.QUESTION, "value"),
        Input({"type": ids.EXAMPLE_TYPE, "index": ALL}, "n_clicks"),
        State({"type": ids.EXAMPLE_TYPE, "index": ALL}, "children"),
        prevent_initial_call=True,
    )
    def use_example(clicks, texts):
        if not ctx.triggered_id or not any(clicks):
            return no_update
        return texts[ctx.triggered_id["index"]]

    @app.callback(
        Output(ids.GRAPH_STORE, "data", allow_duplicate=True),
        Output(ids.HISTORY_STORE, "data", allow_duplicate=True),
        Output(ids.STAGES_STORE, "data"),
        Output(ids.QUESTION_STORE, "data"),
        Output(ids.ASK_MESSAGE, "children"),
        Input(ids.ASK_BUTTON, "n_clicks"),
        State(ids.QUESTION, "value"),
        State(ids.SOURCE_STORE, "data"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.HISTORY_STORE, "data"),
        background=True,
        progress=[Output(ids.PROGRESS_BAR, "value"), Output(ids.PROGRESS_LABEL, "children")],
        progress_default=["0", ""],
        running=[
            (Output(ids.ASK_BUTTON, "disabled"), True, False),
            (Output(ids.CANCEL_BUTTON, "disabled"), False, True),
        ],
        cancel=[Input(ids.CANCEL_BUTTON, "n_clicks")],
        prevent_initial_call=True,
    )
    def ask(set_progress, _clicks, question, source, graph_data, history):
        question = (question or "").strip()
        if not question:
            return no_update, no_update, no_update, no_update, "Type a question first."
        set_progress(("5", "Loading…"))
        try:
            result = run_pipeline(question, res(source), set_progress, cancel=current_cancel_event())
        except PipelineCancelled:
            return no_update, no_update, no_update, no_update, "Cancelled."
        except USER_ERRORS as error:
            return no_update, no_update, no_update, no_update, html_error(_error(error))
        graph_json, history_json = commit(graph_data, result.graph, history)
        stages = views.strip_data(result)
        messages = list(result.messages or [])
        summary = (f"Drafted {len(result.graph.nodes)} nodes and {len(result.graph.edges)} links "
                   f"in {stages['total_ms']:.0f} ms.")
        if graph_json is no_update:
            # The same graph again still refreshes the strip and the question.
            summary = "Same graph as before. " + summary
        return graph_json, history_json, stages, question, " ".join([summary, *map(str, messages)])

    @app.callback(
        Output(ids.STAGE_STRIP, "children"),
        Input(ids.STAGES_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
    )
    def show_stages(data, source):
        return views.stage_strip(data, _ontology_or_none(res, source))

    # -- the canvas and everything derived from the graph -------------------------
    @app.callback(
        Output(ids.CYTOSCAPE, "elements"),
        Input(ids.GRAPH_STORE, "data"),
        Input(ids.LAYOUT_BUTTON, "n_clicks"),
        Input(ids.STAGES_STORE, "data"),
        State(ids.CYTOSCAPE, "elements"),
        State(ids.SOURCE_STORE, "data"),
    )
    def draw(graph_data, _layout, _stages, elements, source):
        graph = _graph(graph_data)
        fresh = {ids.LAYOUT_BUTTON, ids.STAGES_STORE} & set(ctx.triggered_prop_ids.values())
        positions = auto_layout(graph) if fresh else positions_from_elements(elements)
        return graph_to_elements(graph, _ontology_or_none(res, source), positions)

    @app.callback(
        Output(ids.RESTATEMENT, "children"),
        Output(ids.VALIDATION, "children"),
        Output(ids.GRAPH_DEBUG, "children"),
        Output(ids.LINK_FROM, "options"),
        Output(ids.LINK_TO, "options"),
        Output(ids.INSPECT_SELECT, "options"),
        Input(ids.GRAPH_STORE, "data"),
        Input(ids.SOURCE_STORE, "data"),
    )
    def describe(graph_data, source):
        graph = _graph(graph_data)
        ontology = _ontology_or_none(res, source)
        debug = json.dumps(graph_data or {}, indent=1, sort_keys=True)
        if graph.is_empty():
            return "Ask a question or add a node to start.", "", debug, [], [], []
        restated = restate_text(graph, ontology)
        problems = validate_graph(graph, ontology).messages() if ontology is not None else []
        warning = [dash.html.Strong("Not valid for this ontology: "), "; ".join(problems[:3])] if problems else ""
        nodes = views.node_options(graph, ontology)
        return restated, warning, debug, nodes, nodes, views.inspect_options(graph, ontology)

    @app.callback(
        Output(ids.UNDO_BUTTON, "disabled"),
        Output(ids.REDO_BUTTON, "disabled"),
        Output(ids.HISTORY_SELECT, "options"),
        Output(ids.HISTORY_SELECT, "value"),
        Input(ids.HISTORY_STORE, "data"),
    )
    def show_history(history):
        h = editing.History.from_json(history)
        return not h.can_undo, not h.can_redo, views.history_options(h), None

    @app.callback(
        Output(ids.URL, "hash"),
        Output(ids.SHARE_COPY, "content"),
        Input(ids.GRAPH_STORE, "data"),
        Input(ids.SOURCE_STORE, "data"),
        State(ids.URL, "href"),
        # Not on page load: the hash a shared link arrives with must be read before anything writes one.
        prevent_initial_call=True,
    )
    def remember_in_url(graph_data, source, href):
        fragment = encode_hash(graph_data, source)
        base = (href or "").split("#", 1)[0]
        return fragment, base + fragment

    @app.callback(
        Output(ids.GRAPH_STORE, "data", allow_duplicate=True),
        Output(ids.SOURCE_STORE, "data", allow_duplicate=True),
        Output(ids.SOURCE_SELECT, "value"),
        Output(ids.SOURCE_ENDPOINT, "value"),
        Input(ids.URL, "hash"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call="initial_duplicate",
    )
    def restore_from_url(fragment, graph_data, source):
        found = decode_hash(fragment)
        graph_out = source_out = select_out = endpoint_out = no_update
        if found["graph"] is not None:
            try:
                graph = _graph(found["graph"])
            except ValueError:
                graph = None
            if graph is not None and graph != _graph(graph_data):
                graph_out = _dump(graph)
        wanted = found["source"]
        if wanted and wanted != source and wanted.get("kind") in {"sample", "endpoint", "upload"}:
            source_out = wanted
            if wanted["kind"] == "sample":
                select_out = f"sample:{wanted.get('name')}"
            elif wanted["kind"] == "endpoint":
                select_out, endpoint_out = ENDPOINT_VALUE, wanted.get("url")
        return graph_out, source_out, select_out, endpoint_out

    # -- selection on the canvas ------------------------------------------------
    @app.callback(
        Output(ids.LINK_FROM, "value"),
        Output(ids.LINK_TO, "value"),
        Output(ids.INSPECT_SELECT, "value"),
        Input(ids.CYTOSCAPE, "selectedNodeData"),
        Input(ids.CYTOSCAPE, "selectedEdgeData"),
        State(ids.LINK_FROM, "value"),
        prevent_initial_call=True,
    )
    def follow_selection(nodes, edges, current_from):
        nodes, edges = nodes or [], edges or []
        if ctx.triggered_id == ids.CYTOSCAPE and "selectedEdgeData" in " ".join(ctx.triggered_prop_ids) and edges:
            return no_update, no_update, "edge:" + edges[-1]["id"]
        if len(nodes) >= 2:
            return nodes[-2]["id"], nodes[-1]["id"], "node:" + nodes[-1]["id"]
        if len(nodes) == 1:
            return nodes[0]["id"], None, "node:" + nodes[0]["id"]
        return no_update, no_update, no_update

    # -- adding nodes and links -------------------------------------------------
    @app.callback(
        Output(ids.ADD_NODE_SEARCH, "options"),
        Input(ids.ADD_NODE_SEARCH, "search_value"),
        State(ids.ADD_NODE_SEARCH, "value"),
        State(ids.SOURCE_STORE, "data"),
    )
    def search_classes(text, chosen, source):
        resources = res(source)
        try:
            ontology = resources.ontology
        except USER_ERRORS:
            return []
        options = editing.class_options(text or "", ontology, _index_or_none(resources, text),
                                        _class_counts(resources))
        found = views.class_search_options(options)
        if chosen and all(o["value"] != chosen for o in found):
            found.insert(0, {"label": ontology.label(chosen), "value": chosen})
        return found

    @app.callback(Output(ids.ADD_NODE_BUTTON, "disabled"), Input(ids.ADD_NODE_SEARCH, "value"))
    def enable_add_node(value):
        return not value

    @app.callback(
        Output(ids.GRAPH_STORE, "data", allow_duplicate=True),
        Output(ids.HISTORY_STORE, "data", allow_duplicate=True),
        Output(ids.EDIT_MESSAGE, "children", allow_duplicate=True),
        Output(ids.INSPECT_SELECT, "options", allow_duplicate=True),
        Output(ids.INSPECT_SELECT, "value", allow_duplicate=True),
        Input(ids.ADD_NODE_BUTTON, "n_clicks"),
        State(ids.ADD_NODE_SEARCH, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.HISTORY_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call=True,
    )
    def add_node(_clicks, class_iri, graph_data, history, source):
        if not class_iri:
            return no_update, no_update, "Pick a class first.", no_update, no_update
        try:
            ontology = res(source).ontology
            graph = editing.add_node(_graph(graph_data), class_iri, ontology)
        except USER_ERRORS as error:
            return no_update, no_update, _error(error), no_update, no_update
        new_id = graph.nodes[-1].id
        # Options and value travel together: a dropdown drops a value its options do not list yet.
        return (*commit(graph_data, graph, history), f"Added ?{new_id}.", views.inspect_options(graph, ontology),
                "node:" + new_id)

    @app.callback(
        Output(ids.LINK_SELECT, "options"),
        Output(ids.LINK_SELECT, "value"),
        Output(ids.LINK_HINT, "children"),
        Input(ids.LINK_FROM, "value"),
        Input(ids.LINK_TO, "value"),
        Input(ids.GRAPH_STORE, "data"),
        State(ids.QUESTION_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
    )
    def offer_links(source_id, target_id, graph_data, question, source):
        resources = res(source)
        try:
            ontology = resources.ontology
        except USER_ERRORS:
            return [], None, ""
        options, value, hint = views.link_choice(
            _graph(graph_data), source_id, target_id, ontology, question=question,
            counts=_link_counts(resources), similarity=_similarity_or_none(resources, question),
        )
        return options, value, hint

    @app.callback(Output(ids.ADD_LINK_BUTTON, "disabled"), Input(ids.LINK_SELECT, "value"))
    def enable_add_link(value):
        return not value

    @app.callback(
        Output(ids.GRAPH_STORE, "data", allow_duplicate=True),
        Output(ids.HISTORY_STORE, "data", allow_duplicate=True),
        Output(ids.EDIT_MESSAGE, "children", allow_duplicate=True),
        Input(ids.ADD_LINK_BUTTON, "n_clicks"),
        State(ids.LINK_SELECT, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.HISTORY_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call=True,
    )
    def add_link(_clicks, choice, graph_data, history, source):
        if not choice:
            return no_update, no_update, "Pick a link first."
        try:
            source_id, link, target_id = json.loads(choice)
            graph = editing.add_edge(_graph(graph_data), source_id, link, target_id, res(source).ontology)
        except USER_ERRORS as error:
            return no_update, no_update, _error(error)
        return *commit(graph_data, graph, history), "Linked."

    # -- undo, redo, clear, history ---------------------------------------------
    @app.callback(
        Output(ids.GRAPH_STORE, "data", allow_duplicate=True),
        Output(ids.HISTORY_STORE, "data", allow_duplicate=True),
        Output(ids.EDIT_MESSAGE, "children", allow_duplicate=True),
        Input(ids.UNDO_BUTTON, "n_clicks"),
        Input(ids.REDO_BUTTON, "n_clicks"),
        Input(ids.CLEAR_BUTTON, "n_clicks"),
        Input(ids.HISTORY_SELECT, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.HISTORY_STORE, "data"),
        prevent_initial_call=True,
    )
    def travel(_undo, _redo, _clear, restore_index, graph_data, history_data):
        history = editing.History.from_json(history_data)
        current = _dump(_graph(graph_data))
        trigger = ctx.triggered_id
        try:
            if trigger == ids.UNDO_BUTTON:
                history, graph = history.undo(current)
                return graph, history.to_json(), "Undone."
            if trigger == ids.REDO_BUTTON:
                history, graph = history.redo(current)
                return graph, history.to_json(), "Redone."
            if trigger == ids.CLEAR_BUTTON:
                return *commit(graph_data, editing.clear(), history_data), "Cleared."
            if trigger == ids.HISTORY_SELECT and restore_index is not None:
                history, graph = history.restore(current, int(restore_index))
                return graph, history.to_json(), "Restored an earlier graph."
        except editing.EditError as error:
            return no_update, no_update, _error(error)
        return no_update, no_update, no_update

    # -- the inspector: node ----------------------------------------------------
    @app.callback(
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
    )
    def inspect(target, graph_data, source):
        hidden = [True, True] + [no_update] * 11
        if not target:
            return hidden
        graph = _graph(graph_data)
        try:
            ontology = res(source).ontology
        except USER_ERRORS:
            return hidden
        kind, _, key = target.partition(":")
        if kind == "node":
            state = views.node_panel_state(graph, key, ontology)
            if not state:
                return hidden
            return (False, True, state["class_options"], state["class_value"], state["flags"],
                    state["instance_options"], state["instances"], views.constraint_items(state["constraints"]),
                    state["attribute_options"], no_update, no_update, no_update, no_update)
        state = views.edge_panel_state(graph, key, ontology)
        if not state:
            return hidden
        return (True, False, no_update, no_update, no_update, no_update, no_update, no_update, no_update,
                state["link_options"], state["link_value"], state["flags"], not state["can_flip"])

    def _node_edit(operation, *args, graph_data, history, target, source, message: str = ""):
        """Apply one node edit from the inspector; a no-op when the control merely shows the current state."""
        if not target or not target.startswith("node:"):
            return no_update, no_update, no_update
        node_id = target.split(":", 1)[1]
        try:
            graph = operation(_graph(graph_data), node_id, *args, res(source).ontology)
        except USER_ERRORS as error:
            return no_update, no_update, _error(error)
        graph_out, history_out = commit(graph_data, graph, history)
        return graph_out, history_out, (message if graph_out is not no_update else no_update)

    edit_outputs = (
        Output(ids.GRAPH_STORE, "data", allow_duplicate=True),
        Output(ids.HISTORY_STORE, "data", allow_duplicate=True),
        Output(ids.EDIT_MESSAGE, "children", allow_duplicate=True),
    )
    session = (State(ids.GRAPH_STORE, "data"), State(ids.HISTORY_STORE, "data"),
               State(ids.INSPECT_SELECT, "value"), State(ids.SOURCE_STORE, "data"))

    @app.callback(*edit_outputs, Input(ids.NODE_CLASS_SELECT, "value"), *session, prevent_initial_call=True)
    def change_class(class_iri, graph_data, history, target, source):
        if not class_iri:
            return no_update, no_update, no_update
        return _node_edit(editing.change_class, class_iri, graph_data=graph_data, history=history, target=target,
                          source=source, message="Class changed.")

    @app.callback(*edit_outputs, Input(ids.NODE_FLAGS, "value"), *session, prevent_initial_call=True)
    def set_node_flags(flags, graph_data, history, target, source):
        flags = set(flags or [])

        def both(graph, node_id, _ontology):
            graph = editing.set_select(graph, node_id, "select" in flags)
            return editing.set_include_subclasses(graph, node_id, "subclasses" in flags)

        return _node_edit(both, graph_data=graph_data, history=history, target=target, source=source,
                          message="Node updated.")

    @app.callback(*edit_outputs, Input(ids.NODE_INSTANCES, "value"), *session, prevent_initial_call=True)
    def pin(instances, graph_data, history, target, source):
        return _node_edit(lambda g, n, o: editing.pin_instances(g, n, instances or []), graph_data=graph_data,
                          history=history, target=target, source=source, message="Pinned instances updated.")

    @app.callback(
        Output(ids.NODE_INSTANCES, "options"),
        Input(ids.NODE_INSTANCES, "search_value"),
        State(ids.NODE_INSTANCES, "value"),
        State(ids.INSPECT_SELECT, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call=True,
    )
    def search_instances(text, chosen, target, graph_data, source):
        if not text or not target or not target.startswith("node:"):
            return no_update
        node = _graph(graph_data).node(target.split(":", 1)[1])
        if node is None:
            return no_update
        try:
            found = find_instances(res(source), text, node.class_)
        except USER_ERRORS as error:
            log.info("instance search failed: %s", error)
            found = []
        options = [{"label": label, "value": iri} for iri, label in found]
        known = {o["value"] for o in options}
        options += [{"label": i.rsplit("/", 1)[-1].replace("_", " "), "value": i} for i in chosen or []
                    if i not in known]
        return options

    @app.callback(*edit_outputs, Input(ids.NODE_REMOVE, "n_clicks"), *session, prevent_initial_call=True)
    def remove_node(_clicks, graph_data, history, target, source):
        return _node_edit(lambda g, n, o: editing.remove_node(g, n), graph_data=graph_data, history=history,
                          target=target, source=source, message="Node removed.")

    # constraints, with an editor chosen by the attribute's datatype
    @app.callback(
        Output(ids.CONSTRAINT_OP, "options"),
        Output(ids.CONSTRAINT_OP, "value"),
        Output(ids.CONSTRAINT_VALUE, "type"),
        Output(ids.CONSTRAINT_VALUE, "placeholder"),
        Output(ids.CONSTRAINT_VALUE, "style"),
        Output(ids.CONSTRAINT_BOOL, "style"),
        Output(ids.CONSTRAINT_ADD, "disabled"),
        Input(ids.CONSTRAINT_PROPERTY, "value"),
        State(ids.INSPECT_SELECT, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
    )
    def constraint_editor(property_iri, target, graph_data, source):
        if not property_iri:
            return [], None, "text", "value", {}, {"display": "none"}, True
        attribute = _attribute(res(source), graph_data, target, property_iri)
        if attribute is None:
            return [], None, "text", "value", {}, {"display": "none"}, True
        ops = views.operator_options(attribute["datatype"])
        kind = attribute["kind"]
        placeholder = {"number": "a number", "date": "YYYY-MM-DD", "text": "text"}.get(kind, "value")
        show_bool = kind == "boolean"
        return (ops, ops[0]["value"], views.input_type_for(kind), placeholder,
                {"display": "none"} if show_bool else {}, {} if show_bool else {"display": "none"}, False)

    @app.callback(
        *edit_outputs,
        Output(ids.CONSTRAINT_HINT, "children"),
        Input(ids.CONSTRAINT_ADD, "n_clicks"),
        Input(ids.CONSTRAINT_VALUE, "n_submit"),
        State(ids.CONSTRAINT_PROPERTY, "value"),
        State(ids.CONSTRAINT_OP, "value"),
        State(ids.CONSTRAINT_VALUE, "value"),
        State(ids.CONSTRAINT_BOOL, "value"),
        *session,
        prevent_initial_call=True,
    )
    def add_constraint(_clicks, _submit, property_iri, op, value, bool_value, graph_data, history, target, source):
        if not property_iri or not target or not target.startswith("node:"):
            return no_update, no_update, no_update, "Pick an attribute."
        attribute = _attribute(res(source), graph_data, target, property_iri)
        if attribute is None:
            return no_update, no_update, no_update, "This attribute does not apply here."
        if attribute["kind"] == "boolean":
            value = bool_value
        try:
            constraint = editing.make_constraint(property_iri, op, value, attribute["datatype"])
        except editing.EditError as error:
            return no_update, no_update, no_update, _error(error)

        def append(graph, node_id, ontology):
            node = graph.node(node_id)
            return editing.set_constraints(graph, node_id, [*node.constraints, constraint], ontology)

        out = _node_edit(append, graph_data=graph_data, history=history, target=target, source=source,
                         message="Constraint added.")
        return *out, ""

    @app.callback(
        *edit_outputs,
        Input({"type": ids.CONSTRAINT_REMOVE_TYPE, "index": ALL}, "n_clicks"),
        *session,
        prevent_initial_call=True,
    )
    def remove_constraint(clicks, graph_data, history, target, source):
        if not ctx.triggered_id or not any(clicks or []):
            return no_update, no_update, no_update
        index = ctx.triggered_id["index"]

        def drop(graph, node_id, ontology):
            kept = [c for i, c in enumerate(graph.node(node_id).constraints) if i != index]
            return editing.set_constraints(graph, node_id, kept, ontology)

        return _node_edit(drop, graph_data=graph_data, history=history, target=target, source=source,
                          message="Constraint removed.")

    # -- the inspector: edge ----------------------------------------------------
    def _edge_edit(operation, *, graph_data, history, target, source, message):
        nothing = (no_update,) * 5
        if not target or not target.startswith("edge:"):
            return nothing
        try:
            source_id, link, target_id = edge_from_id(target.split(":", 1)[1])
            graph, new_target = operation(_graph(graph_data), source_id, link, target_id)
        except USER_ERRORS as error:
            return no_update, no_update, _error(error), no_update, no_update
        graph_out, history_out = commit(graph_data, graph, history)
        if graph_out is no_update:
            return nothing
        options = views.inspect_options(graph, _ontology_or_none(res, source))
        return graph_out, history_out, message, options, new_target

    edge_outputs = (*edit_outputs, Output(ids.INSPECT_SELECT, "options", allow_duplicate=True),
                    Output(ids.INSPECT_SELECT, "value", allow_duplicate=True))

    @app.callback(*edge_outputs, Input(ids.EDGE_LINK_SELECT, "value"), *session, prevent_initial_call=True)
    def change_link(new_link, graph_data, history, target, source):
        if not new_link:
            return (no_update,) * 5

        def op(graph, s, link, t):
            changed = editing.change_link(graph, s, link, t, new_link, res(source).ontology)
            return changed, f"edge:{s}|{new_link}|{t}"

        return _edge_edit(op, graph_data=graph_data, history=history, target=target, source=source,
                          message="Link changed.")

    @app.callback(*edge_outputs, Input(ids.EDGE_FLAGS, "value"), *session, prevent_initial_call=True)
    def set_link_flags(flags, graph_data, history, target, source):
        flags = set(flags or [])

        def op(graph, s, link, t):
            edge = editing.find_edge(graph, s, link, t)
            # When both are ticked, the one just ticked wins (they exclude each other).
            optional, negated = "optional" in flags, "negated" in flags
            if optional and negated:
                optional, negated = not edge.optional, not edge.negated
            return editing.set_edge_flags(graph, s, link, t, optional=optional, negated=negated), target

        return _edge_edit(op, graph_data=graph_data, history=history, target=target, source=source,
                          message="Link updated.")

    @app.callback(*edge_outputs, Input(ids.EDGE_FLIP, "n_clicks"), *session, prevent_initial_call=True)
    def flip(_clicks, graph_data, history, target, source):
        def op(graph, s, link, t):
            return editing.flip_edge(graph, s, link, t, res(source).ontology), f"edge:{t}|{link}|{s}"

        return _edge_edit(op, graph_data=graph_data, history=history, target=target, source=source,
                          message="Flipped.")

    @app.callback(*edge_outputs, Input(ids.EDGE_REMOVE, "n_clicks"), *session, prevent_initial_call=True)
    def remove_link(_clicks, graph_data, history, target, source):
        def op(graph, s, link, t):
            return editing.remove_edge(graph, s, link, t), None

        return _edge_edit(op, graph_data=graph_data, history=history, target=target, source=source,
                          message="Link deleted.")

    # -- results ----------------------------------------------------------------
    @app.callback(
        Output(ids.SPARQL_TEXT, "children"),
        Output(ids.SPARQL_EDITOR, "value"),
        Input(ids.GRAPH_STORE, "data"),
    )
    def show_sparql(graph_data):
        graph = _graph(graph_data)
        if graph.is_empty():
            return "", ""
        try:
            query = compile_query(graph, settings)
        except USER_ERRORS as error:
            return f"# {_error(error)}", no_update
        return query, query

    @app.callback(
        Output(ids.RESULTS_STORE, "data"),
        Output(ids.RESULTS_MESSAGE, "children"),
        Input(ids.GRAPH_STORE, "data"),
        Input(ids.RUN_QUERY_BUTTON, "n_clicks"),
        Input(ids.SOURCE_STORE, "data"),
    )
    def run(graph_data, _clicks, source):
        graph = _graph(graph_data)
        if graph.is_empty():
            return None, ""
        started = time.perf_counter()
        try:
            query = compile_query(graph, settings)
            results = execute_query(query, res(source))
        except USER_ERRORS as error:
            return None, html_error(_error(error))
        rows = len(results.get("results", {}).get("bindings", []))
        took = (time.perf_counter() - started) * 1000
        return results, f"{rows:,} row{'s' if rows != 1 else ''} in {took:.0f} ms"

    @app.callback(
        Output(ids.RESULTS_TABLE, "data"),
        Output(ids.RESULTS_TABLE, "columns"),
        Output(ids.INSTANCE_GRAPH, "elements"),
        Input(ids.RESULTS_STORE, "data"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
    )
    def show_results(results, graph_data, source):
        if not results:
            return [], [], []
        columns, rows = table_view(results)
        elements = instance_elements(_results(results), _graph(graph_data), _ontology_or_none(res, source))
        return rows, columns, elements

    @app.callback(
        Output(ids.CHART_KIND, "options"),
        Output(ids.CHART_KIND, "value"),
        Output(ids.CHART_REASON, "children"),
        Input(ids.RESULTS_STORE, "data"),
    )
    def pick_chart(results):
        if not results:
            return [], None, ""
        kind, reason, kinds = chart_choice(results)
        return [{"label": k, "value": k} for k in kinds], kind, reason

    @app.callback(
        Output(ids.CHART, "figure"),
        Input(ids.CHART_KIND, "value"),
        State(ids.RESULTS_STORE, "data"),
    )
    def draw_chart(kind, results):
        if not results or not kind:
            return {}
        return chart_figure(results, kind)

    # -- exports ----------------------------------------------------------------
    @app.callback(
        Output(ids.DOWNLOAD_RESULTS, "data"),
        Input(ids.DOWNLOAD_CSV_BUTTON, "n_clicks"),
        Input(ids.DOWNLOAD_JSON_BUTTON, "n_clicks"),
        State(ids.RESULTS_STORE, "data"),
        prevent_initial_call=True,
    )
    def download_results(_csv, _json, results):
        if not results:
            return no_update
        if ctx.triggered_id == ids.DOWNLOAD_CSV_BUTTON:
            return {"content": export_results(results, "csv"), "filename": "protograph-results.csv",
                    "type": "text/csv"}
        return {"content": export_results(results, "json"), "filename": "protograph-results.json",
                "type": "application/sparql-results+json"}

    @app.callback(
        Output(ids.DOWNLOAD_RQ, "data"),
        Input(ids.DOWNLOAD_RQ_BUTTON, "n_clicks"),
        State(ids.GRAPH_STORE, "data"),
        prevent_initial_call=True,
    )
    def download_rq(_clicks, graph_data):
        graph = _graph(graph_data)
        if graph.is_empty():
            return no_update
        return {"content": compile_query(graph, settings), "filename": "protograph-query.rq",
                "type": "application/sparql-query"}

    @app.callback(
        Output(ids.DOWNLOAD_CHART, "data"),
        Input(ids.EXPORT_HTML_BUTTON, "n_clicks"),
        State(ids.CHART_KIND, "value"),
        State(ids.RESULTS_STORE, "data"),
        prevent_initial_call=True,
    )
    def download_chart(_clicks, kind, results):
        if not results or not kind:
            return no_update
        return {"content": chart_html(results, kind), "filename": "protograph-chart.html", "type": "text/html"}

    # -- SPARQL editing flows back into the graph --------------------------------
    @app.callback(
        Output(ids.SPARQL_EDITOR_ROW, "hidden"),
        Output(ids.SPARQL_EDIT_TOGGLE, "children"),
        Input(ids.SPARQL_EDIT_TOGGLE, "n_clicks"),
        State(ids.SPARQL_EDITOR_ROW, "hidden"),
        prevent_initial_call=True,
    )
    def toggle_sparql_editor(_clicks, hidden):
        return (not hidden), ("Close the editor" if hidden else "Edit the query")

    @app.callback(
        Output(ids.GRAPH_STORE, "data", allow_duplicate=True),
        Output(ids.HISTORY_STORE, "data", allow_duplicate=True),
        Output(ids.SPARQL_MESSAGE, "children"),
        Input(ids.SPARQL_APPLY, "n_clicks"),
        State(ids.SPARQL_EDITOR, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.HISTORY_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call=True,
    )
    def apply_sparql(_clicks, query, graph_data, history, source):
        try:
            graph = parse_sparql(query or "")
        except USER_ERRORS as error:
            return no_update, no_update, html_error(_error(error))
        ontology = _ontology_or_none(res, source)
        problems = validate_graph(graph, ontology).messages() if ontology is not None else []
        if problems:
            return no_update, no_update, html_error("Not applied: " + "; ".join(problems[:3]))
        graph_out, history_out = commit(graph_data, graph, history)
        return graph_out, history_out, "Applied to the graph." if graph_out is not no_update else "No change."


# -- app-layer calls, one per concern (kept here so callbacks read as wiring) ----
def html_error(text: str) -> Any:
    return dash.html.Span(text, className="error")


def _ontology_or_none(res, source):
    try:
        return res(source).ontology
    except USER_ERRORS:
        return None


def _index_or_none(resources: Resources, text: str | None):
    """The embedding index, but only if already loaded: a keystroke never waits for a model."""
    if not text or not resources.is_loaded("index"):
        return None
    return resources.index


def _similarity_or_none(resources: Resources, question: str | None):
    if not question or not resources.is_loaded("index"):
        return None
    index = resources.index

    def similarity(text: str, link_iris: list[str]) -> dict[str, float]:
        return {c.iri: c.score for c in index.links.score(index.embed(text), link_iris)}

    return similarity


def _class_counts(resources: Resources) -> dict[str, int] | None:
    if not (resources.settings.kg or resources.settings.endpoint):
        return None
    try:
        counts = resources.instance_counts
    except USER_ERRORS:
        return None
    found = counts.get("classes") if isinstance(counts, dict) else None
    return found if isinstance(found, dict) else None


def _link_counts(resources: Resources) -> dict[str, int] | None:
    if not (resources.settings.kg or resources.settings.endpoint):
        return None
    try:
        counts = resources.instance_counts
    except USER_ERRORS:
        return None
    found = counts.get("links") if isinstance(counts, dict) else None
    return found if isinstance(found, dict) else None


def _attribute(resources: Resources, graph_data, target, property_iri) -> dict | None:
    if not target or not target.startswith("node:"):
        return None
    node = _graph(graph_data).node(target.split(":", 1)[1])
    if node is None:
        return None
    return next((a for a in editing.attribute_options(resources.ontology, node.class_) if a["iri"] == property_iri),
                None)


def run_pipeline(question: str, resources: Resources, set_progress,
                 cancel: threading.Event | None = None) -> PipelineResult:
    def progress(stage: str, fraction: float) -> None:
        percent = max(5, min(100, int(round(fraction * 100))))
        set_progress((str(percent), str(stage).replace("_", " ").capitalize() + "…"))

    return extract_graph(question, resources, progress=progress, cancel=cancel)


def restate_text(graph: PrototypeGraph, ontology) -> str:
    return restate(graph, ontology)


def compile_query(graph: PrototypeGraph, settings: Settings) -> str:
    return compile_sparql(graph, limit=settings.result_limit, language=settings.language)


def execute_query(query: str, resources: Resources) -> dict:
    return run_query(query, store=resources.store).model_dump(mode="json", exclude_none=True)


def _results(data: dict) -> SparqlResults:
    return SparqlResults.model_validate(data)


def _cell(value: Any) -> Any:
    return value if value is None or isinstance(value, (str, int, float, bool)) else str(value)


def table_view(results: dict) -> tuple[list[dict], list[dict]]:
    """DataTable columns and rows: a readable label column beside each IRI column."""
    table = results_table(_results(results))
    columns = [{"name": c.name, "id": c.id} for c in table.columns]
    rows = [{k: _cell(v) for k, v in row.items()} for row in table.rows]
    return columns, rows


def chart_choice(results: dict) -> tuple[str, str, list[str]]:
    choice = choose_chart(_results(results))
    return choice.kind.value, choice.reason, [k.value for k in choice.alternatives]


def chart_figure(results: dict, kind: str) -> Any:
    return build_figure(_results(results), kind)


def chart_html(results: dict, kind: str) -> str:
    return figure_to_html(chart_figure(results, kind))


def export_results(results: dict, fmt: str) -> str:
    return results_to_csv(_results(results)) if fmt == "csv" else results_to_json(_results(results))


def find_instances(resources: Resources, text: str, class_iri: str) -> list[tuple[str, str]]:
    embedder = resources.embedder if resources.is_loaded("embedder") else None
    matches = link_entity(text, resources.store, class_iri=class_iri, ontology=resources.ontology,
                          embedder=embedder, limit=10)
    return [(m.iri, m.label) for m in matches]

"""The one page: Ask (left), Edit (centre), Results (below).

Layout only: no callbacks, no loading. Every id comes from :mod:`components.ids`.
"""

from __future__ import annotations

from typing import Any

import dash
import dash_cytoscape as cyto
from dash import dash_table, dcc, html

from app.graph.model import AGGREGATE_NAMES, AggregateFunction
from app.graph.restate import COUNT_WORDS
from app.sources import list_samples
from components import ids
from components.elements import STYLESHEET

__all__ = ["build_layout", "STAGES"]

# The pipeline's stages, in order, as the strip shows them (the paper's Figure 1).
STAGES = (
    ("raw", "Raw graph"),
    ("candidates", "Candidates"),
    ("constrained", "Constrained"),
    ("cleaned", "Cleaned"),
)

# Dropdowns whose options the server ranks for the typed text: kept in the server's order, a long list,
# and while the server is still answering the newest keystrokes, "searching" rather than "no options".
_SERVER_SEARCH = {"search_order": "original", "maxHeight": 400, "optionHeight": 32,
                  "labels": {"no_options_found": "Searching…"}}

UPLOAD_VALUE = "__upload__"
ENDPOINT_VALUE = "__endpoint__"
#: Rows per page of the results table; each page is fetched from the store when shown.
RESULTS_PAGE_SIZE = 25


def _asset_url(path: str) -> str:
    """The URL of a file under assets/, honouring the app's path prefix when an app is running."""
    try:
        return dash.get_asset_url(path)
    except Exception:  # noqa: BLE001 - no app yet (a layout built in a test): the default prefix
        return "/assets/" + path


def _labelled(label: str, control: Any, *, html_for: str | None = None, hint: str | None = None) -> html.Div:
    children = [html.Label(label, htmlFor=html_for, className="field-label"), control]
    if hint:
        children.append(html.Div(hint, className="hint"))
    return html.Div(children, className="field")


def _source_bar(initial_source: dict) -> html.Header:
    options = [{"label": f"Sample: {s.name.replace('_', ' ')}", "value": f"sample:{s.name}"} for s in list_samples()]
    options += [{"label": "Upload a file…", "value": UPLOAD_VALUE},
                {"label": "SPARQL endpoint…", "value": ENDPOINT_VALUE}]
    if initial_source.get("kind") == "sample":
        value = f"sample:{initial_source['name']}"
    elif initial_source.get("kind") == "endpoint":
        value = ENDPOINT_VALUE
    else:
        value = options[0]["value"] if options[:-2] else None
    return html.Header(className="topbar", children=[
        html.H1(["Proto", html.Span("Graph", className="accent")], className="brand"),
        html.Div(className="source", children=[
            html.Label("Data", htmlFor=ids.SOURCE_SELECT, className="field-label inline"),
            dcc.Dropdown(id=ids.SOURCE_SELECT, options=options, value=value, clearable=False,
                         searchable=False, className="source-select"),
            html.Div(id=ids.SOURCE_UPLOAD_ROW, hidden=True, children=dcc.Upload(
                id=ids.SOURCE_UPLOAD, className="upload", multiple=False,
                children=html.Button("Choose an RDF file (ttl, rdf, owl, nt, jsonld)", className="btn"),
            )),
            html.Div(id=ids.SOURCE_ENDPOINT_ROW, hidden=True, className="endpoint-row", children=[
                html.Label("SPARQL endpoint URL", htmlFor=ids.SOURCE_ENDPOINT, className="visually-hidden"),
                dcc.Input(id=ids.SOURCE_ENDPOINT, type="url", placeholder="https://example.org/sparql",
                          debounce=True, className="input"),
                html.Button("Connect", id=ids.SOURCE_CONNECT, className="btn"),
            ]),
            dcc.Loading(html.Span(id=ids.SOURCE_STATUS, className="status", role="status"), type="dot",
                        delay_show=300),
        ]),
        html.Div(className="history", children=[
            html.Label("History", htmlFor=ids.HISTORY_SELECT, className="field-label inline"),
            dcc.Dropdown(id=ids.HISTORY_SELECT, options=[], placeholder="Earlier graphs…", searchable=False,
                         className="history-select"),
            dcc.Clipboard(id=ids.SHARE_COPY, title="Copy a link to this query", className="clipboard share",
                          content=""),
            html.Span("Share link", className="share-label"),
        ]),
    ])


def _ask_panel(examples: list[str]) -> html.Section:
    return html.Section(className="panel ask", **{"aria-labelledby": "ask-title"}, children=[
        html.H2("Ask", id="ask-title"),
        _labelled("Your question", dcc.Textarea(
            id=ids.QUESTION, className="question", placeholder="e.g. Which persons studied at a university?",
            rows=3, spellCheck=True,
        ), html_for=ids.QUESTION, hint="Ctrl+Enter runs."),
        html.Div(className="row", children=[
            html.Button("Draft the graph", id=ids.ASK_BUTTON, className="btn primary"),
            html.Button("Cancel", id=ids.CANCEL_BUTTON, className="btn", disabled=True),
        ]),
        html.Div(className="progress-row", children=[
            html.Progress(id=ids.PROGRESS_BAR, value="0", max="100", className="progress",
                          **{"aria-label": "Pipeline progress"}),
            html.Span(id=ids.PROGRESS_LABEL, className="progress-label", role="status", children=""),
        ]),
        html.Div(id=ids.ASK_MESSAGE, className="message", role="status"),
        html.Div(className="examples", children=[
            html.H3("Examples"),
            html.Ul(id=ids.EXAMPLES, children=[
                html.Li(html.Button(q, id=ids.example_button(i), className="link-btn")) for i, q in enumerate(examples)
            ]),
        ]),
        html.H3("How the graph was built"),
        html.Div(id=ids.STAGE_STRIP, className="stage-strip", children=stage_placeholders()),
    ])


def stage_placeholders() -> list:
    return [html.Figure(className="stage empty", children=[
        html.Figcaption([html.Span(title, className="stage-title"), html.Span("–", className="stage-time")]),
        html.Div("not run yet", className="stage-body muted"),
    ]) for _, title in STAGES]


def _toolbar() -> html.Div:
    return html.Div(className="toolbar", role="toolbar", **{"aria-label": "Graph editing"}, children=[
        html.Div(className="tool add-node", children=[
            html.Label("Add a node", htmlFor=ids.ADD_NODE_SEARCH, className="tool-label"),
            dcc.Dropdown(id=ids.ADD_NODE_SEARCH, options=[], placeholder="Search classes by name or meaning…",
                         className="grow", **_SERVER_SEARCH),
            dcc.Store(id=ids.search_text(ids.ADD_NODE_SEARCH), data=None),
            html.Button("Add", id=ids.ADD_NODE_BUTTON, className="btn", disabled=True),
        ]),
        html.Div(className="tool actions", children=[
            html.Button("Undo", id=ids.UNDO_BUTTON, className="btn", disabled=True, title="Undo (Ctrl+Z)"),
            html.Button("Redo", id=ids.REDO_BUTTON, className="btn", disabled=True, title="Redo (Ctrl+Shift+Z)"),
            html.Button("Auto layout", id=ids.LAYOUT_BUTTON, className="btn"),
            html.Button("Clear", id=ids.CLEAR_BUTTON, className="btn danger"),
        ]),
        html.Div(className="tool add-link", children=[
            html.Label("Link", htmlFor=ids.LINK_FROM, className="tool-label"),
            dcc.Dropdown(id=ids.LINK_FROM, options=[], placeholder="from node", className="node-pick",
                         clearable=True),
            html.Label("and", htmlFor=ids.LINK_TO, className="tool-label"),
            dcc.Dropdown(id=ids.LINK_TO, options=[], placeholder="to node", className="node-pick", clearable=True),
            html.Label("by", htmlFor=ids.LINK_SELECT, className="tool-label"),
            dcc.Dropdown(id=ids.LINK_SELECT, options=[], placeholder="a link the ontology allows", className="grow",
                         **_SERVER_SEARCH),
            dcc.Store(id=ids.search_text(ids.LINK_SELECT), data=None),
            html.Button("Link", id=ids.ADD_LINK_BUTTON, className="btn", disabled=True),
        ]),
        html.Div(id=ids.LINK_HINT, className="hint link-hint", role="status"),
    ])


def _inspector() -> html.Aside:
    return html.Aside(className="inspector", **{"aria-labelledby": "inspect-title"}, children=[
        html.H3("Inspect", id="inspect-title"),
        _labelled("Node or link", dcc.Dropdown(id=ids.INSPECT_SELECT, options=[], placeholder="Click the canvas…",
                                               searchable=False), html_for=ids.INSPECT_SELECT),
        html.Div(id=ids.NODE_PANEL, hidden=True, children=[
            _labelled("Class", dcc.Dropdown(id=ids.NODE_CLASS_SELECT, options=[], clearable=False, searchable=False),
                      html_for=ids.NODE_CLASS_SELECT, hint="Specialise or generalise."),
            dcc.Checklist(id=ids.NODE_FLAGS, className="checks", options=[
                {"label": " returned in results", "value": "select"},
                {"label": " include subclasses", "value": "subclasses"},
            ], value=[], inputClassName="check"),
            _labelled("Pinned instances", dcc.Dropdown(id=ids.NODE_INSTANCES, options=[], multi=True,
                                                       placeholder="Search by name…"),
                      html_for=ids.NODE_INSTANCES),
            html.Div(className="constraints", children=[
                html.Span("Constraints", className="field-label"),
                html.Ul(id=ids.CONSTRAINT_LIST, className="constraint-list"),
                _labelled("Attribute", dcc.Dropdown(id=ids.CONSTRAINT_PROPERTY, options=[], placeholder="attribute",
                                                    **_SERVER_SEARCH), html_for=ids.CONSTRAINT_PROPERTY),
                dcc.Store(id=ids.search_text(ids.CONSTRAINT_PROPERTY), data=None),
                html.Div(className="row", children=[
                    dcc.Dropdown(id=ids.CONSTRAINT_OP, options=[], placeholder="op", clearable=False,
                                 searchable=False, className="op-pick"),
                    html.Label("Operator", htmlFor=ids.CONSTRAINT_OP, className="visually-hidden"),
                    html.Label("Value", htmlFor=ids.CONSTRAINT_VALUE, className="visually-hidden"),
                    dcc.Input(id=ids.CONSTRAINT_VALUE, type="text", placeholder="value", className="input grow",
                              debounce=False),
                    dcc.RadioItems(id=ids.CONSTRAINT_BOOL, options=["true", "false"], value="true", inline=True,
                                   style={"display": "none"}, className="bool-pick"),
                    html.Button("Add", id=ids.CONSTRAINT_ADD, className="btn", disabled=True),
                    html.Button("Show value", id=ids.CONSTRAINT_SHOW, className="btn", disabled=True,
                                title="Return this attribute's value in the results; click again to stop"),
                ]),
                html.Div(id=ids.CONSTRAINT_HINT, className="hint", role="status"),
            ]),
            html.Button("Remove node", id=ids.NODE_REMOVE, className="btn danger"),
        ]),
        html.Div(id=ids.EDGE_PANEL, hidden=True, children=[
            _labelled("Link", dcc.Dropdown(id=ids.EDGE_LINK_SELECT, options=[], clearable=False),
                      html_for=ids.EDGE_LINK_SELECT),
            dcc.Checklist(id=ids.EDGE_FLAGS, className="checks", options=[
                {"label": " optional", "value": "optional"},
                {"label": " negated (must not exist)", "value": "negated"},
            ], value=[], inputClassName="check"),
            html.Div(className="row", children=[
                html.Button("Flip direction", id=ids.EDGE_FLIP, className="btn"),
                html.Button("Delete link", id=ids.EDGE_REMOVE, className="btn danger"),
            ]),
        ]),
        html.Div(id=ids.EDIT_MESSAGE, className="message", role="status"),
    ])


def _edit_panel() -> html.Section:
    return html.Section(className="panel edit", **{"aria-labelledby": "edit-title"}, children=[
        html.H2("Edit", id="edit-title", className="visually-hidden"),
        html.P(id=ids.RESTATEMENT, className="restatement", **{"aria-live": "polite"},
               children="Ask a question or add a node to start."),
        html.Div(id=ids.VALIDATION, className="validation", role="status"),
        _toolbar(),
        html.Div(className="canvas-row", children=[
            cyto.Cytoscape(
                id=ids.CYTOSCAPE, elements=[], stylesheet=STYLESHEET, className="canvas",
                layout={"name": "preset", "fit": True, "padding": 40},
                minZoom=0.3, maxZoom=1.4, boxSelectionEnabled=True, userZoomingEnabled=True,
                style={"width": "100%", "height": "100%"},
            ),
            _inspector(),
        ]),
        _instruct_box(),
        _compare_box(),
        html.Div(className="legend", **{"aria-label": "Legend"}, children=[
            html.Span("constant", className="key constant"),
            html.Span("pinned", className="key pinned"),
            html.Span("constrained", className="key constrained"),
            html.Span("not returned", className="key hidden"),
            html.Span("optional link", className="key optional"),
            html.Span("negated link", className="key negated"),
            html.Span("added", className="key added"),
            html.Span("removed", className="key removed"),
            html.Span("changed", className="key changed"),
            html.Span("a guess: check it", className="key guess",
                      title="The draft found no part of the ontology that fits these words well."),
        ]),
    ])


def _compare_box() -> html.Details:
    """Two graphs from the history, and what the second adds, removes and changes, on a small canvas."""
    return html.Details(className="compare", children=[
        html.Summary("Compare two graphs from the history"),
        html.Div(className="row", children=[
            html.Label("From", htmlFor=ids.HISTORY_COMPARE_FROM, className="tool-label"),
            dcc.Dropdown(id=ids.HISTORY_COMPARE_FROM, options=[], placeholder="an earlier graph…", className="grow"),
            html.Label("to", htmlFor=ids.HISTORY_COMPARE_TO, className="tool-label"),
            dcc.Dropdown(id=ids.HISTORY_COMPARE_TO, options=[{"label": "The current graph", "value": "current"}],
                         value="current", className="grow"),
        ]),
        html.Span(id=ids.HISTORY_DIFF_MESSAGE, className="message", role="status"),
        cyto.Cytoscape(id=ids.HISTORY_DIFF, elements=[], stylesheet=STYLESHEET, className="diff-canvas",
                       layout={"name": "preset", "fit": True, "padding": 30}, minZoom=0.3, maxZoom=1.2,
                       style={"width": "100%", "height": "320px"}),
    ])


def _instruct_box() -> html.Div:
    """Edit by instruction: the change is previewed on the canvas as a difference, then applied or discarded."""
    return html.Div(className="tool instruct", children=[
        html.Label("Change", htmlFor=ids.INSTRUCTION, className="tool-label"),
        dcc.Input(id=ids.INSTRUCTION, type="text", className="input grow", debounce=False,
                  placeholder="e.g. also require that the university is in Germany; drop the child"),
        html.Button("Preview", id=ids.INSTRUCT_PREVIEW, className="btn"),
        html.Button("Apply", id=ids.INSTRUCT_APPLY, className="btn primary", disabled=True),
        html.Button("Discard", id=ids.INSTRUCT_DISCARD, className="btn", disabled=True),
        html.Span(id=ids.INSTRUCT_MESSAGE, className="message", role="status"),
    ])


def _shape_panel() -> html.Div:
    """An aggregate (a count and its bound, or a figure of an attribute), sort and limit: query modifiers, so they
    show in the description and the SPARQL."""
    return html.Div(className="shape row", role="group", **{"aria-label": "Shape results"}, children=[
        html.Span("Shape results", className="field-label inline"),
        html.Label("Compute", htmlFor=ids.SHAPE_FUNCTION, className="tool-label"),
        dcc.Dropdown(id=ids.SHAPE_FUNCTION, options=[{"label": name, "value": function.value}
                                                     for function, name in AGGREGATE_NAMES.items()],
                     value=AggregateFunction.COUNT.value, clearable=False, searchable=False, className="count-op"),
        html.Label("of", htmlFor=ids.SHAPE_COUNT, className="tool-label"),
        dcc.Dropdown(id=ids.SHAPE_COUNT, options=[], placeholder="nothing", className="node-pick"),
        html.Label("the attribute whose values are computed", htmlFor=ids.SHAPE_MEASURE,
                   className="visually-hidden"),
        dcc.Dropdown(id=ids.SHAPE_MEASURE, options=[], placeholder="attribute", disabled=True, className="node-pick"),
        html.Label("per", htmlFor=ids.SHAPE_GROUP_BY, className="tool-label"),
        dcc.Dropdown(id=ids.SHAPE_GROUP_BY, options=[], multi=True, placeholder="all together", disabled=True,
                     className="node-pick"),
        html.Label("only where it is", htmlFor=ids.SHAPE_HAVING_OP, className="tool-label"),
        dcc.Dropdown(id=ids.SHAPE_HAVING_OP, options=[{"label": words, "value": op.value}
                                                      for op, words in COUNT_WORDS.items()],
                     placeholder="any count", disabled=True, className="count-op"),
        html.Label("the number the count is compared with", htmlFor=ids.SHAPE_HAVING_VALUE,
                   className="visually-hidden"),
        dcc.Input(id=ids.SHAPE_HAVING_VALUE, type="number", min=0, step=1, placeholder="n", debounce=True,
                  disabled=True, className="input limit"),
        html.Label("Sort by", htmlFor=ids.SHAPE_ORDER, className="tool-label"),
        dcc.Dropdown(id=ids.SHAPE_ORDER, options=[], placeholder="unsorted", className="node-pick"),
        dcc.RadioItems(id=ids.SHAPE_DIRECTION, options=[{"label": " ascending", "value": "asc"},
                                                          {"label": " descending", "value": "desc"}],
                       value="asc", inline=True, className="checks"),
        html.Label("Limit", htmlFor=ids.SHAPE_LIMIT, className="tool-label"),
        dcc.Input(id=ids.SHAPE_LIMIT, type="number", min=1, step=1, placeholder="all", debounce=True,
                  className="input limit"),
    ])


def _instance_card() -> html.Aside:
    """The card of an instance clicked in the results; filled by components/callbacks/explore.py."""
    return html.Aside(id=ids.EXPLORE_CARD, hidden=True, className="instance-card", **{"aria-live": "polite"},
                      children=[
        html.Button("×", id=ids.EXPLORE_CLOSE, className="btn close", title="Close the card",
                    **{"aria-label": "Close the card"}),
        html.Div(id=ids.EXPLORE_BODY),
        html.Div(className="row", children=[
            html.Label("Use in query as", htmlFor=ids.EXPLORE_TARGET, className="tool-label"),
            dcc.Dropdown(id=ids.EXPLORE_TARGET, options=[], clearable=False, searchable=False,
                         className="node-pick"),
            html.Button("Use in query", id=ids.EXPLORE_USE, className="btn primary"),
            html.Span(id=ids.EXPLORE_MESSAGE, className="message", role="status"),
        ]),
    ])


def _results_panel() -> html.Section:
    return html.Section(className="panel results", **{"aria-labelledby": "results-title"}, children=[
        html.Div(className="row spread", children=[
            html.H2("Results", id="results-title"),
            html.Div(className="row", children=[
                html.Span(id=ids.RESULTS_MESSAGE, className="message", role="status"),
                html.Button("Run again", id=ids.RUN_QUERY_BUTTON, className="btn"),
            ]),
        ]),
        _shape_panel(),
        dcc.Tabs(id=ids.RESULTS_TABS, value=ids.TAB_TABLE, className="tabs", children=[
            dcc.Tab(label="Table", value=ids.TAB_TABLE, children=[
                html.Div(className="row", children=[
                    html.Button("Download CSV", id=ids.DOWNLOAD_CSV_BUTTON, className="btn"),
                    html.Button("Download JSON", id=ids.DOWNLOAD_JSON_BUTTON, className="btn"),
                ]),
                dash_table.DataTable(
                    id=ids.RESULTS_TABLE, data=[], columns=[], page_size=RESULTS_PAGE_SIZE, page_action="custom",
                    page_current=0, page_count=1, sort_action="none", style_as_list_view=True,
                    markdown_options={"link_target": "_blank"},
                    style_table={"overflowX": "auto"},
                    style_cell={"fontFamily": "system-ui, sans-serif", "fontSize": 13, "textAlign": "left",
                                "padding": "6px 10px", "maxWidth": 360, "whiteSpace": "normal"},
                    style_header={"fontWeight": 600, "backgroundColor": "#f1f4f8"},
                ),
            ]),
            dcc.Tab(label="Graph", value=ids.TAB_GRAPH, children=[
                cyto.Cytoscape(id=ids.INSTANCE_GRAPH, elements=[], stylesheet=STYLESHEET,
                               layout={"name": "cose", "animate": False}, className="instance-canvas",
                               style={"width": "100%", "height": "420px"}),
            ]),
            dcc.Tab(label="Dashboard", value=ids.TAB_DASHBOARD, children=[
                html.Div(className="row", children=[
                    html.Label("Chart", htmlFor=ids.CHART_KIND, className="field-label inline"),
                    dcc.Dropdown(id=ids.CHART_KIND, options=[], clearable=False, searchable=False,
                                 className="chart-pick"),
                    html.Span(id=ids.CHART_REASON, className="hint"),
                    html.Button("Export HTML", id=ids.EXPORT_HTML_BUTTON, className="btn"),
                ]),
                dcc.Graph(id=ids.CHART, figure={}, config={
                    "displaylogo": False, "toImageButtonOptions": {"format": "png", "filename": "protograph-chart"},
                    # Maps draw their coastlines from the bundled topojson, never from a CDN.
                    "topojsonURL": _asset_url("topojson/"),
                }, style={"height": "420px"}),
            ]),
            dcc.Tab(label="SPARQL", value=ids.TAB_SPARQL, children=[
                html.Div(className="row", children=[
                    dcc.Clipboard(target_id=ids.SPARQL_TEXT, title="Copy the query", className="clipboard"),
                    html.Button("Download .rq", id=ids.DOWNLOAD_RQ_BUTTON, className="btn"),
                    html.Button("Edit the query", id=ids.SPARQL_EDIT_TOGGLE, className="btn"),
                ]),
                html.Pre(id=ids.SPARQL_TEXT, className="sparql", tabIndex="0"),
                html.Div(id=ids.SPARQL_EDITOR_ROW, hidden=True, children=[
                    _labelled("SPARQL", dcc.Textarea(id=ids.SPARQL_EDITOR, className="sparql-editor", rows=12,
                                                     spellCheck=False), html_for=ids.SPARQL_EDITOR),
                    html.Button("Apply to the graph", id=ids.SPARQL_APPLY, className="btn primary"),
                    html.Div(id=ids.SPARQL_MESSAGE, className="message", role="status"),
                ]),
            ]),
        ]),
        _instance_card(),
        dcc.Download(id=ids.DOWNLOAD_RESULTS),
        dcc.Download(id=ids.DOWNLOAD_CHART),
        dcc.Download(id=ids.DOWNLOAD_RQ),
    ])


def build_layout(*, examples: list[str], initial_source: dict, debug: bool = True) -> html.Div:
    """The whole page. Stores start empty: each browser session fills its own."""
    return html.Div(className="app", children=[
        dcc.Location(id=ids.URL, refresh=False),
        dcc.Store(id=ids.GRAPH_STORE, data={"nodes": [], "edges": []}),
        # Local storage: earlier graphs outlast a reload and stay with this browser.
        dcc.Store(id=ids.HISTORY_STORE, data={"past": [], "future": []}, storage_type="local"),
        dcc.Store(id=ids.CANVAS_HIGHLIGHT, data=None),
        dcc.Store(id=ids.SOURCE_STORE, data=initial_source),
        dcc.Store(id=ids.SOURCE_UPLOAD_PAYLOAD, data=None),
        dcc.Store(id=ids.STAGES_STORE, data=None),
        dcc.Store(id=ids.RESULTS_STORE, data=None),
        dcc.Store(id=ids.EXPLORE_STORE, data=None),
        dcc.Store(id=ids.QUESTION_STORE, data=""),
        dcc.Store(id=ids.INSTRUCT_STORE, data=None),
        _source_bar(initial_source),
        html.Main(className="grid", children=[
            _ask_panel(examples),
            _edit_panel(),
            _results_panel(),
        ]),
        html.Details(className="debug", open=False, children=[
            html.Summary("Graph JSON"),
            html.Pre(id=ids.GRAPH_DEBUG, className="debug-json"),
        ], hidden=not debug),
    ])

"""Downloads: results as CSV or SPARQL JSON, the query as ``.rq``, the chart as HTML."""

from __future__ import annotations

import dash
import plotly.graph_objects
from dash import Input, Output, State, ctx, no_update

from app.errors import USER_ERRORS
from app.query.export import figure_to_html, results_to_csv, results_to_json
from app.query.run import run_query
from app.settings import Settings
from components import ids
from components.callbacks.common import (
    bind,
    compile_query,
    load_graph,
    parse_results,
    resources_for,
)

__all__ = ["download_chart", "download_results", "download_rq", "register"]


def download_results(_csv: int | None, _json: int | None, results: dict | None, graph_data: dict | None = None,
                     source: dict | None = None, *, settings: Settings | None = None) -> dict | object:
    """The results as CSV or SPARQL JSON, whichever button was clicked.

    The table shows one page; with the graph and the settings, the download runs the
    graph's query again without a page, so it holds every row.
    """
    if not results:
        return no_update
    rows = parse_results(results)
    graph = load_graph(graph_data)
    if settings is not None and not graph.is_empty():
        try:
            rows = run_query(compile_query(graph, settings), store=resources_for(settings, source).store)
        except USER_ERRORS:
            return no_update
    if ctx.triggered_id == ids.DOWNLOAD_CSV_BUTTON:
        return {"content": results_to_csv(rows), "filename": "protograph-results.csv", "type": "text/csv"}
    return {"content": results_to_json(rows), "filename": "protograph-results.json",
            "type": "application/sparql-results+json"}


def download_rq(_clicks: int | None, graph_data: dict | None, *, settings: Settings) -> dict | object:
    graph = load_graph(graph_data)
    if graph.is_empty():
        return no_update
    return {"content": compile_query(graph, settings), "filename": "protograph-query.rq",
            "type": "application/sparql-query"}


def download_chart(_clicks: int | None, figure: dict | None) -> dict | object:
    """The shown chart, as it is shown, as a standalone HTML page."""
    if not figure or not figure.get("data"):
        return no_update
    shown = plotly.graph_objects.Figure(figure, skip_invalid=True)
    return {"content": figure_to_html(shown), "filename": "protograph-chart.html", "type": "text/html"}


def register(app: dash.Dash, settings: Settings) -> None:
    app.callback(
        Output(ids.DOWNLOAD_RESULTS, "data"),
        Input(ids.DOWNLOAD_CSV_BUTTON, "n_clicks"),
        Input(ids.DOWNLOAD_JSON_BUTTON, "n_clicks"),
        State(ids.RESULTS_STORE, "data"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call=True,
    )(bind(download_results, settings=settings))
    app.callback(
        Output(ids.DOWNLOAD_RQ, "data"),
        Input(ids.DOWNLOAD_RQ_BUTTON, "n_clicks"),
        State(ids.GRAPH_STORE, "data"),
        prevent_initial_call=True,
    )(bind(download_rq, settings=settings))
    app.callback(
        Output(ids.DOWNLOAD_CHART, "data"),
        Input(ids.EXPORT_HTML_BUTTON, "n_clicks"),
        State(ids.CHART, "figure"),
        prevent_initial_call=True,
    )(download_chart)

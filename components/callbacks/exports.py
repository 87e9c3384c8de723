"""Downloads: results as CSV or SPARQL JSON, the query as ``.rq``, the chart as HTML."""

from __future__ import annotations

import dash
from dash import Input, Output, State, ctx, no_update

from app.query.export import figure_to_html, results_to_csv, results_to_json
from app.settings import Settings
from components import ids
from components.callbacks.common import bind, compile_query, load_graph, parse_results
from components.callbacks.results import chart_figure

__all__ = ["download_chart", "download_results", "download_rq", "register"]


def download_results(_csv: int | None, _json: int | None, results: dict | None) -> dict | object:
    """The results as CSV or SPARQL JSON, whichever button was clicked."""
    if not results:
        return no_update
    if ctx.triggered_id == ids.DOWNLOAD_CSV_BUTTON:
        return {"content": results_to_csv(parse_results(results)), "filename": "protograph-results.csv",
                "type": "text/csv"}
    return {"content": results_to_json(parse_results(results)), "filename": "protograph-results.json",
            "type": "application/sparql-results+json"}


def download_rq(_clicks: int | None, graph_data: dict | None, *, settings: Settings) -> dict | object:
    graph = load_graph(graph_data)
    if graph.is_empty():
        return no_update
    return {"content": compile_query(graph, settings), "filename": "protograph-query.rq",
            "type": "application/sparql-query"}


def download_chart(_clicks: int | None, kind: str | None, results: dict | None) -> dict | object:
    """The shown chart as a standalone HTML page."""
    if not results or not kind:
        return no_update
    return {"content": figure_to_html(chart_figure(results, kind)), "filename": "protograph-chart.html",
            "type": "text/html"}


def register(app: dash.Dash, settings: Settings) -> None:
    app.callback(
        Output(ids.DOWNLOAD_RESULTS, "data"),
        Input(ids.DOWNLOAD_CSV_BUTTON, "n_clicks"),
        Input(ids.DOWNLOAD_JSON_BUTTON, "n_clicks"),
        State(ids.RESULTS_STORE, "data"),
        prevent_initial_call=True,
    )(download_results)
    app.callback(
        Output(ids.DOWNLOAD_RQ, "data"),
        Input(ids.DOWNLOAD_RQ_BUTTON, "n_clicks"),
        State(ids.GRAPH_STORE, "data"),
        prevent_initial_call=True,
    )(bind(download_rq, settings=settings))
    app.callback(
        Output(ids.DOWNLOAD_CHART, "data"),
        Input(ids.EXPORT_HTML_BUTTON, "n_clicks"),
        State(ids.CHART_KIND, "value"),
        State(ids.RESULTS_STORE, "data"),
        prevent_initial_call=True,
    )(download_chart)

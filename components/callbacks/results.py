"""The results panel: run the graph's query, then the table, the instance graph and the chart."""

from __future__ import annotations

import time
from typing import Any

import dash
import plotly.graph_objects  # noqa: F401 - imported once per process, not inside the first chart callback
from dash import Input, Output, State

from app.errors import USER_ERRORS
from app.query.charts import build_figure, choose_chart
from app.query.results import results_table
from app.query.run import run_query
from app.resources import Resources
from app.settings import Settings
from components import ids
from components.callbacks.common import (
    bind,
    compile_query,
    error_span,
    error_text,
    load_graph,
    ontology_or_none,
    parse_results,
    resources_for,
)
from components.elements import instance_elements

__all__ = ["chart_figure", "draw_chart", "pick_chart", "register", "run", "show_results", "table_view"]


def execute_query(query: str, resources: Resources) -> dict:
    """SPARQL JSON results of ``query`` on the source's store, as the results store holds them."""
    return run_query(query, store=resources.store).model_dump(mode="json", exclude_none=True)


def _cell(value: Any) -> Any:
    # DataTable cells take only JSON scalars.
    return value if value is None or isinstance(value, (str, int, float, bool)) else str(value)


def table_view(results: dict) -> tuple[list[dict], list[dict]]:
    """DataTable columns and rows: a readable label column beside each IRI column."""
    table = results_table(parse_results(results))
    columns = [{"name": c.name, "id": c.id} for c in table.columns]
    rows = [{k: _cell(v) for k, v in row.items()} for row in table.rows]
    return columns, rows


def chart_figure(results: dict, kind: str) -> Any:
    return build_figure(parse_results(results), kind)


def run(graph_data: dict | None, _clicks: int | None, source: dict | None, *, settings: Settings) -> tuple:
    """Run the graph's query: the results store and a status line (rows and time, or the error)."""
    graph = load_graph(graph_data)
    if graph.is_empty():
        return None, ""
    started = time.perf_counter()
    try:
        query = compile_query(graph, settings)
        results = execute_query(query, resources_for(settings, source))
    except USER_ERRORS as error:
        return None, error_span(error_text(error))
    rows = len(results.get("results", {}).get("bindings", []))
    took = (time.perf_counter() - started) * 1000
    return results, f"{rows:,} row{'s' if rows != 1 else ''} in {took:.0f} ms"


def show_results(results: dict | None, graph_data: dict | None, source: dict | None, *,
                 settings: Settings) -> tuple:
    """Table rows and columns, and the instance graph's elements."""
    if not results:
        return [], [], []
    columns, rows = table_view(results)
    elements = instance_elements(parse_results(results), load_graph(graph_data), ontology_or_none(settings, source))
    return rows, columns, elements


def pick_chart(results: dict | None) -> tuple:
    """The charts that fit the columns, the one chosen by rule, and why."""
    if not results:
        return [], None, ""
    choice = choose_chart(parse_results(results))
    return [{"label": k.value, "value": k.value} for k in choice.alternatives], choice.kind.value, choice.reason


def draw_chart(kind: str | None, results: dict | None) -> Any:
    if not results or not kind:
        return {}
    return chart_figure(results, kind)


def register(app: dash.Dash, settings: Settings) -> None:
    app.callback(
        Output(ids.RESULTS_STORE, "data"),
        Output(ids.RESULTS_MESSAGE, "children"),
        Input(ids.GRAPH_STORE, "data"),
        Input(ids.RUN_QUERY_BUTTON, "n_clicks"),
        Input(ids.SOURCE_STORE, "data"),
    )(bind(run, settings=settings))
    app.callback(
        Output(ids.RESULTS_TABLE, "data"),
        Output(ids.RESULTS_TABLE, "columns"),
        Output(ids.INSTANCE_GRAPH, "elements"),
        Input(ids.RESULTS_STORE, "data"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
    )(bind(show_results, settings=settings))
    app.callback(
        Output(ids.CHART_KIND, "options"),
        Output(ids.CHART_KIND, "value"),
        Output(ids.CHART_REASON, "children"),
        Input(ids.RESULTS_STORE, "data"),
    )(pick_chart)
    app.callback(
        Output(ids.CHART, "figure"),
        Input(ids.CHART_KIND, "value"),
        State(ids.RESULTS_STORE, "data"),
    )(draw_chart)

"""The results panel: run one page of the graph's query (and count all its rows), then the table
and the instance graph of that page (the Dashboard tab: :mod:`components.callbacks.dashboard`)."""

from __future__ import annotations

import time
from typing import Any

import dash
from dash import Input, Output, State, ctx

from app.errors import USER_ERRORS
from app.graph.model import PrototypeGraph
from app.query.results import results_table
from app.query.run import Page, run_page
from app.resources import Resources
from app.settings import Settings
from components import ids
from components.callbacks.common import (
    bind,
    error_span,
    error_text,
    load_graph,
    ontology_or_none,
    parse_results,
    resources_for,
)
from components.elements import instance_elements
from components.layout import RESULTS_PAGE_SIZE

__all__ = ["PAGE_SIZE", "fetch_page", "page_message", "register", "run", "show_results", "table_view"]


PAGE_SIZE = RESULTS_PAGE_SIZE


def fetch_page(graph: PrototypeGraph, page: int, resources: Resources, settings: Settings) -> Page:
    """One page of the graph's rows on the source's store, with the count of all rows."""
    return run_page(graph, store=resources.store, page=page, page_size=PAGE_SIZE, total=True,
                    language=settings.language)


def page_message(page: Page, took_ms: float) -> str:
    """The total first, then which rows the page shows: "269 rows in 40 ms · showing 26–50".

    >>> from app.query.sparql_results import SparqlResults
    >>> page_message(Page(SparqlResults(), 0, 25, has_more=False, total=0), 3.2)
    '0 rows in 3 ms'
    """
    total = page.total if page.total is not None else page.last_row
    text = f"{total:,} row{'s' if total != 1 else ''} in {took_ms:.0f} ms"
    if page.page == 0 and not page.has_more:
        return text
    if not page.results.bindings:
        return f"{text} · none on this page"
    return f"{text} · showing {page.first_row:,}–{page.last_row:,}"


def _cell(value: Any) -> Any:
    # DataTable cells take only JSON scalars.
    return value if value is None or isinstance(value, (str, int, float, bool)) else str(value)


def table_view(results: dict) -> tuple[list[dict], list[dict]]:
    """DataTable columns and rows: a readable label column beside each IRI column."""
    table = results_table(parse_results(results))
    columns = [{"name": c.name, "id": c.id} for c in table.columns]
    rows = [{k: _cell(v) for k, v in row.items()} for row in table.rows]
    return columns, rows


def run(graph_data: dict | None, _clicks: int | None, source: dict | None, page_current: int | None = None, *,
        settings: Settings) -> tuple:
    """Run one page of the graph's query: the results store, a status line, the table's page count and page.

    A new graph, source or "Run again" starts at the first page; moving through the
    table's pages fetches that page from the store.
    """
    graph = load_graph(graph_data)
    if graph.is_empty():
        return None, "", 1, 0
    # Only the table's own page control keeps its page; anything else starts again at the first page.
    page = page_current if page_current and ctx.triggered_id == ids.RESULTS_TABLE else 0
    started = time.perf_counter()
    try:
        fetched = fetch_page(graph, page, resources_for(settings, source), settings)
    except USER_ERRORS as error:
        return None, error_span(error_text(error)), 1, 0
    took = (time.perf_counter() - started) * 1000
    total = fetched.total if fetched.total is not None else fetched.last_row
    pages = max(1, -(-total // PAGE_SIZE))
    return fetched.results.model_dump(mode="json", exclude_none=True), page_message(fetched, took), pages, page


def show_results(results: dict | None, graph_data: dict | None, source: dict | None, *,
                 settings: Settings) -> tuple:
    """Table rows and columns, and the instance graph's elements."""
    if not results:
        return [], [], []
    columns, rows = table_view(results)
    elements = instance_elements(parse_results(results), load_graph(graph_data), ontology_or_none(settings, source))
    return rows, columns, elements


def register(app: dash.Dash, settings: Settings) -> None:
    app.callback(
        Output(ids.RESULTS_STORE, "data"),
        Output(ids.RESULTS_MESSAGE, "children"),
        Output(ids.RESULTS_TABLE, "page_count"),
        Output(ids.RESULTS_TABLE, "page_current"),
        Input(ids.GRAPH_STORE, "data"),
        Input(ids.RUN_QUERY_BUTTON, "n_clicks"),
        Input(ids.SOURCE_STORE, "data"),
        Input(ids.RESULTS_TABLE, "page_current"),
    )(bind(run, settings=settings))
    app.callback(
        Output(ids.RESULTS_TABLE, "data"),
        Output(ids.RESULTS_TABLE, "columns"),
        Output(ids.INSTANCE_GRAPH, "elements"),
        Input(ids.RESULTS_STORE, "data"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
    )(bind(show_results, settings=settings))

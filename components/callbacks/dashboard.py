"""The Dashboard tab: the charts worth offering for the results, and the chosen one drawn.

Charts are planned only while the tab is shown (they may read the dates and
coordinates of the result instances from the knowledge graph), and again
whenever new results arrive there.
"""

from __future__ import annotations

import dash
from dash import Input, Output, State, no_update

from app.errors import USER_ERRORS
from app.query.charts import message_figure
from app.query.dashboard import draw_chart, plan_dashboard
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

__all__ = ["draw", "plan", "register"]


def plan(results: dict | None, tab: str | None, graph_data: dict | None, source: dict | None, *,
         settings: Settings) -> tuple:
    """The chart options, the one shown first, and why (nothing changes while another tab is shown)."""
    if tab != ids.TAB_DASHBOARD:
        return no_update, no_update, no_update
    if not results:
        return [], None, ""
    try:
        dashboard = plan_dashboard(parse_results(results), load_graph(graph_data),
                                   store=resources_for(settings, source).store,
                                   ontology=ontology_or_none(settings, source), language=settings.language,
                                   timeout=settings.endpoint_timeout_s)
    except USER_ERRORS as error:
        return [], None, error_span(error_text(error))
    options = [{"label": o.label, "value": o.key, "title": o.reason} for o in dashboard.options]
    return options, dashboard.chosen, dashboard.reason


def draw(key: str | None, options: list[dict] | None, results: dict | None, graph_data: dict | None,
         source: dict | None, *, settings: Settings) -> tuple:
    """The chosen chart's figure and why it fits; an empty chart that says why when it cannot be drawn."""
    if not results or not key:
        return {}, no_update
    reason = next((o.get("title", "") for o in options or () if o.get("value") == key), no_update)
    try:
        return draw_chart(key, parse_results(results), load_graph(graph_data),
                          store=resources_for(settings, source).store, ontology=ontology_or_none(settings, source),
                          language=settings.language, timeout=settings.endpoint_timeout_s), reason
    except USER_ERRORS as error:
        return message_figure(error_text(error)), reason


def register(app: dash.Dash, settings: Settings) -> None:
    app.callback(
        Output(ids.CHART_KIND, "options"),
        Output(ids.CHART_KIND, "value"),
        Output(ids.CHART_REASON, "children"),
        Input(ids.RESULTS_STORE, "data"),
        Input(ids.RESULTS_TABS, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
    )(bind(plan, settings=settings))
    app.callback(
        Output(ids.CHART, "figure"),
        Output(ids.CHART_REASON, "children", allow_duplicate=True),
        Input(ids.CHART_KIND, "value"),
        State(ids.CHART_KIND, "options"),
        State(ids.RESULTS_STORE, "data"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call=True,
    )(bind(draw, settings=settings))

"""The results panel, called directly: running the query, the table, the instance graph and the chart."""

from __future__ import annotations

import plotly.graph_objects as go
import pytest
from dash import html

from components.callbacks.results import draw_chart, pick_chart, run, show_results


@pytest.fixture
def results(settings, sample, works) -> dict:
    """The results store after running the works graph on the sample."""
    return run(works, None, sample, settings=settings)[0]


def test_run_returns_rows_and_how_long_they_took(settings, sample, works):
    stored, message = run(works, None, sample, settings=settings)
    rows = len(stored["results"]["bindings"])
    assert rows >= 3 and message.startswith(f"{rows:,} rows in ") and message.endswith(" ms")
    assert run(None, None, sample, settings=settings) == (None, "")


def test_run_reports_a_source_that_does_not_answer(settings, works, closed_port_url):
    stored, message = run(works, 1, {"kind": "endpoint", "url": closed_port_url}, settings=settings)
    assert stored is None and isinstance(message, html.Span) and message.className == "error"


def test_show_results_fills_the_table_and_the_instance_graph(settings, sample, works, results):
    rows, columns, elements = show_results(results, works, sample, settings=settings)
    assert [c["id"] for c in columns][:2] == ["work_1_label", "work_1"] and len(rows) == len(
        results["results"]["bindings"])
    assert {e["data"]["var"] for e in elements if "var" in e["data"]} == {"work_1", "ice_hockey_player_1"}
    assert {e["data"]["label"] for e in elements if "source" in e["data"]} == {"author"}
    assert show_results(None, works, sample, settings=settings) == ([], [], [])


def test_pick_chart_chooses_by_rule_and_offers_the_rest(results):
    options, kind, reason = pick_chart(results)
    assert kind == "table" and {"label": "bar", "value": "bar"} in options and reason
    assert pick_chart(None) == ([], None, "")


def test_draw_chart_builds_the_chosen_figure(results):
    assert isinstance(draw_chart("table", results).data[0], go.Table)
    assert isinstance(draw_chart("bar", results).data[0], go.Bar)
    assert draw_chart(None, results) == {} and draw_chart("bar", None) == {}

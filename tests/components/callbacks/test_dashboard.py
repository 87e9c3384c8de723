"""The Dashboard tab, called directly: planning only while it is shown, drawing, and saying why not."""

from __future__ import annotations

import plotly.graph_objects as go
import pyoxigraph
from dash import html, no_update

from components import ids
from components.callbacks.dashboard import draw, plan
from components.callbacks.results import run


def test_nothing_is_planned_while_another_tab_is_shown(settings, sample, works):
    results = run(works, None, sample, settings=settings)[0]
    assert plan(results, ids.TAB_TABLE, works, sample, settings=settings) == (no_update,) * 3
    assert plan(None, ids.TAB_DASHBOARD, works, sample, settings=settings) == ([], None, "")


def test_the_dashboard_offers_charts_worth_a_look(settings, sample, works):
    results = run(works, None, sample, settings=settings)[0]
    options, value, reason = plan(results, ids.TAB_DASHBOARD, works, sample, settings=settings)
    values = [o["value"] for o in options]
    assert value in values and value.startswith("timeline:") and "No chart fits" in reason
    assert "count by class" in values and "table" not in values
    assert any(o["label"].startswith("timeline: birth date of ice hockey player") for o in options)
    figure, why = draw(value, options, results, works, sample, settings=settings)
    assert isinstance(figure, go.Figure) and figure.data and figure.layout.xaxis.title.text and why == reason


def test_picking_another_chart_says_why_it_fits(settings, sample, works, sample_kg_path):
    results = run(works, None, sample, settings=settings)[0]
    options = plan(results, ids.TAB_DASHBOARD, works, sample, settings=settings)[0]
    figure, why = draw("count by class", options, results, works, sample, settings=settings)
    assert why == "instances of each node of the query, over all results"
    raw = pyoxigraph.Store()
    raw.load(path=str(sample_kg_path), format=pyoxigraph.RdfFormat.TURTLE)
    pairs = [(r[0].value, r[1].value) for r in raw.query(
        "SELECT DISTINCT ?w ?p WHERE { ?w a <http://dbpedia.org/ontology/Work> ; "
        "<http://dbpedia.org/ontology/author> ?p . ?p a <http://dbpedia.org/ontology/IceHockeyPlayer> }")]
    # distinct works and players across every result
    assert list(figure.data[0].y) == [len({w for w, _ in pairs}), len({p for _, p in pairs})]


def test_a_chart_that_cannot_be_drawn_says_why(settings, sample, works):
    results = run(works, None, sample, settings=settings)[0]
    figure, why = draw("map:nobody", [], results, works, sample, settings=settings)
    assert not figure.data and "not a returned node" in figure.layout.annotations[0].text and why is no_update
    assert draw(None, [], results, works, sample, settings=settings) == ({}, no_update)
    assert draw("bar", [], None, works, sample, settings=settings) == ({}, no_update)


def test_a_source_that_does_not_load_is_one_line(settings, works):
    results = {"head": {"vars": ["work_1"]}, "results": {"bindings": [
        {"work_1": {"type": "uri", "value": "http://e.org/w"}}]}}
    options, value, reason = plan(results, ids.TAB_DASHBOARD, works, {"kind": "sample", "name": "no_such_sample"},
                                  settings=settings)
    assert options == [] and value is None and isinstance(reason, html.Span) and reason.children

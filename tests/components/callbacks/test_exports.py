"""Downloads, called directly: results as CSV or JSON, the query as .rq, the chart as HTML."""

from __future__ import annotations

import json
import re

from dash import no_update

from app.query.run import run_query
from components import ids
from components.callbacks.common import resources_for
from components.callbacks.dashboard import draw, plan
from components.callbacks.exports import download_chart, download_results, download_rq
from components.callbacks.results import run


def test_download_results_in_the_clicked_format(settings, sample, works, triggered):
    results = run(works, None, sample, settings=settings)[0]
    with triggered(ids.DOWNLOAD_CSV_BUTTON):
        csv = download_results(1, None, results)
    assert csv["filename"] == "protograph-results.csv" and csv["type"] == "text/csv"
    assert csv["content"].splitlines()[0].startswith("work_1")
    with triggered(ids.DOWNLOAD_JSON_BUTTON):
        sparql_json = download_results(None, 1, results)
    assert json.loads(sparql_json["content"])["head"]["vars"] == results["head"]["vars"]
    with triggered(ids.DOWNLOAD_CSV_BUTTON):
        assert download_results(1, None, None) is no_update


def test_download_rq_gives_the_compiled_query(settings, works):
    query = download_rq(1, works, settings=settings)
    assert query["filename"] == "protograph-query.rq" and "SELECT" in query["content"]
    assert download_rq(1, None, settings=settings) is no_update


def test_download_rq_returns_the_rows_the_table_counts(settings, sample):
    # The table counts every row of the graph (or up to its own limit); the exported query must return as many.
    person = {"nodes": [{"id": "person_1", "class": "http://dbpedia.org/ontology/Person"}]}
    store = resources_for(settings, sample).store
    totals = []
    for graph in (person, {**person, "limit": 7}):
        message = run(graph, None, sample, settings=settings)[1]
        totals.append(int(re.match(r"([\d,]+) rows? in", message).group(1).replace(",", "")))
        exported = run_query(download_rq(1, graph, settings=settings)["content"], store=store)
        assert len(exported.bindings) == totals[-1]
    assert totals[0] > 100 and totals[1] == 7


def test_download_chart_saves_the_chart_as_shown(settings, sample, works):
    results = run(works, None, sample, settings=settings)[0]
    options, key, _ = plan(results, ids.TAB_DASHBOARD, works, sample, settings=settings)
    shown = draw(key, options, results, works, sample, settings=settings)[0].to_plotly_json()
    page = download_chart(1, shown)
    assert page["filename"] == "protograph-chart.html" and "<html" in page["content"].lower()
    assert f'"type":"{shown["data"][0]["type"]}"' in page["content"]
    assert shown["layout"]["xaxis"]["title"]["text"] in page["content"]
    assert download_chart(1, None) is no_update and download_chart(1, {"data": [], "layout": {}}) is no_update


def test_download_results_holds_every_row_not_just_the_page_shown(settings, sample, triggered):
    person = {"nodes": [{"id": "person_1", "class": "http://dbpedia.org/ontology/Person"}]}
    page = run(person, None, sample, settings=settings)[0]
    with triggered(ids.DOWNLOAD_JSON_BUTTON):
        everything = json.loads(download_results(None, 1, page, person, sample, settings=settings)["content"])
    shown = {b["person_1"]["value"] for b in page["results"]["bindings"]}
    rows = {b["person_1"]["value"] for b in everything["results"]["bindings"]}
    assert len(shown) == 25 and shown < rows and len(rows) > 100
    with triggered(ids.DOWNLOAD_CSV_BUTTON):
        broken = download_results(1, None, page, person, {"kind": "endpoint", "url": "http://127.0.0.1:9/q"},
                                  settings=settings)
    assert broken is no_update

"""Downloads, called directly: results as CSV or JSON, the query as .rq, the chart as HTML."""

from __future__ import annotations

import json

from dash import no_update

from components import ids
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


def test_download_chart_as_a_standalone_page(settings, sample, works):
    results = run(works, None, sample, settings=settings)[0]
    page = download_chart(1, "bar", results)
    assert page["filename"] == "protograph-chart.html" and "<html" in page["content"].lower()
    assert download_chart(1, None, results) is no_update and download_chart(1, "bar", None) is no_update

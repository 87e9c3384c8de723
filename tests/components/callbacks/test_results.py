"""The results panel, called directly: running the query, the table and the instance graph."""

from __future__ import annotations

import pyoxigraph
import pytest
from dash import html

from app.query.run import Page
from app.query.sparql_results import ResultsBody, SparqlResults
from components import ids
from components.callbacks.results import (
    PAGE_SIZE,
    page_message,
    run,
    show_results,
)


@pytest.fixture
def results(settings, sample, works) -> dict:
    """The results store after running the works graph on the sample."""
    return run(works, None, sample, settings=settings)[0]


PERSON = {"nodes": [{"id": "person_1", "class": "http://dbpedia.org/ontology/Person"}]}


@pytest.fixture(scope="module")
def raw_sample(sample_kg_path) -> pyoxigraph.Store:
    """The sample KG in a bare pyoxigraph store: expected rows come from hand-written SPARQL, not the app."""
    store = pyoxigraph.Store()
    store.load(path=str(sample_kg_path), format=pyoxigraph.RdfFormat.TURTLE)
    return store


def test_run_returns_rows_and_how_long_they_took(settings, sample, works):
    stored, message, pages, page = run(works, None, sample, settings=settings)
    rows = len(stored["results"]["bindings"])
    assert rows >= 3 and message.startswith(f"{rows:,} rows in ") and message.endswith(" ms")
    assert (pages, page) == (1, 0)
    assert run(None, None, sample, settings=settings) == (None, "", 1, 0)


def test_run_shows_the_first_page_and_the_total(settings, sample, raw_sample):
    total = int(next(iter(raw_sample.query(
        "SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE { ?p a <http://dbpedia.org/ontology/Person> }")))[0].value)
    stored, message, pages, page = run(PERSON, None, sample, settings=settings)
    assert total > 100 and len(stored["results"]["bindings"]) == PAGE_SIZE
    assert message.startswith(f"{total} rows in ") and message.endswith(f" ms · showing 1–{PAGE_SIZE}")
    assert pages == -(-total // PAGE_SIZE) and page == 0


def test_paging_in_the_table_fetches_that_page_past_the_old_cut(settings, sample, triggered):
    first = run(PERSON, None, sample, settings=settings)[0]["results"]["bindings"]
    with triggered(ids.RESULTS_TABLE, prop="page_current"):
        stored, message, _, page = run(PERSON, None, sample, 5, settings=settings)
    rows = stored["results"]["bindings"]
    assert page == 5 and message.endswith(f" · showing {5 * PAGE_SIZE + 1}–{6 * PAGE_SIZE}")
    assert not {r["person_1"]["value"] for r in rows} & {r["person_1"]["value"] for r in first}
    with triggered(ids.RUN_QUERY_BUTTON):  # anything but the table starts again at the first page
        assert run(PERSON, 1, sample, 5, settings=settings)[3] == 0


def test_every_page_together_is_every_person_once(settings, sample, raw_sample, triggered):
    expected = {r[0].value for r in raw_sample.query(
        "SELECT DISTINCT ?p WHERE { ?p a <http://dbpedia.org/ontology/Person> }")}
    pages = run(PERSON, None, sample, settings=settings)[2]
    seen: list[str] = []
    for number in range(pages):
        with triggered(ids.RESULTS_TABLE, prop="page_current"):
            seen += [r["person_1"]["value"] for r in run(PERSON, None, sample, number, settings=settings)[0][
                "results"]["bindings"]]
    assert len(seen) == len(expected) and set(seen) == expected


def test_page_message_reads_the_page_and_the_total():
    rows = SparqlResults(results=ResultsBody(bindings=[{}] * 25))
    assert page_message(Page(rows, 1, 25, has_more=True, total=269), 12.4) == "269 rows in 12 ms · showing 26–50"
    assert page_message(Page(SparqlResults(results=ResultsBody(bindings=[{}])), 0, 25, has_more=False, total=1),
                        2) == "1 row in 2 ms"
    assert page_message(Page(SparqlResults(), 20, 25, has_more=False, total=269), 2) == "269 rows in 2 ms · none on this page"


def test_run_reports_a_source_that_does_not_answer(settings, works, closed_port_url):
    stored, message, _, _ = run(works, 1, {"kind": "endpoint", "url": closed_port_url}, settings=settings)
    assert stored is None and isinstance(message, html.Span) and message.className == "error"


def test_show_results_fills_the_table_and_the_instance_graph(settings, sample, works, results):
    rows, columns, elements = show_results(results, works, sample, settings=settings)
    assert [c["id"] for c in columns][:2] == ["work_1_label", "work_1"] and len(rows) == len(
        results["results"]["bindings"])
    assert {e["data"]["var"] for e in elements if "var" in e["data"]} == {"work_1", "ice_hockey_player_1"}
    assert {e["data"]["label"] for e in elements if "source" in e["data"]} == {"author"}
    assert show_results(None, works, sample, settings=settings) == ([], [], [])

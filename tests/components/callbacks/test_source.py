"""The data source bar, called directly: choosing a source and loading it."""

from __future__ import annotations

import base64

from dash import html, no_update

from app.settings import Settings
from components import ids
from components.callbacks.source import choose_source, load_source
from components.layout import ENDPOINT_VALUE, UPLOAD_VALUE

TURTLE = "data:text/turtle;base64," + base64.b64encode(b"<http://a> <http://b> <http://c> .").decode()


def test_choose_source_stores_a_new_sample_and_shows_the_right_rows(settings, sample, triggered):
    with triggered(ids.SOURCE_SELECT, prop="value"):
        stored, upload_hidden, endpoint_hidden, status = choose_source(
            "sample:library_sample", None, None, None, None, None, sample, settings=settings)
    assert stored == {"kind": "sample", "name": "library_sample"}
    assert (upload_hidden, endpoint_hidden) == (True, True)
    assert status == "Loading sample: library sample…"
    with triggered(ids.SOURCE_SELECT, prop="value"):
        assert choose_source("sample:dbpedia_sample", None, None, None, None, None, sample,
                             settings=settings) == (no_update, True, True, no_update)


def test_choose_source_asks_for_and_checks_an_endpoint_url(settings, sample, triggered):
    with triggered(ids.SOURCE_CONNECT):
        assert choose_source(ENDPOINT_VALUE, None, 1, None, None, "", sample, settings=settings) == (
            no_update, True, False, "Enter the endpoint's URL.")
        stored, _, endpoint_hidden, status = choose_source(ENDPOINT_VALUE, None, 1, None, None,
                                                           " http://127.0.0.1:7878/query ", sample, settings=settings)
        refused = choose_source(ENDPOINT_VALUE, None, 1, None, None, "file:///etc/passwd", sample, settings=settings)
    assert stored == {"kind": "endpoint", "url": "http://127.0.0.1:7878/query"} and endpoint_hidden is False
    assert status.startswith("Loading endpoint:")
    assert refused[0] is no_update and isinstance(refused[3], html.Span) and refused[3].className == "error"


def test_choose_source_saves_an_upload(tmp_path, sample, triggered):
    with triggered(ids.SOURCE_UPLOAD, prop="contents"):
        stored, upload_hidden, _, status = choose_source(UPLOAD_VALUE, TURTLE, None, None, "mine.ttl", None, sample,
                                                         settings=Settings(data_dir=tmp_path))
    assert stored["kind"] == "upload" and upload_hidden is False and status.startswith("Loading file:")


def test_load_source_counts_the_sample_and_lists_examples(settings, sample):
    status, examples = load_source(sample, settings=settings)
    assert status.startswith("sample: dbpedia sample · ") and "classes" in status and "instances" in status
    assert examples and all(isinstance(item, html.Li) for item in examples)
    assert examples[0].children.id == ids.example_button(0)


def test_load_source_reports_a_source_that_does_not_load(settings):
    status, examples = load_source({"kind": "sample", "name": "no_such_sample"}, settings=settings)
    assert isinstance(status, html.Span) and status.children.startswith("Could not load sample: no such sample")
    assert examples == []

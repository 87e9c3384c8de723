"""The data source bar, called directly: choosing a source and loading it."""

from __future__ import annotations

import base64
import json
import subprocess

from dash import html, no_update

from app.settings import Settings
from app.sources import request_max_bytes
from components import create_app, ids
from components.callbacks.source import choose_source, load_source, upload_check_js, upload_source
from components.layout import ENDPOINT_VALUE, UPLOAD_VALUE

TURTLE = "data:text/turtle;base64," + base64.b64encode(b"<http://a> <http://b> <http://c> .").decode()


def test_choose_source_stores_a_new_sample_and_shows_the_right_rows(settings, sample, triggered):
    with triggered(ids.SOURCE_SELECT, prop="value"):
        stored, upload_hidden, endpoint_hidden, status = choose_source(
            "sample:library_sample", None, None, None, sample, settings=settings)
    assert stored == {"kind": "sample", "name": "library_sample"}
    assert (upload_hidden, endpoint_hidden) == (True, True)
    assert status == "Loading sample: library sample…"
    with triggered(ids.SOURCE_SELECT, prop="value"):
        assert choose_source("sample:dbpedia_sample", None, None, None, sample,
                             settings=settings) == (no_update, True, True, no_update)


def test_choose_source_asks_for_and_checks_an_endpoint_url(settings, sample, triggered):
    with triggered(ids.SOURCE_CONNECT):
        assert choose_source(ENDPOINT_VALUE, 1, None, "", sample, settings=settings) == (
            no_update, True, False, "Enter the endpoint's URL.")
        stored, _, endpoint_hidden, status = choose_source(ENDPOINT_VALUE, 1, None, " http://127.0.0.1:7878/query ",
                                                           sample, settings=settings)
        refused = choose_source(ENDPOINT_VALUE, 1, None, "file:///etc/passwd", sample, settings=settings)
    assert stored == {"kind": "endpoint", "url": "http://127.0.0.1:7878/query"} and endpoint_hidden is False
    assert status.startswith("Loading endpoint:")
    assert refused[0] is no_update and isinstance(refused[3], html.Span) and refused[3].className == "error"


def test_choose_source_shows_the_upload_row_and_stores_nothing(settings, sample, triggered):
    with triggered(ids.SOURCE_SELECT, prop="value"):
        assert choose_source(UPLOAD_VALUE, None, None, None, sample, settings=settings) == (
            no_update, False, True, no_update)


def test_upload_source_saves_an_upload(tmp_path, sample):
    stored, status = upload_source({"filename": "mine.ttl", "contents": TURTLE}, sample,
                                   settings=Settings(data_dir=tmp_path))
    assert stored["kind"] == "upload" and stored["name"] == "mine.ttl" and status == "Loading file: mine.ttl…"
    assert str(tmp_path) not in str(stored)
    assert upload_source(None, sample, settings=Settings(data_dir=tmp_path)) == (no_update, no_update)


def test_upload_source_refuses_a_file_over_the_limit_with_its_name(tmp_path, sample):
    big = "data:text/turtle;base64," + base64.b64encode(b"#" * (1024 * 1024 + 1)).decode()
    stored, status = upload_source({"filename": "big.ttl", "contents": big}, sample,
                                   settings=Settings(data_dir=tmp_path, upload_max_mb=1))
    assert stored is no_update and status.className == "error"
    assert status.children == "big.ttl: larger than the upload limit of 1 MB"


def test_a_broken_upload_is_reported_by_the_users_file_name(tmp_path):
    settings = Settings(data_dir=tmp_path)
    broken = "data:text/turtle;base64," + base64.b64encode(b"<http://a> <http://b> .").decode()
    stored, _ = upload_source({"filename": "mine.ttl", "contents": broken}, None, settings=settings)
    status, examples = load_source(stored, settings=settings)
    assert status.className == "error" and examples == []
    assert status.children.startswith("Could not load file: mine.ttl: mine.ttl: line 1")
    assert str(tmp_path) not in status.children and stored["file"] not in status.children


def _run_check(js: str, contents: str | None, filename: str) -> list:
    script = (f"const window = {{dash_clientside: {{no_update: 'NO_UPDATE'}}}};\n"
              f"const check = {js};\n"
              f"console.log(JSON.stringify(check({json.dumps(contents)}, {json.dumps(filename)})));")
    done = subprocess.run(["node", "-"], input=script, capture_output=True, text=True, check=True, timeout=60)
    return json.loads(done.stdout)


def test_the_browser_keeps_an_oversize_upload_and_says_why():
    js = upload_check_js(1)
    small = "data:text/turtle;base64," + base64.b64encode(b"x" * 1000).decode()
    big = "data:text/turtle;base64," + base64.b64encode(b"x" * (1024 * 1024 + 3)).decode()
    assert _run_check(js, small, "a.ttl") == [{"filename": "a.ttl", "contents": small}, "NO_UPDATE"]
    payload, status = _run_check(js, big, "big.ttl")
    assert payload == "NO_UPDATE"
    assert status["props"] == {"children": "big.ttl: larger than the upload limit of 1 MB", "className": "error"}
    assert _run_check(js, None, "") == ["NO_UPDATE", "NO_UPDATE"]


def test_the_server_refuses_a_request_over_the_limit_before_reading_it(tmp_path):
    app = create_app(Settings(data_dir=tmp_path, upload_max_mb=1, endpoint="http://127.0.0.1:9/sparql"),
                     debug_panel=False)
    client = app.server.test_client()
    response = client.post("/_dash-update-component", data=b"{" + b" " * (3 * 1024 * 1024) + b"}",
                           content_type="application/json")
    assert response.status_code == 413
    assert app.server.config["MAX_CONTENT_LENGTH"] == request_max_bytes(Settings(upload_max_mb=1))


def test_load_source_counts_the_sample_and_lists_examples(settings, sample):
    status, examples = load_source(sample, settings=settings)
    assert status.startswith("sample: dbpedia sample · ") and "classes" in status and "instances" in status
    assert examples and all(isinstance(item, html.Li) for item in examples)
    assert examples[0].children.id == ids.example_button(0)


def test_load_source_reports_a_source_that_does_not_load(settings):
    status, examples = load_source({"kind": "sample", "name": "no_such_sample"}, settings=settings)
    assert isinstance(status, html.Span) and status.children.startswith("Could not load sample: no such sample")
    assert examples == []

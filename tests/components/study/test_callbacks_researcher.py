"""The researcher page's callbacks, called directly (no browser)."""

from __future__ import annotations

import base64
import io
import json
import zipfile

import pytest
from dash import no_update
from dash.exceptions import PreventUpdate

from components import ids
from components.study.callbacks.researcher import export, open_dashboard, open_expected, save_expected

from tests.components.study.conftest import CITY_GRAPH, PASSWORD

PAGE = "/study/mini/researcher"


def test_open_dashboard_needs_the_password(context, at_first_task):
    with pytest.raises(PreventUpdate):
        open_dashboard(None, None, None, PASSWORD, PAGE, context=context)
    content, message, hidden, options = open_dashboard(1, None, None, "guess", PAGE, context=context)
    assert (content, message.children, hidden, options) == ([], "Wrong password.", True, [])
    content, message, hidden, options = open_dashboard(1, None, None, PASSWORD, PAGE, context=context)
    assert content and message.startswith("Report as of ") and hidden is False
    assert [o["value"] for o in options] == ["first", "second"]
    assert "no study called" in open_dashboard(1, None, None, PASSWORD, "/study/mini", context=context)[1].children


def test_export_sends_json_or_a_zip_of_csv_files(context, at_first_task, triggered):
    with triggered(f"{ids.RESEARCHER_EXPORT_JSON}.n_clicks"):
        data, message = export(None, 1, PASSWORD, PAGE, context=context)
    assert (data["filename"], message) == ("mini.json", "Export ready.")
    assert json.loads(base64.b64decode(data["content"]))
    with triggered(f"{ids.RESEARCHER_EXPORT_CSV}.n_clicks"):
        data, _ = export(1, None, PASSWORD, PAGE, context=context)
        refused = export(1, None, "guess", PAGE, context=context)
    names = zipfile.ZipFile(io.BytesIO(base64.b64decode(data["content"]))).namelist()
    assert data["filename"] == "mini-csv.zip" and names and all(n.startswith("mini/") for n in names)
    assert refused[0] is no_update and refused[1].children == "Wrong password."


def test_open_expected_loads_the_task_answer(context):
    assert open_expected(None, PASSWORD, PAGE, context=context) == (no_update, no_update, no_update)
    graph, history, message = open_expected("first", PASSWORD, PAGE, context=context)
    assert (graph["nodes"][0]["id"], history, message) == ("city_1", {"past": [], "future": []},
                                                           "The current expected answer.")
    assert open_expected("second", PASSWORD, PAGE, context=context)[2].startswith("This task has no expected answer")
    assert open_expected("third", PASSWORD, PAGE, context=context)[2] == "No such task."
    assert open_expected("first", "guess", PAGE, context=context)[2].children == "Wrong password."


def test_save_expected_stores_the_canvas(context, recorder, study):
    with pytest.raises(PreventUpdate):
        save_expected(None, "second", CITY_GRAPH, PASSWORD, PAGE, context=context)
    assert save_expected(1, None, CITY_GRAPH, PASSWORD, PAGE, context=context) == "Pick a task first."
    assert save_expected(1, "second", None, PASSWORD, PAGE, context=context).startswith("The canvas is empty")
    saved = save_expected(1, "second", CITY_GRAPH, PASSWORD, PAGE, context=context)
    assert saved == "Saved as the expected answer of second."
    saved = recorder.expected_for(study).task("second").expected
    assert [(n.id, n.class_) for n in saved.nodes] == [("city_1", "http://dbpedia.org/ontology/City")]
    assert save_expected(1, "second", CITY_GRAPH, "guess", PAGE, context=context).children == "Wrong password."

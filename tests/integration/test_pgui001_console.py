"""The normal page in a real browser logs no errors, also when the study observers listen to it."""

from __future__ import annotations

import re

import pytest
from dash.testing.wait import until

from components import ids
from components.urlstate import encode_hash

pytestmark = pytest.mark.browser

DBO = "http://dbpedia.org/ontology/"
SAMPLE = {"kind": "sample", "name": "dbpedia_sample"}
PERSON = {"nodes": [{"id": "person_1", "class": DBO + "Person"}]}


def _open_tab(dash_duo, label: str) -> None:
    tabs = f"#{ids.RESULTS_TABS} .tab, #{ids.RESULTS_TABS} [role=tab]"
    for tab in dash_duo.driver.find_elements("css selector", tabs):
        if tab.text.strip() == label:
            tab.click()
            return
    raise AssertionError(f"no tab {label!r}")


def _rows(ui) -> int:
    text = ui.wait_text(ids.RESULTS_MESSAGE, lambda t: bool(re.match(r"[\d,]+ rows? in", t)), timeout=20)
    return int(text.split()[0].replace(",", ""))


def test_pgui001_the_editor_page_logs_no_console_errors(dash_duo, ui, editor_app):
    dash_duo.start_server(editor_app)
    dash_duo.wait_for_element(f"#{ids.GRAPH_DEBUG}")
    dash_duo.driver.get(dash_duo.server_url + "/" + encode_hash(PERSON, SAMPLE))
    ui.wait_graph(lambda g: len(g.get("nodes", [])) == 1)
    total = _rows(ui)
    # Each tab switch and "Run again" fires a study observer (components.study.callbacks.task) on this page too.
    _open_tab(dash_duo, "SPARQL")
    sparql = ui.wait_text(ids.SPARQL_TEXT, lambda t: "dbo:Person" in t)
    # The table pages through every row, so the query shown caps them no more than the graph does.
    assert total > 100 and "LIMIT" not in sparql
    _open_tab(dash_duo, "Table")
    ui.click(ids.RUN_QUERY_BUTTON)
    until(lambda: dash_duo.redux_state_rqs == [], timeout=20)  # every callback fired has answered
    severe = [entry["message"] for entry in dash_duo.get_logs() if entry["level"] == "SEVERE"]
    assert severe == []

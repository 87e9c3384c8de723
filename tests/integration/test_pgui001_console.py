"""The normal page in a real browser logs no errors, also when the study observers listen to it."""

from __future__ import annotations


import pytest
from dash.testing.wait import until

from components import ids
from components.urlstate import encode_hash

pytestmark = pytest.mark.browser

DBO = "http://dbpedia.org/ontology/"
SAMPLE = {"kind": "sample", "name": "dbpedia_sample"}
PERSON = {"nodes": [{"id": "person_1", "class": DBO + "Person"}]}






def test_pgui001_the_editor_page_logs_no_console_errors(dash_duo, ui, editor_app):
    dash_duo.start_server(editor_app)
    dash_duo.wait_for_element(f"#{ids.GRAPH_DEBUG}")
    dash_duo.driver.get(dash_duo.server_url + "/" + encode_hash(PERSON, SAMPLE))
    ui.wait_graph(lambda g: len(g.get("nodes", [])) == 1)
    total = ui.total_rows()
    # Each tab switch and "Run again" fires a study observer (components.study.callbacks.task) on this page too.
    ui.open_tab("SPARQL")
    sparql = ui.wait_text(ids.SPARQL_TEXT, lambda t: "dbo:Person" in t)
    # The table pages through every row, so the query shown caps them no more than the graph does.
    assert total > 100 and "LIMIT" not in sparql
    ui.open_tab("Table")
    ui.click(ids.RUN_QUERY_BUTTON)
    until(lambda: dash_duo.redux_state_rqs == [], timeout=20)  # every callback fired has answered
    severe = [entry["message"] for entry in dash_duo.get_logs() if entry["level"] == "SEVERE"]
    assert severe == []

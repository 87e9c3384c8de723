"""The editing loop in a real browser: add nodes and a link, constrain, read results, export, undo, share."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
from dash.testing.wait import until
from selenium.webdriver.common.keys import Keys

from components import ids

pytestmark = pytest.mark.browser

# `make screenshots` points this at docs/screenshots; a plain test run leaves the repository alone.
SCREENSHOTS = Path(os.environ.get("PROTOGRAPH_SCREENSHOTS") or Path(tempfile.gettempdir()) / "protograph-screenshots")
DBO = "http://dbpedia.org/ontology/"


def _start(dash_duo, app) -> None:
    dash_duo.start_server(app)
    dash_duo.wait_for_element(f"#{ids.GRAPH_DEBUG}")
    dash_duo.wait_for_contains_text(f"#{ids.SOURCE_STATUS}", "classes")




def _add_node(ui, search: str, label: str) -> None:
    before = len(ui.graph().get("nodes", []))
    ui.choose(ids.ADD_NODE_SEARCH, label, search=search)
    ui.click(ids.ADD_NODE_BUTTON)
    ui.wait_graph(lambda g: len(g.get("nodes", [])) == before + 1)


def _person_alma_mater_university(ui) -> None:
    _add_node(ui, "person", "person")
    _add_node(ui, "university", "university")
    ui.choose(ids.LINK_FROM, "?person_1")
    ui.choose(ids.LINK_TO, "?university_1")
    ui.choose(ids.LINK_SELECT, "?person_1 —alma mater→ ?university_1")
    ui.click(ids.ADD_LINK_BUTTON)
    ui.wait_graph(lambda g: len(g.get("edges", [])) == 1)


def test_pgui001_add_nodes_and_link_show_in_sparql_and_results(dash_duo, ui, editor_app):
    _start(dash_duo, editor_app)
    _person_alma_mater_university(ui)
    graph = ui.graph()
    assert [n["class"] for n in graph["nodes"]] == [DBO + "Person", DBO + "University"]
    assert graph["edges"][0] == {"source": "person_1", "link": DBO + "almaMater", "target": "university_1",
                                 "optional": False, "negated": False}
    assert "alma mater" in ui.text(ids.RESTATEMENT).lower()
    # the results table is non-empty on the sample knowledge graph
    assert ui.total_rows() > 0
    dash_duo.wait_for_element(f"#{ids.RESULTS_TABLE} td")
    _screenshot(dash_duo, "edit-graph.png")
    _screenshot(dash_duo, "results-table.png", results=True)
    dash_duo.driver.execute_script("window.scrollTo(0, 0)")
    # the SPARQL tab shows both nodes and the link
    ui.open_tab("SPARQL")
    sparql = ui.wait_text(ids.SPARQL_TEXT, lambda t: "almaMater" in t)
    assert "?person_1 a dbo:Person" in sparql and "?university_1 a dbo:University" in sparql
    assert "?person_1 dbo:almaMater ?university_1" in sparql
    _screenshot(dash_duo, "sparql-tab.png", results=True)


def _screenshot(dash_duo, name: str, *, results: bool = False) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    if results:
        dash_duo.driver.execute_script(f"document.getElementById('{ids.RESULTS_TABS}').scrollIntoView()")
    dash_duo.driver.save_screenshot(str(SCREENSHOTS / name))




def test_pgui001_constraint_changes_results_and_undo_restores(dash_duo, ui, editor_app):
    _start(dash_duo, editor_app)
    _person_alma_mater_university(ui)
    before = ui.total_rows()
    # inspect the person node and require a birth date before 1960
    ui.choose(ids.INSPECT_SELECT, "node ?person_1")
    ui.choose(ids.CONSTRAINT_PROPERTY, "birth date", search="birth date")
    ui.choose(ids.CONSTRAINT_OP, "<")
    dash_duo.find_element(f"#{ids.CONSTRAINT_VALUE}").send_keys("1960-01-01")
    ui.click(ids.CONSTRAINT_ADD)
    graph = ui.wait_graph(lambda g: bool(g["nodes"][0]["constraints"]))
    assert graph["nodes"][0]["constraints"] == [{"property": DBO + "birthDate", "op": "<", "value": "1960-01-01",
                                                 "datatype": "http://www.w3.org/2001/XMLSchema#date"}]
    until(lambda: ui.total_rows() != before, timeout=15)
    after = ui.total_rows()
    assert 0 < after < before
    _screenshot(dash_duo, "constraint.png")
    ui.open_tab("SPARQL")
    ui.wait_text(ids.SPARQL_TEXT, lambda t: "FILTER" in t and "1960-01-01" in t)
    # undo restores the previous graph (no constraint), redo brings it back
    ui.click(ids.UNDO_BUTTON)
    ui.wait_graph(lambda g: not g["nodes"][0]["constraints"])
    until(lambda: ui.total_rows() == before, timeout=15)
    ui.click(ids.REDO_BUTTON)
    ui.wait_graph(lambda g: bool(g["nodes"][0]["constraints"]))
    # the same attribute's value can be shown: the query returns each person's birth date
    ui.click(ids.CONSTRAINT_SHOW)
    ui.wait_graph(lambda g: g["nodes"][0].get("shown") == [DBO + "birthDate"])
    ui.wait_text(ids.SPARQL_TEXT, lambda t: "?person_1_birthDate" in t.split("WHERE")[0])


def test_pgui001_dashboard_and_rq_download(dash_duo, ui, editor_app):
    _start(dash_duo, editor_app)
    _add_node(ui, "city", "city")
    assert ui.total_rows() > 0
    ui.open_tab("Dashboard")
    dash_duo.wait_for_element(f"#{ids.CHART} .main-svg")
    assert ui.wait_text(ids.CHART_REASON, bool)
    ui.open_tab("SPARQL")
    query = ui.wait_text(ids.SPARQL_TEXT, lambda t: "dbo:City" in t)
    ui.click(ids.DOWNLOAD_RQ_BUTTON)
    target = Path(dash_duo.download_path) / "protograph-query.rq"
    until(lambda: target.is_file() and target.stat().st_size > 0, timeout=15)
    saved = target.read_text()
    assert saved.strip() == query.strip() and "?city_1 a dbo:City" in saved


def test_pgui001_dashboard_charts_counts_as_bars(dash_duo, ui, editor_app):
    from components.urlstate import encode_hash

    # A counting graph, opened from a link as a colleague would share it.
    graph = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "graphs" / "e_count_works_per_player.json")
                       .read_text())
    dash_duo.start_server(editor_app)
    dash_duo.driver.get(dash_duo.server_url + "/" + encode_hash(graph, {"kind": "sample", "name": "dbpedia_sample"}))
    ui.wait_graph(lambda g: bool(g.get("aggregation")))
    assert ui.total_rows() >= 3
    ui.open_tab("Dashboard")
    dash_duo.wait_for_element(f"#{ids.CHART} .barlayer .trace")
    assert "is a category with a number" in ui.wait_text(ids.CHART_REASON, bool)
    _screenshot(dash_duo, "dashboard.png", results=True)


def test_pgui001_shared_url_restores_graph_in_fresh_browser(dash_duo, ui, editor_app, chrome_options):
    from selenium import webdriver

    _start(dash_duo, editor_app)
    _person_alma_mater_university(ui)
    until(lambda: "#g=" in dash_duo.driver.current_url, timeout=15)
    shared = dash_duo.driver.current_url
    expected = ui.graph()
    fresh = webdriver.Chrome(options=chrome_options)
    try:
        fresh.get(shared)

        def restored() -> dict:
            found = fresh.find_elements("id", ids.GRAPH_DEBUG)  # empty until the page has rendered
            return json.loads(found[0].get_attribute("textContent") or "{}") if found else {}

        until(lambda: restored().get("edges"), timeout=20)
        assert restored() == expected
        assert "alma mater" in fresh.find_element("id", ids.RESTATEMENT).get_attribute("textContent").lower()
    finally:
        fresh.quit()


def _replace_text(element, text: str) -> None:
    # React ignores element.clear(); select all and type over it, as a person would.
    element.send_keys(Keys.CONTROL, "a")
    element.send_keys(Keys.DELETE)
    element.send_keys(text)


def test_pgui001_sparql_edits_flow_back_or_say_why_not(dash_duo, ui, editor_app):
    _start(dash_duo, editor_app)
    _add_node(ui, "city", "city")
    ui.open_tab("SPARQL")
    ui.wait_text(ids.SPARQL_TEXT, lambda t: "dbo:City" in t)
    ui.click(ids.SPARQL_EDIT_TOGGLE)
    editor = dash_duo.wait_for_element(f"#{ids.SPARQL_EDITOR}")
    _replace_text(editor, "SELECT ?x WHERE { { ?x a <http://dbpedia.org/ontology/City> } UNION "
                     "{ ?x a <http://dbpedia.org/ontology/Town> } }")
    ui.click(ids.SPARQL_APPLY)
    message = ui.wait_text(ids.SPARQL_MESSAGE, bool)
    assert "cannot be drawn" in message
    assert "UNION" in message.upper()
    assert [n["class"] for n in ui.graph()["nodes"]] == [DBO + "City"]  # unchanged
    _replace_text(editor, "SELECT ?town_1 WHERE { ?town_1 a <http://dbpedia.org/ontology/Town> . }")
    ui.click(ids.SPARQL_APPLY)
    graph = ui.wait_graph(lambda g: [n["class"] for n in g["nodes"]] == [DBO + "Town"])
    assert graph["nodes"][0]["id"] == "town_1"

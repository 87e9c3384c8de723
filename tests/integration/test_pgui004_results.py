"""Shaping and paging results in a real browser: count/sort/limit controls, pages past 100, an optional link's rows."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pyoxigraph
import pytest
from dash.testing.wait import until

from components import ids
from components.urlstate import encode_hash

pytestmark = pytest.mark.browser

# `make screenshots` points this at docs/screenshots; a plain test run leaves the repository alone.
SCREENSHOTS = Path(os.environ.get("PROTOGRAPH_SCREENSHOTS") or Path(tempfile.gettempdir()) / "protograph-screenshots")
DBO = "http://dbpedia.org/ontology/"
SAMPLE = {"kind": "sample", "name": "dbpedia_sample"}


def _count(store: pyoxigraph.Store, where: str) -> int:
    return int(next(iter(store.query(f"PREFIX dbo: <{DBO}> SELECT (COUNT(*) AS ?n) WHERE {{ {where} }}")))[0].value)


def _open(dash_duo, app, graph: dict) -> None:
    dash_duo.start_server(app)
    dash_duo.wait_for_element(f"#{ids.GRAPH_DEBUG}")
    dash_duo.driver.get(dash_duo.server_url + "/" + encode_hash(graph, SAMPLE))
    dash_duo.wait_for_element(f"#{ids.GRAPH_DEBUG}")




PERSON_UNIVERSITY = {
    "nodes": [{"id": "person_1", "class": DBO + "Person"}, {"id": "university_1", "class": DBO + "University"}],
    "edges": [{"source": "person_1", "link": DBO + "almaMater", "target": "university_1"}],
}


def test_pgui004_count_sort_and_limit_controls_shape_the_graph_query_and_rows(dash_duo, ui, editor_app,
                                                                              raw_sample):
    _open(dash_duo, editor_app, PERSON_UNIVERSITY)
    ui.wait_graph(lambda g: len(g.get("edges", [])) == 1)
    ui.choose(ids.SHAPE_COUNT, "?person_1")
    ui.wait_graph(lambda g: (g.get("aggregation") or {}).get("count") == "person_1")
    ui.choose(ids.SHAPE_GROUP_BY, "?university_1")
    ui.wait_graph(lambda g: g["aggregation"]["group_by"] == ["university_1"])
    ui.choose(ids.SHAPE_ORDER, "count")
    dash_duo.driver.find_element("css selector", f"#{ids.SHAPE_DIRECTION} input[value=desc]").click()
    ui.wait_graph(lambda g: g.get("order_by") == [{"node": "count", "descending": True, "label": False,
                                                     "property": None}])
    limit = dash_duo.find_element(f"#{ids.SHAPE_LIMIT}")
    limit.send_keys("3")
    limit.send_keys("\n")
    ui.wait_graph(lambda g: g.get("limit") == 3)
    restated = ui.wait_text(ids.RESTATEMENT, lambda t: "at most 3 results" in t)
    assert restated.startswith("Count the persons") and "for each university; highest count first" in restated
    assert ui.total_rows() == min(3, _count(raw_sample, "SELECT DISTINCT ?u WHERE { ?p a dbo:Person ; dbo:almaMater ?u . "
                                                   "?u a dbo:University }"))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    dash_duo.driver.execute_script(f"document.getElementById('{ids.SHAPE_COUNT}').scrollIntoView()")
    dash_duo.driver.save_screenshot(str(SCREENSHOTS / "shape-results.png"))
    tab = next(t for t in dash_duo.driver.find_elements("css selector", f"#{ids.RESULTS_TABS} .tab")
               if t.text.strip() == "SPARQL")
    tab.click()
    sparql = ui.wait_text(ids.SPARQL_TEXT, lambda t: "COUNT" in t)
    assert "GROUP BY ?university_1 ?university_1_label" in sparql and "ORDER BY DESC(?count)" in sparql
    assert "LIMIT 3" in sparql


def test_pgui004_a_bound_on_the_count_keeps_only_the_groups_that_meet_it(dash_duo, ui, editor_app, raw_sample):
    _open(dash_duo, editor_app, {**PERSON_UNIVERSITY, "aggregation": {"count": "person_1",
                                                                      "group_by": ["university_1"]}})
    ui.wait_graph(lambda g: (g.get("aggregation") or {}).get("count") == "person_1")
    ui.choose(ids.SHAPE_HAVING_OP, "more than")
    number = dash_duo.find_element(f"#{ids.SHAPE_HAVING_VALUE}")
    number.send_keys("1")
    number.send_keys("\n")
    ui.wait_graph(lambda g: g["aggregation"].get("having") == {"op": ">", "value": 1})
    restated = ui.wait_text(ids.RESTATEMENT, lambda t: "with more than 1 person" in t)
    assert "for each university with more than 1 person" in restated
    counts = [int(row[0].value) for row in raw_sample.query(
        f"PREFIX dbo: <{DBO}> SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE {{ ?p a dbo:Person ; dbo:almaMater ?u . "
        "?u a dbo:University } GROUP BY ?u")]
    assert 0 < sum(n > 1 for n in counts) < len(counts)  # the bound keeps some groups and drops others
    assert ui.total_rows() == sum(n > 1 for n in counts)
    ui.open_tab("SPARQL")
    sparql = ui.wait_text(ids.SPARQL_TEXT, lambda t: "HAVING" in t)
    assert "HAVING (COUNT(DISTINCT ?person_1) > 1)" in sparql


def test_pgui004_a_maximum_of_an_attribute_is_chosen_in_the_panel(dash_duo, ui, editor_app):
    _open(dash_duo, editor_app, {"nodes": [{"id": "university_1", "class": DBO + "University"}]})
    ui.wait_graph(lambda g: len(g.get("nodes", [])) == 1)
    ui.choose(ids.SHAPE_COUNT, "?university_1")
    ui.wait_graph(lambda g: (g.get("aggregation") or {}).get("count") == "university_1")
    ui.choose(ids.SHAPE_FUNCTION, "maximum")
    # The graph waits for the attribute, and says so; the bound, a count's only, turns off at once.
    ui.wait_text(ids.EDIT_MESSAGE, lambda t: t == "choose the attribute whose maximum to compute")
    until(lambda: not dash_duo.find_element(f"#{ids.SHAPE_HAVING_VALUE}").is_enabled(), timeout=15)
    ui.choose(ids.SHAPE_MEASURE, "number of students")
    ui.wait_graph(lambda g: (g["aggregation"].get("function"), g["aggregation"].get("property")) == (
        "max", DBO + "numberOfStudents"))
    assert ui.total_rows() == 1
    ui.open_tab("SPARQL")
    sparql = ui.wait_text(ids.SPARQL_TEXT, lambda t: "MAX(" in t)
    assert "(MAX(?university_1_numberOfStudents) AS ?maximum)" in sparql


def test_pgui004_pages_go_past_the_first_hundred_rows(dash_duo, ui, editor_app, raw_sample):
    _open(dash_duo, editor_app, {"nodes": [{"id": "person_1", "class": DBO + "Person"}]})
    expected = _count(raw_sample, "SELECT DISTINCT ?p WHERE { ?p a dbo:Person }")
    assert expected > 100 and ui.total_rows() == expected
    assert ui.text(ids.RESULTS_MESSAGE).endswith("showing 1–25")
    first_page = dash_duo.find_element(f"#{ids.RESULTS_TABLE} td").text
    for _ in range(4):
        dash_duo.find_element(f"#{ids.RESULTS_TABLE} button.next-page").click()
    ui.wait_text(ids.RESULTS_MESSAGE, lambda t: t.endswith("showing 101–125"), timeout=20)
    until(lambda: len(dash_duo.driver.find_elements("css selector", f"#{ids.RESULTS_TABLE} tbody tr")) >= 25,
          timeout=10)
    assert dash_duo.find_element(f"#{ids.RESULTS_TABLE} td").text != first_page


def test_pgui004_an_optional_child_keeps_every_person_and_its_own_university(dash_duo, ui, editor_app, raw_sample):
    triangle = {
        "nodes": [{"id": "person_1", "class": DBO + "Person"}, {"id": "person_2", "class": DBO + "Person"},
                  {"id": "university_1", "class": DBO + "University"}],
        "edges": [{"source": "person_1", "link": DBO + "child", "target": "person_2"},
                  {"source": "person_1", "link": DBO + "almaMater", "target": "university_1"},
                  {"source": "person_2", "link": DBO + "almaMater", "target": "university_1"}],
    }
    _open(dash_duo, editor_app, triangle)
    ui.wait_graph(lambda g: len(g.get("edges", [])) == 3)
    ui.choose(ids.INSPECT_SELECT, "link ?person_1 —child→ ?person_2")
    # The inspector resets the flags when it shows a link: a click before it has answered would be overwritten.
    ui.wait_text(ids.EDGE_LINK_SELECT, lambda t: "child" in t)
    until(lambda: dash_duo.driver.find_element("id", ids.EDGE_PANEL).is_displayed(), timeout=15)
    dash_duo.find_element(f"#{ids.EDGE_FLAGS} input[value=optional]").click()
    ui.wait_graph(lambda g: g["edges"][0]["optional"])
    restated = ui.wait_text(ids.RESTATEMENT, lambda t: "optionally" in t)
    assert "optionally whose child is a person (person_2) whose alma mater is the same university" in restated
    # Every (person, university) pair once, with a child only where the child went to the same university.
    pairs = _count(raw_sample, "SELECT DISTINCT ?p ?u WHERE { ?p a dbo:Person ; dbo:almaMater ?u . ?u a dbo:University }")
    with_child = _count(raw_sample, "SELECT DISTINCT ?p ?c ?u WHERE { ?p a dbo:Person ; dbo:almaMater ?u ; dbo:child ?c . "
                                    "?u a dbo:University . ?c a dbo:Person ; dbo:almaMater ?u }")
    childless = _count(raw_sample, "SELECT DISTINCT ?p ?u WHERE { ?p a dbo:Person ; dbo:almaMater ?u . "
                                   "?u a dbo:University FILTER NOT EXISTS { ?p dbo:child ?c . ?c a dbo:Person ; "
                                   "dbo:almaMater ?u } }")
    assert ui.total_rows() == childless + with_child and childless + with_child >= pairs

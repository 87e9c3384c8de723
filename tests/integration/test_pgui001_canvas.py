"""The canvas in a real browser: new links are visible at once, Delete removes, history outlasts a reload."""

from __future__ import annotations

import json
from urllib.parse import urlparse

import pytest
from dash.testing.wait import until
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from components import ids
from components.urlstate import decode_positions

pytestmark = pytest.mark.browser

CY = f"document.getElementById('{ids.CYTOSCAPE}')._cyreg.cy"


def _start(dash_duo, app) -> None:
    dash_duo.start_server(app)
    dash_duo.wait_for_element(f"#{ids.GRAPH_DEBUG}")
    dash_duo.wait_for_contains_text(f"#{ids.SOURCE_STATUS}", "classes")


def _add_node(ui, search: str, label: str) -> None:
    before = len(ui.graph().get("nodes", []))
    ui.choose(ids.ADD_NODE_SEARCH, label, search=search)
    ui.click(ids.ADD_NODE_BUTTON)
    ui.wait_graph(lambda g: len(g.get("nodes", [])) == before + 1)


def _link(ui, source: str, target: str, link: str) -> None:
    before = len(ui.graph().get("edges", []))
    ui.choose(ids.LINK_FROM, f"?{source}")
    ui.choose(ids.LINK_TO, f"?{target}")
    ui.choose(ids.LINK_SELECT, f"?{source} —{link}→ ?{target}")
    ui.click(ids.ADD_LINK_BUTTON)
    ui.wait_graph(lambda g: len(g.get("edges", [])) == before + 1)


def _canvas(driver, script: str):
    return driver.execute_script(f"var cy = {CY}; {script}")


def _rendered_edges(driver) -> dict:
    """Each drawn edge's midpoint, once the canvas shows every edge of the graph."""
    return _canvas(driver, "var out = {}; cy.edges().forEach(function (e) { out[e.id()] = e.midpoint(); });"
                           "return out;")


def _inside(point: dict, box: dict) -> bool:
    return box["x1"] <= point["x"] <= box["x2"] and box["y1"] <= point["y"] <= box["y2"]


def test_pgui001_new_links_are_visible_without_auto_layout(dash_duo, ui, editor_app):
    _start(dash_duo, editor_app)
    for _ in range(3):
        _add_node(ui, "person", "person")
    # Three unconnected nodes sit in a row, so a link from the first to the third crosses the second.
    _link(ui, "person_1", "person_3", "child")
    _link(ui, "person_1", "person_3", "spouse")
    driver = dash_duo.driver
    until(lambda: len(_rendered_edges(driver)) == 2, timeout=15)
    middle = _canvas(driver, "return cy.getElementById('person_2').boundingBox();")
    ends = _canvas(driver, "return [cy.getElementById('person_1').position(), cy.getElementById('person_3').position()];")
    assert abs(ends[0]["y"] - ends[1]["y"]) < 1, "the test needs the three nodes in one row"
    first, second = _rendered_edges(driver).values()
    # Neither link (nor its label, drawn at the midpoint) hides behind the node in between or under the other.
    assert not _inside(first, middle) and not _inside(second, middle)
    assert abs(first["y"] - second["y"]) > 20


def test_pgui001_delete_key_removes_the_selected_item_but_not_while_typing(dash_duo, ui, editor_app):
    _start(dash_duo, editor_app)
    _add_node(ui, "person", "person")
    _add_node(ui, "university", "university")
    _link(ui, "person_1", "university_1", "alma mater")
    driver = dash_duo.driver
    question = driver.find_element("id", ids.QUESTION)
    question.send_keys("abc")
    _canvas(driver, "cy.elements().unselect(); cy.edges()[0].select();")
    until(lambda: driver.find_element("id", ids.EDGE_PANEL).is_displayed(), timeout=15)
    # The key clicks the remove button in its own handler, so counting clicks tells at once what it did.
    driver.execute_script(f"window.removeClicks = 0; document.getElementById('{ids.EDGE_REMOVE}')"
                          ".addEventListener('click', function () { window.removeClicks += 1; });")
    # Typing in a text box edits the text, never the graph.
    question.send_keys(Keys.BACKSPACE, Keys.DELETE)
    assert question.get_attribute("value") == "ab" and driver.execute_script("return window.removeClicks;") == 0
    # Nothing selected (a click on the empty canvas), nothing deleted, though the inspector still shows the link.
    _canvas(driver, "cy.elements().unselect();")
    driver.find_element("id", ids.RESTATEMENT).click()
    ActionChains(driver).send_keys(Keys.DELETE).perform()
    assert driver.execute_script("return window.removeClicks;") == 0
    assert driver.find_element("id", ids.EDGE_PANEL).is_displayed()
    _canvas(driver, "cy.edges()[0].select();")
    ActionChains(driver).send_keys(Keys.DELETE).perform()
    assert driver.execute_script("return window.removeClicks;") == 1
    ui.wait_graph(lambda g: not g.get("edges") and len(g.get("nodes", [])) == 2)
    _canvas(driver, "cy.elements().unselect(); cy.getElementById('person_1').select();")
    until(lambda: driver.find_element("id", ids.NODE_PANEL).is_displayed(), timeout=15)
    driver.find_element("id", ids.RESTATEMENT).click()
    ActionChains(driver).send_keys(Keys.BACKSPACE).perform()
    graph = ui.wait_graph(lambda g: len(g.get("nodes", [])) == 1)
    assert graph["nodes"][0]["id"] == "university_1"


def test_pgui001_inspector_pick_is_selected_on_the_canvas(dash_duo, ui, editor_app):
    _start(dash_duo, editor_app)
    _add_node(ui, "person", "person")
    _add_node(ui, "university", "university")
    driver = dash_duo.driver
    ui.choose(ids.INSPECT_SELECT, "node ?person_1")
    until(lambda: _canvas(driver, "return cy.$(':selected').map(function (e) { return e.id(); });")
          == ["person_1"], timeout=15)


def test_pgui001_history_and_positions_outlast_a_reload(dash_duo, ui, editor_app):
    _start(dash_duo, editor_app)
    _add_node(ui, "person", "person")
    _add_node(ui, "university", "university")
    driver = dash_duo.driver
    # Drag, as a person would: the canvas reports the drop, and the link keeps where the node went.
    _canvas(driver, "var n = cy.getElementById('person_1'); n.position({x: 123, y: 456}); n.emit('dragfree');")
    moved = {"x": 123.0, "y": 456.0}
    until(lambda: decode_positions(urlparse(driver.current_url).fragment).get("person_1") == moved, timeout=15)
    until(lambda: len(_history_labels(driver)) == 2, timeout=15)
    before = _history_labels(driver)
    driver.refresh()
    dash_duo.wait_for_element(f"#{ids.GRAPH_DEBUG}")
    ui.wait_graph(lambda g: len(g.get("nodes", [])) == 2, timeout=20)
    until(lambda: _history_labels(driver) == before, timeout=15)
    assert "person" in before[0] and driver.find_element("id", ids.UNDO_BUTTON).is_enabled()
    # The menu names each earlier graph by its restatement.
    driver.find_element("id", ids.HISTORY_SELECT).click()
    until(lambda: len(_menu(driver)) == 2, timeout=15)
    newest, oldest = _menu(driver)
    assert newest.startswith("2. ") and "person" in newest.lower() and oldest == "1. empty graph"
    driver.find_element("css selector", "body").send_keys(Keys.ESCAPE)
    # Comparing the oldest entry with the current graph shows both nodes as added.
    driver.find_element("css selector", ".compare summary").click()
    ui.choose(ids.HISTORY_COMPARE_FROM, "1. empty graph")
    assert ui.wait_text(ids.HISTORY_DIFF_MESSAGE, lambda t: t.endswith("added.")) == "2 added."
    added = driver.execute_script(
        f"return document.getElementById('{ids.HISTORY_DIFF}')._cyreg.cy.$('node.added').length;")
    assert added == 2
    until(lambda: _canvas(driver, "return cy.getElementById('person_1').position();") == {"x": 123, "y": 456},
          timeout=15)


def _history_labels(driver) -> list[str]:
    """The history menu's entries, read from the store the menu is built from (newest first)."""
    raw = driver.execute_script(f"return window.localStorage.getItem('{ids.HISTORY_STORE}');")
    past = (json.loads(raw) or {}).get("past", []) if raw else []
    return [", ".join(n["class"].rsplit("/", 1)[-1].lower() for n in g.get("nodes", [])) or "empty" for g in
            reversed(past)]


def _menu(driver) -> list[str]:
    return [e.text.strip() for e in driver.find_elements("css selector", ".dash-dropdown-option") if e.text.strip()]

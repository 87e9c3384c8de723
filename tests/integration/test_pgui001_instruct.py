"""Edit by instruction in a real browser: the preview is a difference on the canvas; Apply commits; one undo reverts."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from dash.testing.wait import until
from selenium.webdriver.common.keys import Keys

from components import ids

pytestmark = pytest.mark.browser

SCREENSHOTS = Path(os.environ.get("PROTOGRAPH_SCREENSHOTS") or Path(tempfile.gettempdir()) / "protograph-screenshots")
DBO = "http://dbpedia.org/ontology/"
FAMILY = {"nodes": [{"id": "person_1", "class": DBO + "Person"}, {"id": "person_2", "class": DBO + "Person"},
                    {"id": "university_1", "class": DBO + "University"}],
          "edges": [{"source": "person_1", "link": DBO + "child", "target": "person_2"},
                    {"source": "person_1", "link": DBO + "almaMater", "target": "university_1"}]}


def _canvas_classes(dash_duo) -> dict[str, list[str]]:
    """Each canvas element's classes, read from the Cytoscape instance the page draws."""
    return dash_duo.driver.execute_script(
        f"const cy = document.getElementById('{ids.CYTOSCAPE}')._cyreg.cy;"
        "const out = {}; cy.elements().forEach(e => { out[e.id()] = e.classes(); }); return out;")


def _type_instruction(dash_duo, text: str) -> None:
    box = dash_duo.find_element(f"#{ids.INSTRUCTION}")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(text)


def test_pgui001_instruction_preview_apply_and_undo(dash_duo, ui, editor_app):
    from components.urlstate import encode_hash

    dash_duo.start_server(editor_app)
    dash_duo.driver.get(dash_duo.server_url + "/" + encode_hash(FAMILY, {"kind": "sample", "name": "dbpedia_sample"}))
    ui.wait_graph(lambda g: len(g.get("nodes", [])) == 3)

    # Preview: the child is marked removed on the canvas; the graph itself is unchanged.
    _type_instruction(dash_duo, "drop the child")
    ui.click(ids.INSTRUCT_PREVIEW)
    ui.wait_text(ids.INSTRUCT_MESSAGE, lambda t: t.startswith("Preview: remove person_2"))
    until(lambda: "removed" in _canvas_classes(dash_duo).get("person_2", []), timeout=15)
    assert "removed" in _canvas_classes(dash_duo)[f"person_1|{DBO}child|person_2"]
    assert len(ui.graph()["nodes"]) == 3
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    dash_duo.driver.save_screenshot(str(SCREENSHOTS / "instruction-preview.png"))

    # Discard: the canvas shows the graph as it is again.
    ui.click(ids.INSTRUCT_DISCARD)
    until(lambda: _canvas_classes(dash_duo).get("person_2") == [], timeout=15)
    assert not dash_duo.find_element(f"#{ids.INSTRUCT_APPLY}").is_enabled()

    # Preview again and apply: one commit.
    ui.click(ids.INSTRUCT_PREVIEW)
    ui.wait_text(ids.INSTRUCT_MESSAGE, lambda t: t.startswith("Preview:"))
    ui.click(ids.INSTRUCT_APPLY)
    graph = ui.wait_graph(lambda g: len(g.get("nodes", [])) == 2)
    assert [n["id"] for n in graph["nodes"]] == ["person_1", "university_1"]
    until(lambda: "person_2" not in _canvas_classes(dash_duo), timeout=15)

    # An added node is drawn as added; Enter in the box previews too.
    _type_instruction(dash_duo, "also the university's city" + Keys.ENTER)
    until(lambda: "added" in _canvas_classes(dash_duo).get("city_1", []), timeout=15)
    ui.click(ids.INSTRUCT_DISCARD)

    # One undo brings the child back.
    ui.click(ids.UNDO_BUTTON)
    graph = ui.wait_graph(lambda g: len(g.get("nodes", [])) == 3)
    assert [n["id"] for n in graph["nodes"]] == ["person_1", "person_2", "university_1"]

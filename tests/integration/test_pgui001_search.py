"""Search by meaning and the readable strip in a real browser: the dropdown keeps what the server found."""

from __future__ import annotations

import pytest
from dash.testing.wait import until
from selenium.common.exceptions import StaleElementReferenceException

from components import ids

pytestmark = pytest.mark.browser

DBO = "http://dbpedia.org/ontology/"


def test_pgui001_musician_finds_musical_artist_by_meaning(dash_duo, ui, editor_app):
    dash_duo.start_server(editor_app)
    dash_duo.wait_for_contains_text(f"#{ids.SOURCE_STATUS}", "classes")
    dash_duo.find_element(f"#{ids.ADD_NODE_SEARCH}").click()
    dash_duo.wait_for_element(".dash-dropdown-search").send_keys("musician")

    def found() -> list:
        options = dash_duo.driver.find_elements("css selector", ".dash-dropdown-option")
        try:
            return [o for o in options if o.text.startswith("musical artist")] if len(options) > 10 else []
        except StaleElementReferenceException:
            return []

    until(found, timeout=15)
    [artist] = found()
    assert artist.find_element("css selector", "[title]").get_attribute("title").startswith("Found by meaning")
    artist.click()
    ui.click(ids.ADD_NODE_BUTTON)
    graph = ui.wait_graph(lambda g: len(g.get("nodes", [])) == 1)
    assert graph["nodes"][0]["class"] == DBO + "MusicalArtist"


def test_pgui001_strip_and_messages_read_one_fact_per_line(dash_duo, ui, editor_app):
    dash_duo.start_server(editor_app)
    dash_duo.wait_for_contains_text(f"#{ids.SOURCE_STATUS}", "classes")
    dash_duo.find_element(f"#{ids.QUESTION}").send_keys("Which persons were born in a city?")
    ui.click(ids.ASK_BUTTON)
    ui.wait_text(ids.ASK_MESSAGE, lambda t: "Drafted" in t, timeout=60)
    lines = [e.text for e in dash_duo.driver.find_elements("css selector", f"#{ids.ASK_MESSAGE} .message-line")]
    assert lines[0].startswith("Drafted 2 nodes and 1 link ") and len(lines) == len(set(lines))
    strip = ui.wait_text(ids.STAGE_STRIP, lambda t: "How sure" in t)
    assert "Words not used" in strip and " of 1)" in strip
    figures = dash_duo.driver.find_elements("css selector", f"#{ids.STAGE_STRIP} figure")
    assert figures and all(f.get_attribute("title") for f in figures)

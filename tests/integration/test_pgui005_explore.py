"""Exploring from the results in a real browser: a cell opens an instance's card, a neighbour opens its own,
"Use in query" pins them into the graph, and the dashboard charts what the names alone cannot."""

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

SCREENSHOTS = Path(os.environ.get("PROTOGRAPH_SCREENSHOTS") or Path(tempfile.gettempdir()) / "protograph-screenshots")
DBO = "http://dbpedia.org/ontology/"
DBR = "http://dbpedia.org/resource/"
SAMPLE = {"kind": "sample", "name": "dbpedia_sample"}
WORKS = {
    "nodes": [{"id": "work_1", "class": DBO + "Work"}, {"id": "ice_hockey_player_1", "class": DBO + "IceHockeyPlayer"}],
    "edges": [{"source": "work_1", "link": DBO + "author", "target": "ice_hockey_player_1"}],
}


def _count(store: pyoxigraph.Store, query: str) -> int:
    return int(next(iter(store.query(f"PREFIX dbo: <{DBO}> PREFIX dbr: <{DBR}> {query}")))[0].value)




def _click_text(dash_duo, selector: str, text: str) -> None:
    def click() -> bool:
        for element in dash_duo.driver.find_elements("css selector", selector):
            if element.text.strip() == text:
                element.click()
                return True
        return False

    until(click, timeout=15)




def test_pgui005_a_result_opens_its_card_and_goes_into_the_query(dash_duo, ui, editor_app, raw_sample):
    dash_duo.start_server(editor_app)
    dash_duo.wait_for_element(f"#{ids.GRAPH_DEBUG}")
    dash_duo.driver.get(dash_duo.server_url + "/" + encode_hash(WORKS, SAMPLE))
    ui.wait_graph(lambda g: len(g.get("edges", [])) == 1)
    assert ui.total_rows() == _count(raw_sample, "SELECT (COUNT(*) AS ?n) WHERE { SELECT DISTINCT ?w ?p WHERE { "
                                            "?w a dbo:Work ; dbo:author ?p . ?p a dbo:IceHockeyPlayer } }")
    assert dash_duo.find_element(f"#{ids.EXPLORE_CARD}").get_attribute("hidden")

    # The dashboard: the columns hold names only, so it says so and charts the players' birth dates.
    ui.open_tab("Dashboard")
    assert ui.wait_text(ids.CHART_REASON, lambda t: t.startswith("No chart fits"), timeout=20)
    dash_duo.wait_for_element(f"#{ids.CHART} .scatterlayer .trace")
    assert ui.text(ids.CHART_KIND).startswith("timeline: ")
    ui.open_tab("Table")

    # A tap on a work in the instance graph opens the work's card.
    ui.open_tab("Graph")
    work = DBR + "Gretzky:_An_Autobiography"
    tap = """
        const host = [document.getElementById(arguments[0]), ...document.querySelectorAll('#' + arguments[0] + ' *')]
            .find(e => e._cyreg && e._cyreg.cy);
        if (!host) return false;
        const node = host._cyreg.cy.getElementById(arguments[1]);
        if (node.empty()) return false;
        node.emit('tap');
        return true;"""
    until(lambda: dash_duo.driver.execute_script(tap, ids.INSTANCE_GRAPH, work), timeout=15)
    authors = _count(raw_sample, f"SELECT (COUNT(DISTINCT ?a) AS ?n) WHERE {{ <{work}> dbo:author ?a }}")
    ui.wait_text(ids.EXPLORE_BODY, lambda t: t.startswith("Gretzky: An Autobiography") and f"author ({authors})" in t)
    ui.open_tab("Table")

    # A click on a player's name opens the player's card.
    _click_text(dash_duo, f"#{ids.RESULTS_TABLE} td", "Wayne Gretzky")
    # the card's title opens its text: the book's card also names him, as its author
    body = ui.wait_text(ids.EXPLORE_BODY, lambda t: t.startswith("Wayne Gretzky") and "Links in" in t)
    teams = _count(raw_sample, "SELECT (COUNT(DISTINCT ?t) AS ?n) WHERE { dbr:Wayne_Gretzky dbo:formerTeam ?t }")
    assert f"former team ({teams})" in body and "birth date" in body
    assert not dash_duo.find_element(f"#{ids.EXPLORE_CARD}").get_attribute("hidden")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    dash_duo.driver.execute_script(f"document.getElementById('{ids.EXPLORE_CARD}').scrollIntoView()")
    dash_duo.driver.save_screenshot(str(SCREENSHOTS / "instance-card.png"))

    # "Use in query" pins him to the node he came from; the results become his works.
    assert "?ice_hockey_player_1" in dash_duo.find_element(f"#{ids.EXPLORE_TARGET}").text
    ui.click(ids.EXPLORE_USE)
    ui.wait_graph(lambda g: g["nodes"][1].get("instances") == [DBR + "Wayne_Gretzky"])
    ui.wait_text(ids.EXPLORE_MESSAGE, lambda t: "is now ?ice_hockey_player_1" in t)
    works = _count(raw_sample, "SELECT (COUNT(DISTINCT ?w) AS ?n) WHERE { ?w a dbo:Work ; dbo:author dbr:Wayne_Gretzky }")
    until(lambda: ui.total_rows() == works, timeout=20)

    # Closed, the card opens again from a cell: a click is let go once it has opened a card.
    ui.click(ids.EXPLORE_CLOSE)
    until(lambda: dash_duo.find_element(f"#{ids.EXPLORE_CARD}").get_attribute("hidden"), timeout=10)
    _click_text(dash_duo, f"#{ids.RESULTS_TABLE} td", "Wayne Gretzky")
    until(lambda: not dash_duo.find_element(f"#{ids.EXPLORE_CARD}").get_attribute("hidden"), timeout=10)
    ui.wait_text(ids.EXPLORE_BODY, lambda t: t.startswith("Wayne Gretzky"))

    # A neighbour on the card opens its own card; with no node of its class, "Use in query" adds one.
    _click_text(dash_duo, f"#{ids.EXPLORE_BODY} button.neighbour", "Edmonton Oilers")
    ui.wait_text(ids.EXPLORE_BODY, lambda t: t.startswith("Edmonton Oilers"))
    until(lambda: "a new node" in dash_duo.find_element(f"#{ids.EXPLORE_TARGET}").text, timeout=15)
    ui.click(ids.EXPLORE_USE)
    graph = ui.wait_graph(lambda g: len(g["nodes"]) == 3)
    assert graph["nodes"][2]["instances"] == [DBR + "Edmonton_Oilers"]

    ui.click(ids.EXPLORE_CLOSE)
    until(lambda: dash_duo.find_element(f"#{ids.EXPLORE_CARD}").get_attribute("hidden"), timeout=10)


SHIPS = {
    "nodes": [{"id": "ship_1", "class": DBO + "Ship"}, {"id": "place_1", "class": DBO + "Place"}],
    "edges": [{"source": "ship_1", "link": DBO + "homeport", "target": "place_1"}],
}


def test_pgui005_a_map_of_places_draws_offline(dash_duo, ui, editor_app, raw_sample):
    dash_duo.start_server(editor_app)
    dash_duo.wait_for_element(f"#{ids.GRAPH_DEBUG}")
    dash_duo.driver.get(dash_duo.server_url + "/" + encode_hash(SHIPS, SAMPLE))
    ui.wait_graph(lambda g: len(g.get("edges", [])) == 1)
    ui.total_rows()
    ui.open_tab("Dashboard")
    ui.wait_text(ids.CHART_REASON, bool, timeout=20)
    ui.choose(ids.CHART_KIND, "map of place")
    dash_duo.wait_for_element(f"#{ids.CHART} .scattergeo .point", timeout=20)
    places = _count(raw_sample, "SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE { ?s a dbo:Ship ; dbo:homeport ?p . "
                                "?p a dbo:Place ; <http://www.w3.org/2003/01/geo/wgs84_pos#lat> ?lat }")
    until(lambda: len(dash_duo.driver.find_elements("css selector", f"#{ids.CHART} .scattergeo .point")) == places,
          timeout=10)
    # The coastlines come from the bundled topojson (the browser has no internet to fetch them from).
    dash_duo.wait_for_element(f"#{ids.CHART} .geo .layer.land path", timeout=20)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    dash_duo.driver.execute_script(f"document.getElementById('{ids.CHART}').scrollIntoView()")
    dash_duo.driver.save_screenshot(str(SCREENSHOTS / "dashboard-map.png"))

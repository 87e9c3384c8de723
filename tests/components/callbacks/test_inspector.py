"""The inspector, called directly: showing a node or an edge, and each node and edge edit."""

from __future__ import annotations

import pytest
from dash import no_update

from app.graph.history import History
from components.callbacks.common import resources_for
from components.callbacks.inspector import (
    change_class,
    change_link,
    flip,
    inspect,
    pin,
    remove_link,
    remove_node,
    search_attributes,
    search_instances,
    set_link_flags,
    set_node_flags,
)
from ontology_loaders import RDFS_LABEL

DBO = "http://dbpedia.org/ontology/"
DBR = "http://dbpedia.org/resource/"
EDGE = f"edge:work_1|{DBO}author|ice_hockey_player_1"
PLAYER = "node:ice_hockey_player_1"


@pytest.fixture
def spouses() -> dict:
    """Two persons joined by a link that may be flipped."""
    return {"nodes": [{"id": "person_1", "class": DBO + "Person"}, {"id": "person_2", "class": DBO + "Person"}],
            "edges": [{"source": "person_1", "link": DBO + "child", "target": "person_2"}]}


def test_inspect_fills_the_node_panel(settings, sample, works):
    shown = inspect("node:work_1", works, sample, settings=settings)
    node_hidden, edge_hidden, class_options, class_value, flags = shown[:5]
    assert (node_hidden, edge_hidden, class_value, flags) == (False, True, DBO + "Work", ["select"])
    assert DBO + "WrittenWork" in [o["value"] for o in class_options]
    assert shown[9:] == (no_update,) * 4


def test_inspect_fills_the_edge_panel_or_hides_both(settings, sample, works):
    shown = inspect(EDGE, works, sample, settings=settings)
    assert shown[:2] == (True, False) and shown[2:9] == (no_update,) * 7
    link_options, link_value, flags, flip_disabled = shown[9:]
    assert link_value == DBO + "author" and DBO + "composer" in [o["value"] for o in link_options]
    assert flags == [] and flip_disabled is True
    hidden = (True, True) + (no_update,) * 11
    assert inspect(None, works, sample, settings=settings) == hidden
    assert inspect("node:nobody", works, sample, settings=settings) == hidden
    assert inspect("work_1", works, sample, settings=settings) == hidden


def test_change_class_moves_the_node_down_the_hierarchy(settings, sample, works):
    graph, history, message = change_class(DBO + "WrittenWork", works, None, "node:work_1", sample, settings=settings)
    assert graph["nodes"][0]["class"] == DBO + "WrittenWork" and message == "Class changed."
    assert History.from_json(history).past[-1] == works
    assert change_class(None, works, None, "node:work_1", sample, settings=settings) == (no_update,) * 3
    assert change_class(DBO + "WrittenWork", works, None, EDGE, sample, settings=settings) == (no_update,) * 3


def test_set_node_flags_only_records_a_real_change(settings, sample, works):
    assert set_node_flags(["select"], works, None, "node:work_1", sample, settings=settings) == (no_update,) * 3
    graph, _, message = set_node_flags(["subclasses"], works, None, "node:work_1", sample, settings=settings)
    assert graph["nodes"][0]["select"] is False and graph["nodes"][0]["include_subclasses"] is True
    assert message == "Node updated."


def test_pin_sets_the_node_instances(settings, sample, works):
    graph, _, message = pin([DBR + "Wayne_Gretzky"], works, None, PLAYER, sample, settings=settings)
    assert graph["nodes"][1]["instances"] == [DBR + "Wayne_Gretzky"] and message == "Pinned instances updated."


def test_search_instances_finds_by_name_and_keeps_the_chosen(settings, sample, works):
    found = search_instances("Gretzky", [DBR + "Ken_Dryden"], PLAYER, works, sample, settings=settings)
    assert found == [{"label": "Wayne Gretzky", "value": DBR + "Wayne_Gretzky"},
                     {"label": "Ken Dryden", "value": DBR + "Ken_Dryden"}]
    assert search_instances("", None, PLAYER, works, sample, settings=settings) is no_update
    assert search_instances("Gretzky", None, EDGE, works, sample, settings=settings) is no_update
    assert search_instances("Gretzky", None, "node:nobody", works, sample, settings=settings) is no_update


def test_remove_node_drops_it_and_its_links(settings, sample, works):
    graph, _, message = remove_node(1, works, None, PLAYER, sample, settings=settings)
    assert [n["id"] for n in graph["nodes"]] == ["work_1"] and graph["edges"] == [] and message == "Node removed."
    refused = remove_node(1, works, None, "node:nobody", sample, settings=settings)
    assert refused[:2] == (no_update, no_update) and refused[2]


def test_change_link_swaps_the_link_and_follows_the_edge(settings, sample, works):
    graph, _, message, options, value = change_link(DBO + "composer", works, None, EDGE, sample,
                                                    settings=settings)
    assert graph["edges"][0]["link"] == DBO + "composer" and message == "Link changed."
    assert value == f"edge:work_1|{DBO}composer|ice_hockey_player_1" and value in [o["value"] for o in options]
    assert change_link(None, works, None, EDGE, sample, settings=settings) == (no_update,) * 5
    assert change_link(DBO + "composer", works, None, "node:work_1", sample, settings=settings) == (no_update,) * 5


def test_set_link_flags_makes_optional_or_negated(settings, sample, works):
    graph, _, message, _, value = set_link_flags(["optional"], works, None, EDGE, sample, settings=settings)
    assert graph["edges"][0]["optional"] is True and message == "Link updated." and value == EDGE
    # Both ticked: the one just ticked (negated, as optional was already on) wins.
    graph, *_ = set_link_flags(["optional", "negated"], graph, None, EDGE, sample, settings=settings)
    assert (graph["edges"][0]["optional"], graph["edges"][0]["negated"]) == (False, True)
    assert set_link_flags([], works, None, EDGE, sample, settings=settings) == (no_update,) * 5


def test_flip_reverses_a_link_the_ontology_allows_both_ways(settings, sample, spouses, works):
    target = f"edge:person_1|{DBO}child|person_2"
    graph, _, message, _, value = flip(1, spouses, None, target, sample, settings=settings)
    assert graph["edges"][0]["source"] == "person_2" and message == "Flipped."
    assert value == f"edge:person_2|{DBO}child|person_1"
    refused = flip(1, works, None, EDGE, sample, settings=settings)
    assert refused[:2] == (no_update, no_update) and refused[2] and refused[3:] == (no_update, no_update)


def test_remove_link_deletes_the_edge_and_clears_the_inspector(settings, sample, works):
    graph, _, message, options, value = remove_link(1, works, None, EDGE, sample, settings=settings)
    assert graph["edges"] == [] and message == "Link deleted." and value is None
    assert EDGE not in [o["value"] for o in options]


def test_search_attributes_finds_by_meaning_with_counts(settings, sample, spouses):
    _ = resources_for(settings, sample).index  # the served app loads it at start
    found = search_attributes("born", "node:person_1", spouses, sample, settings=settings)
    assert found[0]["value"] == DBO + "birthDate" and found[0]["label"].startswith("birth date (date) \u00b7 ")
    assert found[0]["label"].endswith(" uses") and all("born" in o["search"] for o in found)
    assert search_attributes("born", None, spouses, sample, settings=settings) is no_update


def test_inspect_lists_attributes_with_their_use_counts(settings, sample, spouses):
    attributes = inspect("node:person_1", spouses, sample, settings=settings)[8]
    name = next(o for o in attributes if o["value"] == RDFS_LABEL)
    assert name["label"].endswith(" uses") and "in the data" in name["title"]

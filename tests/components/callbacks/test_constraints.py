"""The inspector's constraints, called directly: the datatype-driven editor, adding and removing."""

from __future__ import annotations

from dash import no_update

from components import ids
from components.callbacks.constraints import (
    add_constraint,
    constraint_editor,
    remove_constraint,
    show_value,
)

DBO = "http://dbpedia.org/ontology/"
PLAYER = "node:ice_hockey_player_1"
HIDDEN = {"display": "none"}


def test_constraint_editor_follows_the_attribute_datatype(settings, sample, works):
    ops, op, input_type, placeholder, value_style, bool_style, add_disabled, show_disabled = constraint_editor(
        DBO + "height", PLAYER, works, sample, settings=settings)
    assert ">" in [o["value"] for o in ops] and op == ops[0]["value"]
    assert (input_type, placeholder, value_style, bool_style, add_disabled, show_disabled) == (
        "number", "a number", {}, HIDDEN, False, False)
    assert constraint_editor(DBO + "birthDate", PLAYER, works, sample, settings=settings)[3] == "YYYY-MM-DD"
    closed = ([], None, "text", "value", {}, HIDDEN, True, True)
    assert constraint_editor(None, PLAYER, works, sample, settings=settings) == closed
    assert constraint_editor(DBO + "noSuchAttribute", PLAYER, works, sample, settings=settings) == closed


def test_add_constraint_appends_to_the_inspected_node(settings, sample, works):
    graph, history, message, hint = add_constraint(1, None, DBO + "height", ">", "1.8", None, works, None, PLAYER,
                                                   sample, settings=settings)
    constraints = graph["nodes"][1]["constraints"]
    assert [(c["property"], c["op"], c["value"]) for c in constraints] == [(DBO + "height", ">", 1.8)]
    assert message == "Constraint added." and hint == "" and history


def test_add_constraint_explains_what_is_missing(settings, sample, works):
    assert add_constraint(1, None, None, ">", "1", None, works, None, PLAYER, sample, settings=settings) == (
        no_update, no_update, no_update, "Pick an attribute.")
    assert add_constraint(1, None, DBO + "noSuchAttribute", ">", "1", None, works, None, PLAYER, sample,
                          settings=settings)[3] == "This attribute does not apply here."
    refused = add_constraint(1, None, DBO + "height", ">", "tall", None, works, None, PLAYER, sample,
                             settings=settings)
    assert refused[:3] == (no_update,) * 3 and refused[3]


def test_remove_constraint_drops_the_clicked_one(settings, sample, works, triggered):
    works["nodes"][1]["constraints"] = [{"property": DBO + "height", "op": ">", "value": 1.8},
                                        {"property": DBO + "weight", "op": "<", "value": 90}]
    with triggered(ids.constraint_remove(0)):
        graph, _, message = remove_constraint([1, None], works, None, PLAYER, sample, settings=settings)
    assert [c["property"] for c in graph["nodes"][1]["constraints"]] == [DBO + "weight"]
    assert message == "Constraint removed."
    with triggered(ids.constraint_remove(0)):
        assert remove_constraint([None, None], works, None, PLAYER, sample, settings=settings) == (no_update,) * 3


def test_show_value_toggles_the_attribute_on_the_inspected_node(settings, sample, works):
    graph, history, message, hint = show_value(1, DBO + "height", works, None, PLAYER, sample, settings=settings)
    assert graph["nodes"][1]["shown"] == [DBO + "height"] and message == "Value shown." and history
    again = show_value(1, DBO + "height", graph, history, PLAYER, sample, settings=settings)
    assert again[0]["nodes"][1]["shown"] == [] and again[2] == "Value no longer shown."
    assert show_value(1, None, works, None, PLAYER, sample, settings=settings)[3] == "Pick an attribute."
    refused = show_value(1, DBO + "noSuchAttribute", works, None, PLAYER, sample, settings=settings)
    assert refused[:2] == (no_update, no_update) and "has no" in refused[2]

"""Edit by instruction, called directly: preview as a difference on the canvas, apply as one undoable step, discard."""

from __future__ import annotations

import pytest
from dash import no_update

from app.graph.history import History
from components.callbacks.instruct import apply_preview, discard_preview, preview, preview_buttons

DBO = "http://dbpedia.org/ontology/"


@pytest.fixture
def family() -> dict:
    return {"nodes": [{"id": "person_1", "class": DBO + "Person"}, {"id": "person_2", "class": DBO + "Person"},
                      {"id": "university_1", "class": DBO + "University"}],
            "edges": [{"source": "person_1", "link": DBO + "child", "target": "person_2"},
                      {"source": "person_1", "link": DBO + "almaMater", "target": "university_1"}]}


def _classes(elements: list[dict]) -> dict[str, str]:
    return {e["data"]["id"]: e["classes"] for e in elements}


def test_preview_shows_the_difference_without_changing_the_graph(settings, sample, family):
    dragged = [{"data": {"id": "person_1"}, "position": {"x": 11.0, "y": 22.0}}]
    stored, canvas, message = preview(1, "drop the child", family, sample, dragged, settings=settings)
    assert stored["before"]["nodes"][1]["id"] == "person_2" and stored["lines"] == ["remove person_2"]
    assert [n["id"] for n in stored["after"]["nodes"]] == ["person_1", "university_1"]
    marks = _classes(canvas)
    assert "removed" in marks["person_2"] and "removed" in marks[f"person_1|{DBO}child|person_2"]
    assert "removed" not in marks["person_1"] and "removed" not in marks["university_1"]
    assert next(e for e in canvas if e["data"]["id"] == "person_1")["position"] == {"x": 11.0, "y": 22.0}
    assert message.startswith("Preview: remove person_2")


def test_preview_marks_added_and_changed(settings, sample, family):
    _, canvas, _ = preview(1, "make the child a scientist", family, sample, [], settings=settings)
    assert "changed" in _classes(canvas)["person_2"]
    _, canvas, _ = preview(1, "also the university's city", family, sample, [], settings=settings)
    marks = _classes(canvas)
    assert marks["city_1"] == "added" and marks[f"university_1|{DBO}city|city_1"] == "added"


def test_preview_explains_empty_or_unreadable_instructions(settings, sample, family):
    assert preview(1, "  ", family, sample, [], settings=settings)[:2] == (no_update, no_update)
    stored, canvas, message = preview(1, "remove the spaceship", family, sample, [], settings=settings)
    assert stored is None and canvas is no_update and message.className == "error"


def test_apply_commits_once_so_one_undo_reverts(settings, sample, family):
    stored, _, _ = preview(1, "drop the child", family, sample, [], settings=settings)
    graph, history, edit_message, cleared, message = apply_preview(1, stored, family, None)
    assert [n["id"] for n in graph["nodes"]] == ["person_1", "university_1"] and cleared is None
    assert message == edit_message == "Applied: remove person_2."
    history, undone = History.from_json(history).undo(graph)
    assert [n["id"] for n in undone["nodes"]] == ["person_1", "person_2", "university_1"]
    assert not history.can_undo


def test_apply_refuses_a_preview_of_another_graph(settings, sample, family):
    stored, _, _ = preview(1, "drop the child", family, sample, [], settings=settings)
    changed = {**family, "edges": family["edges"][:1]}
    graph, history, _, cleared, message = apply_preview(1, stored, changed, None)
    assert (graph, history, cleared) == (no_update, no_update, None) and "changed since" in message.children
    assert apply_preview(1, None, family, None)[0] is no_update


def test_discard_redraws_the_graph_as_it_is(settings, sample, family):
    dragged = [{"data": {"id": "person_2"}, "position": {"x": 5.0, "y": 6.0}}]
    stored, canvas, message = discard_preview(1, family, dragged, sample, settings=settings)
    assert stored is None and message == "Discarded."
    assert all(e["classes"] in ("", ) for e in canvas if "source" not in e["data"])
    assert next(e for e in canvas if e["data"]["id"] == "person_2")["position"] == {"x": 5.0, "y": 6.0}


def test_apply_and_discard_are_enabled_only_during_a_preview():
    assert preview_buttons(None) == (True, True)
    assert preview_buttons({"before": {}, "after": {}, "lines": []}) == (False, False)

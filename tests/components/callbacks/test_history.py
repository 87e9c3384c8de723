"""The history menu and the comparison of two entries, called directly."""

from __future__ import annotations

import copy

from dash import no_update

from app.graph.history import History
from components.callbacks.history import CURRENT, compare, note_question, show_history


def _without_edge(works: dict) -> dict:
    smaller = copy.deepcopy(works)
    smaller["edges"] = []
    return smaller


def test_show_history_enables_undo_and_names_graphs_by_question_and_restatement(settings, sample, works):
    undo_off, redo_off, options, value, first, second = show_history(None, sample, settings=settings)
    assert (undo_off, redo_off, options, value) == (True, True, [], None)
    assert first == second == [{"label": "The current graph", "value": CURRENT}]
    history = History().record(_without_edge(works)).record(works)
    history = history.note(works, "Which works did ice hockey players write?")
    undo_off, redo_off, options, value, first, _ = show_history(history.to_json(), sample, settings=settings)
    assert (undo_off, redo_off, value) == (False, True, None)
    newest, oldest = options
    assert newest["value"] == 1 and newest["label"].startswith("2. “Which works did ice hockey players write?” — ")
    assert "ice hockey player" in newest["label"]
    # A graph no question produced (edited by hand) is named by its restatement alone.
    assert oldest["value"] == 0 and oldest["label"].startswith("1. ") and "“" not in oldest["label"]
    assert [o["value"] for o in first] == [CURRENT, 1, 0]


def test_show_history_survives_what_a_browser_kept_from_another_version(settings, sample):
    stale = {"past": ["not a graph", {"nodes": [{"id": 1}]}], "future": 7, "limit": "x", "notes": []}
    undo_off, _, options, *_ = show_history(stale, sample, settings=settings)
    assert not undo_off and [o["label"] for o in options] == ["1. a graph this version cannot read"]


def test_note_question_remembers_the_question_behind_a_drafted_graph(works):
    noted = note_question({"cleaned": works}, "Which works?", None)
    assert History.from_json(noted).question_for(works) == "Which works?"
    assert note_question(None, "Which works?", None) is no_update
    assert note_question({"cleaned": works}, "", None) is no_update


def test_compare_marks_what_the_second_graph_adds_removes_and_changes(settings, sample, works):
    history = History().record(_without_edge(works)).to_json()
    elements, message = compare(0, CURRENT, works, history, sample, settings=settings)
    marked = {e["data"]["id"]: e["classes"] for e in elements}
    edge = "work_1|http://dbpedia.org/ontology/author|ice_hockey_player_1"
    assert "added" in marked[edge] and message == "1 added."
    elements, message = compare(CURRENT, 0, works, history, sample, settings=settings)
    assert "removed" in {e["data"]["id"]: e["classes"] for e in elements}[edge] and message == "1 removed."
    changed = copy.deepcopy(works)
    changed["nodes"][0]["select"] = not changed["nodes"][0].get("select", True)
    elements, message = compare(0, CURRENT, changed, History().record(works).to_json(), sample, settings=settings)
    assert "changed" in {e["data"]["id"]: e["classes"] for e in elements}["work_1"] and message == "1 changed."


def test_compare_says_when_there_is_nothing_to_compare(settings, sample, works):
    history = History().record(works).to_json()
    assert compare(None, CURRENT, works, history, sample, settings=settings)[0] == []
    assert compare(0, CURRENT, works, history, sample, settings=settings) == ([], "The two graphs are the same.")
    assert compare(5, CURRENT, works, history, sample, settings=settings) == (
        [], "That graph is no longer in the history.")

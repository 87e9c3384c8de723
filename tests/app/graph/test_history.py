"""Undo, redo and restore over graph JSON."""

from __future__ import annotations

import pytest

from app.errors import EditError
from app.graph.history import History


def test_history_undo_redo_and_restore():
    a, b, c = {"nodes": ["a"]}, {"nodes": ["b"]}, {"nodes": ["c"]}
    h = History().record(a).record(b)  # current is c
    h, now = h.undo(c)
    assert now == b and h.future == (c,)
    h, now = h.redo(now)
    assert now == c and not h.can_redo
    h2, now = h.restore(c, 0)
    assert now == a and h2.past[-1] == c
    assert History.from_json(h2.to_json()) == h2
    with pytest.raises(EditError):
        History().undo(a)
    capped = History(limit=3)
    for i in range(10):
        capped = capped.record({"i": i})
    assert [p["i"] for p in capped.past] == [7, 8, 9]


def test_a_new_edit_forgets_redo():
    h = History().record({"n": 1})
    h, _ = h.undo({"n": 2})
    assert h.can_redo
    assert not h.record({"n": 1}).can_redo


def test_notes_name_graphs_by_content_and_survive_every_move():
    a = {"nodes": [{"id": "p", "class": "x:P"}], "edges": []}
    same_a = {"edges": [], "nodes": [{"class": "x:P", "id": "p"}]}
    h = History().note(a, "Which P?").record(a)
    assert h.question_for(same_a) == "Which P?" and h.question_for({"nodes": []}) is None
    h, _ = h.undo({"nodes": []})
    h, _ = h.redo(a)
    assert History.from_json(h.to_json()).question_for(a) == "Which P?"
    capped = History(limit=2)
    for i in range(10):
        capped = capped.note({"nodes": [{"id": f"n{i}", "class": "x:P"}]}, f"q{i}")
    assert len(capped.notes) == 4 and capped.notes[-1][1] == "q9"


def test_from_json_drops_what_is_not_history():
    stale = {"past": [{"nodes": []}, "junk", 3], "future": "nope", "limit": "many", "notes": {"k": 1, "ok": "q"}}
    h = History.from_json(stale)
    assert h.past == ({"nodes": []},) and h.future == () and h.limit == 50 and h.notes == (("ok", "q"),)
    assert History.from_json(["not", "a", "mapping"]) == History()

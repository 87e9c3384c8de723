"""The router and the participant-flow callbacks, called directly (no browser)."""

from __future__ import annotations

import pytest
from dash import html, no_update
from dash.exceptions import PreventUpdate

from app.study import EventKind
from components.study.callbacks.participant import (
    leave_intro,
    load,
    new_participant,
    route,
    send_sus,
    show_error,
    show_stage,
    start,
)

from tests.components.study.conftest import CITY_GRAPH


def _text(component) -> str:
    return component.children if isinstance(component, html.Span) else component


def test_route_shows_each_page_once(context):
    page, shown = route("/study/mini", None, context=context)
    assert shown == "/study/mini" and "participant-page" in page.className
    assert route("/study/mini", "/study/mini", context=context) == (no_update, no_update)
    home, _ = route("/", None, context=context)
    assert home.children == "home"
    listing, _ = route("/study/nope", None, context=context)
    assert "No study called “nope”." in str(listing)


def test_load_starts_at_consent_and_resumes_a_known_participant(context, at_first_task):
    secrets = {"mini": {"participant": "P01", "secret": at_first_task["secret"]}}
    view, error, _ = load("/study/mini", None, {}, "", secrets, context=context)
    assert (view["stage"], view["participant"], error) == ("consent", None, None)
    view, error, kept = load("/study/mini", None, {"mini": "P01"}, "", secrets, context=context)
    assert (view["stage"], view["task_id"], error, kept) == ("task", "first", None, no_update)
    view, error, _ = load("/study/mini", None, {}, "?participant=P99", None, context=context)
    assert (view["stage"], view["suggested"], error) == ("consent", "P99", None)
    assert load("/", None, {}, "", None, context=context) == (no_update, no_update, no_update)
    assert load("/study/nope", None, {}, "", None, context=context) == (no_update, no_update, no_update)


def test_show_error_wraps_text_only():
    assert show_error(None) is no_update
    assert show_error("broken").children == "broken"


def test_start_needs_consent_then_records_it(context, study, recorder):
    view = load("/study/mini", None, {}, "", None, context=context)[0]
    with pytest.raises(PreventUpdate):
        start(None, ["agree"], "", view, {}, None, context=context)
    assert start(1, [], "", view, {}, None, context=context)[3] == "Please tick the box to agree before you start."
    after, stored, secrets, message = start(1, ["agree"], "P07", view, {"other": "X"}, None, context=context)
    assert (after["stage"], after["participant"], message) == ("intro", "P07", "")
    assert stored == {"other": "X", "mini": "P07"}
    assert secrets == {"mini": {"participant": "P07", "secret": after["secret"]}} and len(after["secret"]) >= 32
    assert [e["kind"] for e in recorder.events(study.id, "P07")] == ["consent"]
    assert "not 1-64 letters" in _text(start(1, ["agree"], "bad id!", view, {}, None, context=context)[3])


def test_leave_intro_moves_to_the_first_task(context, study, recorder):
    _, secret = recorder.join(study.id, "P02")
    recorder.record(study.id, "P02", EventKind.CONSENT)
    view, message = leave_intro(1, {"study": study.id, "participant": "P02", "secret": secret}, context=context)
    assert (view["stage"], view["task_id"], message) == ("task", "first", "")
    # A stale page without the participant is a message, not a broken callback.
    assert leave_intro(1, {"study": study.id}, context=context)[1].className == "error"


def test_send_sus_checks_every_answer_then_finishes(context, study, recorder):
    _, secret = recorder.join(study.id, "P03")
    for kind in (EventKind.CONSENT, EventKind.INTRO):
        recorder.record(study.id, "P03", kind)
    for task in study.tasks:
        recorder.submit(study, "P03", task.id, CITY_GRAPH)
    view = {"study": study.id, "participant": "P03", "secret": secret}
    missing = send_sus(1, [3] * 9 + [None], view, context=context)
    assert missing[0] is no_update and "statement 10" in missing[1].children
    done, message = send_sus(1, [3] * 10, view, context=context)
    assert (done["stage"], message) == ("done", "")
    assert "already answered" in send_sus(1, [3] * 10, view, context=context)[1].children


def test_new_participant_forgets_this_browsers_one():
    with pytest.raises(PreventUpdate):
        new_participant(0, {}, {}, {}, [])
    secrets = {"mini": {"participant": "P01", "secret": "k1"}, "b": {"participant": "P2", "secret": "k2"}}
    kept, secrets, search, agree, entered, sus, message = new_participant(
        1, {"mini": "P01", "b": "P2"}, secrets, {"study": "mini"}, [3, 4])
    assert (kept, search, agree, entered, sus, message) == ({"b": "P2"}, "", [], "", [None, None], "")
    assert secrets == {"b": {"participant": "P2", "secret": "k2"}}


def test_show_stage_loads_a_new_task_once(at_first_task):
    assert show_stage(None, None) == (no_update,) * 16
    out = show_stage(at_first_task, None)
    assert out[:5] == (True, True, False, True, True)
    assert out[5:10] == ("Participant P01", no_update, "Task 1 of 2", "Find every city.", False)
    graph, history, stages, question, question_store, last = out[10:]
    assert (graph, history, stages, question) == ({"nodes": [], "edges": []}, {"past": [], "future": []}, None, "")
    assert last == {"participant": "P01", "task": "first", "graph": graph}
    # The same task again (a reload) keeps the canvas and its undo history.
    assert show_stage(at_first_task, last)[10:] == (no_update,) * 6
    consent = show_stage({"stage": "consent", "participant": None, "suggested": "P09"}, None)
    assert consent[:10] == (False, True, True, True, True, "", "P09", "", "", True)

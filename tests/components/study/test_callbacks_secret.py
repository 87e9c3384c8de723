"""The audit's takeover, through the callbacks: a guessed participant id is not enough to act as them."""

from __future__ import annotations

from dash import no_update

from components import ids
from components.study.callbacks.participant import leave_intro, load, send_sus, start
from components.study.callbacks.researcher import release_participant
from components.study.callbacks.task import close_task, observe_question
from tests.components.study.conftest import CITY_GRAPH, PASSWORD


def _text(value) -> str:
    return getattr(value, "children", value)


def test_a_guessed_id_neither_resumes_nor_submits(context, at_first_task, recorder, triggered):
    before = recorder.events("mini", "P01")
    # Another browser opens P01's link: it is told the participant is taken, and sees nothing of theirs.
    view, error, secrets = load("/study/mini", None, {}, "?participant=P01", None, context=context)
    assert view["stage"] == "consent" and view["participant"] is None and view["graph"] is None
    assert "in use in another browser" in error and secrets is no_update
    # Typing the id on the consent page does not claim it either.
    refused = start(1, ["agree"], "P01", view, {}, None, context=context)
    assert refused[:3] == (no_update,) * 3 and "release them" in _text(refused[3])
    # A forged page (the view the client sends) without P01's secret, or with a wrong one, records nothing.
    for forged in ({k: v for k, v in at_first_task.items() if k != "secret"}, {**at_first_task, "secret": "guess"}):
        with triggered(f"{ids.STUDY_SUBMIT}.n_clicks"):
            assert "in use in another browser" in _text(close_task(1, None, CITY_GRAPH, forged, context=context)[1])
        assert "in use in another browser" in observe_question(1, "a question", CITY_GRAPH, forged, context=context)
        assert "in use in another browser" in _text(leave_intro(1, forged, context=context)[1])
        assert "in use in another browser" in _text(send_sus(1, [3] * 10, forged, context=context)[1])
    assert recorder.events("mini", "P01") == before and recorder.submissions("mini") == []
    # The real participant's browser still works.
    with triggered(f"{ids.STUDY_SUBMIT}.n_clicks"):
        assert close_task(1, None, CITY_GRAPH, at_first_task, context=context)[1] == "Answer submitted."


def test_after_the_researcher_releases_them_the_next_browser_continues(context, at_first_task, recorder, triggered):
    assert "Type the participant" in release_participant(1, "", PASSWORD, "/study/mini/researcher", context=context)
    assert "password" in _text(release_participant(1, "P01", "wrong", "/study/mini/researcher", context=context))
    assert recorder.has_secret("mini", "P01")
    message = release_participant(1, "P01", PASSWORD, "/study/mini/researcher", context=context)
    assert "P01 is released" in message and "?participant=P01" in message
    view, error, secrets = load("/study/mini", None, {}, "?participant=P01", {}, context=context)
    assert (view["stage"], view["task_id"], error) == ("task", "first", None)
    assert secrets == {"mini": {"participant": "P01", "secret": view["secret"]}}
    with triggered(f"{ids.STUDY_SUBMIT}.n_clicks"):  # the old browser is out now
        assert "in use in another browser" in _text(close_task(1, None, CITY_GRAPH, at_first_task, context=context)[1])
        assert close_task(1, None, CITY_GRAPH, view, context=context)[1] == "Answer submitted."

"""Submitting or skipping a task and the events recorded from the normal app, called directly (no browser)."""

from __future__ import annotations

from typing import Any

import pytest
from dash import Input, Output, State, no_update
from dash.exceptions import PreventUpdate

from app.study import EventKind
from components import ids
from components.layout import build_layout
from components.study.callbacks import participant, researcher, task
from components.study.callbacks.task import close_task, observe_graph, observe_question, observe_run, observe_view
from components.study.layout import page_shell, participant_page, researcher_page

from tests.components.study.conftest import CITY_GRAPH


def _kinds(recorder, study_id: str) -> list[str]:
    return [e["kind"] for e in recorder.events(study_id, "P01")]


def test_close_task_submits_the_canvas(context, at_first_task, recorder, triggered):
    with pytest.raises(PreventUpdate):
        close_task(None, None, CITY_GRAPH, at_first_task, context=context)
    with triggered(f"{ids.STUDY_SUBMIT}.n_clicks"):
        assert close_task(1, None, None, at_first_task, context=context) == (
            no_update, "The canvas is empty: build your answer first.")
        after, message = close_task(1, None, CITY_GRAPH, at_first_task, context=context)
        assert (after["task_id"], message) == ("second", "Answer submitted.")
        # The same task again (another tab): a message, and the page catches up with the database.
        caught_up, error = close_task(2, None, CITY_GRAPH, at_first_task, context=context)
    assert caught_up["task_id"] == "second" and "cannot submit task 'first'" in error.children
    assert [n["id"] for n in recorder.submissions("mini")[0]["graph"]["nodes"]] == ["city_1"]


def test_close_task_skips_only_when_the_time_is_up(context, at_first_task, triggered):
    with triggered(f"{ids.STUDY_SKIP}.n_clicks"):
        assert close_task(None, 1, None, at_first_task, context=context) == (
            no_update, "Skip is available once the time is up.")
    assert close_task(1, None, CITY_GRAPH, {"stage": "consent"}, context=context) == (no_update, no_update)


def test_observe_graph_records_edits_and_pipeline_answers(context, at_first_task, recorder, triggered):
    last = {"participant": "P01", "task": "first", "graph": {"nodes": [], "edges": []}}
    with triggered(f"{ids.GRAPH_STORE}.data"):
        unchanged = observe_graph({"nodes": [], "edges": []}, None, at_first_task, last, context=context)
        assert unchanged == (no_update, no_update)
        after, error = observe_graph(CITY_GRAPH, None, at_first_task, last, context=context)
    assert (after["graph"], error) == (CITY_GRAPH, no_update)
    with triggered(f"{ids.GRAPH_STORE}.data", f"{ids.STAGES_STORE}.data"):
        observe_graph(CITY_GRAPH, {"total_ms": 812}, at_first_task, after, context=context)
    events = recorder.events("mini", "P01")
    assert [e["kind"] for e in events][-2:] == ["edit", "pipeline_result"]
    assert events[-1]["detail"] == {"total_ms": 812}
    assert observe_graph(CITY_GRAPH, None, at_first_task, {"task": "other"}, context=context) == (no_update, no_update)


def test_observe_question_records_the_question(context, at_first_task, recorder):
    assert observe_question(1, "   ", CITY_GRAPH, at_first_task, context=context) is no_update
    assert observe_question(1, " every city ", CITY_GRAPH, at_first_task, context=context) is no_update
    event = recorder.events("mini", "P01")[-1]
    assert (event["kind"], event["detail"], event["graph"]) == ("question", {"question": "every city"}, CITY_GRAPH)
    assert context.recorder().progress(context.study_by_id("mini"), "P01").question == "every city"


def test_observe_run_records_a_run_and_reports_a_failure(context, at_first_task, recorder):
    with pytest.raises(PreventUpdate):
        observe_run(0, CITY_GRAPH, at_first_task, context=context)
    assert observe_run(1, CITY_GRAPH, at_first_task, context=context) is no_update
    assert _kinds(recorder, "mini")[-1] == EventKind.RUN.value
    assert "no participant" in observe_run(1, CITY_GRAPH, {**at_first_task, "participant": "P77"}, context=context)


def test_observe_view_records_tab_switches_only(context, at_first_task, recorder):
    def switch(tab: str, seen: str) -> tuple:
        return observe_view(tab, seen, None, at_first_task, context=context)

    assert switch(ids.TAB_TABLE, ids.TAB_TABLE) == (no_update, no_update)
    assert switch(ids.TAB_SPARQL, ids.TAB_TABLE) == (ids.TAB_SPARQL, no_update)
    assert switch(ids.TAB_GRAPH, ids.TAB_SPARQL) == (ids.TAB_GRAPH, no_update)
    events = recorder.events("mini", "P01")
    assert [e["kind"] for e in events][-2:] == ["sparql_view", "result_view"]
    assert events[-1]["detail"] == {"view": "graph"}


class _Callbacks:
    """Stands in for the Dash app: keeps what each registered callback names."""

    def __init__(self) -> None:
        self.dependencies: list[tuple] = []

    def callback(self, *dependencies: Any, **_options: Any) -> Any:
        self.dependencies.append(dependencies)
        return lambda function: function

    clientside_callback = callback


def _ids(component: Any) -> set[str]:
    found: set[str] = set()
    stack = [component]
    while stack:
        node = stack.pop()
        if isinstance(node, (list, tuple)):
            stack.extend(node)
        elif hasattr(node, "to_plotly_json"):
            if isinstance(getattr(node, "id", None), str):
                found.add(node.id)
            stack.append(getattr(node, "children", None))
    return found


def test_study_observers_find_every_id_they_name_on_each_page_with_the_normal_app(context, study):
    # Dash fails in the browser when a callback fires on a page that lacks one of its outputs or states.
    # The observers fire on any page with the normal app: the home page, a participant's, the researcher's.
    callbacks = _Callbacks()
    for module in (participant, task, researcher):
        module.register(callbacks, context)
    normal_app = lambda: build_layout(examples=[], initial_source=dict(study.source))  # noqa: E731
    app_ids = _ids(normal_app())
    pages = {"home": normal_app(), "participant": participant_page(study, normal_app),
             "researcher": researcher_page(study, normal_app, open_=True)}
    observers = [deps for deps in callbacks.dependencies
                 if any(isinstance(d, Input) and d.component_id in app_ids for d in deps)]
    assert len(observers) >= 4  # graph, question, run, results tab
    for name, page in pages.items():
        present = _ids(page_shell()) | _ids(page)
        for deps in observers:
            missing = {d.component_id for d in deps if isinstance(d, (Output, State))} - present
            assert not missing, f"{name} page lacks {missing}"

"""Study mode without a browser: URL routing, participant ids, the progress view, SUS checks, layout, dashboard."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from app.study import EventKind, Progress, Stage, Study, StudyTask, SusSummary, TaskRow
from components import ids
from components.study.dashboard import TABLE_III_COLUMNS, table_iii_rows
from components.study.layout import participant_page, researcher_page, validation_layout
from components.study.views import (
    Route,
    format_seconds,
    missing_sus_answers,
    parse_path,
    participant_from,
    progress_view,
    remember_participant,
    sus_message,
    time_is_up,
)

STUDY = Study(id="s1", title="A study", source={"kind": "sample", "name": "dbpedia_sample"},
              tasks=(StudyTask(id="t1", prompt="First?", time_limit_s=60),
                     StudyTask(id="t2", prompt="Second?", time_limit_s=90)))
NOW = datetime(2025, 1, 2, 12, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(("path", "route"), [
    (None, Route("home")),
    ("/", Route("home")),
    ("/anything/else", Route("home")),
    ("/study", Route("studies")),
    ("/study/s1", Route("participant", "s1")),
    ("/study/s1/", Route("participant", "s1")),
    ("/study/s1/researcher", Route("researcher", "s1")),
    ("/study/s1/other", Route("unknown", "s1")),
    ("/study/s1/researcher/x", Route("unknown", "s1")),
])
def test_parse_path(path, route):
    assert parse_path(path) == route


def test_parse_path_under_a_prefix():
    assert parse_path("/proto/study/s1", "/proto/") == Route("participant", "s1")
    assert parse_path("/proto/", "/proto/") == Route("home")


def test_participant_from_url_wins_over_storage_and_bad_ids_are_ignored():
    assert participant_from("?participant=P2", {"s1": "P1"}, "s1") == "P2"
    assert participant_from("?other=1", {"s1": "P1"}, "s1") == "P1"
    assert participant_from(None, {"s2": "P1"}, "s1") is None
    assert participant_from("?participant=a%20b", {"s1": 5}, "s1") is None
    assert participant_from("", "not a dict", "s1") is None


def test_remember_participant_keeps_other_studies():
    assert remember_participant({"s2": "P9", "bad": 3}, "s1", "P1") == {"s2": "P9", "s1": "P1"}
    assert remember_participant(None, "s1", "P1") == {"s1": "P1"}


def test_progress_view_before_consent_and_at_a_task():
    empty = progress_view(STUDY, None, None, NOW)
    assert empty["stage"] == "consent" and empty["participant"] is None and empty["n_tasks"] == 2
    graph = {"nodes": [], "edges": []}
    started = NOW - timedelta(seconds=42.5)
    view = progress_view(STUDY, "P1", Progress(Stage.TASK, 1, started, graph, "ships?"), NOW)
    assert view["stage"] == "task" and view["task_id"] == "t2" and view["prompt"] == "Second?"
    assert view["time_limit_s"] == 90 and view["elapsed_s"] == 42.5
    assert view["graph"] == graph and view["question"] == "ships?"
    assert not time_is_up(view)
    late = progress_view(STUDY, "P1", Progress(Stage.TASK, 0, NOW - timedelta(seconds=61), None, None), NOW)
    assert time_is_up(late)


def test_progress_view_counts_from_a_naive_utc_start_and_not_before_display():
    naive = (NOW - timedelta(seconds=10)).replace(tzinfo=None)
    assert progress_view(STUDY, "P1", Progress(Stage.TASK, 0, naive, None, None), NOW)["elapsed_s"] == 10
    assert progress_view(STUDY, "P1", Progress(Stage.TASK, 0, None, None, None), NOW)["elapsed_s"] == 0
    done = progress_view(STUDY, "P1", Progress(Stage.DONE, 2, None, None, None), NOW)
    assert done["stage"] == "done" and done["task_id"] is None


def test_format_seconds_and_sus_checks():
    assert [format_seconds(s) for s in (0, 59.4, 61, -3)] == ["0:00", "0:59", "1:01", "0:00"]
    assert missing_sus_answers([3] * 10) == []
    assert missing_sus_answers([None] * 2 + [3] * 8) == [1, 2]
    assert missing_sus_answers([True] + [3] * 9) == [1]
    assert "statements 1, 2 and 3" in sus_message([1, 2, 3])


def _ids(component) -> list:
    found = []

    def walk(node):
        if isinstance(node, (list, tuple)):
            for child in node:
                walk(child)
            return
        if not hasattr(node, "to_plotly_json"):
            return
        if getattr(node, "id", None) is not None:
            found.append(node.id)
        walk(getattr(node, "children", None))

    walk(component)
    return found


def test_layouts_hold_each_id_once_and_closed_dashboard_holds_no_form():
    from dash import html

    app = lambda: html.Div([html.Pre(id=ids.GRAPH_DEBUG)])  # noqa: E731 - stands in for the normal app
    page = _ids(participant_page(STUDY, app))
    assert len(page) == len(set(map(str, page)))
    for needed in (ids.STUDY_CONSENT, ids.STUDY_TIMER, ids.STUDY_SUBMIT, ids.STUDY_SKIP, ids.GRAPH_DEBUG,
                   ids.sus_item(9)):
        assert needed in page
    closed = _ids(researcher_page(STUDY, app, open_=False))
    assert ids.RESEARCHER_PASSWORD not in closed and ids.RESEARCHER_DASHBOARD not in closed
    assert ids.GRAPH_DEBUG not in closed
    whole = [str(i) for i in _ids(validation_layout(app()))]
    assert len(whole) == len(set(whole))


def test_table_iii_rows_format_the_report():
    row = TaskRow(task_id="t1", prompt="First?", participants=3, submitted=2, skipped=1, success_rate=2 / 3,
                  median_time_s=75.0, mean_time_s=80.4, mean_f1_node=1.0, mean_f1_rel=0.5, mean_ged_s=None,
                  pipeline_questions=4, manual_edits=7)

    class Report:
        tasks = [row]
        sus = SusSummary(n=0, mean=None, sd=None, scores=[])

    assert table_iii_rows(Report()) == [("t1", "First?", "3", "2", "1", "67%", "1:15", "1:20", "1.00", "0.50", "–",
                                         "4", "7")]
    assert len(TABLE_III_COLUMNS) == len(table_iii_rows(Report())[0])
    assert EventKind.EDIT.value == "edit"  # the dashboard counts these as manual edits

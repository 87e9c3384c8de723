"""The researcher's report and the export, on a recorded study of three participants."""

from __future__ import annotations

import csv
import json

import pytest

from app.study import EventKind, StudyRecorder, build_report, export_study, report_figures, report_text
from app.study.export import EXPORT_FILES, csv_value


@pytest.fixture
def recorded(recorder: StudyRecorder, shipped_study):
    """A: task 1 right after a question and an edit, task 2 wrong, skips 3 and 4, SUS 75.
    B: task 1 right by hand (two edits), then stops. C: only consents."""
    study = shipped_study
    right = study.task("hockey-works").expected.model_dump(mode="json")
    wrong = study.task("hockey-works").expected.model_dump(mode="json")  # task 1's answer to task 2
    for pid in ("A", "B", "C"):
        recorder.start_participant(study.id, pid)
        recorder.record(study.id, pid, EventKind.CONSENT)
    for pid in ("A", "B"):
        recorder.record(study.id, pid, EventKind.INTRO)
        recorder.record(study.id, pid, EventKind.TASK_SHOWN, task_id="hockey-works")
    recorder.record(study.id, "A", EventKind.QUESTION, task_id="hockey-works", detail={"question": "works by players"})
    recorder.record(study.id, "A", EventKind.PIPELINE_RESULT, task_id="hockey-works", graph=right)
    recorder.record(study.id, "A", EventKind.EDIT, task_id="hockey-works", graph=right)
    recorder.submit(study, "A", "hockey-works", right)
    recorder.record(study.id, "A", EventKind.TASK_SHOWN, task_id="gold-medalist-authors")
    recorder.submit(study, "A", "gold-medalist-authors", wrong)
    recorder.submit(study, "A", "us-home-ports", None, skipped=True)
    recorder.submit(study, "A", "tv-theme-composers", None, skipped=True)
    recorder.save_sus(study.id, "A", [4, 2] * 5)
    recorder.record(study.id, "B", EventKind.EDIT, task_id="hockey-works", graph=right)
    recorder.record(study.id, "B", EventKind.EDIT, task_id="hockey-works", graph=right)
    recorder.submit(study, "B", "hockey-works", right)
    return study, recorder


def test_the_report_shows_the_recorded_numbers(recorded):
    study, recorder = recorded
    report = build_report(study, recorder)
    rows = {t.task_id: t for t in report.tasks}
    first, second, third = rows["hockey-works"], rows["gold-medalist-authors"], rows["us-home-ports"]
    assert (first.participants, first.submitted, first.skipped, first.success_rate) == (2, 2, 0, 1.0)
    assert (first.pipeline_questions, first.manual_edits) == (1, 3)
    assert first.mean_f1_node == first.mean_f1_rel == first.mean_ged_s == 1.0
    assert len(first.times_s) == 2 and first.median_time_s == pytest.approx(sum(first.times_s) / 2)
    assert (second.submitted, second.success_rate, second.mean_f1_node) == (1, 0.0, pytest.approx(0.4))
    assert (third.submitted, third.skipped, third.success_rate, third.median_time_s) == (0, 1, 0.0, None)
    assert (report.sus.n, report.sus.mean, report.sus.sd, report.sus.scores) == (1, 75.0, None, [75.0])
    people = {p.id: p for p in report.participants}
    assert people["A"].outcomes == {"hockey-works": "correct", "gold-medalist-authors": "wrong",
                                    "us-home-ports": "skipped", "tv-theme-composers": "skipped"}
    assert people["B"].outcomes["gold-medalist-authors"] == "not reached" and people["B"].finished is None
    assert people["A"].sus == 75.0 and people["C"].sus is None
    timeline = report.timelines["A"]
    assert [e["kind"] for e in timeline][:3] == ["consent", "intro", "task_shown"]
    assert timeline[-1]["kind"] == "done" and all(e["at_s"] >= 0 for e in timeline)
    assert [e["at_s"] for e in timeline] == sorted(e["at_s"] for e in timeline)
    assert report.timelines["C"] == [{**report.timelines["C"][0], "kind": "consent"}]


def test_an_answer_saved_in_the_app_rescores_the_task(recorded):
    study, recorder = recorded
    recorder.save_expected(study.id, "gold-medalist-authors", study.task("hockey-works").expected.model_dump(mode="json"))
    row = next(t for t in build_report(study, recorder).tasks if t.task_id == "gold-medalist-authors")
    assert row.success_rate == 1.0


def test_a_task_without_an_expected_answer_has_no_success_rate(recorded):
    study, recorder = recorded
    bare = study.model_copy(update={"tasks": tuple(t.model_copy(update={"expected": None}) for t in study.tasks)})
    report = build_report(bare, recorder)
    assert all(t.success_rate is None and t.mean_f1_node is None for t in report.tasks)
    assert report.tasks[0].submitted == 2
    assert {p.outcomes["hockey-works"] for p in report.participants} == {"submitted", "not reached"}


def test_report_text_and_figures(recorded):
    study, recorder = recorded
    report = build_report(study, recorder)
    text = report_text(report)
    first_row = next(line for line in text.splitlines() if line.startswith("hockey-works"))
    assert first_row.split()[:5] == ["hockey-works", "2", "2", "0", "100%"] and first_row.split()[-2:] == ["1", "3"]
    assert "SUS: n = 1, mean 75.0, sd -" in text
    assert "3 participants, 1 finished" in text
    figures = report_figures(report)
    assert set(figures) == {"success_rate", "time", "sus", "help"}
    assert list(figures["success_rate"].data[0].y) == [100.0, 0.0, 0.0, 0.0]  # a skip is a failure
    assert [list(b.y) for b in figures["time"].data][0] == report.tasks[0].times_s
    assert list(figures["sus"].data[0].x) == [75.0]
    questions, edits = figures["help"].data
    assert list(questions.y) == [1, 0, 0, 0] and list(edits.y) == [3, 0, 0, 0]


def read_csv(path) -> list[dict]:
    with path.open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def as_csv(rows: list[dict], columns) -> list[dict]:
    return [{c: csv_value(row.get(c)) for c in columns} for row in rows]


def test_the_exported_csv_matches_the_database_row_for_row(recorded, tmp_path):
    study, recorder = recorded
    paths = export_study(study, recorder, tmp_path / "out")
    assert [p.name for p in paths] == list(EXPORT_FILES)
    tables = {
        "participants.csv": recorder.participants(study.id),
        "events.csv": recorder.events(study.id),
        "submissions.csv": recorder.submissions(study.id),
        "sus.csv": recorder.sus_responses(study.id),
    }
    for name, db_rows in tables.items():
        exported = read_csv(tmp_path / "out" / name)
        assert len(exported) == len(db_rows) > 0, name
        db_columns = list(db_rows[0])
        assert [{c: row[c] for c in db_columns} for row in exported] == as_csv(db_rows, db_columns), name
    events = read_csv(tmp_path / "out" / "events.csv")
    assert json.loads(events[-1]["graph"]) == recorder.events(study.id)[-1]["graph"]
    submissions = {(r["participant_id"], r["task_id"]): r for r in read_csv(tmp_path / "out" / "submissions.csv")}
    assert submissions[("A", "hockey-works")]["correct"] == "true"
    assert submissions[("A", "gold-medalist-authors")]["correct"] == "false"
    assert submissions[("A", "us-home-ports")]["correct"] == ""  # a skip is not scored
    [sus] = read_csv(tmp_path / "out" / "sus.csv")
    assert [int(sus[f"q{i}"]) for i in range(1, 11)] == [4, 2] * 5


def test_study_json_holds_everything(recorded, tmp_path):
    study, recorder = recorded
    export_study(study, recorder, tmp_path)
    everything = json.loads((tmp_path / "study.json").read_text())
    assert everything["study"]["id"] == study.id and len(everything["study"]["tasks"]) == 4
    assert set(everything["expected"]) == {t.id for t in study.tasks}
    assert len(everything["events"]) == len(recorder.events(study.id))
    assert len(everything["submissions"]) == 5 and len(everything["participants"]) == 3
    assert everything["report"]["sus"]["mean"] == 75.0
    assert everything["events"][0]["at"] == recorder.events(study.id)[0]["at"].isoformat()

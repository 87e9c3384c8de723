"""The study recorder on SQLite and on a real PostgreSQL server: every test runs on both."""

from __future__ import annotations

import re
import socket
import threading
from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import text

from app.settings import Settings
from app.study import EventKind, Progress, Stage, StudyError, StudyRecorder, UnknownParticipant, open_recorder

GRAPH = {"nodes": [{"id": "work_1", "class": "http://dbpedia.org/ontology/Work"}], "edges": []}


def consented(recorder: StudyRecorder, study, participant: str | None = None) -> str:
    pid = recorder.start_participant(study.id, participant)
    recorder.record(study.id, pid, EventKind.CONSENT)
    recorder.record(study.id, pid, EventKind.INTRO)
    return pid


def test_participant_ids_are_generated_or_kept(recorder, shipped_study):
    generated = recorder.start_participant(shipped_study.id)
    assert re.fullmatch(r"p-[0-9a-f]{10}", generated)
    assert recorder.start_participant(shipped_study.id, "P07") == "P07"
    assert recorder.start_participant(shipped_study.id, "P07") == "P07"  # idempotent
    rows = recorder.participants(shipped_study.id)
    assert sorted(r["participant_id"] for r in rows) == sorted([generated, "P07"])
    assert all(r["created_at"].tzinfo is not None and r["consent_at"] is None for r in rows)


@pytest.mark.parametrize("bad", ["", "has space", "x" * 65, "dot.ted", "ünï"])
def test_bad_participant_ids_are_refused(recorder, bad):
    with pytest.raises(StudyError, match="participant id"):
        recorder.start_participant("s", bad)


def test_events_need_a_known_participant_and_come_back_in_order(recorder, shipped_study):
    with pytest.raises(UnknownParticipant, match="no participant 'ghost'"):
        recorder.record(shipped_study.id, "ghost", EventKind.CONSENT)
    pid = recorder.start_participant(shipped_study.id)
    first = recorder.record(shipped_study.id, pid, EventKind.CONSENT)
    second = recorder.record(shipped_study.id, pid, EventKind.EDIT, task_id="hockey-works", graph=GRAPH,
                             detail={"action": "add_node", "ü": "ok"})
    assert second > first
    events = recorder.events(shipped_study.id, pid)
    assert [e["id"] for e in events] == [first, second]
    assert events[1]["kind"] == "edit" and events[1]["task_id"] == "hockey-works"
    assert events[1]["graph"] == GRAPH and events[1]["detail"] == {"action": "add_node", "ü": "ok"}
    assert events[0]["graph"] is None and events[0]["at"] <= events[1]["at"]
    assert recorder.participants(shipped_study.id)[0]["consent_at"] == events[0]["at"]
    assert recorder.events("other-study") == []


@pytest.mark.parametrize("kind", [EventKind.SUBMIT, EventKind.SKIP, EventKind.SUS, EventKind.DONE])
def test_kinds_with_rows_of_their_own_go_through_their_methods(recorder, kind):
    pid = recorder.start_participant("s")
    with pytest.raises(StudyError, match="recorded by"):
        recorder.record("s", pid, kind)


def test_progress_walks_consent_intro_tasks_sus_done(recorder, shipped_study):
    study = shipped_study
    pid = recorder.start_participant(study.id)
    assert recorder.progress(study, pid) == Progress(Stage.CONSENT, 0, None, None, None)
    recorder.record(study.id, pid, EventKind.CONSENT)
    assert recorder.progress(study, pid).stage is Stage.INTRO
    recorder.record(study.id, pid, EventKind.INTRO)
    assert recorder.progress(study, pid) == Progress(Stage.TASK, 0, None, None, None)
    for index, task in enumerate(study.tasks):
        recorder.record(study.id, pid, EventKind.TASK_SHOWN, task_id=task.id)
        assert recorder.progress(study, pid).task_index == index
        recorder.submit(study, pid, task.id, GRAPH, skipped=index == 2)
    assert recorder.progress(study, pid) == Progress(Stage.SUS, 4, None, None, None)
    assert recorder.save_sus(study.id, pid, [4, 2] * 5) == 75.0
    assert recorder.progress(study, pid) == Progress(Stage.DONE, 4, None, None, None)
    kinds = [e["kind"] for e in recorder.events(study.id, pid)]
    assert kinds[-2:] == ["sus", "done"] and kinds.count("skip") == 1 and kinds.count("submit") == 3
    assert recorder.participants(study.id)[0]["finished_at"] is not None


def test_a_reload_resumes_the_timer_the_graph_and_the_question(recorder, shipped_study):
    study = shipped_study
    pid = consented(recorder, study)
    recorder.record(study.id, pid, EventKind.TASK_SHOWN, task_id="hockey-works")
    first_shown = recorder.events(study.id, pid)[-1]["at"]
    recorder.record(study.id, pid, EventKind.QUESTION, task_id="hockey-works", detail={"question": "works by players"})
    recorder.record(study.id, pid, EventKind.PIPELINE_RESULT, task_id="hockey-works", graph=GRAPH)
    edited = {**GRAPH, "nodes": [*GRAPH["nodes"], {"id": "p", "class": "http://dbpedia.org/ontology/Person"}]}
    recorder.record(study.id, pid, EventKind.EDIT, task_id="hockey-works", graph=edited)
    recorder.record(study.id, pid, EventKind.TASK_SHOWN, task_id="hockey-works")  # the reload
    progress = recorder.progress(study, pid)
    assert progress.stage is Stage.TASK and progress.task_index == 0
    assert progress.task_started_at == first_shown and progress.task_started_at.tzinfo is not None
    assert progress.graph == edited and progress.question == "works by players"
    # The next task starts clean.
    recorder.submit(study, pid, "hockey-works", edited)
    assert recorder.progress(study, pid) == Progress(Stage.TASK, 1, None, None, None)


def test_submit_times_the_task_from_its_first_display(recorder, shipped_study):
    study = shipped_study
    pid = consented(recorder, study)
    recorder.record(study.id, pid, EventKind.TASK_SHOWN, task_id="hockey-works")
    # Move the first display back a minute, as if the participant had worked that long.
    with recorder.engine.begin() as db:
        db.execute(text("UPDATE events SET at = :at WHERE kind = 'task_shown'"),
                   {"at": datetime.now(timezone.utc) - timedelta(seconds=60)})
    recorder.submit(study, pid, "hockey-works", GRAPH)
    [row] = recorder.submissions(study.id)
    assert 60 <= row["time_s"] < 70
    assert row["graph"] == GRAPH and row["skipped"] is False and row["task_id"] == "hockey-works"


def test_only_the_current_task_can_be_submitted_once(recorder, shipped_study):
    study = shipped_study
    pid = recorder.start_participant(study.id)
    with pytest.raises(StudyError, match="they are at the consent stage"):
        recorder.submit(study, pid, "hockey-works", GRAPH)
    recorder.record(study.id, pid, EventKind.CONSENT)
    recorder.record(study.id, pid, EventKind.INTRO)
    with pytest.raises(StudyError, match="cannot submit task 'us-home-ports': they are at task 'hockey-works'"):
        recorder.submit(study, pid, "us-home-ports", GRAPH)
    recorder.submit(study, pid, "hockey-works", None, skipped=True)
    with pytest.raises(StudyError, match="cannot submit task 'hockey-works'"):
        recorder.submit(study, pid, "hockey-works", GRAPH)
    assert len(recorder.submissions(study.id)) == 1
    assert recorder.submissions(study.id)[0]["time_s"] is None  # never shown: no time to report
    with pytest.raises(StudyError, match="not a prototype graph"):
        recorder.submit(study, pid, "gold-medalist-authors", {"nodes": [{"id": "1 bad"}]})


def test_two_tabs_submitting_at_once_record_one_submission(recorder, shipped_study):
    study = shipped_study
    pid = consented(recorder, study)
    outcomes: list[str] = []
    barrier = threading.Barrier(4)

    def submit() -> None:
        barrier.wait()
        try:
            recorder.submit(study, pid, "hockey-works", GRAPH)
            outcomes.append("ok")
        except StudyError:
            outcomes.append("refused")

    threads = [threading.Thread(target=submit) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(outcomes) == ["ok", "refused", "refused", "refused"]
    assert len(recorder.submissions(study.id)) == 1
    assert [e["kind"] for e in recorder.events(study.id, pid)].count("submit") == 1


def test_two_participants_never_interfere(recorder, shipped_study):
    study = shipped_study
    first, second = consented(recorder, study, "A"), consented(recorder, study, "B")
    recorder.record(study.id, first, EventKind.TASK_SHOWN, task_id="hockey-works")
    recorder.submit(study, first, "hockey-works", GRAPH)
    assert recorder.progress(study, first).task_index == 1
    assert recorder.progress(study, second).task_index == 0
    recorder.record(study.id, second, EventKind.TASK_SHOWN, task_id="hockey-works")
    assert recorder.progress(study, second).task_started_at is not None
    assert recorder.progress(study, first).task_started_at is None
    assert {e["participant_id"] for e in recorder.events(study.id, "B")} == {"B"}


def test_sus_is_validated_and_answered_once(recorder, shipped_study):
    pid = consented(recorder, shipped_study)
    with pytest.raises(StudyError, match="exactly 10 answers"):
        recorder.save_sus(shipped_study.id, pid, [3] * 9)
    assert recorder.sus_responses(shipped_study.id) == []
    assert recorder.save_sus(shipped_study.id, pid, [3] * 10) == 50.0
    with pytest.raises(StudyError, match="already answered"):
        recorder.save_sus(shipped_study.id, pid, [5] * 10)
    [row] = recorder.sus_responses(shipped_study.id)
    assert row["answers"] == [3] * 10 and row["score"] == 50.0 and row["participant_id"] == pid


def test_saved_expected_answers_override_the_study_file(recorder, shipped_study):
    study = shipped_study
    assert recorder.expected_for(study) == study
    recorder.save_expected(study.id, "gold-medalist-authors", GRAPH)
    recorder.save_expected(study.id, "gold-medalist-authors", {**GRAPH, "limit": 3})  # the latest wins
    effective = recorder.expected_for(study)
    assert effective.task("gold-medalist-authors").expected.limit == 3
    assert effective.task("hockey-works") == study.task("hockey-works")
    with pytest.raises(StudyError, match="not a prototype graph"):
        recorder.save_expected(study.id, "hockey-works", {"edges": "no"})


def test_the_same_url_gives_the_same_recorder(tmp_path):
    settings = Settings(data_dir=tmp_path / "new" / "dir")
    recorder = open_recorder(settings)
    assert recorder is open_recorder(settings)
    assert (tmp_path / "new" / "dir" / "study.sqlite3").is_file()
    assert open_recorder(Settings(data_dir=tmp_path, study_database_url=f"sqlite:///{tmp_path}/other.db")) is not recorder


def test_sqlite_runs_in_wal_mode_with_full_sync(tmp_path):
    recorder = StudyRecorder(f"sqlite:///{tmp_path}/s.db")
    with recorder.engine.connect() as db:
        assert db.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert db.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
    recorder.close()


@pytest.mark.parametrize("url, message", [
    ("not a url", "is not a database URL"),
    ("nosuchdb://x/y", "unsupported"),
    ("sqlite:////nonexistent/dir/x.db", "cannot open the study database sqlite:////nonexistent/dir/x.db"),
])
def test_bad_database_urls_fail_with_one_line(url, message):
    with pytest.raises(StudyError, match=message) as error:
        StudyRecorder(url)
    assert "\n" not in str(error.value)


def test_an_unreachable_postgresql_fails_fast_with_one_line_and_no_password():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # closed again once the block ends: nobody listens there
    url = f"postgresql+psycopg://researcher:secret@127.0.0.1:{port}/study"
    with pytest.raises(StudyError) as error:
        StudyRecorder(url)
    message = str(error.value)
    assert message.startswith(f"cannot open the study database postgresql+psycopg://researcher:***@127.0.0.1:{port}/study")
    assert "secret" not in message and "\n" not in message and "refused" in message.lower()

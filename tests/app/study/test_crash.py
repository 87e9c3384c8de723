"""A kill at any moment loses nothing that was committed (SQLite WAL + synchronous=FULL, PostgreSQL)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from sqlalchemy import text

from app.study import EventKind, StudyRecorder

LOOP = Path(__file__).with_name("record_loop.py")
REPO_ROOT = Path(__file__).resolve().parents[3]


def test_sigkill_mid_study_loses_no_committed_event(database_url):
    process = subprocess.Popen([sys.executable, str(LOOP), database_url, "crash-study", "P1"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO_ROOT,
                               env={**os.environ, "PYTHONPATH": str(REPO_ROOT)})
    printed: list[int] = []
    try:
        for line in process.stdout:
            printed.append(int(line))
            if len(printed) == 40:
                break
        assert len(printed) == 40, process.stderr.read()
        os.kill(process.pid, signal.SIGKILL)  # mid-write: the loop never pauses
        printed += [int(line) for line in process.stdout]  # ids printed before the kill landed
    finally:
        process.kill()
        process.wait(timeout=30)
        process.stdout.close()
        process.stderr.close()
    assert process.returncode == -signal.SIGKILL

    recorder = StudyRecorder(database_url)  # opens cleanly after the kill
    try:
        stored = {e["id"] for e in recorder.events("crash-study", "P1")}
        assert set(printed) <= stored
        assert len(stored) - len(printed) <= 1  # at most the event being written when it died
        if database_url.startswith("sqlite"):
            with recorder.engine.connect() as db:
                assert db.execute(text("PRAGMA integrity_check")).scalar() == "ok"
        after = recorder.record("crash-study", "P1", EventKind.RUN, task_id="hockey-works")
        assert after > max(stored)
    finally:
        recorder.close()

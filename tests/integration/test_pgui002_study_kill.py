"""End to end: SIGKILL the real server in the middle of a participant's study, restart it on the same
data directory, reload: the participant resumes at the same task and nothing committed is lost."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

import pytest
from dash.testing.wait import until

from components import ids
from tests.integration.test_pgui002_study_participant import (
    STUDY_ID,
    click,
    consent,
    graph,
    remaining_s,
    text,
    wait_task,
    write_quick_study,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _serve(data_dir: Path, port: int, log: Path) -> subprocess.Popen:
    """``protograph serve`` as a user runs it (without preloading the model), on ``data_dir``."""
    env = {**os.environ, "PROTOGRAPH_DATA_DIR": str(data_dir), "PROTOGRAPH_STUDIES_DIR": str(data_dir / "studies")}
    env.pop("PROTOGRAPH_STUDY_DATABASE_URL", None)  # the default: SQLite in the data directory
    with log.open("ab") as out:
        process = subprocess.Popen([sys.executable, "-m", "cli.main", "serve", "--no-preload", "--port", str(port)],
                                   cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 120
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/_dash-layout", timeout=2).read()
            return process
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"the server did not start; its log:\n{log.read_text(errors='replace')[-3000:]}")
            time.sleep(0.2)


def _edits(recorder) -> int:
    return sum(1 for e in recorder.events(STUDY_ID) if e["kind"] == "edit")


def test_pgui002_server_killed_mid_study_resumes_with_nothing_committed_lost(tmp_path, chrome_options):
    from selenium import webdriver

    from app.settings import Settings
    from app.study import find_study, open_recorder
    from tests.integration.conftest import UI

    write_quick_study(tmp_path / "studies", skip_after_s=600)
    settings = Settings(data_dir=tmp_path, studies_dir=tmp_path / "studies")
    port = _free_port()
    url = f"http://127.0.0.1:{port}/study/{STUDY_ID}"
    log = tmp_path / "server.log"
    server = _serve(tmp_path, port, log)
    driver = webdriver.Chrome(options=chrome_options)
    try:
        driver.get(url)
        participant = consent(driver, participant="P-kill")
        click(driver, ids.STUDY_INTRO_CONTINUE)
        wait_task(driver, 1)
        until(lambda: "classes" in text(driver, ids.SOURCE_STATUS), timeout=60)

        class Duo:  # the few dash_duo moves UI.choose needs, on this plain driver
            def __init__(self, driver):
                self.driver = driver

            def wait_for_element(self, selector, timeout=15):
                until(lambda: driver.find_elements("css selector", selector), timeout=timeout)
                return driver.find_element("css selector", selector)

        ui = UI(Duo(driver))
        ui.choose(ids.ADD_NODE_SEARCH, "city", search="city")
        click(driver, ids.ADD_NODE_BUTTON)
        until(lambda: len(graph(driver).get("nodes", [])) == 1, timeout=15)
        click(driver, ids.STUDY_SUBMIT)
        wait_task(driver, 2)
        ui.choose(ids.ADD_NODE_SEARCH, "ship", search="ship")
        click(driver, ids.ADD_NODE_BUTTON)
        until(lambda: len(graph(driver).get("nodes", [])) == 1, timeout=15)
        on_canvas = graph(driver)

        recorder = open_recorder(settings)  # the server's own SQLite file, read from this process
        until(lambda: _edits(recorder) == 2, timeout=15)  # the edit of task 2 is committed
        committed = recorder.events(STUDY_ID)
        study = find_study(STUDY_ID, settings)
        started = recorder.progress(study, participant).task_started_at

        server.send_signal(signal.SIGKILL)
        server.wait(timeout=20)
        assert server.returncode == -signal.SIGKILL
        server = _serve(tmp_path, port, log)  # same port: the browser keeps its origin and localStorage

        driver.refresh()
        wait_task(driver, 2)
        assert text(driver, ids.STUDY_PARTICIPANT_LABEL) == f"Participant {participant}"
        until(lambda: graph(driver) == on_canvas, timeout=20)
        elapsed = (datetime.now(timezone.utc) - started).total_seconds()
        assert abs(remaining_s(driver) - (study.tasks[1].time_limit_s - elapsed)) <= 3
        after = recorder.events(STUDY_ID)
        assert after[:len(committed)] == committed  # every committed event survived, unchanged
        # since then only the new display (the page may record it twice while it loads)
        assert {e["kind"] for e in after[len(committed):]} == {"task_shown"}
        progress = recorder.progress(study, participant)
        assert (progress.task_index, progress.task_started_at, progress.graph) == (1, started, on_canvas)
        click(driver, ids.STUDY_SUBMIT)  # and the study goes on
        wait_task(driver, 3)
    finally:
        driver.quit()
        server.terminate()
        server.wait(timeout=20)

"""The researcher dashboard in a real browser: closed without a password, refuses a wrong one,
shows the recorded numbers with the right one, exports them, and saves expected answers."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from pathlib import Path

import pytest
from dash.testing.wait import until
from pydantic import SecretStr

from components import ids

from tests.integration.test_pgui002_study_participant import (
    STUDY_ID,
    click,
    graph,
    screenshot,
    shown,
    text,
    write_quick_study,
)

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery staple"
DBO = "http://dbpedia.org/ontology/"


@pytest.fixture(scope="module")
def seeded(tmp_path_factory):
    """Settings with and without a password over one database holding two participants' sessions."""
    from app.settings import Settings
    from app.study import EventKind, find_study, open_recorder

    folder = tmp_path_factory.mktemp("researcher")
    write_quick_study(folder / "studies")
    base = Settings(study_database_url=f"sqlite:///{folder / 'study.sqlite3'}", studies_dir=folder / "studies")
    study = find_study(STUDY_ID, base)
    rec = open_recorder(base)
    wrong = {"nodes": [{"id": "work_1", "class": DBO + "Work"}], "edges": []}

    def at_task(pid: str, index: int) -> str:
        task = study.tasks[index].id
        rec.record(study.id, pid, EventKind.TASK_SHOWN, task_id=task)
        return task

    first = rec.start_participant(study.id, "P-one")
    rec.record(study.id, first, EventKind.CONSENT)
    rec.record(study.id, first, EventKind.INTRO)
    for index, answer in enumerate([study.tasks[0].expected, None, wrong, study.tasks[3].expected]):
        task = at_task(first, index)
        rec.record(study.id, first, EventKind.QUESTION, task_id=task, detail={"question": f"question {index}"})
        rec.record(study.id, first, EventKind.EDIT, task_id=task, graph=wrong)
        graph_json = answer.model_dump(mode="json") if hasattr(answer, "model_dump") else answer
        rec.submit(study, first, task, graph_json, skipped=answer is None)
    rec.save_sus(study.id, first, [4, 2, 4, 2, 4, 2, 4, 2, 4, 2])
    second = rec.start_participant(study.id, "P-two")
    rec.record(study.id, second, EventKind.CONSENT)
    rec.record(study.id, second, EventKind.INTRO)
    task = at_task(second, 0)
    for _ in range(3):
        rec.record(study.id, second, EventKind.EDIT, task_id=task, graph=wrong)
    rec.submit(study, second, task, wrong)
    at_task(second, 1)
    return {"closed": base, "open": base.model_copy(update={"study_admin_password": SecretStr(PASSWORD)}), "study": study,
            "recorder": rec}


def _app(settings):
    from components import create_app, warm_resources

    warm_resources(settings, llm=False)
    return create_app(settings)


@pytest.fixture(scope="module")
def closed_app(seeded):
    return _app(seeded["closed"])


@pytest.fixture(scope="module")
def open_app(seeded):
    return _app(seeded["open"])


def _researcher_url(dash_duo) -> str:
    return dash_duo.server_url + f"/study/{STUDY_ID}/researcher"


def _table_rows(driver) -> list[tuple[str, ...]]:
    rows = driver.find_elements("css selector", f"#{ids.RESEARCHER_TASK_TABLE} tbody tr")
    return [tuple(td.get_attribute("textContent") for td in row.find_elements("css selector", "td")) for row in rows]


def _login(dash_duo, password: str) -> None:
    box = dash_duo.wait_for_element(f"#{ids.RESEARCHER_PASSWORD}")
    box.send_keys(password)
    click(dash_duo.driver, ids.RESEARCHER_LOGIN)


def test_pgui002_dashboard_is_closed_without_a_password(dash_duo, closed_app):
    dash_duo.start_server(closed_app)
    dash_duo.driver.get(_researcher_url(dash_duo))
    dash_duo.wait_for_contains_text("h2", "closed")
    body = dash_duo.driver.find_element("css selector", "body").get_attribute("textContent")
    assert "PROTOGRAPH_STUDY_ADMIN_PASSWORD" in body
    assert "P-one" not in body and "P-two" not in body
    for hidden in (ids.RESEARCHER_PASSWORD, ids.RESEARCHER_DASHBOARD, ids.RESEARCHER_EXPORT_CSV, ids.GRAPH_DEBUG):
        assert not dash_duo.driver.find_elements("id", hidden)


def test_pgui002_dashboard_refuses_a_wrong_password_and_shows_table_iii(dash_duo, ui, open_app, seeded):
    from app.study import build_report
    from components.study.dashboard import table_iii_rows

    driver = dash_duo.driver
    dash_duo.start_server(open_app)
    driver.get(_researcher_url(dash_duo))
    _login(dash_duo, "guess")
    until(lambda: text(driver, ids.RESEARCHER_MESSAGE) == "Wrong password.", timeout=10)
    assert not _table_rows(driver) and not shown(driver, ids.RESEARCHER_EXPECTED)
    assert "P-one" not in driver.find_element("css selector", "body").get_attribute("textContent")

    box = driver.find_element("id", ids.RESEARCHER_PASSWORD)
    box.clear()
    _login(dash_duo, PASSWORD)
    until(lambda: len(_table_rows(driver)) == 4, timeout=20)
    report = build_report(seeded["study"], seeded["recorder"])
    assert _table_rows(driver) == table_iii_rows(report)
    hockey = report.tasks[0]
    assert (hockey.participants, hockey.submitted, hockey.success_rate) == (2, 2, 0.5)
    assert report.tasks[1].skipped == 1 and report.tasks[0].manual_edits == 4 and report.tasks[0].pipeline_questions == 1
    body = driver.find_element("css selector", "body").get_attribute("textContent")
    assert "n = 1, mean 75.0" in body and "P-one" in body and "P-two" in body
    dash_duo.wait_for_element("#researcher-chart-success_rate .main-svg")
    screenshot(driver, "study-researcher.png")

    # export: a zip of the CSV files and one JSON file, matching the database
    click(driver, ids.RESEARCHER_EXPORT_CSV)
    archive = Path(dash_duo.download_path) / f"{STUDY_ID}-csv.zip"
    until(lambda: archive.is_file() and zipfile.is_zipfile(archive), timeout=20)
    with zipfile.ZipFile(archive) as zipped:
        names = sorted(Path(n).name for n in zipped.namelist())
        events = list(csv.DictReader(io.StringIO(zipped.read(f"{STUDY_ID}/events.csv").decode("utf-8"))))
    assert names == ["events.csv", "participants.csv", "submissions.csv", "sus.csv"]
    assert len(events) == len(seeded["recorder"].events(STUDY_ID))
    click(driver, ids.RESEARCHER_EXPORT_JSON)
    exported = Path(dash_duo.download_path) / f"{STUDY_ID}.json"
    until(lambda: exported.is_file() and exported.stat().st_size > 0, timeout=20)
    assert STUDY_ID in exported.read_text(encoding="utf-8")
    json.loads(exported.read_text(encoding="utf-8"))


def test_pgui002_researcher_saves_an_expected_answer(dash_duo, ui, open_app, seeded):
    driver = dash_duo.driver
    dash_duo.start_server(open_app)
    driver.get(_researcher_url(dash_duo))
    _login(dash_duo, PASSWORD)
    until(lambda: shown(driver, ids.RESEARCHER_EXPECTED), timeout=20)
    study = seeded["study"]
    task = study.tasks[1]
    ui.choose(ids.RESEARCHER_EXPECTED_TASK, task.id)
    until(lambda: len(graph(driver).get("nodes", [])) == len(task.expected.nodes), timeout=15)
    dash_duo.wait_for_contains_text(f"#{ids.SOURCE_STATUS}", "classes")
    click(driver, ids.CLEAR_BUTTON)
    until(lambda: not graph(driver).get("nodes"), timeout=15)
    ui.choose(ids.ADD_NODE_SEARCH, "city", search="city")
    click(driver, ids.ADD_NODE_BUTTON)
    until(lambda: len(graph(driver).get("nodes", [])) == 1, timeout=15)
    click(driver, ids.RESEARCHER_SAVE_EXPECTED)
    until(lambda: "Saved" in text(driver, ids.RESEARCHER_EXPECTED_MESSAGE), timeout=15)
    saved = seeded["recorder"].expected_for(study).task(task.id).expected
    assert [n.class_ for n in saved.nodes] == [DBO + "City"]
    # a wrong password cannot save
    box = driver.find_element("id", ids.RESEARCHER_PASSWORD)
    box.send_keys("x")  # the field now holds a wrong password
    click(driver, ids.RESEARCHER_SAVE_EXPECTED)
    until(lambda: text(driver, ids.RESEARCHER_EXPECTED_MESSAGE) == "Wrong password.", timeout=15)


def test_pgui002_five_wrong_passwords_lock_the_browser_out(dash_duo, seeded):
    # an app of its own: the lockout must not reach the other tests' app
    dash_duo.start_server(_app(seeded["open"]))
    driver = dash_duo.driver
    driver.get(_researcher_url(dash_duo))
    box = dash_duo.wait_for_element(f"#{ids.RESEARCHER_PASSWORD}")
    for attempt in range(5):
        box.clear()
        box.send_keys(f"guess {attempt}")
        click(driver, ids.RESEARCHER_LOGIN)
        expected = "Wrong password." if attempt < 4 else "Too many wrong passwords"
        until(lambda: text(driver, ids.RESEARCHER_MESSAGE).startswith(expected), timeout=10)
    box.clear()
    box.send_keys(PASSWORD)
    click(driver, ids.RESEARCHER_LOGIN)
    until(lambda: text(driver, ids.RESEARCHER_MESSAGE).startswith("Too many wrong passwords: try again in"), timeout=10)
    assert not driver.find_elements("id", ids.RESEARCHER_TASK_TABLE)  # nothing was shown

"""Study mode in a real browser: a participant completes a whole study; two participants never meet.

The study is the shipped ``onset_dbpedia`` under another id, with a short time limit on
its second task so the test can watch the time run out and skip it.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from datetime import datetime, timezone
from pathlib import Path

import pytest
import yaml
from dash.testing.wait import until
from selenium.webdriver.common.keys import Keys

from components import ids

pytestmark = [pytest.mark.browser, pytest.mark.slow]

STUDY_ID = "onset_quick"
SKIP_AFTER_S = 5  # the second task's time limit
SHIPPED = Path(__file__).resolve().parents[2] / "studies" / "onset_dbpedia.yaml"
# `make screenshots` points this at docs/screenshots; a plain test run leaves the repository alone.
SCREENSHOTS = Path(os.environ.get("PROTOGRAPH_SCREENSHOTS") or Path(tempfile.gettempdir()) / "protograph-screenshots")


def screenshot(driver, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / name))


def write_quick_study(folder: Path, study_id: str = STUDY_ID, *, skip_after_s: int = SKIP_AFTER_S) -> Path:
    """The shipped study under ``study_id``, its second task limited to ``skip_after_s`` seconds."""
    data = yaml.safe_load(SHIPPED.read_text(encoding="utf-8"))
    data["title"] = "Quick copy of the OnSET tasks"
    data["tasks"][1]["time_limit_s"] = skip_after_s
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{study_id}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def study_settings(tmp_path_factory):
    from app.settings import Settings

    folder = tmp_path_factory.mktemp("study")
    write_quick_study(folder / "studies")
    # Caches stay in the default data dir (warm); only the study database and files are the test's own.
    return Settings(study_database_url=f"sqlite:///{folder / 'study.sqlite3'}", studies_dir=folder / "studies")


@pytest.fixture(scope="module")
def study_app(study_settings):
    pytest.importorskip("llama_cpp", reason="the [llm] extra (llama-cpp-python) is not installed")
    from components import create_app, warm_resources

    # Loaded before serving: background jobs run in threads of the server and use this model.
    warm_resources(study_settings, llm=True)
    return create_app(study_settings)


@pytest.fixture(scope="module")
def study(study_settings):
    from app.study import find_study

    return find_study(STUDY_ID, study_settings)


@pytest.fixture(scope="module")
def recorder(study_settings):
    from app.study import open_recorder

    return open_recorder(study_settings)


# -- moves ------------------------------------------------------------------------------
def shown(driver, element_id: str) -> bool:
    found = driver.find_elements("id", element_id)
    return bool(found) and found[0].is_displayed()


def wait_shown(driver, element_id: str, timeout: float = 20) -> None:
    until(lambda: shown(driver, element_id), timeout=timeout)


def text(driver, element_id: str) -> str:
    found = driver.find_elements("id", element_id)
    return (found[0].get_attribute("textContent") or "") if found else ""


def graph(driver) -> dict:
    return json.loads(text(driver, ids.GRAPH_DEBUG) or "{}")


def click(driver, element_id: str, timeout: float = 15) -> None:
    until(lambda: shown(driver, element_id) and driver.find_element("id", element_id).is_enabled(), timeout=timeout)
    driver.find_element("id", element_id).click()


def consent(driver, participant: str | None = None) -> str:
    """Agree, optionally type the researcher's participant id, start; the participant id shown."""
    wait_shown(driver, ids.STUDY_CONSENT)
    driver.find_element("css selector", f"#{ids.STUDY_CONSENT_AGREE} input").click()
    if participant:
        driver.find_element("id", ids.STUDY_PARTICIPANT_INPUT).send_keys(participant)
    click(driver, ids.STUDY_START)
    wait_shown(driver, ids.STUDY_INTRO)
    label = text(driver, ids.STUDY_PARTICIPANT_LABEL)
    assert label.startswith("Participant ")
    return label.removeprefix("Participant ")


def wait_task(driver, number: int, total: int = 4) -> None:
    until(lambda: shown(driver, ids.STUDY_TASK) and text(driver, ids.STUDY_TASK_COUNTER) == f"Task {number} of {total}",
          timeout=20)
    until(lambda: "left" in text(driver, ids.STUDY_TIMER) or "up" in text(driver, ids.STUDY_TIMER), timeout=10)


def remaining_s(driver) -> int:
    found = re.match(r"(\d+):(\d\d) left", text(driver, ids.STUDY_TIMER))
    assert found, text(driver, ids.STUDY_TIMER)
    return int(found[1]) * 60 + int(found[2])


def add_node(ui, search: str, label: str) -> None:
    before = len(graph(ui.driver).get("nodes", []))
    ui.choose(ids.ADD_NODE_SEARCH, label, search=search)
    ui.click(ids.ADD_NODE_BUTTON)
    until(lambda: len(graph(ui.driver).get("nodes", [])) == before + 1, timeout=15)


def open_tab(driver, label: str) -> None:
    for tab in driver.find_elements("css selector", f"#{ids.RESULTS_TABS} .tab, #{ids.RESULTS_TABS} [role=tab]"):
        if tab.text.strip() == label:
            tab.click()
            return
    raise AssertionError(f"no tab {label!r}")


def answer_sus(driver, answers: list[int | None]) -> None:
    for index, answer in enumerate(answers):
        if answer is None:
            continue
        radios = driver.find_elements("css selector", f"{ids.css_id(ids.sus_item(index))} input[type=radio]")
        assert len(radios) == 5
        radios[answer - 1].click()


def kinds(events: list[dict]) -> list[str]:
    return [e["kind"] for e in events]


def wait_edit_recorded(recorder, participant: str, graph_now: dict, timeout: float = 20) -> None:
    """The page records an edit in a callback of its own; on a busy machine it can lag the canvas."""
    until(lambda: any(e["kind"] == "edit" and e["graph"] == graph_now
                      for e in recorder.events(STUDY_ID, participant)), timeout=timeout)


# -- tests ------------------------------------------------------------------------------
def test_pgui002_participant_completes_a_whole_study(dash_duo, ui, study_app, study, recorder):
    from app.query.compile import compile_sparql
    from app.study import SUS_ITEMS, Stage, sus_score

    driver = dash_duo.driver
    dash_duo.start_server(study_app)
    driver.get(dash_duo.server_url + f"/study/{STUDY_ID}")

    # 1. consent: ticking the box is required, then the generated id is shown
    wait_shown(driver, ids.STUDY_CONSENT)
    click(driver, ids.STUDY_START)
    until(lambda: "tick the box" in text(driver, ids.STUDY_MESSAGE), timeout=10)
    participant = consent(driver)
    assert re.fullmatch(r"p-[0-9a-f]{10}", participant)
    # 2. intro (markdown from the study file)
    assert "prototype graph" in text(driver, ids.STUDY_INTRO)
    click(driver, ids.STUDY_INTRO_CONTINUE)

    # 3a. task 1: ask the real model with the task's own words, then edit and look at the results
    wait_task(driver, 1)
    assert text(driver, ids.STUDY_TASK_PROMPT) == study.tasks[0].prompt
    assert not driver.find_element("id", ids.STUDY_SKIP).is_enabled()  # not before the time is up
    dash_duo.wait_for_contains_text(f"#{ids.SOURCE_STATUS}", "classes")
    box = driver.find_element("id", ids.QUESTION)
    box.send_keys(study.tasks[0].prompt)
    box.send_keys(Keys.CONTROL, Keys.ENTER)
    until(lambda: "Drafted" in text(driver, ids.ASK_MESSAGE), timeout=120)
    screenshot(driver, "study-task.png")
    add_node(ui, "city", "city")
    open_tab(driver, "Graph")
    click(driver, ids.RUN_QUERY_BUTTON)
    until(lambda: "run" in kinds(recorder.events(STUDY_ID, participant)), timeout=10)
    submitted_1 = graph(driver)
    wait_edit_recorded(recorder, participant, submitted_1)
    click(driver, ids.STUDY_SUBMIT)

    # 3b. task 2: Skip stays off until the time runs out, then a notice appears and Skip works
    wait_task(driver, 2)
    assert graph(driver) == {"nodes": [], "edges": []}  # a new task starts from an empty canvas
    click(driver, ids.STUDY_SUBMIT)
    until(lambda: "canvas is empty" in text(driver, ids.STUDY_MESSAGE), timeout=10)
    assert not driver.find_element("id", ids.STUDY_SKIP).is_enabled()
    until(lambda: shown(driver, ids.STUDY_TIME_NOTICE), timeout=SKIP_AFTER_S + 10)
    assert text(driver, ids.STUDY_TIMER) == "Time is up"
    click(driver, ids.STUDY_SKIP)

    # 3c. task 3: one edit, then a reload resumes the same task, graph and clock
    wait_task(driver, 3)
    add_node(ui, "ship", "ship")
    before_reload = graph(driver)
    wait_edit_recorded(recorder, participant, before_reload)
    started = recorder.progress(study, participant).task_started_at
    until(lambda: (datetime.now(timezone.utc) - started).total_seconds() >= 3, timeout=10)
    recorded = len(recorder.events(STUDY_ID, participant))
    reloaded_after = (datetime.now(timezone.utc) - started).total_seconds()
    driver.refresh()
    wait_task(driver, 3)
    until(lambda: graph(driver) == before_reload, timeout=15)
    # a reload is a display of the task, not an edit or a view
    assert {e["kind"] for e in recorder.events(STUDY_ID, participant)[recorded:]} == {"task_shown"}
    on_clock = remaining_s(driver)
    elapsed = (datetime.now(timezone.utc) - started).total_seconds()
    limit = study.tasks[2].time_limit_s
    # the clock goes on from the task's start, not from the reload; a busy browser may show it late, never early
    assert limit - elapsed - 1 <= on_clock <= limit - reloaded_after + 1
    assert recorder.progress(study, participant).task_started_at == started
    click(driver, ids.STUDY_SUBMIT)

    # 3d. task 4: the expected answer, typed as SPARQL and applied to the graph
    wait_task(driver, 4)
    expected = study.tasks[3].expected
    open_tab(driver, "SPARQL")
    click(driver, ids.SPARQL_EDIT_TOGGLE)
    editor = dash_duo.wait_for_element(f"#{ids.SPARQL_EDITOR}")
    editor.send_keys(Keys.CONTROL, "a")
    editor.send_keys(Keys.DELETE)
    editor.send_keys(compile_sparql(expected, labels=False, limit=None))
    click(driver, ids.SPARQL_APPLY)
    until(lambda: len(graph(driver).get("edges", [])) == len(expected.edges), timeout=15)
    click(driver, ids.STUDY_SUBMIT)

    # 4. SUS: one statement left out is refused with a message naming it, then all ten are sent
    wait_shown(driver, ids.STUDY_SUS)
    assert len(driver.find_elements("css selector", ".sus-item")) == len(SUS_ITEMS)
    answers = [4, 2, 5, 1, 4, 2, 5, 2, 4, 1]
    answer_sus(driver, answers[:6] + [None] + answers[7:])
    click(driver, ids.STUDY_SUS_SUBMIT)
    until(lambda: "statement 7 has no answer" in text(driver, ids.STUDY_SUS_MESSAGE), timeout=10)
    driver.execute_script(f"document.getElementById('{ids.STUDY_SUS_MESSAGE}').scrollIntoView({{block: 'end'}})")
    screenshot(driver, "study-sus.png")
    assert shown(driver, ids.STUDY_SUS)
    answer_sus(driver, [None] * 6 + [answers[6]] + [None] * 3)
    click(driver, ids.STUDY_SUS_SUBMIT)

    # 5. thank you; a reload stays there
    wait_shown(driver, ids.STUDY_DONE)
    driver.refresh()
    wait_shown(driver, ids.STUDY_DONE)
    assert text(driver, ids.STUDY_PARTICIPANT_LABEL) == f"Participant {participant}"

    # the database holds the whole session
    events = recorder.events(STUDY_ID, participant)
    seen = kinds(events)
    for kind in ("consent", "intro", "task_shown", "question", "pipeline_result", "edit", "run", "result_view",
                 "sparql_view", "submit", "skip", "sus", "done"):
        assert kind in seen, kind
    question = next(e for e in events if e["kind"] == "question")
    assert question["detail"] == {"question": study.tasks[0].prompt} and question["task_id"] == study.tasks[0].id
    assert [e["detail"] for e in events if e["kind"] == "result_view"][0] == {"view": "graph"}
    pipeline = next(e for e in events if e["kind"] == "pipeline_result")
    edits = [e for e in events if e["kind"] == "edit" and e["task_id"] == study.tasks[0].id]
    assert edits and edits[-1]["graph"] == submitted_1 and pipeline["graph"] is not None
    assert seen.count("submit") == 3 and seen.count("skip") == 1
    rows = {s["task_id"]: s for s in recorder.submissions(STUDY_ID) if s["participant_id"] == participant}
    assert [rows[t.id]["skipped"] for t in study.tasks] == [False, True, False, False]
    assert rows[study.tasks[0].id]["graph"] == submitted_1
    from app.graph.model import PrototypeGraph
    from app.study import score_submission

    assert score_submission(PrototypeGraph.model_validate(rows[study.tasks[3].id]["graph"]), expected).correct
    sus = [r for r in recorder.sus_responses(STUDY_ID) if r["participant_id"] == participant]
    assert sus[0]["answers"] == answers and sus[0]["score"] == sus_score(answers)
    assert recorder.progress(study, participant).stage is Stage.DONE

    # on a lab's shared computer, the researcher starts the next participant from the thank-you page
    click(driver, ids.STUDY_NEW_PARTICIPANT)
    wait_shown(driver, ids.STUDY_CONSENT)
    assert not driver.find_element("css selector", f"#{ids.STUDY_CONSENT_AGREE} input").is_selected()
    assert text(driver, ids.STUDY_PARTICIPANT_LABEL) == ""
    assert consent(driver) != participant


def test_pgui002_two_participants_in_two_browsers_never_meet(dash_duo, ui, study_app, study, recorder,
                                                              chrome_options):
    from selenium import webdriver

    dash_duo.start_server(study_app)
    first = dash_duo.driver
    first.get(dash_duo.server_url + f"/study/{STUDY_ID}")
    one = consent(first, participant="P-first")
    click(first, ids.STUDY_INTRO_CONTINUE)
    wait_task(first, 1)
    second = webdriver.Chrome(options=chrome_options)
    try:
        second.get(dash_duo.server_url + f"/study/{STUDY_ID}")
        two = consent(second)  # a fresh browser starts at consent, with a new id
        assert one == "P-first" and two != one
        dash_duo.wait_for_contains_text(f"#{ids.SOURCE_STATUS}", "classes")
        add_node(ui, "city", "city")  # the first participant edits; the second is still reading the intro
        second.refresh()
        wait_shown(second, ids.STUDY_INTRO)
        assert text(second, ids.STUDY_PARTICIPANT_LABEL) == f"Participant {two}"
        click(second, ids.STUDY_INTRO_CONTINUE)
        wait_task(second, 1)
        assert graph(second) == {"nodes": [], "edges": []}  # the first participant's node is not here
        first.refresh()
        wait_task(first, 1)
        until(lambda: len(graph(first).get("nodes", [])) == 1, timeout=15)
        assert text(first, ids.STUDY_PARTICIPANT_LABEL) == f"Participant {one}"
        assert "edit" in kinds(recorder.events(STUDY_ID, one))
        assert "edit" not in kinds(recorder.events(STUDY_ID, two))

        # another browser that knows (or guesses) the first participant's id cannot take them over ...
        shown_before = kinds(recorder.events(STUDY_ID, one)).count("task_shown")
        second.get(dash_duo.server_url + f"/study/{STUDY_ID}?participant={one}")
        wait_shown(second, ids.STUDY_CONSENT)
        until(lambda: "in use in another browser" in text(second, ids.STUDY_MESSAGE), timeout=10)
        assert kinds(recorder.events(STUDY_ID, one)).count("task_shown") == shown_before
        # ... until the researcher releases them (the dashboard's button does this); then the first is out
        recorder.release(STUDY_ID, one)
        second.refresh()
        wait_task(second, 1)
        until(lambda: len(graph(second).get("nodes", [])) == 1, timeout=15)
        click(first, ids.STUDY_SUBMIT)
        until(lambda: "in use in another browser" in text(first, ids.STUDY_MESSAGE), timeout=10)
        click(second, ids.STUDY_SUBMIT)
        wait_task(second, 2)
        assert kinds(recorder.events(STUDY_ID, one)).count("submit") == 1
    finally:
        second.quit()
    # ?participant= of a participant whose browser is gone: refused, then resumed once released
    first.get(dash_duo.server_url + f"/study/{STUDY_ID}?participant={two}")
    until(lambda: "in use in another browser" in text(first, ids.STUDY_MESSAGE), timeout=10)
    recorder.release(STUDY_ID, two)
    first.refresh()
    wait_task(first, 1)
    until(lambda: text(first, ids.STUDY_PARTICIPANT_LABEL) == f"Participant {two}", timeout=10)
    assert graph(first) == {"nodes": [], "edges": []}


def test_pgui002_unknown_study_lists_the_studies(dash_duo, study_app):
    dash_duo.start_server(study_app)
    dash_duo.driver.get(dash_duo.server_url + "/study/no_such_study")
    dash_duo.wait_for_contains_text("h2", "No study called")
    page = dash_duo.driver.find_element("css selector", "body").text
    assert "onset_dbpedia" in page and STUDY_ID in page and "Traceback" not in page

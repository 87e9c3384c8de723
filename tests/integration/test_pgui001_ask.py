"""The paper's example question, typed into the app, drafts a graph with the real default model."""

from __future__ import annotations

import os
import tempfile
import threading
from pathlib import Path

import pytest
from selenium.webdriver.common.keys import Keys

from components import ids
from components.views import PAPER_EXAMPLE

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# `make screenshots` points this at docs/screenshots; a plain test run leaves the repository alone.
SCREENSHOTS = Path(os.environ.get("PROTOGRAPH_SCREENSHOTS") or Path(tempfile.gettempdir()) / "protograph-screenshots")


@pytest.fixture(scope="module")
def ask_app(ui_settings):
    pytest.importorskip("llama_cpp", reason="the [llm] extra (llama-cpp-python) is not installed")
    from components import create_app, warm_resources

    # Loaded before serving: background jobs run in threads of the server and use this model.
    warm_resources(ui_settings, llm=True)
    return create_app(ui_settings)


def test_pgui001_paper_question_drafts_a_graph_with_stage_strip(dash_duo, ui, ask_app):
    dash_duo.start_server(ask_app)
    dash_duo.wait_for_contains_text(f"#{ids.SOURCE_STATUS}", "classes")
    box = dash_duo.find_element(f"#{ids.QUESTION}")
    box.send_keys(PAPER_EXAMPLE)
    box.send_keys(Keys.CONTROL, Keys.ENTER)  # the keyboard shortcut, not the button
    graph = ui.wait_graph(lambda g: bool(g.get("nodes")), timeout=120)
    classes = {n["id"]: n["class"].rsplit("/", 1)[-1] for n in graph["nodes"]}
    # the paper's triangle: a person, their child, and one university both went to
    assert sorted((classes[e["source"]], e["link"].rsplit("/", 1)[-1], classes[e["target"]]) for e in graph["edges"]) == [
        ("Person", "almaMater", "University"), ("Person", "almaMater", "University"), ("Person", "child", "Person")]
    # the strip shows what the draft was read from, with its time, how sure it is and the words left over
    strip = ui.wait_text(ids.STAGE_STRIP, lambda t: "ms" in t)
    # titles are written in sentence case ("Things named"); the words matter here, not their case
    for title in ("things named", "links from the words", "how sure", "draft", "studied at", "confidence"):
        assert title in strip.lower()
    assert len(dash_duo.find_elements(f"#{ids.STAGE_STRIP} figure.stage")) == 4
    assert dash_duo.find_elements(f"#{ids.STAGE_STRIP} .stage-time")[0].text.endswith("ms")
    assert "Drafted" in ui.text(ids.ASK_MESSAGE)
    # the canvas draws every node of the graph
    dash_duo.wait_for_element(f"#{ids.CYTOSCAPE} canvas")
    assert ui.text(ids.RESTATEMENT).startswith("Find")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    dash_duo.driver.save_screenshot(str(SCREENSHOTS / "ask.png"))


def _job_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("protograph-job-")]


def test_pgui001_cancel_drops_a_question_waiting_for_a_busy_model(dash_duo, ui, ask_app, ui_settings):
    """Questions share one model; Cancel takes a waiting one out of the queue at once."""
    from dash.testing.wait import until

    from app.resources import get_resources

    backend = get_resources(ui_settings).llm
    dash_duo.start_server(ask_app)
    dash_duo.wait_for_contains_text(f"#{ids.SOURCE_STATUS}", "classes")
    # another question (here: a long completion) holds the model for many seconds
    prompt = backend.render([{"role": "user", "content": "Count to one hundred, one number per line."}])
    busy = threading.Thread(target=backend.complete, args=(prompt,), kwargs={"max_tokens": 600, "timeout_s": 300})
    busy.start()
    try:
        until(backend._lock.locked, timeout=30)
        box = dash_duo.find_element(f"#{ids.QUESTION}")
        box.send_keys("a person")  # needs the model: labels name the person, and the model writes its lines
        box.send_keys(Keys.CONTROL, Keys.ENTER)
        # the job is a thread of the server (dash_duo serves from this process), not a forked process
        until(lambda: _job_threads() and dash_duo.find_element(f"#{ids.CANCEL_BUTTON}").is_enabled(), timeout=30)
        ui.click(ids.CANCEL_BUTTON)
        until(lambda: not _job_threads(), timeout=30)
        assert busy.is_alive()  # the question left while the model was still busy
        until(lambda: dash_duo.find_element(f"#{ids.ASK_BUTTON}").is_enabled(), timeout=15)
        assert ui.graph() in ({}, {"nodes": [], "edges": []}) and "Drafted" not in ui.text(ids.ASK_MESSAGE)
    finally:
        busy.join(timeout=300)


def test_pgui001_a_waiting_question_shows_its_place_in_the_queue_and_cancels(dash_duo, ui, ask_app):
    """Another question holds the model: this one says how many are ahead, and Cancel takes it out of the line."""
    from dash.testing.wait import until

    from app.nl.model_queue import shared_queue

    queue = shared_queue()  # dash_duo serves from this process: the app's own queue
    dash_duo.start_server(ask_app)
    dash_duo.wait_for_contains_text(f"#{ids.SOURCE_STATUS}", "classes")
    holder = queue.join()
    try:
        box = dash_duo.find_element(f"#{ids.QUESTION}")
        box.send_keys("a person")  # needs the model: labels name the person, and the model writes its lines
        box.send_keys(Keys.CONTROL, Keys.ENTER)
        dash_duo.wait_for_text_to_equal(f"#{ids.PROGRESS_LABEL}", "Waiting: 1 question ahead…", timeout=60)
        assert queue.size() == 2
        ui.click(ids.CANCEL_BUTTON)
        until(lambda: queue.size() == 1 and not _job_threads(), timeout=30)  # left the line; the holder still has it
        until(lambda: dash_duo.find_element(f"#{ids.ASK_BUTTON}").is_enabled(), timeout=15)
        assert "Drafted" not in ui.text(ids.ASK_MESSAGE)
    finally:
        queue.leave(holder)

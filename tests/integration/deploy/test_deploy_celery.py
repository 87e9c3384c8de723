"""End to end: ``protograph serve --workers 2`` (gunicorn) in front of a real Celery worker holding the model and a
real redis-server, driven by headless browsers. The server processes cannot load a model: every graph comes from
the worker."""

from __future__ import annotations

import json

import pytest
from dash.testing.wait import until

from components import ids
from tests.integration.deploy.conftest import serving_pids
from tests.integration.test_pgui002_study_participant import click, graph, text

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# Both need the model (labels alone do not read them): the worker drafts one while the other waits its turn.
QUESTIONS = {"a person": {"Person"}, "a city": {"City"}}


@pytest.fixture(scope="module")
def served(services, start_worker, start_web) -> str:
    pytest.importorskip("llama_cpp", reason="the [llm] extra (llama-cpp-python) is not installed")
    # Two threads, one model (the default, llm_backend llama_cpp): one model per worker process.
    start_worker("components.worker", pool="threads", concurrency=2, timeout=300)
    return start_web(2, {"PROTOGRAPH_MODEL_PATH": str(services.folder / "no-model-here.gguf")})


def ask(driver, question: str) -> None:
    driver.find_element("id", ids.QUESTION).send_keys(question)
    click(driver, ids.ASK_BUTTON)


def classes(driver) -> set[str]:
    return {node["class"].rsplit("/", 1)[-1] for node in graph(driver).get("nodes", [])}


def each_gets_their_own_graph(url: str, browsers) -> None:
    users = {question: browsers(url) for question in QUESTIONS}
    for question, driver in users.items():
        ask(driver, question)
    for question, driver in users.items():
        until(lambda: graph(driver).get("nodes"), timeout=300)
        assert classes(driver) == QUESTIONS[question], question
        assert "Drafted" in text(driver, ids.ASK_MESSAGE)


def test_pgdep010_two_users_asking_at_once_each_get_their_own_graph(served, browsers, services):
    each_gets_their_own_graph(served, browsers)
    # the pages' polls were answered by both server processes: results and progress live in Redis
    assert len(serving_pids(services, served, "/_dash-update-component")) == 2


def queued_jobs(celery) -> list[str]:
    """Ids of the jobs waiting in the broker's queue (kombu's Redis list named after the queue)."""
    return [json.loads(message)["headers"]["id"] for message in celery.backend.client.lrange("celery", 0, -1)]


def test_pgdep011_cancel_from_the_page_takes_a_waiting_question_off_the_queue(served, browsers, redis_url):
    from components.celery_jobs import celery_for

    celery = celery_for(redis_url)
    # The worker stops taking jobs, so the question is sure to be still waiting when Cancel is clicked.
    # (Cancelling a running job in the worker: test_deploy_celery_jobs.py.)
    assert celery.control.cancel_consumer("celery", reply=True)
    try:
        driver = browsers(served)
        ask(driver, "a place")
        until(lambda: len(queued_jobs(celery)) == 1, timeout=30)
        job = queued_jobs(celery)[0]
        click(driver, ids.CANCEL_BUTTON)
        until(lambda: driver.find_element("id", ids.ASK_BUTTON).is_enabled(), timeout=30)
        # the click reached Redis through a server process: the job's cancel flag is set
        until(lambda: celery.backend.client.exists(f"protograph-cancel-{job}"), timeout=30)
    finally:
        assert celery.control.add_consumer("celery", reply=True)
    # the worker drops it instead of running it
    until(lambda: celery.AsyncResult(job).state == "REVOKED", timeout=60)
    assert graph(driver).get("nodes", []) == [] and "Drafted" not in text(driver, ids.ASK_MESSAGE)

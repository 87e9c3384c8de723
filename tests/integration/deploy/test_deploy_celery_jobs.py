"""Dash's Celery job functions through a real redis-server and a real Celery worker process:
results, progress and cancel cross processes; each job has its own result key."""

from __future__ import annotations

import os

import pytest
from dash.testing.wait import until

CONTEXT = {"triggered_inputs": [], "inputs_list": []}


@pytest.fixture(scope="module")
def manager(redis_url, start_worker):
    from components.celery_jobs import CeleryJobManager, celery_for

    # One task at a time: a second job waits in the queue, as questions do behind a busy model.
    start_worker("tests.integration.deploy.jobs", pool="threads", concurrency=1)
    return CeleryJobManager(celery_for(redis_url))


@pytest.fixture(scope="module")
def jobs(manager):
    from tests.integration.deploy.jobs import register

    return register(manager)


def start(manager, job_fn) -> tuple[str, str]:
    key = manager.build_cache_key(job_fn, [], [], None)
    return key, manager.call_job_fn(key, job_fn, [], CONTEXT)


def test_pgdep001_a_job_runs_in_the_worker_and_any_process_reads_its_result(manager, jobs):
    key, job = start(manager, jobs["answer"])
    until(lambda: manager.result_ready(key), timeout=30)
    result = manager.get_result(key, job)
    assert result["ended"] == "ran" and result["pid"] != os.getpid()  # the worker ran it, not this process
    assert not manager.result_ready(key)  # fetched once, as Dash's poll expects


def test_pgdep002_progress_then_cancel_reach_the_running_job_in_the_worker(manager, jobs):
    key, job = start(manager, jobs["report_then_wait"])
    read: list = []
    until(lambda: read.append(manager.get_progress(key)) or read[-1] is not None, timeout=30)
    assert read[-1] == ["40", "Raw graph…"]
    assert manager.job_running(job)
    manager.terminate_job(job)
    until(lambda: manager.result_ready(key), timeout=30)
    # "cancelled", not "ran out": the flag set here woke the job in the other process
    assert manager.get_result(key, job)["ended"] == "cancelled"
    until(lambda: not manager.job_running(job), timeout=30)


def test_pgdep003_a_job_cancelled_while_queued_never_runs(manager, jobs):
    busy_key, busy = start(manager, jobs["report_then_wait"])
    until(lambda: manager.get_progress(busy_key) is not None, timeout=30)
    queued_key, queued = start(manager, jobs["answer"])  # the only worker thread is busy: this one waits
    manager.terminate_job(queued)
    manager.terminate_job(busy)
    until(lambda: manager.result_ready(busy_key), timeout=30)
    until(lambda: not manager.job_running(queued), timeout=30)
    assert manager.get_result(queued_key, queued) in (manager.UNDEFINED, {"_dash_no_update": "_dash_no_update"})


def test_pgdep004_the_same_callback_and_arguments_get_a_key_per_job(manager, jobs):
    # Two users asking the same first question send the same arguments: each must get its own answer.
    keys = {start(manager, jobs["answer"])[0] for _ in range(2)}
    assert len(keys) == 2
    until(lambda: all(manager.result_ready(k) for k in keys), timeout=30)
    assert all(manager.get_result(k, None)["ended"] == "ran" for k in keys)


def test_pgdep005_every_process_signs_job_handles_with_one_secret_that_never_expires(manager, redis_url):
    from components.celery_jobs import CeleryJobManager, celery_for

    first = manager.get_or_create_signing_secret(lambda: b"first")
    # another server process, started later, generates its own candidate but must read back the first
    later = CeleryJobManager(celery_for(redis_url)).get_or_create_signing_secret(lambda: b"later")
    assert first == later == b"first"
    # results expire after an hour; the secret must not, or handles signed before would stop verifying
    assert manager._redis.ttl(manager.SIGNING_SECRET_KEY) == -1

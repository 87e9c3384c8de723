"""Background jobs in threads: Dash's own job function, a real diskcache, no forked process."""

from __future__ import annotations

import os
import threading

import diskcache
import pytest
from dash.testing.wait import until

from components.jobs import ThreadJobManager, current_cancel_event


@pytest.fixture
def manager(tmp_path):
    return ThreadJobManager(diskcache.Cache(str(tmp_path / "jobs")))


def start(manager: ThreadJobManager, fn, *, progress: bool = False, key: str = "k") -> int:
    job_fn = manager.make_job_fn(fn, progress)
    return manager.call_job_fn(key, job_fn, [], {"triggered_inputs": [], "inputs_list": []})


def test_a_job_runs_in_a_thread_of_this_process_and_its_result_is_fetched_once(manager):
    seen: dict = {}
    release = threading.Event()

    def work():
        seen["pid"] = os.getpid()
        seen["thread"] = threading.current_thread().name
        release.wait(10)
        return "answer"

    job = start(manager, work)
    until(lambda: "pid" in seen, timeout=5)
    assert seen["pid"] == os.getpid() and seen["thread"] == f"protograph-job-{job}"  # not a forked process
    assert manager.job_running(job) and manager.get_result("k", job) is manager.UNDEFINED
    release.set()
    until(lambda: manager.result_ready("k"), timeout=5)
    # finished but not fetched: still "running", so Dash never drops a result written between its two calls
    assert manager.job_running(job)
    assert manager.get_result("k", job) == "answer"
    assert not manager.job_running(job)


def test_progress_is_visible_while_the_job_runs(manager):
    release = threading.Event()

    def work(set_progress):
        set_progress(("40", "Raw graph…"))
        release.wait(10)
        return "done"

    start(manager, work, progress=True)
    read: list = []
    until(lambda: read.append(manager.get_progress("k")) or read[-1] is not None, timeout=5)
    assert list(read[-1]) == ["40", "Raw graph…"]
    assert manager.get_progress("k") is None  # read once, as Dash's poll expects
    release.set()
    until(lambda: manager.result_ready("k"), timeout=5)


def test_terminating_a_job_sets_its_cancel_event_and_the_thread_ends(manager):
    outside_a_job = current_cancel_event()

    def work():
        cancel = current_cancel_event()
        assert cancel is not None
        return "cancelled" if cancel.wait(10) else "ran out"

    job = start(manager, work)
    until(lambda: manager.job_running(job), timeout=5)
    manager.terminate_job(job)
    until(lambda: manager.result_ready("k"), timeout=5)
    assert manager.get_result("k", job) == "cancelled"  # not "ran out": the event woke it
    assert outside_a_job is None  # only a job's own code sees an event
    until(lambda: not any(t.name == f"protograph-job-{job}" for t in threading.enumerate()), timeout=5)


def test_two_jobs_have_their_own_cancel_events(manager):
    events: dict[str, threading.Event] = {}
    release = threading.Event()

    def work_as(name):
        def work():
            events[name] = current_cancel_event()
            release.wait(10)
            return name
        return work

    first = start(manager, work_as("first"), key="a")
    second = start(manager, work_as("second"), key="b")
    until(lambda: len(events) == 2, timeout=5)
    manager.terminate_job(first)
    assert events["first"].is_set() and not events["second"].is_set()
    release.set()
    until(lambda: manager.result_ready("a") and manager.result_ready("b"), timeout=5)
    assert manager.get_result("b", second) == "second"


def test_an_error_in_a_job_is_reported_as_dash_reports_it(manager):
    def work():
        raise RuntimeError("boom")

    start(manager, work)
    until(lambda: manager.result_ready("k"), timeout=5)
    assert manager.get_result("k", None)["background_callback_error"]["msg"] == "boom"


def test_unknown_or_garbled_job_ids_are_not_running(manager):
    assert not manager.job_running(12345)
    assert not manager.job_running("not a number")
    manager.terminate_job("not a number")  # no error: the page may send back anything
    assert manager.terminate_unhealthy_job(12345) is False


def test_two_jobs_of_the_same_callback_and_arguments_get_their_own_result_keys(manager):
    # Two users asking the same first question send identical arguments; a shared key would hand
    # one user's result to whichever page polled first.
    def work():
        return "answer"

    arguments = [1, "Which cities are in Germany?", None, None, None]
    keys = [manager.build_cache_key(work, arguments, [], None) for _ in range(2)]
    assert keys[0] != keys[1]
    jobs = [start(manager, work, key=key) for key in keys]
    until(lambda: all(manager.result_ready(k) for k in keys), timeout=5)
    assert [manager.get_result(k, j) for k, j in zip(keys, jobs)] == ["answer", "answer"]

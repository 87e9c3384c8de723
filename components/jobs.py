"""Background callbacks run in threads of the server process, not in forked processes.

Dash's ``DiskcacheManager`` forks a process per job. The server is threaded, so
a fork can copy a lock that another request thread holds at that instant (the
resources, the embedder, llama.cpp's or OpenMP's thread pools) and the child
then waits on it forever; its parent, in turn, waits for that child when it
exits. A thread shares the loaded model, the indexes and the model's prompt
cache instead, and is stopped cooperatively: the pipeline checks the job's
cancel event between tokens.

One process only: results and progress still go through the diskcache, but a
poll has to reach the process that runs the job. Several server processes use
the Celery manager (``jobs_backend = "celery"``, :mod:`components.celery_jobs`).

Both managers give every job its own result key (:class:`OneKeyPerJob`).
"""

from __future__ import annotations

import contextlib
import contextvars
import itertools
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import dash

__all__ = ["OneKeyPerJob", "ThreadJobManager", "cancel_scope", "current_cancel_event"]

_cancel_event: contextvars.ContextVar[threading.Event | None] = contextvars.ContextVar("protograph_job_cancel",
                                                                                      default=None)


# One count for the process, so a job's thread name and id never repeat across apps.
_job_numbers = itertools.count(1)


def current_cancel_event() -> threading.Event | None:
    """The cancel event of the background job this code runs in; None outside a job."""
    return _cancel_event.get()


@contextlib.contextmanager
def cancel_scope(event: threading.Event) -> Iterator[threading.Event]:
    """Within the block, :func:`current_cancel_event` is ``event``: a job manager wraps each job in one."""
    token = _cancel_event.set(event)
    try:
        yield event
    finally:
        _cancel_event.reset(token)


class OneKeyPerJob:
    """A result key of its own for every job, mixed into a Dash background-callback manager.

    Dash derives the key from the callback's source and arguments, so two users who
    click Ask for the first time with the same question get the same key: both jobs
    write one entry, the first poll takes it, and the other page waits for nothing.
    Results are never reused here (no ``cache_by``), so a random key loses nothing.
    """

    cache_by: list | None

    def build_cache_key(self, fn, args, cache_args_to_ignore, triggered) -> str:
        if self.cache_by is not None:
            return super().build_cache_key(fn, args, cache_args_to_ignore, triggered)  # type: ignore[misc]
        return uuid.uuid4().hex


@dataclass
class _Job:
    thread: threading.Thread
    cancel: threading.Event
    key: str
    finished_at: float | None = None


class ThreadJobManager(OneKeyPerJob, dash.DiskcacheManager):
    """A ``DiskcacheManager`` whose jobs are daemon threads with a cancel event each."""

    # A result nobody polls for (its page was closed or its job cancelled) is forgotten after this.
    FORGET_AFTER_S = 600.0

    def __init__(self, cache) -> None:
        super().__init__(cache)
        self._jobs: dict[int, _Job] = {}
        self._jobs_lock = threading.Lock()

    def call_job_fn(self, key, job_fn, args, context) -> int:
        job = next(_job_numbers)
        cancel = threading.Event()

        def run() -> None:
            try:
                with cancel_scope(cancel):
                    job_fn(key, self._make_progress_key(key), args, context)
            finally:
                finished = self._jobs.get(job)
                if finished is not None:
                    finished.finished_at = time.monotonic()

        # A fresh context per job: the thread must not see the request thread's variables.
        thread = threading.Thread(target=contextvars.Context().run, args=(run,), name=f"protograph-job-{job}",
                                  daemon=True)
        with self._jobs_lock:
            self._forget_stale()
            self._jobs[job] = _Job(thread, cancel, key)
        thread.start()
        return job

    def _forget_stale(self) -> None:
        now = time.monotonic()
        for number in [n for n, j in self._jobs.items()
                       if j.finished_at is not None and now - j.finished_at > self.FORGET_AFTER_S]:
            del self._jobs[number]

    def _job(self, job) -> _Job | None:
        try:
            number = int(job)
        except (TypeError, ValueError):
            return None
        with self._jobs_lock:
            return self._jobs.get(number)

    def job_running(self, job) -> bool:
        # A finished job whose result is not fetched yet still counts as running: Dash reads
        # the result before asking, and "not running, no result" would drop a result written
        # between the two calls.
        found = self._job(job)
        return found is not None and (found.thread.is_alive() or self.result_ready(found.key))

    def terminate_job(self, job) -> None:
        found = self._job(job)
        if found is None:
            return
        found.cancel.set()
        if not found.thread.is_alive():
            with self._jobs_lock:
                self._jobs.pop(int(job), None)

    def terminate_unhealthy_job(self, job) -> bool:
        # A thread cannot be left half-dead the way a process can: there is nothing to reap.
        return False

"""Background jobs in Celery workers behind Redis, for several server processes.

Dash's ``CeleryManager`` already keeps results and progress in the Celery result
backend (Redis), so any server process can answer any poll. What it lacks is a
cancel the pipeline can obey: it stops a job with ``revoke(terminate=True)``,
which kills the pool process (and the model it holds) under prefork, and does
nothing under the solo and threads pools. Here a cancel is a Redis key per job
that the running job reads through :func:`components.jobs.current_cancel_event`,
as a thread job reads its event; a plain revoke keeps a queued job from starting.

The web processes and the workers must build the same callbacks: the worker
loads :mod:`components.worker`, which calls :func:`components.create_app`.
"""

from __future__ import annotations

import functools
import threading
import time
from typing import Any

import dash
from dash.exceptions import PreventUpdate

from app.errors import JobQueueUnavailable
from components.jobs import OneKeyPerJob, cancel_scope

__all__ = ["CeleryJobManager", "SharedCancelEvent", "celery_for", "count_workers"]

# A cancel flag outlives any question (llm_timeout_s and the queue) with room to spare.
CANCEL_TTL_S = 3600
_apps: dict[str, Any] = {}
_apps_lock = threading.Lock()


def celery_for(redis_url: str) -> Any:
    """The process's Celery app for ``redis_url`` (broker and result backend); one per URL.

    :raises ImportError: the ``server`` extra (``celery[redis]``) is not installed.
    """
    from celery import Celery

    with _apps_lock:
        if redis_url not in _apps:
            app = Celery("protograph", broker=redis_url, backend=redis_url, set_as_current=False)
            app.conf.update(
                # STARTED while a job runs, not PENDING: the state tells a running job from a queued one.
                task_track_started=True,
                # A worker takes the next question only when free, so a free worker never waits behind a busy one.
                worker_prefetch_multiplier=1,
                # Also the lifetime of Dash's result and progress keys: a result nobody fetches (a closed
                # page, a cancelled question) leaves Redis after this.
                result_expires=CANCEL_TTL_S,
                broker_connection_retry_on_startup=True,
                # A prefork child loads the model before it says it is alive (components.worker).
                worker_proc_alive_timeout=300,
            )
            _apps[redis_url] = app
        return _apps[redis_url]


def count_workers(redis_url: str, *, timeout_s: float = 2.0) -> int:
    """How many Celery workers answer on ``redis_url`` now.

    :raises JobQueueUnavailable: Redis does not answer there.
    """
    import redis

    app = celery_for(redis_url)
    try:
        app.backend.client.ping()
    except redis.RedisError as error:
        raise JobQueueUnavailable(f"Redis does not answer at {_without_password(redis_url)}: start redis-server "
                                  "or set PROTOGRAPH_REDIS_URL") from error
    return len(app.control.ping(timeout=timeout_s) or [])


def _without_password(url: str) -> str:
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if not parts.password:
        return url
    host = parts.hostname or ""
    return parts._replace(netloc=f"{host}:{parts.port}" if parts.port else host).geturl()


class SharedCancelEvent(threading.Event):
    """A job's cancel event, set from any process: a Redis key besides the local flag.

    ``is_set`` asks Redis at most every ``poll_s``: the pipeline asks between tokens.
    """

    def __init__(self, client: Any, job: str, *, poll_s: float = 0.05) -> None:
        super().__init__()
        self._client = client
        self._key = f"protograph-cancel-{job}"
        self._poll_s = poll_s
        self._asked = float("-inf")

    def set(self) -> None:
        self._client.set(self._key, b"1", ex=CANCEL_TTL_S)
        super().set()

    def is_set(self) -> bool:
        if super().is_set():
            return True
        now = time.monotonic()
        if now - self._asked >= self._poll_s:
            self._asked = now
            if self._client.exists(self._key):
                super().set()
        return super().is_set()

    def wait(self, timeout: float | None = None) -> bool:
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self.is_set():
            left = self._poll_s if deadline is None else min(self._poll_s, deadline - time.monotonic())
            if left <= 0:
                return False
            super().wait(left)
        return True


class CeleryJobManager(OneKeyPerJob, dash.CeleryManager):
    """Dash's ``CeleryManager`` with a cooperative cancel that reaches a running job in another process."""

    def __init__(self, celery_app: Any) -> None:
        super().__init__(celery_app)
        self._redis = celery_app.backend.client

    def cancel_event(self, job: str) -> SharedCancelEvent:
        return SharedCancelEvent(self._redis, str(job))

    def make_job_fn(self, fn, progress, key=None):
        return super().make_job_fn(_with_shared_cancel(fn, self.cancel_event), progress, key)

    def get_or_create_signing_secret(self, generate) -> bytes:
        # Not through the backend, whose keys expire with the results: a server process started later
        # must still find the secret that signed the job handles the pages hold.
        self._redis.set(self.SIGNING_SECRET_KEY, generate(), nx=True)
        return self._redis.get(self.SIGNING_SECRET_KEY)

    def terminate_job(self, job) -> None:
        if not job:
            return
        from celery import states

        # Dash also calls this after fetching every result: a finished job needs no flag.
        if self.get_task(job).state in states.READY_STATES:
            return
        self.cancel_event(job).set()
        self.handle.control.revoke(str(job))


def _with_shared_cancel(fn, cancel_event):
    """``fn`` run under the cancel event of the Celery task that runs it."""
    @functools.wraps(fn)
    def run(*args, **kwargs):
        from celery import current_task

        cancel = cancel_event(current_task.request.id)
        if cancel.is_set():
            raise PreventUpdate  # cancelled while it waited in the queue and a revoke did not reach the worker
        with cancel_scope(cancel):
            return fn(*args, **kwargs)

    return run

"""Jobs for the Celery manager tests, run by a real worker (``celery -A tests.integration.deploy.jobs``).

The worker and the test process register the same functions under the same
keys, as the web processes and :mod:`components.worker` do with the app's callbacks.
"""

from __future__ import annotations

import os

from celery import signals

from app.settings import Settings
from components.celery_jobs import CeleryJobManager, celery_for
from components.jobs import current_cancel_event

celery = celery_for(Settings().redis_url)


def report_then_wait(set_progress):
    """Report progress, then wait for a cancel; say which process ran it and how it ended."""
    set_progress(("40", "Raw graph…"))
    cancel = current_cancel_event()
    return {"pid": os.getpid(), "ended": "cancelled" if cancel.wait(60) else "ran out"}


def answer():
    return {"pid": os.getpid(), "ended": "ran"}


JOBS = {"report_then_wait": (report_then_wait, True), "answer": (answer, False)}


def register(manager: CeleryJobManager) -> dict:
    """The jobs as Dash would hold them: job functions (Celery tasks) by name."""
    return {name: manager.make_job_fn(fn, progress, name) for name, (fn, progress) in JOBS.items()}


@signals.worker_init.connect
def _register_tasks(sender, **_kwargs) -> None:
    if sender.app is celery:
        register(CeleryJobManager(celery))

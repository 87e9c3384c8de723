"""The Celery worker's entry: ``celery -A components.worker worker``.

When the worker starts, it builds the web app with ``jobs_backend = "celery"``
from the environment (``PROTOGRAPH_*`` and ``.env``), which registers the app's
background callbacks as Celery tasks under the names the web processes send.
Web processes and workers must therefore see the same settings. (Nothing is
built on import: ``celery inspect`` and the test collector import this too.)

The worker holds the language model: each worker process loads the resources
once before it takes a question (prefork: in every child, after the fork; solo
and threads pools: in the one process). With ``llm_backend = "openai"`` they
all share one ``llama_cpp.server`` instead.
"""

from __future__ import annotations

import logging

from celery import signals
from celery.concurrency import get_implementation
from celery.concurrency.prefork import TaskPool as PreforkPool

from app.settings import Settings
from components.celery_jobs import celery_for

__all__ = ["celery", "settings"]

log = logging.getLogger(__name__)

settings = Settings().model_copy(update={"jobs_backend": "celery"})
celery = celery_for(settings.redis_url)


def _warm() -> None:
    from components.factory import warm_resources

    parts = warm_resources(settings)
    log.warning("protograph worker loaded %s", ", ".join(f"{k} {v:.1f}s" for k, v in parts.items()))


@signals.worker_init.connect
def _register_tasks(sender, **_kwargs) -> None:
    if sender.app is not celery:
        return  # another app's worker in a process that imported this module
    from components.factory import create_app

    # Before the pool starts: prefork children inherit the tasks, and the consumer knows them all.
    create_app(settings)
    # A prefork parent must not load the model: its children would inherit held locks and thread pools.
    if not issubclass(get_implementation(sender.pool_cls), PreforkPool):
        _warm()


@signals.worker_process_init.connect
def _warm_child(**_kwargs) -> None:
    _warm()

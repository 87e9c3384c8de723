"""``create_app()``: build the Dash app for a settings object.

The background-callback manager is chosen by setting: threads of the server
process (the default, :mod:`components.jobs`) or Celery workers behind Redis
(several server processes, :mod:`components.celery_jobs`). Nothing
heavy is loaded here: resources load on first use, or up front through
:func:`warm_resources` (which ``protograph serve`` calls before serving).
"""

from __future__ import annotations

import logging
from typing import Any

import dash

from app.resources import get_resources
from app.settings import PROJECT_ROOT, Settings
from app.sources import default_source, request_max_bytes
from components.text2sparql import register_text2sparql

from components.callbacks import register_callbacks, resources_for
from components.jobs import ThreadJobManager
from components.layout import build_layout
from components.study import page_shell, register_study_callbacks, validation_layout
from components.views import example_questions

__all__ = ["ASSETS_DIR", "create_app", "warm_resources"]

log = logging.getLogger(__name__)
ASSETS_DIR = PROJECT_ROOT / "assets"


def _background_manager(settings: Settings) -> Any:
    """Jobs in threads of this process by default; in Celery workers behind Redis for several server processes."""
    if settings.jobs_backend == "celery":
        from components.celery_jobs import CeleryJobManager, celery_for

        return CeleryJobManager(celery_for(settings.redis_url))
    import diskcache

    cache = diskcache.Cache(str(settings.cache_dir("dash-jobs")))
    return ThreadJobManager(cache)


def warm_resources(settings: Settings, *, llm: bool = True) -> dict[str, float]:
    """Load the default source's ontology, store, index and (optionally) model now; return seconds per part.

    Background jobs run in threads of this process, so what is loaded here before
    serving is what they use: nothing is loaded per question. (Celery jobs use what
    each worker loads: :mod:`components.worker`.) A part
    that fails is logged; it fails again, visibly, when the app first uses it.
    """
    def report(name: str, error: Exception) -> None:
        log.warning("could not preload %s: %s", name, error)

    models = ("embedder", "llm") if llm else ("embedder",)
    return get_resources(settings).warm(embeddings=True, models=models, on_error=report)


def create_app(settings: Settings | None = None, *, debug_panel: bool = True) -> dash.Dash:
    """The ProtoGraph web app for ``settings`` (default: environment and defaults).

    Pages are routed by URL path: ``/`` (and any path outside ``/study``) is the normal
    app; ``/study/<id>`` and ``/study/<id>/researcher`` are study mode (:mod:`components.study`).
    """
    settings = settings or Settings()
    source = default_source(settings).model_dump()
    try:
        ontology = resources_for(settings, source).ontology
    except Exception as error:  # noqa: BLE001 - the page still loads and shows the error in the source bar
        log.warning("the default data source did not load: %s", error)
        ontology = None
    app = dash.Dash(
        __name__,
        assets_folder=str(ASSETS_DIR),
        title="ProtoGraph",
        update_title=None,
        background_callback_manager=_background_manager(settings),
        # Pages are filled in by the router, so callbacks name components not in the first layout.
        suppress_callback_exceptions=True,
        meta_tags=[{"name": "viewport", "content": "width=device-width, initial-scale=1"},
                   {"name": "description", "content": "Ask a knowledge graph in plain language."}],
    )
    examples = example_questions(source, ontology)

    def home() -> Any:
        return build_layout(examples=examples, initial_source=source, debug=debug_panel)

    def in_study(study: Any) -> Any:
        # No example questions in a study: they could hand participants an answer.
        return build_layout(examples=[], initial_source=dict(study.source), debug=debug_panel)

    # Flask refuses a larger body (413) before reading it; the upload box checks size in the browser first.
    app.server.config["MAX_CONTENT_LENGTH"] = request_max_bytes(settings)
    app.layout = page_shell()
    app.validation_layout = validation_layout(home())
    register_callbacks(app, settings)
    register_study_callbacks(app, settings, app_layout=in_study, home=home)
    register_text2sparql(app.server, lambda: get_resources(settings))
    return app

"""Study mode's callbacks: routing by URL path, the participant flow, event recording, the researcher page.

Every callback is a module-level function that takes its Dash inputs and then a
:class:`StudyContext` (settings, recorder, password guard) as ``context=``; it reads
the page's stores, calls one ``app.study`` function and writes the result back. Unit
tests call them directly.
One module per page: :mod:`.participant` (router, consent, intro, SUS, stage),
:mod:`.task` (submit/skip and the events recorded from the normal app),
:mod:`.researcher` (dashboard, export, expected answers).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import dash

from app.settings import Settings
from app.study import Study
from components.study.callbacks import participant, researcher, task
from components.study.callbacks.context import StudyContext

__all__ = ["StudyContext", "register_study_callbacks"]


def register_study_callbacks(app: dash.Dash, settings: Settings, *, app_layout: Callable[[Study], Any],
                             home: Callable[[], Any]) -> None:
    """Attach the router and every study callback; ``home`` builds ``/``, ``app_layout(study)`` the app in a study."""
    context = StudyContext.for_settings(settings, prefix=app.config.requests_pathname_prefix or "/",
                                        app_layout=app_layout, home=home)
    participant.register(app, context)
    task.register(app, context)
    researcher.register(app, context)

"""What every study callback shares: :class:`StudyContext` (settings, recorder, password guard) and small helpers.

The callbacks are module-level functions that take a :class:`StudyContext` as the keyword
argument ``context``, so a unit test builds one (a recorder on a temporary SQLite file, a
fixed client address) and calls them directly; each page module's ``register`` binds the
app's one context to its callbacks with :func:`bind`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import partial
from typing import Any

import flask
from dash import no_update
from dash.exceptions import PreventUpdate

from app.errors import USER_ERRORS
from app.settings import Settings
from app.study import (
    EventKind,
    PasswordGuard,
    Stage,
    Study,
    StudyError,
    StudyRecorder,
    list_studies,
    open_recorder,
)
from components.callbacks.common import bind, error_span, error_text
from components.study.views import Route, parse_path, progress_view

__all__ = [
    "EMPTY_GRAPH",
    "EMPTY_HISTORY",
    "PAGE_ERRORS",
    "StudyContext",
    "bind",
    "error_span",
    "error_text",
    "in_task",
    "now",
    "require_click",
]

log = logging.getLogger(__name__)

EMPTY_GRAPH = {"nodes": [], "edges": []}
EMPTY_HISTORY = {"past": [], "future": []}

#: User errors plus a progress store that lacks the keys a stage needs (a stale or hand-edited
#: page): either way the participant sees a one-line message rather than a broken callback.
PAGE_ERRORS: tuple[type[Exception], ...] = (*USER_ERRORS, KeyError, TypeError)


def now() -> datetime:
    return datetime.now(timezone.utc)


def require_click(*clicks: Any) -> None:
    """Stop unless a button was really clicked.

    When the router inserts a page, Dash may call callbacks whose buttons just appeared
    (prevent_initial_call notwithstanding, e.g. with pattern-matching or duplicate outputs);
    such a call has no clicks and must neither record nor show anything.
    """
    if not any(clicks):
        raise PreventUpdate


def in_task(view: Any) -> bool:
    """Whether the progress store shows a participant at a task (the only time app events are recorded)."""
    return isinstance(view, dict) and view.get("stage") == Stage.TASK.value and bool(view.get("participant"))


def request_address() -> str:
    """The client of the current Flask request; the password guard counts wrong guesses per address."""
    return flask.request.remote_addr or "unknown"


def _no_page(*_args: Any) -> Any:
    raise RuntimeError("this StudyContext has no page builders")


@dataclass(frozen=True)
class StudyContext:
    """The study callbacks' dependencies besides their Dash inputs.

    ``recorder`` is called on every use rather than opened once, so a study database that is
    down at start-up becomes an error message on the page instead of an app that will not start.
    """

    settings: Settings
    recorder: Callable[[], StudyRecorder]
    guard: PasswordGuard
    prefix: str = "/"
    client_address: Callable[[], str] = request_address
    app_layout: Callable[[Study], Any] = _no_page
    home: Callable[[], Any] = _no_page

    @classmethod
    def for_settings(cls, settings: Settings, **options: Any) -> StudyContext:
        """The context of ``settings``: its process-wide recorder and a guard for its researcher password."""
        return cls(settings=settings, recorder=partial(open_recorder, settings),
                   guard=PasswordGuard(settings.study_admin_password), **options)

    def route(self, path: str | None) -> Route:
        return parse_path(path, self.prefix)

    def study_by_id(self, study_id: str | None) -> Study:
        # Ids only: a path (find_study accepts one) must never reach the file system from a URL.
        for study in list_studies(self.settings):
            if study.id == study_id:
                return study
        raise StudyError(f"no study called {study_id!r}")

    def researcher_study(self, pathname: str | None) -> Study:
        route = self.route(pathname)
        return self.study_by_id(route.study_id if route.page == "researcher" else None)

    def view_of(self, study: Study, participant: str | None, *, secret: str | None, shown: bool = True) -> dict:
        """The participant's progress; when they are at a task, its display is recorded (the first starts its clock).

        Only for the browser holding the participant's ``secret``, which the view carries
        on, so that every later callback can show it (:meth:`check`).

        :raises StudyError: the secret is not the participant's.
        """
        if participant is None:
            return progress_view(study, None, None, now())
        recorder = self.recorder()
        recorder.check_secret(study.id, participant, secret)
        progress = recorder.progress(study, participant)
        if shown and progress.stage is Stage.TASK:
            recorder.record(study.id, participant, EventKind.TASK_SHOWN, task_id=study.tasks[progress.task_index].id)
            if progress.task_started_at is None:
                progress = recorder.progress(study, participant)
        return {**progress_view(study, participant, progress, now()), "secret": secret}

    def resume(self, study: Study, participant: str, secret: str | None) -> tuple[dict, str | None]:
        """``(view, secret)`` of a participant this browser names; one the researcher released is claimed here.

        :raises UnknownParticipant: no such participant.
        :raises StudyError: another browser holds the participant.
        """
        recorder = self.recorder()
        if not recorder.has_secret(study.id, participant):
            recorder.progress(study, participant)  # an unknown id is not created by merely opening a link
            participant, secret = recorder.join(study.id, participant)
        return self.view_of(study, participant, secret=secret), secret

    def check(self, view: dict) -> None:
        """Refuse a page whose participant is not this browser's (the view carries the secret it was given).

        :raises StudyError: the secret is missing or not the participant's.
        :raises KeyError: a view without a study or participant.
        """
        self.recorder().check_secret(view["study"], view["participant"], view.get("secret"))

    def password_refused(self, password: str | None) -> str | None:
        """Why the researcher's password is refused (wrong, or too many wrong tries from here); None if not."""
        return self.guard.check(self.client_address(), password)

    def record(self, view: dict, kind: EventKind, *, graph: Any = None, detail: dict | None = None) -> Any:
        """Record one event of the current task; ``no_update`` or the error text for the page."""
        try:
            self.check(view)
            self.recorder().record(view["study"], view["participant"], kind, task_id=view["task_id"],
                                   graph=graph, detail=detail)
        except USER_ERRORS as error:
            log.warning("could not record %s: %s", kind.value, error)
            return error_text(error)
        return no_update

"""Pure helpers of study mode: URL paths, participant ids, the progress a page shows, SUS answers.

No store, recorder or browser here: callbacks call these, unit tests call them directly.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any
from urllib.parse import parse_qs

from app.graph.model import PrototypeGraph

__all__ = [
    "Route",
    "format_seconds",
    "graph_event",
    "missing_sus_answers",
    "parse_path",
    "participant_from",
    "progress_view",
    "remember_participant",
    "remember_secret",
    "secret_for",
    "sus_message",
    "time_is_up",
]

_SLUG = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")  # the back end's study and participant id pattern


@dataclass(frozen=True)
class Route:
    """What a URL path asks for: ``home`` (the normal app), ``studies`` (the list), ``participant``,
    ``researcher`` (both of ``study_id``), or ``unknown`` (a /study/... path that names nothing)."""

    page: str
    study_id: str | None = None


def parse_path(path: str | None, prefix: str = "/") -> Route:
    """The page a URL path shows. Paths outside ``/study`` keep showing the normal app, as before.

    >>> parse_path("/")
    Route(page='home', study_id=None)
    >>> parse_path("/study/onset_dbpedia")
    Route(page='participant', study_id='onset_dbpedia')
    >>> parse_path("/study/onset_dbpedia/researcher/")
    Route(page='researcher', study_id='onset_dbpedia')
    >>> parse_path("/study/")
    Route(page='studies', study_id=None)
    >>> parse_path("/study/a/b")
    Route(page='unknown', study_id='a')
    """
    path = path or "/"
    if prefix != "/" and path.startswith(prefix.rstrip("/")):
        path = path[len(prefix.rstrip("/")):] or "/"
    parts = [p for p in path.split("/") if p]
    if not parts or parts[0] != "study":
        return Route("home")
    if len(parts) == 1:
        return Route("studies")
    study_id = parts[1]
    if len(parts) == 2:
        return Route("participant", study_id)
    if len(parts) == 3 and parts[2] == "researcher":
        return Route("researcher", study_id)
    return Route("unknown", study_id)


def participant_from(search: str | None, stored: Mapping[str, Any] | None, study_id: str) -> str | None:
    """The participant of this browser: ``?participant=ID`` in the URL wins, then the one stored for the study.

    >>> participant_from("?participant=P07", {"s": "P01"}, "s")
    'P07'
    >>> participant_from("", {"s": "P01", "t": "P02"}, "s")
    'P01'
    >>> participant_from("?participant=../x", None, "s") is None
    True
    """
    values = parse_qs((search or "").lstrip("?")).get("participant")
    if values and _SLUG.match(values[0].strip()):
        return values[0].strip()
    found = (stored or {}).get(study_id) if isinstance(stored, Mapping) else None
    return found if isinstance(found, str) and _SLUG.match(found) else None


def remember_participant(stored: Mapping[str, Any] | None, study_id: str, participant_id: str) -> dict[str, str]:
    """The browser's ``{study_id: participant_id}`` map with this study's participant set.

    >>> remember_participant({"a": "P1"}, "b", "P2")
    {'a': 'P1', 'b': 'P2'}
    """
    kept = {k: v for k, v in (stored or {}).items() if isinstance(v, str)} if isinstance(stored, Mapping) else {}
    return {**kept, study_id: participant_id}


def secret_for(stored: Any, study_id: str, participant_id: str | None) -> str | None:
    """The secret this browser holds for ``participant_id`` in the study, if any.

    >>> secret_for({"s": {"participant": "P01", "secret": "k"}}, "s", "P01")
    'k'
    >>> secret_for({"s": {"participant": "P01", "secret": "k"}}, "s", "P02") is None
    True
    """
    entry = stored.get(study_id) if isinstance(stored, Mapping) else None
    if not isinstance(entry, Mapping) or entry.get("participant") != participant_id:
        return None
    secret = entry.get("secret")
    return secret if isinstance(secret, str) else None


def remember_secret(stored: Any, study_id: str, participant_id: str | None, secret: str | None) -> dict:
    """The browser's ``{study_id: {participant, secret}}`` map with this study's entry set (or removed).

    >>> remember_secret({"a": {"participant": "P1", "secret": "x"}}, "a", None, None)
    {}
    """
    kept = {k: v for k, v in stored.items() if k != study_id} if isinstance(stored, Mapping) else {}
    if participant_id and secret:
        kept[study_id] = {"participant": participant_id, "secret": secret}
    return kept


def _value(stage: Any) -> str:
    return str(getattr(stage, "value", stage)).lower()


def progress_view(study: Any, participant_id: str | None, progress: Any | None, now: datetime) -> dict[str, Any]:
    """What a study page shows, as JSON for a ``dcc.Store``: stage, task, elapsed time, restored graph.

    ``progress`` is the recorder's ``Progress`` (``None`` before consent). ``elapsed_s``
    is measured on the server at ``now`` from the task's first display, so a reload
    keeps counting instead of restarting the clock.
    """
    view: dict[str, Any] = {"study": study.id, "participant": participant_id, "stage": "consent",
                            "n_tasks": len(study.tasks), "task_index": 0, "task_id": None, "prompt": "",
                            "time_limit_s": 0, "elapsed_s": 0.0, "graph": None, "question": None}
    if progress is None or participant_id is None:
        return view
    view["stage"] = _value(progress.stage)
    view["task_index"] = progress.task_index
    if view["stage"] == "task" and 0 <= progress.task_index < len(study.tasks):
        task = study.tasks[progress.task_index]
        started = progress.task_started_at
        elapsed = 0.0
        if started is not None:
            if started.tzinfo is None:
                started = started.replace(tzinfo=timezone.utc)
            elapsed = max(0.0, (now - started).total_seconds())
        view.update(task_id=task.id, prompt=task.prompt, time_limit_s=task.time_limit_s, elapsed_s=round(elapsed, 3),
                    started_at=started.isoformat() if started is not None else None,
                    graph=progress.graph, question=progress.question)
    return view


def _same_graph(a: Any, b: Any) -> bool:
    empty = {"nodes": [], "edges": []}
    try:
        return PrototypeGraph.model_validate(a or empty) == PrototypeGraph.model_validate(b or empty)
    except ValueError:
        return False


def graph_event(graph: Any, last_recorded: Any, *, stages_changed: bool, stages: Any) -> str | None:
    """Which event a change of the graph or stages store is: ``"pipeline_result"``, ``"edit"`` or None.

    The pipeline writes the stages and the graph together, so a change of the stages
    store with stages in it is the pipeline's answer (even when the graph came out the
    same). A graph change alone is a manual edit, unless the graph equals the one last
    recorded: a restore on reload or the empty canvas of a new task is not an edit.

    >>> g = {"nodes": [{"id": "city_1", "class": "http://ex.org/City"}], "edges": []}
    >>> graph_event(g, None, stages_changed=True, stages={"total_ms": 900})
    'pipeline_result'
    >>> graph_event(g, None, stages_changed=False, stages=None)
    'edit'
    >>> graph_event(g, g, stages_changed=False, stages={"total_ms": 900}) is None
    True
    >>> graph_event({"nodes": [], "edges": []}, None, stages_changed=True, stages=None) is None
    True
    """
    if stages_changed and stages:
        return "pipeline_result"
    return None if _same_graph(graph, last_recorded) else "edit"


def time_is_up(view: Mapping[str, Any] | None) -> bool:
    """Whether the current task's time limit has passed (the server's check before a skip)."""
    return bool(view) and view.get("stage") == "task" and view["elapsed_s"] >= view["time_limit_s"]


def format_seconds(seconds: float | None) -> str:
    """``m:ss`` for a duration; ``–`` when unknown. Mirrors the timer in ``assets/study.js``.

    >>> format_seconds(75.4), format_seconds(3600), format_seconds(None)
    ('1:15', '60:00', '–')
    """
    if seconds is None:
        return "–"
    whole = max(0, int(round(seconds)))
    return f"{whole // 60}:{whole % 60:02d}"


def missing_sus_answers(values: Sequence[Any], scale: Sequence[int] = (1, 2, 3, 4, 5)) -> list[int]:
    """1-based numbers of the SUS statements without a valid answer.

    >>> missing_sus_answers([5, None, 3, 3, 3, 3, 3, 3, "x", 3])
    [2, 9]
    """
    return [i for i, v in enumerate(values, start=1)
            if not (isinstance(v, int) and not isinstance(v, bool) and v in scale)]


def sus_message(missing: Sequence[int]) -> str:
    """The message shown when some statements have no answer.

    >>> sus_message([4])
    'Please answer every statement: statement 4 has no answer yet.'
    >>> sus_message([2, 9])
    'Please answer every statement: statements 2 and 9 have no answer yet.'
    """
    numbers = [str(n) for n in missing]
    if len(numbers) == 1:
        return f"Please answer every statement: statement {numbers[0]} has no answer yet."
    listed = ", ".join(numbers[:-1]) + " and " + numbers[-1]
    return f"Please answer every statement: statements {listed} have no answer yet."

"""Record a user study in a real database: participants, events, submissions, SUS answers.

SQLAlchemy Core over SQLite (the default, in the data directory) or
PostgreSQL (by URL). Every method runs in its own short transaction and
commits before it returns, so a crash or a kill loses at most the call in
flight. SQLite runs in WAL mode with ``synchronous=FULL``: a committed event
survives even a power cut, and readers (the researcher dashboard) never block
the participants' writes.

A participant's place in the study is not stored: :meth:`StudyRecorder.progress`
derives it from the events (consent → intro → each task until submit or skip →
SUS → done), so a reload resumes exactly where the events say.

Conventions the web app follows (documented here because the events are the record):

* ``CONSENT`` moves the participant to the intro, ``INTRO`` (recorded when the
  intro is left) to the first task; ``TASK_SHOWN`` is recorded on every display
  of a task, and the first one starts the task's clock.
* ``QUESTION`` events carry ``detail={"question": text}``; any event may carry
  ``graph`` (the graph state after it), the latest of which resumes the task.
* ``SUBMIT``/``SKIP`` are recorded only by :meth:`StudyRecorder.submit`, and
  ``SUS``/``DONE`` only by :meth:`StudyRecorder.save_sus`, which also write
  their rows; :meth:`StudyRecorder.record` refuses them.

Additions to the issue's API: :meth:`StudyRecorder.close`, :attr:`StudyRecorder.url`
(password hidden) and :data:`PARTICIPANT_ID_PATTERN`.

A participant id may be typed by the researcher (P01) and so guessed. The web app therefore
binds each participant to one browser: :meth:`StudyRecorder.join` issues a random secret
(only its SHA-256 is stored), the browser keeps it, and :meth:`StudyRecorder.check_secret`
must pass before anything is read or recorded for that participant. Another browser gets
in only after the researcher releases the participant (:meth:`StudyRecorder.release`).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from enum import Enum
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from sqlalchemy import create_engine, event, insert, select, update
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, NoSuchModuleError, SQLAlchemyError

from app.caching import KeyedCache
from app.errors import StudyError, UnknownParticipant
from app.graph.model import PrototypeGraph
from app.settings import Settings
from app.study.definition import Study
from app.study.sus import sus_score
from app.study.tables import (
    as_utc,
    decoded_row,
    dump_json,
    events_table,
    expected_table,
    load_json,
    metadata,
    participants_table,
    submissions_table,
    sus_table,
    tokens_table,
)

__all__ = [
    "PARTICIPANT_ID_PATTERN",
    "EventKind",
    "Progress",
    "Stage",
    "StudyRecorder",
    "open_recorder",
]

PARTICIPANT_ID_PATTERN = r"[A-Za-z0-9_-]{1,64}"


class EventKind(str, Enum):
    CONSENT = "consent"
    INTRO = "intro"
    TASK_SHOWN = "task_shown"
    QUESTION = "question"
    PIPELINE_RESULT = "pipeline_result"
    EDIT = "edit"
    RUN = "run"
    RESULT_VIEW = "result_view"
    SPARQL_VIEW = "sparql_view"
    SUBMIT = "submit"
    SKIP = "skip"
    SUS = "sus"
    DONE = "done"


class Stage(str, Enum):
    CONSENT = "consent"
    INTRO = "intro"
    TASK = "task"
    SUS = "sus"
    DONE = "done"


@dataclass(frozen=True)
class Progress:
    stage: Stage
    task_index: int  # into study.tasks; len(study.tasks) once past them
    task_started_at: datetime | None  # the first TASK_SHOWN of the current task, UTC
    graph: dict | None  # the latest graph recorded for the current task
    question: str | None  # the latest question asked in the current task


# Kinds with rows of their own: only the methods that write those rows may record them.
_OWNED_KINDS = {
    EventKind.SUBMIT: "submit()",
    EventKind.SKIP: "submit(skipped=True)",
    EventKind.SUS: "save_sus()",
    EventKind.DONE: "save_sus()",
}

def _now() -> datetime:
    return datetime.now(timezone.utc)


def _check_id(value: str, what: str) -> str:
    if not isinstance(value, str) or not re.fullmatch(PARTICIPANT_ID_PATTERN, value):
        raise StudyError(f"{what} {value!r} is not 1-64 letters, digits, '_' or '-'")
    return value


def _set_sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL: readers never block the writer; FULL: a commit is on disk before it returns.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class StudyRecorder:
    """Participants, events, submissions and SUS answers of every study, in one database."""

    def __init__(self, database_url: str) -> None:
        try:
            url = make_url(database_url)
        except ArgumentError:
            raise StudyError(f"{database_url!r} is not a database URL (sqlite:///PATH or postgresql+psycopg://...)") from None
        self.url = url.render_as_string(hide_password=True)
        options: dict[str, Any] = {}
        if url.get_backend_name() == "sqlite":
            # Wait for a concurrent writer instead of failing at once.
            options["connect_args"] = {"timeout": 30}
        elif url.get_backend_name() == "postgresql":
            options["connect_args"] = {"connect_timeout": 5}
            options["pool_pre_ping"] = True  # survive a database restart between callbacks
        try:
            self.engine: Engine = create_engine(url, **options)
        except (NoSuchModuleError, ModuleNotFoundError, ArgumentError) as error:
            raise StudyError(f"study database {self.url}: unsupported ({error})") from None
        if url.get_backend_name() == "sqlite":
            event.listen(self.engine, "connect", _set_sqlite_pragmas)
        try:
            metadata.create_all(self.engine)
        except SQLAlchemyError as error:
            self.engine.dispose()
            raise StudyError(f"cannot open the study database {self.url}: {_reason(error)}") from None

    def close(self) -> None:
        """Close every pooled connection (the recorder opens new ones if used again)."""
        self.engine.dispose()

    @contextmanager
    def _transaction(self) -> Iterator[Connection]:
        try:
            with self.engine.begin() as connection:
                yield connection
        except IntegrityError:
            raise  # callers turn the ones they expect into a message
        except SQLAlchemyError as error:
            raise StudyError(f"study database {self.url}: {_reason(error)}") from None

    # -- participants ----------------------------------------------------------------
    def start_participant(self, study_id: str, participant_id: str | None = None) -> str:
        """Register a participant (a generated ``p-`` + 10 hex digits id when None); an existing id is kept as is."""
        _check_id(study_id, "study id")
        if participant_id is not None:
            _check_id(participant_id, "participant id")
        for _ in range(20):
            # 40 random bits: an id in a URL resumes a session, so it must not be guessable by counting.
            candidate = participant_id or f"p-{secrets.token_hex(5)}"
            try:
                with self._transaction() as db:
                    if self._participant_exists(db, study_id, candidate):
                        if participant_id is not None:
                            return candidate  # idempotent: the researcher typed an existing id
                        continue  # a generated id that is taken: draw again
                    db.execute(insert(participants_table).values(
                        study_id=study_id, participant_id=candidate, created_at=_now()))
                return candidate
            except IntegrityError:
                if participant_id is not None:
                    return candidate  # created by a concurrent call in between
        raise StudyError(f"could not draw a free participant id for study {study_id!r}")

    # -- the browser a participant is bound to -------------------------------------------------
    def join(self, study_id: str, participant_id: str | None = None, *, secret: str | None = None) -> tuple[str, str]:
        """Register (or claim) a participant for one browser: ``(participant id, secret)``.

        A participant with a secret already is refused unless ``secret`` is theirs (the same
        browser again); one without (released by the researcher, or older than secrets) is claimed.

        :raises StudyError: the participant belongs to another browser.
        """
        participant = self.start_participant(study_id, participant_id)
        fresh = secrets.token_urlsafe(24)
        try:
            with self._transaction() as db:
                stored = self._secret_hash(db, study_id, participant)
                if stored is not None:
                    if isinstance(secret, str) and hmac.compare_digest(stored, _digest(secret)):
                        return participant, secret
                    raise StudyError(_taken(participant))
                db.execute(insert(tokens_table).values(study_id=study_id, participant_id=participant,
                                                       token_hash=_digest(fresh), issued_at=_now()))
        except IntegrityError:
            raise StudyError(_taken(participant)) from None  # another browser claimed it in between
        return participant, fresh

    def check_secret(self, study_id: str, participant_id: str, secret: str | None) -> None:
        """Pass only for the browser that :meth:`join` gave this participant's secret to.

        :raises UnknownParticipant: no such participant.
        :raises StudyError: no secret, or another one (the participant belongs to another browser).
        """
        with self._transaction() as db:
            self._require_participant(db, study_id, participant_id)
            stored = self._secret_hash(db, study_id, participant_id)
        if stored is None or not isinstance(secret, str) or not hmac.compare_digest(stored, _digest(secret)):
            raise StudyError(_taken(participant_id))

    def has_secret(self, study_id: str, participant_id: str) -> bool:
        """Whether a browser holds this participant (False once released, or before :meth:`join`)."""
        with self._transaction() as db:
            return self._secret_hash(db, study_id, participant_id) is not None

    def release(self, study_id: str, participant_id: str) -> None:
        """The researcher's step: the next browser that opens this participant's link continues as them."""
        with self._transaction() as db:
            self._require_participant(db, study_id, participant_id)
            db.execute(tokens_table.delete().where(tokens_table.c.study_id == study_id,
                                                   tokens_table.c.participant_id == participant_id))

    @staticmethod
    def _secret_hash(db: Connection, study_id: str, participant_id: str) -> str | None:
        return db.execute(select(tokens_table.c.token_hash).where(
            tokens_table.c.study_id == study_id, tokens_table.c.participant_id == participant_id)).scalar()

    @staticmethod
    def _participant_exists(db: Connection, study_id: str, participant_id: str) -> bool:
        query = select(participants_table.c.participant_id).where(
            participants_table.c.study_id == study_id, participants_table.c.participant_id == participant_id
        )
        return db.execute(query).first() is not None

    def _require_participant(self, db: Connection, study_id: str, participant_id: str) -> None:
        if not self._participant_exists(db, study_id, participant_id):
            raise UnknownParticipant(f"no participant {participant_id!r} in study {study_id!r}")

    # -- events ------------------------------------------------------------------------
    def record(
        self,
        study_id: str,
        participant_id: str,
        kind: EventKind,
        *,
        task_id: str | None = None,
        graph: dict | None = None,
        detail: dict | None = None,
    ) -> int:
        """Store one event, committed before this returns; its id."""
        kind = EventKind(kind)
        if kind in _OWNED_KINDS:
            raise StudyError(f"{kind.value} events are recorded by {_OWNED_KINDS[kind]}")
        at = _now()
        with self._transaction() as db:
            self._require_participant(db, study_id, participant_id)
            event_id = self._insert_event(db, study_id, participant_id, kind, at, task_id=task_id, graph=graph,
                                          detail=detail)
            if kind is EventKind.CONSENT:
                db.execute(update(participants_table).where(
                    participants_table.c.study_id == study_id,
                    participants_table.c.participant_id == participant_id,
                    participants_table.c.consent_at.is_(None),
                ).values(consent_at=at))
        return event_id

    @staticmethod
    def _insert_event(db: Connection, study_id: str, participant_id: str, kind: EventKind, at: datetime, *,
                      task_id: str | None = None, graph: dict | None = None, detail: dict | None = None) -> int:
        result = db.execute(insert(events_table).values(
            study_id=study_id, participant_id=participant_id, task_id=task_id, kind=kind.value, at=at,
            graph=dump_json(graph), detail=dump_json(detail),
        ))
        return int(result.inserted_primary_key[0])

    def _event_rows(self, db: Connection, study_id: str, participant_id: str | None) -> list[Any]:
        query = select(events_table).where(events_table.c.study_id == study_id).order_by(events_table.c.id)
        if participant_id is not None:
            query = query.where(events_table.c.participant_id == participant_id)
        return list(db.execute(query))

    # -- progress -------------------------------------------------------------------------
    def progress(self, study: Study, participant_id: str) -> Progress:
        """Where the participant is, derived from the recorded events."""
        with self._transaction() as db:
            self._require_participant(db, study.id, participant_id)
            rows = self._event_rows(db, study.id, participant_id)
        return _progress_from_events(study, rows)

    def submit(self, study: Study, participant_id: str, task_id: str, graph: dict | None, *,
               skipped: bool = False) -> None:
        """Close the current task with an answer (or a skip); its time runs from its first display."""
        if graph is not None:
            _valid_graph(graph)
        at = _now()
        try:
            with self._transaction() as db:
                self._require_participant(db, study.id, participant_id)
                current = _progress_from_events(study, self._event_rows(db, study.id, participant_id))
                if current.stage is not Stage.TASK or study.tasks[current.task_index].id != task_id:
                    now_at = (f"task {study.tasks[current.task_index].id!r}" if current.stage is Stage.TASK
                              else f"the {current.stage.value} stage")
                    raise StudyError(f"participant {participant_id!r} cannot submit task {task_id!r}: "
                                     f"they are at {now_at}")
                started = current.task_started_at
                time_s = (at - started).total_seconds() if started is not None else None
                kind = EventKind.SKIP if skipped else EventKind.SUBMIT
                self._insert_event(db, study.id, participant_id, kind, at, task_id=task_id, graph=graph)
                db.execute(insert(submissions_table).values(
                    study_id=study.id, participant_id=participant_id, task_id=task_id, skipped=skipped,
                    graph=dump_json(graph), submitted_at=at, time_s=time_s,
                ))
        except IntegrityError:
            # Two tabs of one participant submitting at once: the key lets one through.
            raise StudyError(f"participant {participant_id!r} already submitted task {task_id!r}") from None

    def save_sus(self, study_id: str, participant_id: str, answers: Sequence[int]) -> float:
        """Store the SUS answers and finish the participant; the score."""
        try:
            score = sus_score(answers)
        except ValueError as error:
            raise StudyError(str(error)) from None
        at = _now()
        try:
            with self._transaction() as db:
                self._require_participant(db, study_id, participant_id)
                db.execute(insert(sus_table).values(
                    study_id=study_id, participant_id=participant_id, answers=dump_json(list(answers)), score=score, at=at))
                self._insert_event(db, study_id, participant_id, EventKind.SUS, at, detail={"score": score})
                self._insert_event(db, study_id, participant_id, EventKind.DONE, at)
                db.execute(update(participants_table).where(
                    participants_table.c.study_id == study_id,
                    participants_table.c.participant_id == participant_id,
                ).values(finished_at=at))
        except IntegrityError:
            raise StudyError(f"participant {participant_id!r} already answered the SUS questionnaire") from None
        return score

    # -- expected answers ---------------------------------------------------------------
    def save_expected(self, study_id: str, task_id: str, graph: dict) -> None:
        """Make ``graph`` the expected answer of a task, over the study file's one."""
        _check_id(study_id, "study id")
        _check_id(task_id, "task id")
        _valid_graph(graph)
        with self._transaction() as db:
            db.execute(expected_table.delete().where(
                expected_table.c.study_id == study_id, expected_table.c.task_id == task_id))
            db.execute(insert(expected_table).values(
                study_id=study_id, task_id=task_id, graph=dump_json(graph), saved_at=_now()))

    def expected_for(self, study: Study) -> Study:
        """The study with every expected answer saved in the database in place of the file's."""
        with self._transaction() as db:
            rows = db.execute(select(expected_table).where(expected_table.c.study_id == study.id)).all()
        saved = {row.task_id: PrototypeGraph.model_validate(load_json(row.graph)) for row in rows}
        tasks = tuple(t.model_copy(update={"expected": saved[t.id]}) if t.id in saved else t for t in study.tasks)
        return study.model_copy(update={"tasks": tasks})

    # -- readers ---------------------------------------------------------------------------
    def participants(self, study_id: str) -> list[dict]:
        query = select(participants_table).where(participants_table.c.study_id == study_id).order_by(
            participants_table.c.created_at, participants_table.c.participant_id)
        return self._rows(query, dates=("created_at", "consent_at", "finished_at"))

    def events(self, study_id: str, participant_id: str | None = None) -> list[dict]:
        with self._transaction() as db:
            rows = self._event_rows(db, study_id, participant_id)
        return [decoded_row(row._asdict(), dates=("at",), json_columns=("graph", "detail")) for row in rows]

    def submissions(self, study_id: str) -> list[dict]:
        query = select(submissions_table).where(submissions_table.c.study_id == study_id).order_by(
            submissions_table.c.submitted_at, submissions_table.c.participant_id)
        return self._rows(query, dates=("submitted_at",), json_columns=("graph",))

    def sus_responses(self, study_id: str) -> list[dict]:
        query = select(sus_table).where(sus_table.c.study_id == study_id).order_by(
            sus_table.c.at, sus_table.c.participant_id)
        return self._rows(query, dates=("at",), json_columns=("answers",))

    def _rows(self, query: Any, *, dates: tuple[str, ...] = (), json_columns: tuple[str, ...] = ()) -> list[dict]:
        with self._transaction() as db:
            rows = db.execute(query).all()
        return [decoded_row(row._asdict(), dates=dates, json_columns=json_columns) for row in rows]


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def _taken(participant_id: str) -> str:
    return (f"participant {participant_id!r} is in use in another browser or tab; "
            "to continue here, ask the researcher to release them")


def _valid_graph(graph: dict) -> None:
    try:
        PrototypeGraph.model_validate(graph)
    except ValidationError as error:
        raise StudyError(f"not a prototype graph: {error.errors()[0]['msg']}") from None


def _progress_from_events(study: Study, rows: Sequence[Any]) -> Progress:
    kinds = {row.kind for row in rows}
    if EventKind.DONE.value in kinds:
        return Progress(Stage.DONE, len(study.tasks), None, None, None)
    if EventKind.CONSENT.value not in kinds:
        return Progress(Stage.CONSENT, 0, None, None, None)
    if EventKind.INTRO.value not in kinds:
        return Progress(Stage.INTRO, 0, None, None, None)
    closed = {row.task_id for row in rows if row.kind in (EventKind.SUBMIT.value, EventKind.SKIP.value)}
    index = next((i for i, task in enumerate(study.tasks) if task.id not in closed), len(study.tasks))
    if index == len(study.tasks):
        return Progress(Stage.SUS, index, None, None, None)
    task_id = study.tasks[index].id
    own = [row for row in rows if row.task_id == task_id]
    started = next((as_utc(row.at) for row in own if row.kind == EventKind.TASK_SHOWN.value), None)
    graph = next((load_json(row.graph) for row in reversed(own) if row.graph is not None), None)
    question = next(((load_json(row.detail) or {}).get("question") for row in reversed(own)
                     if row.kind == EventKind.QUESTION.value), None)
    return Progress(Stage.TASK, index, started, graph, question)


def _reason(error: SQLAlchemyError) -> str:
    """The driver's own first line (e.g. 'connection refused'), without SQLAlchemy's boilerplate."""
    original = getattr(error, "orig", None) or error
    lines = [line.strip() for line in str(original).splitlines() if line.strip()]
    return lines[0] if lines else type(original).__name__


#: One recorder (and so one connection pool) per database URL in this process.
_recorders: KeyedCache[str, StudyRecorder] = KeyedCache()


def open_recorder(settings: Settings) -> StudyRecorder:
    """The recorder of ``settings.study_database_url`` (default: SQLite in the data directory), one per process."""
    url = settings.study_database_url
    if not url:
        folder = Path(settings.data_dir)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StudyError(f"cannot create the data directory {folder}: {error.strerror}") from None
        url = f"sqlite:///{folder.resolve() / 'study.sqlite3'}"
    return _recorders.get_or_build(url, lambda: StudyRecorder(url))

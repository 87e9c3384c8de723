"""The study database's tables, and how their JSON and date columns are written and read back.

SQLAlchemy Core metadata: :class:`app.study.recorder.StudyRecorder` creates these tables
and is their only writer; tests and tools may read them through :data:`metadata`.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

__all__ = [
    "as_utc",
    "decoded_row",
    "dump_json",
    "events_table",
    "expected_table",
    "load_json",
    "metadata",
    "participants_table",
    "submissions_table",
    "tokens_table",
    "sus_table",
]

_ID = String(64)
metadata = MetaData()


def _participant_key() -> tuple[Column, Column]:
    """The (study, participant) columns that open the primary key of a per-participant table."""
    return Column("study_id", _ID, primary_key=True), Column("participant_id", _ID, primary_key=True)


def _participant_fk() -> ForeignKeyConstraint:
    return ForeignKeyConstraint(["study_id", "participant_id"],
                                ["participants.study_id", "participants.participant_id"])


participants_table = Table(
    "participants",
    metadata,
    *_participant_key(),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("consent_at", DateTime(timezone=True)),
    Column("finished_at", DateTime(timezone=True)),
)


events_table = Table(
    "events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("study_id", _ID, nullable=False),
    Column("participant_id", _ID, nullable=False),
    Column("task_id", _ID),
    Column("kind", String(32), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("graph", Text),
    Column("detail", Text),
    _participant_fk(),
    Index("events_by_participant", "study_id", "participant_id", "id"),
)
submissions_table = Table(
    "submissions",
    metadata,
    # One row per participant and task: the key itself forbids a double submit.
    *_participant_key(),
    Column("task_id", _ID, primary_key=True),
    Column("skipped", Boolean, nullable=False),
    Column("graph", Text),
    Column("submitted_at", DateTime(timezone=True), nullable=False),
    Column("time_s", Float),
    _participant_fk(),
)
sus_table = Table(
    "sus",
    metadata,
    *_participant_key(),
    Column("answers", Text, nullable=False),
    Column("score", Float, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    _participant_fk(),
)
# A table of its own (not a column of ``participants``): create_all adds it to an existing database.
tokens_table = Table(
    "participant_tokens",
    metadata,
    *_participant_key(),
    Column("token_hash", String(64), nullable=False),  # SHA-256 of the browser's secret, never the secret
    Column("issued_at", DateTime(timezone=True), nullable=False),
    _participant_fk(),
)
expected_table = Table(
    "expected_answers",
    metadata,
    Column("study_id", _ID, primary_key=True),
    Column("task_id", _ID, primary_key=True),
    Column("graph", Text, nullable=False),
    Column("saved_at", DateTime(timezone=True), nullable=False),
)


def as_utc(value: datetime | None) -> datetime | None:
    """SQLite hands datetimes back naive; they were written in UTC."""
    if value is None or value.tzinfo is not None:
        return value
    return value.replace(tzinfo=timezone.utc)


def dump_json(value: Any) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


def load_json(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def decoded_row(row: dict, *, dates: tuple[str, ...], json_columns: tuple[str, ...] = ()) -> dict:
    for column in dates:
        row[column] = as_utc(row[column])
    for column in json_columns:
        row[column] = load_json(row[column])
    return row

"""Export a study's records: one CSV per table and one JSON file with everything.

The CSV files hold the database rows one for one, in the order the readers
return them: times in ISO 8601 (UTC), graphs and details as JSON text in one
column, booleans as ``true``/``false``, missing values empty. ``submissions.csv``
adds the score columns of :func:`app.study.scoring.score_submission`, and
``sus.csv`` spreads the answers over ``q1``…``q10`` next to the JSON list.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from app.errors import StudyError
from app.study.definition import Study
from app.study.recorder import StudyRecorder
from app.study.report import build_report, score_submissions
from app.study.scoring import TaskScore
from app.study.sus import SUS_ITEMS

__all__ = ["EXPORT_FILES", "csv_value", "export_study"]

EXPORT_FILES = ("participants.csv", "events.csv", "submissions.csv", "sus.csv", "study.json")
_SCORE_COLUMNS = tuple(TaskScore.model_fields)


def csv_value(value: Any) -> str:
    """One cell: the form every exported CSV uses for a database value.

    >>> csv_value(None), csv_value(True), csv_value({"b": 1, "a": [2]}), csv_value(2.5)
    ('', 'true', '{"a": [2], "b": 1}', '2.5')
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return str(value)


def _write_csv(path: Path, columns: Sequence[str], rows: Sequence[dict]) -> Path:
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(columns)
        for row in rows:
            writer.writerow([csv_value(row.get(column)) for column in columns])
    return path


def export_study(study: Study, recorder: StudyRecorder, out_dir: str | Path) -> list[Path]:
    """Write the files of :data:`EXPORT_FILES` into ``out_dir``; their paths."""
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StudyError(f"cannot create {out}: {error.strerror}") from None
    effective = recorder.expected_for(study)
    participants = recorder.participants(study.id)
    events = recorder.events(study.id)
    submissions = recorder.submissions(study.id)
    sus = recorder.sus_responses(study.id)
    scores = score_submissions(effective, submissions)

    scored = []
    for row in submissions:
        score = scores[(row["participant_id"], row["task_id"])]
        scored.append({**row, **(score.model_dump() if score is not None else {})})
    items = [f"q{i}" for i in range(1, len(SUS_ITEMS) + 1)]
    spread = [{**row, **dict(zip(items, row["answers"]))} for row in sus]

    written = [
        _write_csv(out / "participants.csv",
                   ("study_id", "participant_id", "created_at", "consent_at", "finished_at"), participants),
        _write_csv(out / "events.csv",
                   ("id", "study_id", "participant_id", "task_id", "kind", "at", "graph", "detail"), events),
        _write_csv(out / "submissions.csv",
                   ("study_id", "participant_id", "task_id", "skipped", "graph", "submitted_at", "time_s",
                    *_SCORE_COLUMNS), scored),
        _write_csv(out / "sus.csv", ("study_id", "participant_id", "answers", *items, "score", "at"), spread),
    ]
    everything = {
        "study": study.model_dump(mode="json", by_alias=True),
        "expected": {t.id: None if t.expected is None else t.expected.model_dump(mode="json")
                     for t in effective.tasks},
        "participants": participants,
        "events": events,
        "submissions": scored,
        "sus": sus,
        "report": build_report(study, recorder).model_dump(mode="json"),
    }
    path = out / "study.json"
    path.write_text(json.dumps(everything, ensure_ascii=False, indent=2, default=csv_value) + "\n", encoding="utf-8")
    return [*written, path]

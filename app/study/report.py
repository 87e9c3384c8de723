"""The researcher's report: the paper's Table III per task, SUS, per-participant outcomes and timelines.

Definitions (docs/study.md repeats them for readers of the numbers):

* ``participants``: who were shown the task; ``submitted``/``skipped``: who closed it each way.
* ``success_rate``: correct submissions over closed tasks (a skip counts as a failure),
  scored by :func:`score_submission` against the effective expected answer (one saved
  in the app wins over the study file's); None while a task has no expected answer
  or nobody closed it.
* times and graph metrics: over submitted (not skipped) answers; a skip only says the
  time ran out.
* ``pipeline_questions``/``manual_edits``: QUESTION and EDIT events of the task,
  which shows how much of each answer the language model drafted.

Addition to the issue's API: :func:`score_submissions` (shared with the export),
``TaskRow.times_s`` and ``ParticipantRow.times_s`` (each answer's time).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from pydantic import BaseModel

from app.graph.model import PrototypeGraph
from app.study.definition import Study
from app.study.recorder import EventKind, StudyRecorder
from app.study.scoring import TaskScore, score_submission

__all__ = [
    "OUTCOMES",
    "ParticipantRow",
    "StudyReport",
    "SusSummary",
    "TaskRow",
    "build_report",
    "report_figures",
    "report_text",
    "score_submissions",
]

#: A participant's outcome of one task.
OUTCOMES = ("correct", "wrong", "submitted", "skipped", "not reached")


class TaskRow(BaseModel):
    task_id: str
    prompt: str
    participants: int
    submitted: int
    skipped: int
    success_rate: float | None
    median_time_s: float | None
    mean_time_s: float | None
    mean_f1_node: float | None
    mean_f1_rel: float | None
    mean_ged_s: float | None
    pipeline_questions: int
    manual_edits: int
    times_s: list[float] = []


class SusSummary(BaseModel):
    n: int
    mean: float | None
    sd: float | None  # sample standard deviation; None below two answers
    scores: list[float]


class ParticipantRow(BaseModel):
    id: str
    started: datetime
    finished: datetime | None
    outcomes: dict[str, str]  # task id -> one of OUTCOMES
    times_s: dict[str, float | None]  # task id -> seconds from first display to submit or skip
    sus: float | None


class StudyReport(BaseModel):
    study_id: str
    title: str
    tasks: list[TaskRow]
    sus: SusSummary
    participants: list[ParticipantRow]
    timelines: dict[str, list[dict[str, Any]]]  # participant -> events with at_s since they started


def _mean(values: Sequence[float]) -> float | None:
    return statistics.fmean(values) if values else None


def score_submissions(study: Study, submissions: Sequence[dict]) -> dict[tuple[str, str], TaskScore | None]:
    """``(participant, task) -> score``; None for a skip, an empty answer or a task without an expected graph."""
    scores: dict[tuple[str, str], TaskScore | None] = {}
    for row in submissions:
        task = study.task(row["task_id"])
        score = None
        if task is not None and task.expected is not None and not row["skipped"] and row["graph"] is not None:
            score = score_submission(PrototypeGraph.model_validate(row["graph"]), task.expected)
        scores[(row["participant_id"], row["task_id"])] = score
    return scores


def _outcome(row: dict | None, score: TaskScore | None, has_expected: bool) -> str:
    if row is None:
        return "not reached"
    if row["skipped"]:
        return "skipped"
    if not has_expected:
        return "submitted"
    return "correct" if score is not None and score.correct else "wrong"


def _task_row(study: Study, task_index: int, submissions: list[dict], scores: dict, events: list[dict]) -> TaskRow:
    task = study.tasks[task_index]
    own = [s for s in submissions if s["task_id"] == task.id]
    answered = [s for s in own if not s["skipped"]]
    own_events = [e for e in events if e["task_id"] == task.id]
    shown = {e["participant_id"] for e in own_events if e["kind"] == EventKind.TASK_SHOWN.value}
    times = [s["time_s"] for s in answered if s["time_s"] is not None]
    answer_scores = [scores[(s["participant_id"], task.id)] for s in answered]
    graded = [s for s in answer_scores if s is not None]
    has_expected = task.expected is not None
    correct = sum(1 for s in graded if s.correct)
    return TaskRow(
        task_id=task.id,
        prompt=task.prompt,
        participants=len(shown | {s["participant_id"] for s in own}),
        submitted=len(answered),
        skipped=len(own) - len(answered),
        success_rate=correct / len(own) if has_expected and own else None,
        median_time_s=statistics.median(times) if times else None,
        mean_time_s=_mean(times),
        mean_f1_node=_mean([s.f1_node for s in graded]),
        mean_f1_rel=_mean([s.f1_rel for s in graded]),
        mean_ged_s=_mean([s.ged_s for s in graded]),
        pipeline_questions=sum(1 for e in own_events if e["kind"] == EventKind.QUESTION.value),
        manual_edits=sum(1 for e in own_events if e["kind"] == EventKind.EDIT.value),
        times_s=times,
    )


def build_report(study: Study, recorder: StudyRecorder) -> StudyReport:
    """Everything the researcher dashboard and ``protograph study report`` show."""
    study = recorder.expected_for(study)
    participants = recorder.participants(study.id)
    events = recorder.events(study.id)
    submissions = recorder.submissions(study.id)
    sus_rows = {row["participant_id"]: row["score"] for row in recorder.sus_responses(study.id)}
    scores = score_submissions(study, submissions)
    by_key = {(s["participant_id"], s["task_id"]): s for s in submissions}

    sus_scores = list(sus_rows.values())
    rows = []
    for person in participants:
        pid = person["participant_id"]
        rows.append(ParticipantRow(
            id=pid,
            started=person["created_at"],
            finished=person["finished_at"],
            outcomes={t.id: _outcome(by_key.get((pid, t.id)), scores.get((pid, t.id)), t.expected is not None)
                      for t in study.tasks},
            times_s={t.id: by_key[(pid, t.id)]["time_s"] if (pid, t.id) in by_key else None for t in study.tasks},
            sus=sus_rows.get(pid),
        ))
    starts = {p["participant_id"]: p["created_at"] for p in participants}
    timelines: dict[str, list[dict[str, Any]]] = {pid: [] for pid in starts}
    for e in events:
        timelines.setdefault(e["participant_id"], []).append({
            "id": e["id"],
            "at_s": round((e["at"] - starts[e["participant_id"]]).total_seconds(), 3),
            "kind": e["kind"],
            "task_id": e["task_id"],
            "detail": e["detail"],
        })
    return StudyReport(
        study_id=study.id,
        title=study.title,
        tasks=[_task_row(study, i, submissions, scores, events) for i in range(len(study.tasks))],
        sus=SusSummary(
            n=len(sus_scores),
            mean=_mean(sus_scores),
            sd=statistics.stdev(sus_scores) if len(sus_scores) > 1 else None,
            scores=sus_scores,
        ),
        participants=rows,
        timelines=timelines,
    )


def _cell(value: float | None, form: str) -> str:
    return "-" if value is None else format(value, form)


def report_text(report: StudyReport) -> str:
    """The report as plain-text tables, for the command line."""
    finished = sum(1 for p in report.participants if p.finished is not None)
    lines = [f"{report.title} ({report.study_id}): {len(report.participants)} participants, {finished} finished", ""]
    header = ("task", "n", "done", "skip", "success", "median s", "mean s", "F1 node", "F1 rel", "GED_s",
              "questions", "edits")
    table = [header]
    for t in report.tasks:
        table.append((
            t.task_id, str(t.participants), str(t.submitted), str(t.skipped),
            "-" if t.success_rate is None else f"{t.success_rate:.0%}",
            _cell(t.median_time_s, ".1f"), _cell(t.mean_time_s, ".1f"), _cell(t.mean_f1_node, ".2f"),
            _cell(t.mean_f1_rel, ".2f"), _cell(t.mean_ged_s, ".2f"), str(t.pipeline_questions), str(t.manual_edits),
        ))
    lines += _aligned(table)
    sus = report.sus
    lines += ["", f"SUS: n = {sus.n}, mean {_cell(sus.mean, '.1f')}, sd {_cell(sus.sd, '.1f')}"]
    if report.participants:
        task_ids = [t.task_id for t in report.tasks]
        people = [("participant", *task_ids, "SUS")]
        people += [(p.id, *(p.outcomes[t] for t in task_ids), _cell(p.sus, ".1f")) for p in report.participants]
        lines += [""] + _aligned(people)
    return "\n".join(lines) + "\n"


def _aligned(rows: list[tuple[str, ...]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    # The first column is a name (left-aligned), the others are numbers or short words.
    return ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths)))
            .rstrip() for row in rows]


def report_figures(report: StudyReport) -> dict[str, Any]:
    """Plotly figures: ``success_rate``, ``time``, ``sus`` and ``help`` (questions versus edits per task)."""
    import plotly.graph_objects as go

    ids = [t.task_id for t in report.tasks]
    success = go.Figure(go.Bar(x=ids, y=[None if t.success_rate is None else 100 * t.success_rate
                                         for t in report.tasks]))
    success.update_layout(title="Success rate per task", yaxis={"title": "% correct", "range": [0, 100]})

    time = go.Figure([go.Box(y=t.times_s, name=t.task_id, boxpoints="all", jitter=0.4, pointpos=0)
                      for t in report.tasks])
    time.update_layout(title="Time per task (submitted answers)", yaxis={"title": "seconds", "rangemode": "tozero"},
                       showlegend=False)

    sus = go.Figure(go.Histogram(x=report.sus.scores, xbins={"start": 0, "end": 100.01, "size": 10}))
    mean = "-" if report.sus.mean is None else f"{report.sus.mean:.1f}"
    sus.update_layout(title=f"SUS scores (n = {report.sus.n}, mean {mean})",
                      xaxis={"title": "SUS score", "range": [0, 100]}, yaxis={"title": "participants"})

    help_ = go.Figure([
        go.Bar(name="pipeline questions", x=ids, y=[t.pipeline_questions for t in report.tasks]),
        go.Bar(name="manual edits", x=ids, y=[t.manual_edits for t in report.tasks]),
    ])
    help_.update_layout(title="Pipeline questions versus manual edits", barmode="group", yaxis={"title": "events"})
    return {"success_rate": success, "time": time, "sus": sus, "help": help_}

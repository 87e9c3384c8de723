"""The researcher dashboard's content, built from an ``app.study.StudyReport``: pure, no recorder.

The callback that returns it checks the password first; nothing here is reachable without it.
"""

from __future__ import annotations

from typing import Any

from dash import dcc, html

from components import ids
from components.study.views import format_seconds

__all__ = ["TABLE_III_COLUMNS", "dashboard", "table_iii_rows"]

#: The paper's Table III, plus how much the language model helped (questions versus edits).
TABLE_III_COLUMNS = ("Task", "Prompt", "Participants", "Submitted", "Skipped", "Success rate", "Median time",
                     "Mean time", "F1 node", "F1 rel", "GED_s", "Pipeline questions", "Manual edits")


def _number(value: float | None, form: str = ".2f") -> str:
    return "–" if value is None else format(value, form)


def table_iii_rows(report: Any) -> list[tuple[str, ...]]:
    """One row of text cells per task, in :data:`TABLE_III_COLUMNS` order.

    Times are ``m:ss``; the success rate is a percentage; missing values are ``–``.
    """
    rows = []
    for t in report.tasks:
        rows.append((
            t.task_id, t.prompt, str(t.participants), str(t.submitted), str(t.skipped),
            "–" if t.success_rate is None else f"{t.success_rate:.0%}",
            format_seconds(t.median_time_s), format_seconds(t.mean_time_s),
            _number(t.mean_f1_node), _number(t.mean_f1_rel), _number(t.mean_ged_s),
            str(t.pipeline_questions), str(t.manual_edits),
        ))
    return rows


def _table(columns: tuple[str, ...] | list[str], rows: list[tuple[str, ...]], *, table_id: str | None = None,
           caption: str | None = None) -> html.Table:
    head = html.Thead(html.Tr([html.Th(c, scope="col") for c in columns]))
    body = html.Tbody([html.Tr([html.Td(cell) for cell in row]) for row in rows])
    children = ([html.Caption(caption)] if caption else []) + [head, body]
    return html.Table(children, className="report-table", **({"id": table_id} if table_id else {}))


def _sus_block(sus: Any) -> html.Div:
    summary = (f"n = {sus.n}, mean {_number(sus.mean, '.1f')}, sd {_number(sus.sd, '.1f')}"
               if sus.n else "No SUS answers yet.")
    bins = [0] * 10
    for score in sus.scores:
        bins[min(9, int(score // 10))] += 1
    rows = [(f"{10 * i}–{10 * i + 10 if i < 9 else 100}", str(n)) for i, n in enumerate(bins) if n]
    return html.Div(className="report-block", children=[
        html.H3("System Usability Scale"),
        html.P(summary, className="sus-summary"),
        _table(("Score", "Participants"), rows, caption="Distribution of SUS scores") if rows else "",
    ])


def _participants(report: Any) -> html.Div:
    task_ids = [t.task_id for t in report.tasks]
    rows = [(p.id, p.started.strftime("%Y-%m-%d %H:%M"), "yes" if p.finished else "no",
             *(p.outcomes.get(t, "") for t in task_ids), _number(p.sus, ".1f")) for p in report.participants]
    return html.Div(className="report-block", children=[
        html.H3("Participants"),
        _table(("Participant", "Started (UTC)", "Finished", *task_ids, "SUS"), rows) if rows
        else html.P("Nobody has taken part yet.", className="hint"),
    ])


def _detail(detail: Any) -> str:
    if not detail:
        return ""
    if isinstance(detail, dict):
        return ", ".join(f"{k}: {v}" for k, v in detail.items())
    return str(detail)


def _timelines(report: Any) -> html.Div:
    blocks = []
    for pid, events in report.timelines.items():
        rows = [(format_seconds(e["at_s"]), e.get("task_id") or "", e["kind"], _detail(e.get("detail")))
                for e in events]
        blocks.append(html.Details(className="timeline", children=[
            html.Summary(f"{pid}: {len(events)} events"),
            _table(("At (m:ss)", "Task", "Event", "Detail"), rows),
        ]))
    return html.Div(className="report-block", children=[html.H3("Timelines"), *blocks] if blocks else
                    [html.H3("Timelines"), html.P("No events yet.", className="hint")])


def dashboard(report: Any, figures: dict[str, Any]) -> list[Any]:
    """Table III, SUS, charts, participants and timelines for ``report`` and its ``report_figures``."""
    finished = sum(1 for p in report.participants if p.finished is not None)
    charts = [dcc.Graph(figure=figure, id=f"researcher-chart-{name}", className="report-chart",
                        config={"displaylogo": False}) for name, figure in figures.items()]
    return [
        html.P(f"{len(report.participants)} participants, {finished} finished.", className="report-summary"),
        html.Div(className="report-block", children=[
            html.H3("Tasks (Table III)"),
            _table(TABLE_III_COLUMNS, table_iii_rows(report), table_id=ids.RESEARCHER_TASK_TABLE),
        ]),
        _sus_block(report.sus),
        html.Div(className="report-charts", children=charts),
        _participants(report),
        _timelines(report),
    ]

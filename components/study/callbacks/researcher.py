"""The researcher page: the password-guarded dashboard, the CSV/JSON export and the expected answers.

Every callback checks the password again: the page holds no session, so a refused or
locked-out client never sees data, even through a callback fired by hand.
"""

from __future__ import annotations

import io
import tempfile
import zipfile
from pathlib import Path
from typing import Any

import dash
from dash import Input, Output, State, ctx, dcc, no_update

from app.errors import USER_ERRORS
from app.graph.model import PrototypeGraph
from app.study import Study, StudyRecorder, build_report, export_study, report_figures
from components import ids
from components.study.callbacks.context import (
    EMPTY_GRAPH,
    EMPTY_HISTORY,
    StudyContext,
    bind,
    error_span,
    error_text,
    now,
    require_click,
)
from components.study.dashboard import dashboard

__all__ = ["export", "export_download", "open_dashboard", "open_expected", "register", "release_participant",
           "save_expected"]

#: User errors, plus an export without its JSON file (IndexError): a message, not a broken page.
_EXPORT_ERRORS: tuple[type[Exception], ...] = (*USER_ERRORS, IndexError)


def open_dashboard(login: Any, submit: Any, refresh: Any, password: str | None, pathname: str | None, *,
                   context: StudyContext) -> tuple:
    """The study's report as a dashboard, and the tasks whose expected answer may be edited."""
    require_click(login, submit, refresh)
    if refused := context.password_refused(password):
        return [], error_span(refused), True, []
    try:
        study = context.researcher_study(pathname)
        report = build_report(study, context.recorder())
        content = dashboard(report, report_figures(report))
    except USER_ERRORS as error:
        return [], error_span(error_text(error)), True, []
    options = [{"label": f"{t.id}: {t.prompt}", "value": t.id} for t in study.tasks]
    stamp = now().strftime("%H:%M:%S UTC")
    return content, f"Report as of {stamp}.", False, options


def export_download(study: Study, recorder: StudyRecorder, *, as_json: bool) -> dict:
    """The study's export as a ``dcc.Download`` payload: the JSON file, or every CSV file in one zip."""
    with tempfile.TemporaryDirectory(prefix="protograph-export-") as folder:
        files = [Path(f) for f in export_study(study, recorder, folder)]
        if as_json:
            found = [f for f in files if f.suffix == ".json"]
            return dcc.send_bytes(found[0].read_bytes(), f"{study.id}.json", type="application/json")
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for file in files:
                if file.suffix == ".csv":
                    archive.write(file, arcname=f"{study.id}/{file.name}")
        return dcc.send_bytes(buffer.getvalue(), f"{study.id}-csv.zip", type="application/zip")


def export(csv_clicks: Any, json_clicks: Any, password: str | None, pathname: str | None, *,
           context: StudyContext) -> tuple:
    """Download the study's data (``ctx.triggered_id`` says CSV or JSON)."""
    require_click(csv_clicks, json_clicks)
    if refused := context.password_refused(password):
        return no_update, error_span(refused)
    try:
        study = context.researcher_study(pathname)
        data = export_download(study, context.recorder(), as_json=ctx.triggered_id == ids.RESEARCHER_EXPORT_JSON)
    except _EXPORT_ERRORS as error:
        return no_update, error_span(f"Export failed: {error_text(error)}")
    return data, "Export ready."


def open_expected(task_id: str | None, password: str | None, pathname: str | None, *, context: StudyContext) -> tuple:
    """Load a task's expected answer onto the canvas, for the researcher to edit."""
    if not task_id:
        return no_update, no_update, no_update
    if refused := context.password_refused(password):
        return no_update, no_update, error_span(refused)
    try:
        task = context.recorder().expected_for(context.researcher_study(pathname)).task(task_id)
    except USER_ERRORS as error:
        return no_update, no_update, error_span(error_text(error))
    if task is None:
        return no_update, no_update, "No such task."
    if task.expected is None:
        return EMPTY_GRAPH, EMPTY_HISTORY, "This task has no expected answer yet: build one below."
    return task.expected.model_dump(mode="json"), EMPTY_HISTORY, "The current expected answer."


def save_expected(clicks: Any, task_id: str | None, graph_data: Any, password: str | None,
                  pathname: str | None, *, context: StudyContext) -> Any:
    require_click(clicks)
    if refused := context.password_refused(password):
        return error_span(refused)
    if not task_id:
        return "Pick a task first."
    graph = PrototypeGraph.model_validate(graph_data or EMPTY_GRAPH)
    if graph.is_empty():
        return "The canvas is empty: build the expected answer first."
    try:
        study = context.researcher_study(pathname)
        context.recorder().save_expected(study.id, task_id, graph.model_dump(mode="json"))
    except USER_ERRORS as error:
        return error_span(error_text(error))
    return f"Saved as the expected answer of {task_id}."


def release_participant(clicks: Any, participant: str | None, password: str | None, pathname: str | None, *,
                        context: StudyContext) -> Any:
    """Unbind a participant from their browser: the next browser that opens their link continues as them."""
    require_click(clicks)
    if refused := context.password_refused(password):
        return error_span(refused)
    participant = (participant or "").strip()
    if not participant:
        return "Type the participant's id first."
    try:
        study = context.researcher_study(pathname)
        context.recorder().release(study.id, participant)
    except USER_ERRORS as error:
        return error_span(error_text(error))
    return (f"{participant} is released: the next browser that opens /study/{study.id}?participant={participant} "
            "continues as them.")


def register(app: dash.Dash, context: StudyContext) -> None:
    """Attach the researcher page's callbacks, each bound to ``context``."""
    app.callback(
        Output(ids.RESEARCHER_DASHBOARD, "children"),
        Output(ids.RESEARCHER_MESSAGE, "children"),
        Output(ids.RESEARCHER_EXPECTED, "hidden"),
        Output(ids.RESEARCHER_EXPECTED_TASK, "options"),
        Input(ids.RESEARCHER_LOGIN, "n_clicks"),
        Input(ids.RESEARCHER_PASSWORD, "n_submit"),
        Input(ids.RESEARCHER_REFRESH, "n_clicks"),
        State(ids.RESEARCHER_PASSWORD, "value"),
        State(ids.PAGE_URL, "pathname"),
        prevent_initial_call=True,
    )(bind(open_dashboard, context=context))
    app.callback(
        Output(ids.RESEARCHER_DOWNLOAD, "data"),
        Output(ids.RESEARCHER_MESSAGE, "children", allow_duplicate=True),
        Input(ids.RESEARCHER_EXPORT_CSV, "n_clicks"),
        Input(ids.RESEARCHER_EXPORT_JSON, "n_clicks"),
        State(ids.RESEARCHER_PASSWORD, "value"),
        State(ids.PAGE_URL, "pathname"),
        prevent_initial_call=True,
    )(bind(export, context=context))
    app.callback(
        Output(ids.RESEARCHER_MESSAGE, "children", allow_duplicate=True),
        Input(ids.RESEARCHER_RELEASE, "n_clicks"),
        State(ids.RESEARCHER_RELEASE_ID, "value"),
        State(ids.RESEARCHER_PASSWORD, "value"),
        State(ids.PAGE_URL, "pathname"),
        prevent_initial_call=True,
    )(bind(release_participant, context=context))
    app.callback(
        Output(ids.GRAPH_STORE, "data", allow_duplicate=True),
        Output(ids.HISTORY_STORE, "data", allow_duplicate=True),
        Output(ids.RESEARCHER_EXPECTED_MESSAGE, "children"),
        Input(ids.RESEARCHER_EXPECTED_TASK, "value"),
        State(ids.RESEARCHER_PASSWORD, "value"),
        State(ids.PAGE_URL, "pathname"),
        prevent_initial_call=True,
    )(bind(open_expected, context=context))
    app.callback(
        Output(ids.RESEARCHER_EXPECTED_MESSAGE, "children", allow_duplicate=True),
        Input(ids.RESEARCHER_SAVE_EXPECTED, "n_clicks"),
        State(ids.RESEARCHER_EXPECTED_TASK, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.RESEARCHER_PASSWORD, "value"),
        State(ids.PAGE_URL, "pathname"),
        prevent_initial_call=True,
    )(bind(save_expected, context=context))

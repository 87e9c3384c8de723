"""Study mode's callbacks: routing by URL path, the participant flow, event recording, the researcher page.

Every callback is thin: it reads the page's stores, calls one ``app.study`` function
(through the process-wide recorder of :func:`app.study.open_recorder`) and writes the
result back. The participant lives in the browser (``localStorage`` and ``?participant=``),
their place in the study in the database: no server-side "current participant", so two
browsers never meet.

Events are observed, not injected: the normal app's callbacks are unchanged, and
study-only callbacks listen to its stores and buttons. A change of the stages store
means the pipeline answered (``PIPELINE_RESULT``); a change of the graph store alone
is a manual ``EDIT``, unless it equals the graph last recorded (a restore on reload or
a new task), which is not counted.
"""

from __future__ import annotations

import io
import logging
import tempfile
import zipfile
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import dash
import flask
from dash import ALL, ClientsideFunction, Input, Output, State, ctx, dcc, html, no_update
from dash.exceptions import PreventUpdate

from app.errors import ProtoGraphError, UnknownParticipant
from app.graph.model import PrototypeGraph
from app.settings import Settings
from app.study import (
    EventKind,
    PasswordGuard,
    Stage,
    Study,
    StudyError,
    StudyRecorder,
    build_report,
    export_study,
    list_studies,
    open_recorder,
    report_figures,
)

from components import ids
from components.study import layout
from components.study.dashboard import dashboard
from components.study.views import (
    graph_event,
    missing_sus_answers,
    parse_path,
    participant_from,
    progress_view,
    remember_participant,
    sus_message,
    time_is_up,
)

__all__ = ["register_study_callbacks"]

log = logging.getLogger(__name__)

EMPTY_GRAPH = {"nodes": [], "edges": []}
_TAB_VIEWS = {ids.TAB_TABLE: "table", ids.TAB_GRAPH: "graph", ids.TAB_DASHBOARD: "dashboard"}


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _error(error: Exception) -> str:
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return text


def _require_click(*clicks: Any) -> None:
    """Stop unless a button was really clicked.

    When the router inserts a page, Dash may call callbacks whose buttons just appeared
    (prevent_initial_call notwithstanding, e.g. with pattern-matching or duplicate outputs);
    such a call has no clicks and must neither record nor show anything.
    """
    if not any(clicks):
        raise PreventUpdate


def _in_task(view: Any) -> bool:
    return isinstance(view, dict) and view.get("stage") == Stage.TASK.value and bool(view.get("participant"))


def register_study_callbacks(app: dash.Dash, settings: Settings, *, app_layout: Callable[[Study], Any],
                             home: Callable[[], Any]) -> None:  # noqa: C901 - one closure per callback
    """Attach the router and every study callback; ``home`` builds ``/``, ``app_layout(study)`` the app in a study."""

    def recorder() -> StudyRecorder:
        return open_recorder(settings)

    def study_by_id(study_id: str | None) -> Study:
        # Ids only: a path (find_study accepts one) must never reach the file system from a URL.
        for study in list_studies(settings):
            if study.id == study_id:
                return study
        raise StudyError(f"no study called {study_id!r}")

    def view_of(study: Study, participant: str | None, *, shown: bool = True) -> dict:
        """The participant's progress; when they are at a task, its display is recorded (the first starts its clock)."""
        if participant is None:
            return progress_view(study, None, None, _now())
        rec = recorder()
        progress = rec.progress(study, participant)
        if shown and progress.stage is Stage.TASK:
            rec.record(study.id, participant, EventKind.TASK_SHOWN, task_id=study.tasks[progress.task_index].id)
            if progress.task_started_at is None:
                progress = rec.progress(study, participant)
        return progress_view(study, participant, progress, _now())

    guard = PasswordGuard(settings.study_admin_password)

    def password_refused(password: str | None) -> str | None:
        """Why the researcher's password is refused (wrong, or too many wrong tries from here); None if not."""
        return guard.check(flask.request.remote_addr or "unknown", password)

    # -- routing -------------------------------------------------------------------------
    def page_for(path: str | None) -> Any:
        route = parse_path(path, app.config.requests_pathname_prefix or "/")
        if route.page == "home":
            return home()
        try:
            studies = list_studies(settings)
        except ProtoGraphError as error:
            return layout.message_page("Studies are not available", _error(error))
        study = next((s for s in studies if s.id == route.study_id), None)
        if route.page == "studies":
            return layout.studies_page(studies)
        if study is None or route.page == "unknown":
            what = f"No study called “{route.study_id}”." if study is None else "No such page."
            return layout.studies_page(studies, message=what)
        if route.page == "researcher":
            return layout.researcher_page(study, lambda: app_layout(study), open_=bool(settings.study_admin_password))
        return layout.participant_page(study, lambda: app_layout(study))

    @app.callback(
        Output(ids.PAGE, "children"),
        Output(ids.PAGE_PATH, "data"),
        Input(ids.PAGE_URL, "pathname"),
        State(ids.PAGE_PATH, "data"),
    )
    def route(pathname, shown):
        if pathname is None or pathname == shown:
            return no_update, no_update
        return page_for(pathname), pathname

    # -- the participant: load, consent, intro, tasks, SUS ----------------------------------
    @app.callback(
        Output(ids.STUDY_PROGRESS, "data"),
        Output(ids.STUDY_ERROR, "data"),
        Input(ids.PAGE_PATH, "data"),
        Input(ids.STUDY_PARTICIPANTS, "modified_timestamp"),
        State(ids.STUDY_PARTICIPANTS, "data"),
        State(ids.PAGE_URL, "search"),
    )
    def load(path, _stamp, stored, search):
        route = parse_path(path, app.config.requests_pathname_prefix or "/")
        if route.page != "participant":
            return no_update, no_update
        try:
            study = study_by_id(route.study_id)
        except StudyError:
            return no_update, no_update
        participant = participant_from(search, stored, study.id)
        try:
            return view_of(study, participant), None
        except StudyError as error:
            # An id from the URL or this browser that the database does not know: start at consent with it.
            view = progress_view(study, None, None, _now())
            view["suggested"] = participant
            return view, None if isinstance(error, UnknownParticipant) else _error(error)

    @app.callback(
        Output(ids.STUDY_MESSAGE, "children", allow_duplicate=True),
        Input(ids.STUDY_ERROR, "data"),
        prevent_initial_call=True,
    )
    def show_error(text):
        return html.Span(text, className="error") if text else no_update

    @app.callback(
        Output(ids.STUDY_PROGRESS, "data", allow_duplicate=True),
        Output(ids.STUDY_PARTICIPANTS, "data"),
        Output(ids.STUDY_MESSAGE, "children", allow_duplicate=True),
        Input(ids.STUDY_START, "n_clicks"),
        State(ids.STUDY_CONSENT_AGREE, "value"),
        State(ids.STUDY_PARTICIPANT_INPUT, "value"),
        State(ids.STUDY_PROGRESS, "data"),
        State(ids.STUDY_PARTICIPANTS, "data"),
        prevent_initial_call=True,
    )
    def start(clicks, agree, entered, view, stored):
        _require_click(clicks)
        if "agree" not in (agree or []):
            return no_update, no_update, "Please tick the box to agree before you start."
        try:
            study = study_by_id((view or {}).get("study"))
            participant = recorder().start_participant(study.id, (entered or "").strip() or None)
            recorder().record(study.id, participant, EventKind.CONSENT)
            return view_of(study, participant), remember_participant(stored, study.id, participant), ""
        except StudyError as error:
            return no_update, no_update, html.Span(_error(error), className="error")

    @app.callback(
        Output(ids.STUDY_PROGRESS, "data", allow_duplicate=True),
        Output(ids.STUDY_MESSAGE, "children", allow_duplicate=True),
        Input(ids.STUDY_INTRO_CONTINUE, "n_clicks"),
        State(ids.STUDY_PROGRESS, "data"),
        prevent_initial_call=True,
    )
    def leave_intro(clicks, view):
        _require_click(clicks)
        try:
            study = study_by_id(view["study"])
            recorder().record(study.id, view["participant"], EventKind.INTRO)
            return view_of(study, view["participant"]), ""
        except (StudyError, KeyError, TypeError) as error:
            return no_update, html.Span(_error(error), className="error")

    @app.callback(
        Output(ids.STUDY_PROGRESS, "data", allow_duplicate=True),
        Output(ids.STUDY_MESSAGE, "children", allow_duplicate=True),
        Input(ids.STUDY_SUBMIT, "n_clicks"),
        Input(ids.STUDY_SKIP, "n_clicks"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.STUDY_PROGRESS, "data"),
        prevent_initial_call=True,
    )
    def close_task(submit, skip, graph_data, view):
        _require_click(submit, skip)
        if not _in_task(view):
            return no_update, no_update
        skipped = ctx.triggered_id == ids.STUDY_SKIP
        participant = view["participant"]
        try:
            study = study_by_id(view["study"])
            if skipped and not time_is_up(view_of(study, participant, shown=False)):
                return no_update, "Skip is available once the time is up."
            graph = PrototypeGraph.model_validate(graph_data or EMPTY_GRAPH)
        except (StudyError, ValueError) as error:
            return no_update, html.Span(_error(error), className="error")
        if not skipped and graph.is_empty():
            return no_update, "The canvas is empty: build your answer first."
        try:
            recorder().submit(study, participant, view["task_id"], graph.model_dump(mode="json"), skipped=skipped)
            after = view_of(study, participant)
        except StudyError as error:
            # e.g. the task was already closed in another tab: say so, and catch up with the database.
            try:
                caught_up = view_of(study, participant)
            except StudyError:
                caught_up = no_update
            return caught_up, html.Span(_error(error), className="error")
        return after, "Skipped." if skipped else "Answer submitted."

    @app.callback(
        Output(ids.STUDY_PROGRESS, "data", allow_duplicate=True),
        Output(ids.STUDY_SUS_MESSAGE, "children"),
        Input(ids.STUDY_SUS_SUBMIT, "n_clicks"),
        State({"type": ids.SUS_ITEM_TYPE, "index": ALL}, "value"),
        State(ids.STUDY_PROGRESS, "data"),
        prevent_initial_call=True,
    )
    def send_sus(clicks, answers, view):
        _require_click(clicks)
        missing = missing_sus_answers(answers)
        if missing:
            return no_update, html.Span(sus_message(missing), className="error")
        try:
            study = study_by_id(view["study"])
            recorder().save_sus(study.id, view["participant"], list(answers))
            return view_of(study, view["participant"]), ""
        except (StudyError, KeyError, TypeError) as error:
            return no_update, html.Span(_error(error), className="error")

    @app.callback(
        Output(ids.STUDY_PARTICIPANTS, "data", allow_duplicate=True),
        Output(ids.PAGE_URL, "search"),
        Output(ids.STUDY_CONSENT_AGREE, "value"),
        Output(ids.STUDY_PARTICIPANT_INPUT, "value", allow_duplicate=True),
        Output({"type": ids.SUS_ITEM_TYPE, "index": ALL}, "value"),
        Output(ids.STUDY_MESSAGE, "children", allow_duplicate=True),
        Input(ids.STUDY_NEW_PARTICIPANT, "n_clicks"),
        State(ids.STUDY_PARTICIPANTS, "data"),
        State(ids.STUDY_PROGRESS, "data"),
        State({"type": ids.SUS_ITEM_TYPE, "index": ALL}, "value"),
        prevent_initial_call=True,
    )
    def new_participant(clicks, stored, view, sus_values):
        # Forget this browser's participant (a lab's shared computer); the next load starts at consent.
        _require_click(clicks)
        study_id = (view or {}).get("study")
        kept = {k: v for k, v in (stored or {}).items() if k != study_id}
        return kept, "", [], "", [None] * len(sus_values), ""

    # -- showing the stage ------------------------------------------------------------------
    @app.callback(
        Output(ids.STUDY_CONSENT, "hidden"),
        Output(ids.STUDY_INTRO, "hidden"),
        Output(ids.STUDY_TASK, "hidden"),
        Output(ids.STUDY_SUS, "hidden"),
        Output(ids.STUDY_DONE, "hidden"),
        Output(ids.STUDY_PARTICIPANT_LABEL, "children"),
        Output(ids.STUDY_PARTICIPANT_INPUT, "value"),
        Output(ids.STUDY_TASK_COUNTER, "children"),
        Output(ids.STUDY_TASK_PROMPT, "children"),
        Output(ids.STUDY_TICK, "disabled"),
        Output(ids.GRAPH_STORE, "data", allow_duplicate=True),
        Output(ids.HISTORY_STORE, "data", allow_duplicate=True),
        Output(ids.STAGES_STORE, "data", allow_duplicate=True),
        Output(ids.QUESTION, "value", allow_duplicate=True),
        Output(ids.QUESTION_STORE, "data", allow_duplicate=True),
        Output(ids.STUDY_LAST_GRAPH, "data", allow_duplicate=True),
        Input(ids.STUDY_PROGRESS, "data"),
        State(ids.STUDY_LAST_GRAPH, "data"),
        prevent_initial_call=True,
    )
    def show_stage(view, last):
        if not isinstance(view, dict):
            return (no_update,) * 16
        stage = view.get("stage")
        participant = view.get("participant")
        hidden = [stage != s.value for s in (Stage.CONSENT, Stage.INTRO, Stage.TASK, Stage.SUS, Stage.DONE)]
        label = f"Participant {participant}" if participant else ""
        suggested = view.get("suggested") or no_update
        if stage != Stage.TASK.value:
            return (*hidden, label, suggested, "", "", True, *(no_update,) * 6)
        counter = f"Task {view['task_index'] + 1} of {view['n_tasks']}"
        if isinstance(last, dict) and last.get("task") == view["task_id"] and last.get("participant") == participant:
            # Same task again (a second load): the canvas already shows it; keep the undo history.
            graph_out = history_out = stages_out = question_out = last_out = no_update
        else:
            graph = view.get("graph") or EMPTY_GRAPH
            question = view.get("question") or ""
            graph_out, history_out, stages_out = graph, {"past": [], "future": []}, None
            question_out = question
            last_out = {"participant": participant, "task": view["task_id"], "graph": graph}
        return (*hidden, label, no_update, counter, view["prompt"], False, graph_out, history_out, stages_out,
                question_out, question_out, last_out)

    app.clientside_callback(
        ClientsideFunction(namespace="study", function_name="clock"),
        Output(ids.STUDY_CLOCK, "data"),
        Input(ids.STUDY_PROGRESS, "data"),
        prevent_initial_call=True,
    )
    app.clientside_callback(
        ClientsideFunction(namespace="study", function_name="tick"),
        Output(ids.STUDY_TIMER, "children"),
        Output(ids.STUDY_TIMER, "className"),
        Output(ids.STUDY_SKIP, "disabled"),
        Output(ids.STUDY_TIME_NOTICE, "hidden"),
        Input(ids.STUDY_TICK, "n_intervals"),
        Input(ids.STUDY_CLOCK, "data"),
        prevent_initial_call=True,
    )

    # -- recording what the participant does in the normal app --------------------------------
    def record(view: dict, kind: EventKind, *, graph: Any = None, detail: dict | None = None) -> Any:
        """Record one event of the current task; ``no_update`` or the error text for the page."""
        try:
            recorder().record(view["study"], view["participant"], kind, task_id=view["task_id"],
                              graph=graph, detail=detail)
        except StudyError as error:
            log.warning("could not record %s: %s", kind.value, error)
            return _error(error)
        return no_update

    @app.callback(
        Output(ids.STUDY_LAST_GRAPH, "data"),
        Output(ids.STUDY_ERROR, "data", allow_duplicate=True),
        Input(ids.GRAPH_STORE, "data"),
        Input(ids.STAGES_STORE, "data"),
        State(ids.STUDY_PROGRESS, "data"),
        State(ids.STUDY_LAST_GRAPH, "data"),
        prevent_initial_call=True,
    )
    def observe_graph(graph_data, stages, view, last):
        if not _in_task(view) or not isinstance(last, dict) or last.get("task") != view["task_id"]:
            return no_update, no_update
        graph = graph_data or EMPTY_GRAPH
        stages_changed = ids.STAGES_STORE in {key.split(".")[0] for key in ctx.triggered_prop_ids}
        kind = graph_event(graph, last.get("graph"), stages_changed=stages_changed, stages=stages)
        if kind is None:
            return no_update, no_update
        detail = {"total_ms": stages.get("total_ms")} if kind == "pipeline_result" and isinstance(stages, dict) else None
        error = record(view, EventKind(kind), graph=graph, detail=detail)
        return {**last, "graph": graph}, error

    @app.callback(
        Output(ids.STUDY_ERROR, "data", allow_duplicate=True),
        Input(ids.ASK_BUTTON, "n_clicks"),
        State(ids.QUESTION, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.STUDY_PROGRESS, "data"),
        prevent_initial_call=True,
    )
    def observe_question(clicks, question, graph_data, view):
        _require_click(clicks)
        question = (question or "").strip()
        if not _in_task(view) or not question:
            return no_update
        return record(view, EventKind.QUESTION, graph=graph_data, detail={"question": question})

    @app.callback(
        Output(ids.STUDY_ERROR, "data", allow_duplicate=True),
        Input(ids.RUN_QUERY_BUTTON, "n_clicks"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.STUDY_PROGRESS, "data"),
        prevent_initial_call=True,
    )
    def observe_run(clicks, graph_data, view):
        _require_click(clicks)
        return record(view, EventKind.RUN, graph=graph_data) if _in_task(view) else no_update

    @app.callback(
        Output(ids.STUDY_TAB_SEEN, "data"),
        Output(ids.STUDY_ERROR, "data", allow_duplicate=True),
        Input(ids.RESULTS_TABS, "value"),
        State(ids.STUDY_TAB_SEEN, "data"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.STUDY_PROGRESS, "data"),
        prevent_initial_call=True,
    )
    def observe_view(tab, seen, graph_data, view):
        # Only a switch of tabs is a view: Dash also calls this when the page appears, with the first tab.
        if not _in_task(view) or not tab or tab == seen:
            return no_update, no_update
        if tab == ids.TAB_SPARQL:
            return tab, record(view, EventKind.SPARQL_VIEW, graph=graph_data)
        return tab, record(view, EventKind.RESULT_VIEW, graph=graph_data, detail={"view": _TAB_VIEWS.get(tab, tab)})

    # -- the researcher ----------------------------------------------------------------------
    def researcher_study(pathname: str | None) -> Study:
        route = parse_path(pathname, app.config.requests_pathname_prefix or "/")
        return study_by_id(route.study_id if route.page == "researcher" else None)

    @app.callback(
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
    )
    def open_dashboard(login, submit, refresh, password, pathname):
        _require_click(login, submit, refresh)
        if refused := password_refused(password):
            return [], html.Span(refused, className="error"), True, []
        try:
            study = researcher_study(pathname)
            report = build_report(study, recorder())
            content = dashboard(report, report_figures(report))
        except ProtoGraphError as error:
            return [], html.Span(_error(error), className="error"), True, []
        options = [{"label": f"{t.id}: {t.prompt}", "value": t.id} for t in study.tasks]
        stamp = _now().strftime("%H:%M:%S UTC")
        return content, f"Report as of {stamp}.", False, options

    @app.callback(
        Output(ids.RESEARCHER_DOWNLOAD, "data"),
        Output(ids.RESEARCHER_MESSAGE, "children", allow_duplicate=True),
        Input(ids.RESEARCHER_EXPORT_CSV, "n_clicks"),
        Input(ids.RESEARCHER_EXPORT_JSON, "n_clicks"),
        State(ids.RESEARCHER_PASSWORD, "value"),
        State(ids.PAGE_URL, "pathname"),
        prevent_initial_call=True,
    )
    def export(csv_clicks, json_clicks, password, pathname):
        _require_click(csv_clicks, json_clicks)
        if refused := password_refused(password):
            return no_update, html.Span(refused, className="error")
        try:
            study = researcher_study(pathname)
            with tempfile.TemporaryDirectory(prefix="protograph-export-") as folder:
                files = export_study(study, recorder(), folder)
                if ctx.triggered_id == ids.RESEARCHER_EXPORT_JSON:
                    found = [f for f in files if Path(f).suffix == ".json"]
                    data = dcc.send_bytes(Path(found[0]).read_bytes(), f"{study.id}.json", type="application/json")
                else:
                    buffer = io.BytesIO()
                    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
                        for file in files:
                            if Path(file).suffix == ".csv":
                                archive.write(file, arcname=f"{study.id}/{Path(file).name}")
                    data = dcc.send_bytes(buffer.getvalue(), f"{study.id}-csv.zip", type="application/zip")
        except (ProtoGraphError, OSError, IndexError) as error:
            return no_update, html.Span(f"Export failed: {_error(error)}", className="error")
        return data, "Export ready."

    @app.callback(
        Output(ids.GRAPH_STORE, "data", allow_duplicate=True),
        Output(ids.HISTORY_STORE, "data", allow_duplicate=True),
        Output(ids.RESEARCHER_EXPECTED_MESSAGE, "children"),
        Input(ids.RESEARCHER_EXPECTED_TASK, "value"),
        State(ids.RESEARCHER_PASSWORD, "value"),
        State(ids.PAGE_URL, "pathname"),
        prevent_initial_call=True,
    )
    def open_expected(task_id, password, pathname):
        if not task_id:
            return no_update, no_update, no_update
        if refused := password_refused(password):
            return no_update, no_update, html.Span(refused, className="error")
        try:
            task = recorder().expected_for(researcher_study(pathname)).task(task_id)
        except ProtoGraphError as error:
            return no_update, no_update, html.Span(_error(error), className="error")
        if task is None:
            return no_update, no_update, "No such task."
        if task.expected is None:
            return EMPTY_GRAPH, {"past": [], "future": []}, "This task has no expected answer yet: build one below."
        return task.expected.model_dump(mode="json"), {"past": [], "future": []}, "The current expected answer."

    @app.callback(
        Output(ids.RESEARCHER_EXPECTED_MESSAGE, "children", allow_duplicate=True),
        Input(ids.RESEARCHER_SAVE_EXPECTED, "n_clicks"),
        State(ids.RESEARCHER_EXPECTED_TASK, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.RESEARCHER_PASSWORD, "value"),
        State(ids.PAGE_URL, "pathname"),
        prevent_initial_call=True,
    )
    def save_expected(clicks, task_id, graph_data, password, pathname):
        _require_click(clicks)
        if refused := password_refused(password):
            return html.Span(refused, className="error")
        if not task_id:
            return "Pick a task first."
        graph = PrototypeGraph.model_validate(graph_data or EMPTY_GRAPH)
        if graph.is_empty():
            return "The canvas is empty: build the expected answer first."
        try:
            study = researcher_study(pathname)
            recorder().save_expected(study.id, task_id, graph.model_dump(mode="json"))
        except ProtoGraphError as error:
            return html.Span(_error(error), className="error")
        return f"Saved as the expected answer of {task_id}."

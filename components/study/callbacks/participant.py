"""The router and the participant's way through a study: load, consent, intro, SUS, and which stage shows.

The participant lives in the browser (``localStorage`` and ``?participant=``), their
place in the study in the database: no server-side "current participant", so two
browsers never meet. A participant id can be guessed (a researcher types P01), so it
is not enough: on consent the server issues a secret, the browser keeps it in
``sessionStorage`` (and in the progress view), and every callback that reads or records
for the participant checks it. Another browser gets the participant only after the
researcher releases them.
"""

from __future__ import annotations

from typing import Any

import dash
from dash import ALL, ClientsideFunction, Input, Output, State, no_update

from app.errors import USER_ERRORS
from app.study import EventKind, Stage, StudyError, UnknownParticipant, list_studies
from components import ids
from components.study import layout
from components.study.callbacks.context import (
    EMPTY_GRAPH,
    EMPTY_HISTORY,
    PAGE_ERRORS,
    StudyContext,
    bind,
    error_span,
    error_text,
    now,
    require_click,
)
from components.study.views import (
    missing_sus_answers,
    participant_from,
    progress_view,
    remember_participant,
    remember_secret,
    secret_for,
    sus_message,
)

__all__ = [
    "leave_intro",
    "load",
    "new_participant",
    "page_for",
    "register",
    "route",
    "send_sus",
    "show_error",
    "show_stage",
    "start",
]

_SUS_ITEMS = {"type": ids.SUS_ITEM_TYPE, "index": ALL}
_STAGES = (Stage.CONSENT, Stage.INTRO, Stage.TASK, Stage.SUS, Stage.DONE)


def page_for(path: str | None, *, context: StudyContext) -> Any:
    """The page a URL path shows: the normal app, the list of studies, or a study's participant or researcher page."""
    route_ = context.route(path)
    if route_.page == "home":
        return context.home()
    try:
        studies = list_studies(context.settings)
    except USER_ERRORS as error:
        return layout.message_page("Studies are not available", error_text(error))
    study = next((s for s in studies if s.id == route_.study_id), None)
    if route_.page == "studies":
        return layout.studies_page(studies)
    if study is None or route_.page == "unknown":
        what = f"No study called “{route_.study_id}”." if study is None else "No such page."
        return layout.studies_page(studies, message=what)
    if route_.page == "researcher":
        return layout.researcher_page(study, lambda: context.app_layout(study),
                                      open_=bool(context.settings.study_admin_password))
    return layout.participant_page(study, lambda: context.app_layout(study))


def route(pathname: str | None, shown: str | None, *, context: StudyContext) -> tuple:
    if pathname is None or pathname == shown:
        return no_update, no_update
    return page_for(pathname, context=context), pathname


def load(path: str | None, _stamp: Any, stored: Any, search: str | None, secrets: Any, *,
         context: StudyContext) -> tuple:
    """The progress of this browser's participant when a participant page appears (or the stored ids change).

    Outputs the view, an error text, and the browser's secrets (a released participant is claimed here).
    """
    route_ = context.route(path)
    if route_.page != "participant":
        return no_update, no_update, no_update
    try:
        study = context.study_by_id(route_.study_id)
    except StudyError:
        # Deliberately narrow: an unknown study is the router's to show; a broken database is not this.
        return no_update, no_update, no_update
    participant = participant_from(search, stored, study.id)
    if participant is None:
        return context.view_of(study, None, secret=None), None, no_update
    held = secret_for(secrets, study.id, participant)
    try:
        view, secret = context.resume(study, participant, held)
    except USER_ERRORS as error:
        # An unknown id, or one another browser holds: start at consent with it suggested.
        view = progress_view(study, None, None, now())
        view["suggested"] = participant
        return view, None if isinstance(error, UnknownParticipant) else error_text(error), no_update
    return view, None, no_update if secret == held else remember_secret(secrets, study.id, participant, secret)


def show_error(text: str | None) -> Any:
    return error_span(text) if text else no_update


def start(clicks: Any, agree: list | None, entered: str | None, view: Any, stored: Any, secrets: Any, *,
          context: StudyContext) -> tuple:
    """Consent given: register the participant (a typed or a generated id), bound to this browser by a secret."""
    require_click(clicks)
    if "agree" not in (agree or []):
        return no_update, no_update, no_update, "Please tick the box to agree before you start."
    try:
        study = context.study_by_id((view or {}).get("study"))
        typed = (entered or "").strip() or None
        participant, secret = context.recorder().join(study.id, typed, secret=secret_for(secrets, study.id, typed))
        context.recorder().record(study.id, participant, EventKind.CONSENT)
        return (context.view_of(study, participant, secret=secret), remember_participant(stored, study.id, participant),
                remember_secret(secrets, study.id, participant, secret), "")
    except USER_ERRORS as error:
        return no_update, no_update, no_update, error_span(error_text(error))


def leave_intro(clicks: Any, view: Any, *, context: StudyContext) -> tuple:
    require_click(clicks)
    try:
        study = context.study_by_id(view["study"])
        context.check(view)
        context.recorder().record(study.id, view["participant"], EventKind.INTRO)
        return context.view_of(study, view["participant"], secret=view.get("secret")), ""
    except PAGE_ERRORS as error:
        return no_update, error_span(error_text(error))


def send_sus(clicks: Any, answers: list, view: Any, *, context: StudyContext) -> tuple:
    require_click(clicks)
    missing = missing_sus_answers(answers)
    if missing:
        return no_update, error_span(sus_message(missing))
    try:
        study = context.study_by_id(view["study"])
        context.check(view)
        context.recorder().save_sus(study.id, view["participant"], list(answers))
        return context.view_of(study, view["participant"], secret=view.get("secret")), ""
    except PAGE_ERRORS as error:
        return no_update, error_span(error_text(error))


def new_participant(clicks: Any, stored: Any, secrets: Any, view: Any, sus_values: list) -> tuple:
    """Forget this browser's participant and their secret (a lab's shared computer); the next load starts at consent."""
    require_click(clicks)
    study_id = (view or {}).get("study")
    kept = {k: v for k, v in (stored or {}).items() if k != study_id}
    return kept, remember_secret(secrets, study_id, None, None), "", [], "", [None] * len(sus_values), ""


def show_stage(view: Any, last: Any) -> tuple:
    """Show the participant's stage; on a new task, load its graph and question into the normal app's stores."""
    if not isinstance(view, dict):
        return (no_update,) * 16
    stage = view.get("stage")
    participant = view.get("participant")
    hidden = [stage != s.value for s in _STAGES]
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
        graph_out, history_out, stages_out = graph, EMPTY_HISTORY, None
        question_out = question
        last_out = {"participant": participant, "task": view["task_id"], "graph": graph}
    return (*hidden, label, no_update, counter, view["prompt"], False, graph_out, history_out, stages_out,
            question_out, question_out, last_out)


def register(app: dash.Dash, context: StudyContext) -> None:
    """Attach the router and the participant-flow callbacks, each bound to ``context``."""
    app.callback(
        Output(ids.PAGE, "children"),
        Output(ids.PAGE_PATH, "data"),
        Input(ids.PAGE_URL, "pathname"),
        State(ids.PAGE_PATH, "data"),
    )(bind(route, context=context))
    app.callback(
        Output(ids.STUDY_PROGRESS, "data"),
        Output(ids.STUDY_ERROR, "data"),
        Output(ids.STUDY_SECRETS, "data"),
        Input(ids.PAGE_PATH, "data"),
        Input(ids.STUDY_PARTICIPANTS, "modified_timestamp"),
        State(ids.STUDY_PARTICIPANTS, "data"),
        State(ids.PAGE_URL, "search"),
        State(ids.STUDY_SECRETS, "data"),
    )(bind(load, context=context))
    app.callback(
        Output(ids.STUDY_MESSAGE, "children", allow_duplicate=True),
        Input(ids.STUDY_ERROR, "data"),
        prevent_initial_call=True,
    )(show_error)
    app.callback(
        Output(ids.STUDY_PROGRESS, "data", allow_duplicate=True),
        Output(ids.STUDY_PARTICIPANTS, "data"),
        Output(ids.STUDY_SECRETS, "data", allow_duplicate=True),
        Output(ids.STUDY_MESSAGE, "children", allow_duplicate=True),
        Input(ids.STUDY_START, "n_clicks"),
        State(ids.STUDY_CONSENT_AGREE, "value"),
        State(ids.STUDY_PARTICIPANT_INPUT, "value"),
        State(ids.STUDY_PROGRESS, "data"),
        State(ids.STUDY_PARTICIPANTS, "data"),
        State(ids.STUDY_SECRETS, "data"),
        prevent_initial_call=True,
    )(bind(start, context=context))
    app.callback(
        Output(ids.STUDY_PROGRESS, "data", allow_duplicate=True),
        Output(ids.STUDY_MESSAGE, "children", allow_duplicate=True),
        Input(ids.STUDY_INTRO_CONTINUE, "n_clicks"),
        State(ids.STUDY_PROGRESS, "data"),
        prevent_initial_call=True,
    )(bind(leave_intro, context=context))
    app.callback(
        Output(ids.STUDY_PROGRESS, "data", allow_duplicate=True),
        Output(ids.STUDY_SUS_MESSAGE, "children"),
        Input(ids.STUDY_SUS_SUBMIT, "n_clicks"),
        State(_SUS_ITEMS, "value"),
        State(ids.STUDY_PROGRESS, "data"),
        prevent_initial_call=True,
    )(bind(send_sus, context=context))
    app.callback(
        Output(ids.STUDY_PARTICIPANTS, "data", allow_duplicate=True),
        Output(ids.STUDY_SECRETS, "data", allow_duplicate=True),
        Output(ids.PAGE_URL, "search"),
        Output(ids.STUDY_CONSENT_AGREE, "value"),
        Output(ids.STUDY_PARTICIPANT_INPUT, "value", allow_duplicate=True),
        Output(_SUS_ITEMS, "value"),
        Output(ids.STUDY_MESSAGE, "children", allow_duplicate=True),
        Input(ids.STUDY_NEW_PARTICIPANT, "n_clicks"),
        State(ids.STUDY_PARTICIPANTS, "data"),
        State(ids.STUDY_SECRETS, "data"),
        State(ids.STUDY_PROGRESS, "data"),
        State(_SUS_ITEMS, "value"),
        prevent_initial_call=True,
    )(new_participant)
    _register_stage(app)


def _register_stage(app: dash.Dash) -> None:
    """Attach :func:`show_stage` and the task clock, which runs in the browser (``assets/study.js``)."""
    app.callback(
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
    )(show_stage)
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

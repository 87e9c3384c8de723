"""A task in progress: closing it (submit or skip) and recording what the participant does in the normal app.

Events are observed, not injected: the normal app's callbacks are unchanged, and these
listen to its stores and buttons. A change of the stages store means the pipeline
answered (``PIPELINE_RESULT``); a change of the graph store alone is a manual ``EDIT``,
unless it equals the graph last recorded (a restore on reload or a new task), which is
not counted.
"""

from __future__ import annotations

from typing import Any

import dash
from dash import Input, Output, State, ctx, no_update

from app.errors import USER_ERRORS
from app.graph.model import PrototypeGraph
from app.study import EventKind
from components import ids
from components.study.callbacks.context import (
    EMPTY_GRAPH,
    StudyContext,
    bind,
    error_span,
    error_text,
    in_task,
    require_click,
)
from components.study.views import graph_event, time_is_up

__all__ = ["close_task", "observe_graph", "observe_question", "observe_run", "observe_view", "register"]

_TAB_VIEWS = {ids.TAB_TABLE: "table", ids.TAB_GRAPH: "graph", ids.TAB_DASHBOARD: "dashboard"}


def close_task(submit: Any, skip: Any, graph_data: Any, view: Any, *, context: StudyContext) -> tuple:
    """Submit the canvas as the task's answer, or skip the task once its time is up.

    ``ctx.triggered_id`` says which of the two buttons was pressed.
    """
    require_click(submit, skip)
    if not in_task(view):
        return no_update, no_update
    skipped = ctx.triggered_id == ids.STUDY_SKIP
    participant = view["participant"]
    secret = view.get("secret")
    try:
        study = context.study_by_id(view["study"])
        context.check(view)  # the page's participant must be this browser's, whatever the page says
        if skipped and not time_is_up(context.view_of(study, participant, secret=secret, shown=False)):
            return no_update, "Skip is available once the time is up."
        graph = PrototypeGraph.model_validate(graph_data or EMPTY_GRAPH)
    except USER_ERRORS as error:
        return no_update, error_span(error_text(error))
    if not skipped and graph.is_empty():
        return no_update, "The canvas is empty: build your answer first."
    try:
        context.recorder().submit(study, participant, view["task_id"], graph.model_dump(mode="json"),
                                  skipped=skipped)
        after = context.view_of(study, participant, secret=secret)
    except USER_ERRORS as error:
        # e.g. the task was already closed in another tab: say so, and catch up with the database.
        try:
            caught_up = context.view_of(study, participant, secret=secret)
        except USER_ERRORS:
            caught_up = no_update
        return caught_up, error_span(error_text(error))
    return after, "Skipped." if skipped else "Answer submitted."


def observe_graph(graph_data: Any, stages: Any, view: Any, last: Any, *, context: StudyContext) -> tuple:
    """Record a pipeline answer or a manual edit of the current task's graph (``ctx`` says which store changed)."""
    if not in_task(view) or not isinstance(last, dict) or last.get("task") != view["task_id"]:
        return no_update, no_update
    graph = graph_data or EMPTY_GRAPH
    stages_changed = ids.STAGES_STORE in {key.split(".")[0] for key in ctx.triggered_prop_ids}
    kind = graph_event(graph, last.get("graph"), stages_changed=stages_changed, stages=stages)
    if kind is None:
        return no_update, no_update
    detail = {"total_ms": stages.get("total_ms")} if kind == "pipeline_result" and isinstance(stages, dict) else None
    error = context.record(view, EventKind(kind), graph=graph, detail=detail)
    return {**last, "graph": graph}, error


def observe_question(clicks: Any, question: str | None, graph_data: Any, view: Any, *, context: StudyContext) -> Any:
    require_click(clicks)
    question = (question or "").strip()
    if not in_task(view) or not question:
        return no_update
    return context.record(view, EventKind.QUESTION, graph=graph_data, detail={"question": question})


def observe_run(clicks: Any, graph_data: Any, view: Any, *, context: StudyContext) -> Any:
    require_click(clicks)
    return context.record(view, EventKind.RUN, graph=graph_data) if in_task(view) else no_update


def observe_view(tab: str | None, seen: str | None, graph_data: Any, view: Any, *, context: StudyContext) -> tuple:
    """Record a switch of results tab: the SPARQL tab, or a view of the results."""
    # Only a switch of tabs is a view: Dash also calls this when the page appears, with the first tab.
    if not in_task(view) or not tab or tab == seen:
        return no_update, no_update
    if tab == ids.TAB_SPARQL:
        return tab, context.record(view, EventKind.SPARQL_VIEW, graph=graph_data)
    return tab, context.record(view, EventKind.RESULT_VIEW, graph=graph_data,
                               detail={"view": _TAB_VIEWS.get(tab, tab)})


def register(app: dash.Dash, context: StudyContext) -> None:
    """Attach the task callbacks, each bound to ``context``."""
    app.callback(
        Output(ids.STUDY_PROGRESS, "data", allow_duplicate=True),
        Output(ids.STUDY_MESSAGE, "children", allow_duplicate=True),
        Input(ids.STUDY_SUBMIT, "n_clicks"),
        Input(ids.STUDY_SKIP, "n_clicks"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.STUDY_PROGRESS, "data"),
        prevent_initial_call=True,
    )(bind(close_task, context=context))
    app.callback(
        Output(ids.STUDY_LAST_GRAPH, "data"),
        Output(ids.STUDY_ERROR, "data", allow_duplicate=True),
        Input(ids.GRAPH_STORE, "data"),
        Input(ids.STAGES_STORE, "data"),
        State(ids.STUDY_PROGRESS, "data"),
        State(ids.STUDY_LAST_GRAPH, "data"),
        prevent_initial_call=True,
    )(bind(observe_graph, context=context))
    app.callback(
        Output(ids.STUDY_ERROR, "data", allow_duplicate=True),
        Input(ids.ASK_BUTTON, "n_clicks"),
        State(ids.QUESTION, "value"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.STUDY_PROGRESS, "data"),
        prevent_initial_call=True,
    )(bind(observe_question, context=context))
    app.callback(
        Output(ids.STUDY_ERROR, "data", allow_duplicate=True),
        Input(ids.RUN_QUERY_BUTTON, "n_clicks"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.STUDY_PROGRESS, "data"),
        prevent_initial_call=True,
    )(bind(observe_run, context=context))
    app.callback(
        Output(ids.STUDY_TAB_SEEN, "data"),
        Output(ids.STUDY_ERROR, "data", allow_duplicate=True),
        Input(ids.RESULTS_TABS, "value"),
        State(ids.STUDY_TAB_SEEN, "data"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.STUDY_PROGRESS, "data"),
        prevent_initial_call=True,
    )(bind(observe_view, context=context))

"""The ask panel: example questions, the pipeline as a cancellable background job, and its stage strip."""

from __future__ import annotations

import threading
from collections.abc import Callable

import dash
from dash import ALL, Input, Output, State, ctx, html, no_update

from app.errors import USER_ERRORS, PipelineCancelled
from app.nl.pipeline import PipelineResult, extract_graph
from app.resources import Resources
from app.settings import Settings
from components import ids, views
from components.callbacks.common import (
    bind,
    commit,
    error_span,
    error_text,
    ontology_or_none,
    resources_for,
)
from components.jobs import current_cancel_event
from components.wording import message_lines, plural

__all__ = ["ask", "message_list", "register", "run_pipeline", "show_stages", "use_example"]

#: ``set_progress((percent, label))``, as Dash hands it to a background callback.
ProgressSetter = Callable[[tuple[str, str]], None]

# The pipeline's stages in the user's words; any other text (e.g. "waiting: 2 questions ahead") is shown as is.
STAGE_LABELS = {
    "examples": "Reading the question",
    "raw pass": "Reading the question",
    "evidence": "Reading the question",
    "retrieval": "Finding matching classes and links",
    "constrained pass": "Choosing classes and links",
    "entity linking": "Looking up named things",
    "clean-up": "Checking the graph",
    "done": "Done",
}


def use_example(clicks: list[int | None], texts: list[str]) -> str:
    """The clicked example's text, into the question box."""
    if not ctx.triggered_id or not any(clicks):
        return no_update
    return texts[ctx.triggered_id["index"]]


def run_pipeline(question: str, resources: Resources, set_progress: ProgressSetter,
                 cancel: threading.Event | None = None) -> PipelineResult:
    """:func:`extract_graph`, reporting each stage to the progress bar."""
    def progress(stage: str, fraction: float) -> None:
        percent = max(5, min(100, round(fraction * 100)))
        label = STAGE_LABELS.get(stage) or str(stage).replace("_", " ").capitalize()
        set_progress((str(percent), label + "…"))

    return extract_graph(question, resources, progress=progress, cancel=cancel)


def ask(set_progress: ProgressSetter, _clicks: int | None, question: str | None, source: dict | None,
        graph_data: dict | None, history: dict | None, *, settings: Settings) -> tuple:
    """Draft a graph for the question: graph, history, stages, the question asked, and a summary."""
    question = (question or "").strip()
    if not question:
        return no_update, no_update, no_update, no_update, "Type a question first."
    set_progress(("5", "Loading…"))
    try:
        result = run_pipeline(question, resources_for(settings, source), set_progress, cancel=current_cancel_event())
    except PipelineCancelled:
        return no_update, no_update, no_update, no_update, "Cancelled."
    except USER_ERRORS as error:
        return no_update, no_update, no_update, no_update, error_span(error_text(error))
    if result.not_understood:
        # The canvas keeps what the user had: a question the draft could not read replaces nothing.
        return no_update, no_update, views.strip_data(result), question, message_list(result.messages)
    graph_json, history_json = commit(graph_data, result.graph, history)
    stages = views.strip_data(result)
    summary = (f"Drafted {plural(len(result.graph.nodes), 'node')} and {plural(len(result.graph.edges), 'link')} "
               f"in {stages['total_ms']:.0f} ms.")
    waited_ms = (result.timings_ms or {}).get("waiting", 0.0)
    if waited_ms >= 1000:
        summary += f" {waited_ms / 1000:.0f} s of it waiting for other questions."
    if graph_json is no_update:
        # The same graph again still refreshes the strip and the question.
        summary = "Same graph as before. " + summary
    return graph_json, history_json, stages, question, message_list([summary, *(result.messages or [])])


def message_list(messages: list) -> list:
    """One line per fact, each once: the summary first, then what the draft has to say."""
    return [html.Div(line, className="message-line") for line in message_lines(messages)]


def show_stages(data: dict | None, source: dict | None, *, settings: Settings) -> list:
    return views.stage_strip(data, ontology_or_none(settings, source))


def register(app: dash.Dash, settings: Settings) -> None:
    app.callback(
        Output(ids.QUESTION, "value"),
        Input({"type": ids.EXAMPLE_TYPE, "index": ALL}, "n_clicks"),
        State({"type": ids.EXAMPLE_TYPE, "index": ALL}, "children"),
        prevent_initial_call=True,
    )(use_example)
    app.callback(
        Output(ids.GRAPH_STORE, "data", allow_duplicate=True),
        Output(ids.HISTORY_STORE, "data", allow_duplicate=True),
        Output(ids.STAGES_STORE, "data"),
        Output(ids.QUESTION_STORE, "data"),
        Output(ids.ASK_MESSAGE, "children"),
        Input(ids.ASK_BUTTON, "n_clicks"),
        State(ids.QUESTION, "value"),
        State(ids.SOURCE_STORE, "data"),
        State(ids.GRAPH_STORE, "data"),
        State(ids.HISTORY_STORE, "data"),
        background=True,
        progress=[Output(ids.PROGRESS_BAR, "value"), Output(ids.PROGRESS_LABEL, "children")],
        progress_default=["0", ""],
        running=[
            (Output(ids.ASK_BUTTON, "disabled"), True, False),
            (Output(ids.CANCEL_BUTTON, "disabled"), False, True),
        ],
        cancel=[Input(ids.CANCEL_BUTTON, "n_clicks")],
        prevent_initial_call=True,
    )(bind(ask, settings=settings))
    app.callback(
        Output(ids.STAGE_STRIP, "children"),
        Input(ids.STAGES_STORE, "data"),
        State(ids.SOURCE_STORE, "data"),
    )(bind(show_stages, settings=settings))

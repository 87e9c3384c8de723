"""The data source bar: pick a sample, upload a file or connect an endpoint; then load it."""

from __future__ import annotations

import dash
from dash import Input, Output, State, ctx, html, no_update

from app.errors import USER_ERRORS, SourceError
from app.settings import Settings
from components import ids, views
from app.sources import parse_source, save_upload, source_label
from components.callbacks.common import bind, error_span, error_text, resources_for
from components.layout import ENDPOINT_VALUE, UPLOAD_VALUE

__all__ = ["choose_source", "load_source", "register"]


def choose_source(choice: str | None, contents: str | None, _connect: int | None, _submit: int | None,
                  filename: str | None, url: str | None, current: dict | None, *, settings: Settings) -> tuple:
    """The chosen source (stored only when it changes), which input rows show, and a status line."""
    upload_hidden, endpoint_hidden = choice != UPLOAD_VALUE, choice != ENDPOINT_VALUE
    trigger = ctx.triggered_id
    try:
        if trigger == ids.SOURCE_UPLOAD and contents:
            source = save_upload(settings, filename, contents).model_dump()
        elif trigger in (ids.SOURCE_CONNECT, ids.SOURCE_ENDPOINT) or (choice == ENDPOINT_VALUE and url):
            if not url:
                return no_update, upload_hidden, endpoint_hidden, "Enter the endpoint's URL."
            # Parsing refuses a malformed URL before it is stored.
            source = parse_source({"kind": "endpoint", "url": url.strip()}).model_dump()
        elif choice and choice.startswith("sample:"):
            source = parse_source({"kind": "sample", "name": choice.split(":", 1)[1]}).model_dump()
        else:
            return no_update, upload_hidden, endpoint_hidden, no_update
    except SourceError as error:
        return no_update, upload_hidden, endpoint_hidden, error_span(error_text(error))
    if source == current:
        return no_update, upload_hidden, endpoint_hidden, no_update
    return source, upload_hidden, endpoint_hidden, f"Loading {source_label(source)}…"


def load_source(source: dict | None, *, settings: Settings) -> tuple:
    """The status line (what was loaded, with counts) and the source's example questions."""
    # Loading happens once per process and source; later sessions get the cached resources.
    try:
        resources = resources_for(settings, source)
        ontology = resources.ontology
        stats = ontology.stats()
        status = f"{source_label(source)} · {stats['classes']:,} classes, {stats['object_properties']:,} links"
        if resources.settings.kg or resources.settings.endpoint:
            counts = resources.instance_counts
            if isinstance(counts, dict) and "instances" in counts:
                status += f", {counts['instances']:,} instances"
    except USER_ERRORS as error:
        return error_span(f"Could not load {source_label(source)}: {error_text(error)}"), []
    examples = views.example_questions(source, ontology)
    return status, [html.Li(html.Button(q, id=ids.example_button(i), className="link-btn"))
                    for i, q in enumerate(examples)]


def register(app: dash.Dash, settings: Settings) -> None:
    app.callback(
        Output(ids.SOURCE_STORE, "data", allow_duplicate=True),
        Output(ids.SOURCE_UPLOAD_ROW, "hidden"),
        Output(ids.SOURCE_ENDPOINT_ROW, "hidden"),
        Output(ids.SOURCE_STATUS, "children", allow_duplicate=True),
        Input(ids.SOURCE_SELECT, "value"),
        Input(ids.SOURCE_UPLOAD, "contents"),
        Input(ids.SOURCE_CONNECT, "n_clicks"),
        Input(ids.SOURCE_ENDPOINT, "n_submit"),
        State(ids.SOURCE_UPLOAD, "filename"),
        State(ids.SOURCE_ENDPOINT, "value"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call=True,
    )(bind(choose_source, settings=settings))
    app.callback(
        Output(ids.SOURCE_STATUS, "children"),
        Output(ids.EXAMPLES, "children"),
        Input(ids.SOURCE_STORE, "data"),
    )(bind(load_source, settings=settings))

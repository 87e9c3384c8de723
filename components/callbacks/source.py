"""The data source bar: pick a sample, upload a file or connect an endpoint; then load it.

An upload is checked for size in the browser first (:func:`upload_check_js`): a file
over the limit never leaves it, and the status line says why. Only a file within the
limit reaches the server, through ``SOURCE_UPLOAD_PAYLOAD``, so no other callback
carries its bytes.
"""

from __future__ import annotations

import json

import dash
from dash import Input, Output, State, ctx, html, no_update

from app.errors import USER_ERRORS, SourceError
from app.settings import Settings
from app.sources import hide_upload_path, parse_source, save_upload, source_label
from components import ids, views
from components.callbacks.common import bind, error_span, error_text, resources_for
from components.layout import ENDPOINT_VALUE, UPLOAD_VALUE

__all__ = ["choose_source", "load_source", "register", "upload_check_js", "upload_source"]


def choose_source(choice: str | None, _connect: int | None, _submit: int | None, url: str | None,
                  current: dict | None, *, settings: Settings) -> tuple:
    """The chosen source (stored only when it changes), which input rows show, and a status line."""
    upload_hidden, endpoint_hidden = choice != UPLOAD_VALUE, choice != ENDPOINT_VALUE
    trigger = ctx.triggered_id
    try:
        if trigger in (ids.SOURCE_CONNECT, ids.SOURCE_ENDPOINT) or (choice == ENDPOINT_VALUE and url):
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
    return _stored(source, current) + (upload_hidden, endpoint_hidden, _loading(source, current))


def upload_source(payload: dict | None, current: dict | None, *, settings: Settings) -> tuple:
    """Save an upload that passed the browser's size check: the new source and a status line."""
    if not payload or not payload.get("contents"):
        return no_update, no_update
    try:
        source = save_upload(settings, payload.get("filename") or "", payload["contents"]).model_dump()
    except SourceError as error:
        return no_update, error_span(error_text(error))
    return _stored(source, current) + (_loading(source, current),)


def _stored(source: dict, current: dict | None) -> tuple:
    return (no_update,) if source == current else (source,)


def _loading(source: dict, current: dict | None) -> object:
    return no_update if source == current else f"Loading {source_label(source)}…"


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
        # A loader names the file it read; for an upload that is a server path, shown as the user's name.
        reason = hide_upload_path(settings, source, error_text(error))
        return error_span(f"Could not load {source_label(source)}: {reason}"), []
    examples = views.example_questions(source, ontology)
    return status, [html.Li(html.Button(q, id=ids.example_button(i), className="link-btn"))
                    for i, q in enumerate(examples)]


def upload_check_js(max_mb: int) -> str:
    """The browser side of an upload: pass it on within ``max_mb``, else say it is too large."""
    limit = json.dumps(max_mb * 1024 * 1024)
    return f"""function(contents, filename) {{
        const none = window.dash_clientside.no_update;
        if (!contents) {{ return [none, none]; }}
        const encoded = contents.length - contents.indexOf(",") - 1;
        if (Math.floor(encoded * 3 / 4) > {limit}) {{
            const message = (filename || "this file") + ": larger than the upload limit of {max_mb} MB";
            return [none, {{namespace: "dash_html_components", type: "Span",
                            props: {{children: message, className: "error"}}}}];
        }}
        return [{{filename: filename, contents: contents}}, none];
    }}"""


def register(app: dash.Dash, settings: Settings) -> None:
    app.callback(
        Output(ids.SOURCE_STORE, "data", allow_duplicate=True),
        Output(ids.SOURCE_UPLOAD_ROW, "hidden"),
        Output(ids.SOURCE_ENDPOINT_ROW, "hidden"),
        Output(ids.SOURCE_STATUS, "children", allow_duplicate=True),
        Input(ids.SOURCE_SELECT, "value"),
        Input(ids.SOURCE_CONNECT, "n_clicks"),
        Input(ids.SOURCE_ENDPOINT, "n_submit"),
        State(ids.SOURCE_ENDPOINT, "value"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call=True,
    )(bind(choose_source, settings=settings))
    app.clientside_callback(
        upload_check_js(settings.upload_max_mb),
        Output(ids.SOURCE_UPLOAD_PAYLOAD, "data"),
        Output(ids.SOURCE_STATUS, "children", allow_duplicate=True),
        Input(ids.SOURCE_UPLOAD, "contents"),
        State(ids.SOURCE_UPLOAD, "filename"),
        prevent_initial_call=True,
    )
    app.callback(
        Output(ids.SOURCE_STORE, "data", allow_duplicate=True),
        Output(ids.SOURCE_STATUS, "children", allow_duplicate=True),
        Input(ids.SOURCE_UPLOAD_PAYLOAD, "data"),
        State(ids.SOURCE_STORE, "data"),
        prevent_initial_call=True,
    )(bind(upload_source, settings=settings))
    app.callback(
        Output(ids.SOURCE_STATUS, "children"),
        Output(ids.EXAMPLES, "children"),
        Input(ids.SOURCE_STORE, "data"),
    )(bind(load_source, settings=settings))

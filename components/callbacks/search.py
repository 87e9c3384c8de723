"""What the server-side searches share: typing is debounced in the browser, meaning needs the index, counts decorate.

A searchable dropdown's typed text reaches the server only once typing
pauses (:func:`debounce`): each dropdown has a store, ``ids.search_text(id)``,
that a clientside callback fills after :data:`DEBOUNCE_MS` of quiet. The
server answers with options ranked for that text, and each option carries the
text in its ``search`` field, so the dropdown keeps what the server found by
meaning instead of filtering it away again by label.
"""

from __future__ import annotations

import logging
import threading

import dash
from dash import Input, Output

from app.errors import USER_ERRORS
from app.resources import Resources
from components import ids

__all__ = ["DEBOUNCE_MS", "debounce", "index_or_none", "instance_counts"]

log = logging.getLogger(__name__)

#: Quiet time after the last keystroke before the server is asked.
DEBOUNCE_MS = 250

# The typed text is kept per dropdown; a timer that finds newer text there gives up, so only the last one asks.
_DEBOUNCE_JS = """
function (text) {
    const latest = (window.protographSearch = window.protographSearch || {});
    latest[%(key)s] = text;
    if (!text) { return text === undefined ? null : text; }
    return new Promise(function (resolve) {
        setTimeout(function () {
            resolve(latest[%(key)s] === text ? text : window.dash_clientside.no_update);
        }, %(delay)d);
    });
}
"""

_LOADING: set[int] = set()
_LOADING_LOCK = threading.Lock()


def debounce(app: dash.Dash, dropdown: str) -> None:
    """Copy ``dropdown``'s typed text into ``ids.search_text(dropdown)`` once typing pauses."""
    script = _DEBOUNCE_JS % {"key": repr(dropdown), "delay": DEBOUNCE_MS}
    app.clientside_callback(script, Output(ids.search_text(dropdown), "data"), Input(dropdown, "search_value"))


def index_or_none(resources: Resources, text: str | None):
    """The embedding index if loaded; otherwise start loading it in the background, and search by name for now.

    A keystroke never waits for a model, but a source switched to after start-up
    still gets search by meaning a few seconds later.
    """
    if not text:
        return None
    if resources.is_loaded("index"):
        return resources.index
    with _LOADING_LOCK:
        if id(resources) in _LOADING:
            return None
        _LOADING.add(id(resources))
    threading.Thread(target=_load_index, args=(resources,), name="protograph-index", daemon=True).start()
    return None


def _load_index(resources: Resources) -> None:
    try:
        _ = resources.index  # builds it once for every later search
    except USER_ERRORS as error:
        log.info("search by meaning is off: %s", error)
    finally:
        with _LOADING_LOCK:
            _LOADING.discard(id(resources))


def instance_counts(resources: Resources, kind: str) -> dict[str, int] | None:
    """Instances per class (``kind="classes"``), uses per link (``"links"``) or per attribute (``"attributes"``).

    ``None`` when the source has no instances or counting failed: counts only decorate a search.
    """
    if not (resources.settings.kg or resources.settings.endpoint):
        return None
    try:
        counts = resources.instance_counts
    except USER_ERRORS:
        return None
    found = counts.get(kind) if isinstance(counts, dict) else None
    return found if isinstance(found, dict) else None

"""Callbacks: thin wiring between the page and the app layer, one module per panel.

Each callback is a module-level function that reads the session's stores, calls
one function of ``app`` (or a pure helper of :mod:`components.views`), and
returns what the page shows; each module's ``register(app, settings)`` wires
its functions. State lives only in the browser's ``dcc.Store`` components, so
sessions never see each other; resources (ontology, store, models) come from
the process-wide, read-only cache of :func:`app.resources.get_resources`.

- :mod:`~components.callbacks.source`: the data source bar
- :mod:`~components.callbacks.ask`: examples, the pipeline job, the stage strip
- :mod:`~components.callbacks.canvas`: drawing, description, URL, selection
- :mod:`~components.callbacks.history`: the history menu (question and restatement) and comparing two entries
- :mod:`~components.callbacks.toolbar`: adding nodes and links, undo/redo/clear
- :mod:`~components.callbacks.instruct`: edit by instruction (preview as a difference, apply, discard)
- :mod:`~components.callbacks.inspector`, :mod:`~components.callbacks.constraints`: editing one node or edge
- :mod:`~components.callbacks.results`, :mod:`~components.callbacks.exports`: results, charts, downloads
- :mod:`~components.callbacks.dashboard`: the Dashboard tab (charts worth a look, and why)
- :mod:`~components.callbacks.explore`: an instance's card from the results, and "Use in query"
- :mod:`~components.callbacks.shaping`: the "Shape results" panel (count, sort, limit)
- :mod:`~components.callbacks.sparql_editor`: the query text and its editor
- :mod:`~components.callbacks.common`: what they share (graph commits, edit wrappers, error text)
"""

from __future__ import annotations

import dash

from app.settings import Settings
from components.callbacks import (
    ask,
    canvas,
    constraints,
    dashboard,
    explore,
    exports,
    history,
    inspector,
    instruct,
    results,
    shaping,
    source,
    sparql_editor,
    toolbar,
)
from components.callbacks.common import commit, resources_for

__all__ = ["commit", "register_callbacks", "resources_for"]

PANELS = (source, ask, canvas, history, toolbar, instruct, inspector, constraints, results, dashboard, explore, shaping, exports, sparql_editor)


def register_callbacks(app: dash.Dash, settings: Settings | None = None) -> None:
    """Attach every callback of the page to ``app``; ``settings`` are the server's defaults."""
    settings = settings or Settings()
    for panel in PANELS:
        panel.register(app, settings)

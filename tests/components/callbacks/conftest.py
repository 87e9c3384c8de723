"""Calling callbacks without a browser: the default sample, plain store dicts, and a stand-in trigger.

Dash reads ``ctx.triggered_id`` from a context variable that it sets around
each callback; :func:`triggered` sets the same variable, so a test says which
input fired just as the browser would.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

import dash
import pytest
from dash._callback_context import context_value
from dash._utils import AttributeDict

from app.settings import Settings


@contextlib.contextmanager
def _triggered(*components: str | dict, prop: str = "n_clicks") -> Iterator[None]:
    """Run the body as if ``components``' ``prop`` had just changed (none: the initial call)."""
    inputs = [{"prop_id": f"{dash.stringify_id(c) if isinstance(c, dict) else c}.{prop}", "value": None}
              for c in components]
    token = context_value.set(AttributeDict(triggered_inputs=inputs))
    try:
        yield
    finally:
        context_value.reset(token)


@pytest.fixture(scope="session")
def settings() -> Settings:
    """The server's defaults: the bundled DBpedia-style sample."""
    return Settings()


@pytest.fixture
def works(golden_graph) -> dict:
    """The graph store of the works-by-ice-hockey-players graph."""
    return golden_graph("a_works_by_ice_hockey_players").model_dump(mode="json")


@pytest.fixture(scope="session")
def triggered() -> Callable[..., contextlib.AbstractContextManager[None]]:
    """``with triggered(ids.UNDO_BUTTON): ...``: the body runs as if that input had just fired."""
    return _triggered


@pytest.fixture
def sample() -> dict:
    """The session's data source store: the bundled sample."""
    return {"kind": "sample", "name": "dbpedia_sample"}

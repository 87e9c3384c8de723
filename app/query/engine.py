"""What the app needs from a knowledge graph, whichever engine answers.

Two engines implement it: :class:`app.query.embedded.EmbeddedStore` (pyoxigraph)
and :class:`app.query.remote.RemoteEndpoint` (SPARQL 1.1 over HTTP). Both answer
in :class:`app.query.sparql_results.SparqlResults` and fail with the typed
errors of :mod:`app.errors`.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from app.query.sparql_results import SparqlResults

__all__ = ["DEFAULT_TIMEOUT", "KnowledgeGraph"]

DEFAULT_TIMEOUT = 30.0


@runtime_checkable
class KnowledgeGraph(Protocol):
    """What the app needs from a knowledge graph, whichever engine answers."""

    name: str

    def select(self, query: str, *, timeout: float | None = None) -> SparqlResults: ...

    def ask(self, query: str, *, timeout: float | None = None) -> bool: ...

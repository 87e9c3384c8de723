"""How many instances each class and link has in a knowledge graph, computed once per store.

The counts only decorate the class and link search, so they must never hold it up:
they run with a short time limit, and a failure (a hanging or odd endpoint) is
remembered for a while, so the next keystrokes fail at once instead of waiting again.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from app.caching import KeyedCache
from app.errors import QueryError
from app.query.engine import KnowledgeGraph
from ontology_loaders.vocab import RDF_TYPE

__all__ = ["COUNTS_RETRY_S", "COUNTS_TIMEOUT_S", "instance_counts"]

#: The time limit of each count query.
COUNTS_TIMEOUT_S = 5.0
#: How long a failure is remembered before the counts are asked for again.
COUNTS_RETRY_S = 60.0

_COUNT_QUERIES = {
    "classes": "SELECT ?key (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s a ?key } GROUP BY ?key",
    "links": "SELECT ?key (COUNT(*) AS ?n) WHERE { ?s ?key ?o FILTER(isIRI(?o) && ?key != "
    f"<{RDF_TYPE}>) }} GROUP BY ?key",
    "attributes": "SELECT ?key (COUNT(*) AS ?n) WHERE { ?s ?key ?o FILTER(isLiteral(?o)) } GROUP BY ?key",
    "triples": "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }",
    "instances": "SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s a ?c }",
}
# store key -> (monotonic time of the failure, the error), for every store that failed lately
_FAILURES: KeyedCache[Any, tuple[float, QueryError]] = KeyedCache(max_size=64)


def _key(store: KnowledgeGraph) -> Any:
    # Stores for one endpoint share its failures; other stores are told apart by identity.
    url = getattr(store, "url", None)
    return ("url", url) if isinstance(url, str) else ("store", id(store))


def instance_counts(
    store: KnowledgeGraph, *, timeout: float | None = COUNTS_TIMEOUT_S, retry_after: float = COUNTS_RETRY_S
) -> dict:
    """Instances per class, uses per link and per attribute, triples and typed instances.

    Computed once: an embedded store caches the answer as JSON beside its
    directory (valid as long as the directory, which is keyed on the data's
    hash); other stores keep it in memory for the process.

    :raises QueryError: the counts failed now or within the last ``retry_after`` seconds.

    >>> from app.query.embedded import EmbeddedStore
    >>> store = EmbeddedStore(data='<http://e.org/a> a <http://e.org/C> ; <http://e.org/p> <http://e.org/b> .')
    >>> instance_counts(store)
    {'classes': {'http://e.org/C': 1}, 'links': {'http://e.org/p': 1}, 'attributes': {}, 'triples': 2, 'instances': 1}
    """
    path: Path | None = getattr(store, "counts_path", None)
    if path is not None and path.exists():
        try:
            cached = json.loads(path.read_text())
            if "attributes" in cached:  # a cache from before attributes were counted is recomputed
                return cached
        except ValueError:
            pass  # a damaged cache is recomputed
    memo = getattr(store, "_protograph_counts", None)
    if memo is not None:
        return memo
    failed = _FAILURES.get(_key(store))
    if failed is not None and time.monotonic() - failed[0] < retry_after:
        raise QueryError(str(failed[1]))
    try:
        counts = _count(store, timeout)
    except QueryError as error:
        _FAILURES.put(_key(store), (time.monotonic(), error))
        raise
    _FAILURES.pop(_key(store))
    if path is not None:
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(counts))
        tmp.replace(path)
    try:
        store._protograph_counts = counts  # type: ignore[attr-defined]
    except AttributeError:
        pass  # a store that takes no attributes just recomputes
    return counts


def _count(store: KnowledgeGraph, timeout: float | None) -> dict[str, Any]:
    counts: dict[str, Any] = {}
    for key, query in _COUNT_QUERIES.items():
        try:
            rows = store.select(query, timeout=timeout).bindings
        except QueryError:
            if key != "attributes":
                raise
            rows = []  # attribute counts only decorate the attribute search: an endpoint may refuse them alone
        if key in ("classes", "links", "attributes"):
            per_key = {r["key"]["value"]: _number(r, store) for r in rows if r.get("key", {}).get("type") == "uri"}
            counts[key] = dict(sorted(per_key.items(), key=lambda kv: (-kv[1], kv[0])))
        else:
            counts[key] = _number(rows[0], store) if rows else 0
    return counts


def _number(row: dict[str, Any], store: KnowledgeGraph) -> int:
    """The row's count ``?n``; an answer without one is the endpoint's fault, not a bug here."""
    try:
        return int(row["n"]["value"])
    except (KeyError, TypeError, ValueError):
        raise QueryError(f"the {store.name} answered the instance counts without a number ?n") from None

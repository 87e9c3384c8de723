"""How many instances each class and link has in a knowledge graph, computed once per store."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app.query.engine import KnowledgeGraph
from ontology_loaders.vocab import RDF_TYPE

__all__ = ["instance_counts"]

_COUNT_QUERIES = {
    "classes": "SELECT ?key (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s a ?key } GROUP BY ?key",
    "links": "SELECT ?key (COUNT(*) AS ?n) WHERE { ?s ?key ?o FILTER(isIRI(?o) && ?key != "
    f"<{RDF_TYPE}>) }} GROUP BY ?key",
    "triples": "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }",
    "instances": "SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s a ?c }",
}


def instance_counts(store: KnowledgeGraph, *, timeout: float | None = None) -> dict:
    """Instances per class and per link, triples and typed instances.

    Computed once: an embedded store caches the answer as JSON beside its
    directory (valid as long as the directory, which is keyed on the data's
    hash); other stores keep it in memory for the process.

    >>> from app.query.embedded import EmbeddedStore
    >>> store = EmbeddedStore(data='<http://e.org/a> a <http://e.org/C> ; <http://e.org/p> <http://e.org/b> .')
    >>> instance_counts(store)
    {'classes': {'http://e.org/C': 1}, 'links': {'http://e.org/p': 1}, 'triples': 2, 'instances': 1}
    """
    path: Path | None = getattr(store, "counts_path", None)
    if path is not None and path.exists():
        try:
            return json.loads(path.read_text())
        except ValueError:
            pass  # a damaged cache is recomputed
    memo = getattr(store, "_protograph_counts", None)
    if memo is not None:
        return memo
    counts = _count(store, timeout)
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
        rows = store.select(query, timeout=timeout).bindings
        if key in ("classes", "links"):
            per_key = {r["key"]["value"]: int(r["n"]["value"]) for r in rows if r.get("key", {}).get("type") == "uri"}
            counts[key] = dict(sorted(per_key.items(), key=lambda kv: (-kv[1], kv[0])))
        else:
            counts[key] = int(rows[0]["n"]["value"]) if rows else 0
    return counts

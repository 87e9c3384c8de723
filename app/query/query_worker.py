"""A query worker: a child process that runs the embedded store's queries, one at a time.

Started by :class:`app.query.pool.QueryPool` as ``python -m app.query.query_worker``
(never forked from the threaded server). It speaks JSON lines: the first line on
standard input names the store, either ``{"directory": path}`` (opened read-only)
or ``{"nquads": text}`` (loaded in memory); each later line is a query
``{"kind": "select"|"ask"|"construct", "query": text}``, answered on standard output
by ``{"ok": value}`` or ``{"error": "syntax"|"store"|"bug", "message": text}``.
The parent kills the process when a query outlives its deadline, which stops
the CPU work too; a closed standard input ends the loop.

Imports only pyoxigraph, so a new worker is ready in about 0.1 s.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from typing import Any, BinaryIO

import pyoxigraph

__all__ = ["answer", "collect_rows", "collect_triples", "main", "open_store", "term_json"]

# The same IRIs as ontology_loaders.vocab; not imported, to keep the worker's start short.
_XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"
_RDF_LANG_STRING = "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString"


def term_json(term: Any) -> dict[str, Any]:
    """A pyoxigraph term as a SPARQL JSON binding term."""
    if isinstance(term, pyoxigraph.NamedNode):
        return {"type": "uri", "value": term.value}
    if isinstance(term, pyoxigraph.BlankNode):
        return {"type": "bnode", "value": term.value}
    if isinstance(term, pyoxigraph.Literal):
        out: dict[str, Any] = {"type": "literal", "value": term.value}
        if term.language:
            out["xml:lang"] = term.language
        elif term.datatype.value not in (_XSD_STRING, _RDF_LANG_STRING):
            out["datatype"] = term.datatype.value
        return out
    if isinstance(term, pyoxigraph.Triple):
        return {
            "type": "triple",
            "value": {
                "subject": term_json(term.subject),
                "predicate": term_json(term.predicate),
                "object": term_json(term.object),
            },
        }
    raise TypeError(f"unexpected RDF term {term!r}")


def collect_rows(solutions: pyoxigraph.QuerySolutions) -> dict[str, Any]:
    """``{"vars": [...], "bindings": [...]}`` in SPARQL JSON terms."""
    names = [v.value for v in solutions.variables]
    rows = []
    for solution in solutions:
        row = {}
        for name in names:
            term = solution[name]
            if term is not None:
                row[name] = term_json(term)
        rows.append(row)
    return {"vars": names, "bindings": rows}


def collect_triples(triples: Iterable[Any]) -> str:
    """CONSTRUCT or DESCRIBE triples as N-Triples text."""
    lines = [f"{t.subject} {t.predicate} {t.object} ." for t in triples]
    return "\n".join(lines) + ("\n" if lines else "")


def answer(store: pyoxigraph.Store, kind: str, query: str) -> Any:
    """Run one query of ``kind`` and return its JSON-ready value."""
    result = store.query(query)
    if kind == "select":
        return collect_rows(result)
    if kind == "ask":
        return bool(result)
    return collect_triples(result)


def open_store(spec: dict[str, Any]) -> pyoxigraph.Store:
    if "directory" in spec:
        return pyoxigraph.Store.read_only(spec["directory"])
    store = pyoxigraph.Store()
    store.load(spec.get("nquads", ""), pyoxigraph.RdfFormat.N_QUADS)
    return store


def _reply(out: BinaryIO, message: dict[str, Any]) -> None:
    out.write(json.dumps(message).encode() + b"\n")
    out.flush()


def main(stdin: BinaryIO, stdout: BinaryIO) -> None:
    try:
        store = open_store(json.loads(stdin.readline()))
    except (OSError, ValueError, SyntaxError) as error:
        _reply(stdout, {"error": "store", "message": str(error)})
        return
    _reply(stdout, {"ok": "ready"})
    for line in stdin:
        request = json.loads(line)
        try:
            _reply(stdout, {"ok": answer(store, request["kind"], request["query"])})
        except SyntaxError as error:
            _reply(stdout, {"error": "syntax", "message": str(error)})
        except OSError as error:
            _reply(stdout, {"error": "store", "message": str(error)})
        except Exception as error:  # reported to the parent, which raises it as a bug
            _reply(stdout, {"error": "bug", "message": f"{type(error).__name__}: {error}"})


if __name__ == "__main__":
    protocol = sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must not corrupt the protocol
    main(sys.stdin.buffer, protocol)

"""Running gold and generated queries, and normalising their results for comparison.

Results are compared the FIRESPARQL way: a row is the sorted tuple of its
values, each value without datatype or language tag, so variable names and
column order play no part. ASK gives one row, ``("true",)`` or ``("false",)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

__all__ = ["QueryRunner", "answer_values", "endpoint_runner", "normalise_rows", "store_runner"]

Row = tuple[str, ...]
QueryRunner = Callable[[str], frozenset[Row]]
"""Runs one SPARQL query and returns its normalised result rows; raises on failure."""


def _value(term: object) -> str:
    """The bare value of an RDF term: IRI text or literal lexical form, no tags."""
    value = getattr(term, "value", None)
    return str(value) if value is not None else str(term)


def normalise_rows(rows: Iterable[Sequence[object]]) -> frozenset[Row]:
    """Rows as sorted tuples of bare values; unbound values are left out.

    >>> sorted(normalise_rows([("b", "a"), ("a", "b"), ("c", None)]))
    [('a', 'b'), ('c',)]
    """
    return frozenset(tuple(sorted(_value(v) for v in row if v is not None)) for row in rows)


def answer_values(rows: Iterable[Row]) -> frozenset[str]:
    """Every value in the result, the answer set that set-based P/R/F1 compares."""
    return frozenset(value for row in rows for value in row)


def store_runner(paths: Sequence[Path], *, timeout_s: float | None = None) -> QueryRunner:
    """An in-memory pyoxigraph store loaded from RDF files."""
    import pyoxigraph

    store = pyoxigraph.Store()
    for path in paths:
        store.bulk_load(path=str(path), format=pyoxigraph.RdfFormat.from_extension(Path(path).suffix.lstrip(".")))
    return lambda query: _oxigraph_rows(store.query(query))


def _oxigraph_rows(result: object) -> frozenset[Row]:
    import pyoxigraph

    if isinstance(result, pyoxigraph.QueryBoolean):
        return frozenset({(str(bool(result)).lower(),)})
    if isinstance(result, pyoxigraph.QuerySolutions):
        names = [v.value for v in result.variables]
        return normalise_rows([solution[name] for name in names] for solution in result)
    raise ValueError("only SELECT and ASK queries can be compared")


def endpoint_runner(url: str, *, timeout_s: float = 30.0) -> QueryRunner:
    """A remote SPARQL endpoint, through SPARQLWrapper's JSON results."""
    from SPARQLWrapper import JSON, SPARQLWrapper

    def run(query: str) -> frozenset[Row]:
        client = SPARQLWrapper(url)
        client.setTimeout(int(timeout_s))
        client.setReturnFormat(JSON)
        client.setQuery(query)
        data = client.query().convert()
        if "boolean" in data:
            return frozenset({(str(bool(data["boolean"])).lower(),)})
        names = data["head"].get("vars", [])
        return normalise_rows(
            [binding[name]["value"] if name in binding else None for name in names]
            for binding in data["results"]["bindings"]
        )

    return run

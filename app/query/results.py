"""What the user reads from results: a labelled table, and the kind of each column.

Charts of the same results are drawn by :mod:`app.query.charts`; the instance
graph by :func:`components.elements.instance_elements`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from app.query.compile import label_variable
from app.query.sparql_results import SparqlResults
from ontology_loaders.vocab import (
    DATE_DATATYPES,
    NUMBER_DATATYPES,
    XSD_BOOLEAN,
    instance_label,
)

__all__ = ["WKT", "Column", "ColumnKind", "ResultsTable", "column_kinds", "python_value", "results_table"]

WKT = "http://www.opengis.net/ont/geosparql#wktLiteral"


class ColumnKind(str, Enum):
    IRI = "iri"
    TEXT = "text"
    NUMBER = "number"
    DATE = "date"
    BOOLEAN = "boolean"
    WKT = "wkt"
    EMPTY = "empty"


def _kind(term: dict[str, Any]) -> ColumnKind:
    if term.get("type") in ("uri", "bnode"):
        return ColumnKind.IRI
    datatype = term.get("datatype")
    if datatype in NUMBER_DATATYPES:
        return ColumnKind.NUMBER
    if datatype in DATE_DATATYPES:
        return ColumnKind.DATE
    if datatype == XSD_BOOLEAN:
        return ColumnKind.BOOLEAN
    if datatype == WKT:
        return ColumnKind.WKT
    return ColumnKind.TEXT


def column_kinds(results: SparqlResults) -> dict[str, ColumnKind]:
    """One kind per variable: the kind all its bound values share, else text.

    >>> r = SparqlResults.model_validate({"head": {"vars": ["n", "x"]}, "results": {"bindings": [
    ...     {"n": {"type": "literal", "value": "3", "datatype": "http://www.w3.org/2001/XMLSchema#integer"}}]}})
    >>> {k: v.value for k, v in column_kinds(r).items()}
    {'n': 'number', 'x': 'empty'}
    """
    kinds: dict[str, ColumnKind] = {}
    for var in results.vars:
        seen = {_kind(row[var]) for row in results.bindings if var in row}
        kinds[var] = seen.pop() if len(seen) == 1 else (ColumnKind.EMPTY if not seen else ColumnKind.TEXT)
    return kinds


def python_value(term: dict[str, Any] | None) -> Any:
    """A binding term as a Python value: numbers and booleans converted, everything else its text."""
    if term is None:
        return None
    kind = _kind(term)
    value = term.get("value")
    if kind is ColumnKind.NUMBER:
        try:
            number = float(value)
        except (TypeError, ValueError):
            return value
        return int(number) if term.get("datatype", "").endswith(("integer", "int", "long", "short", "byte")) and number.is_integer() else number
    if kind is ColumnKind.BOOLEAN:
        return value in ("true", "1")
    return value


# -- the table -------------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    id: str
    name: str
    kind: ColumnKind
    iri_of: str | None = None  # for a label column: the variable whose IRI it names


@dataclass
class ResultsTable:
    columns: list[Column]
    rows: list[dict[str, Any]] = field(default_factory=list)

    def records(self) -> list[dict[str, Any]]:
        """Rows keyed by column name, for pandas or a plain-text printer."""
        return [{c.name: row.get(c.id) for c in self.columns} for row in self.rows]


def results_table(results: SparqlResults) -> ResultsTable:
    """Rows for display: each IRI column gets a label column beside it.

    The label is the ``?x_label`` value the compiler asks for, or the IRI's
    local name when the knowledge graph has none.

    >>> r = SparqlResults.model_validate({"head": {"vars": ["p", "p_label"]}, "results": {"bindings": [
    ...     {"p": {"type": "uri", "value": "http://dbpedia.org/resource/Ken_Dryden"}},
    ...     {"p": {"type": "uri", "value": "http://e.org/w"}, "p_label": {"type": "literal", "value": "Wayne"}}]}})
    >>> t = results_table(r)
    >>> [c.id for c in t.columns], [row["p_label"] for row in t.rows]
    (['p_label', 'p'], ['Ken Dryden', 'Wayne'])
    """
    kinds = column_kinds(results)
    names = results.vars
    label_of = {label_variable(v): v for v in names if label_variable(v) in names}
    columns: list[Column] = []
    for var in names:
        if var in label_of:
            continue
        if kinds[var] is ColumnKind.IRI or label_variable(var) in names:
            columns.append(Column(label_variable(var), var, ColumnKind.TEXT, iri_of=var))
            columns.append(Column(var, f"{var} IRI", ColumnKind.IRI))
        else:
            columns.append(Column(var, var, kinds[var]))
    rows = []
    for binding in results.bindings:
        row: dict[str, Any] = {}
        for column in columns:
            if column.iri_of is not None:
                label = binding.get(column.id)
                iri = binding.get(column.iri_of)
                if label is not None:
                    row[column.id] = label["value"]
                elif iri is not None:
                    row[column.id] = instance_label(iri["value"]) if iri.get("type") == "uri" else iri["value"]
                else:
                    row[column.id] = None
            else:
                row[column.id] = python_value(binding.get(column.id))
        rows.append(row)
    return ResultsTable(columns, rows)

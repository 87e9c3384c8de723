"""Reading rdflib's SPARQL algebra: a graph pattern as nested groups, and filters as constraints.

:func:`group_of` flattens a WHERE pattern into :class:`Group` values (triples,
filters, VALUES rows, OPTIONAL and FILTER NOT EXISTS children) and raises
:class:`CannotDrawError` for anything else; :func:`read_constraint` recognises
the filters the compiler writes, :func:`read_count_condition` its HAVING. All
serve :mod:`app.query.parse`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rdflib import Literal, Variable
from rdflib.plugins.sparql.algebra import translateGroupGraphPattern
from rdflib.plugins.sparql.parserutils import CompValue

from app.errors import CannotDrawError
from ontology_loaders.vocab import XSD_BOOLEAN, XSD_DOUBLE, XSD_INTEGER, XSD_STRING

__all__ = [
    "Group",
    "describe",
    "group_of",
    "is_label_filter",
    "literal_value",
    "read_constraint",
    "read_count_condition",
    "vars_in",
]

_OPS = {"=": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
_FLIPPED = {"=": "=", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}
_CONSTRUCT_NAMES = {
    "Union": "UNION",
    "Minus": "MINUS",
    "Graph": "GRAPH",
    "Extend": "BIND",
    "ServiceGraphPattern": "SERVICE",
    "SelectQuery": "a subquery",
    "Group": "GROUP BY",
    "AggregateJoin": "an aggregate",
    "ToMultiSet": "VALUES",
}


@dataclass
class Group:
    """One group of a WHERE pattern; OPTIONAL and FILTER NOT EXISTS groups nest inside it."""

    triples: list[tuple[Any, Any, Any]] = field(default_factory=list)
    filters: list[Any] = field(default_factory=list)
    values: list[dict] = field(default_factory=list)
    optionals: list[Group] = field(default_factory=list)
    negations: list[Group] = field(default_factory=list)


def group_of(pattern: Any) -> Group:
    """The groups of an rdflib algebra pattern.

    :raises CannotDrawError: the pattern uses something a prototype graph cannot show (UNION, BIND, …).
    """
    group = Group()
    _walk(pattern, group)
    return group


def _walk(p: Any, group: Group) -> None:
    name = getattr(p, "name", type(p).__name__)
    if name == "BGP":
        group.triples.extend(p.triples)
    elif name == "Join":
        _walk(p.p1, group)
        _walk(p.p2, group)
    elif name == "LeftJoin":
        _walk(p.p1, group)
        inner = Group()
        _walk(p.p2, inner)
        expr = p.get("expr")
        if expr is not None and getattr(expr, "name", "") != "TrueFilter":
            _add_filter(expr, inner)
        group.optionals.append(inner)
    elif name == "Filter":
        _walk(p.p, group)
        _add_filter(p.expr, group)
    elif name == "ToMultiSet":
        group.values.extend(p.p.res)
    else:
        raise CannotDrawError(_CONSTRUCT_NAMES.get(name, name))


def _add_filter(expr: Any, group: Group) -> None:
    for conjunct in _conjuncts(expr):
        if getattr(conjunct, "name", "") == "Builtin_NOTEXISTS":
            inner = Group()
            _walk(translateGroupGraphPattern(conjunct.graph), inner)
            group.negations.append(inner)
        elif getattr(conjunct, "name", "") == "Builtin_EXISTS":
            raise CannotDrawError("FILTER EXISTS")
        else:
            group.filters.append(conjunct)


def _conjuncts(expr: Any) -> list[Any]:
    if getattr(expr, "name", "") == "ConditionalAndExpression":
        out = _conjuncts(expr.expr)
        for other in expr.other or []:
            out.extend(_conjuncts(other))
        return out
    return [expr]


def vars_in(expr: Any) -> set[str]:
    if isinstance(expr, Variable):
        return {str(expr)}
    found: set[str] = set()
    if isinstance(expr, CompValue):
        for key, value in expr.items():
            if key != "_vars":
                found |= vars_in(value)
    elif isinstance(expr, (list, tuple)):
        for value in expr:
            found |= vars_in(value)
    return found


def describe(expr: Any) -> str:
    if isinstance(expr, Variable):
        return f"?{expr}"
    if isinstance(expr, CompValue):
        return expr.name.replace("Builtin_", "").replace("Expression", " expression").upper()
    return str(expr)


# -- constraints -------------------------------------------------------------------------


def _strip_var(expr: Any) -> str | None:
    """``?v``, ``STR(?v)``, ``LCASE(?v)``, ``LCASE(STR(?v))`` → ``v``."""
    while isinstance(expr, CompValue) and expr.name in ("Builtin_STR", "Builtin_LCASE"):
        expr = expr.arg
    return str(expr) if isinstance(expr, Variable) else None


def _strip_literal(expr: Any) -> Literal | None:
    while isinstance(expr, CompValue) and expr.name == "Builtin_LCASE":
        expr = expr.arg
    return expr if isinstance(expr, Literal) else None


def literal_value(literal: Literal) -> tuple[Any, str | None]:
    """A constraint value and datatype, in the form the compiler writes back identically."""
    datatype = str(literal.datatype) if literal.datatype else None
    text = str(literal)
    if datatype is None or datatype == XSD_STRING:
        return text, None
    if datatype == XSD_BOOLEAN and text in ("true", "false"):
        return text == "true", None
    if datatype == XSD_INTEGER and re.fullmatch(r"[+-]?\d+", text) and str(int(text)) == text:
        return int(text), None
    if datatype == XSD_DOUBLE:
        try:
            number = float(text)
        except ValueError:
            return text, datatype
        if repr(number) == text:
            return number, None
    return text, datatype


def read_constraint(expr: Any) -> tuple[str, dict] | None:
    """Recognise one filter as a constraint on a value variable: ``(variable, constraint fields)``."""
    name = getattr(expr, "name", "")
    if name == "RelationalExpression" and expr.op in _OPS and not isinstance(expr.other, list):
        left_var, right_var = _strip_var(expr.expr), _strip_var(expr.other)
        op = expr.op
        if left_var and isinstance(expr.other, Literal):
            var, literal = left_var, expr.other
        elif right_var and isinstance(expr.expr, Literal):
            var, literal, op = right_var, expr.expr, _FLIPPED[op]
        else:
            return None
        value, datatype = literal_value(literal)
        return var, {"op": op, "value": value, "datatype": datatype}
    if name in ("Builtin_CONTAINS", "Builtin_STRSTARTS"):
        var, literal = _strip_var(expr.arg1), _strip_literal(expr.arg2)
        if var and literal is not None:
            return var, {"op": "contains" if name == "Builtin_CONTAINS" else "startswith", "value": str(literal)}
    if name == "Builtin_REGEX":
        var, literal = _strip_var(expr.text), expr.pattern
        if var and isinstance(literal, Literal):
            return var, {"op": "regex", "value": str(literal)}
    if name == "Builtin_LANGMATCHES":
        inner = expr.arg1
        if getattr(inner, "name", "") == "Builtin_LANG" and isinstance(inner.arg, Variable) and isinstance(expr.arg2, Literal):
            return str(inner.arg), {"op": "lang", "value": str(expr.arg2)}
    return None


def read_count_condition(expr: Any, count_vars: set[str]) -> dict:
    """A HAVING as the graph's count condition ``{"op", "value"}``: the count compared with a whole number.

    ``count_vars`` are the names rdflib gives the count inside HAVING: one per ``COUNT(?x)`` it
    repeats, and the sample of the count's alias when HAVING names it (``HAVING (?count > 5)``).

    :raises CannotDrawError: any other HAVING (two conditions, another aggregate, a fraction, …).
    """
    name = getattr(expr, "name", "")
    if name == "ConditionalAndExpression":
        raise CannotDrawError("HAVING with more than one condition (a graph keeps one bound on the count)")
    if name == "RelationalExpression" and expr.op in _OPS and not isinstance(expr.other, list):
        if isinstance(expr.expr, Variable) and str(expr.expr) in count_vars:
            bound, op = expr.other, expr.op
        elif isinstance(expr.other, Variable) and str(expr.other) in count_vars:
            bound, op = expr.expr, _FLIPPED[expr.op]
        else:
            bound = op = None
        if isinstance(bound, Literal):
            value, datatype = literal_value(bound)
            if type(value) is int and value >= 0 and datatype is None:
                return {"op": op, "value": value}
            raise CannotDrawError(f"HAVING that compares the count with {bound.n3()} "
                                  "(only a whole number of at least 0)")
    raise CannotDrawError("a HAVING other than the count compared with a whole number, as in HAVING (COUNT(?x) > 5)")


def is_label_filter(expr: Any, var: str) -> bool:
    """The compiler's language filter on a label: LANG(?l) = "" || LANGMATCHES(LANG(?l), "en"), or either half."""
    name = getattr(expr, "name", "")
    if name == "ConditionalOrExpression":
        return is_label_filter(expr.expr, var) and all(is_label_filter(o, var) for o in expr.other or [])
    if name == "Builtin_LANGMATCHES":
        return read_constraint(expr) is not None and read_constraint(expr)[0] == var
    if name == "RelationalExpression" and expr.op == "=":
        return getattr(expr.expr, "name", "") == "Builtin_LANG" and str(expr.expr.arg) == var
    return False

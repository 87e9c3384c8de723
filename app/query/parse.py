"""SPARQL → prototype graph: the way back from the SPARQL tab to the canvas.

Covers everything :func:`app.query.compile.compile_sparql` emits and hand-written
SELECT queries made of basic graph patterns, FILTER, OPTIONAL, FILTER NOT
EXISTS, VALUES, COUNT(DISTINCT)/GROUP BY, ORDER BY, LIMIT and OFFSET.
Anything else raises :class:`CannotDrawError` naming the construct
("cannot be drawn: UNION").

rdflib parses (its parser and algebra only; its query engine never runs).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rdflib import BNode, Literal, URIRef, Variable
from rdflib.paths import MulPath, Path, SequencePath
from rdflib.plugins.sparql.algebra import translateGroupGraphPattern, translateQuery
from rdflib.plugins.sparql.parser import parseQuery
from rdflib.plugins.sparql.parserutils import CompValue

from app.errors import CannotDrawError, QuerySyntaxError
from app.graph.model import NODE_ID_PATTERN, PrototypeGraph, make_node_id
from app.query.compile import OWL_THING, RDF_TYPE, RDFS_LABEL, RDFS_SUBCLASS_OF, XSD

__all__ = ["CannotDrawError", "parse_sparql"]

import re

_NODE_ID = re.compile(NODE_ID_PATTERN)
_OPS = {"=": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
_FLIPPED = {"=": "=", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}
_INTEGER = {XSD + n for n in ("integer", "int", "long", "short", "byte", "nonNegativeInteger", "positiveInteger",
                              "nonPositiveInteger", "negativeInteger", "unsignedInt", "unsignedLong",
                              "unsignedShort", "unsignedByte")}
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
class _Group:
    triples: list[tuple[Any, Any, Any]] = field(default_factory=list)
    filters: list[Any] = field(default_factory=list)
    values: list[dict] = field(default_factory=list)
    optionals: list[_Group] = field(default_factory=list)
    negations: list[_Group] = field(default_factory=list)


def _walk(p: Any, group: _Group) -> None:
    name = getattr(p, "name", type(p).__name__)
    if name == "BGP":
        group.triples.extend(p.triples)
    elif name == "Join":
        _walk(p.p1, group)
        _walk(p.p2, group)
    elif name == "LeftJoin":
        _walk(p.p1, group)
        inner = _Group()
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


def _add_filter(expr: Any, group: _Group) -> None:
    for conjunct in _conjuncts(expr):
        if getattr(conjunct, "name", "") == "Builtin_NOTEXISTS":
            inner = _Group()
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


def _vars_in(expr: Any) -> set[str]:
    if isinstance(expr, Variable):
        return {str(expr)}
    found: set[str] = set()
    if isinstance(expr, CompValue):
        for key, value in expr.items():
            if key != "_vars":
                found |= _vars_in(value)
    elif isinstance(expr, (list, tuple)):
        for value in expr:
            found |= _vars_in(value)
    return found


def _show(expr: Any) -> str:
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


def _value(literal: Literal) -> tuple[Any, str | None]:
    """A constraint value and datatype, in the form the compiler writes back identically."""
    datatype = str(literal.datatype) if literal.datatype else None
    text = str(literal)
    if datatype is None or datatype == XSD + "string":
        return text, None
    if datatype == XSD + "boolean" and text in ("true", "false"):
        return text == "true", None
    if datatype == XSD + "integer" and re.fullmatch(r"[+-]?\d+", text) and str(int(text)) == text:
        return int(text), None
    if datatype == XSD + "double":
        try:
            number = float(text)
        except ValueError:
            return text, datatype
        if repr(number) == text:
            return number, None
    return text, datatype


def _constraint(expr: Any) -> tuple[str, dict] | None:
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
        value, datatype = _value(literal)
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


def _is_label_filter(expr: Any, var: str) -> bool:
    """The compiler's language filter on a label: LANG(?l) = "" || LANGMATCHES(LANG(?l), "en"), or either half."""
    name = getattr(expr, "name", "")
    if name == "ConditionalOrExpression":
        return _is_label_filter(expr.expr, var) and all(_is_label_filter(o, var) for o in expr.other or [])
    if name == "Builtin_LANGMATCHES":
        return _constraint(expr) is not None and _constraint(expr)[0] == var
    if name == "RelationalExpression" and expr.op == "=":
        return getattr(expr.expr, "name", "") == "Builtin_LANG" and str(expr.expr.arg) == var
    return False


# -- building the graph -------------------------------------------------------------------


class _Builder:
    def __init__(self) -> None:
        self.order: list[str] = []  # node variables, in order of appearance
        self.classes: dict[str, tuple[str, bool]] = {}
        self.instances: dict[str, list[str]] = {}
        self.constants: dict[str, str] = {}  # IRI -> node id
        self.edges: list[dict] = []
        self.value_vars: dict[str, tuple[str, str]] = {}  # value variable -> (node, property)
        self.constraints: dict[str, list[dict]] = {}
        self.label_vars: set[str] = set()
        self.top_level: set[str] = set()  # nodes bound outside any OPTIONAL or NOT EXISTS

    def node(self, term: Any) -> str:
        if isinstance(term, Variable):
            name = str(term)
            if not _NODE_ID.match(name):
                raise CannotDrawError(f"the variable name ?{name} (use letters, digits and _, at most 64)")
        elif isinstance(term, URIRef):
            iri = str(term)
            if iri not in self.constants:
                local = re.split(r"[#/]", iri.rstrip("/#"))[-1]
                name = make_node_id(local, set(self.order) | set(self.constants.values()))
                self.constants[iri] = name
                self.instances[name] = [iri]
            name = self.constants[iri]
        elif isinstance(term, BNode):
            raise CannotDrawError("a blank node")
        else:
            raise CannotDrawError(f"the literal subject {term}")
        if name not in self.order:
            self.order.append(name)
        return name


def _class_path(predicate: Any) -> bool | None:
    """True for rdf:type/rdfs:subClassOf*, False for rdf:type, None otherwise."""
    if isinstance(predicate, URIRef):
        return False if str(predicate) == RDF_TYPE else None
    if isinstance(predicate, SequencePath) and len(predicate.args) == 2:
        first, second = predicate.args
        if (
            isinstance(first, URIRef) and str(first) == RDF_TYPE
            and isinstance(second, MulPath) and str(second.path) == RDFS_SUBCLASS_OF and second.mod == "*"
        ):
            return True
    return None


def _interpret(
    group: _Group,
    builder: _Builder,
    outer: set[str],
    mode: str | None,
    value_candidates: set[str],
) -> None:
    """Turn one group into nodes, edges and constraints; ``mode`` marks edges that reach ``outer``."""
    # A label OPTIONAL: exactly ?x rdfs:label ?l (+ its language filter); it adds nothing to the graph.
    if mode == "optional" and len(group.triples) == 1 and not (group.optionals or group.negations or group.values):
        s, p, o = group.triples[0]
        if (isinstance(s, Variable) and isinstance(p, URIRef) and str(p) == RDFS_LABEL and isinstance(o, Variable)
                and str(s) in outer and all(_is_label_filter(f, str(o)) for f in group.filters)):
            builder.label_vars.add(str(o))
            return

    local = set(outer)
    for row in group.values:
        for var, value in row.items():
            if not isinstance(value, URIRef):
                raise CannotDrawError(f"VALUES with the non-IRI value {value}")
            name = builder.node(var)
            if value_candidates and str(var) in value_candidates:
                value_candidates.discard(str(var))
            builder.instances.setdefault(name, [])
            if str(value) not in builder.instances[name]:
                builder.instances[name].append(str(value))
            local.add(name)
    for s, p, o in group.triples:
        kind = _class_path(p)
        if kind is not None and isinstance(o, URIRef):
            name = builder.node(s)
            previous = builder.classes.get(name)
            if previous is not None and previous != (str(o), kind):
                raise CannotDrawError(f"more than one class for {_show(s)}")
            builder.classes[name] = (str(o), kind)
            local.add(name)
    for s, p, o in group.triples:
        if _class_path(p) is not None and isinstance(o, URIRef):
            continue
        if isinstance(p, Variable):
            raise CannotDrawError(f"a variable predicate (?{p})")
        if isinstance(p, Path):
            raise CannotDrawError(f"the property path {p.n3()}")
        source = builder.node(s)
        if isinstance(o, Variable) and str(o) in value_candidates:
            builder.value_vars[str(o)] = (source, str(p))
            local.add(source)
            continue
        if isinstance(o, Literal):
            value, datatype = _value(o)
            builder.constraints.setdefault(source, []).append(
                {"property": str(p), "op": "=", "value": value, "datatype": datatype}
            )
            local.add(source)
            continue
        target = builder.node(o)
        edge = {"source": source, "link": str(p), "target": target}
        if mode and (source in outer or target in outer):
            edge[mode] = True
        builder.edges.append(edge)
        local.update((source, target))
    if mode is None:
        builder.top_level |= local
    for child in group.optionals:
        _interpret(child, builder, local, "optional", value_candidates)
    for child in group.negations:
        _interpret(child, builder, local, "negated", value_candidates)
    for expr in group.filters:
        recognised = _constraint(expr)
        if recognised is None or recognised[0] not in builder.value_vars:
            raise CannotDrawError(f"the FILTER {_show(expr)} on {', '.join('?' + v for v in sorted(_vars_in(expr))) or 'constants'}")
        var, fields = recognised
        node, prop = builder.value_vars[var]
        builder.constraints.setdefault(node, []).append({"property": prop, **fields})


def _value_candidates(root: _Group, projected: set[str]) -> set[str]:
    """Variables that only carry an attribute value: one triple, as its object, filtered, never returned."""
    uses: dict[str, int] = {}
    typed: set[str] = set()
    filtered: set[str] = set()
    objects: set[str] = set()

    def visit(group: _Group) -> None:
        for s, p, o in group.triples:
            for position, term in (("s", s), ("o", o)):
                if isinstance(term, Variable):
                    uses[str(term)] = uses.get(str(term), 0) + 1
                    if position == "o":
                        objects.add(str(term))
            if _class_path(p) is not None and isinstance(s, Variable):
                typed.add(str(s))
        for expr in group.filters:
            recognised = _constraint(expr)
            if recognised:
                filtered.add(recognised[0])
        for row in group.values:
            typed.update(str(v) for v in row)
        for child in group.optionals + group.negations:
            visit(child)

    visit(root)
    return {v for v in filtered if uses.get(v) == 1 and v in objects and v not in typed and v not in projected}


def parse_sparql(query: str) -> PrototypeGraph:
    """Draw a SPARQL SELECT query as a prototype graph.

    :raises QuerySyntaxError: the text is not SPARQL.
    :raises CannotDrawError: the query uses something a prototype graph cannot show.

    >>> g = parse_sparql('''PREFIX dbo: <http://dbpedia.org/ontology/>
    ...     SELECT ?w WHERE { ?w a dbo:Work ; dbo:author ?p . ?p a dbo:Person } LIMIT 5''')
    >>> [n.id for n in g.nodes], g.edges[0].link, g.limit
    (['w', 'p'], 'http://dbpedia.org/ontology/author', 5)
    >>> parse_sparql("SELECT * WHERE { { ?s ?p ?o } UNION { ?o ?p ?s } }")
    Traceback (most recent call last):
    ...
    app.errors.CannotDrawError: cannot be drawn: UNION
    """
    try:
        parsed = translateQuery(parseQuery(query))
    except Exception as error:  # pyparsing and rdflib raise several unrelated types
        message = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise QuerySyntaxError(f"SPARQL syntax error: {message}") from None
    algebra = parsed.algebra
    if algebra.name != "SelectQuery":
        raise CannotDrawError(algebra.name.replace("Query", "").upper() + " query")
    if algebra.get("datasetClause"):
        raise CannotDrawError("FROM")

    p = algebra.p
    limit = offset = None
    if p.name == "Slice":
        limit = p.length
        offset = p.start or None
        p = p.p
    if p.name in ("Distinct", "Reduced"):
        p = p.p
    if p.name != "Project":
        raise CannotDrawError(p.name)
    projected = [str(v) for v in p.PV]
    p = p.p
    order_conditions = []
    if p.name == "OrderBy":
        order_conditions = list(p.expr)
        p = p.p
    renamed: dict[str, str] = {}  # projected name -> aggregate result
    if p.name == "Filter" and _vars_in(p.expr) and all(v.startswith("__agg_") for v in _vars_in(p.expr)):
        raise CannotDrawError("HAVING")
    while p.name == "Extend":
        if not isinstance(p.expr, Variable) or not str(p.expr).startswith("__agg_"):
            raise CannotDrawError("BIND or an expression in SELECT")
        renamed[str(p.var)] = str(p.expr)
        p = p.p
    count_var = count_of = None
    group_vars: list[str] = []
    if p.name == "Filter" and getattr(p.p, "name", "") == "AggregateJoin":
        raise CannotDrawError("HAVING")
    if p.name == "AggregateJoin":
        for aggregate in p.A:
            if aggregate.name == "Aggregate_Sample":
                continue
            if aggregate.name != "Aggregate_Count" or not isinstance(aggregate.vars, Variable):
                raise CannotDrawError(aggregate.name.replace("Aggregate_", "").upper() + " (only COUNT(DISTINCT ?x))")
            if count_of is not None:
                raise CannotDrawError("more than one COUNT")
            count_of = str(aggregate.vars)
            count_var = next((k for k, v in renamed.items() if v == str(aggregate.res)), None)
        p = p.p
        if p.name != "Group":
            raise CannotDrawError("an aggregate")
        group_vars = [str(v) for v in (p.expr or [])]
        p = p.p

    root = _Group()
    _walk(p, root)
    builder = _Builder()
    candidates = _value_candidates(root, set(projected))
    _interpret(root, builder, set(), None, candidates)
    for var in projected:
        if var not in builder.order and var != count_var and var not in builder.label_vars:
            raise CannotDrawError(f"the returned variable ?{var}, which is not a node")

    nodes = []
    # Returned nodes first, in SELECT order (the compiler writes them in graph order), then the
    # rest. The first node must come from the top-level group: the compiler keeps the first
    # node's side of every optional or negated edge required.
    in_projection = [v for v in projected if v in builder.order]
    ordered = in_projection + [v for v in builder.order if v not in in_projection]
    if ordered and ordered[0] not in builder.top_level:
        first = next((v for v in ordered if v in builder.top_level), None)
        if first is not None:
            ordered.remove(first)
            ordered.insert(0, first)
    for name in ordered:
        klass, subclasses = builder.classes.get(name, (OWL_THING, False))
        node: dict[str, Any] = {"id": name, "class": klass, "select": name in projected}
        if subclasses:
            node["include_subclasses"] = True
        if builder.instances.get(name):
            node["instances"] = builder.instances[name]
        if builder.constraints.get(name):
            node["constraints"] = builder.constraints[name]
        nodes.append(node)
    graph: dict[str, Any] = {"nodes": nodes, "edges": builder.edges, "limit": limit, "offset": offset}
    if count_of is not None:
        if count_of not in builder.order:
            raise CannotDrawError(f"COUNT of ?{count_of}, which is not a node")
        graph["aggregation"] = {"count": count_of, "group_by": [v for v in group_vars if v in builder.order]}
        if any(v not in builder.order and v not in builder.label_vars for v in group_vars):
            raise CannotDrawError("GROUP BY a variable that is not a node")
    order_by = []
    for condition in order_conditions:
        expr = condition.expr if getattr(condition, "name", "") == "OrderCondition" else condition
        descending = getattr(condition, "order", None) == "DESC"
        if not isinstance(expr, Variable):
            raise CannotDrawError("ORDER BY an expression")
        name = str(expr)
        if count_var is not None and name == count_var:
            order_by.append({"node": "count", "descending": descending})
        elif name in builder.order:
            order_by.append({"node": name, "descending": descending})
        else:
            raise CannotDrawError(f"ORDER BY ?{name}, which is not a node")
    graph["order_by"] = order_by
    try:
        return PrototypeGraph.model_validate(graph)
    except ValueError as error:
        raise CannotDrawError(f"an invalid graph ({error})") from None

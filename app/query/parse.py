"""SPARQL → prototype graph: the way back from the SPARQL tab to the canvas.

Covers everything :func:`app.query.compile.compile_sparql` emits and hand-written
SELECT queries made of basic graph patterns, FILTER, OPTIONAL, FILTER NOT
EXISTS, VALUES, COUNT(DISTINCT)/GROUP BY/HAVING, ORDER BY, LIMIT and OFFSET.
Anything else raises :class:`CannotDrawError` naming the construct
("cannot be drawn: UNION").

rdflib parses (its parser and algebra only; its query engine never runs).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rdflib import BNode, Literal, URIRef, Variable
from rdflib.paths import MulPath, Path, SequencePath
from rdflib.plugins.sparql.algebra import translateQuery
from rdflib.plugins.sparql.parser import parseQuery

from app.errors import CannotDrawError, QuerySyntaxError
from app.graph.layout import Block, layout
from app.graph.model import NODE_ID_PATTERN, AggregateFunction, PrototypeGraph, make_node_id, value_variable
from app.query.algebra import (
    Group,
    describe,
    group_of,
    is_label_filter,
    literal_value,
    read_constraint,
    read_count_condition,
    vars_in,
)
from ontology_loaders.vocab import (
    OWL_THING,
    RDF_TYPE,
    RDFS_LABEL,
    RDFS_SUBCLASS_OF,
    local_name,
)

__all__ = ["CannotDrawError", "parse_sparql"]

_NODE_ID = re.compile(NODE_ID_PATTERN)


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
        self.shown: dict[str, list[str]] = {}  # node -> attributes whose values are returned
        self.label_vars: dict[str, str] = {}  # label variable -> its node
        self.top_level: set[str] = set()  # nodes bound outside any OPTIONAL or NOT EXISTS
        self.opening: list[tuple[str, str, str, str]] = []  # (source, link, target, the new node it opens)

    def node(self, term: Any) -> str:
        if isinstance(term, Variable):
            name = str(term)
            if not _NODE_ID.match(name):
                raise CannotDrawError(f"the variable name ?{name} (use letters, digits and _, at most 64)")
        elif isinstance(term, URIRef):
            iri = str(term)
            if iri not in self.constants:
                name = make_node_id(local_name(iri), set(self.order) | set(self.constants.values()))
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
    group: Group,
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
                and str(s) in outer and all(is_label_filter(f, str(o)) for f in group.filters)):
            builder.label_vars[str(o)] = builder.node(s)
            return

    local = set(outer)
    opened = False
    _pinned(group, builder, local, value_candidates)
    for s, p, o in group.triples:
        kind = _class_path(p)
        if kind is not None and isinstance(o, URIRef):
            name = builder.node(s)
            previous = builder.classes.get(name)
            if previous is not None and previous != (str(o), kind):
                raise CannotDrawError(f"more than one class for {describe(s)}")
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
            value, datatype = literal_value(o)
            builder.constraints.setdefault(source, []).append(
                {"property": str(p), "op": "=", "value": value, "datatype": datatype}
            )
            local.add(source)
            continue
        target = builder.node(o)
        edge = {"source": source, "link": str(p), "target": target}
        if mode and (source in outer or target in outer):
            # The first edge from outside to a new node opens the group; the group's other
            # edges are required inside it (the compiler puts them back in the same group).
            if source in outer and target in outer:
                edge[mode] = True
            elif not opened:
                edge[mode] = opened = True
                builder.opening.append((source, str(p), target, target if source in outer else source))
        builder.edges.append(edge)
        local.update((source, target))
    if mode is None:
        builder.top_level |= local
    for child in group.optionals:
        _interpret(child, builder, local, "optional", value_candidates)
    for child in group.negations:
        _interpret(child, builder, local, "negated", value_candidates)
    for expr in group.filters:
        recognised = read_constraint(expr)
        if recognised is None or recognised[0] not in builder.value_vars:
            raise CannotDrawError(f"the FILTER {describe(expr)} on {', '.join('?' + v for v in sorted(vars_in(expr))) or 'constants'}")
        var, fields = recognised
        node, prop = builder.value_vars[var]
        builder.constraints.setdefault(node, []).append({"property": prop, **fields})


def _pinned(group: Group, builder: _Builder, local: set[str], value_candidates: set[str]) -> None:
    """VALUES rows: the instances each node is pinned to."""
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


def _value_candidates(root: Group, projected: set[str], ordered: set[str] = frozenset()) -> set[str]:
    """Variables that only carry an attribute value: one triple, as its object, filtered or sorted by,
    or returned under the name the compiler gives a shown value (``?book_1_numberOfPages``).

    A filtered value is never returned; a value the rows are sorted by may be shown beside them.
    """
    uses: dict[str, int] = {}
    typed: set[str] = set()
    filtered: set[str] = set()
    objects: set[str] = set()
    shown: set[str] = set()

    def visit(group: Group) -> None:
        for s, p, o in group.triples:
            if isinstance(s, Variable) and isinstance(p, URIRef) and isinstance(o, Variable) and \
                    str(o) in projected and str(o) == value_variable(str(s), str(p)):
                shown.add(str(o))
            for position, term in (("s", s), ("o", o)):
                if isinstance(term, Variable):
                    uses[str(term)] = uses.get(str(term), 0) + 1
                    if position == "o":
                        objects.add(str(term))
            if _class_path(p) is not None and isinstance(s, Variable):
                typed.add(str(s))
        for expr in group.filters:
            recognised = read_constraint(expr)
            if recognised:
                filtered.add(recognised[0])
        for row in group.values:
            typed.update(str(v) for v in row)
        for child in group.optionals + group.negations:
            visit(child)

    visit(root)
    values = {v for v in filtered if v not in projected} | set(ordered) | shown
    return {v for v in values if uses.get(v) == 1 and v in objects and v not in typed}


# The aggregates of values a graph can hold, besides its count.
_FIGURES = frozenset(f.value for f in AggregateFunction) - {AggregateFunction.COUNT.value}


@dataclass
class _Modifiers:
    """What wraps the graph pattern of a SELECT: projection, order, slice, and one COUNT with its GROUP BY and HAVING."""

    projected: list[str]
    limit: int | None = None
    offset: int | None = None
    order_conditions: list[Any] = field(default_factory=list)
    count_var: str | None = None  # the projected name of the COUNT
    count_of: str | None = None  # the variable counted
    group_vars: list[str] = field(default_factory=list)
    having: dict | None = None  # the count's condition, as CountCondition fields
    function: str = "count"  # or avg, sum, min, max of the values in ``figure_of``
    figure_of: str | None = None  # the variable of values an average, sum, minimum or maximum computes


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
    modifiers, pattern = _unwrap(algebra.p)
    root = group_of(pattern)
    builder = _Builder()
    figured = {modifiers.figure_of} if modifiers.figure_of else set()
    candidates = _value_candidates(root, set(modifiers.projected), _ordered_variables(modifiers) | figured)
    _interpret(root, builder, set(), None, candidates)
    sorted_by = _ordered_variables(modifiers)
    for var in modifiers.projected:  # a returned value that no sort explains is shown on its node
        if var in builder.value_vars and var not in sorted_by:
            builder.shown.setdefault(builder.value_vars[var][0], []).append(builder.value_vars[var][1])
    for var in modifiers.projected:
        if var not in builder.order and var != modifiers.count_var and var not in builder.label_vars and \
                var not in builder.value_vars:
            raise CannotDrawError(f"the returned variable ?{var}, which is not a node")
    graph: dict[str, Any] = {
        "nodes": _nodes(builder, modifiers.projected),
        "edges": builder.edges,
        "limit": modifiers.limit,
        "offset": modifiers.offset,
    }
    if modifiers.count_of is not None or modifiers.figure_of is not None:
        graph["aggregation"] = _aggregation(builder, modifiers)
    graph["order_by"] = _order_by(builder, modifiers)
    try:
        drawn = PrototypeGraph.model_validate(graph)
    except ValueError as error:
        raise CannotDrawError(f"an invalid graph ({error})") from None
    _check_optional_parts(drawn, builder.opening)
    return drawn


def _check_optional_parts(graph: PrototypeGraph, opening: list[tuple[str, str, str, str]]) -> None:
    """Refuse a drawing whose optional parts would not be the query's: the graph marks links, not nodes.

    The compiler makes the end of an optional link that is farther from the first node optional
    (:mod:`app.graph.layout`); an OPTIONAL whose new node is the nearer end cannot be drawn as it is.
    """
    heads: dict[tuple[str, str, str], list[str]] = {}

    def walk(block: Block) -> None:
        if block.link is not None:
            heads[(block.link.source, block.link.link, block.link.target)] = block.nodes
        for child in block.children:
            walk(child)

    walk(layout(graph))
    for source, link, target, new in opening:
        if new not in heads.get((source, link, target), []):
            raise CannotDrawError(f"an OPTIONAL or NOT EXISTS that makes ?{new} optional while the graph would "
                                  f"make the other end of its link optional")


def _unwrap(p: Any) -> tuple[_Modifiers, Any]:
    """Peel slice, DISTINCT, projection and ORDER BY off the algebra; the graph pattern is what remains."""
    limit = offset = None
    if p.name == "Slice":
        limit = p.length
        offset = p.start or None
        p = p.p
    if p.name in ("Distinct", "Reduced"):
        p = p.p
    if p.name != "Project":
        raise CannotDrawError(p.name)
    modifiers = _Modifiers([str(v) for v in p.PV], limit, offset)
    p = p.p
    if p.name == "OrderBy":
        modifiers.order_conditions = list(p.expr)
        p = p.p
    return modifiers, _unwrap_count(p, modifiers)


def _unwrap_count(p: Any, modifiers: _Modifiers) -> Any:
    """Peel one COUNT(DISTINCT ?x), its GROUP BY and its HAVING off the algebra, into ``modifiers``."""
    steps = []  # above an aggregate: Extend names a SELECT expression, Filter is the HAVING
    bottom = p
    while bottom.name in ("Extend", "Filter"):
        steps.append(bottom)
        bottom = bottom.p
    if bottom.name != "AggregateJoin":
        if p.name == "Extend":
            raise CannotDrawError("BIND or an expression in SELECT")
        return p  # a Filter here is the WHERE clause's own
    renamed: dict[str, str] = {}  # projected name -> aggregate result
    conditions = [step.expr for step in steps if step.name == "Filter"]
    for step in steps:
        if step.name == "Extend":
            if not isinstance(step.expr, Variable) or not str(step.expr).startswith("__agg_"):
                raise CannotDrawError("BIND or an expression in SELECT")
            renamed[str(step.var)] = str(step.expr)
    count_vars = _read_count(bottom, modifiers, renamed)
    if len(conditions) > 1:
        raise CannotDrawError("HAVING with more than one condition (a graph keeps one bound on the count)")
    if conditions:
        modifiers.having = read_count_condition(conditions[0], count_vars)
    p = bottom.p
    if p.name != "Group":
        raise CannotDrawError("an aggregate")
    modifiers.group_vars = [str(v) for v in (p.expr or [])]
    return _rows_of_figure(p.p) if modifiers.figure_of is not None else p.p


def _rows_of_figure(p: Any) -> Any:
    """The pattern under an average's rows: the compiler wraps them in a SELECT DISTINCT subquery."""
    if p.name != "ToMultiSet":
        return p
    p = p.p
    if p.name in ("Distinct", "Reduced"):
        p = p.p
    return p.p if p.name == "Project" else p


def _read_count(join: Any, modifiers: _Modifiers, renamed: dict[str, str]) -> set[str]:
    """The one counted variable and its projected name, into ``modifiers``; the names HAVING may use for it.

    HAVING repeats the aggregate (rdflib computes it again under another name) or names the
    alias (rdflib samples it), so several COUNTs of one variable are still one count.
    """
    counts: dict[str, str] = {}  # aggregate result -> the variable counted
    samples: dict[str, str] = {}  # aggregate result -> the variable sampled
    figures: dict[str, tuple[str, str]] = {}  # aggregate result -> (avg / sum / min / max, the variable of values)
    for aggregate in join.A:
        function = aggregate.name.replace("Aggregate_", "").lower()
        if aggregate.name == "Aggregate_Sample":
            samples[str(aggregate.res)] = str(aggregate.vars)
            continue
        if function in _FIGURES and isinstance(aggregate.vars, Variable) and not aggregate.get("distinct"):
            figures[str(aggregate.res)] = (function, str(aggregate.vars))
            continue
        if aggregate.name != "Aggregate_Count" or not isinstance(aggregate.vars, Variable):
            raise CannotDrawError(function.upper() + " (only COUNT(DISTINCT ?x), or AVG, SUM, MIN, MAX of a value)")
        counts[str(aggregate.res)] = str(aggregate.vars)
    if len(set(counts.values())) + len(set(figures.values())) > 1:
        raise CannotDrawError("more than one aggregate")
    if figures:
        modifiers.function, modifiers.figure_of = next(iter(figures.values()))
        modifiers.count_var = next((k for k, v in renamed.items() if v in figures), None)
        return set(figures)
    if not counts:
        return set()
    modifiers.count_of = next(iter(counts.values()))
    modifiers.count_var = next((k for k, v in renamed.items() if v in counts), None)
    aliases = {res for res, var in samples.items() if modifiers.count_var is not None and var == modifiers.count_var}
    return set(counts) | aliases


def _nodes(builder: _Builder, projected: list[str]) -> list[dict[str, Any]]:
    """Returned nodes first, in SELECT order (the compiler writes them in graph order), then the rest.

    The first node must come from the top-level group: the compiler keeps the first
    node's side of every optional or negated edge required.
    """
    in_projection = [v for v in projected if v in builder.order]
    ordered = in_projection + [v for v in builder.order if v not in in_projection]
    if ordered and ordered[0] not in builder.top_level:
        first = next((v for v in ordered if v in builder.top_level), None)
        if first is not None:
            ordered.remove(first)
            ordered.insert(0, first)
    nodes = []
    for name in ordered:
        klass, subclasses = builder.classes.get(name, (OWL_THING, False))
        node: dict[str, Any] = {"id": name, "class": klass, "select": name in projected}
        if subclasses:
            node["include_subclasses"] = True
        if builder.instances.get(name):
            node["instances"] = builder.instances[name]
        if builder.constraints.get(name):
            node["constraints"] = builder.constraints[name]
        if builder.shown.get(name):
            node["shown"] = builder.shown[name]
        nodes.append(node)
    return nodes


def _aggregation(builder: _Builder, modifiers: _Modifiers) -> dict[str, Any]:
    figure: dict[str, Any] = {}
    if modifiers.figure_of is not None:
        if modifiers.figure_of not in builder.value_vars:
            raise CannotDrawError(f"{modifiers.function.upper()} of ?{modifiers.figure_of}, which is not a value "
                                  f"of a node")
        node, attribute = builder.value_vars[modifiers.figure_of]
        figure = {"count": node, "function": modifiers.function, "property": attribute}
    elif modifiers.count_of not in builder.order:
        raise CannotDrawError(f"COUNT of ?{modifiers.count_of}, which is not a node")
    group_vars = modifiers.group_vars
    if any(v not in builder.order and v not in builder.label_vars for v in group_vars):
        raise CannotDrawError("GROUP BY a variable that is not a node")
    aggregation = {"count": modifiers.count_of, "group_by": [v for v in group_vars if v in builder.order], **figure}
    return {**aggregation, "having": modifiers.having} if modifiers.having else aggregation


def _ordered_variables(modifiers: _Modifiers) -> set[str]:
    found = set()
    for condition in modifiers.order_conditions:
        expr = condition.expr if getattr(condition, "name", "") == "OrderCondition" else condition
        if isinstance(expr, Variable):
            found.add(str(expr))
    return found


def _order_by(builder: _Builder, modifiers: _Modifiers) -> list[dict[str, Any]]:
    order_by = []
    for condition in modifiers.order_conditions:
        expr = condition.expr if getattr(condition, "name", "") == "OrderCondition" else condition
        descending = getattr(condition, "order", None) == "DESC"
        if not isinstance(expr, Variable):
            raise CannotDrawError("ORDER BY an expression")
        name = str(expr)
        if modifiers.count_var is not None and name == modifiers.count_var:
            order_by.append({"node": "count", "descending": descending})
        elif name in builder.order:
            order_by.append({"node": name, "descending": descending})
        elif name in builder.label_vars:
            order_by.append({"node": builder.label_vars[name], "descending": descending, "label": True})
        elif name in builder.value_vars:
            node, prop = builder.value_vars[name]
            order_by.append({"node": node, "descending": descending, "property": prop})
        else:
            raise CannotDrawError(f"ORDER BY ?{name}, which is not a node")
    return order_by

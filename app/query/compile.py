"""Prototype graph → SPARQL 1.1 SELECT: a pure, deterministic compiler.

The shape follows the paper's Listing 1 (``SELECT DISTINCT`` over readable
variables, ``?x a <Class>`` per node, one triple per edge) and adds labels,
constraints, pinned instances, optional and negated edges, subclass
inclusion, COUNT/GROUP BY/HAVING, ORDER BY, LIMIT and OFFSET.

No value reaches the query text unchecked: IRIs and literals are checked and
escaped by :mod:`app.query.terms`. Variable names come from node ids, which
the graph model restricts to ``[A-Za-z_][A-Za-z0-9_]*`` and which are checked
again here because ``model_construct`` skips validation.

Layout of the WHERE clause (:mod:`app.graph.layout`): the first node is the
root; the node an optional edge makes optional sits in that edge's
``OPTIONAL { … }`` with everything hanging off it (types, constraints,
labels, further nodes), and a negated edge's far side sits inside
``FILTER NOT EXISTS { … }`` (its nodes cannot be returned).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from app.errors import GraphCompileError
from app.graph.dates import DATE_DATATYPES, date_bounds, date_problem
from app.graph.layout import Block as _Block
from app.graph.layout import hidden_nodes as _hidden
from app.graph.layout import layout as _layout
from app.graph.model import (
    AGGREGATE_NAMES,
    COUNT_OPS,
    NODE_ID_PATTERN,
    Aggregation,
    Constraint,
    ConstraintOp,
    Edge,
    Node,
    PrototypeGraph,
    value_variable,
)
from app.graph.validate import check_runnable
from app.query.terms import (
    LANGUAGE_TAG,
    STRING_DATATYPES,
    Terms,
    escaped_string,
    lexical_form,
)
from ontology_loaders.vocab import (
    OWL,
    OWL_THING,
    RDF,
    RDF_TYPE,
    RDFS,
    RDFS_LABEL,
    RDFS_SUBCLASS_OF,
    XSD,
)

__all__ = ["DEFAULT_LIMIT", "DEFAULT_PREFIXES", "compile_count", "compile_sparql", "label_variable"]

DEFAULT_LIMIT = 100

#: Declared only when used, so a query carries just the prefixes it needs.
DEFAULT_PREFIXES: dict[str, str] = {
    "rdf": RDF,
    "rdfs": RDFS,
    "xsd": XSD,
    "owl": OWL,
    "dbo": "http://dbpedia.org/ontology/",
    "dbr": "http://dbpedia.org/resource/",
}

_NODE_ID = re.compile(NODE_ID_PATTERN)


def label_variable(node_id: str) -> str:
    """The name of the label column the compiler adds for a node (without ``?``).

    >>> label_variable("person_1")
    'person_1_label'
    """
    return f"{node_id}_label"


# -- the compiler ----------------------------------------------------------------------


class _Variables:
    def __init__(self, reserved: Iterable[str]) -> None:
        self.used = set(reserved)

    def new(self, stem: str) -> str:
        name, n = stem, 2
        while name in self.used:
            name, n = f"{stem}_{n}", n + 1
        self.used.add(name)
        return name


def compile_sparql(
    graph: PrototypeGraph,
    *,
    labels: bool = True,
    language: str | None = "en",
    limit: int | None = DEFAULT_LIMIT,
    prefixes: Mapping[str, str] | None = None,
    allow_cross_product: bool = False,
) -> str:
    """Compile a prototype graph into one SPARQL 1.1 SELECT query.

    ``graph.limit`` wins over ``limit`` when set; ``limit=None`` means no LIMIT.
    ``prefixes`` are added to :data:`DEFAULT_PREFIXES`; only the used ones are declared.
    A graph whose parts no edge links is compiled only with ``allow_cross_product``
    (the user's explicit choice): its query pairs every answer of one part with every
    answer of the others.

    :raises GraphCompileError: for an empty graph, an unknown node, a bad IRI or a value
        that does not fit its datatype, or a graph larger than the limits of
        :func:`app.graph.validate.check_runnable`.
    :raises UnconnectedGraphError: the graph has unlinked parts and ``allow_cross_product`` is false.

    >>> graph = PrototypeGraph.model_validate({
    ...     "nodes": [{"id": "work_1", "class": "http://dbpedia.org/ontology/Work"},
    ...               {"id": "player_1", "class": "http://dbpedia.org/ontology/IceHockeyPlayer"}],
    ...     "edges": [{"source": "work_1", "link": "http://dbpedia.org/ontology/author", "target": "player_1"}],
    ... })
    >>> print(compile_sparql(graph, labels=False))
    PREFIX dbo: <http://dbpedia.org/ontology/>
    <BLANKLINE>
    SELECT DISTINCT ?work_1 ?player_1
    WHERE {
      ?work_1 a dbo:Work .
      ?player_1 a dbo:IceHockeyPlayer .
      ?work_1 dbo:author ?player_1 .
    }
    LIMIT 100
    """
    if graph.nodes:  # an empty graph gets _select's own message
        check_runnable(graph, allow_cross_product=allow_cross_product)
    prologue, select = _select(graph, labels=labels, language=language, limit=limit, prefixes=prefixes)
    return "\n".join([*prologue, "", *select] if prologue else select)


def compile_count(
    graph: PrototypeGraph,
    *,
    labels: bool = True,
    language: str | None = "en",
    prefixes: Mapping[str, str] | None = None,
    allow_cross_product: bool = False,
) -> str:
    """A query for how many rows :func:`compile_sparql` returns without a page's LIMIT, as ``?total``.

    It counts the very rows the table pages through (same labels, same DISTINCT), so
    "25 of 269" is exact; the graph's own LIMIT and OFFSET still apply, its order does not matter.

    >>> graph = PrototypeGraph.model_validate({"nodes": [{"id": "a", "class": "http://e.org/C"}]})
    >>> print(compile_count(graph, labels=False))
    SELECT (COUNT(*) AS ?total)
    WHERE {
      {
        SELECT DISTINCT ?a
        WHERE {
          ?a a <http://e.org/C> .
        }
      }
    }
    """
    if graph.nodes:
        check_runnable(graph, allow_cross_product=allow_cross_product)
    unordered = graph.model_copy(update={"order_by": ()})
    prologue, select = _select(unordered, labels=labels, language=language, limit=None, prefixes=prefixes)
    query = [*prologue, ""] if prologue else []
    query += ["SELECT (COUNT(*) AS ?total)", "WHERE {", "  {", *(f"    {line}" for line in select), "  }", "}"]
    return "\n".join(query)


def _select(graph: PrototypeGraph, *, labels: bool, language: str | None, limit: int | None,
            prefixes: Mapping[str, str] | None) -> tuple[list[str], list[str]]:
    """The PREFIX lines, and the SELECT query that uses them."""
    nodes = _checked_nodes(graph)
    if language is not None and language != "" and not LANGUAGE_TAG.match(language):
        raise GraphCompileError(f"invalid language tag {language!r}")
    terms = Terms({**DEFAULT_PREFIXES, **(prefixes or {})})
    root = _layout(graph)
    plan = _Plan.of(graph, nodes, _hidden(root), labels=labels)
    body = _Where(plan, terms, language).block(root, "  ")
    projection, group_by = plan.projection()
    body = plan.aggregated_rows(group_by, body)
    modifiers = _modifiers(graph, plan, group_by, limit)
    prologue = [f"PREFIX {name}: <{terms.used[name]}>" for name in sorted(terms.used)]
    select = ["SELECT DISTINCT " + " ".join(projection), "WHERE {", *body, "}", *modifiers]
    return prologue, select


def _checked_nodes(graph: PrototypeGraph) -> dict[str, Node]:
    """The graph's nodes by id, once every id and edge end is known to be usable."""
    if not graph.nodes:
        raise GraphCompileError("the graph has no nodes")
    nodes: dict[str, Node] = {}
    for node in graph.nodes:
        if not isinstance(node.id, str) or not _NODE_ID.match(node.id):
            raise GraphCompileError(f"invalid node id {node.id!r}: use letters, digits and _")
        nodes[node.id] = node
    for edge in graph.edges:
        for end in (edge.source, edge.target):
            if end not in nodes:
                raise GraphCompileError(f"edge {edge.source} → {edge.target} names an unknown node {end!r}")
        if edge.optional and edge.negated:
            raise GraphCompileError(f"edge {edge.source} → {edge.target} cannot be both optional and negated")
    return nodes


@dataclass
class _Plan:
    """What the query returns, and the name of every variable it introduces."""

    nodes: dict[str, Node]
    hidden: set[str]  # nodes under a negated edge: never bound in a result row
    aggregation: Aggregation | None
    returned: list[str]
    label_var: dict[str, str]  # node -> its label variable, for returned nodes
    value_var: dict[tuple[str, str], str]  # (node, property) -> the variable holding the value
    count_var: str | None
    sort_values: set[tuple[str, str]] = field(default_factory=set)  # (node, attribute) a returned node is sorted by
    shown: list[tuple[str, str]] = field(default_factory=list)  # (node, attribute) whose value is an answer

    @classmethod
    def of(cls, graph: PrototypeGraph, nodes: dict[str, Node], hidden: set[str], *, labels: bool) -> _Plan:
        aggregation = graph.aggregation
        visible = [n.id for n in graph.nodes if n.id not in hidden]
        if aggregation is not None:
            for node_id in (aggregation.count, *aggregation.group_by):
                if node_id not in nodes:
                    raise GraphCompileError(f"the count names an unknown node {node_id!r}")
                if node_id in hidden:
                    raise GraphCompileError(f"cannot count or group by {node_id!r}: it sits under a negated edge")
        shown = [(n, p) for n in visible for p in dict.fromkeys(nodes[n].shown)] if aggregation is None else []
        if aggregation is not None:
            returned = list(dict.fromkeys(aggregation.group_by))
        else:
            # "How tall is X": the height is the answer, so X need not be returned beside it.
            returned = [n for n in visible if nodes[n].select] or ([] if shown else visible)
        variables = _Variables(nodes)
        value_var: dict[tuple[str, str], str] = {key: variables.new(value_variable(*key)) for key in shown}
        label_var = {n: variables.new(label_variable(n)) for n in returned} if labels else {}
        count_var = variables.new(AGGREGATE_NAMES[aggregation.function]) if aggregation is not None else None
        keys = [(node.id, c.property) for node in graph.nodes for c in node.constraints]
        if aggregation is not None and aggregation.property is not None:
            keys.append((aggregation.count, aggregation.property))
        keys += [(o.node, o.property) for o in graph.order_by if o.property and o.node in nodes]
        for node_id, prop in keys:
            if (node_id, prop) not in value_var:
                value_var[(node_id, prop)] = variables.new(value_variable(node_id, prop))
        sort_values = {(o.node, o.property) for o in graph.order_by if o.property and o.node in returned}
        return cls(nodes, hidden, aggregation, returned, label_var, value_var, count_var, sort_values, shown)

    def projection(self) -> tuple[list[str], list[str]]:
        """The SELECT terms, and the GROUP BY terms (every projected variable but the count)."""
        projection: list[str] = []
        for node_id in self.returned:
            projection.append(f"?{node_id}")
            if node_id in self.label_var:
                projection.append(f"?{self.label_var[node_id]}")
            # The value a row is sorted by is shown beside it: "the most expensive" should say how expensive.
            projection += [f"?{self.value_var[key]}" for key in sorted(self.sort_values) if key[0] == node_id]
        projection += [f"?{self.value_var[key]}" for key in self.shown if f"?{self.value_var[key]}" not in projection]
        group_by = list(projection)
        if self.aggregation is not None:
            projection.append(f"({self.aggregate()} AS ?{self.count_var})")
        return projection, group_by

    def aggregate(self) -> str:
        """The aggregate's expression: how many distinct things, or a figure of their values."""
        aggregation = self.aggregation
        if aggregation.property is None:
            return f"COUNT(DISTINCT ?{aggregation.count})"
        return f"{aggregation.function.value.upper()}(?{self.value_var[(aggregation.count, aggregation.property)]})"

    def aggregated_rows(self, group_by: list[str], body: list[str]) -> list[str]:
        """``body`` as a subquery of one row per group, thing and value, for a figure of values.

        A thing joined to several others ("employees on two projects") would otherwise weigh twice in an
        average or a sum.
        """
        aggregation = self.aggregation
        if aggregation is None or aggregation.property is None:
            return body
        value = f"?{self.value_var[(aggregation.count, aggregation.property)]}"
        rows = " ".join(dict.fromkeys([*group_by, f"?{aggregation.count}", value]))
        return ["  {", f"    SELECT DISTINCT {rows}", "    WHERE {", *(f"    {line}" for line in body), "    }", "  }"]


class _Where:
    """Writes the WHERE clause, one block (root, OPTIONAL or FILTER NOT EXISTS) at a time."""

    def __init__(self, plan: _Plan, terms: Terms, language: str | None) -> None:
        self.plan = plan
        self.terms = terms
        self.tag = escaped_string(language, "language") if language else None

    def block(self, block: _Block, indent: str) -> list[str]:
        lines: list[str] = []
        linked = {e.source for e in block.edges} | {e.target for e in block.edges}
        if block.link is not None:
            lines.append(f"{indent}{_triple(block.link, self.terms)}")
            linked |= {block.link.source, block.link.target}
        lines.extend(f"{indent}{line}" for line in self._pinned(block))
        lines.extend(f"{indent}{line}" for line in self._types(block, linked))
        lines.extend(f"{indent}{_triple(e, self.terms)}" for e in block.edges)
        lines.extend(f"{indent}{line}" for line in self._constraints(block))
        for child in block.children:
            keyword = "OPTIONAL" if child.kind == "optional" else "FILTER NOT EXISTS"
            lines.append(f"{indent}{keyword} {{")
            lines.extend(self.block(child, indent + "  "))
            lines.append(f"{indent}}}")
        lines.extend(f"{indent}{line}" for line in self._labels(block))
        return lines

    def _pinned(self, block: _Block) -> Iterable[str]:
        for node_id in block.nodes:
            node = self.plan.nodes[node_id]
            if node.instances:
                values = " ".join(self.terms.iri(i, f"instance of {node_id}") for i in node.instances)
                yield f"VALUES ?{node_id} {{ {values} }}"

    def _types(self, block: _Block, linked: set[str]) -> Iterable[str]:
        for node_id in block.nodes:
            node = self.plan.nodes[node_id]
            if node.class_ == OWL_THING and node_id in linked and not node.include_subclasses:
                continue  # everything is a Thing; the edge already binds the variable
            klass = self.terms.iri(node.class_, f"class of {node_id}")
            if node.include_subclasses:
                path = f"{self.terms.iri(RDF_TYPE)}/{self.terms.iri(RDFS_SUBCLASS_OF)}*"
                yield f"?{node_id} {path} {klass} ."
            else:
                yield f"?{node_id} a {klass} ."

    def _constraints(self, block: _Block) -> Iterable[str]:
        for node_id in block.nodes:
            node = self.plan.nodes[node_id]
            valued = [p for n, p in sorted(self.plan.value_var) if n == node_id]
            for prop in dict.fromkeys([*(c.property for c in node.constraints), *valued]):
                var = self.plan.value_var[(node_id, prop)]
                yield f"?{node_id} {self.terms.predicate(prop, f'property of {node_id}')} ?{var} ."
            for constraint in node.constraints:
                var = self.plan.value_var[(node_id, constraint.property)]
                yield f"FILTER({_filter(var, constraint, self.terms, node_id)})"

    def _labels(self, block: _Block) -> Iterable[str]:
        for node_id in block.nodes:
            if node_id in self.plan.label_var:
                var = self.plan.label_var[node_id]
                label = f"?{node_id} {self.terms.iri(RDFS_LABEL)} ?{var} ."
                if self.tag:
                    label += f' FILTER(LANG(?{var}) = "" || LANGMATCHES(LANG(?{var}), {self.tag}))'
                yield f"OPTIONAL {{ {label} }}"


def _modifiers(graph: PrototypeGraph, plan: _Plan, group_by: list[str], limit: int | None) -> list[str]:
    """GROUP BY, HAVING, ORDER BY, LIMIT and OFFSET, in that order."""
    modifiers: list[str] = []
    if group_by and plan.aggregation is not None:
        modifiers.append("GROUP BY " + " ".join(group_by))
    if plan.aggregation is not None and plan.aggregation.having is not None:
        modifiers.append(_having(plan.aggregation))
    order_terms = []
    for order in graph.order_by:
        if order.node == "count" and plan.aggregation is not None:
            var = plan.count_var
        elif order.node in plan.nodes and order.node not in plan.hidden:
            if plan.aggregation is not None and order.node not in plan.returned:
                raise GraphCompileError(f"cannot order by {order.node!r}: it is neither counted nor grouped")
            var = order.node
            if order.property:
                var = plan.value_var[(order.node, order.property)]
            elif order.label:
                if order.node not in plan.label_var:
                    raise GraphCompileError(f"cannot order by the label of {order.node!r}: it is not returned")
                var = plan.label_var[order.node]
        else:
            raise GraphCompileError(f"cannot order by {order.node!r}: no such returned node")
        order_terms.append(f"DESC(?{var})" if order.descending else f"?{var}")
    if order_terms:
        modifiers.append("ORDER BY " + " ".join(order_terms))
    effective_limit = graph.limit if graph.limit is not None else limit
    if effective_limit is not None:
        if not isinstance(effective_limit, int) or effective_limit < 0:
            raise GraphCompileError(f"invalid limit {effective_limit!r}")
        modifiers.append(f"LIMIT {effective_limit}")
    if graph.offset:
        if not isinstance(graph.offset, int) or graph.offset < 0:
            raise GraphCompileError(f"invalid offset {graph.offset!r}")
        modifiers.append(f"OFFSET {graph.offset}")
    return modifiers


def _having(aggregation: Aggregation) -> str:
    """The count's condition on each group (without GROUP BY, on the one group of all rows).

    It repeats the aggregate rather than naming ``?count``: SPARQL evaluates HAVING before the
    SELECT expressions, so the alias is not bound there. Checked again because ``model_construct``
    skips validation, and the value is written into the query text.
    """
    op, value = aggregation.having.op, aggregation.having.value
    if op not in COUNT_OPS:
        raise GraphCompileError(f"a count cannot be compared with {getattr(op, 'value', op)!r}")
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise GraphCompileError(f"a count is compared with a whole number of at least 0, not {value!r}")
    return f"HAVING (COUNT(DISTINCT ?{aggregation.count}) {ConstraintOp(op).value} {value})"


def _triple(edge: Edge, terms: Terms) -> str:
    return f"?{edge.source} {terms.predicate(edge.link)} ?{edge.target} ."


def _filter(var: str, constraint: Constraint, terms: Terms, node_id: str) -> str:
    what = f"constraint on {node_id}"
    op = ConstraintOp(constraint.op)
    value, datatype = constraint.value, constraint.datatype
    if op is ConstraintOp.LANG:
        tag = str(value)
        if tag != "*" and not LANGUAGE_TAG.match(tag):
            raise GraphCompileError(f"{what}: {tag!r} is not a language tag")
        return f"LANGMATCHES(LANG(?{var}), {escaped_string(tag, what)})"
    if op in (ConstraintOp.CONTAINS, ConstraintOp.STARTSWITH, ConstraintOp.REGEX):
        text = escaped_string(lexical_form(value, None, what)[0], what)
        if op is ConstraintOp.CONTAINS:
            return f"CONTAINS(LCASE(STR(?{var})), LCASE({text}))"
        if op is ConstraintOp.STARTSWITH:
            return f"STRSTARTS(LCASE(STR(?{var})), LCASE({text}))"
        return f'REGEX(STR(?{var}), {text}, "i")'
    if isinstance(value, str) and datatype in DATE_DATATYPES:
        problem = date_problem(value, datatype)
        if problem:
            raise GraphCompileError(f"{what}: {problem}")
        bounds = date_bounds(value, datatype)
        if bounds is not None:
            return _date_range(var, op, *(terms.literal(b, datatype, what) for b in bounds))
    literal = terms.literal(value, datatype, what)
    stringy = isinstance(value, str) and (datatype is None or datatype in STRING_DATATYPES)
    if stringy and op in (ConstraintOp.EQ, ConstraintOp.NE):
        # STR() so that a plain string also matches language-tagged values.
        return f"STR(?{var}) {op.value} {literal}"
    return f"?{var} {op.value} {literal}"


def _date_range(var: str, op: ConstraintOp, start: str, end: str) -> str:
    """A comparison with a partial date (a year, a month) against the range ``[start, end)`` it stands for."""
    if op is ConstraintOp.EQ:
        return f"?{var} >= {start} && ?{var} < {end}"
    if op is ConstraintOp.NE:
        return f"?{var} < {start} || ?{var} >= {end}"
    bound = {ConstraintOp.LT: ("<", start), ConstraintOp.LE: ("<", end),
             ConstraintOp.GT: (">=", end), ConstraintOp.GE: (">=", start)}
    if op not in bound:
        raise GraphCompileError(f"{op.value!r} does not apply to a date")
    symbol, limit = bound[op]
    return f"?{var} {symbol} {limit}"

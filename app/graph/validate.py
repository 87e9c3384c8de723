"""Check a prototype graph against an ontology, and whether it may be run.

:func:`validate_graph` is pure: errors are data, not exceptions. :func:`check_runnable`
raises for a graph the compiler must not turn into a query (too large, or unlinked
parts nobody chose to combine); :func:`timeout_hint` says what to change after a timeout.
"""

from __future__ import annotations

from enum import Enum

from pydantic import BaseModel, ConfigDict

from app.errors import EditError, GraphCompileError, UnconnectedGraphError
from app.graph.edits import make_constraint
from app.graph.model import AggregateFunction, Constraint, ConstraintOp, CountCondition, Edge, PrototypeGraph
from ontology_loaders import RDFS_LABEL, Ontology
from ontology_loaders.vocab import DatatypeKind, datatype_kind

__all__ = [
    "AGGREGATED_KINDS",
    "MAX_GRAPH_EDGES",
    "MAX_GRAPH_NODES",
    "ValidationReport",
    "Violation",
    "ViolationCode",
    "check_runnable",
    "count_bound_problem",
    "graph_parts",
    "size_problem",
    "timeout_hint",
    "validate_graph",
]

_MAX_ALLOWED_LISTED = 8
#: The largest graph that is compiled and run. pyoxigraph's planning grows with the cube of
#: the patterns (0.07 s for a 50-node chain, 0.6 s for 100, 4.7 s for 200), and no question
#: a person asks needs more.
MAX_GRAPH_NODES = 50
MAX_GRAPH_EDGES = 100


class ViolationCode(str, Enum):
    UNKNOWN_CLASS = "unknown_class"
    UNKNOWN_LINK = "unknown_link"
    DANGLING_EDGE = "dangling_edge"
    DOMAIN_RANGE = "domain_range"
    UNKNOWN_ATTRIBUTE = "unknown_attribute"
    UNKNOWN_MODIFIER_NODE = "unknown_modifier_node"
    BAD_INSTANCE = "bad_instance"
    BAD_VALUE = "bad_value"
    TOO_LARGE = "too_large"


class Violation(BaseModel):
    model_config = ConfigDict(frozen=True)

    code: ViolationCode
    message: str
    node: str | None = None
    edge: Edge | None = None
    allowed: tuple[str, ...] = ()


class ValidationReport(BaseModel):
    model_config = ConfigDict(frozen=True)

    violations: tuple[Violation, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.violations

    def messages(self) -> list[str]:
        return [v.message for v in self.violations]


def validate_graph(graph: PrototypeGraph, ontology: Ontology) -> ValidationReport:
    """Every way ``graph`` breaks ``ontology``; an empty report means valid.

    >>> from ontology_loaders.model import Link, OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Person", label="person"),
    ...                          OntologyClass(iri="ex:Place", label="place")],
    ...                 links=[Link(iri="ex:birthPlace", label="birth place", domain="ex:Person", range="ex:Place")])
    >>> graph = PrototypeGraph.model_validate({
    ...     "nodes": [{"id": "place_1", "class": "ex:Place"}, {"id": "person_1", "class": "ex:Person"}],
    ...     "edges": [{"source": "place_1", "link": "ex:birthPlace", "target": "person_1"}]})
    >>> [v.code.value for v in validate_graph(graph, onto).violations]
    ['domain_range']
    """
    violations: list[Violation] = []
    too_large = size_problem(graph)
    if too_large:
        violations.append(Violation(code=ViolationCode.TOO_LARGE, message=too_large))
    classes: dict[str, str] = {}
    for node in graph.nodes:
        classes[node.id] = node.class_
        if not ontology.has_class(node.class_):
            violations.append(Violation(
                code=ViolationCode.UNKNOWN_CLASS, node=node.id,
                message=f"{node.id}: {node.class_} is not a class of the ontology",
            ))
            continue
        # rdfs:label is a constraint every node can carry: it is how people name things.
        allowed_attributes = {a.iri for a in ontology.attributes_of(node.class_)} | {RDFS_LABEL}
        for constraint in node.constraints:
            if constraint.property not in allowed_attributes:
                violations.append(Violation(
                    code=ViolationCode.UNKNOWN_ATTRIBUTE, node=node.id,
                    allowed=_some(sorted(allowed_attributes)),
                    message=f"{node.id}: a {ontology.label(node.class_)} cannot have {ontology.label(constraint.property)}"
                    f" ({constraint.property})",
                ))
        violations += [Violation(code=ViolationCode.UNKNOWN_ATTRIBUTE, node=node.id,
                                 allowed=_some(sorted(allowed_attributes)),
                                 message=f"{node.id}: a {ontology.label(node.class_)} has no "
                                 f"{ontology.label(attribute)} to show ({attribute})")
                       for attribute in node.shown if attribute not in allowed_attributes]
        violations += _value_violations(node.id, node.constraints, ontology)
        for instance in node.instances:
            if ":" not in instance or any(ch in instance for ch in ' <>"{}|\\^`'):
                violations.append(Violation(
                    code=ViolationCode.BAD_INSTANCE, node=node.id, message=f"{node.id}: {instance!r} is not an IRI",
                ))

    for edge in graph.edges:
        missing = [end for end in (edge.source, edge.target) if end not in classes]
        if missing:
            violations.append(Violation(
                code=ViolationCode.DANGLING_EDGE, edge=edge,
                message=f"edge {edge.source} → {edge.target}: no node {', '.join(missing)}",
            ))
            continue
        if ontology.get_link(edge.link) is None:
            violations.append(Violation(
                code=ViolationCode.UNKNOWN_LINK, edge=edge,
                message=f"edge {edge.source} → {edge.target}: {edge.link} is not a link of the ontology",
            ))
            continue
        source_class, target_class = classes[edge.source], classes[edge.target]
        if not ontology.link_fits(edge.link, source_class, target_class):
            allowed = tuple(link.iri for link in ontology.links_between(source_class, target_class))
            link = ontology.get_link(edge.link)
            violations.append(Violation(
                code=ViolationCode.DOMAIN_RANGE, edge=edge, allowed=_some(allowed),
                message=f"{edge.source} → {edge.target}: {link.label} goes from {ontology.label(link.domain)} to "
                f"{ontology.label(link.range)}, not from {ontology.label(source_class)} to {ontology.label(target_class)}"
                + (f"; allowed: {', '.join(ontology.label(a) for a in _some(allowed))}" if allowed else "; no link fits"),
            ))

    violations += _modifier_violations(graph, classes, ontology)
    return ValidationReport(violations=tuple(violations))


def _value_violations(node_id: str, constraints: tuple[Constraint, ...], ontology: Ontology) -> list[Violation]:
    """Constraints whose value does not fit their attribute's datatype: "hire date = Engineers"."""
    found = []
    for constraint in constraints:
        attribute = ontology.get_attribute(constraint.property)
        if attribute is None:
            continue
        try:
            make_constraint(constraint.property, constraint.op.value, constraint.value, attribute.range)
        except EditError as problem:
            found.append(Violation(code=ViolationCode.BAD_VALUE, node=node_id,
                                   message=f"{node_id}: {ontology.label(constraint.property)} {constraint.op.value} "
                                   f"{constraint.value!r}: {problem}"))
    return found


def _modifier_violations(graph: PrototypeGraph, classes: dict[str, str], ontology: Ontology) -> list[Violation]:
    """Counts, groups and orders name nodes; an order on an attribute fits its node; a count's bound can be met."""
    violations = []
    modifier_nodes = []
    if graph.aggregation:
        modifier_nodes += [graph.aggregation.count, *graph.aggregation.group_by]
        problem = count_bound_problem(graph.aggregation.having)
        if problem:
            violations.append(Violation(code=ViolationCode.BAD_VALUE, node=graph.aggregation.count,
                                        message=f"the count of {graph.aggregation.count}: {problem}"))
    modifier_nodes += [o.node for o in graph.order_by if not (graph.aggregation and o.node == "count")]
    for node_id in modifier_nodes:
        if node_id not in classes:
            violations.append(Violation(
                code=ViolationCode.UNKNOWN_MODIFIER_NODE, node=node_id,
                message=f"the query modifiers name {node_id!r}, which is not a node",
            ))
    violations += _aggregate_violations(graph, classes, ontology)
    for order in graph.order_by:
        if order.property and order.node in classes and \
                order.property not in {a.iri for a in ontology.attributes_of(classes[order.node])}:
            violations.append(Violation(
                code=ViolationCode.UNKNOWN_ATTRIBUTE, node=order.node,
                message=f"{order.node} is sorted by {ontology.label(order.property)}, "
                        f"which is not an attribute of {ontology.label(classes[order.node])}",
            ))
    return violations


#: The values each aggregate computes a figure of: an average of dates means nothing, the earliest date does.
AGGREGATED_KINDS = {AggregateFunction.AVG: {DatatypeKind.NUMBER}, AggregateFunction.SUM: {DatatypeKind.NUMBER},
                     AggregateFunction.MIN: {DatatypeKind.NUMBER, DatatypeKind.DATE, DatatypeKind.TIME},
                     AggregateFunction.MAX: {DatatypeKind.NUMBER, DatatypeKind.DATE, DatatypeKind.TIME}}


def _aggregate_violations(graph: PrototypeGraph, classes: dict[str, str], ontology: Ontology) -> list[Violation]:
    """An average, sum, minimum or maximum is of an attribute of its node, of values it can compute."""
    aggregation = graph.aggregation
    if aggregation is None or aggregation.property is None or aggregation.count not in classes:
        return []
    node, function = aggregation.count, aggregation.function
    attribute = next((a for a in ontology.attributes_of(classes[node]) if a.iri == aggregation.property), None)
    if attribute is None:
        return [Violation(code=ViolationCode.UNKNOWN_ATTRIBUTE, node=node,
                          message=f"the {function.value} is of {ontology.label(aggregation.property)}, which is not "
                                  f"an attribute of {ontology.label(classes[node])}")]
    kind, fitting = datatype_kind(attribute.range), AGGREGATED_KINDS[function]
    if kind not in fitting:
        return [Violation(code=ViolationCode.BAD_VALUE, node=node,
                          message=f"no {function.value} of {ontology.label(attribute.iri)}: its values are "
                                  f"{kind.value}, not {' or '.join(sorted(k.value for k in fitting))}")]
    return []


def count_bound_problem(having: CountCondition | None) -> str:
    """Why no count can meet ``having``, or ``""``.

    The model already keeps the bound a whole number of at least 0; "fewer than 0" is the one
    condition it lets through that no count meets, and it would silently empty the results.

    >>> count_bound_problem(CountCondition(op="<", value=0))
    'a count is never fewer than 0, so no result would be left'
    >>> count_bound_problem(CountCondition(op="=", value=0))
    ''
    """
    if having is not None and having.op is ConstraintOp.LT and having.value == 0:
        return "a count is never fewer than 0, so no result would be left"
    return ""


def _some(items: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    return tuple(items[:_MAX_ALLOWED_LISTED])


# -- what can be run -------------------------------------------------------------------


def size_problem(graph: PrototypeGraph, *, max_nodes: int = MAX_GRAPH_NODES, max_edges: int = MAX_GRAPH_EDGES) -> str:
    """Why ``graph`` is too large to run, or ``""``."""
    nodes, edges = len(graph.nodes), len(graph.edges)
    if nodes <= max_nodes and edges <= max_edges:
        return ""
    return (f"the graph is too large to run: {nodes} nodes and {edges} edges "
            f"(at most {max_nodes} nodes and {max_edges} edges); split the question")


def graph_parts(graph: PrototypeGraph) -> list[list[str]]:
    """The node ids of each part that edges (of any kind) hold together, in node order.

    >>> g = PrototypeGraph.model_validate({"nodes": [{"id": i, "class": "ex:C"} for i in "abc"],
    ...     "edges": [{"source": "c", "link": "ex:p", "target": "a"}]})
    >>> graph_parts(g)
    [['a', 'c'], ['b']]
    """
    parent = {n.id: n.id for n in graph.nodes}

    def find(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for edge in graph.edges:
        if edge.source in parent and edge.target in parent:
            parent[find(edge.source)] = find(edge.target)
    parts: dict[str, list[str]] = {}
    for node in graph.nodes:
        parts.setdefault(find(node.id), []).append(node.id)
    return list(parts.values())


def _names(parts: list[list[str]]) -> str:
    return " and ".join("{" + ", ".join(part) + "}" if len(part) > 1 else part[0] for part in parts)


def check_runnable(graph: PrototypeGraph, *, allow_cross_product: bool = False) -> None:
    """Refuse a graph too large to run, and one whose parts no edge links unless ``allow_cross_product``.

    :raises GraphCompileError: the graph is too large.
    :raises UnconnectedGraphError: the graph has unlinked parts and the caller did not allow them.

    >>> g = PrototypeGraph.model_validate({"nodes": [{"id": "a", "class": "ex:C"}, {"id": "b", "class": "ex:D"}]})
    >>> check_runnable(g)
    Traceback (most recent call last):
    ...
    app.errors.UnconnectedGraphError: these parts are not connected: a and b; link them or confirm
    >>> check_runnable(g, allow_cross_product=True)
    """
    problem = size_problem(graph)
    if problem:
        raise GraphCompileError(problem)
    parts = graph_parts(graph)
    if len(parts) > 1 and not allow_cross_product:
        raise UnconnectedGraphError(f"these parts are not connected: {_names(parts)}; link them or confirm", parts)


def timeout_hint(graph: PrototypeGraph) -> str:
    """What would make a too-slow query of ``graph`` faster, in plain words (``""`` when nothing stands out).

    >>> g = PrototypeGraph.model_validate({"nodes": [{"id": "a", "class": "ex:C"}, {"id": "b", "class": "ex:D"}]})
    >>> timeout_hint(g)
    'add a link between a and b, or a constraint on a or b'
    """
    advice = []
    parts = graph_parts(graph)
    if len(parts) > 1:
        advice.append(f"add a link between {_names(parts)}")
    loose = [n.id for n in graph.nodes if not n.constraints and not n.instances]
    if loose:
        on = ", ".join(loose[:-1]) + f" or {loose[-1]}" if len(loose) > 1 else loose[0]
        advice.append(f"{'a' if advice else 'add a'} constraint on {on}")
    return ", or ".join(advice)

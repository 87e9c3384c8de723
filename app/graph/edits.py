"""Edit operations on a prototype graph: pure, each returning a new graph.

The web app calls these from thin callbacks; they are the only place where a
graph changes by hand. Every operation keeps the graph valid against the
ontology and refuses, with an :class:`~app.errors.EditError`, whatever would
break it. The choices offered to the editor (:mod:`app.graph.suggestions`) are
built from the same rules, so the UI never offers what an operation would refuse.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from typing import Any

from ontology_loaders import RDFS_LABEL, DatatypeKind, Ontology, datatype_kind

from app.errors import EditError
from app.graph.dates import date_problem
from app.graph.model import Constraint, ConstraintOp, Edge, Node, PrototypeGraph, make_node_id

__all__ = [
    "add_edge",
    "add_node",
    "can_flip",
    "change_class",
    "change_link",
    "clear",
    "constraint_ops",
    "constraints_fit_class",
    "find_edge",
    "flip_edge",
    "links_fit_class",
    "make_constraint",
    "pin_instances",
    "remove_edge",
    "remove_node",
    "require_node",
    "set_constraints",
    "set_edge_flags",
    "set_include_subclasses",
    "set_select",
    "switchable_links",
    "toggle_shown",
]


# -- small helpers -------------------------------------------------------------
def require_node(graph: PrototypeGraph, node_id: str) -> Node:
    """The node ``node_id`` of ``graph``, or :class:`EditError`."""
    node = graph.node(node_id)
    if node is None:
        raise EditError(f"there is no node {node_id!r}")
    return node


def _replace_node(graph: PrototypeGraph, node: Node) -> PrototypeGraph:
    return graph.model_copy(update={"nodes": tuple(node if n.id == node.id else n for n in graph.nodes)})


def _update_node(graph: PrototypeGraph, node_id: str, **changes: Any) -> PrototypeGraph:
    node = require_node(graph, node_id)
    # model_copy skips validation; rebuilding through model_validate keeps the frozen model honest.
    data = node.model_dump(by_alias=True)
    data.update({("class" if k == "class_" else k): v for k, v in changes.items()})
    return _replace_node(graph, Node.model_validate(data))


def find_edge(graph: PrototypeGraph, source: str, link: str, target: str) -> Edge:
    """The edge with these ends and link, or :class:`EditError`."""
    for edge in graph.edges:
        if (edge.source, edge.link, edge.target) == (source, link, target):
            return edge
    raise EditError(f"there is no edge {source} → {target}")


def _replace_edge(graph: PrototypeGraph, old: Edge, new: Edge | None) -> PrototypeGraph:
    edges = []
    for edge in graph.edges:
        if edge == old:
            if new is not None:
                edges.append(new)
        else:
            edges.append(edge)
    return PrototypeGraph.model_validate({**graph.model_dump(mode="json"), "edges": [e.model_dump() for e in edges]})


# -- nodes ---------------------------------------------------------------------
def add_node(
    graph: PrototypeGraph, class_iri: str, ontology: Ontology, *, node_id: str | None = None
) -> PrototypeGraph:
    """A new, unconnected node of ``class_iri``; its id is readable and unused.

    >>> from ontology_loaders import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Person", label="person")])
    >>> g = add_node(add_node(PrototypeGraph(), "ex:Person", onto), "ex:Person", onto)
    >>> g.node_ids
    ['person_1', 'person_2']
    """
    if not ontology.has_class(class_iri):
        raise EditError(f"{class_iri} is not a class of the ontology")
    label = ontology.label(class_iri)
    taken = set(graph.node_ids)
    if node_id is None:
        node_id = make_node_id(label, taken)
    elif node_id in taken:
        raise EditError(f"the id {node_id!r} is taken")
    node = Node.model_validate({"id": node_id, "class": class_iri, "label": label})
    return graph.model_copy(update={"nodes": (*graph.nodes, node)})


def remove_node(graph: PrototypeGraph, node_id: str) -> PrototypeGraph:
    """The graph without ``node_id``, its edges, and query modifiers that named it.

    Without its counted node the whole count goes, its condition and any sort by it with it;
    without a group node the count covers the remaining groups and keeps its condition.
    """
    require_node(graph, node_id)
    data = graph.model_dump(mode="json")
    data["nodes"] = [n for n in data["nodes"] if n["id"] != node_id]
    data["edges"] = [e for e in data["edges"] if node_id not in (e["source"], e["target"])]
    aggregation = data.get("aggregation")
    gone = {node_id}
    if aggregation:
        if aggregation["count"] == node_id:
            data["aggregation"] = None
            gone.add("count")  # a sort by a count that no longer exists would not compile
        else:
            aggregation["group_by"] = [g for g in aggregation["group_by"] if g != node_id]
    data["order_by"] = [o for o in data["order_by"] if o["node"] not in gone]
    return PrototypeGraph.model_validate(data)


def clear(graph: PrototypeGraph | None = None) -> PrototypeGraph:
    """An empty graph (kept as a function so "clear" is an edit like any other)."""
    return PrototypeGraph()


def links_fit_class(graph: PrototypeGraph, node_id: str, class_iri: str, ontology: Ontology) -> bool:
    """Whether every edge at ``node_id`` would still fit if the node were a ``class_iri``."""
    classes = {n.id: n.class_ for n in graph.nodes}
    classes[node_id] = class_iri
    return all(
        ontology.link_fits(e.link, classes[e.source], classes[e.target])
        for e in graph.edges
        if node_id in (e.source, e.target)
    )


def constraints_fit_class(node: Node, class_iri: str, ontology: Ontology) -> bool:
    """Whether every constraint of ``node`` names an attribute a ``class_iri`` can carry."""
    # Every node can be named: the compiler and validator accept rdfs:label on any class.
    allowed = {a.iri for a in ontology.attributes_of(class_iri)} | {RDFS_LABEL}
    return all(c.property in allowed for c in node.constraints)


def change_class(graph: PrototypeGraph, node_id: str, class_iri: str, ontology: Ontology) -> PrototypeGraph:
    """Specialise or generalise a node's class; refuses a class that would break an edge or constraint."""
    node = require_node(graph, node_id)
    if class_iri == node.class_:
        return graph
    if not ontology.has_class(class_iri):
        raise EditError(f"{class_iri} is not a class of the ontology")
    if not (ontology.is_subclass(class_iri, node.class_) or ontology.is_subclass(node.class_, class_iri)):
        raise EditError(
            f"{ontology.label(class_iri)} is neither a subclass nor a parent of {ontology.label(node.class_)}"
        )
    if not links_fit_class(graph, node_id, class_iri, ontology):
        raise EditError(f"a link of {node_id} does not fit a {ontology.label(class_iri)}")
    if not constraints_fit_class(node, class_iri, ontology):
        raise EditError(f"a constraint of {node_id} does not apply to a {ontology.label(class_iri)}")
    return _update_node(graph, node_id, class_=class_iri, label=ontology.label(class_iri))


def set_select(graph: PrototypeGraph, node_id: str, select: bool) -> PrototypeGraph:
    return _update_node(graph, node_id, select=bool(select))


def set_include_subclasses(graph: PrototypeGraph, node_id: str, include: bool) -> PrototypeGraph:
    return _update_node(graph, node_id, include_subclasses=bool(include))


_IRI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:[^\s<>\"{}|\\^`]+$")


def pin_instances(graph: PrototypeGraph, node_id: str, instances: Iterable[str]) -> PrototypeGraph:
    """Pin a node to these instance IRIs (an empty list unpins it)."""
    instances = tuple(dict.fromkeys(i.strip() for i in instances if i and i.strip()))
    bad = [i for i in instances if not _IRI.match(i)]
    if bad:
        raise EditError(f"not an IRI: {bad[0]!r}")
    return _update_node(graph, node_id, instances=instances)


# -- constraints ---------------------------------------------------------------
_COMPARISONS = (ConstraintOp.EQ, ConstraintOp.NE, ConstraintOp.LT, ConstraintOp.LE, ConstraintOp.GT, ConstraintOp.GE)
_OPS_BY_KIND: dict[DatatypeKind, tuple[ConstraintOp, ...]] = {
    DatatypeKind.TEXT: (ConstraintOp.EQ, ConstraintOp.NE, ConstraintOp.CONTAINS, ConstraintOp.STARTSWITH,
                        ConstraintOp.REGEX, ConstraintOp.LANG),
    DatatypeKind.NUMBER: _COMPARISONS,
    DatatypeKind.DATE: _COMPARISONS,
    DatatypeKind.TIME: _COMPARISONS,
    DatatypeKind.BOOLEAN: (ConstraintOp.EQ, ConstraintOp.NE),
}


def constraint_ops(datatype: str | None) -> tuple[ConstraintOp, ...]:
    """The operators that make sense for a datatype.

    >>> [op.value for op in constraint_ops("http://www.w3.org/2001/XMLSchema#boolean")]
    ['=', '!=']
    """
    return _OPS_BY_KIND[datatype_kind(datatype)]


_DATE_RE = re.compile(r"^-?\d{4}(-\d{2}(-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?)?)?$")
# The lexical form xsd:time requires, as the SPARQL compiler checks it.
_TIME_RE = re.compile(r"^\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$")


def make_constraint(property_iri: str, op: str, value: Any, datatype: str | None) -> Constraint:
    """A constraint whose value has been checked and typed for its datatype.

    >>> make_constraint("ex:pop", ">", "1000", "http://www.w3.org/2001/XMLSchema#integer").value
    1000
    >>> make_constraint("ex:alive", "=", "true", "http://www.w3.org/2001/XMLSchema#boolean").value
    True
    """
    try:
        operator = ConstraintOp(op)
    except ValueError:
        raise EditError(f"unknown operator {op!r}") from None
    kind = datatype_kind(datatype)
    if operator not in _OPS_BY_KIND[kind]:
        raise EditError(f"{operator.value!r} does not apply to a {kind.value} value")
    if value is None or (isinstance(value, str) and not value.strip()):
        raise EditError("the value is empty")
    typed: str | int | float | bool
    if kind is DatatypeKind.NUMBER:
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise EditError(f"{value!r} is not a number") from None
        if not math.isfinite(number):
            raise EditError(f"{value!r} is not a finite number")
        typed = int(number) if number.is_integer() and "." not in str(value) else number
    elif kind is DatatypeKind.BOOLEAN:
        text = str(value).strip().lower()
        if text not in {"true", "false", "1", "0", "yes", "no"}:
            raise EditError(f"{value!r} is not true or false")
        typed = text in {"true", "1", "yes"}
    elif kind is DatatypeKind.DATE:
        typed = str(value).strip()
        if not _DATE_RE.match(typed):
            raise EditError(f"{value!r} is not a date (YYYY, YYYY-MM or YYYY-MM-DD)")
        problem = date_problem(typed, datatype)
        if problem:
            raise EditError(problem)
    elif kind is DatatypeKind.TIME:
        typed = str(value).strip()
        if not _TIME_RE.match(typed):
            raise EditError(f"{value!r} is not a time of day (HH:MM:SS)")
    else:
        typed = str(value)
    return Constraint(property=property_iri, op=operator, value=typed, datatype=datatype)


def set_constraints(
    graph: PrototypeGraph, node_id: str, constraints: Sequence[Constraint], ontology: Ontology
) -> PrototypeGraph:
    """Replace a node's constraints; each property must be one its class can carry."""
    node = require_node(graph, node_id)
    allowed = {a.iri for a in ontology.attributes_of(node.class_)} | {RDFS_LABEL}
    for constraint in constraints:
        if constraint.property not in allowed:
            raise EditError(f"a {ontology.label(node.class_)} cannot have {ontology.label(constraint.property)}")
    return _update_node(graph, node_id, constraints=tuple(dict.fromkeys(constraints)))


def toggle_shown(graph: PrototypeGraph, node_id: str, attribute: str, ontology: Ontology) -> PrototypeGraph:
    """Show the node's value of ``attribute`` in the results, or stop showing it if it already is."""
    node = require_node(graph, node_id)
    if attribute not in {a.iri for a in ontology.attributes_of(node.class_)}:
        raise EditError(f"a {ontology.label(node.class_)} has no {ontology.label(attribute)}")
    shown = tuple(a for a in node.shown if a != attribute)
    return _update_node(graph, node_id, shown=shown if attribute in node.shown else (*shown, attribute))


# -- edges ---------------------------------------------------------------------
def add_edge(
    graph: PrototypeGraph, source_id: str, link_iri: str, target_id: str, ontology: Ontology
) -> PrototypeGraph:
    """Join two nodes by a link that fits their classes in this direction."""
    source, target = require_node(graph, source_id), require_node(graph, target_id)
    if ontology.get_link(link_iri) is None:
        raise EditError(f"{link_iri} is not a link of the ontology")
    if not ontology.link_fits(link_iri, source.class_, target.class_):
        raise EditError(
            f"{ontology.label(link_iri)} does not go from {ontology.label(source.class_)} "
            f"to {ontology.label(target.class_)}"
        )
    edge = Edge(source=source_id, link=link_iri, target=target_id)
    if edge in graph.edges:
        raise EditError("this link is already drawn")
    return graph.model_copy(update={"edges": (*graph.edges, edge)})


def remove_edge(graph: PrototypeGraph, source: str, link: str, target: str) -> PrototypeGraph:
    return _replace_edge(graph, find_edge(graph, source, link, target), None)


def can_flip(graph: PrototypeGraph, edge: Edge, ontology: Ontology) -> bool:
    """Whether the edge's link also fits the other way round."""
    s, t = graph.node(edge.source), graph.node(edge.target)
    if s is None or t is None:
        return False
    flipped = Edge(source=edge.target, link=edge.link, target=edge.source)
    return flipped not in graph.edges and ontology.link_fits(edge.link, t.class_, s.class_)


def flip_edge(graph: PrototypeGraph, source: str, link: str, target: str, ontology: Ontology) -> PrototypeGraph:
    """Reverse an edge; only offered (and only done) when the link fits reversed."""
    edge = find_edge(graph, source, link, target)
    if not can_flip(graph, edge, ontology):
        raise EditError(f"{ontology.label(link)} does not fit the other way round")
    return _replace_edge(graph, edge, edge.model_copy(update={"source": target, "target": source}))


def switchable_links(graph: PrototypeGraph, edge: Edge, ontology: Ontology) -> list[str]:
    """Links ``edge`` may switch to, keeping its direction: they fit both ends and are not drawn yet."""
    source, target = require_node(graph, edge.source), require_node(graph, edge.target)
    taken = {e.link for e in graph.edges if (e.source, e.target) == (edge.source, edge.target)}
    return [link.iri for link in ontology.links_between(source.class_, target.class_) if link.iri not in taken]


def change_link(
    graph: PrototypeGraph, source: str, link: str, target: str, new_link: str, ontology: Ontology
) -> PrototypeGraph:
    """Switch an edge to another link that fits between its ends in the same direction."""
    edge = find_edge(graph, source, link, target)
    if new_link == link:
        return graph
    if new_link not in switchable_links(graph, edge, ontology):
        raise EditError(f"{ontology.label(new_link)} does not fit between {source} and {target}")
    return _replace_edge(graph, edge, edge.model_copy(update={"link": new_link}))


def set_edge_flags(
    graph: PrototypeGraph, source: str, link: str, target: str, *,
    optional: bool | None = None, negated: bool | None = None,
) -> PrototypeGraph:
    """Make an edge optional or negated; the two exclude each other (a negated OPTIONAL means nothing)."""
    edge = find_edge(graph, source, link, target)
    new_optional = edge.optional if optional is None else bool(optional)
    new_negated = edge.negated if negated is None else bool(negated)
    if new_optional and new_negated:
        if negated:
            new_optional = False
        else:
            new_negated = False
    return _replace_edge(graph, edge, edge.model_copy(update={"optional": new_optional, "negated": new_negated}))

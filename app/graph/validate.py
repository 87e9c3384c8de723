"""Check a prototype graph against an ontology. Pure: errors are data, not exceptions."""

from __future__ import annotations

from enum import Enum

from pydantic import BaseModel, ConfigDict

from ontology_loaders import RDFS_LABEL, Ontology

from app.graph.model import Edge, PrototypeGraph

__all__ = ["ValidationReport", "Violation", "ViolationCode", "validate_graph"]

_MAX_ALLOWED_LISTED = 8


class ViolationCode(str, Enum):
    UNKNOWN_CLASS = "unknown_class"
    UNKNOWN_LINK = "unknown_link"
    DANGLING_EDGE = "dangling_edge"
    DOMAIN_RANGE = "domain_range"
    UNKNOWN_ATTRIBUTE = "unknown_attribute"
    UNKNOWN_MODIFIER_NODE = "unknown_modifier_node"
    BAD_INSTANCE = "bad_instance"


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

    modifier_nodes = []
    if graph.aggregation:
        modifier_nodes += [graph.aggregation.count, *graph.aggregation.group_by]
    modifier_nodes += [o.node for o in graph.order_by if not (graph.aggregation and o.node == "count")]
    for node_id in modifier_nodes:
        if node_id not in classes:
            violations.append(Violation(
                code=ViolationCode.UNKNOWN_MODIFIER_NODE, node=node_id,
                message=f"the query modifiers name {node_id!r}, which is not a node",
            ))
    return ValidationReport(violations=tuple(violations))


def _some(items: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    return tuple(items[:_MAX_ALLOWED_LISTED])

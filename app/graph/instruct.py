"""Edit operations as data: the model of an edit by instruction, applying it, and the difference it makes.

An instruction such as "also require that the university is in Germany" becomes
a short list of :data:`Operation` values. They are applied only through
:mod:`app.graph.edits`, so an operation list can never do what the editor's own
buttons would refuse. :func:`diff_graphs` says what changed, for the canvas to
show before the change is applied.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from app.errors import EditError
from app.graph import edits
from app.graph.model import ConstraintOp, Edge, PrototypeGraph
from ontology_loaders import RDFS_LABEL, RDFS_LITERAL, XSD_STRING, Ontology

__all__ = [
    "AddConstraint",
    "AddLink",
    "AddNode",
    "ChangeClass",
    "GraphDiff",
    "Operation",
    "Remove",
    "Select",
    "ShowValue",
    "apply_operations",
    "attribute_datatype",
    "diff_graphs",
    "parse_operations",
]


class _Op(BaseModel):
    model_config = ConfigDict(frozen=True, populate_by_name=True, serialize_by_alias=True)


class AddNode(_Op):
    """A new, unconnected node; ``id`` must be unused."""

    op: Literal["add_node"] = "add_node"
    id: str
    class_: str = Field(alias="class")


class AddLink(_Op):
    op: Literal["add_link"] = "add_link"
    source: str
    link: str
    target: str


class AddConstraint(_Op):
    """A condition on one attribute of a node (``rdfs:label`` names it)."""

    op: Literal["add_constraint"] = "add_constraint"
    node: str
    property: str
    operator: ConstraintOp = ConstraintOp.EQ
    value: str | int | float | bool


class ChangeClass(_Op):
    op: Literal["change_class"] = "change_class"
    node: str
    class_: str = Field(alias="class")


class Remove(_Op):
    """Remove a node (with its links), or one link: ``node`` or ``source``/``link``/``target``."""

    op: Literal["remove"] = "remove"
    node: str | None = None
    source: str | None = None
    link: str | None = None
    target: str | None = None

    @model_validator(mode="after")
    def _one_thing(self) -> Remove:
        edge = (self.source, self.link, self.target)
        if (self.node is None) == all(part is None for part in edge) or (self.node is None and None in edge):
            raise ValueError("remove takes a node, or a link's source, link and target")
        return self


class Select(_Op):
    """Whether a node is returned in the results."""

    op: Literal["select"] = "select"
    node: str
    select: bool = True


class ShowValue(_Op):
    """Return a node's value of an attribute beside it ("also show the list price")."""

    op: Literal["show_value"] = "show_value"
    node: str
    property: str


Operation = Annotated[AddNode | AddLink | AddConstraint | ChangeClass | Remove | Select | ShowValue,
                      Field(discriminator="op")]
_OPERATIONS = TypeAdapter(list[Operation])


def parse_operations(data: object) -> list[Operation]:
    """Operations from their JSON form (a list of objects with an ``op`` key).

    >>> parse_operations([{"op": "select", "node": "person_1", "select": False}])
    [Select(op='select', node='person_1', select=False)]
    """
    return _OPERATIONS.validate_python(data)


def attribute_datatype(ontology: Ontology, property_iri: str) -> str:
    """The XSD datatype of an attribute's values (``rdfs:label`` and untyped ones are strings)."""
    if property_iri == RDFS_LABEL:
        return XSD_STRING
    attribute = ontology.get_attribute(property_iri)
    if attribute is None:
        raise EditError(f"{property_iri} is not an attribute of the ontology")
    return attribute.range if attribute.range != RDFS_LITERAL else XSD_STRING


def _apply_one(graph: PrototypeGraph, op: Operation, ontology: Ontology) -> PrototypeGraph:
    if isinstance(op, AddNode):
        return edits.add_node(graph, op.class_, ontology, node_id=op.id)
    if isinstance(op, AddLink):
        return edits.add_edge(graph, op.source, op.link, op.target, ontology)
    if isinstance(op, AddConstraint):
        node = edits.require_node(graph, op.node)
        constraint = edits.make_constraint(op.property, op.operator.value, op.value,
                                           attribute_datatype(ontology, op.property))
        return edits.set_constraints(graph, op.node, (*node.constraints, constraint), ontology)
    if isinstance(op, ChangeClass):
        return edits.change_class(graph, op.node, op.class_, ontology)
    if isinstance(op, Remove):
        if op.node is not None:
            return edits.remove_node(graph, op.node)
        return edits.remove_edge(graph, op.source, op.link, op.target)
    if isinstance(op, ShowValue):
        shown = op.property in edits.require_node(graph, op.node).shown
        return graph if shown else edits.toggle_shown(graph, op.node, op.property, ontology)
    return edits.set_select(graph, op.node, op.select)


def apply_operations(graph: PrototypeGraph, operations: Sequence[Operation], ontology: Ontology) -> PrototypeGraph:
    """``graph`` after every operation in order; all or nothing.

    :raises EditError: an operation is refused (the message names which one).

    >>> from ontology_loaders import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Person", label="person")])
    >>> g = apply_operations(PrototypeGraph(), [AddNode(id="person_1", class_="ex:Person"),
    ...                                         Select(node="person_1", select=False)], onto)
    >>> [(n.id, n.select) for n in g.nodes]
    [('person_1', False)]
    """
    for number, op in enumerate(operations, 1):
        try:
            graph = _apply_one(graph, op, ontology)
        except EditError as error:
            raise EditError(f"operation {number} ({op.op}): {error}") from None
    return graph


class GraphDiff(BaseModel):
    """What changed from one graph to another: node ids and edges, each added, removed or changed.

    An edge is known by its ends and link; one whose flags changed counts as changed.
    """

    model_config = ConfigDict(frozen=True)

    added_nodes: tuple[str, ...] = ()
    removed_nodes: tuple[str, ...] = ()
    changed_nodes: tuple[str, ...] = ()
    added_edges: tuple[Edge, ...] = ()
    removed_edges: tuple[Edge, ...] = ()
    changed_edges: tuple[Edge, ...] = ()
    modifiers_changed: bool = False

    def is_empty(self) -> bool:
        return not (self.added_nodes or self.removed_nodes or self.changed_nodes or self.added_edges
                    or self.removed_edges or self.changed_edges or self.modifiers_changed)


def _edge_key(edge: Edge) -> tuple[str, str, str]:
    return edge.source, edge.link, edge.target


def diff_graphs(before: PrototypeGraph, after: PrototypeGraph) -> GraphDiff:
    """The difference ``after`` makes to ``before``.

    >>> a = PrototypeGraph.model_validate({"nodes": [{"id": "p", "class": "ex:P"}, {"id": "q", "class": "ex:P"}]})
    >>> b = PrototypeGraph.model_validate({"nodes": [{"id": "p", "class": "ex:P", "select": False}]})
    >>> d = diff_graphs(a, b)
    >>> d.removed_nodes, d.changed_nodes, d.added_nodes
    (('q',), ('p',), ())
    """
    old = {n.id: n for n in before.nodes}
    new = {n.id: n for n in after.nodes}
    old_edges = {_edge_key(e): e for e in before.edges}
    new_edges = {_edge_key(e): e for e in after.edges}
    modifiers = ("aggregation", "order_by", "limit", "offset")
    return GraphDiff(
        added_nodes=tuple(i for i in new if i not in old),
        removed_nodes=tuple(i for i in old if i not in new),
        changed_nodes=tuple(i for i in new if i in old and new[i] != old[i]),
        added_edges=tuple(e for k, e in new_edges.items() if k not in old_edges),
        removed_edges=tuple(e for k, e in old_edges.items() if k not in new_edges),
        changed_edges=tuple(e for k, e in new_edges.items() if k in old_edges and old_edges[k] != e),
        modifiers_changed=any(getattr(before, m) != getattr(after, m) for m in modifiers),
    )

"""Clean-up of a prototype graph against an ontology: the pipeline's safety net.

The constrained pass already yields valid graphs for the embedded backend, but
a server may ignore the grammar and a user may hand-edit a graph, so every
repair stays available as a pure function. Each returns the new graph and the
actions it took, as data the UI and the CLI can show.

Order matters and :func:`clean_graph` applies it: create nodes for dangling
endpoints, flip reversed edges, drop edges valid in neither direction, map
constraint properties, drop orphans.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pydantic import BaseModel, ConfigDict
from rapidfuzz import fuzz

from app.graph_model import Constraint, Edge, Node, PrototypeGraph, make_node_id
from ontology_loaders.model import Ontology, local_name

__all__ = [
    "CleanupAction",
    "clean_graph",
    "create_dangling_nodes",
    "drop_invalid_edges",
    "drop_orphans",
    "flip_reversed_edges",
    "map_constraints",
]

# Below this similarity a constraint property is dropped rather than guessed.
MIN_ATTRIBUTE_SIMILARITY = 60.0


class CleanupAction(BaseModel):
    """One repair, e.g. ``flip`` of ``person_1 almaMater university_1``."""

    model_config = ConfigDict(frozen=True)

    kind: str  # flip | drop_edge | create_node | drop_node | map_constraint | drop_constraint
    detail: str
    node: str | None = None
    edge: Edge | None = None


Repair = Callable[[PrototypeGraph, Ontology], tuple[PrototypeGraph, list[CleanupAction]]]


def _edge_text(edge: Edge) -> str:
    return f"{edge.source} {local_name(edge.link)} {edge.target}"


def create_dangling_nodes(graph: PrototypeGraph, ontology: Ontology) -> tuple[PrototypeGraph, list[CleanupAction]]:
    """Give every edge endpoint that names no node a node typed by the link's domain or range.

    >>> from ontology_loaders.model import Link, OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:P", label="person"), OntologyClass(iri="ex:U", label="university")],
    ...                 links=[Link(iri="ex:almaMater", label="alma mater", domain="ex:P", range="ex:U")])
    >>> g = PrototypeGraph.model_validate({"nodes": [{"id": "p_1", "class": "ex:P"}],
    ...                                    "edges": [{"source": "p_1", "link": "ex:almaMater", "target": "u_9"}]})
    >>> fixed, actions = create_dangling_nodes(g, onto)
    >>> [(n.id, n.class_) for n in fixed.nodes], actions[0].kind
    ([('p_1', 'ex:P'), ('u_9', 'ex:U')], 'create_node')
    """
    nodes = list(graph.nodes)
    known = {n.id for n in nodes}
    actions: list[CleanupAction] = []
    for edge in graph.edges:
        link = ontology.get_link(edge.link)
        for end, class_iri in ((edge.source, link.domain if link else None), (edge.target, link.range if link else None)):
            if end in known or class_iri is None:
                continue
            node_id = end if _valid_id(end) else make_node_id(ontology.label(class_iri), known)
            nodes.append(Node(id=node_id, class_=class_iri, label=ontology.label(class_iri)))
            known.add(node_id)
            actions.append(CleanupAction(kind="create_node", node=node_id, edge=edge,
                                         detail=f"created {node_id} ({ontology.label(class_iri)}) for {_edge_text(edge)}"))
    return graph.model_copy(update={"nodes": tuple(nodes)}), actions


def _valid_id(node_id: str) -> bool:
    return re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,63}", node_id) is not None


def flip_reversed_edges(graph: PrototypeGraph, ontology: Ontology) -> tuple[PrototypeGraph, list[CleanupAction]]:
    """Reverse edges that violate domain/range as given but fit reversed (transitive hierarchy)."""
    classes = {n.id: n.class_ for n in graph.nodes}
    edges: list[Edge] = []
    actions: list[CleanupAction] = []
    for edge in graph.edges:
        source, target = classes.get(edge.source), classes.get(edge.target)
        if (source and target and not ontology.link_fits(edge.link, source, target)
                and ontology.link_fits(edge.link, target, source)):
            flipped = edge.model_copy(update={"source": edge.target, "target": edge.source})
            edges.append(flipped)
            actions.append(CleanupAction(kind="flip", edge=edge, detail=f"flipped {_edge_text(edge)}"))
        else:
            edges.append(edge)
    return graph.model_copy(update={"edges": tuple(dict.fromkeys(edges))}), actions


def drop_invalid_edges(graph: PrototypeGraph, ontology: Ontology) -> tuple[PrototypeGraph, list[CleanupAction]]:
    """Drop edges with an unknown link, a missing endpoint, or a domain/range that does not fit."""
    classes = {n.id: n.class_ for n in graph.nodes}
    kept: list[Edge] = []
    actions: list[CleanupAction] = []
    for edge in graph.edges:
        source, target = classes.get(edge.source), classes.get(edge.target)
        if source and target and edge.source != edge.target and ontology.link_fits(edge.link, source, target):
            kept.append(edge)
        else:
            actions.append(CleanupAction(kind="drop_edge", edge=edge, detail=f"dropped {_edge_text(edge)}"))
    return graph.model_copy(update={"edges": tuple(kept)}), actions


def map_constraints(
    graph: PrototypeGraph,
    ontology: Ontology,
    *,
    similarity: Callable[[str, str], float] | None = None,
) -> tuple[PrototypeGraph, list[CleanupAction]]:
    """Map each constraint's property to the closest attribute the node's class can have.

    ``similarity(a, b)`` returns 0..100; the default is a fuzzy match of labels.
    A constraint with no attribute above :data:`MIN_ATTRIBUTE_SIMILARITY` is dropped.
    """
    score = similarity or (lambda a, b: fuzz.token_set_ratio(a, b))
    nodes: list[Node] = []
    actions: list[CleanupAction] = []
    for node in graph.nodes:
        allowed = ontology.attributes_of(node.class_)
        allowed_iris = {a.iri for a in allowed}
        constraints: list[Constraint] = []
        for constraint in node.constraints:
            if constraint.property in allowed_iris:
                constraints.append(constraint)
                continue
            wanted = ontology.label(constraint.property)
            best = max(allowed, key=lambda a: score(wanted, a.label), default=None)
            if best is not None and score(wanted, best.label) >= MIN_ATTRIBUTE_SIMILARITY:
                constraints.append(constraint.model_copy(update={"property": best.iri}))
                actions.append(CleanupAction(kind="map_constraint", node=node.id,
                                             detail=f"{node.id}: mapped '{wanted}' to '{best.label}'"))
            else:
                actions.append(CleanupAction(kind="drop_constraint", node=node.id,
                                             detail=f"{node.id}: dropped constraint on '{wanted}'"))
        if constraints != list(node.constraints):
            node = node.model_copy(update={"constraints": tuple(constraints)})
        nodes.append(node)
    return graph.model_copy(update={"nodes": tuple(nodes)}), actions


def drop_orphans(graph: PrototypeGraph, ontology: Ontology) -> tuple[PrototypeGraph, list[CleanupAction]]:
    """Drop nodes no edge touches, when the graph has edges at all.

    A graph of one node and no edge ("all rivers") is a valid query and stays.
    Query modifiers that named a dropped node are cleared too.
    """
    if not graph.edges:
        return graph, []
    touched = {e.source for e in graph.edges} | {e.target for e in graph.edges}
    kept = tuple(n for n in graph.nodes if n.id in touched)
    dropped = [n.id for n in graph.nodes if n.id not in touched]
    if not dropped:
        return graph, []
    update: dict[str, object] = {"nodes": kept}
    if graph.aggregation and (graph.aggregation.count in dropped or set(graph.aggregation.group_by) & set(dropped)):
        update["aggregation"] = None
    update["order_by"] = tuple(o for o in graph.order_by if o.node not in dropped)
    actions = [CleanupAction(kind="drop_node", node=n, detail=f"dropped orphan {n}") for n in dropped]
    return graph.model_copy(update=update), actions


def clean_graph(graph: PrototypeGraph, ontology: Ontology) -> tuple[PrototypeGraph, list[CleanupAction]]:
    """All repairs in order; the result passes validation when the node classes are known."""
    actions: list[CleanupAction] = []
    repairs: list[Repair] = [create_dangling_nodes, flip_reversed_edges, drop_invalid_edges, map_constraints, drop_orphans]
    for repair in repairs:
        graph, done = repair(graph, ontology)
        actions.extend(done)
    unknown = [n.id for n in graph.nodes if not ontology.has_class(n.class_)]
    if unknown:
        # A node of a class the ontology lacks cannot be repaired: drop it with its edges.
        graph = graph.model_copy(update={
            "nodes": tuple(n for n in graph.nodes if n.id not in unknown),
            "edges": tuple(e for e in graph.edges if e.source not in unknown and e.target not in unknown),
        })
        graph, _ = drop_orphans(graph, ontology)
        actions.extend(CleanupAction(kind="drop_node", node=n, detail=f"dropped {n}: unknown class") for n in unknown)
    return graph, actions

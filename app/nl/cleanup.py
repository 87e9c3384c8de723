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
from collections.abc import Callable, Sequence
from functools import partial

from pydantic import BaseModel, ConfigDict
from rapidfuzz import fuzz

from app.graph.model import NODE_ID_PATTERN, Constraint, Edge, Node, PrototypeGraph, make_node_id
from ontology_loaders import Ontology, local_name

__all__ = [
    "prefer_named_links",
    "attach_orphans",
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

    kind: str  # flip | drop_edge | create_node | drop_node | attach_node | map_constraint | drop_constraint
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
    return re.fullmatch(NODE_ID_PATTERN, node_id) is not None


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


def prefer_named_links(
    graph: PrototypeGraph, ontology: Ontology, links: Sequence[str]
) -> tuple[PrototypeGraph, list[CleanupAction]]:
    """Between two nodes joined several times, keep only the links the question names, if it names any.

    >>> from ontology_loaders.model import Link, OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:P", label="person"), OntologyClass(iri="ex:U", label="university")])
    >>> graph = PrototypeGraph(nodes=(Node(id="p_1", class_="ex:P"), Node(id="u_1", class_="ex:U")),
    ...                        edges=(Edge(source="p_1", link="ex:almaMater", target="u_1"),
    ...                               Edge(source="u_1", link="ex:campus", target="p_1")))
    >>> [e.link for e in prefer_named_links(graph, onto, ["ex:almaMater"])[0].edges]
    ['ex:almaMater']
    """
    named = set(links)
    pairs: dict[frozenset[str], list[Edge]] = {}
    for edge in graph.edges:
        pairs.setdefault(frozenset((edge.source, edge.target)), []).append(edge)
    dropped = [
        edge
        for group in pairs.values()
        if len(group) > 1 and any(e.link in named for e in group)
        for edge in group
        if edge.link not in named
    ]
    if not dropped:
        return graph, []
    actions = [CleanupAction(kind="drop_edge", edge=e, detail=f"dropped {_edge_text(e)}: the question names another link "
                             "between these nodes") for e in dropped]
    return graph.model_copy(update={"edges": tuple(e for e in graph.edges if e not in dropped)}), actions


def attach_orphans(
    graph: PrototypeGraph, ontology: Ontology, links: Sequence[str]
) -> tuple[PrototypeGraph, list[CleanupAction]]:
    """Join each node no edge touches to another node by one of ``links`` (those the question names).

    A node the question names is rarely meant to stand alone; a small model
    just failed to write its relation. Links not used yet come first, then the
    order they were named in; the earlier node is tried as the source first.
    Nothing is joined by a link the ontology does not allow.

    >>> from ontology_loaders.model import Link, OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:P", label="person"), OntologyClass(iri="ex:U", label="university")],
    ...                 links=[Link(iri="ex:child", label="child", domain="ex:P", range="ex:P"),
    ...                        Link(iri="ex:almaMater", label="alma mater", domain="ex:P", range="ex:U")])
    >>> graph = PrototypeGraph(nodes=(Node(id="p_1", class_="ex:P"), Node(id="p_2", class_="ex:P"),
    ...                               Node(id="u_1", class_="ex:U")),
    ...                        edges=(Edge(source="p_1", link="ex:almaMater", target="u_1"),))
    >>> fixed, actions = attach_orphans(graph, onto, ["ex:child", "ex:almaMater"])
    >>> [(e.source, e.link, e.target) for e in fixed.edges][-1], actions[0].kind
    (('p_1', 'ex:child', 'p_2'), 'attach_node')
    """
    if len(graph.nodes) < 2 or not links:
        return graph, []
    edges = list(graph.edges)
    actions: list[CleanupAction] = []
    order = {n.id: i for i, n in enumerate(graph.nodes)}
    for orphan in graph.nodes:
        if any(orphan.id in (e.source, e.target) for e in edges):
            continue
        used = {e.link for e in edges}
        ranked = sorted(links, key=lambda iri: (iri in used, links.index(iri)))
        partners = sorted((n for n in graph.nodes if n.id != orphan.id), key=lambda n: abs(order[n.id] - order[orphan.id]))
        edge = next((
            Edge(source=a.id, link=iri, target=b.id)
            for iri in ranked
            for partner in partners
            for a, b in sorted([(partner, orphan), (orphan, partner)], key=lambda pair: order[pair[0].id])
            if ontology.link_fits(iri, a.class_, b.class_)
        ), None)
        if edge is not None:
            edges.append(edge)
            actions.append(CleanupAction(kind="attach_node", node=orphan.id, edge=edge,
                                         detail=f"joined {orphan.id} by {_edge_text(edge)}, a link the question names"))
    return graph.model_copy(update={"edges": tuple(edges)}), actions


def clean_graph(
    graph: PrototypeGraph, ontology: Ontology, *, named_links: Sequence[str] = ()
) -> tuple[PrototypeGraph, list[CleanupAction]]:
    """All repairs in order; the result passes validation when the node classes are known.

    ``named_links`` (links the question names) may join orphans before they are dropped.
    """
    actions: list[CleanupAction] = []
    repairs: list[Repair] = [create_dangling_nodes, flip_reversed_edges, drop_invalid_edges, map_constraints,
                             partial(prefer_named_links, links=list(named_links)),
                             partial(attach_orphans, links=list(named_links)), drop_orphans]
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

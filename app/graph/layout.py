"""Where each node and edge of a prototype graph sits in the WHERE clause.

The first node is the root. An optional (or negated) edge makes one of its
ends *optional*: the end farther from the root along required edges, or its
target when both ends are equally far. That node and everything hanging only
off it (its type, label, constraints, and the nodes reached from it by
required edges) sit in one ``OPTIONAL { … }`` (or ``FILTER NOT EXISTS { … }``)
opened by that edge, so a required pattern elsewhere never binds it. A required
edge between the optional part and the rest goes inside the optional part.

This is what the restatement says: "persons, optionally whose child is a
person whose alma mater is the same university" keeps every person, with a
child only where the child went to the same university.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.graph.model import Edge, PrototypeGraph

__all__ = ["Block", "hidden_nodes", "layout"]


@dataclass
class Block:
    """One group of the WHERE clause: the root, an OPTIONAL or a FILTER NOT EXISTS."""

    kind: str  # "root" | "optional" | "negated"
    depth: int = 0
    link: Edge | None = None  # the optional/negated edge that opens this block
    nodes: list[str] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    children: list[Block] = field(default_factory=list)


def _loose(edge: Edge) -> bool:
    return edge.optional or edge.negated


def _required_distances(graph: PrototypeGraph, seed: str, free: set[str]) -> dict[str, int]:
    """Steps from ``seed`` along required edges, through ``free`` nodes only."""
    distance = {seed: 0}
    frontier = [seed]
    while frontier:
        following: list[str] = []
        for current in frontier:
            for edge in graph.edges:
                if _loose(edge) or current not in (edge.source, edge.target):
                    continue
                other = edge.target if edge.source == current else edge.source
                if other in free and other not in distance:
                    distance[other] = distance[current] + 1
                    following.append(other)
        frontier = following
    return distance


def _claimed(graph: PrototypeGraph, seed: str, distance: dict[str, int]) -> set[str]:
    """Nodes that an optional or negated edge makes optional, among those ``seed`` reaches."""
    claimed: set[str] = set()
    for edge in graph.edges:
        if not _loose(edge) or edge.source not in distance or edge.target not in distance:
            continue
        near, far = edge.source, edge.target
        if distance[far] < distance[near]:
            near, far = far, near
        if far != seed and far != near:
            claimed.add(far)
    return claimed


def _core(graph: PrototypeGraph, seed: str, free: set[str]) -> list[str]:
    """The nodes that share ``seed``'s block: reached by required edges, not made optional."""
    distance = _required_distances(graph, seed, free)
    allowed = free - _claimed(graph, seed, distance)
    members = [seed]
    for current in members:
        for edge in graph.edges:
            if _loose(edge) or current not in (edge.source, edge.target):
                continue
            other = edge.target if edge.source == current else edge.source
            if other in allowed and other not in members:
                members.append(other)
    return members


def layout(graph: PrototypeGraph) -> Block:
    """The block tree of ``graph``: breadth-first from the first node, so optional parts nest as little as they can."""
    root = Block("root")
    block_of: dict[str, Block] = {}
    opened: set[int] = set()  # indexes of the loose edges that open a block
    pending: list[tuple[Block, str]] = []
    order = [n.id for n in graph.nodes]
    while len(block_of) < len(order):
        if not pending:
            # A part not connected to anything placed yet: it joins the root (a cross product).
            pending.append((root, next(n for n in order if n not in block_of)))
        block, seed = pending.pop(0)
        if seed in block_of:
            continue
        # Heads still waiting for their own block stay out of this one.
        free = {n for n in order if n not in block_of} - {s for _, s in pending} | {seed}
        for member in _core(graph, seed, free):
            block.nodes.append(member)
            block_of[member] = block
        for index, edge in enumerate(graph.edges):
            if not _loose(edge) or index in opened:
                continue
            ends = (edge.source, edge.target)
            inside = [e for e in ends if block_of.get(e) is block]
            outside = [e for e in ends if e not in block_of and e not in {s for _, s in pending}]
            if inside and outside:
                opened.add(index)
                child = Block("negated" if edge.negated else "optional", block.depth + 1, edge)
                block.children.append(child)
                pending.append((child, outside[0]))
    _place_edges(graph, root, block_of, opened)
    return root


def _place_edges(graph: PrototypeGraph, root: Block, block_of: dict[str, Block], opened: set[int]) -> None:
    """Each other edge goes to the block of whichever end the query text binds last (the deeper one, when nested).

    Binding it there means both ends are already bound where the edge is matched.
    """
    position: dict[int, int] = {}

    def number(block: Block) -> None:
        position[id(block)] = len(position)
        for child in block.children:
            number(child)

    number(root)
    for index, edge in enumerate(graph.edges):
        if index in opened:
            continue
        a, b = block_of[edge.source], block_of[edge.target]
        outer = a if position[id(a)] >= position[id(b)] else b
        if _loose(edge):
            outer.children.append(Block("negated" if edge.negated else "optional", outer.depth + 1, edge))
        else:
            outer.edges.append(edge)


def hidden_nodes(root: Block) -> set[str]:
    """Nodes inside a FILTER NOT EXISTS: they are never bound in a result row."""
    hidden: set[str] = set()

    def walk(block: Block, negated: bool) -> None:
        negated = negated or block.kind == "negated"
        if negated:
            hidden.update(block.nodes)
        for child in block.children:
            walk(child, negated)

    walk(root, False)
    return hidden

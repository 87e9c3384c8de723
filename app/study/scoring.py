"""Score a participant's submitted graph against the expected one, the way the paper does.

Kantz et al. count a task as solved when the graph has the correct number of
nodes and links, the correct node types, link types and constraints. Each
check compares multisets, so node ids (which participants choose freely) play
no part:

* node types: the classes of the nodes;
* link types: ``(source class, link, target class, optional, negated)`` per
  edge, so a flipped or negated link is a wrong link;
* constraints: ``(node class, property, operator, value)`` per constraint and
  ``(node class, "instance", IRI)`` per pinned instance.

Multisets cannot tell which of two nodes of one class a link hangs off (the
composer's alma mater versus his child's), which a human grader would mark
wrong. ``structure_ok`` closes that gap: there is a one-to-one mapping of
submitted to expected nodes that keeps every class, constraint and link.
``correct`` requires all six checks. Modifiers (select, include_subclasses,
aggregation, ordering, limit) are not part of the paper's criteria and are
ignored. F1_node, F1_rel and GED_s come from :mod:`app.evaluation.metrics`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

import networkx as nx
from pydantic import BaseModel, ConfigDict

from app.evaluation.metrics import score_graph
from app.graph.model import Constraint, Node, PrototypeGraph

__all__ = ["TaskScore", "score_submission"]


class TaskScore(BaseModel):
    model_config = ConfigDict(frozen=True)

    correct: bool
    node_count_ok: bool
    link_count_ok: bool
    node_types_ok: bool
    link_types_ok: bool
    constraints_ok: bool
    structure_ok: bool
    f1_node: float
    f1_rel: float
    ged_s: float


def _value(value: object) -> Hashable:
    """One form per value: 5, 5.0 and "5" are one number; strings compare trimmed."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        return float(value)
    text = str(value).strip()
    try:
        return float(text)
    except ValueError:
        return text


def _constraint_key(c: Constraint) -> tuple:
    return (c.property, c.op.value, _value(c.value))


def _node_conditions(node: Node) -> Counter:
    """A node's constraints and pinned instances, each as one hashable item."""
    items = [("constraint", *_constraint_key(c)) for c in node.constraints]
    items += [("instance", iri) for iri in node.instances]
    return Counter(items)


def _constraints(graph: PrototypeGraph) -> Counter:
    return Counter((node.class_, item) for node in graph.nodes for item in _node_conditions(node).elements())


def _link_types(graph: PrototypeGraph) -> Counter:
    classes = {n.id: n.class_ for n in graph.nodes}
    return Counter((classes.get(e.source), e.link, classes.get(e.target), e.optional, e.negated) for e in graph.edges)


def _as_networkx(graph: PrototypeGraph) -> nx.MultiDiGraph:
    out = nx.MultiDiGraph()
    for node in graph.nodes:
        out.add_node(node.id, label=(node.class_, frozenset(_node_conditions(node).items())))
    for edge in graph.edges:
        if edge.source in out and edge.target in out:  # a dangling edge already failed the link check
            out.add_edge(edge.source, edge.target, label=(edge.link, edge.optional, edge.negated))
    return out


def _same_structure(a: PrototypeGraph, b: PrototypeGraph) -> bool:
    def same_edges(x: dict, y: dict) -> bool:
        # A MultiDiGraph hands over all parallel edges between one pair of nodes at once.
        return Counter(e["label"] for e in x.values()) == Counter(e["label"] for e in y.values())

    return nx.is_isomorphic(
        _as_networkx(a),
        _as_networkx(b),
        node_match=lambda x, y: x["label"] == y["label"],
        edge_match=same_edges,
    )


def score_submission(submitted: PrototypeGraph, expected: PrototypeGraph, *, ged_timeout_s: float = 5.0) -> TaskScore:
    """The paper's correctness checks plus F1_node, F1_rel and GED_s. Pure.

    >>> expected = PrototypeGraph.model_validate({
    ...     "nodes": [{"id": "work_1", "class": "dbo:Work"}, {"id": "player_1", "class": "dbo:IceHockeyPlayer"}],
    ...     "edges": [{"source": "work_1", "link": "dbo:author", "target": "player_1"}]})
    >>> renamed = PrototypeGraph.model_validate({
    ...     "nodes": [{"id": "p", "class": "dbo:IceHockeyPlayer"}, {"id": "w", "class": "dbo:Work"}],
    ...     "edges": [{"source": "w", "link": "dbo:author", "target": "p"}]})
    >>> score_submission(renamed, expected).correct
    True
    >>> flipped = PrototypeGraph.model_validate({
    ...     "nodes": [{"id": "p", "class": "dbo:IceHockeyPlayer"}, {"id": "w", "class": "dbo:Work"}],
    ...     "edges": [{"source": "p", "link": "dbo:author", "target": "w"}]})
    >>> score = score_submission(flipped, expected)
    >>> (score.correct, score.node_types_ok, score.link_types_ok)
    (False, True, False)
    """
    node_count_ok = len(submitted.nodes) == len(expected.nodes)
    link_count_ok = len(submitted.edges) == len(expected.edges)
    node_types_ok = Counter(n.class_ for n in submitted.nodes) == Counter(n.class_ for n in expected.nodes)
    link_types_ok = _link_types(submitted) == _link_types(expected)
    constraints_ok = _constraints(submitted) == _constraints(expected)
    checks = (node_count_ok, link_count_ok, node_types_ok, link_types_ok, constraints_ok)
    # The isomorphism test only decides between graphs that already agree on every multiset.
    structure_ok = all(checks) and _same_structure(submitted, expected)
    scores = score_graph(submitted, expected, ged_timeout_s=ged_timeout_s)
    return TaskScore(
        correct=all(checks) and structure_ok,
        node_count_ok=node_count_ok,
        link_count_ok=link_count_ok,
        node_types_ok=node_types_ok,
        link_types_ok=link_types_ok,
        constraints_ok=constraints_ok,
        structure_ok=structure_ok,
        f1_node=scores.f1_node,
        f1_rel=scores.f1_rel,
        ged_s=scores.ged_s,
    )

"""Graph and result metrics of the evaluation, all pure functions.

The graph metrics follow Kantz et al. (OnSET, §III-B): node classes and
(class, link, class) relations are compared as multisets, because a prototype
graph may hold the same class twice (two people who know each other) and a
set comparison would reward a prediction that drops one of them.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Hashable, Iterable
from dataclasses import dataclass

import networkx as nx

from app.graph.model import PrototypeGraph

__all__ = [
    "GraphScores",
    "PRF",
    "f1_node",
    "f1_rel",
    "graph_edit_distance",
    "mean",
    "ged_similarity",
    "multiset_prf",
    "relaxed_exact_match",
    "relation_triples",
    "score_graph",
    "set_prf",
    "to_networkx",
]


@dataclass(frozen=True)
class PRF:
    precision: float
    recall: float
    f1: float


@dataclass(frozen=True)
class GraphScores:
    f1_node: float
    f1_rel: float
    ged: float
    ged_s: float
    ged_exact: bool  # False when the timeout cut the search and ``ged`` is an upper bound


def multiset_prf(predicted: Iterable[Hashable], gold: Iterable[Hashable]) -> PRF:
    """Precision, recall and F1 of two multisets; two empty multisets agree fully.

    >>> multiset_prf(["a", "a", "b"], ["a", "b"])
    PRF(precision=0.6666666666666666, recall=1.0, f1=0.8)
    >>> multiset_prf([], [])
    PRF(precision=1.0, recall=1.0, f1=1.0)
    """
    pred, ref = Counter(predicted), Counter(gold)
    n_pred, n_ref = sum(pred.values()), sum(ref.values())
    if n_pred == 0 and n_ref == 0:
        return PRF(1.0, 1.0, 1.0)
    hits = sum((pred & ref).values())
    precision = hits / n_pred if n_pred else 0.0
    recall = hits / n_ref if n_ref else 0.0
    f1 = 2 * precision * recall / (precision + recall) if hits else 0.0
    return PRF(precision, recall, f1)


def set_prf(predicted: Iterable[Hashable], gold: Iterable[Hashable]) -> PRF:
    """Set-based precision, recall and F1, as Text2SPARQL scores answer sets.

    >>> set_prf({"x", "y"}, {"y", "z"}).f1
    0.5
    """
    return multiset_prf(set(predicted), set(gold))


def f1_node(predicted: PrototypeGraph, gold: PrototypeGraph) -> float:
    return multiset_prf((n.class_ for n in predicted.nodes), (n.class_ for n in gold.nodes)).f1


def relation_triples(graph: PrototypeGraph) -> list[tuple[str, str, str]]:
    """Each edge as (source class, link, target class); node ids play no part."""
    classes = {n.id: n.class_ for n in graph.nodes}
    return [(classes.get(e.source, ""), e.link, classes.get(e.target, "")) for e in graph.edges]


def f1_rel(predicted: PrototypeGraph, gold: PrototypeGraph) -> float:
    return multiset_prf(relation_triples(predicted), relation_triples(gold)).f1


def to_networkx(graph: PrototypeGraph) -> nx.MultiDiGraph:
    """Nodes labelled by class, edges by link; ids are dropped from the comparison.

    A MultiDiGraph, because two links between the same pair of nodes are two edges.
    """
    out = nx.MultiDiGraph()
    for node in graph.nodes:
        out.add_node(node.id, label=node.class_)
    for edge in graph.edges:
        if edge.source in out and edge.target in out:
            out.add_edge(edge.source, edge.target, label=edge.link)
    return out


def _same_label(a: dict, b: dict) -> bool:
    return a.get("label") == b.get("label")


def graph_edit_distance(
    predicted: PrototypeGraph, gold: PrototypeGraph, *, timeout_s: float = 5.0
) -> tuple[float, bool]:
    """Unit-cost edit distance between the labelled graphs, and whether it is exact.

    networkx returns the best distance found when the timeout strikes; if it
    found none, the cost of deleting one graph and inserting the other is an
    upper bound that is always reachable.

    >>> g = PrototypeGraph.model_validate({"nodes": [{"id": "a", "class": "ex:A"}]})
    >>> graph_edit_distance(g, g)
    (0.0, True)
    """
    g_pred, g_gold = to_networkx(predicted), to_networkx(gold)
    if not (_has_parallel_edges(g_pred) or _has_parallel_edges(g_gold)):
        # networkx's search is much faster on simple digraphs; both must be of one type.
        g_pred, g_gold = nx.DiGraph(g_pred), nx.DiGraph(g_gold)
    upper = float(g_pred.number_of_nodes() + g_gold.number_of_nodes() + g_pred.number_of_edges() + g_gold.number_of_edges())
    if upper == 0:
        return 0.0, True
    best: float | None = None
    started = time.monotonic()
    for _, _, cost in nx.optimize_edit_paths(
        g_pred,
        g_gold,
        node_match=_same_label,
        edge_match=_same_label,
        strictly_decreasing=True,
        timeout=timeout_s,
    ):
        best = float(cost)
    # networkx stops silently at the timeout; only a search that ended earlier was exhaustive.
    exact = time.monotonic() - started < timeout_s
    if best is None:
        return upper, False
    return min(best, upper), exact


def _has_parallel_edges(graph: nx.MultiDiGraph) -> bool:
    return any(len(graph.get_edge_data(u, v)) > 1 for u, v in set(graph.edges()))


def ged_similarity(ged: float, predicted: PrototypeGraph, gold: PrototypeGraph) -> float:
    """GED_s = 1 − GED / (max(|N_p|, |N_ps|) + max(|E_p|, |E_ps|)), clipped to [0, 1].

    >>> empty = PrototypeGraph()
    >>> ged_similarity(0.0, empty, empty)
    1.0
    """
    norm = max(len(predicted.nodes), len(gold.nodes)) + max(len(predicted.edges), len(gold.edges))
    if norm == 0:
        return 1.0
    return min(1.0, max(0.0, 1.0 - ged / norm))


def score_graph(predicted: PrototypeGraph, gold: PrototypeGraph, *, ged_timeout_s: float = 5.0) -> GraphScores:
    ged, exact = graph_edit_distance(predicted, gold, timeout_s=ged_timeout_s)
    return GraphScores(
        f1_node=f1_node(predicted, gold),
        f1_rel=f1_rel(predicted, gold),
        ged=ged,
        ged_s=ged_similarity(ged, predicted, gold),
        ged_exact=exact,
    )


def relaxed_exact_match(predicted_rows: Iterable[tuple], gold_rows: Iterable[tuple]) -> bool:
    """FIRESPARQL's RelaxedEM: the same set of rows, whatever the variable names.

    Rows must already be normalised (see ``app.evaluation.execution.normalise_rows``):
    values without datatype tags, each row's values sorted so column order and
    variable names play no part.

    >>> relaxed_exact_match([("1", "a")], [("1", "a"), ("1", "a")])
    True
    """
    return set(predicted_rows) == set(gold_rows)


def mean(values: Iterable[float]) -> float:
    items = [v for v in values if not math.isnan(v)]
    return sum(items) / len(items) if items else math.nan

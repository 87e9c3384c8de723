"""What may be run: size limits, unlinked parts, and the advice after a timeout."""

from __future__ import annotations

import itertools

import pytest

from app.errors import GraphCompileError, UnconnectedGraphError
from app.graph.model import PrototypeGraph
from app.graph.validate import (
    MAX_GRAPH_EDGES,
    MAX_GRAPH_NODES,
    ViolationCode,
    check_runnable,
    graph_parts,
    timeout_hint,
    validate_graph,
)
from ontology_loaders import Ontology

EX = "http://ex.org/"


def _graph(nodes: list[str], edges: list[tuple[str, str]] = (), **node_extra) -> PrototypeGraph:
    return PrototypeGraph.model_validate({
        "nodes": [{"id": n, "class": EX + "C", **node_extra.get(n, {})} for n in nodes],
        "edges": [{"source": s, "link": EX + f"p{i}", "target": t, **({"optional": True} if i % 2 else {})}
                  for i, (s, t) in enumerate(edges)],
    })


def test_parts_follow_every_kind_of_edge():
    graph = _graph(["a", "b", "c", "d", "e"], [("a", "b"), ("c", "b"), ("e", "d")])
    assert graph_parts(graph) == [["a", "b", "c"], ["d", "e"]]
    check_runnable(_graph(["a", "b", "c"], [("a", "b"), ("b", "c")]))  # connected (one edge optional): fine


def test_unlinked_parts_need_an_explicit_choice():
    graph = _graph(["person", "city", "team"], [("person", "team")])
    with pytest.raises(UnconnectedGraphError, match=r"not connected: \{person, team\} and city; link them or confirm") \
            as caught:
        check_runnable(graph)
    assert caught.value.parts == [["person", "team"], ["city"]]
    check_runnable(graph, allow_cross_product=True)


def test_graphs_beyond_the_limits_are_refused_with_a_clear_message():
    chain = [f"n{i}" for i in range(MAX_GRAPH_NODES + 1)]
    with pytest.raises(GraphCompileError, match=rf"too large to run: {MAX_GRAPH_NODES + 1} nodes .* split the question"):
        check_runnable(_graph(chain, list(itertools.pairwise(chain))))
    dense = [(f"n{i % 10}", f"n{(i + 1) % 10}") for i in range(MAX_GRAPH_EDGES + 1)]
    with pytest.raises(GraphCompileError, match=rf"{MAX_GRAPH_EDGES + 1} edges"):
        check_runnable(_graph([f"n{i}" for i in range(10)], dense))
    report = validate_graph(_graph(chain), Ontology())
    assert ViolationCode.TOO_LARGE in [v.code for v in report.violations]


def test_the_timeout_hint_names_the_unlinked_and_unconstrained_nodes():
    graph = _graph(["a", "b", "c", "d"], [("a", "b")], b={"instances": [EX + "x"]},
                   c={"constraints": [{"property": EX + "name", "op": "=", "value": "x"}]})
    assert timeout_hint(graph) == "add a link between {a, b} and c and d, or a constraint on a or d"
    linked = _graph(["a", "b"], [("a", "b")], b={"instances": [EX + "x"]})
    assert timeout_hint(linked) == "add a constraint on a"
    assert timeout_hint(_graph(["a"], a={"instances": [EX + "x"]})) == ""

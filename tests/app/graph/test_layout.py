"""Where each node and edge sits in the WHERE clause: an optional edge's node takes its whole branch along."""

from __future__ import annotations

from app.graph.layout import Block, hidden_nodes, layout
from app.graph.model import PrototypeGraph

EX = "http://ex.org/"


def _graph(nodes: str, *edges: tuple[str, str, str]) -> PrototypeGraph:
    """Nodes by id; edges as (source, flag, target), flag "" | "optional" | "negated"."""
    return PrototypeGraph.model_validate({
        "nodes": [{"id": n, "class": EX + "C"} for n in nodes.split()],
        "edges": [{"source": s, "link": EX + f"{s}_{t}", "target": t, **({flag: True} if flag else {})}
                  for s, flag, t in edges],
    })


def _shape(block: Block) -> tuple:
    """(kind, nodes, opening link, required edges, children) as plain values."""
    link = (block.link.source, block.link.target) if block.link else None
    return (block.kind, block.nodes, link, [(e.source, e.target) for e in block.edges],
            [_shape(c) for c in block.children])


def test_an_optional_node_bound_elsewhere_moves_into_its_optional_with_that_binding():
    # a —child?→ b, a → c, b → c: b must not be bound by the required b → c.
    root = layout(_graph("a b c", ("a", "optional", "b"), ("a", "", "c"), ("b", "", "c")))
    assert _shape(root) == ("root", ["a", "c"], None, [("a", "c")],
                            [("optional", ["b"], ("a", "b"), [("b", "c")], [])])


def test_what_hangs_only_off_the_optional_node_goes_with_it():
    root = layout(_graph("a b d e", ("a", "optional", "b"), ("b", "", "d"), ("d", "", "e")))
    assert _shape(root)[4] == [("optional", ["b", "d", "e"], ("a", "b"), [("b", "d"), ("d", "e")], [])]


def test_an_optional_link_towards_the_first_node_makes_the_far_end_optional():
    # The edge points at a, but b is the side away from the first node.
    root = layout(_graph("a b", ("b", "optional", "a")))
    assert _shape(root) == ("root", ["a"], None, [], [("optional", ["b"], ("b", "a"), [], [])])


def test_optional_parts_nest_and_siblings_stay_siblings():
    root = layout(_graph("a b c d", ("a", "optional", "b"), ("b", "optional", "c"), ("a", "optional", "d")))
    kinds = _shape(root)[4]
    assert [k[1] for k in kinds] == [["b"], ["d"]] and kinds[0][4][0][1] == ["c"]


def test_when_both_ends_are_as_far_from_the_first_node_the_target_is_optional():
    root = layout(_graph("a b c", ("a", "", "b"), ("a", "", "c"), ("c", "optional", "b")))
    assert _shape(root) == ("root", ["a", "c"], None, [("a", "c")],
                            [("optional", ["b"], ("c", "b"), [("a", "b")], [])])


def test_an_optional_link_between_nodes_already_placed_is_a_lone_optional():
    root = layout(_graph("a b c", ("a", "optional", "b"), ("a", "optional", "c"), ("b", "optional", "c")))
    first, second = root.children
    assert (first.nodes, second.nodes) == (["b"], ["c"])
    # It sits where c is bound, after b's block, so both ends are bound when it is matched.
    assert first.children == [] and [(c.nodes, c.link.source, c.link.target) for c in second.children] == [
        ([], "b", "c")]


def test_a_negated_branch_is_hidden_with_what_hangs_off_it():
    root = layout(_graph("a b c", ("a", "negated", "b"), ("a", "", "c"), ("b", "", "c")))
    assert hidden_nodes(root) == {"b"} and root.children[0].edges[0].source == "b"


def test_unconnected_parts_join_the_root():
    root = layout(_graph("a b c", ("b", "optional", "c")))
    assert root.nodes == ["a", "b"] and root.children[0].nodes == ["c"]

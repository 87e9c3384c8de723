"""New nodes and edges land where they can be seen: free spots beside a neighbour, bends around nodes."""

from __future__ import annotations

from app.graph.model import PrototypeGraph
from components.elements import (
    STYLESHEET,
    X_GAP,
    graph_to_elements,
    positions_from_elements,
)
from components.placement import BENDS, bend_classes, box_for, free_spot

EX = "http://ex.org/"


def _graph(nodes: list[str], edges: list[tuple[str, str, str]]) -> PrototypeGraph:
    return PrototypeGraph.model_validate({
        "nodes": [{"id": n, "class": EX + "Thing"} for n in nodes],
        "edges": [{"source": s, "link": EX + link, "target": t} for s, link, t in edges]})


def _boxes(elements: list[dict]) -> dict:
    return {e["data"]["id"]: box_for(e["data"]["label"].splitlines(), e["position"]["x"], e["position"]["y"])
            for e in elements if "position" in e}


def test_a_link_across_a_node_in_between_bends_around_it():
    row = {"a": {"x": 0.0, "y": 0.0}, "b": {"x": 300.0, "y": 0.0}, "c": {"x": 600.0, "y": 0.0}}
    elements = graph_to_elements(_graph(["a", "b", "c"], [("a", "p", "b"), ("a", "q", "c")]), None, row)
    classes = {e["data"]["id"]: e["classes"] for e in elements if "source" in e["data"]}
    assert classes[f"a|{EX}p|b"] == ""
    assert classes[f"a|{EX}q|c"].startswith("bend")
    # The bend it got is a style the canvas knows.
    assert {"selector": "edge." + classes[f"a|{EX}q|c"]} in [{"selector": s["selector"]} for s in STYLESHEET]


def test_a_bend_clears_the_node_and_two_links_over_it_take_different_bends():
    boxes = {n: box_for(["thing", f"?{n}"], x, 0.0) for n, x in (("a", 0.0), ("b", 300.0), ("c", 600.0))}
    first, second = bend_classes([("a", "c"), ("c", "a")], boxes)
    assert first and second
    # Opposite directions with the same class would curve to opposite sides; either way the labels differ.
    distances = {BENDS[int(first[4:])], -BENDS[int(second[4:])]}
    assert len(distances) == 2 and all(abs(d) / 2 > boxes["b"].half_h for d in distances)


def test_parallel_links_on_a_clear_line_are_left_to_the_canvas_to_fan_out():
    boxes = {"a": box_for(["a"], 0.0, 0.0), "b": box_for(["b"], 300.0, 0.0)}
    assert bend_classes([("a", "b"), ("a", "b"), ("b", "a")], boxes) == ["", "", ""]
    edge_style = next(s["style"] for s in STYLESHEET if s["selector"] == "edge")
    assert edge_style["curve-style"] == "bezier" and edge_style["control-point-step-size"] >= 40


def test_a_label_that_would_sit_on_another_label_bends():
    boxes = {n: box_for([n], x, y) for n, x, y in (("a", 0, 0), ("b", 300, 0), ("c", 0, 300), ("d", 300, 300))}
    # The two diagonals cross at their middles, where both labels would be.
    assert bend_classes([("a", "d"), ("b", "c")], boxes) == ["", "bend0"]


def test_a_new_linked_node_goes_beside_its_neighbour_without_overlapping():
    kept = {"a": {"x": 0.0, "y": 0.0}, "b": {"x": X_GAP, "y": 0.0}}
    graph = _graph(["a", "b", "c"], [("a", "p", "b"), ("a", "q", "c")])
    elements = graph_to_elements(graph, None, kept)
    found = positions_from_elements(elements)
    assert found["a"] == kept["a"] and found["b"] == kept["b"]
    boxes = _boxes(elements)
    assert not any(boxes["c"].overlaps(boxes[other]) for other in ("a", "b"))
    assert abs(found["c"]["x"] - found["a"]["x"]) <= X_GAP and abs(found["c"]["y"]) <= 2 * 110
    # And its new link is straight and clear of the other node.
    assert next(e for e in elements if e["data"].get("target") == "c")["classes"] == ""


def test_free_spot_never_lands_on_a_placed_node():
    placed = {f"n{i}": box_for(["thing", f"?n{i}"], x * X_GAP, y * 110.0)
              for i, (x, y) in enumerate((x, y) for x in range(-1, 2) for y in range(-1, 2))}
    spot = free_spot(["thing", "?new"], placed, (0.0, 0.0), x_gap=X_GAP, y_gap=110.0)
    new = box_for(["thing", "?new"], *spot)
    assert not any(new.overlaps(box) for box in placed.values())

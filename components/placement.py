"""Where a new node goes and which way an edge bends, so nothing new hides behind what is drawn.

Pure geometry on canvas coordinates. Node boxes are estimated from their label
lines (the stylesheet sizes a node to its label), which is close enough to keep
a new node, edge or edge label off the others. Cytoscape fans out edges between
the same two nodes by itself (``curve-style: bezier``); what it cannot see is an
edge whose straight line runs through a third node or whose label lands on
another label. Such an edge gets one of :data:`BENDS` as a class, an
``unbundled-bezier`` curve that clears them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

__all__ = ["BENDS", "Box", "bend_classes", "box_for", "free_spot"]

#: Control-point distances (px, perpendicular to source→target) of the bend classes ``bend0``, ``bend1``, …
BENDS: tuple[int, ...] = (110, -110, 190, -190, 270, -270)
CHAR_WIDTH, LINE_HEIGHT, PADDING = 7.0, 15.0, 12.0
MAX_LABEL_WIDTH = 180.0
#: Two edge labels closer than this (px, centre to centre) are taken to overlap.
LABEL_CLEARANCE = 28.0
#: Space kept between a new node and its neighbours' boxes.
MARGIN = 30.0

Point = tuple[float, float]


@dataclass(frozen=True)
class Box:
    """A node's centre and half sizes."""

    x: float
    y: float
    half_w: float
    half_h: float

    def contains(self, point: Point, margin: float = 0.0) -> bool:
        return abs(point[0] - self.x) <= self.half_w + margin and abs(point[1] - self.y) <= self.half_h + margin

    def overlaps(self, other: Box, margin: float = 0.0) -> bool:
        return (abs(self.x - other.x) < self.half_w + other.half_w + margin
                and abs(self.y - other.y) < self.half_h + other.half_h + margin)


def box_for(lines: Sequence[str], x: float, y: float) -> Box:
    """The box of a node whose label has ``lines``, centred at ``(x, y)``.

    >>> box_for(["person", "?person_1"], 0, 0).half_h
    27.0
    """
    width = min(MAX_LABEL_WIDTH, max((len(line) for line in lines), default=1) * CHAR_WIDTH) + 2 * PADDING
    return Box(x, y, width / 2, (len(lines) * LINE_HEIGHT + 2 * PADDING) / 2)


def _segment_hits(a: Point, b: Point, box: Box, margin: float) -> bool:
    """Whether the segment ``a``–``b`` passes through ``box`` grown by ``margin`` (slab clipping)."""
    low, high = 0.0, 1.0
    for start, delta, centre, half in ((a[0], b[0] - a[0], box.x, box.half_w), (a[1], b[1] - a[1], box.y, box.half_h)):
        lo, hi = centre - half - margin, centre + half + margin
        if delta == 0:
            if not lo <= start <= hi:
                return False
            continue
        t1, t2 = sorted(((lo - start) / delta, (hi - start) / delta))
        low, high = max(low, t1), min(high, t2)
        if low > high:
            return False
    return True


def free_spot(lines: Sequence[str], placed: Mapping[str, Box], anchor: Point | None, *,
              x_gap: float, y_gap: float) -> Point:
    """A centre for a new node that overlaps no placed box, near ``anchor`` (a neighbour) if there is one.

    Without an anchor the node goes right of everything, on the top row, as
    reading order expects. The straight line from the anchor must not cross
    another node either, so the new edge is seen at once.

    >>> a = box_for(["a"], 0, 0)
    >>> free_spot(["b"], {"a": a}, (0, 0), x_gap=300, y_gap=110)
    (300.0, 0.0)
    >>> free_spot(["c"], {"a": a, "b": box_for(["b"], 300, 0)}, (0, 0), x_gap=300, y_gap=110)
    (300.0, 110.0)
    """
    boxes = list(placed.values())
    if anchor is None:
        if not boxes:
            return 0.0, 0.0
        anchor = (max(b.x for b in boxes), min(b.y for b in boxes))
        offsets: Iterable[Point] = [(x_gap, 0.0), *((x_gap, k * y_gap) for k in range(1, 20))]
    else:
        offsets = _around(x_gap, y_gap)
    for dx, dy in offsets:
        spot = (anchor[0] + dx, anchor[1] + dy)
        box = box_for(lines, *spot)
        if any(box.overlaps(other, MARGIN) for other in boxes):
            continue
        if any(_segment_hits(anchor, spot, other, 4.0) for other in boxes if not other.contains(anchor)):
            continue
        return float(spot[0]), float(spot[1])
    return float(anchor[0] + x_gap), float(max((b.y for b in boxes), default=0.0) + y_gap)


def _around(x_gap: float, y_gap: float) -> list[Point]:
    """Offsets from a neighbour, nearest first, preferring the right (edges point right)."""
    ring = [(1, 0), (1, 1), (1, -1), (0, 1), (0, -1), (-1, 0), (-1, 1), (-1, -1)]
    offsets = []
    for scale in (1, 2, 3):
        offsets += [(dx * x_gap * scale, dy * y_gap * scale) for dx, dy in ring]
        offsets += [(x_gap * scale, k * y_gap) for k in (2, -2, 3, -3)]
    return offsets


def _curve(a: Point, b: Point, distance: float, t: float) -> Point:
    """A point of the quadratic curve Cytoscape draws for one control point at ``distance`` off the middle.

    Cytoscape measures the distance along the source→target normal ``(-dy, dx)``, the way this does.
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    control = ((a[0] + b[0]) / 2 - dy / length * distance, (a[1] + b[1]) / 2 + dx / length * distance)
    u = 1 - t
    return (u * u * a[0] + 2 * u * t * control[0] + t * t * b[0], u * u * a[1] + 2 * u * t * control[1] + t * t * b[1])


def _clear_curve(a: Point, b: Point, distance: float, others: list[Box], labels: list[Point]) -> bool:
    points = [_curve(a, b, distance, t / 10) for t in range(1, 10)]
    if any(box.contains(p, 6.0) for box in others for p in points):
        return False
    return all(_far(points[4], label) for label in labels)


def _far(p: Point, q: Point) -> bool:
    return abs(p[0] - q[0]) >= LABEL_CLEARANCE * 2.5 or abs(p[1] - q[1]) >= LABEL_CLEARANCE


def bend_classes(edges: Sequence[tuple[str, str]], boxes: Mapping[str, Box]) -> list[str]:
    """One class per edge (``""`` or ``bendN``): a bend where the straight line would hide the edge.

    ``edges`` are ``(source, target)`` node ids in drawing order. An edge keeps
    its straight (or Cytoscape-fanned) line unless that line runs through a
    third node or its label would sit on an earlier edge's label.

    >>> boxes = {n: box_for([n], x, 0) for n, x in (("a", 0), ("b", 300), ("c", 600))}
    >>> bend_classes([("a", "b"), ("b", "c"), ("a", "c")], boxes)
    ['', '', 'bend0']
    """
    classes: list[str] = []
    labels: list[Point] = []
    straight_pairs: set[frozenset[str]] = set()
    for source, target in edges:
        a_box, b_box = boxes.get(source), boxes.get(target)
        if a_box is None or b_box is None or source == target:
            classes.append("")
            continue
        a, b = (a_box.x, a_box.y), (b_box.x, b_box.y)
        others = [box for key, box in boxes.items() if key not in (source, target)]
        pair = frozenset((source, target))
        middle = _curve(a, b, 0.0, 0.5)
        straight_ok = (not any(_segment_hits(a, b, box, 6.0) for box in others)
                       and (pair in straight_pairs or all(_far(middle, label) for label in labels)))
        if straight_ok:
            # Cytoscape fans siblings of one pair apart itself; their labels are counted once.
            if pair not in straight_pairs:
                labels.append(middle)
                straight_pairs.add(pair)
            classes.append("")
            continue
        chosen = next((i for i, d in enumerate(BENDS) if _clear_curve(a, b, d, others, labels)), len(BENDS) - 1)
        labels.append(_curve(a, b, BENDS[chosen], 0.5))
        classes.append(f"bend{chosen}")
    return classes

"""Pure converters from a :class:`PrototypeGraph` (and its result rows) to Cytoscape elements.

The canvas shows what the graph means: class label and variable id on each
node, link label on each edge, and distinct looks (CSS classes, styled in
:data:`STYLESHEET`) for constants, pinned instances, constraints, hidden
variables, optional and negated edges. Node positions are not part of the
graph; they travel separately so dragging survives every edit.
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ontology_loaders import Ontology, instance_label, label_from_local_name

from app.graph.instruct import diff_graphs
from app.graph.model import Constraint, Edge, Node, PrototypeGraph
from app.query.compile import label_variable
from app.query.sparql_results import SparqlResults
from components.placement import BENDS, Box, bend_classes, box_for, free_spot

__all__ = [
    "STYLESHEET",
    "auto_layout",
    "diff_elements",
    "edge_id",
    "edge_from_id",
    "graph_to_elements",
    "instance_elements",
    "mark_guesses",
    "positions_from_elements",
    "describe_constraint",
]

EDGE_ID_SEPARATOR = "|"
X_GAP, Y_GAP = 300.0, 110.0
MAX_ROW_WIDTH = 4 * X_GAP

_COLORS = {
    "ink": "#1f2933",
    "node": "#e8f0fe",
    "node_border": "#4a6fa5",
    "pinned": "#fff4d6",
    "pinned_border": "#b7791f",
    "edge": "#52606d",
    "optional": "#8795a1",
    "negated": "#c53030",
    "selected": "#d97706",
    "added": "#2f855a",
    "removed": "#c53030",
    "changed": "#d69e2e",
    "guess": "#d97706",
}

STYLESHEET: list[dict[str, Any]] = [
    {"selector": "node", "style": {
        "shape": "round-rectangle", "background-color": _COLORS["node"], "border-width": 2,
        "border-color": _COLORS["node_border"], "label": "data(label)", "text-wrap": "wrap",
        "text-valign": "center", "text-halign": "center", "font-size": 12, "color": _COLORS["ink"],
        "width": "label", "height": "label", "padding": "10px", "text-max-width": "180px",
        "font-family": "system-ui, sans-serif",
    }},
    # A constant: the node stands for one known instance.
    {"selector": "node.constant", "style": {
        "shape": "rectangle", "background-color": _COLORS["pinned"], "border-color": _COLORS["pinned_border"],
        "border-width": 3,
    }},
    # Pinned to a set of instances (SPARQL VALUES).
    {"selector": "node.pinned", "style": {
        "background-color": _COLORS["pinned"], "border-color": _COLORS["pinned_border"], "border-style": "double",
        "border-width": 5,
    }},
    {"selector": "node.constrained", "style": {"border-style": "dashed"}},
    # Not returned: the variable only joins the pattern.
    {"selector": "node.hidden", "style": {"background-opacity": 0.35, "color": "#52606d"}},
    {"selector": "node.subclasses", "style": {"underlay-color": "#4a6fa5", "underlay-opacity": 0.15,
                                              "underlay-padding": 6}},
    {"selector": "edge", "style": {
        "curve-style": "bezier", "target-arrow-shape": "triangle", "line-color": _COLORS["edge"],
        "target-arrow-color": _COLORS["edge"], "width": 2, "label": "data(label)", "font-size": 11,
        "text-background-color": "#ffffff", "text-background-opacity": 0.9, "text-background-padding": "2px",
        "color": _COLORS["ink"], "text-rotation": "autorotate", "font-family": "system-ui, sans-serif",
        # Edges between the same two nodes fan out this far apart, so each line and label shows.
        "control-point-step-size": 60,
    }},
    # An edge whose straight line would run through another node or label (components.placement).
    *({"selector": f"edge.bend{i}", "style": {"curve-style": "unbundled-bezier", "control-point-distances": d,
                                               "control-point-weights": 0.5}} for i, d in enumerate(BENDS)),
    {"selector": "edge.optional", "style": {"line-style": "dashed", "line-color": _COLORS["optional"],
                                            "target-arrow-color": _COLORS["optional"]}},
    {"selector": "edge.negated", "style": {"line-style": "dotted", "line-color": _COLORS["negated"],
                                           "target-arrow-color": _COLORS["negated"],
                                           "target-arrow-shape": "tee", "color": _COLORS["negated"]}},
    {"selector": ":selected", "style": {"border-color": _COLORS["selected"], "line-color": _COLORS["selected"],
                                        "target-arrow-color": _COLORS["selected"], "border-width": 4}},
    # A part of a drafted graph that the draft only guessed (mark_guesses): check it.
    {"selector": "node.guess", "style": {"border-color": _COLORS["guess"], "border-style": "dashed",
                                         "border-width": 3}},
    {"selector": "edge.guess", "style": {"line-color": _COLORS["guess"], "target-arrow-color": _COLORS["guess"],
                                         "line-style": "dashed", "width": 3}},
    # A previewed edit (diff_elements): what it adds, removes and changes.
    {"selector": "node.added", "style": {"border-color": _COLORS["added"], "border-width": 4,
                                         "background-color": "#e6f6ec"}},
    {"selector": "node.removed", "style": {"border-color": _COLORS["removed"], "border-width": 4,
                                           "border-style": "dashed", "background-opacity": 0.4}},
    {"selector": "node.changed", "style": {"border-color": _COLORS["changed"], "border-width": 4}},
    {"selector": "edge.added", "style": {"line-color": _COLORS["added"], "target-arrow-color": _COLORS["added"],
                                         "width": 3}},
    {"selector": "edge.removed", "style": {"line-color": _COLORS["removed"], "target-arrow-color": _COLORS["removed"],
                                           "line-style": "dashed", "width": 3}},
    {"selector": "edge.changed", "style": {"line-color": _COLORS["changed"], "target-arrow-color": _COLORS["changed"],
                                           "width": 3}},
]


def edge_id(edge: Edge) -> str:
    """A stable id for an edge: its ends and link (edges are unique by these).

    >>> edge_id(Edge(source="a_1", link="http://x/p", target="b_1"))
    'a_1|http://x/p|b_1'
    """
    return EDGE_ID_SEPARATOR.join((edge.source, edge.link, edge.target))


def edge_from_id(value: str) -> tuple[str, str, str]:
    """``(source, link, target)`` from :func:`edge_id`; node ids never contain the separator.

    >>> edge_from_id('a_1|http://x/p|b_1')
    ('a_1', 'http://x/p', 'b_1')
    """
    source, rest = value.split(EDGE_ID_SEPARATOR, 1)
    link, target = rest.rsplit(EDGE_ID_SEPARATOR, 1)
    return source, link, target


def _label(ontology: Ontology | None, iri: str) -> str:
    return ontology.label(iri) if ontology is not None else label_from_local_name(iri)


def describe_constraint(constraint: Constraint, ontology: Ontology | None = None) -> str:
    """``population > 1000000``, for labels and lists.

    >>> describe_constraint(Constraint(property="http://dbpedia.org/ontology/populationTotal", op=">", value=5))
    'population total > 5'
    """
    prop = _label(ontology, constraint.property)
    if prop == "label":
        prop = "name"
    value = constraint.value
    if isinstance(value, bool):
        value = "true" if value else "false"
    elif isinstance(value, str):
        value = f'"{value}"' if constraint.op.value not in {"<", "<=", ">", ">="} else value
    return f"{prop} {constraint.op.value} {value}"


def _node_classes(node) -> str:
    classes = []
    if len(node.instances) == 1:
        classes.append("constant")
    elif node.instances:
        classes.append("pinned")
    if node.constraints:
        classes.append("constrained")
    if not node.select:
        classes.append("hidden")
    if node.include_subclasses:
        classes.append("subclasses")
    return " ".join(classes)


def graph_to_elements(
    graph: PrototypeGraph,
    ontology: Ontology | None = None,
    positions: Mapping[str, Mapping[str, float]] | None = None,
) -> list[dict[str, Any]]:
    """Cytoscape elements for ``graph``; nodes keep ``positions`` where given, the rest are laid out.

    >>> g = PrototypeGraph.model_validate({"nodes": [{"id": "person_1", "class": "http://x/Person"}]})
    >>> graph_to_elements(g)[0]["data"]["label"]
    'person\\n?person_1'
    """
    lines = {node.id: _node_lines(node, ontology) for node in graph.nodes}
    positions = _place(graph, lines, positions)
    boxes = {i: box_for(lines[i], positions[i]["x"], positions[i]["y"]) for i in lines}
    bends = bend_classes([(e.source, e.target) for e in graph.edges], boxes)
    elements: list[dict[str, Any]] = []
    for node in graph.nodes:
        elements.append({
            "data": {"id": node.id, "label": "\n".join(lines[node.id]), "class": node.class_,
                     "class_label": _label(ontology, node.class_)},
            "position": {"x": float(positions[node.id]["x"]), "y": float(positions[node.id]["y"])},
            "classes": _node_classes(node),
        })
    for edge, bend in zip(graph.edges, bends, strict=True):
        flags = [name for name in ("optional", "negated") if getattr(edge, name)]
        label = _label(ontology, edge.link)
        if edge.negated:
            label = "not " + label
        elif edge.optional:
            label += " (optional)"
        elements.append({
            "data": {"id": edge_id(edge), "source": edge.source, "target": edge.target, "label": label,
                     "link": edge.link},
            "classes": " ".join(flags + [bend] if bend else flags),
        })
    return elements


def mark_guesses(elements: list[dict[str, Any]], guesses: Iterable[str]) -> list[dict[str, Any]]:
    """The elements, those whose id is in ``guesses`` classed ``guess`` (a dashed amber outline).

    >>> mark_guesses([{"data": {"id": "a"}, "classes": "hidden"}, {"data": {"id": "b"}}], {"a"})
    [{'data': {'id': 'a'}, 'classes': 'hidden guess'}, {'data': {'id': 'b'}}]
    """
    guesses = set(guesses)
    return [{**e, "classes": " ".join(filter(None, (e.get("classes", ""), "guess")))}
            if e.get("data", {}).get("id") in guesses else e for e in elements]


def _node_lines(node: Node, ontology: Ontology | None) -> list[str]:
    lines = [_label(ontology, node.class_), f"?{node.id}"]
    if node.instances:
        names = [instance_label(i) for i in node.instances[:2]]
        more = f" +{len(node.instances) - 2}" if len(node.instances) > 2 else ""
        lines.append("= " + ", ".join(names) + more)
    lines += [describe_constraint(c, ontology) for c in node.constraints[:2]]
    if len(node.constraints) > 2:
        lines.append(f"+{len(node.constraints) - 2} more")
    if node.shown:
        lines.append("shows " + ", ".join(_label(ontology, a) for a in node.shown))
    return lines


def _place(graph: PrototypeGraph, lines: Mapping[str, list[str]],
           positions: Mapping[str, Mapping[str, float]] | None) -> dict[str, Mapping[str, float]]:
    """Kept positions of the graph's nodes; each newcomer at a free spot beside a placed neighbour."""
    kept: dict[str, Mapping[str, float]] = {i: p for i, p in (positions or {}).items() if i in lines}
    missing = [n.id for n in graph.nodes if n.id not in kept]
    if not missing:
        return kept
    if not kept:
        return dict(auto_layout(graph))
    placed = {i: box_for(lines[i], p["x"], p["y"]) for i, p in kept.items()}
    while missing:
        # Newcomers linked to something already drawn go first, so chains grow outward from the drawing.
        node_id, anchor = next(((i, a) for i in missing if (a := _placed_neighbour(graph, i, placed))),
                               (missing[0], None))
        x, y = free_spot(lines[node_id], placed, anchor, x_gap=X_GAP, y_gap=Y_GAP)
        kept[node_id] = {"x": x, "y": y}
        placed[node_id] = box_for(lines[node_id], x, y)
        missing.remove(node_id)
    return kept


def _placed_neighbour(graph: PrototypeGraph, node_id: str, placed: Mapping[str, Box]) -> tuple[float, float] | None:
    for edge in graph.edges:
        other = edge.target if edge.source == node_id else edge.source if edge.target == node_id else None
        if other is not None and other in placed:
            return placed[other].x, placed[other].y
    return None


def diff_elements(
    before: PrototypeGraph,
    after: PrototypeGraph,
    ontology: Ontology | None = None,
    positions: Mapping[str, Mapping[str, float]] | None = None,
) -> list[dict[str, Any]]:
    """Elements of ``after`` plus what it drops from ``before``, classed ``added``, ``removed`` or ``changed``.

    >>> a = PrototypeGraph.model_validate({"nodes": [{"id": "p", "class": "x:P"}, {"id": "q", "class": "x:P"}]})
    >>> b = PrototypeGraph.model_validate({"nodes": [{"id": "p", "class": "x:P"}, {"id": "r", "class": "x:P"}]})
    >>> [(e["data"]["id"], e["classes"]) for e in diff_elements(a, b)]
    [('p', ''), ('r', 'added'), ('q', 'removed')]
    """
    diff = diff_graphs(before, after)
    gone = set(diff.removed_nodes)
    shown = after.model_copy(update={
        "nodes": (*after.nodes, *(n for n in before.nodes if n.id in gone)),
        "edges": (*after.edges, *diff.removed_edges)})
    marks = {**{i: "added" for i in diff.added_nodes}, **{i: "removed" for i in gone},
             **{i: "changed" for i in diff.changed_nodes}}
    marks.update({edge_id(e): "added" for e in diff.added_edges})
    marks.update({edge_id(e): "removed" for e in diff.removed_edges})
    marks.update({edge_id(e): "changed" for e in diff.changed_edges})
    elements = graph_to_elements(shown, ontology, positions)
    for element in elements:
        mark = marks.get(element["data"]["id"])
        if mark:
            element["classes"] = f"{element['classes']} {mark}".strip()
    return elements


def positions_from_elements(elements: Iterable[Mapping[str, Any]] | None) -> dict[str, dict[str, float]]:
    """Node positions from Cytoscape elements (what the user dragged)."""
    found: dict[str, dict[str, float]] = {}
    for element in elements or ():
        data = element.get("data") or {}
        position = element.get("position")
        if "source" in data or not position or "id" not in data:
            continue
        try:
            found[data["id"]] = {"x": float(position["x"]), "y": float(position["y"])}
        except (KeyError, TypeError, ValueError):
            continue
    return found


def auto_layout(graph: PrototypeGraph) -> dict[str, dict[str, float]]:
    """A left-to-right layered layout: edges point right, each layer a column.

    Deterministic, so the same graph always looks the same.

    >>> g = PrototypeGraph.model_validate({
    ...     "nodes": [{"id": "a", "class": "x:A"}, {"id": "b", "class": "x:B"}],
    ...     "edges": [{"source": "a", "link": "x:p", "target": "b"}]})
    >>> auto_layout(g)
    {'a': {'x': 0.0, 'y': 0.0}, 'b': {'x': 300.0, 'y': 0.0}}
    """
    ids = graph.node_ids
    out_edges: dict[str, list[str]] = defaultdict(list)
    neighbours: dict[str, set[str]] = defaultdict(set)
    indegree = {i: 0 for i in ids}
    for edge in graph.edges:
        if edge.source in indegree and edge.target in indegree and edge.source != edge.target:
            out_edges[edge.source].append(edge.target)
            neighbours[edge.source].add(edge.target)
            neighbours[edge.target].add(edge.source)
            indegree[edge.target] += 1

    # Connected components, biggest first, stacked vertically.
    seen: set[str] = set()
    components: list[list[str]] = []
    for start in ids:
        if start in seen:
            continue
        queue, component = deque([start]), []
        seen.add(start)
        while queue:
            current = queue.popleft()
            component.append(current)
            for other in sorted(neighbours[current], key=ids.index):
                if other not in seen:
                    seen.add(other)
                    queue.append(other)
        components.append(component)

    # Components flow left to right and wrap, so a few unconnected nodes do not make a tall column.
    positions: dict[str, dict[str, float]] = {}
    x_offset = y_offset = row_height = 0.0
    for component in components:
        layer = _layers(component, out_edges, indegree, ids)
        columns: dict[int, list[str]] = defaultdict(list)
        for node_id in sorted(component, key=ids.index):
            columns[layer[node_id]].append(node_id)
        height = max(len(c) for c in columns.values())
        width = len(columns)
        if x_offset and x_offset + width * X_GAP > MAX_ROW_WIDTH:
            x_offset, y_offset, row_height = 0.0, y_offset + row_height + Y_GAP / 2, 0.0
        for depth, column in columns.items():
            shift = (height - len(column)) * Y_GAP / 2
            for row, node_id in enumerate(column):
                positions[node_id] = {"x": x_offset + depth * X_GAP, "y": y_offset + shift + row * Y_GAP}
        x_offset += width * X_GAP
        row_height = max(row_height, height * Y_GAP)
    return {i: positions[i] for i in ids}


def _layers(component: list[str], out_edges: Mapping[str, list[str]], indegree: Mapping[str, int],
            order: list[str]) -> dict[str, int]:
    """Longest-path depth from the sources; cycles are broken by visiting each node once."""
    members = set(component)
    sources = [n for n in component if indegree[n] == 0] or [min(component, key=order.index)]
    depth = {n: 0 for n in sources}
    queue = deque(sources)
    visits: dict[str, int] = defaultdict(int)
    while queue:
        current = queue.popleft()
        for target in out_edges.get(current, ()):
            if target not in members or visits[target] > len(component):
                continue
            if depth.get(target, -1) < depth[current] + 1:
                depth[target] = depth[current] + 1
                visits[target] += 1
                queue.append(target)
    for n in component:
        depth.setdefault(n, 0)
    # Renumber so columns are contiguous.
    used = sorted(set(depth.values()))
    rank = {d: i for i, d in enumerate(used)}
    return {n: rank[depth[n]] for n in component}


# -- the instance graph: result rows drawn like the query graph ------------------------------
def _instance_node(binding: Mapping[str, Any], var: str, node: Node, class_label: Callable[[str], str]) -> dict:
    iri = binding[var]["value"]
    label_term = binding.get(label_variable(var))
    return {
        "data": {
            "id": iri,
            "label": label_term["value"] if label_term else instance_label(iri),
            "var": var,
            "class": node.class_,
            "class_label": class_label(node.class_),
        },
        "classes": "instance" + (" pinned" if node.instances else ""),
    }


def _bound_ends(binding: Mapping[str, Any], edge: Edge) -> tuple[str, str, str] | None:
    """``(source IRI, link, target IRI)`` when a row binds both ends of ``edge`` to IRIs."""
    source, target = binding.get(edge.source), binding.get(edge.target)
    if not source or not target or source.get("type") != "uri" or target.get("type") != "uri":
        return None
    return source["value"], edge.link, target["value"]


def instance_elements(
    results: SparqlResults,
    graph: PrototypeGraph,
    ontology: Any | None = None,
    *,
    max_rows: int = 200,
) -> list[dict]:
    """Cytoscape elements for the result rows, drawn like the query graph.

    One element per distinct IRI bound to a node variable (data: ``id`` = IRI,
    ``label``, ``var``, ``class``/``class_label`` of its node; classes
    ``"instance"`` plus ``"pinned"`` for pinned nodes), and one edge per
    query edge whose two ends are bound in a row (classes ``"instance"`` plus
    ``"optional"``). Rows past ``max_rows`` are left out to keep the canvas usable.
    """
    nodes = {n.id: n for n in graph.nodes}
    vars_ = set(results.vars)
    # Negated edges match no row, and an edge whose ends are not returned cannot be drawn.
    drawable = [e for e in graph.edges if not e.negated and e.source in vars_ and e.target in vars_]
    elements: list[dict] = []
    seen_nodes: set[str] = set()
    seen_edges: set[tuple[str, str, str]] = set()

    def class_label(iri: str) -> str:
        if ontology is not None and hasattr(ontology, "label"):
            return ontology.label(iri)
        return instance_label(iri)

    for binding in results.bindings[:max_rows]:
        for var in results.vars:
            node, term = nodes.get(var), binding.get(var)
            if node is None or term is None or term.get("type") != "uri" or term["value"] in seen_nodes:
                continue
            seen_nodes.add(term["value"])
            elements.append(_instance_node(binding, var, node, class_label))
        for edge in drawable:
            key = _bound_ends(binding, edge)
            if key is None or key in seen_edges:
                continue
            seen_edges.add(key)
            elements.append({
                "data": {"id": "|".join(key), "source": key[0], "target": key[2], "link": edge.link,
                         "label": class_label(edge.link)},
                "classes": "instance" + (" optional" if edge.optional else ""),
            })
    return elements

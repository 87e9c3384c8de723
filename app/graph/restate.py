"""The prototype graph in plain English, for the user to confirm before running.

Templates only: the same graph always reads the same way. The sentence starts
from the first returned node (or the counted one) and walks the edges
depth-first, nesting relative clauses; a node met a second time is "the same
…", so cycles read as "… and whose alma mater is the same university".
"""

from __future__ import annotations

import re
from typing import Any

from app.graph.model import ConstraintOp, Edge, Node, PrototypeGraph

__all__ = ["restate"]

_OP_WORDS = {
    ConstraintOp.EQ: "equal to",
    ConstraintOp.NE: "not equal to",
    ConstraintOp.LT: "less than",
    ConstraintOp.LE: "at most",
    ConstraintOp.GT: "greater than",
    ConstraintOp.GE: "at least",
    ConstraintOp.CONTAINS: "containing",
    ConstraintOp.STARTSWITH: "starting with",
    ConstraintOp.REGEX: "matching the pattern",
    ConstraintOp.LANG: "in the language",
}


def _local_label(iri: str) -> str:
    local = re.split(r"[#/]", iri.rstrip("/#"))[-1]
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", local.replace("_", " "))
    return re.sub(r"\s+", " ", words).strip().lower() or iri


def _plural(noun: str) -> str:
    """Naive English plural of the last word.

    >>> _plural("ice hockey player"), _plural("university"), _plural("bus"), _plural("day")
    ('ice hockey players', 'universities', 'buses', 'days')
    """
    head, _, last = noun.rpartition(" ")
    if re.search(r"[^aeiou]y$", last):
        last = last[:-1] + "ies"
    elif re.search(r"(s|x|z|ch|sh)$", last):
        last += "es"
    else:
        last += "s"
    return f"{head} {last}".strip()


def _article(noun: str) -> str:
    """
    >>> _article("ice hockey player"), _article("university"), _article("person")
    ('an', 'a', 'a')
    """
    lowered = noun.lower()
    if lowered.startswith(("uni", "use", "usu", "eu", "one")):
        return "a"
    return "an" if lowered[:1] in ("a", "e", "i", "o", "u") else "a"


def restate(graph: PrototypeGraph, ontology: Any | None = None) -> str:
    """One English sentence describing what the graph asks for.

    ``ontology`` supplies labels (``ontology.label(iri)``); without one they come from the IRIs.

    >>> D = "http://dbpedia.org/ontology/"
    >>> g = PrototypeGraph.model_validate({
    ...     "nodes": [{"id": "person_1", "class": D + "Person"}, {"id": "person_2", "class": D + "Person"},
    ...               {"id": "university_1", "class": D + "University"}],
    ...     "edges": [{"source": "person_1", "link": D + "child", "target": "person_2"},
    ...               {"source": "person_1", "link": D + "almaMater", "target": "university_1"},
    ...               {"source": "person_2", "link": D + "almaMater", "target": "university_1"}]})
    >>> restate(g)
    'Find persons (person_1) whose child is a person (person_2) whose alma mater is a university that is also the alma mater of the same person (person_1).'
    """
    if not graph.nodes:
        return "The graph is empty: add a node to start."

    def label(iri: str) -> str:
        if ontology is not None and hasattr(ontology, "label"):
            text = ontology.label(iri)
            if text:
                return text.lower() if text[:1].isupper() and not text.isupper() and " " not in text.strip() else text
        return _local_label(iri)

    nodes = {n.id: n for n in graph.nodes}
    class_count: dict[str, int] = {}
    for node in graph.nodes:
        class_count[label(node.class_)] = class_count.get(label(node.class_), 0) + 1

    def noun(node: Node, plural: bool = False) -> str:
        text = label(node.class_)
        if plural:
            text = _plural(text)
        if node.include_subclasses:
            text += " (of any kind)"
        return text

    def tag(node: Node) -> str:
        return f" ({node.id})" if class_count[label(node.class_)] > 1 else ""

    def qualifiers(node: Node) -> list[str]:
        parts = []
        for c in node.constraints:
            value = f'"{c.value}"' if isinstance(c.value, str) else str(c.value).lower() if isinstance(c.value, bool) else str(c.value)
            parts.append(f"with {label(c.property)} {_OP_WORDS[ConstraintOp(c.op)]} {value}")
        return parts

    def pinned(node: Node) -> str | None:
        if not node.instances:
            return None
        names = [re.split(r"[#/]", i.rstrip("/#"))[-1].replace("_", " ") for i in node.instances]
        return names[0] if len(names) == 1 else "one of " + ", ".join(names[:-1]) + " or " + names[-1]

    if graph.aggregation is not None and graph.aggregation.count in nodes:
        focus = nodes[graph.aggregation.count]
    else:
        focus = next((n for n in graph.nodes if n.select), graph.nodes[0])
    visited = {focus.id}
    used: set[int] = set()

    def clauses(node: Node, plural: bool) -> list[str]:
        out = qualifiers(node)
        for index, edge in enumerate(graph.edges):
            if index in used or node.id not in (edge.source, edge.target):
                continue
            used.add(index)
            out.append(clause(node, edge, plural))
        return out

    def phrase(other: Node) -> str:
        if other.id in visited:
            name = pinned(other)
            return name if name else f"the same {noun(other)}{tag(other)}"
        visited.add(other.id)
        name = pinned(other)
        head = name if name else f"{_article(noun(other))} {noun(other)}{tag(other)}"
        if name and other.class_.rsplit("#", 1)[-1] != "Thing":
            head = f"{name} ({_article(noun(other))} {noun(other)})"
        inner = clauses(other, plural=False)
        return head + (" " + _join(inner) if inner else "")

    def clause(node: Node, edge: Edge, plural: bool) -> str:
        link = label(edge.link)
        if edge.source == node.id and edge.target == node.id:
            text = f"that {'are' if plural else 'is'} {'their' if plural else 'its'} own {link}"
        elif edge.source == node.id:
            other = nodes[edge.target]
            if edge.negated:
                text = f"that {'have' if plural else 'has'} no {link} that is {phrase(other)}"
            else:
                text = f"whose {link} is {phrase(other)}"
        else:
            other = nodes[edge.source]
            be = "are" if plural else "is"
            if edge.negated:
                text = f"that {be} not the {link} of {phrase(other)}"
            else:
                also = "also " if other.id in visited else ""
                text = f"that {be} {also}the {link} of {phrase(other)}"
        return f"optionally {text}" if edge.optional else text

    focus_name = pinned(focus) or noun(focus, plural=True) + tag(focus)
    body = clauses(focus, plural=True)
    # Nodes not connected to the focus are listed as further things to find.
    extra = []
    for node in graph.nodes:
        if node.id not in visited:
            visited.add(node.id)
            inner = clauses(node, plural=True)
            extra.append(noun(node, plural=True) + tag(node) + (" " + _join(inner) if inner else ""))
    if graph.aggregation is not None and graph.aggregation.count in nodes:
        sentence = f"Count the {focus_name}"
        if body:
            sentence += " " + _join(body)
        groups = [nodes[g] for g in graph.aggregation.group_by if g in nodes]
        if groups:
            sentence += ", for each " + " and ".join(noun(g) + tag(g) for g in groups)
    else:
        sentence = f"Find {focus_name}"
        if body:
            sentence += " " + _join(body)
    if extra:
        sentence += ", together with " + " and ".join(extra)
    modifiers = []
    for order in graph.order_by:
        if order.node == "count":
            modifiers.append("highest count first" if order.descending else "lowest count first")
        elif order.node in nodes:
            modifiers.append(f"sorted by {noun(nodes[order.node])}{tag(nodes[order.node])}" + (", descending" if order.descending else ""))
    if graph.limit is not None:
        modifiers.append(f"at most {graph.limit} results")
    if graph.offset:
        modifiers.append(f"skipping the first {graph.offset}")
    if modifiers:
        sentence += "; " + ", ".join(modifiers)
    return sentence + "."


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", and ".join([", ".join(parts[:-1]), parts[-1]]) if len(parts) > 2 else f"{parts[0]}, and {parts[1]}"

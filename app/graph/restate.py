"""The prototype graph in plain English, for the user to confirm before running.

Templates only: the same graph always reads the same way. The sentence starts
from the first returned node (or the counted one) and walks the edges
depth-first, nesting relative clauses; a node met a second time is "the same
…", so cycles read as "… and whose alma mater is the same university".
"""

from __future__ import annotations

import re
from typing import Any

from app.graph.layout import Block, layout
from app.graph.model import AGGREGATE_NAMES, ConstraintOp, Edge, Node, PrototypeGraph
from ontology_loaders import instance_label, label_from_local_name

__all__ = ["COUNT_WORDS", "plural_noun", "restate"]

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

#: How a count's condition reads: "for each department with more than 5 employees"; the "Shape results"
#: panel offers the same words.
COUNT_WORDS = {
    ConstraintOp.GT: "more than",
    ConstraintOp.GE: "at least",
    ConstraintOp.EQ: "exactly",
    ConstraintOp.LT: "fewer than",
    ConstraintOp.LE: "at most",
    ConstraintOp.NE: "not exactly",
}


def plural_noun(noun: str) -> str:
    """Naive English plural of the last word.

    >>> plural_noun("ice hockey player"), plural_noun("university"), plural_noun("bus"), plural_noun("day")
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
    return _Restatement(graph, ontology).sentence()


class _Restatement:
    """One walk over a graph: which nodes and edges have been told already, and how to name things."""

    def __init__(self, graph: PrototypeGraph, ontology: Any | None) -> None:
        self.graph = graph
        self.ontology = ontology
        self.nodes = {n.id: n for n in graph.nodes}
        self.class_count: dict[str, int] = {}
        for node in graph.nodes:
            self.class_count[self.label(node.class_)] = self.class_count.get(self.label(node.class_), 0) + 1
        self.counting = graph.aggregation is not None and graph.aggregation.count in self.nodes
        if self.counting:
            self.focus = self.nodes[graph.aggregation.count]
        else:
            self.focus = next((n for n in graph.nodes if n.select), graph.nodes[0])
        self.visited = {self.focus.id}
        self.used: set[int] = set()  # indexes of edges already told
        self.told_from = _told_from(graph)

    # -- naming ------------------------------------------------------------------------
    def label(self, iri: str) -> str:
        if self.ontology is not None and hasattr(self.ontology, "label"):
            text = self.ontology.label(iri)
            if text:
                return text.lower() if text[:1].isupper() and not text.isupper() and " " not in text.strip() else text
        return label_from_local_name(iri)

    def noun(self, node: Node, plural: bool = False) -> str:
        text = self.label(node.class_)
        if plural:
            text = plural_noun(text)
        if node.include_subclasses:
            text += " (of any kind)"
        return text

    def tag(self, node: Node) -> str:
        """The variable id, needed only when two nodes share a class."""
        return f" ({node.id})" if self.class_count[self.label(node.class_)] > 1 else ""

    def qualifiers(self, node: Node) -> list[str]:
        parts = []
        for c in node.constraints:
            value = f'"{c.value}"' if isinstance(c.value, str) else str(c.value).lower() if isinstance(c.value, bool) else str(c.value)
            parts.append(f"with {self.label(c.property)} {_OP_WORDS[ConstraintOp(c.op)]} {value}")
        if node.shown:
            parts.append("showing its " + _join([self.label(a) for a in node.shown]))
        return parts

    @staticmethod
    def pinned(node: Node) -> str | None:
        if not node.instances:
            return None
        names = [instance_label(i) for i in node.instances]
        return names[0] if len(names) == 1 else "one of " + ", ".join(names[:-1]) + " or " + names[-1]

    # -- the depth-first walk ------------------------------------------------------------
    def clauses(self, node: Node, plural: bool) -> list[str]:
        """The node's constraints, its required links, then its optional and negated parts."""
        out = self.qualifiers(node)
        told = self.told_from.get(node.id, [])
        for index in sorted(told, key=lambda i: (self.graph.edges[i].optional or self.graph.edges[i].negated, i)):
            if index in self.used:
                continue
            self.used.add(index)
            out.append(self.clause(node, self.graph.edges[index], plural))
        return out

    def phrase(self, other: Node) -> str:
        if other.id in self.visited:
            name = self.pinned(other)
            return name if name else f"the same {self.noun(other)}{self.tag(other)}"
        self.visited.add(other.id)
        name = self.pinned(other)
        noun = self.noun(other)
        head = name if name else f"{_article(noun)} {noun}{self.tag(other)}"
        if name and other.class_.rsplit("#", 1)[-1] != "Thing":
            head = f"{name} ({_article(noun)} {noun})"
        inner = self.clauses(other, plural=False)
        return head + (" " + _join(inner) if inner else "")

    def clause(self, node: Node, edge: Edge, plural: bool) -> str:
        link = self.label(edge.link)
        be = "are" if plural else "is"
        if edge.source == node.id and edge.target == node.id:
            text = f"that {be} {'their' if plural else 'its'} own {link}"
        elif edge.source == node.id:
            other = self.nodes[edge.target]
            if edge.negated:
                text = f"that {'have' if plural else 'has'} no {link} that is {self.phrase(other)}"
            else:
                text = f"whose {link} is {self.phrase(other)}"
        else:
            other = self.nodes[edge.source]
            if edge.negated:
                text = f"that {be} not the {link} of {self.phrase(other)}"
            else:
                also = "also " if other.id in self.visited else ""
                text = f"that {be} {also}the {link} of {self.phrase(other)}"
        return f"optionally {text}" if edge.optional else text

    # -- the sentence ----------------------------------------------------------------------
    def sentence(self) -> str:
        focus_name = self.pinned(self.focus) or self.noun(self.focus, plural=True) + self.tag(self.focus)
        body = self.clauses(self.focus, plural=True)
        extra = self.unconnected()
        if self.counting:
            aggregation = self.graph.aggregation
            figure = None if aggregation.property is None else \
                f"{AGGREGATE_NAMES[aggregation.function]} {self.label(aggregation.property)}"
            sentence = f"Give the {figure} of the {focus_name}" if figure else f"Count the {focus_name}"
            if body:
                sentence += " " + _join(body)
            groups = [self.nodes[g] for g in self.graph.aggregation.group_by if g in self.nodes]
            if groups:
                sentence += ", for each " + " and ".join(self.noun(g) + self.tag(g) for g in groups)
            sentence += self.count_condition(grouped=bool(groups))
        else:
            sentence = f"Find {focus_name}"
            if body:
                sentence += " " + _join(body)
        if extra:
            sentence += ", together with " + " and ".join(extra)
        modifiers = self.modifiers()
        if modifiers:
            sentence += "; " + ", ".join(modifiers)
        return sentence + "."

    def count_condition(self, grouped: bool) -> str:
        """The bound on the count: on each group ("with more than 5 employees"), or on the one total."""
        having = self.graph.aggregation.having
        if having is None:
            return ""
        bound = f"{COUNT_WORDS[ConstraintOp(having.op)]} {having.value}"
        if grouped:
            return f" with {bound} {self.noun(self.focus, plural=having.value != 1)}"
        return f", only if the count is {bound}"

    def unconnected(self) -> list[str]:
        """Nodes not connected to the focus, told as further things to find."""
        extra = []
        for node in self.graph.nodes:
            if node.id not in self.visited:
                self.visited.add(node.id)
                inner = self.clauses(node, plural=True)
                extra.append(self.noun(node, plural=True) + self.tag(node) + (" " + _join(inner) if inner else ""))
        return extra

    def modifiers(self) -> list[str]:
        modifiers = []
        for order in self.graph.order_by:
            if order.node == "count":
                figure = "count" if self.graph.aggregation is None or self.graph.aggregation.property is None \
                    else AGGREGATE_NAMES[self.graph.aggregation.function]
                modifiers.append(f"highest {figure} first" if order.descending else f"lowest {figure} first")
            elif order.node in self.nodes:
                node = self.nodes[order.node]
                key = f"the label of the {self.noun(node)}" if order.label else self.noun(node)
                if order.property:
                    key = f"the {self.label(order.property)} of the {self.noun(node)}"
                modifiers.append(f"sorted by {key}{self.tag(node)}" + (", descending" if order.descending else ""))
        if self.graph.limit is not None:
            modifiers.append(f"at most {self.graph.limit} result" + ("" if self.graph.limit == 1 else "s"))
        if self.graph.offset:
            modifiers.append(f"skipping the first {self.graph.offset}")
        return modifiers


def _told_from(graph: PrototypeGraph) -> dict[str, list[int]]:
    """For each node, the edges told from it: those of its own part of the query, and those opening a part.

    An optional part (:mod:`app.graph.layout`) is told as one clause from where it hangs, so an
    edge inside it is never told from a node outside it as if it were required.
    """
    index_of = {id(edge): i for i, edge in enumerate(graph.edges)}
    home: dict[int, int] = {}  # edge index -> id of the block it lives in
    parent_of: dict[int, int] = {}  # block id -> id of the enclosing block
    block_of: dict[str, int] = {}
    links: set[int] = set()  # edges that open an optional or negated part

    def walk(block: Block) -> None:
        for node in block.nodes:
            block_of[node] = id(block)
        for edge in block.edges:
            home[index_of[id(edge)]] = id(block)
        if block.link is not None:
            home[index_of[id(block.link)]] = id(block)
            links.add(index_of[id(block.link)])
        for child in block.children:
            parent_of[id(child)] = id(block)
            walk(child)

    walk(layout(graph))
    told: dict[str, list[int]] = {}
    for index, edge in enumerate(graph.edges):
        where = home.get(index)
        for end in dict.fromkeys((edge.source, edge.target)):
            opens_here = index in links and parent_of.get(where) == block_of.get(end)
            if where == block_of.get(end) or opens_here:
                told.setdefault(end, []).append(index)
    return told


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", and ".join([", ".join(parts[:-1]), parts[-1]]) if len(parts) > 2 else f"{parts[0]}, and {parts[1]}"

"""The deterministic pre-pass of an edit by instruction: obvious instructions, read off their words.

"drop the child", "don't return the university", "make the person a scientist",
"with a population over 1000000", "also the author's birth place": each names
its nodes and terms by their labels (:mod:`app.nl.instruction_terms`) and says
what to do with a common English verb or comparison. Anything less plain
(ambiguous nodes, no label to hold on to) is left to the model: the pre-pass
answers ``None``. Every answer is checked by applying it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from app.errors import EditError
from app.graph import edits
from app.graph.instruct import (
    AddConstraint,
    AddLink,
    AddNode,
    ChangeClass,
    Operation,
    Remove,
    Select,
    ShowValue,
    apply_operations,
    attribute_datatype,
)
from app.graph.model import PrototypeGraph, make_node_id
from app.nl.instruction_terms import (
    TermMatch,
    attribute_labels,
    declared,
    find_terms,
    name_values,
    node_names,
    words,
)
from ontology_loaders import RDFS_LABEL, DatatypeKind, Ontology, datatype_kind
from ontology_loaders.vocab import plain_label

__all__ = ["Reader", "comparison_at", "obvious_operations", "removes_or_hides", "value_at", "year_constraints"]

_FILLER = {"please", "also", "and", "now", "then", "just", "ok", "okay", "but"}
_REMOVE = {"remove", "drop", "delete", "erase", "forget", "omit", "discard", "lose"}
_EDGE_WORDS = {"link", "links", "relation", "relationship", "edge", "connection", "arrow"}
_HIDE = {"hide"}
_NEGATION = {"don't", "dont", "not", "no", "stop", "without"}
_SHOW = {"return", "show", "list", "output", "display", "give", "include", "select", "get"}
_CHANGE = {"make", "change", "turn", "switch", "convert", "narrow", "restrict", "generalise", "generalize",
           "specialise", "specialize", "replace"}
_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3}
# Longest phrases first: "at least" before "least".
_COMPARISONS = [
    ("no less than", ">="), ("no more than", "<="), ("more than", ">"), ("greater than", ">"),
    ("higher than", ">"), ("larger than", ">"), ("bigger than", ">"), ("later than", ">"), ("at least", ">="),
    ("at most", "<="), ("less than", "<"), ("fewer than", "<"), ("lower than", "<"), ("smaller than", "<"),
    ("earlier than", "<"), ("up to", "<="), ("starting with", "startswith"), ("starts with", "startswith"),
    ("over", ">"), ("above", ">"), ("exceeds", ">"), ("after", ">"), ("since", ">="), ("under", "<"),
    ("below", "<"), ("before", "<"), ("containing", "contains"), ("contains", "contains"),
    ("not", "!="), ("equals", "="), ("is", "="), ("of", "="), ("in", "="),
]
_NUMBER = re.compile(r"^-?\d+(?:[.,]\d+)*$")
_SCALE = {"thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}


def _strip(w: list[str]) -> list[str]:
    start = 0
    while start < len(w) and w[start] in _FILLER:
        start += 1
    return w[start:]


class Reader:
    """One instruction's words, and the nodes and terms they name."""

    def __init__(self, instruction: str, graph: PrototypeGraph, ontology: Ontology) -> None:
        self.text, self.graph, self.ontology = instruction, graph, ontology
        self.w = _strip(words(instruction))
        names = node_names(graph, ontology)
        self.by_name: dict[str, list[str]] = {}
        for node_id, found in names.items():
            for name in found:
                self.by_name.setdefault(name, []).append(node_id)
        self.refs = find_terms(self.w, {n: [n] for n in self.by_name})

    def resolve(self, match: TermMatch) -> str | None:
        """The one node a mention means, using an ordinal before it; ``None`` when ambiguous."""
        found = self.resolve_all(match)
        return found[0] if found and len(found) == 1 else None

    def resolve_all(self, match: TermMatch) -> list[str] | None:
        """The nodes a mention means: one, or all of a name said in the plural ("the persons")."""
        nodes = self.by_name[match.key]
        if len(nodes) == 1:
            return nodes
        before = self.w[match.start - 1] if match.start else ""
        if before in _ORDINALS and _ORDINALS[before] < len(nodes):
            return [nodes[_ORDINALS[before]]]
        said = " ".join(self.w[match.start:match.end])
        return nodes if said != " ".join(words(match.key)) and said.endswith("s") else None

    def nodes(self, after: int = 0) -> list[str] | None:
        """The nodes named after word ``after``, in order; ``None`` if any is ambiguous."""
        found = [self.resolve_all(m) for m in self.refs if m.start >= after]
        return None if None in found else list(dict.fromkeys(n for nodes in found for n in nodes))

    def spans(self) -> set[int]:
        return {i for m in self.refs for i in range(m.start, m.end)}

    def classes(self) -> list[TermMatch]:
        """Class labels named outside the node and link mentions."""
        labels = {c.iri: [c.label] for c in self.ontology.classes}
        taken = self.spans() | {i for m in self.links() for i in range(m.start, m.end)}
        return [m for m in find_terms(self.w, labels) if not taken & set(range(m.start, m.end))]

    def links(self) -> list[TermMatch]:
        """Link labels named outside the node mentions."""
        options: dict[str, list[str]] = {}
        for link in self.ontology.links:
            options.setdefault(link.iri, []).append(link.label)
        taken = self.spans()
        # After an article the word is a thing, not a link: "the capital of a country".
        return [m for m in find_terms(self.w, options) if not taken & set(range(m.start, m.end))
                and (m.start == 0 or self.w[m.start - 1] not in {"a", "an"})]


def _remove(r: Reader) -> list[Operation] | None:
    if not r.w or r.w[0] not in _REMOVE and r.w[:3] != ["get", "rid", "of"]:
        return None
    if _EDGE_WORDS & set(r.w):
        labels = {f"{e.source}|{e.link}|{e.target}": [r.ontology.label(e.link)] for e in r.graph.edges}
        found = {m.key for m in find_terms(r.w, labels)}
        if len(found) != 1:
            ends = r.nodes()
            found = {k for k in labels if ends and set(k.split("|")[::2]) == set(ends)}
        if len(found) != 1:
            return None
        source, link, target = next(iter(found)).split("|")
        return [Remove(source=source, link=link, target=target)]
    nodes = r.nodes()
    return [Remove(node=n) for n in nodes] if nodes else None


def _select(r: Reader) -> list[Operation] | None:
    head = r.w[:4]
    hide = bool(_HIDE & set(head)) or (bool(_NEGATION & set(head)) and bool(_SHOW & set(head)))
    only = "only" in head
    show = not hide and bool(r.w) and (r.w[0] in _SHOW or only and bool(_SHOW & set(head)))
    if not (hide or show):
        return None
    nodes = r.nodes()
    if not nodes:
        return None
    ops: list[Operation] = [Select(node=n, select=not hide) for n in nodes]
    if show and only:
        ops += [Select(node=n.id, select=False) for n in r.graph.nodes if n.id not in nodes and n.select]
    return ops


def _show_value(r: Reader) -> list[Operation] | None:
    """"Also show the list price", "return the birth date of the author": a value returned beside its node."""
    head = set(r.w[:4])
    if not r.w or r.w[0] not in _SHOW or _HIDE & head or _NEGATION & head:
        return None
    taken = r.spans()
    owners: dict[str, list[str]] = {}  # attribute -> the nodes whose class has it
    for node in r.graph.nodes:
        for attribute, labels in attribute_labels(r.ontology, node.class_).items():
            if attribute != RDFS_LABEL:
                owners.setdefault(attribute, []).append(node.id)
    labels = {a: [r.ontology.label(a), plain_label(r.ontology.label(a))] for a in owners}
    said = [m for m in find_terms(r.w, labels) if not taken & set(range(m.start, m.end))]
    if len(said) != 1:
        return None
    attribute = said[0].key
    named = [n for n in (r.nodes(after=said[0].end) or []) if n in owners[attribute]]
    candidates = named[:1] or owners[attribute]
    return [ShowValue(node=candidates[0], property=attribute)] if len(candidates) == 1 else None


def _change(r: Reader) -> list[Operation] | None:
    said = set(r.w)
    if not (r.w and r.w[0] in _CHANGE or {"should", "must"} & said and "be" in said or r.w[:1] == ["only"]):
        return None
    classes = [m.key for m in r.classes()]
    nodes = r.nodes()
    if len(classes) != 1 or nodes is None or len(nodes) > 1:
        return None
    target = classes[0]
    if not nodes:
        related = [n.id for n in r.graph.nodes
                   if r.ontology.is_subclass(target, n.class_) or r.ontology.is_subclass(n.class_, target)]
        nodes = related if len(related) == 1 else []
    return [ChangeClass(node=nodes[0], class_=target)] if nodes else None


def comparison_at(w: list[str], start: int) -> tuple[str, int] | None:
    """The comparison that starts at word ``start`` and where it ends."""
    for phrase, op in _COMPARISONS:
        size = len(phrase.split())
        if w[start:start + size] == phrase.split():
            return op, start + size
    return None


def value_at(r: Reader, position: int, kind: DatatypeKind) -> str | None:
    """The value after word ``position``: a number (with a scale word), a year, or a name."""
    rest = [x for x in r.w[position:] if x not in {"the", "a", "an", "is", "be", "than"}]
    if kind in (DatatypeKind.NUMBER, DatatypeKind.DATE) and rest and _NUMBER.match(rest[0]):
        number = rest[0].replace(",", "")
        if len(rest) > 1 and rest[1] in _SCALE:
            number = str(int(float(number) * _SCALE[rest[1]]))
        return number
    if kind is DatatypeKind.TEXT:
        names = name_values(r.text)
        return names[-1] if names else None
    return None


def year_constraints(node: str, prop: str, op: str, year: str) -> list[Operation]:
    first, last = f"{year}-01-01", f"{year}-12-31"
    if op == "=":
        return [AddConstraint(node=node, property=prop, operator=">=", value=first),
                AddConstraint(node=node, property=prop, operator="<=", value=last)]
    value = {">": last, ">=": first, "<": first, "<=": last}.get(op)
    return [AddConstraint(node=node, property=prop, operator=op, value=value)] if value else []


def _constraint(r: Reader) -> list[Operation] | None:
    """A condition on an attribute of a node: "with a population over 1000000", "named Berlin"."""
    spans = r.spans()
    found: list[Operation] = []
    for node in r.graph.nodes:
        for match in find_terms(r.w, attribute_labels(r.ontology, node.class_)):
            if spans & set(range(match.start, match.end)) and match.key != RDFS_LABEL:
                continue
            kind = datatype_kind(attribute_datatype(r.ontology, match.key))
            compared = comparison_at(r.w, match.end) or ("=", match.end)
            value = value_at(r, compared[1], kind)
            if value is None or compared[0] not in [o.value for o in edits.constraint_ops(
                    attribute_datatype(r.ontology, match.key))]:
                continue
            if kind is DatatypeKind.DATE and re.fullmatch(r"\d{4}", value):
                found.append(year_constraints(node.id, match.key, compared[0], value))
            else:
                found.append([AddConstraint(node=node.id, property=match.key, operator=compared[0], value=value)])
    named = [m for m in r.refs if r.resolve(m)]
    if len(found) > 1 and named:
        # Several nodes carry the attribute: the one the instruction names decides.
        ids = {r.resolve(m) for m in named}
        found = [ops for ops in found if ops and ops[0].node in ids]
    return found[0] if len(found) == 1 and found[0] else None


def _named_link(r: Reader, classes: list[str]) -> tuple[str, str, str] | None:
    """``(anchor node, link IRI, direction)`` for a link label the instruction names, at one node.

    A link that fits a node both ways is settled by a named class that fits its other end.
    """
    fits: list[tuple[str, str, str]] = []
    anchors = [r.resolve(m) for m in r.refs]
    for match in r.links():
        link = r.ontology.get_link(match.key)
        for node in r.graph.nodes:
            if anchors and node.id not in anchors:
                continue
            if r.ontology.is_subclass(node.class_, link.domain) and declared(link.range, r.ontology):
                fits.append((node.id, link.iri, "out"))
            if r.ontology.is_subclass(node.class_, link.range) and declared(link.domain, r.ontology):
                fits.append((node.id, link.iri, "in"))
    fits = list(dict.fromkeys(fits))
    if len(fits) > 1 and classes:
        fits = [(n, iri, d) for n, iri, d in fits
                if any(r.ontology.is_subclass(c, _other_end(r.ontology, iri, d)) for c in classes)]
    return fits[0] if len(fits) == 1 else None


def _other_end(ontology: Ontology, link_iri: str, direction: str) -> str:
    link = ontology.get_link(link_iri)
    return link.range if direction == "out" else link.domain


def _add(r: Reader) -> list[Operation] | None:
    """A new node joined to a named one, by a named link or the one link its named class allows."""
    classes = [m.key for m in r.classes()]
    found = _named_link(r, classes)
    if found is not None:
        anchor, link_iri, direction = found
        end = _other_end(r.ontology, link_iri, direction)
        fitting = [c for c in classes if r.ontology.is_subclass(c, end)]
        new_class = fitting[0] if len(fitting) == 1 else end
    else:
        anchors = r.nodes()
        if len(classes) != 1 or anchors is None or len(anchors) > 1:
            return None
        new_class = classes[0]
        # No node named: the one node that a single link joins to the named class.
        joins = [(node.id, link.iri, "out") for node in r.graph.nodes if not anchors or node.id in anchors
                 for link in r.ontology.links_between(node.class_, new_class)]
        joins += [(node.id, link.iri, "in") for node in r.graph.nodes if not anchors or node.id in anchors
                  for link in r.ontology.links_between(new_class, node.class_)]
        if len(joins) != 1:
            return None
        anchor, link_iri, direction = joins[0]
    new_id = make_node_id(r.ontology.label(new_class), set(r.graph.node_ids))
    ends = (anchor, new_id) if direction == "out" else (new_id, anchor)
    ops: list[Operation] = [AddNode(id=new_id, class_=new_class), AddLink(source=ends[0], link=link_iri,
                                                                           target=ends[1])]
    names = name_values(r.text)
    if len(names) == 1:
        ops.append(AddConstraint(node=new_id, property=RDFS_LABEL, value=names[0]))
    return ops


def removes_or_hides(instruction: str) -> bool:
    """Whether the instruction asks to remove or hide something (its first words say so).

    >>> removes_or_hides("please drop the child"), removes_or_hides("don't return the city")
    (True, True)
    >>> removes_or_hides("also the city's country")
    False
    """
    w = _strip(words(instruction))
    head = set(w[:4])
    return bool(w) and (w[0] in _REMOVE or w[:3] == ["get", "rid", "of"] or bool(_HIDE & head)
                        or bool(_NEGATION & head and _SHOW & head))


_RULES: tuple[Callable[[Reader], list[Operation] | None], ...] = (_remove, _show_value, _select, _change, _constraint,
                                                                  _add)


def obvious_operations(instruction: str, graph: PrototypeGraph, ontology: Ontology) -> list[Operation] | None:
    """The operations a plainly worded instruction asks for, or ``None`` to leave it to the model.

    >>> from ontology_loaders import Link, OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Person", label="person")],
    ...                 links=[Link(iri="ex:child", label="child", domain="ex:Person", range="ex:Person")])
    >>> g = PrototypeGraph.model_validate({"nodes": [{"id": "person_1", "class": "ex:Person"},
    ...     {"id": "person_2", "class": "ex:Person"}],
    ...     "edges": [{"source": "person_1", "link": "ex:child", "target": "person_2"}]})
    >>> obvious_operations("drop the child", g, onto)
    [Remove(op='remove', node='person_2', source=None, link=None, target=None)]
    """
    reader = Reader(instruction, graph, ontology)
    if not reader.w:
        return None
    # A removal or class change that cannot be done must not fall through to adding what it names.
    rules = (_remove,) if reader.w[0] in _REMOVE else (_change,) if reader.w[0] in _CHANGE else _RULES
    for rule in rules:
        ops = rule(reader)
        if ops:
            try:
                apply_operations(graph, ops, ontology)
            except (EditError, ValueError):
                continue
            return ops
    return None

"""What the model may answer to an instruction, and reading its answer back into operations.

:func:`build_choices` lists, for one graph and instruction, every operation line
the grammar admits (:class:`grammar.edit_ops.EditChoices`) and keeps the way
back from each label to its IRI (:class:`ChoiceMaps`). The lists are cut to the
few options nearest the instruction's words, so the grammar stays small; all
that is offered is valid, as :mod:`app.graph.suggestions` and
:mod:`app.graph.edits` decide.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rapidfuzz import fuzz

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
    apply_operations,
    attribute_datatype,
)
from app.graph.model import PrototypeGraph, make_node_id
from app.graph.suggestions import class_change_options
from app.nl.instruction_terms import (
    attribute_labels,
    declared,
    find_terms,
    name_values,
    node_names,
    words,
)
from grammar.edit_ops import EditChoices, FieldChoice
from ontology_loaders import OWL_THING, DatatypeKind, Ontology, datatype_kind

__all__ = ["ChoiceMaps", "build_choices", "operations_from_lines"]

MAX_NEW_NODES = 4
LINKS_PER_PAIR = 6
ATTRIBUTES_PER_NODE = 6
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:[.,]\d+)*(?![\w])")


@dataclass
class ChoiceMaps:
    """From the labels of an answer back to IRIs."""

    new_nodes: dict[str, str] = field(default_factory=dict)
    links: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)
    edges: dict[tuple[str, str, str], str] = field(default_factory=dict)
    classes: dict[str, dict[str, str]] = field(default_factory=dict)
    fields: dict[str, dict[str, str]] = field(default_factory=dict)


def _nearest(instruction: str, labels: dict[str, str], n: int, ontology: Ontology | None = None) -> dict[str, str]:
    """The ``n`` labels most like some words of the instruction (label → IRI).

    With ``ontology``, a link declared for its ends ranks before a catch-all one
    of the same likeness (domain or range owl:Thing), as in the editor's link menu.
    """
    text = instruction.lower()

    def score(label: str) -> float:
        likeness = fuzz.partial_ratio(label.lower(), text) if len(label) <= len(text) else 0.0
        link = ontology.get_link(labels[label]) if ontology is not None else None
        generic = 0 if link is None else (link.domain == OWL_THING) + (link.range == OWL_THING)
        return likeness - 15 * generic

    ranked = sorted(labels, key=lambda label: (-score(label), label))
    return {label: labels[label] for label in ranked[:n]}


def _new_classes(instruction: str, graph: PrototypeGraph, ontology: Ontology, index: Any) -> list[str]:
    """Classes a new node may take: named ones, the declared ends of named links, and by meaning."""
    w = words(instruction)
    named = {i for m in find_terms(w, {n: [n] for names in node_names(graph, ontology).values() for n in names})
             for i in range(m.start, m.end)}
    found = [m.key for m in find_terms(w, {c.iri: [c.label] for c in ontology.classes})
             if not named & set(range(m.start, m.end))]
    link_names: dict[str, list[str]] = {}
    for link in ontology.links:
        link_names.setdefault(link.iri, []).append(link.label)
    classes = {n.class_ for n in graph.nodes}
    for match in find_terms(w, link_names):
        link = ontology.get_link(match.key)
        if any(ontology.is_subclass(c, link.domain) for c in classes) and declared(link.range, ontology):
            found.append(link.range)
        if any(ontology.is_subclass(c, link.range) for c in classes) and declared(link.domain, ontology):
            found.append(link.domain)
    if index is not None:
        for text in [*name_values(instruction), instruction]:
            found += [c.iri for c in index.search_classes(text, k=2) if ontology.has_class(c.iri)]
    return list(dict.fromkeys(found))[:MAX_NEW_NODES]


def _values(instruction: str, kind: DatatypeKind) -> list[str]:
    if kind is DatatypeKind.NUMBER:
        return [n.replace(",", "") for n in _NUMBER.findall(instruction)]
    if kind is DatatypeKind.DATE:
        years = [n for n in _NUMBER.findall(instruction) if re.fullmatch(r"\d{4}", n)]
        return [d for y in years for d in (f"{y}-01-01", f"{y}-12-31")]
    if kind is DatatypeKind.BOOLEAN:
        return ["true", "false"]
    if kind is DatatypeKind.TEXT:
        return name_values(instruction)
    return []


def _fields(instruction: str, node_id: str, class_iri: str, ontology: Ontology,
            maps: ChoiceMaps) -> list[FieldChoice]:
    labels = {label: iri for iri, names in attribute_labels(ontology, class_iri).items() for label in names[:1]}
    nearest = _nearest(instruction, labels, ATTRIBUTES_PER_NODE)
    maps.fields[node_id] = nearest
    groups: dict[tuple[tuple[str, ...], tuple[str, ...]], list[str]] = {}
    for label, iri in nearest.items():
        datatype = attribute_datatype(ontology, iri)
        values = tuple(_values(instruction, datatype_kind(datatype)))
        if values:
            ops = tuple(op.value for op in edits.constraint_ops(datatype))
            groups.setdefault((ops, values), []).append(label)
    return [FieldChoice(node=node_id, labels=labels, operators=ops, values=values)
            for (ops, values), labels in groups.items()]


def build_choices(instruction: str, graph: PrototypeGraph, ontology: Ontology,
                  index: Any = None) -> tuple[EditChoices, ChoiceMaps]:
    """Every operation line the model may write for this instruction, and the labels' IRIs."""
    maps = ChoiceMaps()
    taken = set(graph.node_ids)
    for class_iri in _new_classes(instruction, graph, ontology, index):
        new_id = make_node_id(ontology.label(class_iri), taken)
        taken.add(new_id)
        maps.new_nodes[new_id] = class_iri
    classes = {n.id: n.class_ for n in graph.nodes} | maps.new_nodes
    drawn = {(e.source, e.link, e.target) for e in graph.edges}
    for a, class_a in classes.items():
        for b, class_b in classes.items():
            if a == b or (a in maps.new_nodes and b in maps.new_nodes):
                continue
            # A link already drawn cannot be drawn again (edits.add_edge refuses it), so it is not offered.
            labels = {ontology.label(link.iri): link.iri for link in ontology.links_between(class_a, class_b)
                      if (a, link.iri, b) not in drawn}
            if labels:
                maps.links[(a, b)] = _nearest(instruction, labels, LINKS_PER_PAIR, ontology)
    maps.edges = {(e.source, ontology.label(e.link), e.target): e.link for e in graph.edges}
    for node in graph.nodes:
        options = class_change_options(graph, node.id, ontology)
        labels = {ontology.label(c): c for c in options["parents"] + options["children"]}
        if labels:
            maps.classes[node.id] = _nearest(instruction, labels, 8)
    fields = [f for node_id, class_iri in classes.items()
              for f in _fields(instruction, node_id, class_iri, ontology, maps)]
    choices = EditChoices(
        ids=graph.node_ids, new_nodes={i: ontology.label(c) for i, c in maps.new_nodes.items()},
        links={pair: list(labels) for pair, labels in maps.links.items()}, edges=list(maps.edges),
        class_changes={i: list(labels) for i, labels in maps.classes.items()}, fields=fields,
    )
    return choices, maps


def _read_line(line: str, maps: ChoiceMaps) -> Operation | None:
    verb, _, rest = line.partition(" ")
    parts = rest.split(" ")
    if verb == "add" and parts[0] in maps.new_nodes:
        return AddNode(id=parts[0], class_=maps.new_nodes[parts[0]])
    if verb == "link" and len(parts) >= 3:
        iri = maps.links.get((parts[0], parts[-1]), {}).get(" ".join(parts[1:-1]))
        return AddLink(source=parts[0], link=iri, target=parts[-1]) if iri else None
    if verb == "class" and len(parts) >= 2:
        iri = maps.classes.get(parts[0], {}).get(" ".join(parts[1:]))
        return ChangeClass(node=parts[0], class_=iri) if iri else None
    if verb in ("select", "hide") and len(parts) == 1:
        return Select(node=parts[0], select=verb == "select")
    if verb == "remove":
        if len(parts) == 1:
            return Remove(node=parts[0])
        iri = maps.edges.get((parts[0], " ".join(parts[1:-1]), parts[-1]))
        return Remove(source=parts[0], link=iri, target=parts[-1]) if iri else None
    if verb == "require" and len(parts) >= 4:
        tail = " ".join(parts[1:])
        for label, iri in sorted(maps.fields.get(parts[0], {}).items(), key=lambda item: -len(item[0])):
            if tail.startswith(label + " "):
                op, _, value = tail[len(label) + 1:].partition(" ")
                return AddConstraint(node=parts[0], property=iri, operator=op, value=value)
    return None


def _mentioned_ids(op: Operation) -> list[str]:
    return [v for k in ("node", "source", "target") if isinstance(v := getattr(op, k, None), str)]


def operations_from_lines(lines: Sequence[str], maps: ChoiceMaps, graph: PrototypeGraph,
                          ontology: Ontology) -> tuple[list[Operation], list[str]]:
    """The operations of an answer, in order, each applied on trial; lines that cannot apply are skipped.

    A new node that a line names before (or without) its ``add`` line is added first.
    """
    ops: list[Operation] = []
    skipped: list[str] = []
    current = graph
    for line in dict.fromkeys(lines):
        op = _read_line(line, maps)
        if op is None:
            skipped.append(line)
            continue
        implied = [AddNode(id=i, class_=maps.new_nodes[i]) for i in _mentioned_ids(op)
                   if i in maps.new_nodes and current.node(i) is None]
        try:
            current = apply_operations(current, [*implied, op], ontology)
        except (EditError, ValueError):
            skipped.append(line)
            continue
        ops += [*implied, op]
    return ops, skipped

"""Candidate edits for an instruction the pre-pass could not settle: its shape is clear, one term is not.

"born after 1950" is clearly a date condition on a node, but on which attribute?
"should have died in Paris" clearly adds a named thing, but by which link? Each
shape gives a few complete answers, one per term that fits, ranked by how much
the term's label looks like the instruction (by meaning through the ontology
index when given, and by letters). The model then chooses among the best few
(:mod:`app.nl.instruction`), which is what a small base model does well.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rapidfuzz import fuzz

from app.errors import EditError
from app.graph.instruct import (
    AddConstraint,
    AddLink,
    AddNode,
    Operation,
    apply_operations,
    attribute_datatype,
)
from app.graph.model import PrototypeGraph, make_node_id
from app.nl.instruction_rules import Reader, comparison_at, value_at, year_constraints
from app.nl.instruction_terms import declared, name_values
from ontology_loaders import RDFS_LABEL, DatatypeKind, Ontology, datatype_kind

__all__ = ["Candidate", "candidate_edits"]

MAX_CANDIDATES = 4
_TEMPORAL = frozenset({"after", "before", "since", "earlier", "later", "in"})


@dataclass(frozen=True)
class Candidate:
    operations: tuple[Operation, ...]
    term: str  # the IRI the candidate stands or falls by
    score: float


Similarity = Callable[[list[str]], dict[str, float]]


def _similarity(text: str, index: Any, table: str) -> Similarity:
    """Scores of terms against ``text``: cosine through the index (when given) and letter likeness."""

    def score(iris: list[str]) -> dict[str, float]:
        meaning: dict[str, float] = {}
        if index is not None and iris:
            meaning = {c.iri: float(c.score) for c in getattr(index, table).score(index.embed(text), iris)}
        return {iri: meaning.get(iri, 0.0) for iri in iris}

    return score


def _anchors(r: Reader) -> list[str]:
    named = r.nodes()
    return named if named else [n.id for n in r.graph.nodes]


def _value_conditions(r: Reader, index: Any) -> list[Candidate]:
    """A comparison with a number or a year, on an attribute the instruction does not name."""
    for position in range(len(r.w)):
        compared = comparison_at(r.w, position)
        if compared is None or compared[0] not in {">", ">=", "<", "<=", "="}:
            continue
        op, end = compared
        number = value_at(r, end, DatatypeKind.NUMBER)
        if number is None:
            continue
        year = len(number) == 4 and number.isdigit()
        # "after 1950" speaks of time: a year then bounds a date, not a number.
        in_time = year and r.w[position] in _TEMPORAL
        options: list[tuple[str, str, list[Operation]]] = []
        for node_id in _anchors(r):
            node = r.graph.node(node_id)
            for attribute in r.ontology.attributes_of(node.class_):
                kind = datatype_kind(attribute_datatype(r.ontology, attribute.iri))
                if kind is DatatypeKind.DATE and year:
                    ops = year_constraints(node_id, attribute.iri, op, number)
                elif kind is DatatypeKind.NUMBER and not in_time and (op != "=" or not year):
                    ops = [AddConstraint(node=node_id, property=attribute.iri, operator=op, value=number)]
                else:
                    continue
                options.append((attribute.iri, r.ontology.label(attribute.iri), ops))
        if options:
            return _ranked(r, options, index, "attributes")
    return []


def _named_things(r: Reader, index: Any) -> list[Candidate]:
    """A name without a class: the name of a node, or of a new node joined by some link."""
    names = name_values(r.text)
    if len(names) != 1:
        return []
    options: list[tuple[str, str, list[Operation]]] = []
    classes = [m.key for m in r.classes()]
    taken = set(r.graph.node_ids)
    for node_id in _anchors(r):
        node = r.graph.node(node_id)
        for link in r.ontology.links:
            for direction, here, there in (("out", link.domain, link.range), ("in", link.range, link.domain)):
                if not (r.ontology.is_subclass(node.class_, here) and declared(there, r.ontology)):
                    continue
                fitting = [c for c in classes if r.ontology.is_subclass(c, there)]
                if classes and not fitting:
                    continue
                new_class = fitting[0] if fitting else there
                new_id = make_node_id(r.ontology.label(new_class), taken)
                ends = (node_id, new_id) if direction == "out" else (new_id, node_id)
                options.append((link.iri, r.ontology.label(link.iri), [
                    AddNode(id=new_id, class_=new_class), AddLink(source=ends[0], link=link.iri, target=ends[1]),
                    AddConstraint(node=new_id, property=RDFS_LABEL, value=names[0])]))
    return _ranked(r, options, index, "links", drop=names[0])


_PLAIN = frozenset({"the", "a", "an", "should", "must", "has", "have", "had", "to", "that", "also", "require",
                    "requires", "with", "only", "please", "be", "is", "are", "was", "were", "will", "would", "it",
                    "its", "this", "those", "these", "and", "than", "more", "less", "over", "under"})


def relation_phrase(r: Reader, drop: str = "") -> str:
    """The instruction's words that say the relation: without the nodes it names, the value and small words.

    Scored against the whole instruction, a term would match the node's own words ("cities") instead.
    """
    taken = r.spans() | {i for i, w in enumerate(r.w) if w in _PLAIN or w.replace(",", "").isdigit()}
    dropped = set(drop.lower().split())
    kept = [w for i, w in enumerate(r.w) if i not in taken and w not in dropped]
    return " ".join(kept)


def _ranked(r: Reader, options: list[tuple[str, str, list[Operation]]], index: Any, table: str,
            drop: str = "") -> list[Candidate]:
    """The options that apply, best first: meaning and letters against the instruction's relation words."""
    text = relation_phrase(r, drop) or r.text
    meaning = _similarity(text, index, table)(list(dict.fromkeys(iri for iri, _, _ in options)))
    found: dict[tuple[Operation, ...], Candidate] = {}
    for iri, label, ops in options:
        letters = _letters(label, text)
        score = meaning.get(iri, 0.0) + 0.5 * letters
        key = tuple(ops)
        if key not in found or found[key].score < score:
            found[key] = Candidate(key, iri, round(score, 4))
    ranked = sorted(found.values(), key=lambda c: -c.score)
    return [c for c in ranked if _applies(r.graph, c.operations, r.ontology)][:MAX_CANDIDATES]


def _letters(label: str, text: str) -> float:
    """How alike the words are: each word of ``text`` against its closest word of ``label``, averaged.

    Word by word, so "pages" finds "page count" rather than the letters inside "average".
    """
    said, named = text.lower().split(), label.lower().split()
    if not said or not named:
        return 0.0
    return sum(max(fuzz.ratio(w, n) for n in named) for w in said) / (100 * len(said))


def _applies(graph: PrototypeGraph, ops: tuple[Operation, ...], ontology: Ontology) -> bool:
    try:
        apply_operations(graph, ops, ontology)
    except (EditError, ValueError):
        return False
    return True


def candidate_edits(instruction: str, graph: PrototypeGraph, ontology: Ontology, index: Any = None) -> list[Candidate]:
    """The best few complete edits for an instruction of a clear shape; empty when no shape fits."""
    reader = Reader(" ".join(instruction.split()), graph, ontology)
    if not reader.w or not graph.nodes:
        return []
    return _value_conditions(reader, index) or _named_things(reader, index)

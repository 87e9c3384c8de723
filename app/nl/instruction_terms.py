"""Finding the graph's nodes and the ontology's terms in an edit instruction, by their labels.

Plain word matching over labels (a plural ``s``/``es``/``ies`` allowed on the
last word), with no rule for any one ontology: a node is named by its class
label, its own label, its id, or the label of a link that ends at it (its
role: "the child" in ``person_1 child person_2``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from app.graph.model import PrototypeGraph
from ontology_loaders import OWL_THING, RDFS_LABEL, Ontology

__all__ = ["TermMatch", "attribute_labels", "declared", "find_terms", "name_values", "node_names", "words"]

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?|\d+(?:[.,]\d+)*", re.UNICODE)


@dataclass(frozen=True)
class TermMatch:
    """``key`` found at word positions ``start`` (inclusive) to ``end`` (exclusive)."""

    key: str
    start: int
    end: int


def words(text: str) -> list[str]:
    """Lower-case words, possessive ``'s`` dropped.

    >>> words("The university's founder, please")
    ['the', 'university', 'founder', 'please']
    """
    found = [w.lower() for w in _WORD.findall(text)]
    return [re.sub(r"['’]s$", "", w) for w in found]


def _forms(label_words: list[str]) -> set[tuple[str, ...]]:
    last = label_words[-1]
    plurals = {last, last + "s", last + "es"}
    if last.endswith("y"):
        plurals.add(last[:-1] + "ies")
    if last.endswith("s"):
        plurals.add(last[:-1])
    return {(*label_words[:-1], p) for p in plurals}


def find_terms(text_words: list[str], names: Mapping[str, Iterable[str]]) -> list[TermMatch]:
    """Every place a name of some key occurs; longer names first, no overlaps.

    >>> [(m.key, m.start) for m in find_terms(words("drop the two children"), {"c": ["child"], "x": ["two"]})]
    [('x', 2)]
    >>> [(m.key, m.start) for m in find_terms(words("the birth places"), {"bp": ["birth place"]})]
    [('bp', 1)]
    """
    patterns: list[tuple[int, tuple[str, ...], str]] = []
    for key, labels in names.items():
        for label in labels:
            label_words = words(label)
            if label_words:
                patterns += [(len(form), form, key) for form in _forms(label_words)]
    patterns.sort(key=lambda p: -p[0])
    taken: set[int] = set()
    found: list[TermMatch] = []
    for size, form, key in patterns:
        for start in range(len(text_words) - size + 1):
            span = range(start, start + size)
            if tuple(text_words[start:start + size]) == form and not taken & set(span):
                found.append(TermMatch(key, start, start + size))
                taken |= set(span)
    return sorted(found, key=lambda m: m.start)


def node_names(graph: PrototypeGraph, ontology: Ontology) -> dict[str, list[str]]:
    """Every name a node goes by: class label, own label, id (also spaced), and its roles."""
    names: dict[str, list[str]] = {}
    for node in graph.nodes:
        label = ontology.label(node.class_)
        # The head noun of a compound label names the node too ("the member" of a "library member").
        found = [label, node.id, node.id.replace("_", " "), label.split()[-1] if " " in label else ""]
        if node.label and ":" not in node.label:
            found.append(node.label)
        found += [ontology.label(e.link) for e in graph.edges if e.target == node.id and e.source != node.id]
        names[node.id] = list(dict.fromkeys(n for n in found if n))
    return names


def attribute_labels(ontology: Ontology, class_iri: str) -> dict[str, list[str]]:
    """The attributes a class can carry, by IRI, with ``rdfs:label`` as "name"."""
    found: dict[str, list[str]] = {RDFS_LABEL: ["name", "named", "called"]}
    for attribute in ontology.attributes_of(class_iri):
        found.setdefault(attribute.iri, []).append(attribute.label)
    return found


_QUOTED = re.compile(r"[\"“']([^\"”']{1,60})[\"”']")
_CAPITALISED = re.compile(r"(?<![\w])([A-Z][\w.-]*(?:\s+(?:of|de|von|van|the|and|&)?\s*[A-Z0-9][\w.-]*)*)")


def name_values(instruction: str) -> list[str]:
    """Names the instruction gives: quoted text, or runs of capitalised words after its first word.

    >>> name_values('also require that the university is in Germany')
    ['Germany']
    >>> name_values('Books published by "Harbour Light"')
    ['Harbour Light']
    """
    quoted = _QUOTED.findall(instruction)
    if quoted:
        return list(dict.fromkeys(q.strip() for q in quoted if q.strip()))
    first = re.match(r"\s*\S+", instruction)
    rest_from = first.end() if first else 0
    found = [m.group(1).strip() for m in _CAPITALISED.finditer(instruction, rest_from)]
    return list(dict.fromkeys(f for f in found if f and f.lower() not in {"i"}))


def declared(iri: str, ontology: Ontology) -> bool:
    """Whether a link end is a class of the ontology, not the catch-all owl:Thing."""
    return iri != OWL_THING and ontology.has_class(iri)

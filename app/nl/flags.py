"""Yes/no attributes said as words: "unpaid invoices", "branches that have a café", "preferred suppliers".

A boolean attribute's label ("paid", "has café", "preferred supplier") standing in the
question, near a thing whose class has that attribute, makes a condition on it: true, or
false when the word is negated ("unpaid", "not available", "without a café"). The words
compared are the label's own, less the class's words ("preferred supplier" on a supplier is
said by "preferred") and small words ("has"). Nothing here names an ontology.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence

from app.graph.model import Constraint, ConstraintOp, Node, PrototypeGraph
from app.nl.words import NEGATIONS, tokens_of
from ontology_loaders import Ontology

__all__ = ["read_flags", "says_a_flag"]

XSD_BOOLEAN = "http://www.w3.org/2001/XMLSchema#boolean"
_SMALL = frozenset({"has", "have", "is", "are", "a", "an", "the", "of", "with", "be", "been", "being"})


def _plain(word: str) -> str:
    """Lower case without accents, so "cafe" says "café"."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))


def _words(text: str) -> list[str]:
    return [_plain(w) for w in tokens_of(text)]


def _said_by(label: str, class_label: str) -> list[str]:
    """The label's words that say the condition: not the class's own words, no small word."""
    own = set(_words(class_label)) | {w + "s" for w in _words(class_label)}
    return [w for w in _words(label) if w not in _SMALL and w not in own]


# Words that say the opposite of a label's first word: "part-time" is not "full-time".
_OPPOSITES = {"full": "part", "public": "private", "open": "closed"}


def _find(words: Sequence[str], tokens: Sequence[str], free: Sequence[bool]) -> tuple[int, bool] | None:
    """Where the words stand in the question (the first of them), and whether they are negated there.

    A word may be said in the plural; of three or more, the last, a head noun, may go unsaid: "EU members"
    says "EU member state".

    >>> _find(["eu", "member", "state"], ["which", "countries", "are", "eu", "members"], [True] * 5)
    (3, False)
    >>> _find(["open", "access"], ["which", "open", "books"], [True] * 3) is None
    True
    >>> _find(["full", "time"], ["which", "employees", "work", "part", "time"], [True] * 5)
    (3, True)
    """
    first = words[0]
    needed = words[1:-1] if len(words) >= 3 else words[1:]
    for i, token in enumerate(tokens):
        if not free[i]:
            continue
        negated_word = token in ("un" + first, "non" + first, "in" + first, _OPPOSITES.get(first))
        if token != first and not negated_word:
            continue
        rest = tokens[i + 1:i + 1 + 2 * len(words)]
        if any(w not in rest and w + "s" not in rest for w in needed):
            continue
        before = tokens[max(i - 3, 0):i]
        return i, negated_word or any(t in NEGATIONS for t in before)
    return None


def read_flags(tokens: Sequence[str], graph: PrototypeGraph, spans: Mapping[str, tuple[int, int]],
               ontology: Ontology, named: Sequence[bool]) -> list[tuple[str, Constraint, str]]:
    """``(node id, constraint, words)`` for every yes/no attribute the question says of a node.

    ``tokens`` are the question's words, ``spans`` the nodes' token spans; ``named`` marks the
    tokens of names, which say nothing about attributes ("Active Learning Press").
    """
    tokens = [_plain(t) for t in tokens]
    found: dict[tuple[str, str], tuple[int, str, Constraint, str]] = {}
    for node in graph.nodes:
        where = spans.get(node.id)
        for attribute in ontology.attributes_of(node.class_):
            if attribute.range != XSD_BOOLEAN:
                continue
            said = _said_by(ontology.label(attribute.iri), ontology.label(node.class_))
            hit = _find(said, tokens, [not t for t in named]) if said else None
            if hit is None:
                continue
            position, negated = hit
            distance = abs(position - where[0]) if where else len(tokens)
            key = (attribute.iri, str(position))
            if key not in found or distance < found[key][0]:
                constraint = Constraint(property=attribute.iri, op=ConstraintOp.EQ, value=not negated,
                                        datatype=XSD_BOOLEAN)
                found[key] = (distance, node.id, constraint, " ".join(said))
    return [(node_id, constraint, words) for _, node_id, constraint, words in found.values()]


def says_a_flag(tokens: Sequence[str], class_iri: str, ontology: Ontology) -> bool:
    """Whether the question says a yes/no attribute of a thing of ``class_iri`` ("unpaid invoices")."""
    graph = PrototypeGraph(nodes=(Node(id="thing", class_=class_iri),))
    return bool(read_flags(tokens, graph, {}, ontology, [False] * len(tokens)))

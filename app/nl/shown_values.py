"""Values asked beside the things: "List employees with their job titles", "products and their prices".

English asks for a thing's values by a possessive after "with" or "and". Where the words after it name
an attribute of the thing said before them, the draft shows that attribute beside the thing
(:attr:`app.graph.model.Node.shown`), as it does for a value asked alone ("What is the price of …").
Words that name a link ("teams and their leads") stay things of their own, read by the relations.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from app.graph.model import PrototypeGraph
from app.nl.asked_values import nearest_attribute
from app.nl.measures import AMOUNTS
from app.nl.mentions import word_forms
from app.nl.retrieval import OntologyIndex
from ontology_loaders import Ontology

__all__ = ["ShownValue", "read_shown_values", "shown_amounts"]

_BESIDE = frozenset({"with", "and", "including"})
_POSSESSIVES = frozenset({"their", "its", "his", "her"})
_ENDS = frozenset({"and", "or", "in", "of", "from", "for", "at", "by", "with", "who", "that", "which", "where"})
# Words after the possessive that can name one attribute ("their date of birth" aside: a short noun phrase).
_MAX_WORDS = 3


@dataclass(frozen=True)
class ShownValue:
    node: str
    attribute: str
    words: tuple[int, int]  # token span of the possessive and the attribute's words


def _phrases(lowered: Sequence[str]) -> list[tuple[int, int]]:
    """Token spans of the words after "with their", "and its", ... up to a small word or the end.

    >>> _phrases("list employees with their job titles".split())
    [(4, 6)]
    >>> _phrases("products and their prices in euros".split()), _phrases("books with pages".split())
    ([(3, 4)], [])
    """
    found = []
    for k in range(len(lowered) - 2):
        if lowered[k] in _BESIDE and lowered[k + 1] in _POSSESSIVES:
            end = k + 2
            while end < len(lowered) and end - k - 2 < _MAX_WORDS and lowered[end] not in _ENDS:
                end += 1
            if end > k + 2:
                found.append((k + 2, end))
    return found


def shown_amounts(tokens: Sequence[str]) -> set[int]:
    """Positions of amount nouns asked beside a thing ("cities with their population"): a value, not a thing
    of a class the noun may also label."""
    lowered = [t.lower().strip(".,;:!?") for t in tokens]
    return {i for start, end in _phrases(lowered) for i in range(start, end) if lowered[i] in AMOUNTS}


def read_shown_values(tokens: Sequence[str], graph: PrototypeGraph, spans: Mapping[str, tuple[int, int]],
                      ontology: Ontology, index: OntologyIndex) -> list[ShownValue]:
    """The attributes asked beside the things, each on the node said last before its words."""
    lowered = [t.lower().strip(".,;:!?") for t in tokens]
    taken = {i for start, end in spans.values() for i in range(start, end)}
    found = []
    for start, end in _phrases(lowered):
        if any(i in taken for i in range(start, end)):
            continue  # "teams and their leads": a thing the relations read
        # the thing asked for first ("cities in Germany with their population": the cities), else the
        # one said last before the words
        before = sorted((span[1], node_id) for node_id, span in spans.items() if span[1] <= start)
        words = " ".join(lowered[start:end])
        said = tuple(dict.fromkeys([words, *word_forms(words.split())]))
        for _, node_id in dict.fromkeys(before[:1] + before[::-1]):
            node = graph.node(node_id)
            attribute = nearest_attribute(said, node.class_, ontology, index) if node is not None else None
            if attribute is not None:
                found.append(ShownValue(node_id, attribute[0], (start - 1, end)))
                break
    return found

"""Orders said outright rather than by a superlative: "the top 5 customers by annual revenue", "List the
products sorted by list price", "ranked by salary in descending order".

The words after "by" name an attribute of the thing sorted, as an asked value's words do
(:func:`app.nl.asked_values.nearest_attribute`); "top" keeps the first few, highest first. How many a
superlative keeps ("the three most expensive products") is read here too. English words only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.graph.asked import is_open
from app.graph.model import OrderBy
from app.nl.asked_values import nearest_attribute
from app.nl.retrieval import OntologyIndex
from app.nl.words import NUMBER_WORDS
from ontology_loaders import Ontology

__all__ = ["read_ordering", "said_limit"]

_SORTING = frozenset({"sorted", "ordered", "ranked", "sort", "order", "rank"})
_TOP = {"top": True, "bottom": False}
# Words after the attribute that ask for the high end first.
_HIGH_FIRST = frozenset({"descending", "decreasing", "highest", "largest", "biggest", "most", "newest", "latest"})
_LOW_FIRST = frozenset({"ascending", "increasing", "lowest", "smallest", "oldest", "earliest", "cheapest"})
# Words that end the attribute's name after "by".
_AFTER_ATTRIBUTE = frozenset({"in", "from", "with", "and", "first", "order"}) | _HIGH_FIRST | _LOW_FIRST


def said_limit(tokens: Sequence[str], start: int) -> int | None:
    """How many things the words just before ``start`` keep: "the three (most expensive)", "the top 5".

    >>> said_limit("Give me the three most expensive products".split(), 4), said_limit("the top 5".split(), 3)
    (3, 5)
    >>> said_limit("the most expensive product".split(), 1) is None
    True
    """
    for k in (start - 1, start - 2):
        word = tokens[k].lower() if k >= 0 else ""
        if word.isdigit() and 0 < int(word) <= 1000:
            return int(word)
        if word in NUMBER_WORDS and NUMBER_WORDS[word] > 0:
            return NUMBER_WORDS[word]
        if word not in _TOP:
            break
    return None


def read_ordering(tokens: Sequence[str], draft: Any, ontology: Ontology, index: OntologyIndex) -> None:
    """Sort ``draft`` (an :class:`app.nl.evidence.EvidenceDraft`) as the words say, if they say so outright
    and it is not sorted yet."""
    graph = draft.graph
    lowered = [t.lower() for t in tokens]
    by = next((k for k in range(1, len(lowered) - 1) if lowered[k] == "by" and
               (lowered[k - 1] in _SORTING or _top_before(lowered, k))), None)
    if by is None or graph.order_by or graph.aggregation is not None or not graph.nodes:
        return
    end = next((k for k in range(by + 1, len(lowered)) if lowered[k] in _AFTER_ATTRIBUTE), len(lowered))
    words = " ".join(lowered[by + 1:end])
    found, sorted_node = None, None
    for sorted_node in _sortable_nodes(draft.spans, by, graph) if words else ():
        found = nearest_attribute((words,), graph.node(sorted_node).class_, ontology, index)
        if found is not None:
            break
    if found is None or sorted_node is None:
        return
    top = next((k for k in range(by) if lowered[k] in _TOP), None)
    descending = _TOP[lowered[top]] if top is not None else bool(_HIGH_FIRST & set(lowered[end:]))
    # "the top customer" keeps one, "the top customers" all, sorted
    plural = top is not None and top + 1 < by and lowered[top + 1].endswith("s")
    limit = (said_limit(tokens, top + 2) or (None if plural else 1)) if top is not None else None
    update: dict[str, Any] = {"order_by": (OrderBy(node=sorted_node, property=found[0], descending=descending),)}
    if limit is not None:
        update["limit"] = limit
    draft.graph = graph.model_copy(update=update)
    start = top if top is not None else by - 1
    draft.evidence["order"] = f"\u201c{' '.join(tokens[start:end])}\u201d \u2192 sorted by {ontology.label(found[0])}"
    draft.used = [t for i, t in enumerate(tokens) if t in draft.used or start <= i < end]
    draft.ignored = [t for t in draft.ignored if t not in tokens[start:end]]


def _top_before(lowered: Sequence[str], by: int) -> bool:
    """"the top 5 customers by revenue": "top" (or "bottom") a few words before "by"."""
    return any(lowered[k] in _TOP for k in range(max(by - 5, 0), by))


def _sortable_nodes(spans: dict[str, tuple[int, int]], by: int, graph: Any) -> list[str]:
    """The things that may be sorted, the likeliest first: those said before "by", the last first, a thing no name
    pins before a named one ("products supplied by Kestrel Components sorted by price": the products); else
    the first thing of the draft."""
    before = sorted(((span[0], node) for node, span in spans.items()
                     if span[1] <= by and graph.node(node) is not None), reverse=True)
    ordered = [node for _, node in before if is_open(graph.node(node))] + \
        [node for _, node in before if not is_open(graph.node(node))]
    return ordered or [graph.nodes[0].id]

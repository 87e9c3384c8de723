"""Words that are a value of a text attribute with few values: "open orders", "projects on hold".

A text attribute that takes only a handful of values in the knowledge graph ("open",
"shipped", "delivered", "cancelled") is a status or a kind, and people say its values as
adjectives. The values are read once per knowledge graph; a word of the question that is one
of them, near a thing whose class has that attribute, becomes ``attribute = value``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from app.caching import KeyedCache
from app.graph.model import Constraint, ConstraintOp, Node, PrototypeGraph
from app.nl.entity_linking import select_rows
from ontology_loaders import Ontology

__all__ = ["ValueWords", "read_values", "says_a_value", "value_words"]

log = logging.getLogger(__name__)

XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"
# More values than this and the attribute is a name or a description, not a status.
MAX_VALUES = 30
_SEPARATOR = "\u001f"
_QUERY = f"""
SELECT ?p (GROUP_CONCAT(DISTINCT STR(?v); SEPARATOR="{_SEPARATOR}") AS ?values) WHERE {{
  ?s ?p ?v . FILTER(isLiteral(?v) && (DATATYPE(?v) = <{XSD_STRING}> || LANG(?v) != ""))
}} GROUP BY ?p HAVING (COUNT(DISTINCT ?v) <= {MAX_VALUES})
"""

#: lower-case words of a value -> ``(attribute IRI, the value as stored)``
ValueWords = Mapping[tuple[str, ...], Sequence[tuple[str, str]]]

_cache: KeyedCache[int, tuple[Any, dict]] = KeyedCache(max_size=8)


def _read(kg: Any, ontology: Ontology) -> dict[tuple[str, ...], list[tuple[str, str]]]:
    words: dict[tuple[str, ...], list[tuple[str, str]]] = {}
    for row in select_rows(kg.select(_QUERY, timeout=10.0)):
        attribute = ontology.get_attribute(row.get("p", ""))
        if attribute is None:
            continue  # labels, comments, and anything the ontology does not define
        for value in row.get("values", "").split(_SEPARATOR):
            key = tuple(value.lower().split())
            if key and len(" ".join(key)) > 2 and len(key) <= 3:
                words.setdefault(key, []).append((attribute.iri, value))
    return words


def value_words(kg: Any, ontology: Ontology) -> ValueWords:
    """The few-valued text attributes' values of ``kg``, by their words; empty when the store cannot say."""
    key = hash((id(kg), ontology.fingerprint))
    owner, words = _cache.get(key, (None, None))
    if owner is kg and words is not None:
        return words
    try:
        words = _read(kg, ontology)
    except Exception as exc:  # noqa: BLE001 - a failing store must not fail the draft
        log.warning("could not read attribute values: %s", exc)
        words = {}
    _cache.put(key, (kg, words))
    return words


def read_values(tokens: Sequence[str], graph: PrototypeGraph, spans: Mapping[str, tuple[int, int]],
                ontology: Ontology, named: Sequence[bool], words: ValueWords) -> list[tuple[str, Constraint, str]]:
    """``(node id, constraint, words)`` for every value the question says of a node that can take it.

    A value's words must stand free (not in a name, ``named``); the nearest node whose class
    has the attribute takes it.
    """
    lowered = [t.lower() for t in tokens]
    found = []
    for length in (3, 2, 1):
        for start in range(len(lowered) - length + 1):
            if any(named[start:start + length]) or _verb_before_a_name(lowered, named, start + length):
                continue
            for attribute, value in words.get(tuple(lowered[start:start + length]), ()):
                holders = [n for n in graph.nodes if any(a.iri == attribute for a in ontology.attributes_of(n.class_))]
                if not holders:
                    continue
                nearest = min(holders, key=lambda n: abs(spans.get(n.id, (len(tokens),))[0] - start))
                constraint = Constraint(property=attribute, op=ConstraintOp.EQ, value=value, datatype=XSD_STRING)
                found.append((nearest.id, constraint, " ".join(tokens[start:start + length])))
    return _one_per_attribute(found)


_RELATION_PREPOSITIONS = frozenset({"to", "from", "by", "in", "at", "for", "with", "through"})


def _verb_before_a_name(lowered: Sequence[str], named: Sequence[bool], end: int) -> bool:
    """Whether the words ending at ``end`` are a relation's verb: "orders shipped to Berlin" says where they
    went, not that their status is "shipped"."""
    if end >= len(lowered) or lowered[end] not in _RELATION_PREPOSITIONS:
        return False
    after = end + 2 if lowered[end + 1:end + 2] in (["the"], ["a"], ["an"]) else end + 1  # "from the Hamburg …"
    return after < len(lowered) and named[after]


def _one_per_attribute(found: list[tuple[str, Constraint, str]]) -> list[tuple[str, Constraint, str]]:
    kept: dict[tuple[str, str], tuple[str, Constraint, str]] = {}
    for node_id, constraint, said in found:
        kept.setdefault((node_id, constraint.property), (node_id, constraint, said))  # longest words first
    return list(kept.values())


def says_a_value(tokens: Sequence[str], class_iri: str, ontology: Ontology, words: ValueWords) -> bool:
    """Whether the question says a value a thing of ``class_iri`` can take ("projects on hold")."""
    graph = PrototypeGraph(nodes=(Node(id="thing", class_=class_iri),))
    return bool(words) and bool(read_values(tokens, graph, {}, ontology, [False] * len(tokens), words))

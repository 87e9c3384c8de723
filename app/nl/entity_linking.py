"""Find the knowledge-graph instance a question names ("the country United States").

Three tries, cheapest first: an exact label match (a SPARQL lookup), a fuzzy
match over all labels (rapidfuzz), then an embedding match over all labels.
Instances whose ``rdf:type`` fits the node's class are preferred. The label
table is read once per knowledge graph and kept in memory.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
from rapidfuzz import fuzz, process

from app.nl.demonyms import full_country_name
from app.nl.embedding import TextEncoder
from app.caching import KeyedCache
from ontology_loaders import OWL_THING, RDFS_LABEL, Ontology

__all__ = ["EntityMatch", "LabelTable", "instance_labels", "link_entity", "names_the_same", "part_of_the_name",
           "select_rows"]

log = logging.getLogger(__name__)

FUZZY_MIN_SCORE = 88.0
EMBEDDING_MIN_SCORE = 0.75
MAX_LABELS = 200_000  # beyond this a remote endpoint is asked for exact matches only


class _KnowledgeGraph(Protocol):
    def select(self, query: str, *, timeout: float | None = None) -> Any: ...


@dataclass(frozen=True)
class EntityMatch:
    iri: str
    label: str
    score: float  # 1.0 for exact; rapidfuzz/100 or cosine otherwise
    method: str  # exact | fuzzy | embedding
    types: tuple[str, ...] = ()


def select_rows(result: Any) -> list[dict[str, str]]:
    """A SELECT result's rows as plain strings, from an embedded or a remote store alike."""
    bindings = getattr(result, "bindings", result)
    return [{k: v["value"] if isinstance(v, dict) else str(v) for k, v in row.items()} for row in bindings]


def _literal(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"\w+", text.lower()) if len(w) > 2 or w.isdigit()]


def names_the_same(name: str, label: str) -> bool:
    """Whether a fuzzy match is the same name, not one that merely shares a part of it.

    Every word of the name must stand in the label (a typo allowed), and the name must
    give at least half of the label's words: "Halvard Robotics" names "Halvard Robotics
    sp. z o.o.", but "Lincoln" does not name "USS Abraham Lincoln", nor "Leonard Bernstein"
    the city "Bern".

    >>> names_the_same("Ada Lovelac", "Ada Lovelace"), names_the_same("Halvard Robotics", "Halvard Robotics sp. z o.o.")
    (True, True)
    >>> names_the_same("Lincoln", "USS Abraham Lincoln"), names_the_same("Leonard Bernstein", "Bern")
    (False, False)
    >>> names_the_same("Abraham Lincoln", "USS Abraham Lincoln (CVN-72)"), names_the_same("Jaws", "Jaws (film)")
    (False, True)
    >>> names_the_same("Cher", "Cheryl Henson")
    False
    """
    name_words, label_words = _words(name), _words(label)
    if not name_words or not label_words:
        return False
    matched = sum(_found(word, name_words) for word in label_words)
    # a word before the name makes another thing named after it: "USS Abraham Lincoln", "Lake Geneva"
    first = _words(re.sub(r"\([^)]*\)", " ", label))[:1]
    named_first = not first or _found(first[0], name_words)
    return part_of_the_name(name, label) and 2 * matched >= len(label_words) and named_first


def part_of_the_name(text: str, label: str) -> bool:
    """Whether every word typed stands in the label, a typo allowed: what a search box finds ("Gretzky" finds
    "Wayne Gretzky"), where a question's name must name the thing itself (:func:`names_the_same`).

    >>> part_of_the_name("Gretzky", "Wayne Gretzky"), part_of_the_name("Cher", "Cheryl Henson")
    (True, False)
    """
    text_words, label_words = _words(text), _words(label)
    return bool(text_words) and all(_found(word, label_words) for word in text_words)


def _found(word: str, among: list[str]) -> bool:
    # a slip of the keyboard in a longer word; a short word must stand as written ("Cher" is no "Cheryl")
    return any(word == other or (min(len(word), len(other)) >= 5 and fuzz.ratio(word, other) >= FUZZY_MIN_SCORE - 8)
               for other in among)


class LabelTable:
    """Every (instance, label, types) of a knowledge graph, for fuzzy and embedding lookups."""

    def __init__(self, kg: _KnowledgeGraph, *, timeout: float | None = 30.0) -> None:
        query = (
            "SELECT ?s ?label (GROUP_CONCAT(DISTINCT STR(?t); SEPARATOR=' ') AS ?types) WHERE { "
            f"?s <{RDFS_LABEL}> ?label . FILTER(isIRI(?s)) OPTIONAL {{ ?s a ?t }} }} "
            f"GROUP BY ?s ?label LIMIT {MAX_LABELS}"
        )
        rows = select_rows(kg.select(query, timeout=timeout))
        self.iris = [r["s"] for r in rows]
        self.labels = [r["label"] for r in rows]
        self.types = [tuple(r.get("types", "").split()) for r in rows]
        self._vectors: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()
        self.by_label: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
        for iri, label, types in zip(self.iris, self.labels, self.types):
            # Keyed by the words a question is split into, so "USB-C" in a label meets "USB-C" in a question.
            self.by_label.setdefault(" ".join(re.findall(r"[^\W_]+", label.lower())), []).append((iri, types))

    def vectors(self, embedder: TextEncoder) -> np.ndarray:
        with self._lock:
            if embedder.model_id not in self._vectors:
                self._vectors[embedder.model_id] = embedder.encode(self.labels)
            return self._vectors[embedder.model_id]


# Keyed by the store's id, with the store kept beside its table: an id can be reused
# once a store is gone, and a table must never answer for another store.
_tables: KeyedCache[int, tuple[_KnowledgeGraph, LabelTable]] = KeyedCache(max_size=8)


def _table(kg: _KnowledgeGraph) -> LabelTable:
    owner, table = _tables.get_or_build(id(kg), lambda: (kg, LabelTable(kg)))
    if owner is not kg:
        table = LabelTable(kg)
        _tables.put(id(kg), (kg, table))
    return table


def instance_labels(kg: _KnowledgeGraph) -> dict[str, list[tuple[str, tuple[str, ...]]]]:
    """Lower-case label -> ``(IRI, types)`` of every labelled instance; empty when the store cannot say."""
    try:
        return _table(kg).by_label
    except Exception as exc:  # noqa: BLE001 - a failing store must not fail the pipeline
        log.warning("could not read the label table: %s", exc)
        return {}


def _fits(types: tuple[str, ...], class_iri: str | None, ontology: Ontology | None) -> bool:
    if not class_iri or class_iri == OWL_THING:
        return True
    if ontology is None:
        return class_iri in types
    return any(ontology.is_subclass(t, class_iri) for t in types)


def _prefer_fitting(matches: list[EntityMatch], class_iri: str | None, ontology: Ontology | None) -> list[EntityMatch]:
    fitting = [m for m in matches if _fits(m.types, class_iri, ontology)]
    return fitting or ([] if class_iri and class_iri != OWL_THING else matches)


def link_entity(
    name: str,
    kg: _KnowledgeGraph,
    *,
    class_iri: str | None = None,
    ontology: Ontology | None = None,
    embedder: TextEncoder | None = None,
    limit: int = 3,
    partial: bool = False,
) -> list[EntityMatch]:
    """Instances labelled ``name`` (best first), of ``class_iri`` or a subclass when given.

    An instance of another class is returned only when no class was given. ``partial``: part of a
    name is enough, as typed into a search box (:func:`part_of_the_name`).
    """
    same = part_of_the_name if partial else names_the_same
    name = name.strip()
    if not name:
        return []
    query = (
        "SELECT ?s ?label (GROUP_CONCAT(DISTINCT STR(?t); SEPARATOR=' ') AS ?types) WHERE { "
        f"?s <{RDFS_LABEL}> ?label . FILTER(LCASE(STR(?label)) = LCASE({_literal(name)})) "
        "OPTIONAL { ?s a ?t } } GROUP BY ?s ?label LIMIT 20"
    )
    try:
        exact = [EntityMatch(r["s"], r["label"], 1.0, "exact", tuple(r.get("types", "").split()))
                 for r in select_rows(kg.select(query, timeout=10.0))]
    except Exception as exc:  # noqa: BLE001 - a failing store must not fail the pipeline
        log.warning("entity lookup for %r failed: %s", name, exc)
        return []
    found = _prefer_fitting(exact, class_iri, ontology)
    if found:
        return found[:limit]
    try:
        table = _table(kg)
    except Exception as exc:  # noqa: BLE001
        log.warning("could not read the label table: %s", exc)
        return []
    if not table.labels:
        return []
    fuzzy = [
        EntityMatch(table.iris[i], table.labels[i], score / 100, "fuzzy", table.types[i])
        for _, score, i in process.extract(name, table.labels, scorer=fuzz.WRatio, limit=20,
                                           score_cutoff=FUZZY_MIN_SCORE)
        if same(name, table.labels[i])
    ]
    found = _prefer_fitting(fuzzy, class_iri, ontology)
    if found:
        return found[:limit]
    if (full := full_country_name(name)) is not None:  # "customers in the UK": the graph says United Kingdom
        return link_entity(full, kg, class_iri=class_iri, ontology=ontology, embedder=embedder, limit=limit)
    if embedder is None:
        return []
    vectors = table.vectors(embedder)
    scores = vectors @ embedder.encode([name])[0]
    best = np.argsort(-scores)[:20]
    semantic = [EntityMatch(table.iris[i], table.labels[i], float(scores[i]), "embedding", table.types[i])
                for i in best if scores[i] >= EMBEDDING_MIN_SCORE]
    return _prefer_fitting(semantic, class_iri, ontology)[:limit]

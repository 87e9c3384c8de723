"""The choices offered to the graph editor: classes, links and attributes.

Each list holds only what the matching operation in :mod:`app.graph.edits`
accepts, so the UI never offers an edit that would be refused, and ranks it
best first (by the question, by meaning through an optional index, by how
often the ontology's terms are used).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from rapidfuzz import fuzz

from ontology_loaders import OWL_THING, RDFS_LABEL, RDFS_LITERAL, XSD_STRING, Ontology, datatype_kind

from app.caching import KeyedCache
from app.graph.edits import constraints_fit_class, find_edge, links_fit_class, require_node, switchable_links
from app.graph.model import PrototypeGraph

__all__ = [
    "CLASS_SEARCH_LIMIT",
    "ClassOption",
    "LinkOption",
    "TermOption",
    "attribute_options",
    "attribute_search",
    "class_change_options",
    "class_options",
    "edge_link_options",
    "link_options",
    "name_match",
    "rank_terms",
    "search_link_options",
]


# -- classes -------------------------------------------------------------------
def class_change_options(graph: PrototypeGraph, node_id: str, ontology: Ontology) -> dict[str, list[str]]:
    """The classes a node may change to: ``{"parents": [...], "children": [...]}``.

    Direct parents and direct subclasses only (one step at a time keeps the
    choice short), and only those that keep every edge and constraint of the
    node valid. Specialising always does; generalising may not.
    """
    node = require_node(graph, node_id)
    current = node.class_
    parents = [p for p in (ontology.get_class(current).parents if ontology.get_class(current) else ())]
    parents = [p for p in parents if p != OWL_THING and ontology.has_class(p)]
    children = [c.iri for c in ontology.classes if current in c.parents]
    fits = [
        p for p in parents
        if links_fit_class(graph, node_id, p, ontology) and constraints_fit_class(node, p, ontology)
    ]
    return {
        "parents": sorted(fits, key=ontology.label),
        "children": sorted(
            (c for c in children if links_fit_class(graph, node_id, c, ontology)), key=ontology.label
        ),
    }


@dataclass(frozen=True)
class TermOption:
    """A class, link or attribute offered for typed text: ``by`` says whether its name or its meaning matched."""

    iri: str
    label: str
    score: float
    count: int | None = None
    by: str = ""
    similarity: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"iri": self.iri, "label": self.label, "score": self.score, "count": self.count, "by": self.by,
                "similarity": self.similarity}


#: The class search's option, kept under its first name.
ClassOption = TermOption
#: How many classes the search lists: more than a screenful, so a near miss is still in reach.
CLASS_SEARCH_LIMIT = 30


def name_match(text: str, label: str) -> float:
    """How well typed ``text`` names ``label``, 0-1: whole label, its start, its words' starts, inside it, or a typo.

    >>> [round(name_match("uni", lbl), 2) for lbl in ("uni", "university", "state university", "munich")]
    [1.0, 0.95, 0.9, 0.85]
    >>> [round(name_match("ice hock", "ice hockey player"), 2), round(name_match("movie star", "movie"), 2)]
    [0.95, 0.6]
    >>> name_match("universty", "university") > 0.7 > name_match("place of birth", "mean of transportation")
    True
    """
    text, label = " ".join(text.lower().split()), label.lower()
    if not text or not label:
        return 0.0
    if text == label:
        return 1.0
    if label.startswith(text):
        return 0.95
    words, typed = label.split(), text.split()
    if any(word.startswith(text) for word in words) or all(any(w.startswith(t) for w in words) for t in typed):
        return 0.9
    if text in label:
        return 0.85
    if label in typed:
        return 0.6  # one word of several typed: a hint, weaker than the meaning of the whole text
    # A typo still matches, but below any real prefix and below a close meaning.
    return 0.75 * fuzz.ratio(text, label) / 100.0


def rank_terms(
    text: str,
    labels: Mapping[str, str],
    *,
    meaning: Mapping[str, float] | None = None,
    counts: Mapping[str, int] | None = None,
    limit: int | None = None,
) -> list[TermOption]:
    """Terms (iri -> label) ranked for typed ``text`` by name and by meaning, best first.

    ``meaning`` holds cosine similarities of ``text`` to the terms (from
    :class:`app.nl.retrieval.OntologyIndex`); the better of name and meaning
    counts. Instance counts (``counts``) add a little, so terms with data come
    first among equals; equals keep the order of ``labels``. No text: the most used terms first.

    >>> [o.label for o in rank_terms("born", {"a": "birth place", "b": "death place"}, meaning={"a": 0.6, "b": 0.4})]
    ['birth place', 'death place']
    """
    text = " ".join((text or "").split())
    counts = counts or {}
    meaning = meaning or {}
    top = max((counts.get(iri) or 0 for iri in labels), default=0)
    ranked = []
    for iri, label in labels.items():
        by_name = name_match(text, label) if text else 0.0
        by_meaning = float(meaning.get(iri, 0.0)) if text else 0.0
        best, by = (by_name, "name") if by_name >= by_meaning else (by_meaning, "meaning")
        ranked.append(TermOption(
            iri=iri, label=label, count=counts.get(iri), by=by if text else "",
            similarity=round(best, 4), score=round(0.95 * best + 0.05 * _count_bonus(counts.get(iri), top), 4),
        ))
    ranked.sort(key=lambda o: -o.score)  # stable: equals keep the order of ``labels``
    return ranked if limit is None else ranked[:limit]


def class_options(
    query_text: str,
    ontology: Ontology,
    index: Any = None,
    counts: Mapping[str, int] | None = None,
    *,
    limit: int = CLASS_SEARCH_LIMIT,
) -> list[TermOption]:
    """Classes matching ``query_text`` by label and by meaning, best first.

    ``index`` is an :class:`app.nl.retrieval.OntologyIndex` (optional): its cosine
    similarity joins the label match, so "musician" finds "musical artist".
    Instance counts break near-ties, so classes with data come first. An empty
    query lists the most populated classes.

    >>> from ontology_loaders import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Person", label="person"),
    ...                          OntologyClass(iri="ex:Place", label="place")])
    >>> [o.label for o in class_options("persn", onto)][:1]
    ['person']
    """
    labels = {c.iri: c.label for c in sorted(ontology.classes, key=lambda c: c.label.lower())}
    meaning = _meaning(index, "classes", query_text, list(labels))
    return rank_terms(query_text, labels, meaning=meaning, counts=counts, limit=limit)


def _meaning(index: Any, table: str, text: str, iris: list[str]) -> dict[str, float]:
    """Cosine similarity of ``text`` to each of ``iris`` in one of the index's tables (none without an index)."""
    if index is None or not (text or "").strip() or not iris:
        return {}
    return {c.iri: c.score for c in getattr(index, table).score(index.embed(text.strip()), iris)}


# -- attributes ----------------------------------------------------------------
def attribute_options(ontology: Ontology, class_iri: str) -> list[dict[str, str]]:
    """``[{"iri", "label", "datatype", "kind"}]`` for the attributes a class can carry, name first."""
    options = [{"iri": RDFS_LABEL, "label": "name (label)", "datatype": XSD_STRING, "kind": "text"}]
    seen = {RDFS_LABEL}
    for attribute in sorted(ontology.attributes_of(class_iri), key=lambda a: a.label.lower()):
        if attribute.iri in seen:
            continue
        seen.add(attribute.iri)
        datatype = attribute.range if attribute.range != RDFS_LITERAL else XSD_STRING
        options.append({
            "iri": attribute.iri, "label": attribute.label, "datatype": datatype,
            "kind": datatype_kind(datatype).value,
        })
    return options


def attribute_search(
    ontology: Ontology,
    class_iri: str,
    text: str,
    index: Any = None,
    counts: Mapping[str, int] | None = None,
) -> list[TermOption]:
    """The attributes a class can carry, ranked for typed ``text`` by name and by meaning (all of them, best first)."""
    labels = {a["iri"]: a["label"] for a in attribute_options(ontology, class_iri)}
    meaning = _meaning(index, "attributes", text, [iri for iri in labels if ontology.get_attribute(iri)])
    # The index knows an attribute with its class ("person birth date"); its own words matter as much ("born").
    for iri, similarity in _label_meaning(index, text, labels).items():
        meaning[iri] = max(meaning.get(iri, 0.0), similarity)
    return rank_terms(text, labels, meaning=meaning, counts=counts)


# (embedder, label) -> its vector: a class's attributes are embedded once, not on every search
_LABEL_VECTORS: KeyedCache[tuple[int, str], Any] = KeyedCache(max_size=20_000)


def _label_meaning(index: Any, text: str, labels: Mapping[str, str]) -> dict[str, float]:
    if index is None or not (text or "").strip() or not labels:
        return {}
    owner = id(index.embedder)
    missing = [label for label in dict.fromkeys(labels.values()) if _LABEL_VECTORS.get((owner, label)) is None]
    if missing:
        for label, vector in zip(missing, index.embed_many(missing)):
            _LABEL_VECTORS.put((owner, label), vector)
    query = index.embed(text.strip())
    return {iri: float(_LABEL_VECTORS.get((owner, label)) @ query) for iri, label in labels.items()}


# -- links ---------------------------------------------------------------------
@dataclass(frozen=True)
class LinkOption:
    """One link that may join two nodes, already oriented (``source`` → ``target``)."""

    link: str
    label: str
    source: str
    target: str
    score: float
    count: int | None = None
    by: str = ""
    similarity: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"link": self.link, "label": self.label, "source": self.source, "target": self.target,
                "score": self.score, "count": self.count, "by": self.by, "similarity": self.similarity}


def link_options(
    graph: PrototypeGraph,
    source_id: str,
    target_id: str,
    ontology: Ontology,
    *,
    question: str | None = None,
    counts: Mapping[str, int] | None = None,
    similarity: Callable[[str, list[str]], Mapping[str, float]] | None = None,
) -> list[LinkOption]:
    """Every link the ontology allows between two nodes, in either direction, best first.

    Ranked by similarity to the question (``similarity(question, link_iris)``
    if given, e.g. embedding cosine; otherwise word overlap) and by how often
    the link is used (``counts``). Links already drawn are left out.

    >>> from ontology_loaders import Link, OntologyClass
    >>> from app.graph.edits import add_node
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Person", label="person"),
    ...                          OntologyClass(iri="ex:Place", label="place")],
    ...                 links=[Link(iri="ex:birthPlace", label="birth place", domain="ex:Person", range="ex:Place")])
    >>> g = add_node(add_node(PrototypeGraph(), "ex:Place", onto), "ex:Person", onto)
    >>> [(o.source, o.label, o.target) for o in link_options(g, "place_1", "person_1", onto)]
    [('person_1', 'birth place', 'place_1')]
    """
    source, target = require_node(graph, source_id), require_node(graph, target_id)
    existing = {(e.source, e.link, e.target) for e in graph.edges}
    found: dict[tuple[str, str, str], str] = {}
    for a, b in ((source, target), (target, source)):
        for link in ontology.links_between(a.class_, b.class_):
            key = (a.id, link.iri, b.id)
            if key not in existing:
                found[key] = link.label
        if source.id == target.id:
            break
    if not found:
        return []
    iris = sorted({k[1] for k in found})
    if question and similarity is not None:
        sims = dict(similarity(question, iris))
    elif question:
        sims = {iri: _lexical_similarity(question, ontology.label(iri)) for iri in iris}
    else:
        sims = {}
    top = max((counts or {}).get(iri, 0) for iri in iris) if counts else 0
    options = [
        LinkOption(
            link=iri, label=label, source=s, target=t, count=(counts or {}).get(iri),
            score=round(0.7 * sims.get(iri, 0.0) + 0.3 * _count_bonus((counts or {}).get(iri), top), 4),
        )
        for (s, iri, t), label in found.items()
    ]
    # Specific links (narrow domain/range) before generic owl:Thing ones on ties.
    return sorted(options, key=lambda o: (-o.score, _genericity(ontology, o.link), o.label, o.source))


def search_link_options(
    options: list[LinkOption], text: str, ontology: Ontology, index: Any = None,
    counts: Mapping[str, int] | None = None,
) -> list[LinkOption]:
    """``options`` (from :func:`link_options`) ranked for typed ``text`` by name and by meaning instead.

    The link's own words are compared ("place of birth" means "birth place"),
    not its end classes, which the two picked nodes already fix.
    """
    if not (text or "").strip():
        return options
    labels = {o.link: o.label for o in options}
    ranked = {t.iri: t for t in rank_terms(text, labels, counts=counts,
                                           meaning=_meaning(index, "link_labels", text, list(labels)))}
    found = [replace(o, score=ranked[o.link].score, by=ranked[o.link].by, similarity=ranked[o.link].similarity)
             for o in options]
    return sorted(found, key=lambda o: (-o.score, _genericity(ontology, o.link), o.label, o.source))


def _genericity(ontology: Ontology, link_iri: str) -> int:
    link = ontology.get_link(link_iri)
    if link is None:
        return 2
    return (link.domain == OWL_THING) + (link.range == OWL_THING)


def edge_link_options(graph: PrototypeGraph, source: str, link: str, target: str, ontology: Ontology) -> list[str]:
    """Links an existing edge may switch to, keeping its direction, current one first."""
    edge = find_edge(graph, source, link, target)
    return [edge.link] + sorted(switchable_links(graph, edge, ontology), key=ontology.label)


# -- ranking -------------------------------------------------------------------
def _lexical_similarity(a: str, b: str) -> float:
    return fuzz.token_set_ratio(a.lower(), b.lower()) / 100.0


def _count_bonus(count: int | None, top: int) -> float:
    if not count or top <= 0:
        return 0.0
    return math.log1p(count) / math.log1p(top)

"""The choices offered to the graph editor: classes, links and attributes.

Each list holds only what the matching operation in :mod:`app.graph.edits`
accepts, so the UI never offers an edit that would be refused, and ranks it
best first (by the question, by meaning through an optional index, by how
often the ontology's terms are used).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rapidfuzz import fuzz, process

from ontology_loaders import OWL_THING, RDFS_LABEL, RDFS_LITERAL, XSD_STRING, Ontology, datatype_kind

from app.graph.edits import constraints_fit_class, find_edge, links_fit_class, require_node, switchable_links
from app.graph.model import PrototypeGraph

__all__ = [
    "ClassOption",
    "LinkOption",
    "attribute_options",
    "class_change_options",
    "class_options",
    "edge_link_options",
    "link_options",
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
class ClassOption:
    iri: str
    label: str
    score: float
    count: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"iri": self.iri, "label": self.label, "score": self.score, "count": self.count}


def class_options(
    query_text: str,
    ontology: Ontology,
    index: Any = None,
    counts: Mapping[str, int] | None = None,
    *,
    limit: int = 15,
) -> list[ClassOption]:
    """Classes matching ``query_text`` by label and by meaning, best first.

    ``index`` is an :class:`app.nl.retrieval.OntologyIndex` (optional): its cosine
    similarity joins the label match. Instance counts break near-ties, so
    classes with data come first. An empty query lists the most populated
    classes.

    >>> from ontology_loaders import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Person", label="person"),
    ...                          OntologyClass(iri="ex:Place", label="place")])
    >>> [o.label for o in class_options("persn", onto)][:1]
    ['person']
    """
    text = (query_text or "").strip()
    counts = counts or {}
    top = max(counts.values(), default=0)
    classes = {c.iri: c.label for c in ontology.classes}
    if not classes:
        return []
    scores: dict[str, float] = {}
    if text:
        labels = list(classes.items())
        matches = process.extract(
            text.lower(), [lbl.lower() for _, lbl in labels], scorer=fuzz.WRatio, limit=limit * 2
        )
        for _, score, i in matches:
            scores[labels[i][0]] = score / 100.0
        if index is not None:
            for candidate in index.search_classes(text, k=limit * 2):
                if candidate.iri in classes:
                    scores[candidate.iri] = max(scores.get(candidate.iri, 0.0), float(candidate.score))
    else:
        scores = {iri: 0.0 for iri in classes}
    ranked = [
        ClassOption(iri=iri, label=classes[iri], count=counts.get(iri),
                    score=round(0.8 * s + 0.2 * _count_bonus(counts.get(iri), top), 4))
        for iri, s in scores.items()
    ]
    ranked.sort(key=lambda o: (-o.score, o.label))
    return ranked[:limit]


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


# -- links ---------------------------------------------------------------------
@dataclass(frozen=True)
class LinkOption:
    """One link that may join two nodes, already oriented (``source`` → ``target``)."""

    link: str
    label: str
    source: str
    target: str
    score: float

    def to_dict(self) -> dict[str, Any]:
        return {"link": self.link, "label": self.label, "source": self.source, "target": self.target,
                "score": self.score}


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
            link=iri, label=label, source=s, target=t,
            score=round(0.7 * sims.get(iri, 0.0) + 0.3 * _count_bonus((counts or {}).get(iri), top), 4),
        )
        for (s, iri, t), label in found.items()
    ]
    # Specific links (narrow domain/range) before generic owl:Thing ones on ties.
    return sorted(options, key=lambda o: (-o.score, _genericity(ontology, o.link), o.label, o.source))


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

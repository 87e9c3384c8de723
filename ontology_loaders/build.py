"""Turn RDF triples (from a file or an endpoint) into an :class:`Ontology`."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

import pyoxigraph as ox

from .model import OWL_THING, RDFS_LITERAL, XSD, Attribute, Link, Ontology, OntologyClass, label_from_local_name

RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
RDFS = "http://www.w3.org/2000/01/rdf-schema#"
OWL = "http://www.w3.org/2002/07/owl#"
SKOS_PREF_LABEL = "http://www.w3.org/2004/02/skos/core#prefLabel"

RDF_TYPE = RDF + "type"
CLASS_TYPES = {OWL + "Class", RDFS + "Class"}
OBJECT_PROPERTY = OWL + "ObjectProperty"
DATATYPE_PROPERTY = OWL + "DatatypeProperty"
PLAIN_PROPERTY_TYPES = {RDF + "Property", OWL + "FunctionalProperty"}
# Classes so general that a term pointing at them says nothing.
TOP_CLASSES = {OWL_THING, RDFS + "Resource", OWL + "Class", RDFS + "Class"}
# Predicates a loader needs; an endpoint loader asks only for these.
SCHEMA_PREDICATES = (
    RDF_TYPE,
    RDFS + "subClassOf",
    RDFS + "subPropertyOf",
    RDFS + "domain",
    RDFS + "range",
    RDFS + "label",
    RDFS + "comment",
    SKOS_PREF_LABEL,
)

Triple = tuple[ox.NamedNode | ox.BlankNode, ox.NamedNode, ox.NamedNode | ox.BlankNode | ox.Literal]

__all__ = ["SCHEMA_PREDICATES", "ontology_from_triples"]


def ontology_from_triples(triples: Iterable[Triple], *, language: str = "en", sources: tuple[str, ...] = ()) -> Ontology:
    """Collect declared classes, object and datatype properties with their labels.

    Only named (IRI) terms count: blank-node class expressions such as
    ``owl:unionOf`` domains are read as owl:Thing, which keeps every link
    usable rather than silently unusable.
    """
    types: dict[str, set[str]] = defaultdict(set)
    parents: dict[str, list[str]] = defaultdict(list)
    super_properties: dict[str, list[str]] = defaultdict(list)
    domains: dict[str, list[str]] = defaultdict(list)
    ranges: dict[str, list[str]] = defaultdict(list)
    labels: dict[str, list[tuple[str | None, str]]] = defaultdict(list)
    comments: dict[str, list[tuple[str | None, str]]] = defaultdict(list)

    for subject, predicate, obj in triples:
        if not isinstance(subject, ox.NamedNode):
            continue
        s, p = subject.value, predicate.value
        if isinstance(obj, ox.Literal):
            if p in (RDFS + "label", SKOS_PREF_LABEL):
                labels[s].append((obj.language, obj.value))
            elif p == RDFS + "comment":
                comments[s].append((obj.language, obj.value))
            continue
        if not isinstance(obj, ox.NamedNode):
            if p in (RDFS + "domain", RDFS + "range"):
                (domains if p.endswith("domain") else ranges)[s].append(OWL_THING)
            continue
        o = obj.value
        if p == RDF_TYPE:
            types[s].add(o)
        elif p == RDFS + "subClassOf":
            if o != s:
                parents[s].append(o)
        elif p == RDFS + "subPropertyOf":
            if o != s:
                super_properties[s].append(o)
        elif p == RDFS + "domain":
            domains[s].append(o)
        elif p == RDFS + "range":
            ranges[s].append(o)

    class_iris = {s for s, t in types.items() if t & CLASS_TYPES} - TOP_CLASSES
    object_iris = {s for s, t in types.items() if OBJECT_PROPERTY in t}
    datatype_iris = {s for s, t in types.items() if DATATYPE_PROPERTY in t} - object_iris
    for s, t in types.items():  # RDFS-only vocabularies: decide by the range
        if t & PLAIN_PROPERTY_TYPES and s not in object_iris and s not in datatype_iris:
            rng = _first(ranges.get(s), RDFS_LITERAL if s not in ranges else OWL_THING)
            (datatype_iris if _is_datatype(rng) else object_iris).add(s)

    def text(options: list[tuple[str | None, str]] | None) -> str | None:
        return _pick_language(options or [], language)

    classes = tuple(
        OntologyClass(
            iri=iri,
            label=text(labels.get(iri)) or label_from_local_name(iri),
            comment=text(comments.get(iri)) or "",
            parents=tuple(sorted({p for p in parents.get(iri, ()) if p not in TOP_CLASSES})),
        )
        for iri in sorted(class_iris)
    )
    links = tuple(
        Link(
            iri=iri,
            label=text(labels.get(iri)) or label_from_local_name(iri),
            comment=text(comments.get(iri)) or "",
            domain=_most_specific(domains.get(iri), parents),
            range=_most_specific(ranges.get(iri), parents),
            parents=tuple(sorted(set(super_properties.get(iri, ())))),
        )
        for iri in sorted(object_iris)
    )
    attributes = tuple(
        Attribute(
            iri=iri,
            label=text(labels.get(iri)) or label_from_local_name(iri),
            comment=text(comments.get(iri)) or "",
            domain=_most_specific(domains.get(iri), parents),
            range=_first(ranges.get(iri), RDFS_LITERAL),
        )
        for iri in sorted(datatype_iris)
    )
    return Ontology(classes=classes, links=links, attributes=attributes, sources=sources)


def _pick_language(options: list[tuple[str | None, str]], language: str) -> str | None:
    """Preferred language, then its region variants, then untagged, then English, then any."""
    if not options:
        return None
    language = language.lower()

    def rank(option: tuple[str | None, str]) -> tuple[int, str]:
        tag = (option[0] or "").lower()
        if tag == language:
            return (0, option[1])
        if tag.split("-")[0] == language:
            return (1, option[1])
        if not tag:
            return (2, option[1])
        if tag.split("-")[0] == "en":
            return (3, option[1])
        return (4, option[1])

    return min(options, key=rank)[1].strip()


def _first(values: list[str] | None, default: str) -> str:
    return sorted(values)[0] if values else default


def _most_specific(values: list[str] | None, parents: dict[str, list[str]]) -> str:
    """Several rdfs:domain statements mean their intersection; the most specific one stands for it."""
    if not values:
        return OWL_THING
    candidates = sorted(set(values))
    for candidate in candidates:
        seen, stack = set(), [candidate]
        while stack:
            current = stack.pop()
            for parent in parents.get(current, ()):
                if parent not in seen:
                    seen.add(parent)
                    stack.append(parent)
        if all(other == candidate or other in seen for other in candidates):
            return candidate
    return candidates[0]


def _is_datatype(iri: str) -> bool:
    return iri.startswith(XSD) or iri in (RDFS_LITERAL, RDF + "langString", RDF + "HTML", RDF + "XMLLiteral")

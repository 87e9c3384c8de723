"""Turn RDF triples (from a file or an endpoint) into an :class:`Ontology`."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

import pyoxigraph as ox

from .model import Attribute, Link, Ontology, OntologyClass
from .vocab import (
    OWL,
    OWL_CLASS,
    OWL_THING,
    RDF,
    RDF_LANG_STRING,
    RDF_TYPE,
    RDFS,
    RDFS_COMMENT,
    RDFS_LABEL,
    RDFS_LITERAL,
    RDFS_SUBCLASS_OF,
    SKOS_PREF_LABEL,
    XSD,
    label_from_local_name,
)

RDFS_SUBPROPERTY_OF = RDFS + "subPropertyOf"
RDFS_DOMAIN = RDFS + "domain"
RDFS_RANGE = RDFS + "range"
CLASS_TYPES = {OWL_CLASS, RDFS + "Class"}
OBJECT_PROPERTY = OWL + "ObjectProperty"
DATATYPE_PROPERTY = OWL + "DatatypeProperty"
PLAIN_PROPERTY_TYPES = {RDF + "Property", OWL + "FunctionalProperty"}
# Classes so general that a term pointing at them says nothing.
TOP_CLASSES = {OWL_THING, RDFS + "Resource", OWL_CLASS, RDFS + "Class"}
# Predicates a loader needs; an endpoint loader asks only for these.
SCHEMA_PREDICATES = (
    RDF_TYPE,
    RDFS_SUBCLASS_OF,
    RDFS_SUBPROPERTY_OF,
    RDFS_DOMAIN,
    RDFS_RANGE,
    RDFS_LABEL,
    RDFS_COMMENT,
    SKOS_PREF_LABEL,
)
_DATATYPE_RANGES = (RDFS_LITERAL, RDF_LANG_STRING, RDF + "HTML", RDF + "XMLLiteral")

Triple = tuple[ox.NamedNode | ox.BlankNode, ox.NamedNode, ox.NamedNode | ox.BlankNode | ox.Literal]

__all__ = ["SCHEMA_PREDICATES", "ontology_from_triples"]


def ontology_from_triples(triples: Iterable[Triple], *, language: str = "en", sources: tuple[str, ...] = ()) -> Ontology:
    """Collect declared classes, object and datatype properties with their labels.

    Only named (IRI) terms count: blank-node class expressions such as
    ``owl:unionOf`` domains are read as owl:Thing, which keeps every link
    usable rather than silently unusable.
    """
    facts = _Facts()
    for triple in triples:
        facts.add(*triple)
    class_iris = {s for s, t in facts.types.items() if t & CLASS_TYPES} - TOP_CLASSES
    object_iris, datatype_iris = _property_iris(facts)
    by_lower = {iri.lower(): iri for iri in class_iris}
    parents = _mend_parent_case(facts.parents, class_iris, by_lower)

    def end(values: list[str] | None) -> str:
        return _most_specific([_as_declared(v, class_iris, by_lower, parents) for v in values or ()], parents)

    def label(iri: str) -> str:
        return _pick_language(facts.labels.get(iri, []), language) or label_from_local_name(iri)

    def comment(iri: str) -> str:
        return _pick_language(facts.comments.get(iri, []), language) or ""

    classes = tuple(
        OntologyClass(
            iri=iri, label=label(iri), comment=comment(iri),
            parents=tuple(sorted({p for p in parents.get(iri, ()) if p not in TOP_CLASSES})),
        )
        for iri in sorted(class_iris)
    )
    links = tuple(
        Link(
            iri=iri, label=label(iri), comment=comment(iri),
            domain=end(facts.domains.get(iri)), range=end(facts.ranges.get(iri)),
            parents=tuple(sorted(set(facts.super_properties.get(iri, ())))),
        )
        for iri in sorted(object_iris)
    )
    attributes = tuple(
        Attribute(
            iri=iri, label=label(iri), comment=comment(iri),
            domain=end(facts.domains.get(iri)),
            range=_first(facts.ranges.get(iri), RDFS_LITERAL),
        )
        for iri in sorted(datatype_iris)
    )
    return Ontology(classes=classes, links=links, attributes=attributes, sources=sources)


def _mend_parent_case(parents: dict[str, list[str]], class_iris: set[str],
                      by_lower: dict[str, str]) -> dict[str, list[str]]:
    """Parents as declared, but one that names no class and differs from a class only in case is that class.

    DBpedia states dbo:Novel ⊑ dbo:book, Hospital ⊑ building and Cartoon ⊑ work; no such classes exist,
    so novels were no written works and no link of a work (author) joined them.

    >>> classes = {"ex:Novel", "ex:Book", "ex:Work"}
    >>> _mend_parent_case({"ex:Novel": ["ex:book"], "ex:Book": ["ex:Work"]}, classes, {c.lower(): c for c in classes})
    {'ex:Novel': ['ex:Book'], 'ex:Book': ['ex:Work']}
    """
    return {child: [p if p in class_iris else by_lower.get(p.lower(), p) for p in found]
            for child, found in parents.items()}


def _as_declared(end: str, class_iris: set[str], by_lower: dict[str, str], parents: dict[str, list[str]]) -> str:
    """A domain or range naming no class, read as the class it was meant to be: one differing only in case
    (DBpedia's "company"), or, for names of classes joined by commas ("Organisation,_PopulatedPlace", how
    DBpedia writes a union), the most specific class above them all.

    >>> classes = {"ex:Agent", "ex:Person", "ex:Company"}
    >>> tree, lower = {"ex:Person": ["ex:Agent"], "ex:Company": ["ex:Agent"]}, {c.lower(): c for c in classes}
    >>> _as_declared("ex:company", classes, lower, tree), _as_declared("ex:Person,_Company", classes, lower, tree)
    ('ex:Company', 'ex:Agent')
    >>> _as_declared("ex:Person,_Mountain", classes, lower, tree), _as_declared("ex:Unknown", classes, lower, tree)
    ('ex:Person,_Mountain', 'ex:Unknown')
    """
    if end in class_iris or end in TOP_CLASSES:
        return end
    if end.lower() in by_lower:
        return by_lower[end.lower()]
    cut = max(end.rfind("/"), end.rfind("#"), end.rfind(":")) + 1
    parts = [end[:cut] + part.strip("_ ") for part in end[cut:].split(",")]
    if len(parts) < 2 or not all(part in class_iris for part in parts):
        return end
    above = [_with_ancestors(part, parents) for part in parts]
    shared = set.intersection(*above) - TOP_CLASSES
    # the most specific shared class has the most classes above it
    return max(sorted(shared), key=lambda c: len(_with_ancestors(c, parents)), default=OWL_THING)


def _with_ancestors(class_iri: str, parents: dict[str, list[str]]) -> set[str]:
    """The class and every class above it, as declared (cycles tolerated)."""
    seen, stack = {class_iri}, [class_iri]
    while stack:
        for parent in parents.get(stack.pop(), ()):
            if parent not in seen:
                seen.add(parent)
                stack.append(parent)
    return seen


@dataclass
class _Facts:
    """What the triples state about each named subject, gathered in one pass."""

    types: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    parents: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    super_properties: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    domains: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    ranges: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    labels: dict[str, list[tuple[str | None, str]]] = field(default_factory=lambda: defaultdict(list))
    comments: dict[str, list[tuple[str | None, str]]] = field(default_factory=lambda: defaultdict(list))

    def add(self, subject: ox.NamedNode | ox.BlankNode, predicate: ox.NamedNode, obj: object) -> None:
        if not isinstance(subject, ox.NamedNode):
            return
        s, p = subject.value, predicate.value
        if isinstance(obj, ox.Literal):
            if p in (RDFS_LABEL, SKOS_PREF_LABEL):
                self.labels[s].append((obj.language, obj.value))
            elif p == RDFS_COMMENT:
                self.comments[s].append((obj.language, obj.value))
            return
        if not isinstance(obj, ox.NamedNode):
            if p in (RDFS_DOMAIN, RDFS_RANGE):
                (self.domains if p == RDFS_DOMAIN else self.ranges)[s].append(OWL_THING)
            return
        o = obj.value
        if p == RDF_TYPE:
            self.types[s].add(o)
        elif p == RDFS_SUBCLASS_OF:
            if o != s:
                self.parents[s].append(o)
        elif p == RDFS_SUBPROPERTY_OF:
            if o != s:
                self.super_properties[s].append(o)
        elif p == RDFS_DOMAIN:
            self.domains[s].append(o)
        elif p == RDFS_RANGE:
            self.ranges[s].append(o)


def _property_iris(facts: _Facts) -> tuple[set[str], set[str]]:
    """Object and datatype properties; a plain rdf:Property is sorted by its range."""
    object_iris = {s for s, t in facts.types.items() if OBJECT_PROPERTY in t}
    datatype_iris = {s for s, t in facts.types.items() if DATATYPE_PROPERTY in t} - object_iris
    for s, t in facts.types.items():  # RDFS-only vocabularies: decide by the range
        if t & PLAIN_PROPERTY_TYPES and s not in object_iris and s not in datatype_iris:
            rng = _first(facts.ranges.get(s), RDFS_LITERAL if s not in facts.ranges else OWL_THING)
            (datatype_iris if _is_datatype(rng) else object_iris).add(s)
    return object_iris, datatype_iris


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
        above = _with_ancestors(candidate, parents)
        if all(other in above for other in candidates):
            return candidate
    return candidates[0]


def _is_datatype(iri: str) -> bool:
    return iri.startswith(XSD) or iri in _DATATYPE_RANGES

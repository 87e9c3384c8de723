"""The one ontology model shared by every layer above.

An :class:`Ontology` is immutable once built: loaders produce it, everything
else only reads it. The subclass closure and the link indexes are computed
once, at construction, because ``links_between`` is called on every edit in
the UI and on every candidate pair in the pipeline.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable
from functools import cached_property

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from .vocab import OWL_THING, RDFS_LITERAL, label_from_local_name

__all__ = ["Attribute", "Link", "Ontology", "OntologyClass"]


class _Term(BaseModel):
    model_config = ConfigDict(frozen=True)

    iri: str
    label: str
    comment: str = ""


class OntologyClass(_Term):
    parents: tuple[str, ...] = ()


class Link(_Term):
    """An object property. A missing domain or range is stored as owl:Thing."""

    domain: str = OWL_THING
    range: str = OWL_THING
    parents: tuple[str, ...] = ()


class Attribute(_Term):
    """A datatype property; ``range`` is an XSD datatype IRI (rdfs:Literal if unknown)."""

    domain: str = OWL_THING
    range: str = RDFS_LITERAL


class Ontology(BaseModel):
    """Classes, links (object properties) and attributes (datatype properties).

    >>> onto = Ontology(
    ...     classes=[OntologyClass(iri="ex:Person", label="person"),
    ...              OntologyClass(iri="ex:Athlete", label="athlete", parents=("ex:Person",)),
    ...              OntologyClass(iri="ex:Place", label="place")],
    ...     links=[Link(iri="ex:birthPlace", label="birth place", domain="ex:Person", range="ex:Place")],
    ... )
    >>> onto.is_subclass("ex:Athlete", "ex:Person")
    True
    >>> [link.iri for link in onto.links_between("ex:Athlete", "ex:Place")]
    ['ex:birthPlace']
    >>> onto.links_between("ex:Place", "ex:Athlete")
    []
    """

    model_config = ConfigDict(frozen=True)

    classes: tuple[OntologyClass, ...] = ()
    links: tuple[Link, ...] = ()
    attributes: tuple[Attribute, ...] = ()
    sources: tuple[str, ...] = Field(default=(), description="Files or endpoints it was loaded from.")

    _class_by_iri: dict[str, OntologyClass] = PrivateAttr(default_factory=dict)
    _link_by_iri: dict[str, Link] = PrivateAttr(default_factory=dict)
    _attribute_by_iri: dict[str, Attribute] = PrivateAttr(default_factory=dict)
    _ancestors: dict[str, frozenset[str]] = PrivateAttr(default_factory=dict)
    _descendants: dict[str, frozenset[str]] = PrivateAttr(default_factory=dict)
    _links_by_domain: dict[str, tuple[Link, ...]] = PrivateAttr(default_factory=dict)
    _attributes_by_domain: dict[str, tuple[Attribute, ...]] = PrivateAttr(default_factory=dict)

    def model_post_init(self, __context: object) -> None:
        self._class_by_iri = {c.iri: c for c in self.classes}
        self._link_by_iri = {p.iri: p for p in self.links}
        self._attribute_by_iri = {a.iri: a for a in self.attributes}
        self._ancestors = _transitive_closure({c.iri: c.parents for c in self.classes})
        children: dict[str, set[str]] = defaultdict(set)
        for iri, ancestors in self._ancestors.items():
            for ancestor in ancestors:
                children[ancestor].add(iri)
        self._descendants = {iri: frozenset(children.get(iri, ())) | {iri} for iri in self._class_by_iri}
        self._descendants[OWL_THING] = frozenset(self._class_by_iri) | {OWL_THING}
        by_domain: dict[str, list[Link]] = defaultdict(list)
        for link in self.links:
            by_domain[link.domain].append(link)
        self._links_by_domain = {k: tuple(v) for k, v in by_domain.items()}
        attrs: dict[str, list[Attribute]] = defaultdict(list)
        for attribute in self.attributes:
            attrs[attribute.domain].append(attribute)
        self._attributes_by_domain = {k: tuple(v) for k, v in attrs.items()}

    # -- lookups -----------------------------------------------------------
    def get_class(self, iri: str) -> OntologyClass | None:
        return self._class_by_iri.get(iri)

    def get_link(self, iri: str) -> Link | None:
        return self._link_by_iri.get(iri)

    def get_attribute(self, iri: str) -> Attribute | None:
        return self._attribute_by_iri.get(iri)

    def has_class(self, iri: str) -> bool:
        return iri in self._class_by_iri or iri == OWL_THING

    def label(self, iri: str) -> str:
        """The label of any term of this ontology, or one derived from the IRI."""
        term = self._class_by_iri.get(iri) or self._link_by_iri.get(iri) or self._attribute_by_iri.get(iri)
        return term.label if term else label_from_local_name(iri)

    # -- hierarchy ---------------------------------------------------------
    def ancestors(self, iri: str) -> frozenset[str]:
        """``iri`` itself, every transitive parent, and owl:Thing."""
        return self._ancestors.get(iri, frozenset({iri, OWL_THING}))

    def descendants(self, iri: str) -> frozenset[str]:
        """``iri`` itself and every transitive subclass."""
        return self._descendants.get(iri, frozenset({iri}))

    def is_subclass(self, sub: str, sup: str) -> bool:
        """Reflexive, transitive rdfs:subClassOf; everything is a subclass of owl:Thing."""
        return sup in self.ancestors(sub)

    def subclass_edge_count(self) -> int:
        return sum(len(c.parents) for c in self.classes)

    # -- links and attributes ---------------------------------------------
    def links_between(self, source_class: str, target_class: str) -> list[Link]:
        """Every link valid from ``source_class`` to ``target_class``.

        A link applies when its domain is an ancestor of the source class and
        its range an ancestor of the target class (owl:Thing when unstated).
        """
        target_ancestors = self.ancestors(target_class)
        found: list[Link] = []
        for domain in self.ancestors(source_class):
            for link in self._links_by_domain.get(domain, ()):
                if link.range in target_ancestors:
                    found.append(link)
        return sorted(found, key=lambda link: link.iri)

    def links_from(self, source_class: str) -> list[Link]:
        """Every link whose domain admits ``source_class``."""
        found = [link for d in self.ancestors(source_class) for link in self._links_by_domain.get(d, ())]
        return sorted(found, key=lambda link: link.iri)

    def link_fits(self, link_iri: str, source_class: str, target_class: str) -> bool:
        link = self._link_by_iri.get(link_iri)
        return bool(link) and self.is_subclass(source_class, link.domain) and self.is_subclass(target_class, link.range)

    def attributes_of(self, class_iri: str) -> list[Attribute]:
        """Every datatype property a ``class_iri`` instance may carry, through the hierarchy."""
        found = [a for d in self.ancestors(class_iri) for a in self._attributes_by_domain.get(d, ())]
        return sorted(found, key=lambda a: a.iri)

    # -- identity ------------------------------------------------------------
    @cached_property
    def fingerprint(self) -> str:
        """A stable hash of the content, used to key on-disk caches."""
        return hashlib.sha256(self.model_dump_json(exclude={"sources"}).encode()).hexdigest()[:16]

    def stats(self) -> dict[str, int]:
        return {
            "classes": len(self.classes),
            "object_properties": len(self.links),
            "datatype_properties": len(self.attributes),
            "subclass_edges": self.subclass_edge_count(),
        }


def _transitive_closure(parents: dict[str, Iterable[str]]) -> dict[str, frozenset[str]]:
    """Ancestors of every node, tolerating cycles (an iterative DFS with memo)."""
    closure: dict[str, frozenset[str]] = {}
    for start in parents:
        if start in closure:
            continue
        seen = {start}
        stack = [start]
        while stack:
            current = stack.pop()
            known = closure.get(current)
            if known is not None and current != start:
                seen |= known
                continue
            for parent in parents.get(current, ()):
                if parent not in seen:
                    seen.add(parent)
                    stack.append(parent)
        closure[start] = frozenset(seen | {OWL_THING})
    return closure

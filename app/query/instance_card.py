"""One instance at a glance: its label, classes, attributes, and links in and out with counts.

The card is a handful of small SELECTs (a DESCRIBE that reads as rows), each with
its own LIMIT so that a hub such as a country cannot flood the page: links are
grouped and counted by the knowledge graph, and only a few neighbours per
direction come back by name. :func:`use_in_query` pins the instance to a node of
a prototype graph, adding a node of its class when no node fits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.errors import EditError
from app.graph.edits import add_node, pin_instances, require_node
from app.graph.model import PrototypeGraph
from app.query.engine import KnowledgeGraph
from app.query.run import run_query
from app.query.sparql_results import SparqlResults
from app.query.terms import LANGUAGE_TAG, check_iri
from ontology_loaders import Ontology, instance_label, label_from_local_name
from ontology_loaders.vocab import OWL_THING, RDF_TYPE, RDFS_LABEL

__all__ = [
    "Attribute",
    "InstanceCard",
    "LinkGroup",
    "Neighbour",
    "fitting_nodes",
    "instance_card",
    "instance_classes",
    "most_specific_class",
    "use_in_query",
]

#: Rows per section of the card: attributes, link groups, and neighbours shown by name.
SECTION_LIMIT = 20


@dataclass(frozen=True)
class Neighbour:
    iri: str
    label: str


@dataclass(frozen=True)
class LinkGroup:
    """Every link of one property in one direction: how many, and the first few neighbours."""

    link: str
    label: str
    count: int
    neighbours: tuple[Neighbour, ...] = ()


@dataclass(frozen=True)
class Attribute:
    property: str
    label: str
    value: str
    datatype: str | None = None


@dataclass(frozen=True)
class InstanceCard:
    iri: str
    label: str
    classes: tuple[str, ...]
    attributes: tuple[Attribute, ...]
    links_out: tuple[LinkGroup, ...]
    links_in: tuple[LinkGroup, ...]
    more_attributes: bool = False  # the attribute section was cut at its limit

    @property
    def neighbours(self) -> list[Neighbour]:
        """Every neighbour shown, out-links first, each once."""
        seen: dict[str, Neighbour] = {}
        for group in (*self.links_out, *self.links_in):
            for neighbour in group.neighbours:
                seen.setdefault(neighbour.iri, neighbour)
        return list(seen.values())


def _label_filter(var: str, language: str | None) -> str:
    if language and LANGUAGE_TAG.match(language):
        return f'FILTER(lang(?{var}) = "" || langMatches(lang(?{var}), "{language}"))'
    return ""


def _queries(subject: str, language: str | None, limit: int) -> dict[str, str]:
    """The card's SELECTs for ``subject`` (already written as ``<iri>``)."""
    label = f"<{RDFS_LABEL}>"
    kind = f"<{RDF_TYPE}>"
    return {
        "head": f"SELECT ?type ?label WHERE {{ {{ {subject} {kind} ?type }} UNION "
                f"{{ {subject} {label} ?label {_label_filter('label', language)} }} }} LIMIT {limit * 5}",
        "attributes": f"SELECT ?p ?o WHERE {{ {subject} ?p ?o FILTER(isLiteral(?o) && ?p != {label}) }} "
                      f"ORDER BY ?p ?o LIMIT {limit + 1}",
        "out_counts": f"SELECT ?p (COUNT(DISTINCT ?o) AS ?n) WHERE {{ {subject} ?p ?o "
                      f"FILTER(!isLiteral(?o) && ?p != {kind}) }} GROUP BY ?p ORDER BY DESC(?n) ?p LIMIT {limit}",
        "in_counts": f"SELECT ?p (COUNT(DISTINCT ?o) AS ?n) WHERE {{ ?o ?p {subject} }} "
                     f"GROUP BY ?p ORDER BY DESC(?n) ?p LIMIT {limit}",
        "out": f"SELECT ?p ?o (SAMPLE(?l) AS ?label) WHERE {{ {subject} ?p ?o FILTER(isIRI(?o) && ?p != {kind}) "
               f"OPTIONAL {{ ?o {label} ?l {_label_filter('l', language)} }} }} GROUP BY ?p ?o ORDER BY ?p ?o "
               f"LIMIT {limit}",
        "in": f"SELECT ?p ?o (SAMPLE(?l) AS ?label) WHERE {{ ?o ?p {subject} FILTER(isIRI(?o)) "
              f"OPTIONAL {{ ?o {label} ?l {_label_filter('l', language)} }} }} GROUP BY ?p ?o ORDER BY ?p ?o "
              f"LIMIT {limit}",
    }


def _value(row: dict, var: str) -> str | None:
    term = row.get(var)
    return term.get("value") if term else None


def _groups(counts: SparqlResults, examples: SparqlResults, name) -> tuple[LinkGroup, ...]:
    shown: dict[str, list[Neighbour]] = {}
    for row in examples.bindings:
        iri = _value(row, "o")
        shown.setdefault(_value(row, "p") or "", []).append(Neighbour(iri, _value(row, "label") or instance_label(iri)))
    groups = []
    for row in counts.bindings:
        link = _value(row, "p") or ""
        groups.append(LinkGroup(link, name(link), int(_value(row, "n") or 0), tuple(shown.get(link, ()))))
    return tuple(groups)


def instance_card(iri: str, *, store: KnowledgeGraph, ontology: Ontology | None = None, language: str | None = "en",
                  limit: int = SECTION_LIMIT, timeout: float | None = None) -> InstanceCard:
    """What the knowledge graph says about ``iri``, each section cut at ``limit`` rows.

    :raises GraphCompileError: when ``iri`` is not an IRI.
    """
    subject = check_iri(iri, "instance")
    queries = _queries(subject, language, limit)
    rows = {name: run_query(query, store=store, timeout=timeout) for name, query in queries.items()}

    def name(term: str) -> str:
        return ontology.label(term) if ontology is not None else label_from_local_name(term)

    head = rows["head"].bindings
    classes = tuple(dict.fromkeys(v for r in head if (v := _value(r, "type"))))
    labels = [r["label"] for r in head if "label" in r]
    preferred = next((t["value"] for t in labels if t.get("xml:lang", "").startswith(language or "-")), None)
    label = preferred or (labels[0]["value"] if labels else instance_label(iri))
    attributes = tuple(
        Attribute(p, name(p), _value(r, "o") or "", (r.get("o") or {}).get("datatype"))
        for r in rows["attributes"].bindings[:limit] if (p := _value(r, "p"))
    )
    return InstanceCard(
        iri=iri, label=label, classes=classes, attributes=attributes,
        links_out=_groups(rows["out_counts"], rows["out"], name),
        links_in=_groups(rows["in_counts"], rows["in"], name),
        more_attributes=len(rows["attributes"].bindings) > limit,
    )


# -- pulling an instance into the query ---------------------------------------------------


def instance_classes(iri: str, *, store: KnowledgeGraph, limit: int = SECTION_LIMIT * 5,
                     timeout: float | None = None) -> tuple[str, ...]:
    """The classes ``iri`` is an instance of (its ``rdf:type`` values)."""
    query = f"SELECT DISTINCT ?type WHERE {{ {check_iri(iri, 'instance')} <{RDF_TYPE}> ?type }} LIMIT {limit}"
    return tuple(v for r in run_query(query, store=store, timeout=timeout).bindings if (v := _value(r, "type")))


def most_specific_class(classes: Sequence[str], ontology: Ontology) -> str | None:
    """The instance's class that the ontology knows and no other of its known classes specialises.

    >>> from ontology_loaders import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Agent", label="agent"),
    ...                        OntologyClass(iri="ex:Person", label="person", parents=["ex:Agent"])])
    >>> most_specific_class(["ex:Agent", "ex:Person", "ex:Unknown"], onto)
    'ex:Person'
    """
    known = [c for c in classes if ontology.has_class(c) and c != OWL_THING]
    leaves = [c for c in known if not any(o != c and ontology.is_subclass(o, c) for o in known)]
    return leaves[0] if leaves else None


def _fits(node_class: str, classes: Sequence[str], ontology: Ontology | None) -> bool:
    if node_class in classes or node_class == OWL_THING:
        return True
    return ontology is not None and any(ontology.is_subclass(c, node_class) for c in classes)


def fitting_nodes(graph: PrototypeGraph, classes: Sequence[str], ontology: Ontology | None = None) -> list[str]:
    """Ids of the graph's nodes an instance of ``classes`` can stand for."""
    return [n.id for n in graph.nodes if _fits(n.class_, classes, ontology)]


def use_in_query(graph: PrototypeGraph, iri: str, classes: Sequence[str], ontology: Ontology, *,
                 node_id: str | None = None) -> tuple[PrototypeGraph, str]:
    """Pin ``iri`` to ``node_id`` (which must fit its classes), or to a new node of its most specific class.

    Returns the new graph and the id of the pinned node.

    :raises EditError: when the node does not fit the instance or the instance has no class of the ontology.
    """
    if node_id is not None:
        node = require_node(graph, node_id)
        if not _fits(node.class_, classes, ontology):
            raise EditError(f"{instance_label(iri)} is not a {ontology.label(node.class_)}")
        return pin_instances(graph, node_id, [iri]), node_id
    class_iri = most_specific_class(classes, ontology)
    if class_iri is None:
        raise EditError(f"{instance_label(iri)} has no class of the ontology, so no node can stand for it")
    added = add_node(graph, class_iri, ontology)
    new_id = added.nodes[-1].id
    return pin_instances(added, new_id, [iri]), new_id

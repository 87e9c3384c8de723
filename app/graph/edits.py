"""Edit operations on a prototype graph: pure, each returning a new graph.

The web app calls these from thin callbacks; they are the only place where a
graph changes by hand. Every operation keeps the graph valid against the
ontology, and the ``*_options`` functions list only the choices that keep it
valid, so the UI never offers what an operation would refuse.

Undo and redo live in :class:`History`, plain JSON-able data that fits in a
``dcc.Store``: each browser session carries its own.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ontology_loaders.model import OWL_THING, XSD, Ontology

from app.errors import EditError
from app.graph.model import Constraint, ConstraintOp, Edge, Node, PrototypeGraph, make_node_id

__all__ = [
    "ClassOption",
    "DatatypeKind",
    "EditError",
    "History",
    "LinkOption",
    "add_edge",
    "add_node",
    "attribute_options",
    "can_flip",
    "change_class",
    "change_link",
    "class_change_options",
    "class_options",
    "clear",
    "constraint_ops",
    "datatype_kind",
    "edge_link_options",
    "find_edge",
    "flip_edge",
    "link_options",
    "make_constraint",
    "pin_instances",
    "remove_edge",
    "remove_node",
    "set_constraints",
    "set_edge_flags",
    "set_include_subclasses",
    "set_select",
]

# Every node can be named: the compiler and validator accept rdfs:label on any class.
LABEL_PROPERTY = "http://www.w3.org/2000/01/rdf-schema#label"
RDFS_LITERAL = "http://www.w3.org/2000/01/rdf-schema#Literal"



# -- small helpers -------------------------------------------------------------
def _node(graph: PrototypeGraph, node_id: str) -> Node:
    node = graph.node(node_id)
    if node is None:
        raise EditError(f"there is no node {node_id!r}")
    return node


def _replace_node(graph: PrototypeGraph, node: Node) -> PrototypeGraph:
    return graph.model_copy(update={"nodes": tuple(node if n.id == node.id else n for n in graph.nodes)})


def _update_node(graph: PrototypeGraph, node_id: str, **changes: Any) -> PrototypeGraph:
    node = _node(graph, node_id)
    # model_copy skips validation; rebuilding through model_validate keeps the frozen model honest.
    data = node.model_dump(by_alias=True)
    data.update({("class" if k == "class_" else k): v for k, v in changes.items()})
    return _replace_node(graph, Node.model_validate(data))


def find_edge(graph: PrototypeGraph, source: str, link: str, target: str) -> Edge:
    """The edge with these ends and link, or :class:`EditError`."""
    for edge in graph.edges:
        if (edge.source, edge.link, edge.target) == (source, link, target):
            return edge
    raise EditError(f"there is no edge {source} → {target}")


def _replace_edge(graph: PrototypeGraph, old: Edge, new: Edge | None) -> PrototypeGraph:
    edges = []
    for edge in graph.edges:
        if edge == old:
            if new is not None:
                edges.append(new)
        else:
            edges.append(edge)
    return PrototypeGraph.model_validate({**graph.model_dump(mode="json"), "edges": [e.model_dump() for e in edges]})


# -- nodes ---------------------------------------------------------------------
def add_node(
    graph: PrototypeGraph, class_iri: str, ontology: Ontology, *, node_id: str | None = None
) -> PrototypeGraph:
    """A new, unconnected node of ``class_iri``; its id is readable and unused.

    >>> from ontology_loaders.model import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Person", label="person")])
    >>> g = add_node(add_node(PrototypeGraph(), "ex:Person", onto), "ex:Person", onto)
    >>> g.node_ids
    ['person_1', 'person_2']
    """
    if not ontology.has_class(class_iri):
        raise EditError(f"{class_iri} is not a class of the ontology")
    label = ontology.label(class_iri)
    taken = set(graph.node_ids)
    if node_id is None:
        node_id = make_node_id(label, taken)
    elif node_id in taken:
        raise EditError(f"the id {node_id!r} is taken")
    node = Node.model_validate({"id": node_id, "class": class_iri, "label": label})
    return graph.model_copy(update={"nodes": (*graph.nodes, node)})


def remove_node(graph: PrototypeGraph, node_id: str) -> PrototypeGraph:
    """The graph without ``node_id``, its edges, and query modifiers that named it."""
    _node(graph, node_id)
    data = graph.model_dump(mode="json")
    data["nodes"] = [n for n in data["nodes"] if n["id"] != node_id]
    data["edges"] = [e for e in data["edges"] if node_id not in (e["source"], e["target"])]
    aggregation = data.get("aggregation")
    if aggregation:
        if aggregation["count"] == node_id:
            data["aggregation"] = None
        else:
            aggregation["group_by"] = [g for g in aggregation["group_by"] if g != node_id]
    data["order_by"] = [o for o in data["order_by"] if o["node"] != node_id]
    return PrototypeGraph.model_validate(data)


def clear(graph: PrototypeGraph | None = None) -> PrototypeGraph:
    """An empty graph (kept as a function so "clear" is an edit like any other)."""
    return PrototypeGraph()


def _incident_edges_fit(graph: PrototypeGraph, node_id: str, class_iri: str, ontology: Ontology) -> bool:
    classes = {n.id: n.class_ for n in graph.nodes}
    classes[node_id] = class_iri
    return all(
        ontology.link_fits(e.link, classes[e.source], classes[e.target])
        for e in graph.edges
        if node_id in (e.source, e.target)
    )


def _constraints_fit(node: Node, class_iri: str, ontology: Ontology) -> bool:
    allowed = {a.iri for a in ontology.attributes_of(class_iri)} | {LABEL_PROPERTY}
    return all(c.property in allowed for c in node.constraints)


def class_change_options(graph: PrototypeGraph, node_id: str, ontology: Ontology) -> dict[str, list[str]]:
    """The classes a node may change to: ``{"parents": [...], "children": [...]}``.

    Direct parents and direct subclasses only (one step at a time keeps the
    choice short), and only those that keep every edge and constraint of the
    node valid. Specialising always does; generalising may not.
    """
    node = _node(graph, node_id)
    current = node.class_
    parents = [p for p in (ontology.get_class(current).parents if ontology.get_class(current) else ())]
    parents = [p for p in parents if p != OWL_THING and ontology.has_class(p)]
    children = [c.iri for c in ontology.classes if current in c.parents]
    fits = [
        p for p in parents
        if _incident_edges_fit(graph, node_id, p, ontology) and _constraints_fit(node, p, ontology)
    ]
    return {
        "parents": sorted(fits, key=ontology.label),
        "children": sorted(
            (c for c in children if _incident_edges_fit(graph, node_id, c, ontology)), key=ontology.label
        ),
    }


def change_class(graph: PrototypeGraph, node_id: str, class_iri: str, ontology: Ontology) -> PrototypeGraph:
    """Specialise or generalise a node's class; refuses a class that would break an edge or constraint."""
    node = _node(graph, node_id)
    if class_iri == node.class_:
        return graph
    if not ontology.has_class(class_iri):
        raise EditError(f"{class_iri} is not a class of the ontology")
    if not (ontology.is_subclass(class_iri, node.class_) or ontology.is_subclass(node.class_, class_iri)):
        raise EditError(
            f"{ontology.label(class_iri)} is neither a subclass nor a parent of {ontology.label(node.class_)}"
        )
    if not _incident_edges_fit(graph, node_id, class_iri, ontology):
        raise EditError(f"a link of {node_id} does not fit a {ontology.label(class_iri)}")
    if not _constraints_fit(node, class_iri, ontology):
        raise EditError(f"a constraint of {node_id} does not apply to a {ontology.label(class_iri)}")
    return _update_node(graph, node_id, class_=class_iri, label=ontology.label(class_iri))


def set_select(graph: PrototypeGraph, node_id: str, select: bool) -> PrototypeGraph:
    return _update_node(graph, node_id, select=bool(select))


def set_include_subclasses(graph: PrototypeGraph, node_id: str, include: bool) -> PrototypeGraph:
    return _update_node(graph, node_id, include_subclasses=bool(include))


_IRI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:[^\s<>\"{}|\\^`]+$")


def pin_instances(graph: PrototypeGraph, node_id: str, instances: Iterable[str]) -> PrototypeGraph:
    """Pin a node to these instance IRIs (an empty list unpins it)."""
    instances = tuple(dict.fromkeys(i.strip() for i in instances if i and i.strip()))
    bad = [i for i in instances if not _IRI.match(i)]
    if bad:
        raise EditError(f"not an IRI: {bad[0]!r}")
    return _update_node(graph, node_id, instances=instances)


# -- constraints ---------------------------------------------------------------
class DatatypeKind(str, Enum):
    TEXT = "text"
    NUMBER = "number"
    DATE = "date"
    BOOLEAN = "boolean"


_NUMBER_TYPES = {
    "integer", "int", "long", "short", "byte", "decimal", "double", "float", "nonNegativeInteger",
    "positiveInteger", "negativeInteger", "nonPositiveInteger", "unsignedInt", "unsignedLong",
    "unsignedShort", "unsignedByte",
}
_DATE_TYPES = {"date", "dateTime", "gYear", "gYearMonth", "dateTimeStamp", "time"}


def datatype_kind(datatype: str | None) -> DatatypeKind:
    """Which editor a datatype needs.

    >>> datatype_kind("http://www.w3.org/2001/XMLSchema#nonNegativeInteger").value
    'number'
    >>> datatype_kind("http://www.w3.org/2001/XMLSchema#gYear").value
    'date'
    >>> datatype_kind(None).value
    'text'
    """
    if not datatype or not datatype.startswith(XSD):
        # Units such as dbpedia's <datatype/squareKilometre> are numbers in practice.
        if datatype and datatype.startswith("http://dbpedia.org/datatype/"):
            return DatatypeKind.NUMBER
        return DatatypeKind.TEXT
    name = datatype[len(XSD):]
    if name in _NUMBER_TYPES:
        return DatatypeKind.NUMBER
    if name in _DATE_TYPES:
        return DatatypeKind.DATE
    if name == "boolean":
        return DatatypeKind.BOOLEAN
    return DatatypeKind.TEXT


_OPS_BY_KIND: dict[DatatypeKind, tuple[ConstraintOp, ...]] = {
    DatatypeKind.TEXT: (ConstraintOp.EQ, ConstraintOp.NE, ConstraintOp.CONTAINS, ConstraintOp.STARTSWITH,
                        ConstraintOp.REGEX, ConstraintOp.LANG),
    DatatypeKind.NUMBER: (ConstraintOp.EQ, ConstraintOp.NE, ConstraintOp.LT, ConstraintOp.LE, ConstraintOp.GT,
                          ConstraintOp.GE),
    DatatypeKind.DATE: (ConstraintOp.EQ, ConstraintOp.NE, ConstraintOp.LT, ConstraintOp.LE, ConstraintOp.GT,
                        ConstraintOp.GE),
    DatatypeKind.BOOLEAN: (ConstraintOp.EQ, ConstraintOp.NE),
}


def constraint_ops(datatype: str | None) -> tuple[ConstraintOp, ...]:
    """The operators that make sense for a datatype."""
    return _OPS_BY_KIND[datatype_kind(datatype)]


def attribute_options(ontology: Ontology, class_iri: str) -> list[dict[str, str]]:
    """``[{"iri", "label", "datatype", "kind"}]`` for the attributes a class can carry, name first."""
    options = [{"iri": LABEL_PROPERTY, "label": "name (label)", "datatype": XSD + "string", "kind": "text"}]
    seen = {LABEL_PROPERTY}
    for attribute in sorted(ontology.attributes_of(class_iri), key=lambda a: a.label.lower()):
        if attribute.iri in seen:
            continue
        seen.add(attribute.iri)
        datatype = attribute.range if attribute.range != RDFS_LITERAL else XSD + "string"
        options.append({
            "iri": attribute.iri, "label": attribute.label, "datatype": datatype,
            "kind": datatype_kind(datatype).value,
        })
    return options


_DATE_RE = re.compile(r"^-?\d{4}(-\d{2}(-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?)?)?$")


def make_constraint(property_iri: str, op: str, value: Any, datatype: str | None) -> Constraint:
    """A constraint whose value has been checked and typed for its datatype.

    >>> make_constraint("ex:pop", ">", "1000", "http://www.w3.org/2001/XMLSchema#integer").value
    1000
    >>> make_constraint("ex:alive", "=", "true", "http://www.w3.org/2001/XMLSchema#boolean").value
    True
    """
    try:
        operator = ConstraintOp(op)
    except ValueError:
        raise EditError(f"unknown operator {op!r}") from None
    kind = datatype_kind(datatype)
    if operator not in _OPS_BY_KIND[kind]:
        raise EditError(f"{operator.value!r} does not apply to a {kind.value} value")
    if value is None or (isinstance(value, str) and not value.strip()):
        raise EditError("the value is empty")
    typed: str | int | float | bool
    if kind is DatatypeKind.NUMBER:
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise EditError(f"{value!r} is not a number") from None
        if not math.isfinite(number):
            raise EditError(f"{value!r} is not a finite number")
        typed = int(number) if number.is_integer() and "." not in str(value) else number
    elif kind is DatatypeKind.BOOLEAN:
        text = str(value).strip().lower()
        if text not in {"true", "false", "1", "0", "yes", "no"}:
            raise EditError(f"{value!r} is not true or false")
        typed = text in {"true", "1", "yes"}
    elif kind is DatatypeKind.DATE:
        typed = str(value).strip()
        if not _DATE_RE.match(typed):
            raise EditError(f"{value!r} is not a date (YYYY, YYYY-MM or YYYY-MM-DD)")
    else:
        typed = str(value)
    return Constraint(property=property_iri, op=operator, value=typed, datatype=datatype)


def set_constraints(
    graph: PrototypeGraph, node_id: str, constraints: Sequence[Constraint], ontology: Ontology
) -> PrototypeGraph:
    """Replace a node's constraints; each property must be one its class can carry."""
    node = _node(graph, node_id)
    allowed = {a.iri for a in ontology.attributes_of(node.class_)} | {LABEL_PROPERTY}
    for constraint in constraints:
        if constraint.property not in allowed:
            raise EditError(f"a {ontology.label(node.class_)} cannot have {ontology.label(constraint.property)}")
    return _update_node(graph, node_id, constraints=tuple(dict.fromkeys(constraints)))


# -- edges ---------------------------------------------------------------------
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


def _lexical_similarity(a: str, b: str) -> float:
    from rapidfuzz import fuzz

    return fuzz.token_set_ratio(a.lower(), b.lower()) / 100.0


def _count_bonus(count: int | None, top: int) -> float:
    if not count or top <= 0:
        return 0.0
    return math.log1p(count) / math.log1p(top)


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

    >>> from ontology_loaders.model import Link, OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Person", label="person"),
    ...                          OntologyClass(iri="ex:Place", label="place")],
    ...                 links=[Link(iri="ex:birthPlace", label="birth place", domain="ex:Person", range="ex:Place")])
    >>> g = add_node(add_node(PrototypeGraph(), "ex:Place", onto), "ex:Person", onto)
    >>> [(o.source, o.label, o.target) for o in link_options(g, "place_1", "person_1", onto)]
    [('person_1', 'birth place', 'place_1')]
    """
    source, target = _node(graph, source_id), _node(graph, target_id)
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


def add_edge(
    graph: PrototypeGraph, source_id: str, link_iri: str, target_id: str, ontology: Ontology
) -> PrototypeGraph:
    """Join two nodes by a link that fits their classes in this direction."""
    source, target = _node(graph, source_id), _node(graph, target_id)
    if ontology.get_link(link_iri) is None:
        raise EditError(f"{link_iri} is not a link of the ontology")
    if not ontology.link_fits(link_iri, source.class_, target.class_):
        raise EditError(
            f"{ontology.label(link_iri)} does not go from {ontology.label(source.class_)} "
            f"to {ontology.label(target.class_)}"
        )
    edge = Edge(source=source_id, link=link_iri, target=target_id)
    if edge in graph.edges:
        raise EditError("this link is already drawn")
    return graph.model_copy(update={"edges": (*graph.edges, edge)})


def remove_edge(graph: PrototypeGraph, source: str, link: str, target: str) -> PrototypeGraph:
    return _replace_edge(graph, find_edge(graph, source, link, target), None)


def can_flip(graph: PrototypeGraph, edge: Edge, ontology: Ontology) -> bool:
    """Whether the edge's link also fits the other way round."""
    s, t = graph.node(edge.source), graph.node(edge.target)
    if s is None or t is None:
        return False
    flipped = Edge(source=edge.target, link=edge.link, target=edge.source)
    return flipped not in graph.edges and ontology.link_fits(edge.link, t.class_, s.class_)


def flip_edge(graph: PrototypeGraph, source: str, link: str, target: str, ontology: Ontology) -> PrototypeGraph:
    """Reverse an edge; only offered (and only done) when the link fits reversed."""
    edge = find_edge(graph, source, link, target)
    if not can_flip(graph, edge, ontology):
        raise EditError(f"{ontology.label(link)} does not fit the other way round")
    return _replace_edge(graph, edge, edge.model_copy(update={"source": target, "target": source}))


def edge_link_options(graph: PrototypeGraph, source: str, link: str, target: str, ontology: Ontology) -> list[str]:
    """Links an existing edge may switch to, keeping its direction, current one first."""
    edge = find_edge(graph, source, link, target)
    s, t = _node(graph, source), _node(graph, target)
    taken = {e.link for e in graph.edges if (e.source, e.target) == (source, target)} - {edge.link}
    others = [lk.iri for lk in ontology.links_between(s.class_, t.class_) if lk.iri not in taken]
    return [edge.link] + sorted((i for i in others if i != edge.link), key=ontology.label)


def change_link(
    graph: PrototypeGraph, source: str, link: str, target: str, new_link: str, ontology: Ontology
) -> PrototypeGraph:
    edge = find_edge(graph, source, link, target)
    if new_link == link:
        return graph
    if new_link not in edge_link_options(graph, source, link, target, ontology):
        raise EditError(f"{ontology.label(new_link)} does not fit between {source} and {target}")
    return _replace_edge(graph, edge, edge.model_copy(update={"link": new_link}))


def set_edge_flags(
    graph: PrototypeGraph, source: str, link: str, target: str, *,
    optional: bool | None = None, negated: bool | None = None,
) -> PrototypeGraph:
    """Make an edge optional or negated; the two exclude each other (a negated OPTIONAL means nothing)."""
    edge = find_edge(graph, source, link, target)
    new_optional = edge.optional if optional is None else bool(optional)
    new_negated = edge.negated if negated is None else bool(negated)
    if new_optional and new_negated:
        if negated:
            new_optional = False
        else:
            new_negated = False
    return _replace_edge(graph, edge, edge.model_copy(update={"optional": new_optional, "negated": new_negated}))


# -- searching classes ---------------------------------------------------------
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

    >>> from ontology_loaders.model import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Person", label="person"),
    ...                          OntologyClass(iri="ex:Place", label="place")])
    >>> [o.label for o in class_options("persn", onto)][:1]
    ['person']
    """
    from rapidfuzz import fuzz, process

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


# -- history -------------------------------------------------------------------
@dataclass(frozen=True)
class History:
    """Undo and redo stacks of graph JSON, capped, storable as JSON in a ``dcc.Store``.

    The current graph lives elsewhere (the graph store); ``past`` holds what
    came before it and ``future`` what undo took away.

    >>> h = History().record({"nodes": []})
    >>> h, graph = h.undo({"nodes": [1]})
    >>> graph, h.future
    ({'nodes': []}, ({'nodes': [1]},))
    """

    past: tuple[dict, ...] = ()
    future: tuple[dict, ...] = ()
    limit: int = 50

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> History:
        data = data or {}
        return cls(past=tuple(data.get("past") or ()), future=tuple(data.get("future") or ()),
                   limit=int(data.get("limit") or 50))

    def to_json(self) -> dict[str, Any]:
        return {"past": list(self.past), "future": list(self.future), "limit": self.limit}

    @property
    def can_undo(self) -> bool:
        return bool(self.past)

    @property
    def can_redo(self) -> bool:
        return bool(self.future)

    def record(self, previous: dict) -> History:
        """Note ``previous`` before an edit; a new edit forgets the redo stack."""
        if self.past and self.past[-1] == previous:
            return History(past=self.past, future=(), limit=self.limit)
        return History(past=(*self.past, previous)[-self.limit:], future=(), limit=self.limit)

    def undo(self, current: dict) -> tuple[History, dict]:
        if not self.past:
            raise EditError("nothing to undo")
        return History(past=self.past[:-1], future=(current, *self.future)[: self.limit], limit=self.limit), \
            self.past[-1]

    def redo(self, current: dict) -> tuple[History, dict]:
        if not self.future:
            raise EditError("nothing to redo")
        return History(past=(*self.past, current)[-self.limit:], future=self.future[1:], limit=self.limit), \
            self.future[0]

    def restore(self, current: dict, index: int) -> tuple[History, dict]:
        """Go back to ``past[index]`` as a new edit, so the jump itself can be undone."""
        if not 0 <= index < len(self.past):
            raise EditError("that graph is no longer in the history")
        return self.record(current), self.past[index]

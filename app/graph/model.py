"""The prototype graph: one schema for the pipeline, the UI, the CLI and the evaluation.

Its JSON form (``graph.model_dump(mode="json")``) is a public contract: the
web app keeps it in a ``dcc.Store``, the CLI prints it and the evaluation
writes it to disk. Node ids double as SPARQL variable names, so they are
restricted to ``[A-Za-z_][A-Za-z0-9_]*``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import Enum

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

__all__ = [
    "AGGREGATE_NAMES",
    "AggregateFunction",
    "Aggregation",
    "Constraint",
    "COUNT_OPS",
    "ConstraintOp",
    "CountCondition",
    "Edge",
    "Node",
    "OrderBy",
    "PrototypeGraph",
    "graph_from_indexed",
    "make_node_id",
    "make_node_ids",
    "value_variable",
]

NODE_ID_PATTERN = r"^[A-Za-z_][A-Za-z0-9_]{0,63}$"


class ConstraintOp(str, Enum):
    EQ = "="
    NE = "!="
    LT = "<"
    LE = "<="
    GT = ">"
    GE = ">="
    CONTAINS = "contains"
    STARTSWITH = "startswith"
    REGEX = "regex"
    LANG = "lang"


#: The operators a count can be compared with.
COUNT_OPS = (ConstraintOp.EQ, ConstraintOp.NE, ConstraintOp.LT, ConstraintOp.LE, ConstraintOp.GT, ConstraintOp.GE)


class Constraint(BaseModel):
    """A condition on one attribute of a node, e.g. population > 1000000."""

    model_config = ConfigDict(frozen=True)

    property: str
    op: ConstraintOp = ConstraintOp.EQ
    value: str | int | float | bool
    datatype: str | None = Field(default=None, description="XSD datatype IRI of the value.")


class Node(BaseModel):
    model_config = ConfigDict(frozen=True, populate_by_name=True, serialize_by_alias=True)

    id: str = Field(pattern=NODE_ID_PATTERN)
    class_: str = Field(alias="class", description="Full class IRI.")
    label: str = ""
    constraints: tuple[Constraint, ...] = ()
    instances: tuple[str, ...] = Field(default=(), description="Instance IRIs the node is pinned to.")
    shown: tuple[str, ...] = Field(default=(), description="Attribute IRIs whose values the query returns beside "
                                                           "the node (\"How tall is X\": its height).")
    select: bool = True
    include_subclasses: bool = False


class Edge(BaseModel):
    model_config = ConfigDict(frozen=True)

    source: str
    link: str = Field(description="Full object-property IRI.")
    target: str
    optional: bool = False
    negated: bool = False


class CountCondition(BaseModel):
    """A bound on the count of each group: "more than ten caves" is ``> 10`` (SPARQL's HAVING)."""

    model_config = ConfigDict(frozen=True)

    op: ConstraintOp
    value: int = Field(ge=0)

    @field_validator("op")
    @classmethod
    def _comparison(cls, op: ConstraintOp) -> ConstraintOp:
        if op not in COUNT_OPS:
            allowed = ", ".join(o.value for o in COUNT_OPS)
            raise ValueError(f"a count is compared with one of {allowed}, not {op.value!r}")
        return op


class AggregateFunction(str, Enum):
    """What is computed over the aggregated node: how many there are, or a figure of one of its values."""

    COUNT = "count"
    AVG = "avg"
    SUM = "sum"
    MIN = "min"
    MAX = "max"


#: What each aggregate is called where a person reads it: the results column, the panel, the restated question.
AGGREGATE_NAMES = {AggregateFunction.COUNT: "count", AggregateFunction.AVG: "average", AggregateFunction.SUM: "total",
                   AggregateFunction.MIN: "minimum", AggregateFunction.MAX: "maximum"}


class Aggregation(BaseModel):
    """COUNT(DISTINCT ?count_node), or AVG / SUM / MIN / MAX of its ``property`` values, grouped by the listed
    nodes; a count may keep only the groups that meet ``having``.

    >>> Aggregation(count="employee_1", function="avg", property="http://e.org/salary").function.value
    'avg'
    >>> from pydantic import ValidationError
    >>> try:
    ...     Aggregation(count="employee_1", function="avg")
    ... except ValidationError as error:
    ...     print(error.errors()[0]["msg"])
    Value error, avg needs the attribute whose values it computes
    """

    model_config = ConfigDict(frozen=True)

    count: str = Field(description="The aggregated node: the one counted, or the one whose values are computed.")
    group_by: tuple[str, ...] = ()
    having: CountCondition | None = Field(default=None, description="Keep only groups whose count meets this "
                                                                    "(\"more than ten caves\": > 10).")
    function: AggregateFunction = AggregateFunction.COUNT
    property: str | None = Field(default=None, description="The attribute of the aggregated node whose values "
                                                           "AVG, SUM, MIN or MAX computes (\"the average salary\").")

    @model_validator(mode="after")
    def _function_fits(self) -> Aggregation:
        counting = self.function is AggregateFunction.COUNT
        if counting and self.property is not None:
            raise ValueError("a count counts the node itself: it takes no attribute")
        if not counting and not self.property:
            raise ValueError(f"{self.function.value} needs the attribute whose values it computes")
        if not counting and self.having is not None:
            raise ValueError("only a count can bound its groups")
        return self


class OrderBy(BaseModel):
    """One sort key: a node's value (its IRI), its label, or the count."""

    model_config = ConfigDict(frozen=True)

    node: str = Field(description="A node id, or 'count' to order by the aggregate.")
    descending: bool = False
    label: bool = Field(default=False, description="Sort by the node's label rather than its IRI.")
    property: str | None = Field(default=None, description="Sort by this attribute's value of the node "
                                                           "(\"the most expensive\": its price).")


class PrototypeGraph(BaseModel):
    """Typed variable nodes joined by ontology links, plus query modifiers.

    >>> graph = PrototypeGraph.model_validate({
    ...     "nodes": [{"id": "person_1", "class": "http://dbpedia.org/ontology/Person"},
    ...               {"id": "university_1", "class": "http://dbpedia.org/ontology/University"}],
    ...     "edges": [{"source": "person_1", "link": "http://dbpedia.org/ontology/almaMater",
    ...                "target": "university_1"}],
    ... })
    >>> graph.node("person_1").class_
    'http://dbpedia.org/ontology/Person'
    >>> graph.model_dump(mode="json")["nodes"][0]["class"]
    'http://dbpedia.org/ontology/Person'
    """

    model_config = ConfigDict(frozen=True)

    nodes: tuple[Node, ...] = ()
    edges: tuple[Edge, ...] = ()
    aggregation: Aggregation | None = None
    order_by: tuple[OrderBy, ...] = ()
    limit: int | None = Field(default=None, ge=0)
    offset: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _ids_are_unique(self) -> PrototypeGraph:
        ids = [n.id for n in self.nodes]
        if len(ids) != len(set(ids)):
            duplicates = sorted({i for i in ids if ids.count(i) > 1})
            raise ValueError(f"duplicate node ids: {', '.join(duplicates)}")
        return self

    @field_validator("edges")
    @classmethod
    def _no_duplicate_edges(cls, edges: tuple[Edge, ...]) -> tuple[Edge, ...]:
        return tuple(dict.fromkeys(edges))

    def node(self, node_id: str) -> Node | None:
        return next((n for n in self.nodes if n.id == node_id), None)

    @property
    def node_ids(self) -> list[str]:
        return [n.id for n in self.nodes]

    def is_empty(self) -> bool:
        return not self.nodes


def value_variable(node_id: str, attribute: str) -> str:
    """The SPARQL variable (without ``?``) that holds a node's value of an attribute, as compiled queries name it.

    >>> value_variable("person_1", "http://dbpedia.org/ontology/height")
    'person_1_height'
    """
    local = re.split(r"[#/:]", attribute.rstrip("/#"))[-1]
    return f"{node_id}_{re.sub(r'[^A-Za-z0-9_]', '_', local)[:40] or 'value'}"


def make_node_id(label: str, taken: set[str] | frozenset[str] = frozenset()) -> str:
    """A readable, unused variable id such as ``ice_hockey_player_2``.

    >>> make_node_id("Ice hockey player", {"ice_hockey_player_1"})
    'ice_hockey_player_2'
    >>> make_node_id("!!!")
    'node_1'
    """
    stem = re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_")[:40] or "node"
    if stem[0].isdigit():
        stem = f"n_{stem}"
    n = 1
    while f"{stem}_{n}" in taken:
        n += 1
    return f"{stem}_{n}"


def make_node_ids(labels: Sequence[str]) -> list[str]:
    """One readable id per label, numbered apart where labels repeat.

    >>> make_node_ids(["person", "person", "university"])
    ['person_1', 'person_2', 'university_1']
    """
    taken: set[str] = set()
    ids = []
    for label in labels:
        ids.append(make_node_id(label, taken))
        taken.add(ids[-1])
    return ids


def graph_from_indexed(nodes: Sequence[tuple[str, str]], edges: Sequence[tuple[int, str, int]]) -> PrototypeGraph:
    """A graph from ``(label, class IRI)`` nodes and ``(source index, link IRI, target index)`` edges.

    >>> g = graph_from_indexed([("person", "ex:P"), ("person", "ex:P")], [(0, "ex:child", 1)])
    >>> [(e.source, e.target) for e in g.edges]
    [('person_1', 'person_2')]
    """
    ids = make_node_ids([label for label, _ in nodes])
    return PrototypeGraph(
        nodes=tuple(Node(id=i, class_=cls, label=label) for i, (label, cls) in zip(ids, nodes)),
        edges=tuple(Edge(source=ids[s], link=link, target=ids[t]) for s, link, t in edges),
    )

"""A figure of many values: "What is the average salary of engineers?", "Which department has the highest
average salary?".

The value asked of a class of things (:mod:`app.nl.asked_values`) is shown on each of them; an
average, a total, a minimum or a maximum said before it (or "the highest", "on average") asks one figure of
those values instead (:class:`app.graph.model.Aggregation`), one for each thing after "each" or "per", or
"by" ending the question, where one is named.
A figure word that is part of the attribute's own label ("total area") names the attribute, not a figure,
and a named thing's value is its own, never a figure.

The value may belong to things the question does not name: "the average salary per department" is
of the employees in each department, "Which department has the highest average salary" sorts the
departments by it, "the highest salary in the Finance department" is of the employees of that one. The one
link that joins the value's class to the named class says which.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.graph.asked import is_open
from app.graph.model import AggregateFunction, Aggregation, Edge, Node, OrderBy, PrototypeGraph, make_node_id
from app.nl.mentions import word_forms
from ontology_loaders import OWL_THING, Ontology
from ontology_loaders.vocab import plain_label

__all__ = ["AFTER_VALUE", "FIGURES", "VALUE_SUPERLATIVES", "is_figure_word", "read_figures", "trailing_figure"]

FIGURES = {"average": AggregateFunction.AVG, "mean": AggregateFunction.AVG, "total": AggregateFunction.SUM,
           "combined": AggregateFunction.SUM, "maximum": AggregateFunction.MAX, "minimum": AggregateFunction.MIN}
_EACH = frozenset({"each", "every", "per"})
# "Which department has the highest average salary": sorted by the figure, the top one kept.
_SUPERLATIVES = {"highest": True, "largest": True, "biggest": True, "greatest": True, "lowest": False,
                 "smallest": False}
# "What is the highest salary of engineers": a superlative of a value asked is that value's maximum.
VALUE_SUPERLATIVES = {word: AggregateFunction.MAX if high else AggregateFunction.MIN
                      for word, high in _SUPERLATIVES.items()}
# "How much do engineers earn on average?": the figure said after the value.
_TRAILING = {("on", "average"): AggregateFunction.AVG, ("in", "total"): AggregateFunction.SUM}
# Words that end an attribute's name after a figure word: "average salary per department".
AFTER_VALUE = frozenset({"per", "for", "in", "by", "of", "across", "among", "at", "within"})


def read_figures(tokens: Sequence[str], draft: Any, asked_span: tuple[int, int] | None, ontology: Ontology) -> None:
    """Turn ``draft`` (an :class:`app.nl.evidence.EvidenceDraft`) into a figure of values where the words ask one;
    ``asked_span`` holds the words that asked a value, if any."""
    figured = figure_of_shown(tokens, draft.graph, asked_span, draft.spans, ontology) if asked_span else None
    figured = figured or (figure_of_named(tokens, draft.graph, asked_span, ontology) if asked_span else None)
    figured = figured or figure_of_related(tokens, draft.graph, draft.spans, ontology)
    if figured is None:
        return
    draft.graph, why, (start, end) = figured
    draft.evidence.update(why)
    draft.used = [t for i, t in enumerate(tokens) if t in draft.used or start <= i < end]
    draft.ignored = [t for t in draft.ignored if t not in tokens[start:end]]


def figure_of_shown(tokens: Sequence[str], graph: PrototypeGraph, asked_span: tuple[int, int],
                    spans: Mapping[str, tuple[int, int]],
                    ontology: Ontology) -> tuple[PrototypeGraph, dict[str, str], tuple[int, int]] | None:
    """``graph`` with the one value it shows turned into a figure of that value, why, and the words; or None.

    ``asked_span`` holds the words that asked the value ("average salary"), ``spans`` each node's words.
    """
    lowered = [t.lower() for t in tokens]
    start, end = asked_span
    function = _figure_said(lowered, start, end)
    shown = [(n, a) for n in graph.nodes for a in n.shown]
    if function is None or len(shown) != 1 or graph.aggregation is not None:
        return None
    node, attribute = shown[0]
    if not is_open(node) or lowered[start] in ontology.label(attribute).lower().split():
        return None  # one named thing's value; or "total area", an attribute's own name
    per = tuple(n.id for n in graph.nodes if n.id != node.id and n.id in spans and spans[n.id][0] >= 1 and
                _each_said(lowered, spans[n.id]) and is_open(n))
    figured = node.model_copy(update={"shown": ()})
    aggregation = Aggregation(count=node.id, group_by=per, function=function, property=attribute)
    nodes = tuple(figured if n.id == node.id else n for n in graph.nodes)
    return graph.model_copy(update={"nodes": nodes, "aggregation": aggregation}), \
        _why(tokens[start], node.id, function, attribute, ontology), asked_span


def figure_of_named(tokens: Sequence[str], graph: PrototypeGraph, asked_span: tuple[int, int],
                    ontology: Ontology) -> tuple[PrototypeGraph, dict[str, str], tuple[int, int]] | None:
    """"What is the average salary in the Finance department?": a figure of a value of the things one link
    joins to the one named thing of the draft, which has no such value itself.

    >>> from ontology_loaders.model import Attribute, Link, OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Employee", label="employee"),
    ...                          OntologyClass(iri="ex:Department", label="department")],
    ...                 links=[Link(iri="ex:worksIn", label="works in", domain="ex:Employee", range="ex:Department")],
    ...                 attributes=[Attribute(iri="ex:salary", label="salary", domain="ex:Employee",
    ...                                       range="http://www.w3.org/2001/XMLSchema#decimal")])
    >>> graph = PrototypeGraph.model_validate({"nodes": [{"id": "department_1", "class": "ex:Department",
    ...                                                    "instances": ["ex:Finance"]}]})
    >>> tokens = "What is the highest salary in the Finance department".split()
    >>> drawn, _, _ = figure_of_named(tokens, graph, (3, 5), onto)
    >>> [(e.source, e.link, e.target) for e in drawn.edges], drawn.aggregation.function.value
    ([('employee_1', 'ex:worksIn', 'department_1')], 'max')
    """
    lowered = [t.lower() for t in tokens]
    start, end = asked_span
    function = _figure_said(lowered, start, end)
    if function is None or len(graph.nodes) != 1 or graph.edges or graph.aggregation is not None:
        return None
    named = graph.nodes[0]
    if named.shown or is_open(named):
        return None
    value_from = start + 1 if is_figure_word(lowered[start]) else start
    found = _value_of_a_neighbour(lowered[value_from:end], named.class_, ontology)
    if found is None:
        return None
    other, edge, attribute = _neighbour(found, named.id, graph, ontology)
    aggregation = Aggregation(count=other.id, function=function, property=attribute)
    return graph.model_copy(update={"nodes": (named, other), "edges": (edge,), "aggregation": aggregation}), \
        _why(tokens[start], other.id, function, attribute, ontology), asked_span


def is_figure_word(word: str) -> bool:
    """A word that asks a figure of the values after it: "average", "total", "highest"."""
    return word in FIGURES or word in VALUE_SUPERLATIVES


def _each_said(lowered: Sequence[str], span: tuple[int, int]) -> bool:
    """"per department", "for each department", and "by department" ending the question: one figure each."""
    before = lowered[span[0] - 1]
    return before in _EACH or (before == "by" and span[1] == len(lowered))


def trailing_figure(lowered: Sequence[str]) -> AggregateFunction | None:
    """The figure said after the value it is of: "How much do engineers earn on average?"."""
    return _TRAILING.get(tuple(lowered[-2:]))


def _figure_said(lowered: Sequence[str], start: int, end: int) -> AggregateFunction | None:
    """The figure the words asking a value begin with ("the average / highest salary"), or say at the end."""
    first = lowered[start] if start < end else ""
    return FIGURES.get(first) or VALUE_SUPERLATIVES.get(first) or trailing_figure(lowered)


def figure_of_related(tokens: Sequence[str], graph: PrototypeGraph, spans: Mapping[str, tuple[int, int]],
                      ontology: Ontology) -> tuple[PrototypeGraph, dict[str, str], tuple[int, int]] | None:
    """"the average salary per department", "Which department has the highest average salary": a figure of a
    value of the things one link joins to the one thing the draft has, one figure for each of those.

    >>> from ontology_loaders.model import Attribute, Link, OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Employee", label="employee"),
    ...                          OntologyClass(iri="ex:Department", label="department")],
    ...                 links=[Link(iri="ex:worksIn", label="works in", domain="ex:Employee", range="ex:Department")],
    ...                 attributes=[Attribute(iri="ex:salary", label="salary", domain="ex:Employee",
    ...                                       range="http://www.w3.org/2001/XMLSchema#decimal")])
    >>> graph = PrototypeGraph.model_validate({"nodes": [{"id": "department_1", "class": "ex:Department"}]})
    >>> tokens = "Which department has the highest average salary".split()
    >>> drawn, _, words = figure_of_related(tokens, graph, {"department_1": (1, 2)}, onto)
    >>> [(e.source, e.link, e.target) for e in drawn.edges], drawn.aggregation.function.value, words
    ([('employee_1', 'ex:worksIn', 'department_1')], 'avg', (4, 7))
    >>> drawn.order_by[0].descending, drawn.limit
    (True, 1)
    """
    if len(graph.nodes) != 1 or graph.edges or graph.aggregation is not None or graph.order_by:
        return None
    lowered = [t.lower() for t in tokens]
    k = next((i for i, w in enumerate(lowered) if w in FIGURES), None)
    if k is None:
        return None
    end = k + 1
    while end < len(lowered) and end - k <= 3 and lowered[end] not in AFTER_VALUE:
        end += 1
    group = graph.nodes[0]
    where = spans.get(group.id, (-1, -1))
    # the span of "per department" may hold "per"
    each = where[0] >= end and any(lowered[i] in _EACH | {"by"} for i in range(where[0] - 1, where[1] - 1))
    sort = _SUPERLATIVES.get(lowered[k - 1]) if k >= 2 and lowered[k - 2] == "the" and where[1] <= k else None
    found = _value_of_a_neighbour(lowered[k + 1:end], group.class_, ontology) if each or sort is not None else None
    if found is None:
        return None
    other, edge, attribute = _neighbour(found, group.id, graph, ontology)
    function = FIGURES[lowered[k]]
    update: dict[str, Any] = {"nodes": (*graph.nodes, other), "edges": (edge,),
                              "aggregation": Aggregation(count=other.id, group_by=(group.id,), function=function,
                                                         property=attribute)}
    if sort is not None:
        update |= {"order_by": (OrderBy(node="count", descending=sort),), "limit": 1}
    why = _why(tokens[k], other.id, function, attribute, ontology)
    return graph.model_copy(update=update), why, (k - 1 if sort is not None else k, end)


def _neighbour(found: tuple[str, str, bool, str], node_id: str, graph: PrototypeGraph,
               ontology: Ontology) -> tuple[Node, Edge, str]:
    """The neighbour :func:`_value_of_a_neighbour` found, as a new node, its edge to ``node_id``, and the
    attribute whose figure is asked."""
    other_class, link, forward, attribute = found
    other = Node(id=make_node_id(ontology.label(other_class), set(graph.node_ids)), class_=other_class)
    edge = Edge(source=other.id, link=link, target=node_id) if forward else \
        Edge(source=node_id, link=link, target=other.id)
    return other, edge, attribute


def _value_of_a_neighbour(words: Sequence[str], class_iri: str,
                          ontology: Ontology) -> tuple[str, str, bool, str] | None:
    """(the neighbour's class, the link, whether it runs from the neighbour, the attribute) for the attribute
    ``words`` name of the things one declared link joins to ``class_iri``; the most specific link wins."""
    if not words:
        return None
    said = set(word_forms(list(words)))
    found = []
    narrower_than: dict[str, list[Any]] = {}  # the attributes of the kinds below a class, found once per class
    for link in ontology.links:
        for near, far, forward in ((link.range, link.domain, True), (link.domain, link.range, False)):
            if OWL_THING in (near, far) or not ontology.is_subclass(class_iri, near):
                continue
            # the value of a narrower kind of the things the link reaches: books' page count, by genre
            if far not in narrower_than:
                below = ontology.descendants(far) - {far}
                narrower_than[far] = [a for a in ontology.attributes if a.domain in below]
            narrower = narrower_than[far]
            for attribute in (*ontology.attributes_of(far), *narrower):
                label = plain_label(attribute.label)
                # the attribute's whole label, or its head noun ("salary": annual base salary)
                fit = 0 if label in said else 1 if any(label.endswith(" " + form) for form in said) else None
                if fit is not None:
                    # a link declared for exactly these two classes says more than one for a broader class
                    kind = attribute.domain if attribute in narrower else far
                    found.append((fit, near != class_iri, far != attribute.domain, link.iri, kind, forward,
                                  attribute.iri))
    if not found:
        return None
    *_, link, far, forward, attribute = min(found)
    return far, link, forward, attribute


def _why(word: str, node_id: str, function: AggregateFunction, attribute: str, ontology: Ontology) -> dict[str, str]:
    return {f"{function.value} {node_id}": f"\u201c{word}\u201d \u2192 {function.value} of {ontology.label(attribute)}"}

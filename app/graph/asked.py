"""Which nodes of a drafted graph answer the question, and which only narrow it down.

A draft selects every node, so its query returns one column per thing the
question names: "Who works in the Finance department?" would answer with the
employees *and* the Finance department. A benchmark that compares result sets
counts the extra column as wrong answers. The drafts list nodes in the order the
question mentions them, and the thing asked for ("Which X …", "Who …") is the
first one the question leaves open: not pinned to an instance and not named by
a label. With a count, the count and its groups are the answer instead.
"""

from __future__ import annotations

from app.graph.model import Node, PrototypeGraph, value_variable
from ontology_loaders import RDFS_LABEL

__all__ = ["answer_nodes", "asked_nodes", "is_open", "select_asked"]


def asked_nodes(graph: PrototypeGraph) -> tuple[str, ...]:
    """The ids of the nodes the question asks for, in graph order; empty when nothing is left open.

    >>> g = PrototypeGraph.model_validate({"nodes": [
    ...     {"id": "employee_1", "class": "http://e.org/Employee"},
    ...     {"id": "department_1", "class": "http://e.org/Department", "instances": ["http://e.org/Finance"]}]})
    >>> asked_nodes(g)
    ('employee_1',)
    """
    if graph.aggregation is not None:
        # "How many employees per department": the groups are returned; the count node only counted.
        return tuple(n.id for n in graph.nodes if n.id in graph.aggregation.group_by)
    open_nodes = [n.id for n in graph.nodes if is_open(n)]
    return tuple(open_nodes[:1])


def select_asked(graph: PrototypeGraph) -> PrototypeGraph:
    """``graph`` with only the asked nodes selected; unchanged when no node is asked (all are named).

    >>> g = PrototypeGraph.model_validate({"nodes": [
    ...     {"id": "city_1", "class": "http://e.org/City", "instances": ["http://e.org/Stockholm"]},
    ...     {"id": "country_1", "class": "http://e.org/Country"}]})
    >>> [(n.id, n.select) for n in select_asked(g).nodes]
    [('city_1', False), ('country_1', True)]
    """
    asked = set(asked_nodes(graph))
    if not asked:
        return graph
    nodes = tuple(n if n.select == (n.id in asked) else n.model_copy(update={"select": n.id in asked})
                  for n in graph.nodes)
    return graph.model_copy(update={"nodes": nodes})


def answer_nodes(graph: PrototypeGraph) -> tuple[str, ...] | None:
    """The only columns an answer should have, when the compiled query returns more; else None.

    A query sorted by an attribute shows that attribute beside each row, and
    "which department has the most employees" returns the count it ranked by;
    neither is the thing asked for. A plain count ("how many …") is its answer.
    A shown attribute ("How tall is X": its height) is the answer, not X.

    >>> g = PrototypeGraph.model_validate({"nodes": [{"id": "person_1", "class": "http://e.org/Person",
    ...     "instances": ["http://e.org/Ada"], "shown": ["http://e.org/height"]}]})
    >>> answer_nodes(g)
    ('person_1_height',)
    """
    shown = tuple(value_variable(n.id, a) for n in graph.nodes for a in dict.fromkeys(n.shown))
    if shown and graph.aggregation is None:
        return shown
    if graph.aggregation is not None:
        ranked = graph.limit is not None and any(o.node == "count" for o in graph.order_by)
        groups = asked_nodes(graph)
        return groups if ranked and groups else None
    if any(o.property for o in graph.order_by):
        asked = asked_nodes(graph)
        return asked or tuple(n.id for n in graph.nodes if n.select) or None
    return None


def is_open(node: Node) -> bool:
    """Neither pinned to an instance nor named by its label: the question leaves it to the data."""
    return not node.instances and not any(c.property == RDFS_LABEL for c in node.constraints)

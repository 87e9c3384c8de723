"""Shaping a graph's results: count (grouped by some nodes, kept only where it meets a bound), order by one key, limit.

The canvas's "Shape results" panel reads :func:`shape_of` and writes with
:func:`set_shape`. An order key is a string: ``"count"``, ``"node:<id>"`` (the
node's IRI), ``"label:<id>"`` (its label) or ``"value:<id>:<attribute IRI>"`` (a value of it, as "the
most expensive" sorts by price), so one dropdown can list them all.
The count's bound is an operator symbol (``">"``) and a whole number, as the
panel's dropdown and number input give them.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.errors import EditError
from app.graph.model import (
    AGGREGATE_NAMES,
    COUNT_OPS,
    AggregateFunction,
    Aggregation,
    CountCondition,
    OrderBy,
    PrototypeGraph,
)
from app.graph.validate import count_bound_problem

__all__ = ["Shape", "order_key", "order_keys", "set_shape", "shape_of"]


@dataclass(frozen=True)
class Shape:
    """What the panel shows: the counted node, the group nodes, the first order key, its direction, the limit.

    ``having_op`` (a symbol such as ``">"``) and ``having_value`` bound the count; both are None without a bound.
    ``function`` is ``"count"``, or ``"avg"``, ``"sum"``, ``"min"`` or ``"max"`` of the counted node's ``measure``.
    """

    count: str | None = None
    group_by: tuple[str, ...] = ()
    order: str | None = None
    descending: bool = False
    limit: int | None = None
    having_op: str | None = None
    having_value: int | None = None
    function: str = "count"
    measure: str | None = None  # the attribute an average, sum, minimum or maximum is of


def order_key(order: OrderBy) -> str:
    """
    >>> order_key(OrderBy(node="p", label=True)), order_key(OrderBy(node="count"))
    ('label:p', 'count')
    >>> order_key(OrderBy(node="b", property="http://e.org/price"))
    'value:b:http://e.org/price'
    """
    if order.node == "count":
        return "count"
    if order.property:
        return f"value:{order.node}:{order.property}"  # node ids hold no colon, so the IRI is the rest
    return f"{'label' if order.label else 'node'}:{order.node}"


def _order_of(key: str, descending: bool) -> OrderBy:
    if key == "count":
        return OrderBy(node="count", descending=descending)
    kind, _, node = key.partition(":")
    if kind == "value":
        node, _, attribute = node.partition(":")
        if node and attribute:
            return OrderBy(node=node, descending=descending, property=attribute)
    if kind not in ("node", "label") or not node:
        raise EditError(f"unknown order {key!r}")
    return OrderBy(node=node, descending=descending, label=kind == "label")


def shape_of(graph: PrototypeGraph) -> Shape:
    """The graph's count, first order key and limit, as the panel shows them."""
    aggregation = graph.aggregation
    having = aggregation.having if aggregation else None
    first = graph.order_by[0] if graph.order_by else None
    return Shape(
        count=aggregation.count if aggregation else None,
        group_by=aggregation.group_by if aggregation else (),
        order=order_key(first) if first else None,
        descending=bool(first and first.descending),
        limit=graph.limit,
        having_op=having.op.value if having else None,
        having_value=having.value if having else None,
        function=aggregation.function.value if aggregation else "count",
        measure=aggregation.property if aggregation else None,
    )


def order_keys(graph: PrototypeGraph) -> list[str]:
    """Every key the results can be sorted by: the returned nodes and their labels, and the count.

    >>> g = PrototypeGraph.model_validate({"nodes": [{"id": "p", "class": "http://e.org/P"}],
    ...                                    "aggregation": {"count": "p"}})
    >>> order_keys(g)
    ['count']
    """
    keys = [f"{kind}:{node}" for node in _returned(graph) for kind in ("label", "node")]
    return [*keys, "count"] if graph.aggregation is not None else keys


def _returned(graph: PrototypeGraph) -> list[str]:
    if graph.aggregation is not None:
        return list(graph.aggregation.group_by)
    return [n.id for n in graph.nodes if n.select] or [n.id for n in graph.nodes]


def _possible(order: OrderBy, graph: PrototypeGraph) -> bool:
    """Whether the compiler can sort ``graph`` by ``order`` (an unreturned node's IRI still sorts without a count)."""
    if order.node == "count":
        return graph.aggregation is not None
    if order.label or graph.aggregation is not None:
        return order.node in _returned(graph)
    return order.node in graph.node_ids


def _condition(shape: Shape) -> CountCondition | None:
    """The count's bound the panel asks for; half a bound, or one with nothing counted, is refused, not dropped.

    :raises EditError: the bound lacks its operator or its number, nothing is counted, or no count can meet it.
    """
    op, value = shape.having_op, shape.having_value
    if op is None and value is None:
        return None
    if shape.count is None:
        raise EditError("a condition on the count needs something to count: choose what to count first")
    if op is None:
        raise EditError(f"choose how the count compares with {value}")
    if value is None:
        raise EditError("say how many: the condition on the count needs a number")
    if op not in {o.value for o in COUNT_OPS}:
        raise EditError(f"a count cannot be compared with {op!r}")
    if type(value) is not int or value < 0:
        raise EditError(f"the count is compared with a whole number of at least 0, not {value}")
    condition = CountCondition(op=op, value=value)
    problem = count_bound_problem(condition)
    if problem:
        raise EditError(problem)
    return condition


def _figure(shape: Shape) -> dict[str, str]:
    """The aggregate the panel asks for besides a count: its function and the attribute it computes.

    :raises EditError: an unknown function, one with no attribute chosen, or a bound on anything but a count.
    """
    if shape.function == AggregateFunction.COUNT.value:
        return {}
    if shape.function not in {f.value for f in AggregateFunction}:
        raise EditError(f"unknown aggregate {shape.function!r}")
    if not shape.measure:
        figure = AGGREGATE_NAMES[AggregateFunction(shape.function)]
        raise EditError(f"choose the attribute whose {figure} to compute")
    if shape.having_op is not None or shape.having_value is not None:
        raise EditError("only a count can be bounded: clear the condition first")
    return {"function": shape.function, "property": shape.measure}


def set_shape(graph: PrototypeGraph, shape: Shape) -> PrototypeGraph:
    """``graph`` with the panel's count and its bound, order and limit; later order keys stay while the first does.

    :raises EditError: a node the graph does not have, a limit below 1, or a bound :func:`_condition` refuses.
    """
    known = set(graph.node_ids)
    for node in (shape.count, *shape.group_by):
        if node is not None and node not in known:
            raise EditError(f"there is no node {node!r} to count or group by")
    if shape.limit is not None and shape.limit < 1:
        raise EditError("the limit must be at least 1")
    having = _condition(shape)
    aggregation = None
    if shape.count is not None:
        groups = tuple(dict.fromkeys(g for g in shape.group_by if g != shape.count))
        aggregation = Aggregation(count=shape.count, group_by=groups, having=having, **_figure(shape))
    order_by: tuple[OrderBy, ...] = ()
    if shape.order is not None:
        first = _order_of(shape.order, shape.descending)
        rest = graph.order_by[1:] if graph.order_by and order_key(graph.order_by[0]) == shape.order else ()
        order_by = (first, *rest)
    shaped = graph.model_copy(update={"aggregation": aggregation, "order_by": order_by, "limit": shape.limit})
    # Keys the new count makes impossible (a node no longer returned, the count once it is gone) are dropped.
    kept = tuple(o for o in shaped.order_by if _possible(o, shaped))
    return PrototypeGraph.model_validate({**shaped.model_dump(mode="json"),
                                          "order_by": [o.model_dump() for o in kept]})

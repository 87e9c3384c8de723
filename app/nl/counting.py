"""Counts the words ask for: "How many …" counts the first thing asked for, one count per thing after "each";
"the most X" counts X for each other thing, most first."""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.graph.model import Aggregation, OrderBy, PrototypeGraph
from app.nl.mention_types import Mention

__all__ = ["counted"]

# "How many …", "What is the (total) number of …", "Give me the number of …"
_COUNTING = re.compile(r"\s*(how many|count|(what is |what's |give me |tell me )?the (total )?number of|number of)\b",
                       re.IGNORECASE)


def counted(question: str, tokens: Sequence[str], graph: PrototypeGraph, mentions: Sequence[Mention],
             ids: Sequence[str]) -> PrototypeGraph:
    """"How many …" counts the first thing asked for, per thing after "each"; "the most X" counts X per other
    thing, most first."""
    present = {n.id for n in graph.nodes}
    asked = [i for m, i in zip(mentions, ids) if m.kind in ("class", "focus", "related") and i in present]
    lowered = [t.lower() for t in tokens]
    if _COUNTING.match(question) and asked:
        # "… does each branch have", "… per department": one count for each of those
        # (and "… by customer" ending the question)
        per = tuple(i for m, i in zip(mentions, ids) if i in present and i != asked[0] and m.start >= 1
                    and (lowered[m.start - 1] in ("each", "every", "per")
                         or lowered[m.start - 1] == "by" and m.end == len(lowered) and m.kind == "class"))
        return graph.model_copy(update={"aggregation": Aggregation(count=asked[0], group_by=per)})
    for m, node_id in zip(mentions, ids):
        if m.kind == "class" and node_id in present and asked and node_id != asked[0] and m.start >= 3 and \
                lowered[m.start - 3:m.start - 1] in (["its", "number"], ["their", "number"]) and \
                lowered[m.start - 1] == "of":
            # "List each department with its number of employees": a count for each of the things listed
            return graph.model_copy(update={"aggregation": Aggregation(count=node_id, group_by=(asked[0],))})
    for m, node_id in zip(mentions, ids):
        if m.kind == "class" and m.start >= 2 and lowered[m.start - 1] in ("most", "fewest") and \
                lowered[m.start - 2] == "the" and node_id in present:
            # Grouped by the thing asked for: the first other thing the question names ("which author …").
            by = next((i for i in asked if i != node_id), None)
            return graph.model_copy(update={
                "aggregation": Aggregation(count=node_id, group_by=(by,) if by else ()),
                "order_by": (OrderBy(node="count", descending=lowered[m.start - 1] == "most"),), "limit": 1})
    return graph

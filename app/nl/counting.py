"""Counts the words ask for: "How many …" counts the first thing asked for, one count per thing after "each";
"the most X" counts X for each other thing, most first."""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.graph.model import Aggregation, OrderBy, PrototypeGraph
from app.nl.mention_types import Mention
from ontology_loaders import Ontology
from ontology_loaders.vocab import local_name, plain_label

__all__ = ["counted", "number_instead_of_count"]

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
    if (in_place := _counted_in_place(lowered, mentions, ids, present)) is not None:
        return graph.model_copy(update={"aggregation": Aggregation(count=in_place)})
    for m, node_id in zip(mentions, ids):
        if m.kind == "class" and node_id in present and asked and node_id != asked[0] and m.start >= 3 and \
                lowered[m.start - 3:m.start - 1] in (["its", "number"], ["their", "number"]) and \
                lowered[m.start - 1] == "of":
            # "List each department with its number of employees": a count for each of the things listed
            return graph.model_copy(update={"aggregation": Aggregation(count=node_id, group_by=(asked[0],))})
    for m, node_id in zip(mentions, ids):
        # ("which person has the most children": a link's word counts its things too)
        if m.kind in ("class", "related") and m.start >= 2 and lowered[m.start - 1] in ("most", "fewest") and \
                lowered[m.start - 2] == "the" and node_id in present:
            # Grouped by the thing asked for: the first other thing the question names ("which author …").
            by = next((i for i in asked if i != node_id), None)
            return graph.model_copy(update={
                "aggregation": Aggregation(count=node_id, group_by=(by,) if by else ()),
                "order_by": (OrderBy(node="count", descending=lowered[m.start - 1] == "most"),), "limit": 1})
    return graph


def _counted_in_place(lowered: Sequence[str], mentions: Sequence[Mention], ids: Sequence[str],
                      present: set[str]) -> str | None:
    """"Tolkien wrote how many books?": a statement that asks its count where the thing stands counts that thing."""
    return next((i for m, i in zip(mentions, ids) if i in present and m.kind in ("class", "focus", "related")
                 and m.start >= 3 and lowered[m.start - 2:m.start] == ["how", "many"]), None)


def number_instead_of_count(tokens: Sequence[str], graph: PrototypeGraph, mentions: Sequence[Mention],
                            ids: Sequence[str], ontology: Ontology) -> tuple[str, OrderBy] | None:
    """"Which company has the most employees", where no class is labelled with the word and a company has a
    "number of employees": the number each holds, not a count of things of a class the word only resembles.
    Returns the counted node, to be dropped, and the order by that number; None where a count is meant."""
    counts, order = graph.aggregation, graph.order_by
    if counts is None or len(counts.group_by) != 1 or not order or order[0].node != "count" or counts.count not in ids:
        return None
    mention = mentions[list(ids).index(counts.count)]
    joined = [e for e in graph.edges if counts.count in (e.source, e.target)]
    if mention.score >= 1.0 or len(joined) != 1:
        return None  # a class the word labels, or a thing that more is said of ("the most employees in Berlin")
    said = " ".join(t.lower() for t in tokens[mention.start:mention.end])
    holder = graph.node(counts.group_by[0])
    for attribute in ontology.attributes_of(holder.class_):
        if plain_label(attribute.label) == f"number of {said}" or \
                local_name(attribute.iri).lower() == "numberof" + said.replace(" ", ""):
            return counts.count, OrderBy(node=holder.id, property=attribute.iri, descending=order[0].descending)
    return None

"""A question whose only thing is one thing of a class that nothing identifies: "Are you a robot?", "What is
the square root of 144?", "the stock market".

A draft of one unrestricted class lists every thing of it. That answers "Show me every astronaut" and
"airlines", a plural or a word of all; a singular after "a", "the" or "what" asks for one thing, and with no name,
condition, value or order to say which, the list would be a confident answer to another question.
English, not any ontology.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.graph.model import PrototypeGraph
from app.nl.mention_types import Mention
from app.nl.words import COPULAS, IRREGULAR_PLURALS

__all__ = ["one_thing_nothing_identifies"]

# "What time is it?": "what" and "which" before a singular ask for one thing, too
_SINGULAR_DETERMINERS = frozenset({"a", "an", "the", "this", "that", "what", "which"})


def _said_in_the_singular(tokens: Sequence[str], mention: Mention) -> bool:
    head = tokens[mention.end - 1].lower()
    plural = head.endswith("s") and not head.endswith(("ss", "us", "is")) or head in IRREGULAR_PLURALS
    return not plural and mention.start > 0 and tokens[mention.start - 1].lower() in _SINGULAR_DETERMINERS


def one_thing_nothing_identifies(tokens: Sequence[str], mentions: Sequence[Mention], graph: PrototypeGraph) -> bool:
    """Whether the draft is one bare class node that every mention names in the singular.

    >>> from app.graph.model import Node
    >>> robot = PrototypeGraph(nodes=(Node(id="robot_1", **{"class": "ex:Robot"}),))
    >>> one_thing_nothing_identifies("Tell me about a robot".split(), [Mention(4, 5, "robot", "class")], robot)
    True
    >>> one_thing_nothing_identifies("Show me the robots".split(), [Mention(3, 4, "robots", "class")], robot)
    False
    """
    if tokens[:1] and tokens[0].lower() in COPULAS:
        return False  # "Is horse racing a sport?" asks whether something unnamed is one
    if len(graph.nodes) != 1 or graph.edges or graph.aggregation or graph.order_by or graph.limit is not None:
        return False
    node = graph.nodes[0]
    if node.instances or node.constraints or node.shown:
        return False
    return bool(mentions) and all(m.kind == "class" and _said_in_the_singular(tokens, m) for m in mentions)

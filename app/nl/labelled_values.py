"""A text attribute's label said right before a name makes that name the attribute's value.

"Employees with the job title System Administrator", "employees whose job title is System Administrator": the
capitalised words are no thing of their own but a value of the employees' job title. Any text attribute of a
thing the question names, said by its label as written, reads so; nothing here names an ontology.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from app.graph.model import Constraint, ConstraintOp, PrototypeGraph
from app.nl.mention_types import Mention
from ontology_loaders import Ontology
from ontology_loaders.vocab import DatatypeKind, datatype_kind, plain_label

__all__ = ["LabelledValue", "labelled_conditions", "split_labelled_values"]

XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"
# Words that may stand between the label and its value: "whose job title is …", "status: open".
_BETWEEN = frozenset({"is", "was", "are", "were", ":", "=", "equals", "of"})
_LONGEST_LABEL = 3


@dataclass(frozen=True)
class LabelledValue:
    """The thing (its class word) whose ``attribute`` is ``value``, and the words that said so."""

    holder: Mention
    attribute: str
    value: str
    words: str


def split_labelled_values(tokens: Sequence[str], mentions: Sequence[Mention],
                          ontology: Ontology) -> tuple[list[Mention], list[LabelledValue]]:
    """The mentions less the names that are a value of a text attribute said right before them, and those values.

    >>> from ontology_loaders.model import Attribute, OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Employee", label="employee")],
    ...                 attributes=[Attribute(iri="ex:jobTitle", label="job title", domain="ex:Employee")])
    >>> tokens = "employees whose job title is System Administrator".split()
    >>> kept, [value] = split_labelled_values(tokens, [Mention(0, 1, "employees", "class", class_iri="ex:Employee"),
    ...                                                Mention(5, 7, "System Administrator", "name")], onto)
    >>> [m.text for m in kept], value.attribute, value.value
    (['employees'], 'ex:jobTitle', 'System Administrator')
    """
    lowered = [t.lower() for t in tokens]
    holders = [m for m in mentions if m.kind == "class" and m.class_iri]
    values: list[LabelledValue] = []
    said: set[int] = set()  # the label's words and the value's: no thing of their own ("project status")
    for mention in mentions:
        found = _labelled(tokens, lowered, mention, holders, ontology) if mention.kind == "name" else None
        if found is not None:
            values.append(found[0])
            said.update(range(found[1], mention.end))
    return [m for m in mentions if m.start not in said], values


def _labelled(tokens: Sequence[str], lowered: Sequence[str], name: Mention, holders: Sequence[Mention],
              ontology: Ontology) -> tuple[LabelledValue, int] | None:
    """The value the name is, and where its label starts."""
    end = name.start
    while end > 0 and lowered[end - 1] in _BETWEEN:
        end -= 1
    for length in range(_LONGEST_LABEL, 0, -1):
        start = end - length
        if start < 0:
            continue
        said = " ".join(lowered[start:end])
        for holder in (h for h in holders if h.end <= start):
            for attribute in ontology.attributes_of(holder.class_iri):
                if datatype_kind(attribute.range) is DatatypeKind.TEXT and \
                        plain_label(attribute.label).lower() == said:
                    return LabelledValue(holder, attribute.iri, name.text, " ".join(tokens[start:name.end])), start
    return None


def labelled_conditions(values: Sequence[LabelledValue], graph: PrototypeGraph,
                        spans: Mapping[str, tuple[int, int]]) -> list[tuple[str, Constraint, str]]:
    """``(node id, constraint, words)`` for each value, on the node its class word drafted, unless that node's
    attribute is already bound: a value the knowledge graph knows was read as stored ("monthly")."""
    node_of = {span: node_id for node_id, span in spans.items()}
    bound = {(n.id, c.property) for n in graph.nodes for c in n.constraints}
    found = [(node_of[(v.holder.start, v.holder.end)], v) for v in values if (v.holder.start, v.holder.end) in node_of]
    return [(node_id, Constraint(property=v.attribute, op=ConstraintOp.EQ, value=v.value, datatype=XSD_STRING),
             v.words) for node_id, v in found if (node_id, v.attribute) not in bound]

"""The compact line format the model writes, and the question spans it may copy.

A draft is written as ``nodes: person | person | university``, then
``ids: person_1 person_2 university_1`` (written by the pipeline, never sampled),
then one line per relation (``person_1 child person_2``), condition
(``river_1 length > 100``) or name (``country_1 named United States``), then
``END``. The grammars of :mod:`grammar.builders` hold the model to it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel, Field

from app.graph.model import ConstraintOp, make_node_ids
from grammar.builders import END, MAX_NODES, question_spans
from ontology_loaders.vocab import XSD

__all__ = ["RawGraph", "answer_text", "ends_in_loop", "name_spans", "parse_edge_lines", "parse_node_line",
           "parse_value", "repeats_a_line", "surface"]


class RawGraph(BaseModel):
    """The model's words before alignment."""

    nodes: list[str] = Field(default_factory=list, description="Type words, in order.")
    ids: list[str] = Field(default_factory=list)
    relations: list[tuple[str, str, str]] = Field(default_factory=list)
    constraints: list[tuple[str, str, str, str]] = Field(default_factory=list)
    names: list[tuple[str, str]] = Field(default_factory=list)
    text: str = ""



_OPS = sorted((op.value for op in ConstraintOp), key=len, reverse=True)


def parse_node_line(text: str) -> list[str]:
    """Type words of a node line (without its ``nodes:`` prefix).

    >>> parse_node_line(" person | person | university")
    ['person', 'person', 'university']
    >>> parse_node_line(" none")
    []
    """
    words = [w.strip() for w in text.strip().split(" | ")]
    return [] if words == ["none"] else [w for w in words if w][:MAX_NODES]


def parse_edge_lines(text: str, ids: Sequence[str]) -> RawGraph:
    """Relations, constraints and names from stage-B lines; unparseable lines are skipped.

    >>> g = parse_edge_lines("person_1 alma mater university_1\\nriver_1 length > 100\\nperson_1 named Ada",
    ...                      ["person_1", "university_1", "river_1"])
    >>> g.relations, g.constraints, g.names
    ([('person_1', 'alma mater', 'university_1')], [('river_1', 'length', '>', '100')], [('person_1', 'Ada')])
    """
    graph = RawGraph(ids=list(ids), text=text)
    by_length = sorted(ids, key=len, reverse=True)
    for line in text.split("\n"):
        line = line.strip()
        source = next((i for i in by_length if line.startswith(i + " ")), None)
        if source is None or line == "END":
            continue
        rest = line[len(source) + 1:]
        if rest.startswith("named "):
            graph.names.append((source, rest[len("named "):].strip()))
            continue
        target = next((i for i in by_length if rest.endswith(" " + i)), None)
        if target is not None and rest[: -len(target) - 1].strip():
            graph.relations.append((source, rest[: -len(target) - 1].strip(), target))
            continue
        match = re.match(r"(.+?) (" + "|".join(re.escape(o) for o in _OPS) + r") (.+)$", rest)
        if match:
            graph.constraints.append((source, match.group(1), match.group(2), match.group(3)))
    return graph


_QUESTION_WORDS = {"which", "who", "whom", "whose", "what", "where", "when", "how", "name", "list", "give", "show",
                   "is", "are", "was", "were", "did", "does", "do", "in", "for", "a", "an", "the", "find", "tell"}


def name_spans(question: str) -> list[str]:
    """Spans that can name an instance or be a value: capitalised words or numbers.

    >>> name_spans("Which books did Stanley Kubrick write after 1960?")
    ['Stanley', 'Stanley Kubrick', 'Kubrick', '1960']
    """
    found = []
    for span in question_spans(question, max_words=5, lower=False):
        words = span.split(" ")
        if not all(w[0].isupper() or w[0].isdigit() for w in words):
            continue
        if words[0].lower() in _QUESTION_WORDS and question.startswith(words[0]):
            continue
        found.append(span)
    return found


def repeats_a_line(text: str) -> bool:
    """True once a finished line occurs twice: a small model has started to loop."""
    lines = [line for line in text.split("\n")[:-1] if line.strip()]
    return len(lines) != len(set(lines))


def ends_in_loop(text: str) -> bool:
    """True once the node line repeats one word three times in a row: the model is looping."""
    items = [w.strip() for w in text.split(" | ")[:-1]]
    return len(items) >= 3 and len(set(items[-3:])) == 1


def answer_text(nodes: Sequence[str], lines: Sequence[str]) -> str:
    ids = make_node_ids(nodes)
    text = "nodes: " + (" | ".join(nodes) if nodes else "none") + "\nids: " + " ".join(ids)
    return text + "".join("\n" + line for line in lines) + END


def surface(label: str) -> str:
    """A grammar-friendly form of a label: lower case, single spaces."""
    return re.sub(r"\s+", " ", re.sub(r"[^\w' -]+", " ", label.lower())).strip() or label.lower().strip()


def parse_value(text: str, datatype: str | None) -> tuple[str | int | float | bool, str | None]:
    cleaned = text.strip().strip('"')
    number = cleaned.replace(",", "")
    if re.fullmatch(r"-?\d+", number):
        return int(number), datatype or XSD + "integer"
    if re.fullmatch(r"-?\d+\.\d+", number):
        return float(number), datatype or XSD + "decimal"
    return cleaned, datatype

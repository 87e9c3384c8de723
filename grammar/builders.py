"""Pure GBNF builders for the two-stage line format.

The model writes a graph in two stages, each under its own grammar:

* stage A, the node line: ``nodes: person | person | university``; the
  prompt ends with ``nodes:`` so the grammar starts at the space;
* the pipeline then writes the ids itself (a forced span, never sampled):
  ``ids: person_1 person_2 university_1``;
* stage B, one line per relation (``person_1 child person_2``), constraint
  (``river_1 length > 100``) or named instance (``country_1 named United
  States``), each starting with a newline, then ``END`` on its own line, so
  ``"\\nEND"`` is an unambiguous stop string.

Static rules live in ``*.gbnf`` files next to this module; the builders only
append rules made from data (question spans, candidate labels, declared ids),
with every literal escaped. Inputs are plain strings, never app objects.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from importlib.resources import files

__all__ = [
    "END",
    "MAX_NODES",
    "alternation",
    "constrained_edges_grammar",
    "constrained_nodes_grammar",
    "escape_literal",
    "question_spans",
    "raw_edges_grammar",
    "raw_nodes_grammar",
    "read_grammar",
]

MAX_NODES = 8
END = "\nEND"
_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*|\d+(?:[.,]\d+)*", re.UNICODE)


@cache
def read_grammar(name: str) -> str:
    """The text of a static fragment, e.g. ``read_grammar("nodes")``.

    >>> read_grammar("nodes").count("root ::=")
    1
    """
    return files(__package__).joinpath(f"{name}.gbnf").read_text(encoding="utf-8")


def escape_literal(text: str) -> str:
    r"""A GBNF string literal for ``text``.

    >>> escape_literal('say "hi"\n')
    '"say \\"hi\\"\\n"'
    """
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\x{ord(ch):02X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def alternation(options: Iterable[str]) -> str:
    """``"a" | "b"`` over the distinct, non-empty options, in order.

    >>> alternation(["person", "place", "person", ""])
    '"person" | "place"'
    """
    unique = [o for o in dict.fromkeys(options) if o]
    if not unique:
        raise ValueError("an alternation needs at least one non-empty option")
    return " | ".join(escape_literal(o) for o in unique)


def question_spans(question: str, *, max_words: int = 4, lower: bool = True) -> list[str]:
    """Every run of up to ``max_words`` consecutive words of the question.

    >>> question_spans("Ships of the U.S. Navy", max_words=2)
    ['ships', 'ships of', 'of', 'of the', 'the', 'the u', 'u', 'u s', 's', 's navy', 'navy']
    >>> question_spans("Wer schrieb Faust?", lower=False)[:2]
    ['Wer', 'Wer schrieb']
    """
    words = _WORD.findall(question.lower() if lower else question)
    spans: list[str] = []
    for start in range(len(words)):
        for end in range(start + 1, min(start + max_words, len(words)) + 1):
            spans.append(" ".join(words[start:end]))
    return list(dict.fromkeys(spans))


def _rule(name: str, options: Iterable[str]) -> str:
    return f"{name} ::= {alternation(options)}\n"


def raw_nodes_grammar(spans: Sequence[str] | None) -> str:
    """Stage A of the raw pass: type words copied from ``spans`` (or free words when None).

    >>> "generic-type" in raw_nodes_grammar(["river"])
    True
    """
    text = read_grammar("nodes")
    if spans is None:
        return text + read_grammar("free_words")
    text += "type ::= span | generic-type\n" + read_grammar("generic_types")
    if spans:
        text += _rule("span", spans)
    else:
        text = text.replace("type ::= span | generic-type", "type ::= generic-type")
    return text


def constrained_nodes_grammar(choices: Sequence[Sequence[str]]) -> str:
    """Stage A of the constrained pass: node ``i`` is one of ``choices[i]`` (class labels).

    >>> print(constrained_nodes_grammar([["person"], ["university", "college"]]), end="")
    root ::= " " c0 " | " c1 "\\n"
    c0 ::= "person"
    c1 ::= "university" | "college"
    """
    choices = [c for c in choices if any(c)][:MAX_NODES]
    if not choices:
        return 'root ::= " none\\n"\n'
    body = ' " | " '.join(f"c{i}" for i in range(len(choices)))
    text = f'root ::= " " {body} "\\n"\n'
    return text + "".join(_rule(f"c{i}", options) for i, options in enumerate(choices))


def raw_edges_grammar(
    ids: Sequence[str],
    *,
    spans: Sequence[str] | None,
    names: Sequence[str] | None,
    max_lines: int = 10,
) -> str:
    """Stage B of the raw pass: links and properties copied from ``spans`` (free words when None).

    ``names`` are the question's spans in their original case, for named
    instances and constraint values; with none, only relations are admitted.
    """
    if not ids or (spans is not None and not spans):
        return f"root ::= {escape_literal(END)}\n"
    text = read_grammar("edges").replace("{0,10}", f"{{0,{max_lines}}}") + read_grammar("common") + _rule("id", ids)
    if spans is None or names is None:
        return text + read_grammar("free_words")
    text += "linkw ::= span\npropw ::= span\n" + _rule("span", spans)
    if not names:  # nothing to name and no value to compare with
        text = text.replace("line ::= rel | con | men", "line ::= rel")
        return "".join(line for line in text.splitlines(keepends=True)
                       if not line.startswith(("con ::=", "men ::=", "propw ::=")))
    return text + "name ::= qname\nvalue ::= qname\n" + _rule("qname", names)


def constrained_edges_grammar(
    ids: Sequence[str],
    *,
    relations: Mapping[tuple[str, str], Sequence[str]],
    properties: Mapping[str, Sequence[str]],
    names: Sequence[str],
    max_lines: int = 10,
    allow_names: bool = True,
) -> str:
    """Stage B of the constrained pass: only links valid between declared ids.

    ``relations[(a, b)]`` lists the link labels admitted from ``a`` to ``b``;
    a pair that is absent admits no edge. ``properties[a]`` lists attribute
    labels for node ``a``. ``names`` are question spans for values and names.

    >>> g = constrained_edges_grammar(["person_1", "university_1"],
    ...     relations={("person_1", "university_1"): ["alma mater"]}, properties={}, names=[])
    >>> 'rel ::= "person_1 " ( "alma mater" ) " university_1"' in g
    True
    """
    alternatives: list[str] = []
    rules: list[str] = []
    rel_parts = [
        f"{escape_literal(a + ' ')} ( {alternation(labels)} ) {escape_literal(' ' + b)}"
        for (a, b), labels in relations.items()
        if a in ids and b in ids and a != b and any(labels)
    ]
    if rel_parts:
        alternatives.append("rel")
        rules.append("rel ::= " + " | ".join(rel_parts) + "\n")
    if names:
        con_parts = [
            f"{escape_literal(a + ' ')} ( {alternation(labels)} ) \" \" op \" \" value"
            for a, labels in properties.items()
            if a in ids and any(labels)
        ]
        if con_parts:
            alternatives.append("con")
            rules.append("con ::= " + " | ".join(con_parts) + "\n")
            rules.append(read_grammar("common"))
            rules.append("value ::= qname\n")
        if allow_names:
            alternatives.append("men")
            rules.append(f'men ::= ( {alternation(ids)} ) " named " qname\n')
        if allow_names or con_parts:
            rules.append(_rule("qname", names))
    if not alternatives:
        return f"root ::= {escape_literal(END)}\n"
    head = f'root ::= ( "\\n" line ){{0,{max_lines}}} {escape_literal(END)}\nline ::= {" | ".join(alternatives)}\n'
    return head + "".join(rules)

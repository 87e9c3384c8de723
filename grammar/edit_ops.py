"""The GBNF of an edit by instruction: one operation per line, each valid for the current graph.

The model answers an instruction with lines such as::

    add country_1 country
    link university_1 country country_1
    require country_1 name = Germany
    class person_2 scientist
    remove person_2
    remove person_1 child person_2
    select person_1
    hide university_1

then ``END``. Every line starts with a newline, so ``"\\nEND"`` ends the answer.
The caller lists, per request, what is valid (node ids, the links the ontology
allows between their classes, existing edges, class changes, attributes with
their operators and values); the grammar admits nothing else. Inputs are plain
strings, never app objects.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from grammar.builders import END, alternation, escape_literal

__all__ = ["EDIT_VERBS", "EditChoices", "FieldChoice", "edit_operations_grammar"]

#: The first word of each kind of line.
EDIT_VERBS = ("add", "link", "require", "class", "remove", "select", "hide")


@dataclass(frozen=True)
class FieldChoice:
    """Constraints one node may take: attribute labels sharing the same operators and values."""

    node: str
    labels: Sequence[str]
    operators: Sequence[str]
    values: Sequence[str]


@dataclass(frozen=True)
class EditChoices:
    """Everything an answer may name, as plain strings.

    ``new_nodes`` maps an id the answer may create to its class label;
    ``links[(a, b)]`` lists the link labels valid from ``a`` to ``b`` (ids old
    or new); ``edges`` are the existing ``(source, link label, target)``;
    ``class_changes[id]`` the class labels a node may change to; ``verbs`` the
    kinds of line admitted (a caller that knows the instruction removes nothing
    leaves ``remove`` out).
    """

    ids: Sequence[str] = ()
    new_nodes: Mapping[str, str] = field(default_factory=dict)
    links: Mapping[tuple[str, str], Sequence[str]] = field(default_factory=dict)
    edges: Sequence[tuple[str, str, str]] = ()
    class_changes: Mapping[str, Sequence[str]] = field(default_factory=dict)
    fields: Sequence[FieldChoice] = ()
    verbs: Sequence[str] = EDIT_VERBS  # the kinds of line admitted at all


def _seq(*parts: str) -> str:
    return " ".join(parts)


def edit_operations_grammar(choices: EditChoices, *, max_lines: int = 6) -> str:
    """The grammar of an answer: one to ``max_lines`` operation lines, then ``END``.

    >>> g = edit_operations_grammar(EditChoices(ids=["person_1", "person_2"],
    ...                                         edges=[("person_1", "child", "person_2")]))
    >>> 'remove ::= "remove " ( "person_1" | "person_2" ) | "remove person_1 child person_2"' in g
    True
    >>> edit_operations_grammar(EditChoices())
    'root ::= "\\\\nEND"\\n'
    """
    ids = list(dict.fromkeys(choices.ids))
    every_id = ids + [i for i in choices.new_nodes if i not in ids]
    rules: dict[str, str] = {}
    if choices.new_nodes:
        rules["add"] = " | ".join(escape_literal(f"add {i} {label}") for i, label in choices.new_nodes.items())
    links = [_seq(escape_literal(f"link {a} "), f"( {alternation(labels)} )", escape_literal(f" {b}"))
             for (a, b), labels in choices.links.items() if a in every_id and b in every_id and any(labels)]
    if links:
        rules["link"] = " | ".join(links)
    fields = [_seq(escape_literal(f"require {f.node} "), f"( {alternation(f.labels)} )", '" "',
                   f"( {alternation(f.operators)} )", '" "', f"( {alternation(f.values)} )")
              for f in choices.fields if f.node in every_id and any(f.labels) and any(f.operators)
              and any(f.values)]
    if fields:
        rules["require"] = " | ".join(fields)
    changes = [_seq(escape_literal(f"class {i} "), f"( {alternation(labels)} )")
               for i, labels in choices.class_changes.items() if i in ids and any(labels)]
    if changes:
        rules["class"] = " | ".join(changes)
    if ids:
        removals = [_seq('"remove "', f"( {alternation(ids)} )")]
        removals += [escape_literal(f"remove {a} {label} {b}") for a, label, b in choices.edges]
        rules["remove"] = " | ".join(removals)
        shown = [f"{verb} " for verb in ("select", "hide") if verb in choices.verbs]
        if shown:
            rules["select"] = _seq(f"( {alternation(shown)} )", f"( {alternation(ids)} )")
    rules = {name: body for name, body in rules.items() if name in choices.verbs or name == "select"}
    if not rules:
        return f"root ::= {escape_literal(END)}\n"
    head = (f'root ::= ( "\\n" line ){{1,{max_lines}}} {escape_literal(END)}\n'
            f"line ::= {' | '.join(rules)}\n")
    return head + "".join(f"{name} ::= {body}\n" for name, body in rules.items())

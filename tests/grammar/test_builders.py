"""The GBNF builders: pure functions, checked here without a model.

Whether llama.cpp accepts the grammars is checked in test_llamacpp.py with
the real parser.
"""

from __future__ import annotations

import re

import pytest

from grammar.builders import (
    END,
    alternation,
    constrained_edges_grammar,
    constrained_nodes_grammar,
    escape_literal,
    question_spans,
    raw_edges_grammar,
    raw_nodes_grammar,
    read_grammar,
)


def _rule_names(grammar: str) -> set[str]:
    return set(re.findall(r"^([a-z][a-z0-9-]*) ::=", grammar, re.MULTILINE))


def _references(grammar: str) -> set[str]:
    without_literals = re.sub(r'"(?:\\.|[^"\\])*"|\[(?:\\.|[^\]\\])*\]', " ", grammar)
    body = "\n".join(line.split("::=", 1)[1] for line in without_literals.splitlines() if "::=" in line)
    return set(re.findall(r"[a-z][a-z0-9-]*", body))


def _closed(grammar: str) -> bool:
    """Every rule a grammar references is defined in it."""
    return _references(grammar) <= _rule_names(grammar)


@pytest.mark.parametrize("name", ["nodes", "edges", "common", "free_words", "generic_types"])
def test_gbb001_fragments_are_package_files(name: str) -> None:
    assert "::=" in read_grammar(name)


def test_gbb002_escape_literal_round_trips_hostile_text() -> None:
    hostile = 'a "quote" \\ back\nslash\ttab \x01 ünïcode'
    literal = escape_literal(hostile)
    assert literal.startswith('"') and literal.endswith('"')
    inner = literal[1:-1]
    assert '"' not in re.sub(r'\\"', "", inner)
    assert "\n" not in literal and "\t" not in literal and "\x01" not in literal
    decoded = inner.encode().decode("unicode_escape").encode("latin-1").decode("utf-8")
    assert decoded == hostile


def test_gbb003_alternation_rejects_empty() -> None:
    with pytest.raises(ValueError):
        alternation(["", ""])


def test_gbb004_spans_cover_ngrams_and_keep_case_on_request() -> None:
    spans = question_spans("Which river flows into the Dead Sea?")
    assert "dead sea" in spans and "river" in spans and "which river flows into" in spans
    assert "which river flows into the" not in spans  # at most four words
    assert "Dead Sea" in question_spans("Which river flows into the Dead Sea?", lower=False)
    assert question_spans("?!? ...") == []


def test_gbb005_raw_grammars_are_closed() -> None:
    spans = question_spans("a person and the child of a person")
    names = question_spans("a person and the child of a person", lower=False)
    for grammar in (
        raw_nodes_grammar(spans),
        raw_nodes_grammar(None),
        raw_nodes_grammar([]),
        raw_edges_grammar(["person_1", "person_2"], spans=spans, names=names),
        raw_edges_grammar(["person_1"], spans=None, names=None),
        raw_edges_grammar(["person_1", "person_2"], spans=spans, names=[]),
    ):
        assert "root" in _rule_names(grammar)
        assert _closed(grammar), grammar


def test_gbb006_constrained_nodes_are_positional_enums() -> None:
    grammar = constrained_nodes_grammar([["person"], ["university", "college"], ["person"]])
    assert grammar.splitlines()[0] == 'root ::= " " c0 " | " c1 " | " c2 "\\n"'
    assert 'c1 ::= "university" | "college"' in grammar
    assert constrained_nodes_grammar([]) == 'root ::= " none\\n"\n'


def test_gbb007_constrained_edges_admit_only_declared_ids_and_given_links() -> None:
    grammar = constrained_edges_grammar(
        ["person_1", "person_2", "university_1"],
        relations={("person_1", "person_2"): ["child"], ("person_1", "university_1"): ["alma mater"],
                   ("ghost_1", "person_1"): ["child"]},
        properties={"person_1": ["birth date"]},
        names=["Ada", "Lovelace"],
    )
    assert _closed(grammar)
    assert "ghost_1" not in grammar
    assert '"person_1 " ( "child" ) " person_2"' in grammar
    assert '"university_1 "' not in grammar.split("rel ::=")[1].split("\n")[0]  # no edge starts there
    assert grammar.startswith('root ::= ( "\\n" line ){0,10} "\\nEND"')


def test_gbb008_nothing_to_say_is_just_end() -> None:
    assert constrained_edges_grammar(["a_1"], relations={}, properties={}, names=[]) == f"root ::= {escape_literal(END)}\n"
    assert raw_edges_grammar([], spans=["x"], names=["x"]) == f"root ::= {escape_literal(END)}\n"

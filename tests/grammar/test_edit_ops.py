"""The grammar of an edit by instruction: built from plain data, closed, and admitting only what was listed.

Whether llama.cpp accepts it is checked with the real parser in tests/app/nl/test_instruction_model.py.
"""

from __future__ import annotations

import re

from grammar.edit_ops import EditChoices, FieldChoice, edit_operations_grammar


def _rules(grammar: str) -> dict[str, str]:
    return dict(re.findall(r"^([a-z][a-z0-9-]*) ::= (.*)$", grammar, re.MULTILINE))


def _references(body: str) -> set[str]:
    return set(re.findall(r"[a-z][a-z0-9-]*", re.sub(r'"(?:\\.|[^"\\])*"', " ", body)))


CHOICES = EditChoices(
    ids=["person_1", "person_2", "university_1"],
    new_nodes={"country_1": "country"},
    links={("person_1", "person_2"): ["child", "spouse"], ("university_1", "country_1"): ["country"],
           ("country_1", "ghost_1"): ["nowhere"]},
    edges=[("person_1", "child", "person_2")],
    class_changes={"person_2": ["scientist", 'say "hi"'], "ghost_1": ["x"]},
    fields=[FieldChoice(node="country_1", labels=["name"], operators=["=", "contains"], values=["Germany"]),
            FieldChoice(node="person_1", labels=["birth date"], operators=[">"], values=[])],
)


def test_every_operation_kind_is_a_line_and_every_rule_is_defined():
    grammar = edit_operations_grammar(CHOICES, max_lines=4)
    rules = _rules(grammar)
    assert rules["root"] == '( "\\n" line ){1,4} "\\nEND"'
    assert set(rules["line"].split(" | ")) == {"add", "link", "require", "class", "remove", "select"}
    assert all(_references(body) <= set(rules) for body in rules.values())


def test_lines_name_only_what_was_offered():
    rules = _rules(edit_operations_grammar(CHOICES))
    assert rules["add"] == '"add country_1 country"'
    assert '"link person_1 " ( "child" | "spouse" ) " person_2"' in rules["link"]
    assert '"link university_1 " ( "country" ) " country_1"' in rules["link"]
    assert "ghost_1" not in rules["link"] and "ghost_1" not in rules["class"]  # unknown ids are dropped
    assert rules["class"] == '"class person_2 " ( "scientist" | "say \\"hi\\"" )'  # labels are escaped
    assert rules["remove"] == ('"remove " ( "person_1" | "person_2" | "university_1" ) | '
                               '"remove person_1 child person_2"')
    # a field with no value to compare with is no line at all
    assert rules["require"] == '"require country_1 " ( "name" ) " " ( "=" | "contains" ) " " ( "Germany" )'


def test_nothing_to_offer_is_an_immediate_end():
    assert edit_operations_grammar(EditChoices()) == 'root ::= "\\nEND"\n'
    only_new = edit_operations_grammar(EditChoices(new_nodes={"city_1": "city"}))
    assert set(_rules(only_new)) == {"root", "line", "add"}


def test_verbs_limit_the_kinds_of_line():
    rules = _rules(edit_operations_grammar(EditChoices(**{**CHOICES.__dict__, "verbs": ("add", "link", "hide")})))
    assert set(rules["line"].split(" | ")) == {"add", "link", "select"}
    assert rules["select"] == '( "hide " ) ( "person_1" | "person_2" | "university_1" )'
    adds_only = _rules(edit_operations_grammar(EditChoices(**{**CHOICES.__dict__, "verbs": ("add",)})))
    assert set(adds_only) == {"root", "line", "add"}

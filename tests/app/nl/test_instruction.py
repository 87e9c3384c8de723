"""Edit by instruction without the model: the pre-pass, ranked candidates, choices and reading answers back."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from app.graph.instruct import AddConstraint, AddLink, AddNode, ChangeClass, Remove, Select, ShowValue, apply_operations
from app.graph.model import PrototypeGraph
from app.graph.validate import validate_graph
from app.nl.instruction import build_prompt, describe_operation, edit_by_instruction, parse_instruction
from app.nl.instruction_candidates import candidate_edits, relation_phrase
from app.nl.instruction_choices import build_choices, operations_from_lines
from app.nl.instruction_rules import Reader, obvious_operations
from app.nl.instruction_terms import name_values
from grammar.edit_ops import edit_operations_grammar
from ontology_loaders import RDFS_LABEL, load_ontology

LIB = "http://protograph.example/library/"
LIBRARY = Path(__file__).resolve().parents[3] / "sample_ontologies" / "library_sample" / "ontology.ttl"


@pytest.fixture(scope="module")
def library():
    return load_ontology([LIBRARY])


def graph(nodes: dict[str, str], edges: list[tuple[str, str, str]] = ()) -> PrototypeGraph:
    return PrototypeGraph.model_validate({
        "nodes": [{"id": i, "class": LIB + c} for i, c in nodes.items()],
        "edges": [{"source": s, "link": LIB + link, "target": t} for s, link, t in edges]})


@pytest.fixture()
def translated() -> PrototypeGraph:
    return graph({"book_1": "Book", "author_1": "Author", "translator_1": "Translator"},
                 [("book_1", "writtenBy", "author_1"), ("book_1", "translatedBy", "translator_1")])


def test_removal_names_a_node_by_class_role_or_head_noun(library, translated):
    assert obvious_operations("drop the translator", translated, library) == [Remove(node="translator_1")]
    # "translated by" is the label of the link that ends at the translator: the link itself when a link is said
    assert obvious_operations("please remove the translated by link", translated, library) == [
        Remove(source="book_1", link=LIB + "translatedBy", target="translator_1")]
    loans = graph({"loan_1": "Loan", "member_1": "Member"}, [("loan_1", "borrower", "member_1")])
    assert obvious_operations("get rid of the member", loans, library) == [Remove(node="member_1")]
    assert obvious_operations("remove the borrower", loans, library) == [Remove(node="member_1")]
    # a removal that names nothing in the graph is not read as anything else
    assert obvious_operations("remove the population over 5", loans, library) is None


def test_ambiguous_nodes_are_left_alone_unless_an_ordinal_or_plural_settles_them(library):
    two = graph({"author_1": "Author", "author_2": "Author"}, [("author_1", "influencedBy", "author_2")])
    assert obvious_operations("hide the author", two, library) is None
    assert obvious_operations("hide the second author", two, library) == [Select(node="author_2", select=False)]
    assert obvious_operations("don't return the authors", two, library) == [
        Select(node="author_1", select=False), Select(node="author_2", select=False)]


def test_only_returning_one_node_hides_the_others(library, translated):
    assert obvious_operations("only return the translator", translated, library) == [
        Select(node="translator_1"), Select(node="book_1", select=False), Select(node="author_1", select=False)]


def test_class_changes_go_only_to_sub_or_super_classes(library, translated):
    assert obvious_operations("the author must be a novelist", translated, library) == [
        ChangeClass(node="author_1", class_=LIB + "Novelist")]
    assert obvious_operations("make the author a city", translated, library) is None


def test_conditions_read_comparison_value_and_year(library):
    novel = graph({"novel_1": "Novel"})
    assert obvious_operations("with a list price under 20", novel, library) == [
        AddConstraint(node="novel_1", property=LIB + "listPrice", operator="<", value="20")]
    author = graph({"author_1": "Author"})
    assert obvious_operations("with a birth date in 1950", author, library) == [
        AddConstraint(node="author_1", property=LIB + "birthDate", operator=">=", value="1950-01-01"),
        AddConstraint(node="author_1", property=LIB + "birthDate", operator="<=", value="1950-12-31")]
    city = graph({"city_1": "City"})
    assert obvious_operations("the city must be named Oslo", city, library) == [
        AddConstraint(node="city_1", property=RDFS_LABEL, value="Oslo")]


def test_a_new_node_joins_by_the_named_link_or_the_only_link_to_a_named_class(library):
    publisher = graph({"book_1": "Book", "publisher_1": "Publisher"}, [("book_1", "publishedBy", "publisher_1")])
    assert obvious_operations("the publisher must be based in Oxford", publisher, library) == [
        AddNode(id="city_1", class_=LIB + "City"), AddLink(source="publisher_1", link=LIB + "basedIn", target="city_1"),
        AddConstraint(node="city_1", property=RDFS_LABEL, value="Oxford")]
    author = graph({"author_1": "Author", "city_1": "City"}, [("author_1", "bornIn", "city_1")])
    assert obvious_operations("also the country of the city", author, library) == [
        AddNode(id="country_1", class_=LIB + "Country"), AddLink(source="city_1", link=LIB + "inCountry",
                                                                  target="country_1")]


def test_names_are_quoted_text_or_capitalised_words_after_the_first():
    assert name_values("The city is Bergen") == ["Bergen"]
    assert name_values('titled "the long way"') == ["the long way"]
    assert name_values("drop the child") == []


def test_candidates_rank_the_term_by_the_relation_words(library):
    novel = graph({"novel_1": "Novel"})
    reader = Reader("with more than 400 pages", novel, library)
    assert relation_phrase(reader) == "pages"
    found = candidate_edits("with more than 400 pages", novel, library)
    assert found[0].operations == (AddConstraint(node="novel_1", property=LIB + "pageCount", operator=">",
                                                 value="400"),)
    assert 1 < len(found) <= 4 and all(c.score <= found[0].score for c in found)
    # a year after "after" bounds a date, never a number
    dated = candidate_edits("published after 2010", novel, library)
    assert {c.operations[0].value for c in dated} == {"2010-12-31"}
    assert dated[0].term == LIB + "publicationDate"


def test_choices_offer_valid_lines_and_answers_read_back(library, translated):
    choices, maps = build_choices("the book should win an award", translated, library)
    assert maps.new_nodes == {"award_1": LIB + "Award"}
    assert "won award" in choices.links[("book_1", "award_1")]
    assert ("author_1", "award_1") not in choices.links  # no link joins an author to an award
    assert ("book_1", "author_1") not in choices.links  # its only link, "written by", is drawn already
    assert "add award_1 award" in edit_operations_grammar(choices)
    ops, skipped = operations_from_lines(
        ["link book_1 won award award_1", "hide author_1", "link book_1 flies to author_1"], maps, translated, library)
    # the new node is added before the line that names it; a line the choices do not know is skipped
    assert ops == [AddNode(id="award_1", class_=LIB + "Award"),
                   AddLink(source="book_1", link=LIB + "wonAward", target="award_1"),
                   Select(node="author_1", select=False)]
    assert skipped == ["link book_1 flies to author_1"]


def test_every_operation_has_a_line_the_choices_read_back(library, translated):
    ops = obvious_operations("the publisher must be based in Oxford",
                             graph({"publisher_1": "Publisher"}), library)
    assert [describe_operation(op, library) for op in ops] == [
        "add city_1 city", "link publisher_1 based in city_1", "require city_1 name = Oxford"]
    prompt = build_prompt(translated, "drop the translator", library, bos="<bos>")
    assert prompt.startswith("<bos>Edit a query graph")
    assert prompt.endswith("Graph:\nbook_1 (book)\nauthor_1 (author)\ntranslator_1 (translator)\n"
                           "book_1 written by author_1\nbook_1 translated by translator_1\n"
                           "Instruction: drop the translator\nEdit:")


def test_edit_by_instruction_applies_and_reports_the_difference(library, translated):
    resources = SimpleNamespace(ontology=library, index=None)
    result = edit_by_instruction("drop the translator", translated, resources, use_model=False)
    assert result.via == "rules" and result.lines == ["remove translator_1"]
    assert result.diff.removed_nodes == ("translator_1",) and len(result.diff.removed_edges) == 1
    assert result.graph.node("translator_1") is None and not validate_graph(result.graph, library).messages()
    assert set(result.timings_ms) == {"parse", "apply"}
    ranked = edit_by_instruction("with more than 400 pages", graph({"novel_1": "Novel"}), resources, use_model=False)
    assert ranked.via == "ranked" and ranked.diff.changed_nodes == ("novel_1",)


def test_an_instruction_nothing_reads_changes_nothing(library, translated):
    ops, via, notes = parse_instruction("sing me a song", translated, library)
    assert (ops, via) == ([], "none") and "not understood" in notes[0]
    assert parse_instruction("   ", translated, library)[2] == ["the instruction is empty"]


def test_a_model_answer_that_leaves_a_new_node_unjoined_is_not_taken(library, translated):
    from app.nl.instruction import _adds_a_loose_node

    loose = [AddNode(id="award_1", class_=LIB + "Award")]
    joined = [*loose, AddLink(source="book_1", link=LIB + "wonAward", target="award_1")]
    assert _adds_a_loose_node(translated, loose, library)
    assert not _adds_a_loose_node(translated, joined, library)
    assert not _adds_a_loose_node(PrototypeGraph(), loose, library)  # on an empty canvas a lone node is the start


def test_the_instruction_sets_are_built_from_their_cases(library):
    from benchmarks.instructions.build_instructions import HERE, build
    from benchmarks.instructions.cases import LIBRARY_CASES

    records = build("library", LIBRARY_CASES)
    stored = [json.loads(line) for line in (HERE / "library.jsonl").read_text(encoding="utf-8").splitlines()]
    assert records == stored and len(records) >= 30
    assert {r["split"] for r in records} == {"dev", "test"}
    assert all(r["graph"] != r["gold"] for r in records)  # every instruction asks for a change


def test_a_removal_that_names_nothing_is_never_read_as_another_edit(library):
    novel = graph({"novel_1": "Novel"})
    # "over 400" would make a page-count candidate; a removal must not turn into adding a condition
    ops, via, notes = parse_instruction("remove the thing with over 400 pages", novel, library)
    assert (ops, via) == ([], "none") and "name it by its id" in notes[0]


def test_showing_an_attribute_returns_its_value_beside_its_node(library, translated):
    ops = obvious_operations("also show the page count of the book", translated, library)
    assert ops == [ShowValue(node="book_1", property=LIB + "pageCount")]
    shown = apply_operations(translated, ops, library)
    assert shown.node("book_1").shown == (LIB + "pageCount",)
    assert apply_operations(shown, ops, library) == shown  # asked twice, shown once
    assert describe_operation(ops[0], library) == "show book_1 page count"
    # "show" with no attribute still selects; an attribute no node has is left to the model
    assert obvious_operations("show the authors", translated, library) == [Select(node="author_1", select=True)]
    assert obvious_operations("show the late fee", translated, library) is None

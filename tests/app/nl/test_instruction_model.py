"""Edit by instruction with the real default model: its grammars parse in llama.cpp and its answers always apply."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.graph.instruct import apply_operations
from app.graph.model import PrototypeGraph
from app.graph.validate import validate_graph
from app.nl.instruction import parse_instruction
from app.nl.instruction_candidates import candidate_edits
from app.nl.instruction_choices import build_choices
from app.nl.instruction_rules import obvious_operations
from grammar.edit_ops import edit_operations_grammar
from ontology_loaders import load_ontology

pytest.importorskip("llama_cpp")

LIB = "http://protograph.example/library/"
LIBRARY = Path(__file__).resolve().parents[3] / "sample_ontologies" / "library_sample" / "ontology.ttl"


@pytest.fixture(scope="module")
def backend():
    from app.nl.llm import default_model_path
    from grammar.llamacpp import LlamaCppBackend

    llm = LlamaCppBackend(default_model_path(Path.home() / ".cache" / "protograph" / "models"))
    yield llm
    llm.close()


@pytest.fixture(scope="module")
def library():
    return load_ontology([LIBRARY])


@pytest.fixture()
def loan() -> PrototypeGraph:
    return PrototypeGraph.model_validate({
        "nodes": [{"id": "loan_1", "class": LIB + "Loan"}, {"id": "member_1", "class": LIB + "Member"}],
        "edges": [{"source": "loan_1", "link": LIB + "borrower", "target": "member_1"}]})


def test_the_edit_grammar_parses_in_llama_cpp(backend, library, loan):
    choices, _ = build_choices('a "quoted" \\ award called "Prix \\ Goncourt"', loan, library)
    backend.complete("x", grammar=edit_operations_grammar(choices), max_tokens=2, timeout_s=300)


@pytest.mark.parametrize("instruction", ["the member should also be a librarian somewhere",
                                         "and what was borrowed, please"])
def test_whatever_the_model_answers_applies_and_stays_valid(backend, library, loan, instruction):
    # Neither the pre-pass nor a candidate shape reads these: the model writes the operations under the grammar.
    assert obvious_operations(instruction, loan, library) is None and candidate_edits(instruction, loan, library) == []
    ops, via, notes = parse_instruction(instruction, loan, library, llm=lambda: backend, timeout_s=300)
    assert via in {"model", "none"}
    after = apply_operations(loan, ops, library)
    assert validate_graph(after, library).messages() == []
    assert not [n for n in notes if n.startswith("skipped")]  # every line the grammar let through was read back


def test_the_model_chooses_one_of_the_candidates(backend, library):
    novel = PrototypeGraph.model_validate({"nodes": [{"id": "novel_1", "class": LIB + "Novel"}]})
    candidates = candidate_edits("with more than 400 pages", novel, library)
    ops, via, _ = parse_instruction("with more than 400 pages", novel, library, llm=lambda: backend,
                                    timeout_s=300, choose_by_model=True)
    assert via == "model" and tuple(ops) in {c.operations for c in candidates}

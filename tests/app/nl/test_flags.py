"""Yes/no attributes said as words, on the two samples' ontologies (pure; no model, no store)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.graph.model import Node, PrototypeGraph
from app.nl.flags import read_flags, says_a_flag
from app.nl.words import tokens_of
from ontology_loaders import load_ontology

SAMPLES = Path(__file__).resolve().parents[3] / "sample_ontologies"
LIB = "http://protograph.example/library/"
CO = "http://protograph.example/company/"


@pytest.fixture(scope="module")
def company():
    return load_ontology([SAMPLES / "company_sample" / "ontology.ttl"])


@pytest.fixture(scope="module")
def library():
    return load_ontology([SAMPLES / "library_sample" / "ontology.ttl"])


def _flags(question: str, class_iri: str, ontology, named=None) -> list[tuple[str, object]]:
    tokens = tokens_of(question)
    graph = PrototypeGraph(nodes=(Node(id="thing", class_=class_iri),))
    found = read_flags(tokens, graph, {"thing": (0, 1)}, ontology, named or [False] * len(tokens))
    return [(c.property, c.value) for _, c, _ in found]


@pytest.mark.parametrize(("sample", "question", "class_iri", "expected"), [
    ("company", "unpaid invoices", CO + "Invoice", [(CO + "paid", False)]),
    ("company", "invoices that were paid", CO + "Invoice", [(CO + "paid", True)]),
    ("company", "preferred suppliers in Germany", CO + "Supplier", [(CO + "preferred", True)]),  # the class's word
    ("company", "Which employees are not full-time?", CO + "Employee", [(CO + "fullTime", False)]),
    ("library", "branches without a cafe", LIB + "Branch", [(LIB + "hasCafe", False)]),  # no accent needed
    ("library", "branches that have a café", LIB + "Branch", [(LIB + "hasCafe", True)]),
    ("library", "overdue loans", LIB + "Loan", [(LIB + "isOverdue", True)]),
    ("company", "invoices by amount", CO + "Invoice", []),
])
def test_a_yes_no_attribute_said_in_words_is_a_condition(request, sample, question, class_iri, expected) -> None:
    assert _flags(question, class_iri, request.getfixturevalue(sample)) == expected


def test_a_flag_word_inside_a_name_says_nothing(company) -> None:
    question = "invoices of Preferred Paid Holdings"
    named = [False, False, True, True, True]
    assert _flags(question, CO + "Invoice", company, named) == []


def test_a_lone_class_with_a_flag_is_read_by_the_evidence_draft(company) -> None:
    assert says_a_flag(tokens_of("How many invoices are unpaid?"), CO + "Invoice", company)
    assert not says_a_flag(tokens_of("How many invoices are there?"), CO + "Invoice", company)

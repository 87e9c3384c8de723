"""Status words read from a real embedded store: the few values a text attribute takes."""

from __future__ import annotations

import pytest

from app.graph.model import Node, PrototypeGraph
from app.nl.words import tokens_of
from app.nl.values import MAX_VALUES, read_values, says_a_value, value_words
from app.query.embedded import EmbeddedStore
from ontology_loaders.model import Attribute, Ontology, OntologyClass

EX = "http://example.org/"
XSD = "http://www.w3.org/2001/XMLSchema#"


@pytest.fixture(scope="module")
def ontology() -> Ontology:
    return Ontology(classes=(OntologyClass(iri=EX + "Order", label="order"),
                             OntologyClass(iri=EX + "Person", label="person")),
                    attributes=(Attribute(iri=EX + "status", label="status", domain=EX + "Order", range=XSD + "string"),
                                Attribute(iri=EX + "note", label="note", domain=EX + "Order", range=XSD + "string")))


@pytest.fixture(scope="module")
def store() -> EmbeddedStore:
    statuses = ["open", "shipped", "on hold", "open"]
    lines = [f'<{EX}o{i}> a <{EX}Order> ; <{EX}status> "{s}" .' for i, s in enumerate(statuses)]
    # a free-text attribute: more values than a status has
    lines += [f'<{EX}o{i}> <{EX}note> "remark number {i}" .' for i in range(MAX_VALUES + 5)]
    lines.append(f'<{EX}o0> <http://www.w3.org/2000/01/rdf-schema#label> "open" .')  # a label is no attribute
    return EmbeddedStore(data="\n".join(lines))


def _read(question: str, ontology, store) -> list[tuple[str, str]]:
    tokens = tokens_of(question)
    graph = PrototypeGraph(nodes=(Node(id="order_1", class_=EX + "Order"),))
    found = read_values(tokens, graph, {"order_1": (1, 2)}, ontology, [False] * len(tokens),
                        value_words(store, ontology))
    return [(c.property, c.value) for _, c, _ in found]


def test_only_few_valued_text_attributes_count(ontology, store) -> None:
    words = value_words(store, ontology)
    assert set(words) == {("open",), ("shipped",), ("on", "hold")}
    assert words[("open",)] == [(EX + "status", "open")]


def test_a_status_word_becomes_a_condition_on_the_thing_that_has_it(ontology, store) -> None:
    assert _read("open orders", ontology, store) == [(EX + "status", "open")]
    assert _read("orders on hold", ontology, store) == [(EX + "status", "on hold")]
    assert _read("orders by date", ontology, store) == []
    assert says_a_value(tokens_of("shipped orders"), EX + "Order", ontology, value_words(store, ontology))
    assert not says_a_value(tokens_of("shipped people"), EX + "Person", ontology, value_words(store, ontology))


def test_a_store_that_fails_gives_no_words(ontology) -> None:
    class Broken:
        def select(self, query: str, *, timeout: float | None = None):
            raise OSError("gone")

    assert value_words(Broken(), ontology) == {}

"""Values asked beside things ("employees with their job titles"), on three ontologies and a real store."""

from __future__ import annotations

import pytest

from app.graph.validate import validate_graph
from app.nl.pipeline import extract_graph
from app.query.embedded import EmbeddedStore
from components.text2sparql import pipeline_query

D = "http://dbpedia.org/ontology/"
LIB = "http://protograph.example/library/"
CO = "http://protograph.example/company/"


@pytest.mark.parametrize(("sample", "question", "node_class", "attribute"), [
    ("company", "List employees with their job titles.", CO + "Employee", CO + "jobTitle"),
    ("company", "Show all products and their prices.", CO + "Product", CO + "listPrice"),
    ("library", "List all books with their page counts.", LIB + "Book", LIB + "pageCount"),
    # an amount is a value beside the thing, no Population; the cities have it, not Germany
    ("dbpedia", "List all cities in Germany with their population.", D + "City", D + "populationTotal"),
])
def test_a_value_asked_beside_a_thing_is_shown_on_it(request, sample, question, node_class, attribute) -> None:
    resources = request.getfixturevalue(sample)
    result = extract_graph(question, resources)
    [node] = [n for n in result.graph.nodes if n.shown]
    assert (node.class_, node.shown) == (node_class, (attribute,))
    assert not any(n.class_ == D + "Population" for n in result.graph.nodes)
    assert validate_graph(result.graph, resources.ontology).ok
    assert any(key.startswith(f"{node.id} shows") for key in result.evidence)


def test_words_that_name_a_link_stay_things(company) -> None:
    # "their departments" are things the relation reaches, not a value
    graph = extract_graph("List the employees and their departments.", company).graph
    assert not any(n.shown for n in graph.nodes) and {n.class_ for n in graph.nodes} == {CO + "Employee",
                                                                                        CO + "Department"}


def test_the_shown_value_is_in_the_answer_on_the_real_store(company) -> None:
    store = EmbeddedStore([company.settings.kg[0]])
    try:
        rows = store.select(pipeline_query("List employees with their job titles.", company)).bindings
        titles = store.select(f"SELECT DISTINCT ?t WHERE {{ ?e <{CO}jobTitle> ?t }}").bindings
    finally:
        store.close()
    assert rows and {r["employee_1_jobTitle"]["value"] for r in rows} == {r["t"]["value"] for r in titles}

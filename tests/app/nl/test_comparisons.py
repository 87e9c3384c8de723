"""Comparisons read from the question: the words and numbers alone, then typed against three ontologies."""

from pathlib import Path

import pytest

from app.graph.validate import validate_graph
from app.nl.comparisons import find_comparisons
from app.nl.pipeline import extract_graph
from app.query.embedded import EmbeddedStore
from app.resources import get_resources
from app.settings import Settings
from components.text2sparql import pipeline_query
from ontology_loaders import RDFS_LABEL

SAMPLES = Path(__file__).resolve().parents[3] / "sample_ontologies"
D = "http://dbpedia.org/ontology/"
LIB = "http://protograph.example/library/"
CO = "http://protograph.example/company/"


@pytest.mark.parametrize(("question", "bounds"), [
    ("books with more than 800 pages", ((">", 800),)),
    ("cities with over 1,500,000 inhabitants", ((">", 1500000),)),
    ("cities with more than a million inhabitants", ((">", 1000000),)),
    ("orders of at most 20 items", (("<=", 20),)),
    ("films with a budget of at least $80 million", ((">=", 80000000),)),
    ("cars that cost under € 9,000", (("<", 9000),)),
    ("members who joined after 2020", ((">", "2020-12-31"),)),
    ("novels that came out before 1970", (("<", "1970-01-01"),)),
    ("employees hired in 2023", ((">=", "2023-01-01"), ("<=", "2023-12-31"))),
])
def test_comparison_words_give_typed_bounds(question, bounds) -> None:
    [comparison] = find_comparisons(question)
    assert comparison.bounds == bounds


def test_no_comparison_in_a_plain_question() -> None:
    assert find_comparisons("Which films did Stanley Kubrick direct?") == []
    assert find_comparisons("Apollo 14 astronauts") == []


def _resources(name: str):
    folder = SAMPLES / name
    return get_resources(Settings(ontology=[folder / "ontology.ttl"], kg=[folder / "data.ttl"]))


@pytest.mark.parametrize(("sample", "question", "node_class", "attribute", "op", "value"), [
    ("library_sample", "Members who joined after 2020", LIB + "Member", LIB + "joinDate", ">", "2020-12-31"),
    ("company_sample", "Teams led by managers hired before 2010", CO + "Manager", CO + "hireDate", "<",
     "2010-01-01"),
    ("company_sample", "Open orders worth more than 50000 euros", CO + "SalesOrder", CO + "netValue", ">", 50000),
])
def test_a_comparison_constrains_the_attribute_it_speaks_of(sample, question, node_class, attribute, op,
                                                            value) -> None:
    resources = _resources(sample)
    result = extract_graph(question, resources)
    node = next(n for n in result.graph.nodes if n.class_ == node_class)
    [constraint] = [c for c in node.constraints if c.property == attribute]
    assert (constraint.op.value, constraint.value) == (op, value)
    assert constraint.datatype == resources.ontology.get_attribute(attribute).range  # typed by the ontology
    assert any(k.startswith(f"{node.id} {attribute}") for k in result.evidence)


def test_a_number_never_constrains_a_text_or_date_attribute(dbo_path) -> None:
    from ontology_loaders.vocab import DatatypeKind, datatype_kind

    resources = get_resources(Settings(ontology=[dbo_path], kg=[]))
    graph = extract_graph("Mountains higher than 8000 metres", resources).graph
    [mountain] = graph.nodes
    [constraint] = mountain.constraints
    assert constraint.op.value == ">" and constraint.value == 8000
    assert datatype_kind(resources.ontology.get_attribute(constraint.property).range) is DatatypeKind.NUMBER


@pytest.mark.parametrize(("question", "bounds"), [
    ("Which bands were formed in 1990?", {(">=", "1990"), ("<=", "1990")}),
    # "born after 1945" bounds the birth date, which the verb names as written (test_readings rd046)
    ("Which organisations were founded before 1950?", {("<", "1950")}),
])
def test_a_year_on_a_year_attribute_is_a_year_and_the_draft_stays_valid(dbo_path, question, bounds) -> None:
    from app.graph.validate import validate_graph

    resources = get_resources(Settings(ontology=[dbo_path], kg=[]))
    graph = extract_graph(question, resources).graph
    [node] = graph.nodes
    assert {(c.op.value, c.value) for c in node.constraints} == bounds
    assert all(c.datatype.endswith("#gYear") for c in node.constraints)
    assert validate_graph(graph, resources.ontology).ok


@pytest.mark.parametrize(("question", "attribute", "bounds"), [
    # the event verb says which date: born is a birth date, not the hire date the embedder prefers
    ("Employees born after 1990", CO + "birthDate", {(">", "1990-12-31")}),
    # a year held as a whole number takes the year itself
    ("Companies founded before 1950", CO + "foundingYear", {("<", 1950)}),
])
def test_an_event_verb_says_which_date_and_a_year_fits_a_year_number(question, attribute, bounds) -> None:
    resources = get_resources(Settings(ontology=[SAMPLES / "company_sample" / "ontology.ttl"],
                                       kg=[SAMPLES / "company_sample" / "data.ttl"]))
    [node] = extract_graph(question, resources).graph.nodes
    assert {c.property for c in node.constraints} == {attribute}
    assert {(c.op.value, c.value) for c in node.constraints} == bounds


@pytest.mark.parametrize(("question", "node_class", "attribute", "value"), [
    # no class is labelled "employee" or "inhabitant": the noun after the number is what is counted
    ("Which companies have more than 50000 employees?", D + "Company", D + "numberOfEmployees", 50000),
    ("cities with more than a million inhabitants", D + "City", D + "populationTotal", 1_000_000),
])
def test_a_number_of_things_no_class_names_bounds_the_attribute_that_counts_them(dbo_path, question, node_class,
                                                                                attribute, value) -> None:
    resources = get_resources(Settings(ontology=[dbo_path], kg=[]))
    [node] = extract_graph(question, resources).graph.nodes
    assert node.class_ == node_class
    assert [(c.property, c.op.value, c.value) for c in node.constraints] == [(attribute, ">", value)]


@pytest.mark.parametrize(("question", "bounds"), [
    ("writers born in the 19th century", (((">=", "1800-01-01"), ("<=", "1899-12-31")),)),
    ("films released in the 1990s", (((">=", "1990-01-01"), ("<=", "1999-12-31")),)),
    ("cities with more than one million inhabitants", (((">", 1_000_000),),)),
    ("countries with over ten caves", (((">", 10),),)),
])
def test_periods_and_numbers_in_words_are_bounds(question, bounds) -> None:
    assert tuple(c.bounds for c in find_comparisons(question)) == bounds


def test_what_follows_a_thing_in_a_place_compares_that_thing(dbo_path) -> None:
    resources = get_resources(Settings(ontology=[dbo_path], kg=[]))
    for question in ("Give me all cities in Texas with more than 500000 inhabitants.",
                     "Mountains in Nepal higher than 8000 metres",
                     # a named thing is one thing: no bound selects among it
                     "Give me all films produced by Steven Spielberg with a budget of at least $80 million."):
        graph = extract_graph(question, resources).graph
        compared = [n for n in graph.nodes if any(c.property != RDFS_LABEL for c in n.constraints)]
        assert [n.id for n in compared] == [graph.nodes[0].id], question  # the cities, the mountains
        assert len(graph.edges) == 1


def test_a_number_before_a_class_word_counts_things_and_bounds_no_attribute(dbo_path) -> None:
    # "more than ten caves" asks a count of caves, which no attribute of a country or a cave holds
    resources = get_resources(Settings(ontology=[dbo_path], kg=[]))
    graph = extract_graph("Which countries have more than ten caves?", resources).graph
    assert not any(n.constraints for n in graph.nodes)
    # each country's caves are counted, and only countries above ten kept
    assert graph.aggregation is not None and graph.node(graph.aggregation.count).class_ == D + "Cave"
    assert [graph.node(n).class_ for n in graph.aggregation.group_by] == [D + "Country"]
    assert (graph.aggregation.having.op.value, graph.aggregation.having.value) == (">", 10)


@pytest.mark.parametrize(("sample", "question", "counted", "per", "op", "value"), [
    ("company_sample", "Which departments have more than 5 employees?", CO + "Employee", CO + "Department", ">", 5),
    ("company_sample", "Which customers placed more than 3 orders?", CO + "SalesOrder", CO + "Customer", ">", 3),
    # worded in labels ("supplied by"), yet the count is read; "one" before a singular noun counts it
    ("company_sample", "Which products are supplied by more than one supplier?", CO + "Supplier", CO + "Product",
     ">", 1),
    ("library_sample", "Which authors wrote more than three books?", LIB + "Book", LIB + "Author", ">", 3),
    ("library_sample", "Branches with fewer than 5 librarians", LIB + "Librarian", LIB + "Branch", "<", 5),
    ("library_sample", "Members who borrowed at least 2 books", LIB + "Book", LIB + "Member", ">=", 2),
])
def test_a_number_of_things_said_of_a_thing_is_a_condition_on_its_count(sample, question, counted, per, op,
                                                                         value) -> None:
    resources = _resources(sample)
    result = extract_graph(question, resources)
    aggregation = result.graph.aggregation
    assert aggregation is not None and result.graph.node(aggregation.count).class_ == counted
    assert [result.graph.node(n).class_ for n in aggregation.group_by] == [per]
    assert (aggregation.having.op.value, aggregation.having.value) == (op, value)
    # a count of things is no attribute's bound, nor a sort ("at least" is no superlative)
    assert not any(n.constraints for n in result.graph.nodes) and not result.graph.order_by
    assert validate_graph(result.graph, resources.ontology).ok
    assert f"count {aggregation.count}" in result.evidence


def test_a_count_condition_within_a_count_is_left_out_and_said() -> None:
    resources = _resources("company_sample")
    result = extract_graph("How many departments have more than 5 employees?", resources)
    assert result.graph.aggregation is not None and result.graph.aggregation.having is None
    assert any("count within a count" in m for m in result.messages)


def test_the_answer_to_a_count_condition_on_the_real_store() -> None:
    resources = _resources("company_sample")
    store = EmbeddedStore([resources.settings.kg[0]])
    try:
        rows = store.select(pipeline_query("Which departments have more than 10 employees?", resources)).bindings
        # the same count written by hand: whoever works in a department
        truth = store.select(f"SELECT ?d WHERE {{ ?e <{CO}worksIn> ?d }} GROUP BY ?d "
                             "HAVING (COUNT(DISTINCT ?e) > 10)").bindings
    finally:
        store.close()
    departments = {r["department_1"]["value"] for r in rows}
    assert departments == {r["d"]["value"] for r in truth} and len(departments) == 3
    assert all(int(r["count"]["value"]) > 10 for r in rows)

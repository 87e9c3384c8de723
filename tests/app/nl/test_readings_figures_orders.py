"""English readings of session 20 on the evidence path: figures asked of a named thing's members, orders said
outright, ranges of numbers, counts a thing has as a value, names said before a class word. Real embedder,
real stores; no language model call where the evidence decides.
"""

from __future__ import annotations

import pytest

from app.graph.model import AggregateFunction
from app.nl.pipeline import extract_graph

D = "http://dbpedia.org/ontology/"
LIB = "http://protograph.example/library/"
CO = "http://protograph.example/company/"


@pytest.mark.parametrize(("question", "ontology", "function", "attribute", "member", "link"), [
    ("What is the highest salary in the Finance department?", "company", "max", CO + "salary", CO + "Employee",
     CO + "worksIn"),
    ("What is the average salary in the Finance department?", "company", "avg", CO + "salary", CO + "Employee",
     CO + "worksIn"),
    ("What is the average page count in the Crime genre?", "library", "avg", LIB + "pageCount", LIB + "Book",
     LIB + "hasGenre"),
])
def test_rd109_a_figure_in_a_named_thing_is_of_the_things_one_link_joins_to_it(request, question, ontology, function,
                                                                              attribute, member, link) -> None:
    graph = extract_graph(question, request.getfixturevalue(ontology)).graph
    counted = graph.node(graph.aggregation.count)
    assert (graph.aggregation.function.value, graph.aggregation.property) == (function, attribute)
    assert counted.class_ == member and graph.aggregation.group_by == ()
    [edge] = graph.edges
    assert edge.link == link and counted.id in (edge.source, edge.target)
    assert [n.instances for n in graph.nodes if n.id != counted.id][0]  # the named thing stays pinned


@pytest.mark.parametrize(("question", "ontology", "function", "attribute"), [
    ("What is the highest salary of engineers?", "company", AggregateFunction.MAX, CO + "salary"),
    ("What is the lowest list price of hardware products?", "company", AggregateFunction.MIN, CO + "listPrice"),
    ("How much do engineers earn on average?", "company", AggregateFunction.AVG, CO + "salary"),
    ("What is the highest page count of novels?", "library", AggregateFunction.MAX, LIB + "pageCount"),
])
def test_rd110_a_superlative_or_on_average_said_of_an_asked_value_is_one_figure(request, question, ontology, function,
                                                                                attribute) -> None:
    graph = extract_graph(question, request.getfixturevalue(ontology)).graph
    assert (graph.aggregation.function, graph.aggregation.property) == (function, attribute)
    assert not graph.order_by and graph.limit is None and len(graph.nodes) == 1


@pytest.mark.parametrize(("question", "ontology", "counted", "per", "function"), [
    ("What is the average salary by department?", "company", CO + "Employee", CO + "Department", "avg"),
    ("How many orders are there by customer?", "company", CO + "SalesOrder", CO + "Customer", "count"),
    # the page count is a book's, a kind of the creative works a genre is declared for
    ("What is the average page count by genre?", "library", LIB + "Book", LIB + "Genre", "avg"),
    ("What is the average page count of books by genre?", "library", LIB + "Book", LIB + "Genre", "avg"),
])
def test_rd111_by_a_class_word_ending_the_question_gives_one_figure_each(request, question, ontology, counted, per,
                                                                         function) -> None:
    graph = extract_graph(question, request.getfixturevalue(ontology)).graph
    assert graph.node(graph.aggregation.count).class_ == counted
    assert [graph.node(g).class_ for g in graph.aggregation.group_by] == [per]
    assert graph.aggregation.function.value == function


def test_rd111_by_a_name_is_no_group(library) -> None:
    graph = extract_graph("What is the average page count of books by Beatrix Lindqvist?", library).graph
    assert graph.aggregation.function is AggregateFunction.AVG and graph.aggregation.group_by == ()


@pytest.mark.parametrize("question", ["How many employees does Vireo Labs have?",
                                      "What is the number of employees of Vireo Labs?"])
def test_rd112_a_count_a_named_thing_has_as_a_value_is_shown(company, question) -> None:
    graph = extract_graph(question, company).graph
    [node] = graph.nodes
    assert node.shown == (CO + "headcount",) and graph.aggregation is None


@pytest.mark.parametrize("question", ["How many employees does each department have?",
                                      "What is the number of employees of each department?"])
def test_rd112_a_count_of_each_things_members_is_still_counted(company, question) -> None:
    graph = extract_graph(question, company).graph
    assert graph.node(graph.aggregation.count).class_ == CO + "Employee"
    assert [graph.node(g).class_ for g in graph.aggregation.group_by] == [CO + "Department"]


@pytest.mark.parametrize(("question", "ontology", "link", "name"), [
    ("Which teams are part of the Research and Development department?", "company", CO + "partOf",
     "Research_and_Development"),
    ("Which employees work in the Human Resources department?", "company", CO + "worksIn", "Human_Resources"),
])
def test_rd113_a_name_of_several_words_before_its_class_word_is_one_of_that_class(request, question, ontology, link,
                                                                                  name) -> None:
    graph = extract_graph(question, request.getfixturevalue(ontology)).graph
    [edge] = graph.edges
    assert edge.link == link and graph.node(edge.target).instances[0].endswith(name)


def test_rd113_a_capitalised_class_word_after_a_long_name_is_the_names_own(dbpedia) -> None:
    graph = extract_graph("What is the Ceremonial County of Port of Tilbury?", dbpedia).graph
    assert D + "Port" not in {n.class_ for n in graph.nodes}
    assert [e.link for e in graph.edges] == [D + "ceremonialCounty"]


def test_rd114_have_been_a_class_word_says_what_they_are(company) -> None:
    graph = extract_graph("Which customers have been customers since before 2015?", company).graph
    [node] = graph.nodes
    assert node.class_ == CO + "Customer" and [c.property for c in node.constraints] == [CO + "customerSince"]


@pytest.mark.parametrize(("question", "attribute"), [("What is the average rating of fantasy novels?",
                                                      LIB + "averageRating"),
                                                     ("What is the page count of crime novels?", LIB + "pageCount")])
def test_rd115_a_value_of_things_a_known_thing_describes_is_theirs(library, question, attribute) -> None:
    graph = extract_graph(question, library).graph
    [shown] = [n for n in graph.nodes if n.shown]
    assert shown.class_ == LIB + "Novel" and shown.shown == (attribute,)


@pytest.mark.parametrize(("question", "triple"), [
    ("Laozi authored which book?", (D + "Book", D + "author", D + "Person")),
])
def test_rd116_a_statement_asking_in_place_begins_with_a_name(dbpedia, triples, question, triple) -> None:
    assert triple in triples(extract_graph(question, dbpedia).graph)


def test_rd116_a_command_before_who_is_no_name(dbpedia) -> None:
    graph = extract_graph("Count all the universities who participated in the tournament", dbpedia).graph
    assert not any(c.value == "Count" for n in graph.nodes for c in n.constraints)


@pytest.mark.parametrize(("question", "link"), [
    ("Which instruments are played by Jimi Hendrix?", D + "instrument"),
    ("What sports are played at Vishwajyot High School?", D + "sport"),
    ("What movies does Jesse Eisenberg play in?", D + "starring"),  # "movie" names no link the verb means
])
def test_rd117_the_class_asked_says_which_of_a_light_verbs_relations_is_meant(dbpedia, question, link) -> None:
    assert [e.link for e in extract_graph(question, dbpedia).graph.edges] == [link]


@pytest.mark.parametrize(("question", "ontology", "attribute", "low", "high"), [
    ("Which employees have a salary between 50000 and 70000?", "company", CO + "salary", 50000, 70000),
    ("Which products cost between 100 and 500 euros?", "company", CO + "listPrice", 100, 500),
    ("Which books have a page count between 200 and 300?", "library", LIB + "pageCount", 200, 300),
])
def test_rd118_between_two_numbers_bounds_both_ways(request, question, ontology, attribute, low, high) -> None:
    graph = extract_graph(question, request.getfixturevalue(ontology)).graph
    bounds = {(c.property, c.op.value, c.value) for n in graph.nodes for c in n.constraints}
    assert bounds == {(attribute, ">=", low), (attribute, "<=", high)}


@pytest.mark.parametrize(("question", "ontology", "attribute", "descending", "limit"), [
    ("Show the top 5 customers by annual revenue.", "company", CO + "revenue", True, 5),
    ("List the products sorted by list price.", "company", CO + "listPrice", False, None),
    ("Show the projects ranked by budget in descending order", "company", CO + "budget", True, None),
    ("Give me the three most expensive hardware products.", "company", CO + "listPrice", True, 3),
    ("List the books sorted by page count, highest first", "library", LIB + "pageCount", True, None),
    ("Which are the top 3 books by average rating?", "library", LIB + "averageRating", True, 3),
])
def test_rd119_an_order_said_outright_sorts_and_keeps_as_many_as_said(request, question, ontology, attribute,
                                                                      descending, limit) -> None:
    graph = extract_graph(question, request.getfixturevalue(ontology)).graph
    [order] = graph.order_by
    assert (order.property, order.descending, graph.limit) == (attribute, descending, limit)


def test_rd120_the_same_thing_as_a_name_drops_the_way_as_alone_was_read_as(company) -> None:
    result = extract_graph("Which suppliers are located in the same country as Kestrel Components?", company)
    classes = sorted(n.class_.rsplit("/", 1)[-1] for n in result.graph.nodes)
    assert classes == ["City", "City", "Country", "Supplier", "Supplier"]
    assert not any("left out" in m for m in result.messages)


@pytest.mark.parametrize(("question", "ontology", "attribute"), [
    ("How many hardware products cost more than 1000?", "company", CO + "listPrice"),
    ("Which employees earn more than 80000?", "company", CO + "salary"),
    ("Which books cost less than 15?", "library", LIB + "listPrice"),
])
def test_rd121_a_verb_of_amount_before_a_bound_says_what_is_bounded(request, question, ontology, attribute) -> None:
    graph = extract_graph(question, request.getfixturevalue(ontology)).graph
    assert [c.property for n in graph.nodes for c in n.constraints] == [attribute]


@pytest.mark.parametrize(("question", "negated"), [("Which products have never been ordered?", True),
                                                   ("Which products have been ordered?", False)])
def test_rd122_a_passive_ending_the_question_reaches_the_record_its_verb_names(company, question, negated) -> None:
    # no link is labelled with "order"; the class "sales order" records the act, and its link reaches products
    graph = extract_graph(question, company).graph
    [edge] = graph.edges
    assert (graph.node(edge.source).class_, edge.link, graph.node(edge.target).class_) == (
        CO + "SalesOrder", CO + "orderItem", CO + "Product")
    assert edge.negated is negated


@pytest.mark.parametrize("question", ["Which employees work in Project Atlas?",
                                      "Which employees work in both Project Atlas and Project Beacon?"])
def test_rd123_a_direct_link_whose_comment_says_the_verb_beats_a_way_through_another(company, question) -> None:
    # "work in" means an employer or a workplace, but a project reaches its participants ("a person who works
    # on the project") directly, not through the employees of its client
    graph = extract_graph(question, company).graph
    assert {e.link for e in graph.edges} == {CO + "participant"}
    assert {n.class_ for n in graph.nodes} == {CO + "Employee", CO + "Project"}


def test_rd123_a_place_is_still_reached_through_where_they_work(library) -> None:
    graph = extract_graph("Which librarians work in Tartu?", library).graph
    assert [e.link for e in graph.edges] == [LIB + "worksAt", LIB + "locatedIn"]

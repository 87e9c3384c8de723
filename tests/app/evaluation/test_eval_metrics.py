"""The graph metrics against cases computed by hand (the arithmetic is in each test)."""

from __future__ import annotations

import math

import pytest

from app.evaluation.metrics import (
    f1_node,
    f1_rel,
    graph_edit_distance,
    multiset_prf,
    relaxed_exact_match,
    score_graph,
    set_prf,
)
from app.evaluation.execution import answer_values, normalise_rows

@pytest.fixture
def gold_chain(graph):
    return graph(
        [("a", "Person"), ("b", "City"), ("c", "Country")],
        [("a", "birthPlace", "b"), ("b", "country", "c")],
    )


def test_identical_graphs_score_one_even_with_other_ids(graph, gold_chain):
    renamed = graph(
        [("x", "Person"), ("y", "City"), ("z", "Country")],
        [("x", "birthPlace", "y"), ("y", "country", "z")],
    )
    scores = score_graph(renamed, gold_chain)
    assert (scores.f1_node, scores.f1_rel, scores.ged, scores.ged_s) == (1.0, 1.0, 0.0, 1.0)
    assert scores.ged_exact


def test_disjoint_graphs_score_zero(graph):
    # Two node substitutions + one edge substitution = 3; norm = max(2,2) + max(1,1) = 3.
    predicted = graph([("p", "University"), ("q", "Athlete")], [("p", "knows", "q")])
    gold = graph([("a", "Person"), ("b", "City")], [("a", "birthPlace", "b")])
    scores = score_graph(predicted, gold)
    assert scores.f1_node == 0.0
    assert scores.f1_rel == 0.0
    assert scores.ged == 3.0
    assert scores.ged_s == 0.0


def test_flipped_edge(graph):
    # Classes agree (F1_node 1). The triple (City, birthPlace, Person) is not
    # (Person, birthPlace, City): F1_rel 0. Cheapest edit: delete the edge and
    # insert the reversed one, 2 (swapping both node labels also costs 2);
    # GED_s = 1 - 2 / (2 + 1) = 1/3.
    gold = graph([("a", "Person"), ("b", "City")], [("a", "birthPlace", "b")])
    flipped = graph([("a", "Person"), ("b", "City")], [("b", "birthPlace", "a")])
    scores = score_graph(flipped, gold)
    assert scores.f1_node == 1.0
    assert scores.f1_rel == 0.0
    assert scores.ged == 2.0
    assert scores.ged_s == pytest.approx(1 / 3)


def test_missing_node(graph, gold_chain):
    # Predicted drops Country and its edge. Nodes: P = 2/2, R = 2/3, F1 = 0.8.
    # Relations: P = 1/1, R = 1/2, F1 = 2/3. GED: delete a node and an edge = 2;
    # norm = max(2,3) + max(1,2) = 5; GED_s = 0.6.
    predicted = graph([("a", "Person"), ("b", "City")], [("a", "birthPlace", "b")])
    scores = score_graph(predicted, gold_chain)
    assert scores.f1_node == pytest.approx(0.8)
    assert scores.f1_rel == pytest.approx(2 / 3)
    assert scores.ged == 2.0
    assert scores.ged_s == pytest.approx(0.6)


def test_duplicate_class_is_counted_as_a_multiset(graph):
    # Predicted has Person twice where the gold has it once. Multiset nodes:
    # hits 2 of 3 predicted, 2 of 2 gold: F1 = 2·(2/3)·1 / (2/3 + 1) = 0.8
    # (a set comparison would wrongly give 1.0). Relations: the triple
    # (Person, birthPlace, City) twice vs once: P = 1/2, R = 1, F1 = 2/3.
    # GED: delete the extra node and its edge = 2; norm = 3 + 2 = 5; GED_s = 0.6.
    gold = graph([("a", "Person"), ("b", "City")], [("a", "birthPlace", "b")])
    doubled = graph(
        [("a", "Person"), ("a2", "Person"), ("b", "City")],
        [("a", "birthPlace", "b"), ("a2", "birthPlace", "b")],
    )
    scores = score_graph(doubled, gold)
    assert scores.f1_node == pytest.approx(0.8)
    assert scores.f1_rel == pytest.approx(2 / 3)
    assert scores.ged == 2.0
    assert scores.ged_s == pytest.approx(0.6)


def test_wrong_link_keeps_nodes_and_costs_one_edit(graph):
    # One edge substitution: GED 1, norm 2 + 1 = 3, GED_s = 2/3.
    predicted = graph([("a", "Person"), ("b", "City")], [("a", "knows", "b")])
    gold = graph([("a", "Person"), ("b", "City")], [("a", "birthPlace", "b")])
    assert f1_node(predicted, gold) == 1.0
    assert f1_rel(predicted, gold) == 0.0
    assert score_graph(predicted, gold).ged_s == pytest.approx(2 / 3)


def test_empty_prediction_scores_zero_and_ged_is_the_whole_gold(graph, gold_chain):
    empty = graph([], [])
    scores = score_graph(empty, gold_chain)
    # Insert 3 nodes and 2 edges = 5 = the norm, so GED_s = 0.
    assert (scores.f1_node, scores.f1_rel, scores.ged, scores.ged_s) == (0.0, 0.0, 5.0, 0.0)


def test_parallel_links_between_one_pair_are_two_edges(graph):
    # Gold has two different links between the same pair; predicted has one:
    # delete an edge = 1; norm = 2 + 2 = 4; GED_s = 0.75.
    gold = graph([("a", "Person"), ("b", "Person")], [("a", "knows", "b"), ("a", "birthPlace", "b")])
    predicted = graph([("a", "Person"), ("b", "Person")], [("a", "knows", "b")])
    ged, exact = graph_edit_distance(predicted, gold)
    assert (ged, exact) == (1.0, True)
    assert score_graph(predicted, gold).ged_s == pytest.approx(0.75)


def test_multiset_and_set_prf_differ_on_repeats():
    assert multiset_prf(["a", "a"], ["a"]).precision == 0.5
    assert set_prf(["a", "a"], ["a"]).precision == 1.0
    assert multiset_prf(["a"], []).f1 == 0.0


def test_relaxed_em_ignores_variable_names_datatypes_and_column_order():
    import pyoxigraph

    gold = normalise_rows([(pyoxigraph.Literal("42", datatype=pyoxigraph.NamedNode("http://www.w3.org/2001/XMLSchema#integer")),)])
    predicted = normalise_rows([(pyoxigraph.Literal("42"),)])
    assert relaxed_exact_match(predicted, gold)
    swapped = normalise_rows([(pyoxigraph.NamedNode("http://x/b"), pyoxigraph.NamedNode("http://x/a"))])
    assert relaxed_exact_match(swapped, normalise_rows([("http://x/a", "http://x/b")]))
    assert not relaxed_exact_match(normalise_rows([("1",)]), normalise_rows([("1",), ("2",)]))
    assert answer_values(normalise_rows([("a", "b"), ("b", "c")])) == {"a", "b", "c"}


def test_f1_values_are_finite_for_all_small_cases(graph, gold_chain):
    for predicted in (graph([], []), gold_chain):
        for gold in (graph([], []), gold_chain):
            scores = score_graph(predicted, gold)
            assert all(not math.isnan(v) for v in (scores.f1_node, scores.f1_rel, scores.ged_s))

"""The paper's correctness checks: multisets over classes, links and constraints, never node ids."""

from __future__ import annotations

import pytest

from app.graph.model import Constraint, PrototypeGraph
from app.study import TaskScore, score_submission

DBO = "http://dbpedia.org/ontology/"
CHECKS = ("node_count_ok", "link_count_ok", "node_types_ok", "link_types_ok", "constraints_ok", "structure_ok")


def graph(nodes, edges) -> PrototypeGraph:
    """``nodes``: (id, class local name, extra fields); ``edges``: (source, link local name, target, extra)."""
    return PrototypeGraph.model_validate({
        "nodes": [{"id": i, "class": DBO + c, **(x[0] if x else {})} for i, c, *x in nodes],
        "edges": [{"source": s, "link": DBO + link, "target": t, **(x[0] if x else {})} for s, link, t, *x in edges],
    })


# Task 4 of the study: the composer (not the child) has the alma mater.
EXPECTED = graph(
    [("show", "TelevisionShow"), ("work", "Work"), ("composer", "Person"), ("child", "Person"),
     ("uni", "University", {"constraints": [{"property": DBO + "numberOfStudents", "op": ">", "value": 1000}]})],
    [("show", "openingTheme", "work"), ("work", "composer", "composer"), ("composer", "child", "child"),
     ("composer", "almaMater", "uni")],
)


def failed(score: TaskScore) -> set[str]:
    return {name for name in CHECKS if not getattr(score, name)}


def test_the_expected_graph_scores_full_marks():
    score = score_submission(EXPECTED, EXPECTED)
    assert score.correct and not failed(score)
    assert (score.f1_node, score.f1_rel, score.ged_s) == (1.0, 1.0, 1.0)


def test_node_ids_and_order_play_no_part():
    renamed = graph(
        [("u", "University", {"constraints": [{"property": DBO + "numberOfStudents", "op": ">", "value": "1000"}]}),
         ("kid", "Person"), ("p", "Person"), ("w", "Work"), ("tv", "TelevisionShow")],
        [("p", "almaMater", "u"), ("p", "child", "kid"), ("w", "composer", "p"), ("tv", "openingTheme", "w")],
    )
    score = score_submission(renamed, EXPECTED)
    assert score.correct and not failed(score) and score.ged_s == 1.0


def test_a_wrong_class_fails_the_node_and_link_types():
    wrong = graph(
        [("show", "Film"), ("work", "Work"), ("composer", "Person"), ("child", "Person"),
         ("uni", "University", {"constraints": [{"property": DBO + "numberOfStudents", "op": ">", "value": 1000}]})],
        [("show", "openingTheme", "work"), ("work", "composer", "composer"), ("composer", "child", "child"),
         ("composer", "almaMater", "uni")],
    )
    score = score_submission(wrong, EXPECTED)
    assert not score.correct and failed(score) == {"node_types_ok", "link_types_ok", "structure_ok"}
    assert score.f1_node == pytest.approx(0.8) and score.f1_rel == pytest.approx(0.75) and score.ged_s < 1.0


def test_a_missing_edge_fails_the_link_count_and_types():
    missing = EXPECTED.model_copy(update={"edges": EXPECTED.edges[:3]})
    score = score_submission(missing, EXPECTED)
    assert not score.correct and failed(score) == {"link_count_ok", "link_types_ok", "structure_ok"}
    assert score.f1_node == 1.0 and score.f1_rel == pytest.approx(6 / 7)


def test_a_flipped_edge_is_a_wrong_link():
    flipped = EXPECTED.model_copy(update={"edges": (
        *EXPECTED.edges[:1], EXPECTED.edges[1].model_copy(update={"source": "composer", "target": "work"}),
        *EXPECTED.edges[2:])})
    score = score_submission(flipped, EXPECTED)
    assert not score.correct and failed(score) == {"link_types_ok", "structure_ok"}


def test_a_negated_or_optional_link_is_a_different_link():
    for change in ({"negated": True}, {"optional": True}):
        changed = EXPECTED.model_copy(update={"edges": (
            EXPECTED.edges[0].model_copy(update=change), *EXPECTED.edges[1:])})
        assert failed(score_submission(changed, EXPECTED)) == {"link_types_ok", "structure_ok"}


@pytest.mark.parametrize("constraint", [
    {"property": DBO + "numberOfStudents", "op": ">", "value": 2000},
    {"property": DBO + "numberOfStudents", "op": ">=", "value": 1000},
    {"property": DBO + "numberOfStaff", "op": ">", "value": 1000},
])
def test_a_different_constraint_fails_only_the_constraints(constraint):
    uni = EXPECTED.nodes[4].model_copy(update={"constraints": (Constraint.model_validate(constraint),)})
    changed = EXPECTED.model_copy(update={"nodes": (*EXPECTED.nodes[:4], uni)})
    score = score_submission(changed, EXPECTED)
    assert not score.correct and failed(score) == {"constraints_ok", "structure_ok"}
    assert score.f1_node == 1.0 and score.f1_rel == 1.0  # the evaluation metrics look at classes only


def test_a_pinned_instance_counts_as_a_constraint():
    us = "http://dbpedia.org/resource/United_States"
    expected = graph([("c", "Country", {"instances": [us]}), ("p", "Place")], [("p", "country", "c")])
    unpinned = graph([("c", "Country"), ("p", "Place")], [("p", "country", "c")])
    elsewhere = graph([("c", "Country"), ("p", "Place", {"instances": [us]})], [("p", "country", "c")])
    assert failed(score_submission(unpinned, expected)) == {"constraints_ok", "structure_ok"}
    assert failed(score_submission(elsewhere, expected)) == {"constraints_ok", "structure_ok"}
    assert score_submission(expected, expected).correct


def test_the_alma_mater_on_the_child_passes_every_multiset_but_not_the_structure():
    # Both people are Persons, so every (class, link, class) multiset agrees; only the shape differs.
    wrong_person = EXPECTED.model_copy(update={"edges": (
        *EXPECTED.edges[:3], EXPECTED.edges[3].model_copy(update={"source": "child"}))})
    score = score_submission(wrong_person, EXPECTED)
    assert failed(score) == {"structure_ok"} and not score.correct
    assert score.f1_rel == 1.0 and score.ged_s < 1.0


def test_modifiers_outside_the_papers_criteria_are_ignored():
    modified = PrototypeGraph.model_validate({
        **EXPECTED.model_dump(mode="json"),
        "nodes": [{**n.model_dump(mode="json"), "select": False, "include_subclasses": True, "label": "x"}
                  for n in EXPECTED.nodes],
        "limit": 5,
    })
    assert score_submission(modified, EXPECTED).correct


def test_an_empty_submission_fails_everything_it_can():
    score = score_submission(PrototypeGraph(), EXPECTED)
    assert not score.correct and failed(score) == set(CHECKS)
    assert (score.f1_node, score.f1_rel, score.ged_s) == (0.0, 0.0, 0.0)

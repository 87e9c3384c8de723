"""The "Shape results" panel, called directly: the graph shown in the controls, and the controls written back."""

from __future__ import annotations

import pytest
from dash import no_update

from app.graph.model import PrototypeGraph
from components import ids
from components.callbacks.common import ontology_or_none
from components.callbacks.shaping import SHOWN, measure_options, offer_measures, order_options, shape, show_shape

D = "http://dbpedia.org/ontology/"
GRAPH = {
    "nodes": [{"id": "person_1", "class": D + "Person"}, {"id": "university_1", "class": D + "University"}],
    "edges": [{"source": "person_1", "link": D + "almaMater", "target": "university_1"}],
}
HISTORY = {"past": [], "future": []}

#: An untouched panel: nothing aggregated, unsorted, no limit.
BLANK = {"count": None, "function": "count", "measure": None, "group_by": [], "having_op": None,
         "having_value": None, "order": None, "direction": "asc", "limit": None}


def _shown(graph: dict, source: dict, settings) -> dict:
    """What show_shape puts in the controls, by (component id, property)."""
    return dict(zip(SHOWN, show_shape(graph, source, settings=settings), strict=True))


def _controls(shown: dict) -> dict:
    """The values shape() reads back from controls showing ``shown``."""
    return {"count": shown[ids.SHAPE_COUNT, "value"], "function": shown[ids.SHAPE_FUNCTION, "value"],
            "measure": shown[ids.SHAPE_MEASURE, "value"], "group_by": shown[ids.SHAPE_GROUP_BY, "value"],
            "having_op": shown[ids.SHAPE_HAVING_OP, "value"], "having_value": shown[ids.SHAPE_HAVING_VALUE, "value"],
            "order": shown[ids.SHAPE_ORDER, "value"], "direction": shown[ids.SHAPE_DIRECTION, "value"],
            "limit": shown[ids.SHAPE_LIMIT, "value"]}


def _reshape(graph: dict, **controls) -> tuple:
    """shape() with the panel blank but for ``controls``: graph, history and message."""
    return shape(**{**BLANK, **controls}, graph_data=graph, history=HISTORY)


def _bound_disabled(shown: dict) -> tuple[bool, bool]:
    return shown[ids.SHAPE_HAVING_OP, "disabled"], shown[ids.SHAPE_HAVING_VALUE, "disabled"]


def test_show_shape_mirrors_an_unshaped_graph(settings, sample):
    shown = _shown(GRAPH, sample, settings)
    count_options = shown[ids.SHAPE_COUNT, "options"]
    assert [o["value"] for o in count_options] == ["person_1", "university_1"]
    assert count_options == shown[ids.SHAPE_GROUP_BY, "options"]
    assert (shown[ids.SHAPE_COUNT, "value"], shown[ids.SHAPE_GROUP_BY, "value"], shown[ids.SHAPE_GROUP_BY, "disabled"],
            shown[ids.SHAPE_ORDER, "value"], shown[ids.SHAPE_DIRECTION, "value"],
            shown[ids.SHAPE_LIMIT, "value"]) == (None, [], True, None, "asc", None)
    assert (shown[ids.SHAPE_HAVING_OP, "value"], shown[ids.SHAPE_HAVING_VALUE, "value"]) == (None, None)
    assert _bound_disabled(shown) == (True, True)
    assert (shown[ids.SHAPE_FUNCTION, "value"], shown[ids.SHAPE_MEASURE, "value"],
            shown[ids.SHAPE_MEASURE, "options"], shown[ids.SHAPE_MEASURE, "disabled"]) == ("count", None, [], True)
    assert [o["value"] for o in shown[ids.SHAPE_ORDER, "options"]] == [
        "label:person_1", "node:person_1", "label:university_1", "node:university_1"]


def test_show_shape_of_a_counted_graph(settings, sample):
    graph = {**GRAPH, "aggregation": {"count": "person_1", "group_by": ["university_1"]},
             "order_by": [{"node": "count", "descending": True}], "limit": 5}
    shown = _shown(graph, sample, settings)
    assert _controls(shown) == {**BLANK, "count": "person_1", "group_by": ["university_1"], "order": "count",
                                "direction": "desc", "limit": 5}
    assert not shown[ids.SHAPE_GROUP_BY, "disabled"] and _bound_disabled(shown) == (False, False)
    assert shown[ids.SHAPE_MEASURE, "disabled"]  # a count counts the node itself: no attribute to choose
    assert shown[ids.SHAPE_ORDER, "options"] == [{"label": "label of ?university_1", "value": "label:university_1"},
                                                 {"label": "?university_1 (IRI)", "value": "node:university_1"},
                                                 {"label": "count", "value": "count"}]


def test_shape_writes_count_group_order_and_limit_with_undo():
    graph_out, history_out, message = _reshape(GRAPH, count="person_1", group_by=["university_1"], order="count",
                                               direction="desc", limit=10)
    graph = PrototypeGraph.model_validate(graph_out)
    assert graph.aggregation.count == "person_1" and graph.aggregation.group_by == ("university_1",)
    assert graph.aggregation.function.value == "count" and graph.aggregation.property is None
    assert [(o.node, o.descending) for o in graph.order_by] == [("count", True)] and graph.limit == 10
    assert len(history_out["past"]) == 1 and message == "Results reshaped."


def test_shape_sorts_by_a_label_and_clears_a_limit():
    graph_out, _, _ = _reshape({**GRAPH, "limit": 3}, order="label:university_1")
    graph = PrototypeGraph.model_validate(graph_out)
    assert graph.order_by[0].label and graph.order_by[0].node == "university_1" and graph.limit is None


def test_shape_of_the_graph_as_shown_changes_nothing(settings, sample):
    graph = {**GRAPH, "aggregation": {"count": "person_1", "group_by": ["university_1"]},
             "order_by": [{"node": "count", "descending": True}, {"node": "university_1"}], "limit": 5}
    assert _reshape(graph, **_controls(_shown(graph, sample, settings))) == (no_update, no_update, no_update)


def test_dropping_the_count_drops_the_count_order():
    counted = {**GRAPH, "aggregation": {"count": "person_1"}, "order_by": [{"node": "count"}]}
    graph = PrototypeGraph.model_validate(_reshape(counted, order="count")[0])
    assert graph.aggregation is None and graph.order_by == ()


def test_a_bad_limit_is_a_message_not_an_edit():
    assert _reshape(GRAPH, limit=0) == (no_update, no_update, "the limit must be at least 1")
    assert _reshape({"nodes": []}) == (no_update, no_update, no_update)


def test_order_options_keep_a_key_the_panel_would_not_offer():
    graph = PrototypeGraph.model_validate({**GRAPH, "nodes": [GRAPH["nodes"][0], {**GRAPH["nodes"][1], "select": False}],
                                           "order_by": [{"node": "university_1"}]})
    assert [o["value"] for o in order_options(graph)] == ["label:person_1", "node:person_1", "node:university_1"]


COUNTED = {**GRAPH, "aggregation": {"count": "person_1", "group_by": ["university_1"],
                                    "having": {"op": ">", "value": 5}},
           "order_by": [{"node": "count", "descending": True}]}


def test_show_shape_mirrors_a_count_condition(settings, sample):
    shown = _shown(COUNTED, sample, settings)
    assert (shown[ids.SHAPE_HAVING_OP, "value"], shown[ids.SHAPE_HAVING_VALUE, "value"]) == (">", 5)
    assert _bound_disabled(shown) == (False, False)


def test_shape_writes_a_count_condition_with_undo():
    graph_out, history_out, message = _reshape(GRAPH, count="person_1", group_by=["university_1"], having_op=">=",
                                               having_value=3.0, order="count", direction="desc")
    having = PrototypeGraph.model_validate(graph_out).aggregation.having
    assert (having.op.value, having.value) == (">=", 3) and type(having.value) is int
    assert len(history_out["past"]) == 1 and message == "Results reshaped."


def test_shape_of_a_graph_with_a_condition_as_shown_changes_nothing(settings, sample):
    assert _reshape(COUNTED, **_controls(_shown(COUNTED, sample, settings))) == (no_update, no_update, no_update)


def test_clearing_the_condition_or_the_count_drops_the_condition():
    kept = PrototypeGraph.model_validate(_reshape(COUNTED, count="person_1", group_by=["university_1"],
                                                  order="count", direction="desc")[0])
    assert kept.aggregation.count == "person_1" and kept.aggregation.having is None
    # The controls still hold the bound when the count is cleared: it goes with the count, not refused.
    uncounted = PrototypeGraph.model_validate(_reshape(COUNTED, having_op=">", having_value=5)[0])
    assert uncounted.aggregation is None


@pytest.mark.parametrize(("having_op", "having_value", "message"), [
    (">", -2, "the count is compared with a whole number of at least 0, not -2"),
    (">", 2.5, "the count is compared with a whole number of at least 0, not 2.5"),
    (">", None, "say how many: the condition on the count needs a number"),
    (None, 4, "choose how the count compares with 4"),
    ("<", 0, "a count is never fewer than 0, so no result would be left"),
])
def test_a_bad_condition_is_a_message_not_an_edit(having_op, having_value, message):
    assert _reshape(GRAPH, count="person_1", group_by=["university_1"], having_op=having_op,
                    having_value=having_value) == (no_update, no_update, message)


def test_a_sort_by_a_value_is_offered_and_written_back_unchanged(settings, sample):
    graph = {**GRAPH, "order_by": [{"node": "university_1", "descending": True, "property": D + "numberOfStudents"}],
             "limit": 1}
    options = order_options(PrototypeGraph.model_validate(graph))
    assert {"label": "?university_1 numberOfStudents",
            "value": "value:university_1:" + D + "numberOfStudents"} in options
    assert _reshape(graph, **_controls(_shown(graph, sample, settings))) == (no_update, no_update, no_update)


# -- a figure of an attribute: average, total, minimum, maximum ------------------------------------------
CO = "http://protograph.example/company/"
COMPANY = {"kind": "sample", "name": "company_sample"}
STAFF = {
    "nodes": [{"id": "employee_1", "class": CO + "Employee"}, {"id": "company_1", "class": CO + "Company"}],
    "edges": [{"source": "employee_1", "link": CO + "employer", "target": "company_1"}],
}
STAFF_COUNTED = {**STAFF, "aggregation": {"count": "employee_1", "group_by": ["company_1"]},
                 "order_by": [{"node": "count", "descending": True}]}
AVERAGE_SALARY = {**STAFF, "aggregation": {"count": "employee_1", "group_by": ["company_1"], "function": "avg",
                                           "property": CO + "salary"},
                  "order_by": [{"node": "count", "descending": True}], "limit": 3}


def _values(options: list[dict]) -> list[str]:
    return [o["value"].removeprefix(CO) for o in options]


def test_choosing_average_and_salary_writes_an_average_with_undo():
    graph_out, history_out, message = _reshape(STAFF_COUNTED, count="employee_1", group_by=["company_1"],
                                               function="avg", measure=CO + "salary", order="count",
                                               direction="desc")
    aggregation = PrototypeGraph.model_validate(graph_out).aggregation
    assert (aggregation.count, aggregation.group_by) == ("employee_1", ("company_1",))
    assert (aggregation.function.value, aggregation.property) == ("avg", CO + "salary")
    assert len(history_out["past"]) == 1 and message == "Results reshaped."


def test_offer_measures_for_an_average_of_an_employee_lists_its_numbers(settings):
    options, measure_disabled, op_disabled, value_disabled = offer_measures("employee_1", "avg", STAFF_COUNTED,
                                                                            COMPANY, settings=settings)
    assert _values(options) == ["salary"]  # not the job title, nor the dates: an average is of numbers
    assert options[0]["label"] == "annual base salary (number)"
    assert (measure_disabled, op_disabled, value_disabled) == (False, True, True)


def test_offer_measures_for_a_minimum_lists_numbers_dates_and_times(settings):
    options, *_ = offer_measures("employee_1", "min", STAFF_COUNTED, COMPANY, settings=settings)
    assert sorted(_values(options)) == ["birthDate", "hireDate", "salary"]  # inherited from person, too
    assert "jobTitle" not in _values(options) and "fullTime" not in _values(options)


def test_offer_measures_for_a_count_offers_no_attribute_and_allows_a_bound(settings):
    assert offer_measures("employee_1", "count", STAFF_COUNTED, COMPANY, settings=settings) == ([], True, False,
                                                                                                 False)
    assert offer_measures(None, "avg", STAFF_COUNTED, COMPANY, settings=settings) == ([], True, True, True)


def test_show_shape_of_an_average(settings):
    shown = _shown(AVERAGE_SALARY, COMPANY, settings)
    assert _controls(shown) == {**BLANK, "count": "employee_1", "function": "avg", "measure": CO + "salary",
                                "group_by": ["company_1"], "order": "count", "direction": "desc", "limit": 3}
    assert not shown[ids.SHAPE_MEASURE, "disabled"] and _bound_disabled(shown) == (True, True)
    assert _values(shown[ids.SHAPE_MEASURE, "options"]) == ["salary"]
    assert {"label": "average", "value": "count"} in shown[ids.SHAPE_ORDER, "options"]


def test_shape_of_an_average_as_shown_changes_nothing(settings):
    assert _reshape(AVERAGE_SALARY, **_controls(_shown(AVERAGE_SALARY, COMPANY, settings))) == (
        no_update, no_update, no_update)


@pytest.mark.parametrize("change", [{"limit": 10}, {"direction": "asc"}, {"group_by": []}, {"order": None}])
def test_changing_another_control_keeps_the_average(settings, change):
    controls = {**_controls(_shown(AVERAGE_SALARY, COMPANY, settings)), **change}
    aggregation = PrototypeGraph.model_validate(_reshape(AVERAGE_SALARY, **controls)[0]).aggregation
    assert (aggregation.function.value, aggregation.property) == ("avg", CO + "salary")


def test_an_unchosen_attribute_is_a_message_not_an_edit():
    assert _reshape(STAFF_COUNTED, count="employee_1", group_by=["company_1"], function="avg") == (
        no_update, no_update, "choose the attribute whose average to compute")
    assert _reshape(STAFF_COUNTED, count="employee_1", function="median", measure=CO + "salary") == (
        no_update, no_update, "unknown aggregate 'median'")


def test_choosing_a_figure_drops_the_bound_the_controls_still_hold():
    bounded = {**STAFF, "aggregation": {"count": "employee_1", "group_by": ["company_1"],
                                        "having": {"op": ">", "value": 2}}}
    graph_out, _, _ = _reshape(bounded, count="employee_1", group_by=["company_1"], having_op=">", having_value=2,
                               function="max", measure=CO + "hireDate")
    aggregation = PrototypeGraph.model_validate(graph_out).aggregation
    assert (aggregation.function.value, aggregation.property, aggregation.having) == ("max", CO + "hireDate", None)


def test_back_to_a_count_drops_the_attribute():
    graph_out, _, _ = _reshape(AVERAGE_SALARY, count="employee_1", function="count", measure=CO + "salary")
    aggregation = PrototypeGraph.model_validate(graph_out).aggregation
    assert (aggregation.function.value, aggregation.property) == ("count", None)


def test_measure_options_keep_the_graphs_own_measure_where_it_does_not_fit(settings):
    job_titles = PrototypeGraph.model_validate(
        {**STAFF, "aggregation": {"count": "employee_1", "function": "max", "property": CO + "jobTitle"}})
    ontology = ontology_or_none(settings, COMPANY)
    assert {"label": "job title", "value": CO + "jobTitle"} in measure_options(job_titles, "employee_1", "max",
                                                                               ontology)
    # Without an ontology only the graph's own measure is known, by its local name.
    assert measure_options(job_titles, "employee_1", "max", None) == [{"label": "jobTitle",
                                                                        "value": CO + "jobTitle"}]

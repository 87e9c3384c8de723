"""Plain-English restatement of a graph: deterministic templates."""

from __future__ import annotations

from app.graph.model import OrderBy, PrototypeGraph
from app.graph.restate import restate

D = "http://dbpedia.org/ontology/"


def test_the_four_sample_questions_read_back(golden_graph, sample_ontology):
    texts = {name: restate(golden_graph(name), sample_ontology) for name in (
        "a_works_by_ice_hockey_players", "b_authors_with_gold_medals",
        "c_ships_home_ports_in_the_us", "d_tv_theme_composers", "e_count_works_per_player")}
    assert texts["a_works_by_ice_hockey_players"] == "Find works whose author is an ice hockey player."
    assert texts["b_authors_with_gold_medals"].startswith("Find persons that are the author of a work")
    assert "gold medalist of a sports event" in texts["b_authors_with_gold_medals"]
    assert "United States (a country)" in texts["c_ships_home_ports_in_the_us"]
    assert "death place of a person" in texts["c_ships_home_ports_in_the_us"]
    assert "whose child is a person (person_2)" in texts["d_tv_theme_composers"]
    assert texts["e_count_works_per_player"].startswith("Count the works whose author is an ice hockey player")
    assert texts["e_count_works_per_player"].endswith("for each ice hockey player; highest count first.")


def test_constraints_optional_negated_and_modifiers():
    graph = PrototypeGraph.model_validate({
        "nodes": [
            {"id": "city_1", "class": D + "City", "include_subclasses": True, "constraints": [
                {"property": D + "populationTotal", "op": ">", "value": 1000000},
                {"property": "http://www.w3.org/2000/01/rdf-schema#label", "op": "startswith", "value": "San"}]},
            {"id": "person_1", "class": D + "Person"},
            {"id": "person_2", "class": D + "Person"},
        ],
        "edges": [
            {"source": "person_1", "link": D + "birthPlace", "target": "city_1", "optional": True},
            {"source": "city_1", "link": D + "mayor", "target": "person_2", "negated": True},
        ],
        "order_by": [{"node": "city_1", "descending": True}], "limit": 10,
    })
    text = restate(graph)
    assert text == (
        'Find cities (of any kind) with population total greater than 1000000, with label starting with "San", '
        "optionally that are the birth place of a person (person_1), and that have no mayor that is a "
        "person (person_2); sorted by city (of any kind), descending, at most 10 results."
    )
    assert restate(graph) == text  # deterministic


def test_a_shown_attribute_reads_back():
    graph = PrototypeGraph.model_validate({"nodes": [{"id": "person_1", "class": D + "Person",
                                                      "instances": ["http://dbpedia.org/resource/Ada_Lovelace"],
                                                      "shown": [D + "birthDate"]}]})
    assert restate(graph) == "Find Ada Lovelace showing its birth date."


def test_empty_graph():
    assert "empty" in restate(PrototypeGraph())


def _triangle(**flags: bool) -> PrototypeGraph:
    return PrototypeGraph.model_validate({
        "nodes": [{"id": "person_1", "class": D + "Person"}, {"id": "person_2", "class": D + "Person"},
                  {"id": "university_1", "class": D + "University"}],
        "edges": [{"source": "person_1", "link": D + "child", "target": "person_2", **flags},
                  {"source": "person_1", "link": D + "almaMater", "target": "university_1"},
                  {"source": "person_2", "link": D + "almaMater", "target": "university_1"}],
    })


def test_an_optional_branch_is_told_as_one_optional_clause_as_the_query_has_it():
    assert restate(_triangle(optional=True)) == (
        "Find persons (person_1) whose alma mater is a university, and optionally whose child is a "
        "person (person_2) whose alma mater is the same university.")
    assert restate(_triangle(negated=True)) == (
        "Find persons (person_1) whose alma mater is a university, and that have no child that is a "
        "person (person_2) whose alma mater is the same university.")


def test_sorting_by_a_label_and_counting_read_back():
    graph = _triangle().model_copy(update={"order_by": (OrderBy(node="person_1", label=True),), "limit": 3})
    assert restate(graph).endswith("; sorted by the label of the person (person_1), at most 3 results.")


def _staff(group_by: list[str], op: str, value: int) -> PrototypeGraph:
    co = "http://protograph.example/company/"
    return PrototypeGraph.model_validate({
        "nodes": [{"id": "employee_1", "class": co + "Employee"}, {"id": "department_1", "class": co + "Department"}],
        "edges": [{"source": "employee_1", "link": co + "worksIn", "target": "department_1"}],
        "aggregation": {"count": "employee_1", "group_by": group_by, "having": {"op": op, "value": value}},
        "order_by": [{"node": "count", "descending": True}]})


def test_a_count_condition_reads_as_a_bound_on_each_group():
    assert restate(_staff(["department_1"], ">", 5)) == (
        "Count the employees whose works in is a department, for each department with more than 5 employees; "
        "highest count first.")
    assert restate(_staff(["department_1"], "=", 1)).endswith("for each department with exactly 1 employee; "
                                                              "highest count first.")
    words = {">=": "at least", "<": "fewer than", "<=": "at most", "!=": "not exactly"}
    for op, said in words.items():
        assert f"for each department with {said} 3 employees;" in restate(_staff(["department_1"], op, 3))


def test_a_count_condition_without_groups_bounds_the_one_total():
    assert restate(_staff([], ">", 100)) == (
        "Count the employees whose works in is a department, only if the count is more than 100; "
        "highest count first.")


def test_a_figure_of_values_reads_back_with_its_attribute():
    co = "http://protograph.example/company/"
    graph = PrototypeGraph.model_validate({
        "nodes": [{"id": "employee_1", "class": co + "Employee"}, {"id": "department_1", "class": co + "Department"}],
        "edges": [{"source": "employee_1", "link": co + "worksIn", "target": "department_1"}],
        "aggregation": {"count": "employee_1", "group_by": ["department_1"], "function": "avg",
                        "property": co + "salary"},
        "order_by": [{"node": "count", "descending": True}]})
    assert restate(graph) == ("Give the average salary of the employees whose works in is a department, for each "
                              "department; highest average first.")

"""Averages, totals, minima and maxima of a value, run on the company sample and checked against figures made by hand."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from rdflib import RDF, Graph, URIRef

from app.errors import CannotDrawError
from app.graph.model import PrototypeGraph
from app.query.compile import compile_sparql
from app.query.embedded import EmbeddedStore
from app.query.parse import parse_sparql

DATA = Path(__file__).resolve().parents[3] / "sample_ontologies" / "company_sample" / "data.ttl"
CO = "http://protograph.example/company/"
FIGURES = {"avg": lambda values: sum(values) / len(values), "sum": sum, "min": min, "max": max}


@pytest.fixture(scope="module")
def store() -> EmbeddedStore:
    return EmbeddedStore([DATA])


@pytest.fixture(scope="module")
def data() -> Graph:
    return Graph().parse(DATA)


def _salaries(data: Graph, through: str, of_class: str) -> dict[str, list[Decimal]]:
    """Each employee's salary once per thing of ``of_class`` it reaches by ``through`` (no SPARQL)."""
    employees = set(data.subjects(RDF.type, URIRef(CO + "Employee")))
    things = set(data.subjects(RDF.type, URIRef(of_class)))
    salary = {e: Decimal(str(v)) for e, v in data.subject_objects(URIRef(CO + "salary")) if e in employees}
    pairs = {(e, t) for e, t in data.subject_objects(URIRef(through)) if e in salary and t in things}
    found: dict[str, list[Decimal]] = {}
    for employee, thing in pairs:
        found.setdefault(str(thing), []).append(salary[employee])
    return found


def _graph(function: str, group: bool = True, **extra) -> PrototypeGraph:
    return PrototypeGraph.model_validate({
        "nodes": [{"id": "employee_1", "class": CO + "Employee"}, {"id": "department_1", "class": CO + "Department"}],
        "edges": [{"source": "employee_1", "link": CO + "worksIn", "target": "department_1"}],
        "aggregation": {"count": "employee_1", "group_by": ["department_1"] if group else [], "function": function,
                        "property": CO + "salary"},
        **extra,
    })


@pytest.mark.parametrize("function", list(FIGURES))
def test_a_figure_per_group_is_the_figure_of_the_groups_values(store, data, function):
    expected = {d: FIGURES[function](v) for d, v in _salaries(data, CO + "worksIn", CO + "Department").items()}
    assert len(expected) > 3  # several departments, so grouping is really tested
    rows = store.select(compile_sparql(_graph(function), labels=False)).bindings
    column = {"avg": "average", "sum": "total", "min": "minimum", "max": "maximum"}[function]
    got = {row["department_1"]["value"]: Decimal(row[column]["value"]) for row in rows}
    assert got.keys() == expected.keys()
    for department, value in expected.items():
        assert got[department] == pytest.approx(value, rel=Decimal("1e-9"))


def test_a_thing_reached_twice_counts_once_in_an_average(store, data):
    # Employees on several projects: joined to each, their salary must still weigh once in the average.
    graph = PrototypeGraph.model_validate({
        "nodes": [{"id": "project_1", "class": CO + "Project"}, {"id": "employee_1", "class": CO + "Employee"}],
        "edges": [{"source": "project_1", "link": CO + "participant", "target": "employee_1"}],
        "aggregation": {"count": "employee_1", "function": "sum", "property": CO + "salary"}})
    projects = {}
    for project, employee in data.subject_objects(URIRef(CO + "participant")):
        projects.setdefault(employee, set()).add(project)
    salary = {e: Decimal(str(v)) for e, v in data.subject_objects(URIRef(CO + "salary"))}
    employees = set(data.subjects(RDF.type, URIRef(CO + "Employee")))
    assert any(len(p) > 1 for e, p in projects.items() if e in employees and e in salary)
    expected = sum(salary[e] for e in projects if e in employees and e in salary)
    [row] = store.select(compile_sparql(graph, labels=False)).bindings
    assert Decimal(row["total"]["value"]) == expected


@pytest.mark.parametrize("function", list(FIGURES))
def test_a_compiled_figure_is_drawn_back_as_the_same_aggregate(function):
    graph = _graph(function, order_by=[{"node": "count", "descending": True}])
    drawn = parse_sparql(compile_sparql(graph))
    assert drawn.aggregation == graph.aggregation
    assert drawn.order_by == graph.order_by
    assert {(e.source, e.link, e.target) for e in drawn.edges} == {(e.source, e.link, e.target) for e in graph.edges}


def test_a_hand_written_average_is_drawn():
    drawn = parse_sparql(f"SELECT (AVG(?pay) AS ?mean) WHERE {{ ?e a <{CO}Employee> ; <{CO}salary> ?pay }}")
    assert (drawn.aggregation.count, drawn.aggregation.function.value, drawn.aggregation.property) == \
        ("e", "avg", CO + "salary")
    with pytest.raises(CannotDrawError, match="AVG of \\?e, which is not a value of a node"):
        parse_sparql(f"SELECT (AVG(?e) AS ?mean) WHERE {{ ?e a <{CO}Employee> }}")

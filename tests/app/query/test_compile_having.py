"""A condition on the count (HAVING), run on the company sample and checked against counts made by hand."""

from __future__ import annotations

import operator
from collections import Counter
from pathlib import Path

import pytest
from rdflib import RDF, Graph, URIRef

from app.errors import GraphCompileError
from app.graph.model import Aggregation, CountCondition, ConstraintOp, PrototypeGraph
from app.query.compile import compile_count, compile_sparql
from app.query.embedded import EmbeddedStore

DATA = Path(__file__).resolve().parents[3] / "sample_ontologies" / "company_sample" / "data.ttl"
CO = "http://protograph.example/company/"
PYTHON_OPS = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
              ">=": operator.ge}


@pytest.fixture(scope="module")
def store() -> EmbeddedStore:
    return EmbeddedStore([DATA])


@pytest.fixture(scope="module")
def staff() -> Counter:
    """Employees per department, counted over the triples themselves (no SPARQL)."""
    data = Graph().parse(DATA)
    employees = set(data.subjects(RDF.type, URIRef(CO + "Employee")))
    departments = set(data.subjects(RDF.type, URIRef(CO + "Department")))
    pairs = {(e, d) for e, d in data.subject_objects(URIRef(CO + "worksIn")) if e in employees and d in departments}
    return Counter(str(d) for _, d in pairs)


def _departments(op: str | None = None, value: int = 0, group: bool = True) -> PrototypeGraph:
    having = {"having": {"op": op, "value": value}} if op else {}
    return PrototypeGraph.model_validate({
        "nodes": [{"id": "employee_1", "class": CO + "Employee"}, {"id": "department_1", "class": CO + "Department"}],
        "edges": [{"source": "employee_1", "link": CO + "worksIn", "target": "department_1"}],
        "aggregation": {"count": "employee_1", "group_by": ["department_1"] if group else [], **having},
        "order_by": [{"node": "count", "descending": True}],
    })


def test_having_comes_after_group_by_and_before_order_by():
    query = compile_sparql(_departments(">", 5), labels=False)
    assert query.endswith("GROUP BY ?department_1\nHAVING (COUNT(DISTINCT ?employee_1) > 5)\n"
                          "ORDER BY DESC(?count)\nLIMIT 100")
    assert "HAVING" not in compile_sparql(_departments(), labels=False)


def test_the_sample_has_departments_on_both_sides_of_five(staff):
    # The thresholds below only test something if the counts spread around them.
    assert min(staff.values()) <= 5 < max(staff.values()) and 5 in staff.values()


@pytest.mark.parametrize("op", list(PYTHON_OPS))
@pytest.mark.parametrize("value", [0, 5, 10, 33])
def test_having_keeps_exactly_the_departments_whose_count_meets_it(store, staff, op, value):
    rows = store.select(compile_sparql(_departments(op, value), labels=False)).bindings
    found = {row["department_1"]["value"]: int(row["count"]["value"]) for row in rows}
    expected = {d: n for d, n in staff.items() if PYTHON_OPS[op](n, value)}
    assert found == expected


def test_departments_with_more_than_five_employees(store, staff):
    rows = store.select(compile_sparql(_departments(">", 5), labels=False)).bindings
    assert {row["department_1"]["value"] for row in rows} == {d for d, n in staff.items() if n > 5}
    assert len(rows) == 6  # of the sample's 10 departments: 3, 5, 5, 5 are not more than 5


def test_without_groups_the_condition_keeps_or_drops_the_one_total(store, staff):
    total = sum(staff.values())
    kept = store.select(compile_sparql(_departments(">=", total, group=False), labels=False)).bindings
    assert [int(row["count"]["value"]) for row in kept] == [total]
    assert store.select(compile_sparql(_departments(">", total, group=False), labels=False)).bindings == []


def test_the_row_count_counts_only_the_groups_kept(store, staff):
    [row] = store.select(compile_count(_departments(">", 5), labels=False)).bindings
    assert int(row["total"]["value"]) == sum(1 for n in staff.values() if n > 5)


@pytest.mark.parametrize(("having", "message"), [
    (CountCondition.model_construct(op=ConstraintOp.CONTAINS, value=5), "cannot be compared with 'contains'"),
    (CountCondition.model_construct(op=ConstraintOp.GT, value=-1), "at least 0, not -1"),
    (CountCondition.model_construct(op=ConstraintOp.GT, value="5 || true"), "not '5 || true'"),
])
def test_an_unvalidated_condition_never_reaches_the_query_text(having, message):
    graph = _departments()
    bad = graph.model_copy(update={"aggregation": Aggregation.model_construct(
        count="employee_1", group_by=("department_1",), having=having)})
    with pytest.raises(GraphCompileError, match=message):
        compile_sparql(bad)

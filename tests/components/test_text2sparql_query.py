"""``pipeline_query``: the SPARQL ``/text2sparql`` returns answers with the asked thing only, on the company sample.

Real embedder and sample store; the questions take the evidence path (no language model call).
"""

from __future__ import annotations

from pathlib import Path

import pyoxigraph
import pytest

from app.resources import get_resources
from app.settings import Settings
from components.text2sparql import pipeline_query

COMPANY = Path(__file__).resolve().parents[2] / "sample_ontologies" / "company_sample"
DATA = "http://protograph.example/company/data/"


@pytest.fixture(scope="module")
def company():
    return get_resources(Settings(ontology=[COMPANY / "ontology.ttl"], kg=[COMPANY / "data.ttl"]))


@pytest.fixture(scope="module")
def store():
    store = pyoxigraph.Store()
    for name in ("ontology.ttl", "data.ttl"):
        store.bulk_load(path=str(COMPANY / name), format=pyoxigraph.RdfFormat.TURTLE)
    return store


def _rows(store: pyoxigraph.Store, query: str) -> list[tuple[str, ...]]:
    result = store.query(query)
    return [tuple(row[v.value].value for v in result.variables) for row in result]


def test_t2q001_the_named_department_is_not_an_answer(company, store) -> None:
    rows = _rows(store, pipeline_query("Who works in the Finance department?", company))
    assert rows and all(len(row) == 1 for row in rows)
    assert all(row[0].startswith(DATA + "person/") for row in rows)
    gold = _rows(store, f"SELECT ?e WHERE {{ ?e <http://protograph.example/company/worksIn> <{DATA}unit/Finance> }}")
    assert sorted(rows) == sorted(gold)


def test_t2q002_a_superlative_returns_the_thing_without_its_value(company, store) -> None:
    assert _rows(store, pipeline_query("What is the most populous city?", company)) == [(DATA + "city/London",)]


def test_t2q003_a_ranked_count_returns_the_group_without_the_count(company, store) -> None:
    rows = _rows(store, pipeline_query("Which department has the most employees?", company))
    assert rows == [(DATA + "unit/Research_and_Development",)]


def test_t2q004_a_count_returns_the_number(company, store) -> None:
    assert _rows(store, pipeline_query("How many employees work in the IT department?", company)) == [("13",)]

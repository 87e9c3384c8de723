"""Fixtures for the SPARQL, execution and results tests: stores, golden graphs, misbehaving servers."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.execute import EmbeddedStore
from app.graph_model import PrototypeGraph

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "fixtures"
GRAPHS = FIXTURES / "graphs"
MINI_KG = FIXTURES / "sparql" / "mini_kg.ttl"
SAMPLE_KG = HERE.parent.parent / "sample_ontologies" / "dbpedia_sample" / "data.ttl"
#: The four questions of the foundation issue, in the sample's golden fixtures.
SAMPLE_QUESTIONS = (
    "a_works_by_ice_hockey_players",
    "b_authors_with_gold_medals",
    "c_ships_home_ports_in_the_us",
    "d_tv_theme_composers",
)


def _golden_graph(name: str) -> PrototypeGraph:
    return PrototypeGraph.model_validate_json((GRAPHS / f"{name}.json").read_text())


def _golden_query(name: str) -> str:
    return (GRAPHS / f"{name}.rq").read_text()


@pytest.fixture(scope="session")
def golden_graph():
    """``golden_graph(name)``: a graph from tests/fixtures/graphs/NAME.json."""
    return _golden_graph


@pytest.fixture(scope="session")
def golden_query():
    """``golden_query(name)``: the expected query in tests/fixtures/graphs/NAME.rq."""
    return _golden_query


@pytest.fixture(scope="session")
def mini_kg_path() -> Path:
    return MINI_KG


@pytest.fixture(scope="session")
def sample_kg_path() -> Path:
    return SAMPLE_KG


@pytest.fixture(scope="session")
def sample_store() -> EmbeddedStore:
    """The DBpedia-style sample knowledge graph in an in-memory pyoxigraph store."""
    return EmbeddedStore([SAMPLE_KG])


@pytest.fixture(scope="session")
def mini_store() -> EmbeddedStore:
    return EmbeddedStore([MINI_KG])


@pytest.fixture(scope="session")
def sample_endpoint(oxigraph_endpoint) -> str:
    """A real Oxigraph HTTP server on 127.0.0.1 loaded with the sample knowledge graph."""
    return oxigraph_endpoint(SAMPLE_KG)

"""The compiler runs only what can be run: no silent cross product, no graph beyond the size limits."""

from __future__ import annotations

import itertools

import pytest

from app.errors import GraphCompileError, UnconnectedGraphError
from app.graph.model import PrototypeGraph
from app.graph.validate import MAX_GRAPH_NODES
from app.query.compile import compile_sparql

D = "http://dbpedia.org/ontology/"
UNLINKED = PrototypeGraph.model_validate({"nodes": [
    {"id": "person_1", "class": D + "Person"}, {"id": "city_1", "class": D + "City"}]})


def test_unconnected_nodes_are_not_compiled_without_a_choice():
    with pytest.raises(UnconnectedGraphError, match="not connected: person_1 and city_1; link them or confirm"):
        compile_sparql(UNLINKED)
    query = compile_sparql(UNLINKED, allow_cross_product=True, labels=False)
    assert "?person_1 a dbo:Person ." in query and "?city_1 a dbo:City ." in query


def test_a_graph_beyond_the_node_limit_is_not_compiled():
    ids = [f"n{i}" for i in range(MAX_GRAPH_NODES + 1)]
    chain = PrototypeGraph.model_validate({
        "nodes": [{"id": i, "class": D + "Person"} for i in ids],
        "edges": [{"source": a, "link": D + "child", "target": b} for a, b in itertools.pairwise(ids)]})
    with pytest.raises(GraphCompileError, match="too large to run"):
        compile_sparql(chain, allow_cross_product=True)
    assert "?n49 dbo:child ?n50" not in compile_sparql(chain.model_copy(update={
        "nodes": chain.nodes[:MAX_GRAPH_NODES], "edges": chain.edges[:MAX_GRAPH_NODES - 1]}))

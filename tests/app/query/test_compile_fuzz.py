"""Hostile input cannot change a compiled query's structure (hypothesis)."""

from __future__ import annotations

import pyoxigraph
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib.plugins.sparql import prepareQuery

from app.errors import GraphCompileError
from app.graph.model import PrototypeGraph
from app.query.check import check_query
from app.query.compile import compile_sparql
from app.query.embedded import EmbeddedStore
from app.query.parse import parse_sparql

D = "http://dbpedia.org/ontology/"
NAME = D + "name"
HOSTILE = [
    '"', "'", '\\', '\\"', '"""', "'''", "}", "{", "} ; DROP ALL", '"} ; DROP ALL ; SELECT * WHERE { ?s ?p ?o',
    '") } DELETE WHERE { ?s ?p ?o } #', "\n} INSERT DATA { <a:a> <a:b> <a:c> }\n", "# comment\n", "?x", "$x",
    "<http://evil.org/>", "\\u0022", "\\n", "\x00", "\r\n\t", "ünïcödé 名前 🚢", "\u2028\u2029", "",
    "x" * 3000 + '"} DROP ALL',
]
TEXT = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(alphabet=st.characters(exclude_categories=("Cs",)), max_size=300),
    st.lists(st.sampled_from(HOSTILE), min_size=2, max_size=6).map("".join),
)
OPS = st.sampled_from(["=", "!=", "contains", "startswith", "regex", "<", ">="])


def _graph(value: str, op: str) -> PrototypeGraph:
    return PrototypeGraph.model_validate({
        "nodes": [
            {"id": "ship_1", "class": D + "Ship", "constraints": [{"property": NAME, "op": op, "value": value}]},
            {"id": "place_1", "class": D + "Place"},
        ],
        "edges": [{"source": "ship_1", "link": D + "homeport", "target": "place_1"}],
    })


def _bgp_triples(algebra) -> int:
    """Triple patterns anywhere in an rdflib algebra tree."""
    count = 0
    stack = [algebra]
    while stack:
        item = stack.pop()
        if getattr(item, "name", None) == "BGP":
            count += len(item.triples)
        if hasattr(item, "items"):
            stack.extend(v for k, v in item.items() if k != "_vars")
        elif isinstance(item, list):
            stack.extend(item)
    return count


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=TEXT, op=OPS)
def test_hostile_constraint_values_keep_the_query_shape(value, op):
    query = compile_sparql(_graph(value, op))
    assert check_query(query).value == "SELECT"  # pyoxigraph parses it, and it is no update
    # Shape: 2 type triples, 1 edge, 1 attribute triple, 2 label triples; nothing more.
    assert _bgp_triples(prepareQuery(query).algebra) == 6
    back = parse_sparql(query)
    assert [n.id for n in back.nodes] == ["ship_1", "place_1"] and len(back.edges) == 1
    (constraint,) = back.node("ship_1").constraints
    assert constraint.property == NAME and constraint.op.value == op and constraint.value == value


@settings(max_examples=40, deadline=None)
@given(value=TEXT)
def test_the_value_reaches_the_engine_intact(value):
    """The store holds a ship named exactly ``value`` and a decoy; equality finds only the ship."""
    store = EmbeddedStore()
    ship = pyoxigraph.NamedNode("http://example.org/ship")
    decoy = pyoxigraph.NamedNode("http://example.org/decoy")
    store._store.extend([
        pyoxigraph.Quad(ship, pyoxigraph.NamedNode(NAME), pyoxigraph.Literal(value)),
        pyoxigraph.Quad(decoy, pyoxigraph.NamedNode(NAME), pyoxigraph.Literal(value + "x")),
    ])
    query = compile_sparql(PrototypeGraph.model_validate({"nodes": [{
        "id": "ship_1", "class": "http://www.w3.org/2002/07/owl#Thing",
        "constraints": [{"property": NAME, "op": "=", "value": value}]}]}).model_copy(), labels=False)
    query = query.replace("  ?ship_1 a owl:Thing .\n", "")  # the test data carries no types
    assert [r["ship_1"]["value"] for r in store.select(query).bindings] == ["http://example.org/ship"]


@settings(max_examples=80, deadline=None)
@given(iri=st.one_of(TEXT, TEXT.map(lambda t: "http://example.org/" + t)))
def test_hostile_iris_are_refused_or_kept_whole(iri):
    g = PrototypeGraph.model_validate({"nodes": [
        {"id": "a", "class": iri, "instances": [iri]},
        {"id": "b", "class": D + "Place"}],
        "edges": [{"source": "a", "link": iri, "target": "b"}]})
    try:
        query = compile_sparql(g, labels=False)
    except GraphCompileError as error:
        assert "IRI" in str(error)
        return
    back = parse_sparql(query)
    assert back.node("a").class_ == iri and back.node("a").instances == (iri,) and back.edges[0].link == iri


def test_surrogates_and_unicode_errors_are_compile_errors():
    with pytest.raises(GraphCompileError):
        compile_sparql(_graph("\ud800", "="))


def test_nothing_compiled_is_an_update():
    for value in HOSTILE:
        for op in ("=", "contains"):
            query = compile_sparql(_graph(value, op))
            with pytest.raises(SyntaxError):
                pyoxigraph.Store().update(query)

"""The compiler's shaping and optional parts: ORDER BY a label, the row count, optional branches, partial dates."""

from __future__ import annotations

import pytest

from app.errors import GraphCompileError
from app.graph.model import PrototypeGraph
from app.query.compile import compile_count, compile_sparql

D = "http://dbpedia.org/ontology/"
XSD = "http://www.w3.org/2001/XMLSchema#"
PERSON = {"id": "p", "class": D + "Person"}


def _graph(**data) -> PrototypeGraph:
    return PrototypeGraph.model_validate({"nodes": [PERSON], **data})


def test_order_by_a_label_sorts_on_the_label_column():
    query = compile_sparql(_graph(order_by=[{"node": "p", "label": True, "descending": True}]))
    assert "ORDER BY DESC(?p_label)" in query
    assert "ORDER BY ?p\n" in compile_sparql(_graph(order_by=[{"node": "p"}]))
    with pytest.raises(GraphCompileError, match="label of 'p': it is not returned"):
        compile_sparql(_graph(order_by=[{"node": "p", "label": True}]), labels=False)


def test_order_by_the_label_of_a_group_under_a_count():
    graph = PrototypeGraph.model_validate({
        "nodes": [PERSON, {"id": "u", "class": D + "University"}],
        "edges": [{"source": "p", "link": D + "almaMater", "target": "u"}],
        "aggregation": {"count": "p", "group_by": ["u"]}, "order_by": [{"node": "u", "label": True}]})
    query = compile_sparql(graph)
    assert "GROUP BY ?u ?u_label\nORDER BY ?u_label" in query


def test_the_count_query_wraps_the_same_select_without_order_or_page():
    graph = _graph(order_by=[{"node": "p"}], limit=10, offset=5)
    count = compile_count(graph)
    inner = compile_sparql(graph.model_copy(update={"order_by": ()})).split("\n\n", 1)[1]
    assert count.startswith("PREFIX dbo:") and "SELECT (COUNT(*) AS ?total)" in count
    assert all(f"    {line}" in count.splitlines() for line in inner.splitlines())
    assert "ORDER BY" not in count and "LIMIT 10" in count and "OFFSET 5" in count


def test_an_optional_branch_carries_its_type_label_and_the_links_that_bind_it():
    graph = PrototypeGraph.model_validate({
        "nodes": [PERSON, {"id": "q", "class": D + "Person"}, {"id": "u", "class": D + "University"}],
        "edges": [{"source": "p", "link": D + "child", "target": "q", "optional": True},
                  {"source": "p", "link": D + "almaMater", "target": "u"},
                  {"source": "q", "link": D + "almaMater", "target": "u"}]})
    query = compile_sparql(graph)
    optional = query[query.index("  OPTIONAL {\n"):]
    optional = optional[:optional.index("\n  }\n")]
    for line in ("?p dbo:child ?q .", "?q a dbo:Person .", "?q dbo:almaMater ?u .", "?q rdfs:label ?q_label"):
        assert line in optional
    required = query.replace(optional, "")
    assert "?q a dbo:Person" not in required and "?q dbo:almaMater" not in required


@pytest.mark.parametrize(("op", "value", "expected"), [
    ("=", "1990", '?p_birthDate >= "1990-01-01"^^xsd:date && ?p_birthDate < "1991-01-01"^^xsd:date'),
    ("!=", "1990-05", '?p_birthDate < "1990-05-01"^^xsd:date || ?p_birthDate >= "1990-06-01"^^xsd:date'),
    ("<", "1990", '?p_birthDate < "1990-01-01"^^xsd:date'),
    ("<=", "1990", '?p_birthDate < "1991-01-01"^^xsd:date'),
    (">", "1990", '?p_birthDate >= "1991-01-01"^^xsd:date'),
    (">=", "1990-12", '?p_birthDate >= "1990-12-01"^^xsd:date'),
    ("=", "1990-05-03", '?p_birthDate = "1990-05-03"^^xsd:date'),
])
def test_a_partial_date_becomes_a_range(op, value, expected):
    graph = _graph(nodes=[{**PERSON, "constraints": [
        {"property": D + "birthDate", "op": op, "value": value, "datatype": XSD + "date"}]}])
    assert f"FILTER({expected})" in compile_sparql(graph)


def test_a_date_no_range_fits_is_a_compile_error_naming_why():
    graph = _graph(nodes=[{**PERSON, "constraints": [
        {"property": D + "birthDate", "op": "=", "value": "1990-13", "datatype": XSD + "date"}]}])
    with pytest.raises(GraphCompileError, match="month 13 does not exist"):
        compile_sparql(graph)


def test_an_order_on_an_attribute_binds_it_shows_it_and_parses_back() -> None:
    from app.query.compile import compile_sparql
    from app.query.parse import parse_sparql

    graph = PrototypeGraph.model_validate({
        "nodes": [{"id": "book_1", "class": "http://e.org/Book",
                   "constraints": [{"property": "http://e.org/pages", "op": "<", "value": 300}]}],
        "order_by": [{"node": "book_1", "descending": True, "property": "http://e.org/price"}], "limit": 1})
    query = compile_sparql(graph)
    assert "?book_1 <http://e.org/price> ?book_1_price ." in query
    assert "SELECT DISTINCT ?book_1 ?book_1_label ?book_1_price" in query
    assert "ORDER BY DESC(?book_1_price)" in query
    assert parse_sparql(query) == graph


def test_the_most_expensive_book_of_the_library_sample_is_the_priciest_by_hand() -> None:
    from pathlib import Path

    import pyoxigraph

    from app.query.embedded import EmbeddedStore
    from app.query.run import run_query

    data = Path(__file__).resolve().parents[3] / "sample_ontologies" / "library_sample" / "data.ttl"
    lib = "http://protograph.example/library/"
    graph = PrototypeGraph.model_validate({"nodes": [{"id": "book_1", "class": lib + "Book"}],
                                           "order_by": [{"node": "book_1", "descending": True,
                                                         "property": lib + "listPrice"}], "limit": 1})
    [row] = run_query(compile_sparql(graph, labels=False), store=EmbeddedStore([data])).bindings
    store = pyoxigraph.Store()
    store.bulk_load(path=str(data), format=pyoxigraph.RdfFormat.TURTLE)
    prices = {}
    book_class = pyoxigraph.NamedNode(lib + "Book")
    subclasses = {book_class} | {q.subject for q in store.quads_for_pattern(
        None, pyoxigraph.NamedNode("http://www.w3.org/2000/01/rdf-schema#subClassOf"), book_class)}
    for quad in store.quads_for_pattern(None, pyoxigraph.NamedNode(lib + "listPrice"), None):
        types = {q.object for q in store.quads_for_pattern(
            quad.subject, pyoxigraph.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"), None)}
        if types & subclasses:
            prices[quad.subject.value] = float(quad.object.value)
    assert row["book_1"]["value"] == max(prices, key=prices.get)
    assert float(row["book_1_listPrice"]["value"]) == max(prices.values())

"""SPARQL → graph: the compiler's output comes back as the same graph; other SPARQL is drawn or refused clearly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.errors import CannotDrawError, QuerySyntaxError
from app.graph.model import COUNT_OPS, PrototypeGraph
from app.query.compile import compile_sparql
from app.query.parse import parse_sparql

D = "http://dbpedia.org/ontology/"
OWL_THING = "http://www.w3.org/2002/07/owl#Thing"
GOLDEN = sorted(p.stem for p in (Path(__file__).resolve().parents[2] / "fixtures" / "graphs").glob("*.json"))


def lines(query: str) -> list[str]:
    """The query's lines in a fixed order (rdflib reorders triple patterns), SELECT variables sorted."""
    return sorted(" ".join(sorted(line.split())) if line.startswith("SELECT") else line for line in query.splitlines())


def normal(graph: PrototypeGraph, limit: int | None = 100) -> dict:
    """What a graph means, independent of list order and of what SPARQL cannot carry (labels)."""
    data = graph.model_dump(mode="json")
    # Nodes under a negated edge are never returned: they are missing from an all-selected projection.
    everything = PrototypeGraph.model_validate(
        {**data, "aggregation": None, "order_by": [], "nodes": [{**n, "select": True} for n in data["nodes"]]})
    projection = next(line for line in compile_sparql(everything).splitlines() if line.startswith("SELECT"))
    hidden = {n["id"] for n in data["nodes"]} - {v.lstrip("?") for v in projection.split()[2:]}
    nodes = []
    any_selected = any(n["select"] and n["id"] not in hidden for n in data["nodes"])
    for n in data["nodes"]:
        n = {**n, "label": ""}
        if data["aggregation"] is not None:
            n["select"] = n["id"] in data["aggregation"]["group_by"]
        elif n["id"] in hidden:
            n["select"] = False
        elif not any_selected:
            n["select"] = True
        n["constraints"] = sorted(map(str, n["constraints"]))
        nodes.append(n)
    return {
        "nodes": sorted(nodes, key=lambda n: n["id"]),
        "edges": sorted(map(str, data["edges"])),
        "aggregation": data["aggregation"],
        "order_by": data["order_by"],
        "limit": data["limit"] if data["limit"] is not None else limit,
        "offset": data["offset"] or None,
    }


@pytest.mark.parametrize("name", GOLDEN)
def test_golden_graphs_round_trip(name, golden_graph, golden_query):
    graph = golden_graph(name)
    back = parse_sparql(golden_query(name))
    assert normal(back) == normal(graph)
    # rdflib reorders triple patterns, so the text may differ in order, never in content.
    assert lines(compile_sparql(back)) == lines(compile_sparql(graph))


def test_every_feature_round_trips():
    graph = PrototypeGraph.model_validate({
        "nodes": [
            {"id": "ship_1", "class": D + "Ship", "constraints": [
                {"property": D + "length", "op": ">", "value": 12.5},
                {"property": D + "length", "op": "<=", "value": 400},
                {"property": D + "launch", "op": ">=", "value": "1900-01-01", "datatype": "http://www.w3.org/2001/XMLSchema#date"},
                {"property": D + "name", "op": "contains", "value": 'Ma"ry'},
                {"property": D + "name", "op": "lang", "value": "en"},
                {"property": D + "active", "op": "=", "value": True}]},
            {"id": "place_1", "class": D + "Place", "include_subclasses": True, "select": False},
            {"id": "country_1", "class": D + "Country", "instances": [
                "http://dbpedia.org/resource/United_States", "http://dbpedia.org/resource/Canada"]},
            {"id": "person_1", "class": D + "Person"},
            {"id": "person_2", "class": D + "Person"},
        ],
        "edges": [
            {"source": "ship_1", "link": D + "homeport", "target": "place_1"},
            {"source": "place_1", "link": D + "country", "target": "country_1"},
            {"source": "person_1", "link": D + "deathPlace", "target": "place_1", "optional": True},
            {"source": "person_1", "link": D + "child", "target": "person_2", "negated": True},
        ],
        "order_by": [{"node": "ship_1", "descending": True}], "limit": 20, "offset": 40,
    })
    back = parse_sparql(compile_sparql(graph))
    assert normal(back) == normal(graph)


CLASSES = st.sampled_from([D + c for c in ("Person", "Place", "Work", "Ship")] + [OWL_THING])
LINKS = st.sampled_from([D + link for link in ("author", "child", "homeport", "country")])


@st.composite
def graphs(draw) -> PrototypeGraph:
    count = draw(st.integers(1, 5))
    ids = [f"n_{i}" for i in range(count)]
    nodes = [{"id": i, "class": draw(CLASSES), "select": draw(st.booleans()),
              "include_subclasses": draw(st.booleans())} for i in ids]
    edges = []
    for target in range(1, count):  # a spanning tree, so every node is reachable
        source = draw(st.integers(0, target - 1))
        kind = draw(st.sampled_from(["required", "required", "optional", "negated"]))
        pair = (ids[source], ids[target]) if draw(st.booleans()) else (ids[target], ids[source])
        edges.append({"source": pair[0], "link": draw(LINKS), "target": pair[1],
                      "optional": kind == "optional", "negated": kind == "negated"})
    for node in nodes:  # a node of class Thing must stay visible in the query text
        if node["class"] == OWL_THING and count == 1:
            node["class"] = D + "Person"
    return PrototypeGraph.model_validate({"nodes": nodes, "edges": edges, "limit": draw(st.one_of(st.none(), st.integers(0, 500)))})


@settings(max_examples=60, deadline=None)
@given(graph=graphs())
def test_generated_graphs_round_trip(graph):
    query = compile_sparql(graph)
    back = parse_sparql(query)
    assert normal(back) == normal(graph)
    assert lines(compile_sparql(back)) == lines(query)


def test_hand_written_basic_patterns_are_drawn():
    graph = parse_sparql("""
        PREFIX dbo: <http://dbpedia.org/ontology/>
        PREFIX dbr: <http://dbpedia.org/resource/>
        SELECT ?film ?director WHERE {
          ?film a dbo:Film ; dbo:director ?director ; dbo:country dbr:France ; dbo:runtime ?minutes .
          ?director a dbo:Person .
          OPTIONAL { ?director dbo:spouse ?spouse }
          FILTER(?minutes >= 90 && CONTAINS(STR(?minutes), "1"))
        } ORDER BY DESC(?film) LIMIT 10""")
    assert [n.id for n in graph.nodes][:2] == ["film", "director"]
    france = next(n for n in graph.nodes if n.instances)
    assert france.instances == ("http://dbpedia.org/resource/France",) and france.class_ == OWL_THING
    spouse = next(e for e in graph.edges if e.link == D + "spouse")
    assert spouse.optional and graph.node("spouse").class_ == OWL_THING
    runtime = graph.node("film").constraints
    assert [(c.property, c.op.value, c.value) for c in runtime] == [
        (D + "runtime", ">=", 90), (D + "runtime", "contains", "1")]
    assert graph.order_by[0].descending and graph.limit == 10
    assert not graph.node("spouse").select


def test_literal_objects_become_equality_constraints():
    graph = parse_sparql('SELECT ?p WHERE { ?p <http://xmlns.com/foaf/0.1/name> "Ada"@en }')
    (constraint,) = graph.node("p").constraints
    assert constraint.op.value == "=" and constraint.value == "Ada"


@pytest.mark.parametrize(
    ("query", "construct"),
    [
        ("SELECT * WHERE { { ?s a <http://e.org/A> } UNION { ?s a <http://e.org/B> } }", "UNION"),
        ("SELECT * WHERE { ?s a <http://e.org/A> MINUS { ?s a <http://e.org/B> } }", "MINUS"),
        ("SELECT * WHERE { GRAPH ?g { ?s a <http://e.org/A> } }", "GRAPH"),
        ("SELECT * WHERE { ?s a <http://e.org/A> BIND(1 AS ?x) }", "BIND"),
        ("SELECT * WHERE { ?s ?p ?o }", "variable predicate"),
        ("SELECT * WHERE { ?s <http://e.org/p>+ ?o }", "property path"),
        ("SELECT * WHERE { ?s a <http://e.org/A>, <http://e.org/B> }", "more than one class"),
        ("SELECT * WHERE { ?s a <http://e.org/A> FILTER(?s != <http://e.org/x>) }", "FILTER"),
        ("ASK { ?s a <http://e.org/A> }", "ASK query"),
        ("CONSTRUCT WHERE { ?s a <http://e.org/A> }", "CONSTRUCT query"),
        ("SELECT (SUM(DISTINCT ?n) AS ?t) WHERE { ?s a <http://e.org/A> ; <http://e.org/n> ?n }", "SUM"),
        ("SELECT (GROUP_CONCAT(?n) AS ?t) WHERE { ?s a <http://e.org/A> ; <http://e.org/n> ?n }", "GROUPCONCAT"),
        ("SELECT ?s WHERE { ?s a <http://e.org/A> } GROUP BY ?s HAVING (COUNT(?s) > 1 && COUNT(?s) < 5)", "HAVING"),
        ("SELECT * WHERE { _:b a <http://e.org/A> }", "blank node"),
        ("SELECT * WHERE { ?s a <http://e.org/A> SERVICE <http://e.org/sparql> { ?s ?p ?o } }", "SERVICE"),
    ],
)
def test_other_sparql_says_what_cannot_be_drawn(query, construct):
    with pytest.raises(CannotDrawError, match=f"^cannot be drawn: .*{construct}"):
        parse_sparql(query)


def test_invalid_sparql_is_a_syntax_error():
    with pytest.raises(QuerySyntaxError, match="syntax"):
        parse_sparql("SELECT WHERE {")


def test_order_by_a_label_count_group_by_and_limit_parse_back():
    graph = parse_sparql(f"""PREFIX dbo: <{D}>
        PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
        SELECT ?x ?x_label WHERE {{ ?x a dbo:Person . OPTIONAL {{ ?x rdfs:label ?x_label }} }}
        ORDER BY DESC(?x_label) LIMIT 10""")
    assert [(o.node, o.label, o.descending) for o in graph.order_by] == [("x", True, True)] and graph.limit == 10
    counted = parse_sparql(f"""PREFIX dbo: <{D}>
        PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
        SELECT ?u ?u_label (COUNT(DISTINCT ?p) AS ?n) WHERE {{
          ?p a dbo:Person ; dbo:almaMater ?u . ?u a dbo:University . OPTIONAL {{ ?u rdfs:label ?u_label }} }}
        GROUP BY ?u ?u_label ORDER BY DESC(?n) ?u_label LIMIT 5""")
    assert counted.aggregation.count == "p" and counted.aggregation.group_by == ("u",) and counted.limit == 5
    assert [(o.node, o.label, o.descending) for o in counted.order_by] == [("count", False, True), ("u", True, False)]
    assert parse_sparql(compile_sparql(counted)) == counted


def test_an_optional_branch_parses_back_with_only_its_opening_link_optional():
    graph = PrototypeGraph.model_validate({
        "nodes": [{"id": "p", "class": D + "Person"}, {"id": "q", "class": D + "Person"},
                  {"id": "u", "class": D + "University"}],
        "edges": [{"source": "p", "link": D + "almaMater", "target": "u"},
                  {"source": "p", "link": D + "child", "target": "q", "optional": True},
                  {"source": "q", "link": D + "almaMater", "target": "u"}]})
    query = compile_sparql(graph)
    back = parse_sparql(query)
    assert {(e.source, e.target): e.optional for e in back.edges} == {("p", "u"): False, ("p", "q"): True,
                                                                       ("q", "u"): False}
    assert compile_sparql(back) == query


def test_an_optional_whose_new_node_the_graph_would_not_make_optional_is_refused():
    # ?b is new in the OPTIONAL, but as drawn ?a (the target, as far from ?c as ?b) would become optional.
    with pytest.raises(CannotDrawError, match=r"makes \?b optional"):
        parse_sparql("SELECT ?c ?a ?b WHERE { ?c <http://e.org/r> ?a . "
                     "OPTIONAL { ?b <http://e.org/p> ?a . ?c <http://e.org/q> ?b } }")
    drawn = parse_sparql("SELECT ?c ?a ?b WHERE { ?c <http://e.org/r> ?a . "
                         "OPTIONAL { ?a <http://e.org/p> ?b . ?c <http://e.org/q> ?b } }")
    assert [e.optional for e in drawn.edges] == [False, True, False]


@pytest.mark.parametrize("select", [True, False])
def test_a_shown_value_round_trips(select):
    # "How many pages does it have, and is it over 200": shown and constrained, the book returned or not
    graph = PrototypeGraph.model_validate({"nodes": [
        {"id": "book_1", "class": D + "Book", "instances": ["http://dbpedia.org/resource/X"], "select": select,
         "shown": [D + "numberOfPages"], "constraints": [{"property": D + "numberOfPages", "op": ">", "value": 200}]},
        {"id": "person_1", "class": D + "Person", "shown": [D + "birthDate"]}],
        "edges": [{"source": "book_1", "link": D + "author", "target": "person_1"}]})
    for labels in (True, False):
        back = parse_sparql(compile_sparql(graph, labels=labels, limit=None))
        # returned nodes come first in a drawing, so only the order may differ
        assert {n.id: n for n in back.nodes} == {n.id: n for n in graph.nodes} and back.edges == graph.edges


def test_a_returned_value_of_another_name_is_still_a_node():
    # a foreign query: nothing says ?pages is a value rather than a thing
    graph = parse_sparql(f"SELECT ?b ?pages WHERE {{ ?b a <{D}Book> ; <{D}numberOfPages> ?pages }}")
    assert [n.id for n in graph.nodes] == ["b", "pages"] and not graph.nodes[0].shown


def _departments(having: dict, group_by: tuple[str, ...] = ("department",)) -> PrototypeGraph:
    co = "http://protograph.example/company/"
    return PrototypeGraph.model_validate({  # only the groups are returned, so only they are drawn selected
        "nodes": [{"id": "department", "class": co + "Department", "select": "department" in group_by},
                  {"id": "employee", "class": co + "Employee", "select": False}],
        "edges": [{"source": "employee", "link": co + "worksIn", "target": "department"}],
        "aggregation": {"count": "employee", "group_by": list(group_by), "having": having},
        "order_by": [{"node": "count", "descending": True}], "limit": 10})


@pytest.mark.parametrize("op", [op.value for op in COUNT_OPS])
@pytest.mark.parametrize("group_by", [("department",), ()])
def test_a_count_condition_round_trips(op, group_by):
    graph = _departments({"op": op, "value": 5}, group_by)
    assert parse_sparql(compile_sparql(graph)) == graph


HAND_WRITTEN = """PREFIX co: <http://protograph.example/company/>
    SELECT ?department (COUNT(DISTINCT ?employee) AS ?count) WHERE {{
      ?department a co:Department . ?employee a co:Employee ; co:worksIn ?department }}
    GROUP BY ?department HAVING ({having}) ORDER BY DESC(?count) LIMIT 10"""


@pytest.mark.parametrize(("having", "op", "value"), [
    ("COUNT(DISTINCT ?employee) > 5", ">", 5),
    ("COUNT(?employee) >= 2", ">=", 2),
    ("?count != 0", "!=", 0),
    ("5 < COUNT(?employee)", ">", 5),  # the number first: the comparison turns round
    ("3 >= ?count", "<=", 3),
])
def test_a_hand_written_having_on_the_count_is_drawn(having, op, value):
    graph = parse_sparql(HAND_WRITTEN.format(having=having))
    assert graph.aggregation.having.model_dump(mode="json") == {"op": op, "value": value}
    assert graph.aggregation.count == "employee" and graph.aggregation.group_by == ("department",)


@pytest.mark.parametrize(("having", "message"), [
    ("COUNT(?employee) > 5 && COUNT(?employee) < 9", "HAVING with more than one condition"),
    ("COUNT(?employee) > 5.5", 'HAVING that compares the count with "5.5"'),
    ('COUNT(?employee) > "5"', 'HAVING that compares the count with "5"'),
    ("COUNT(?employee) > -1", "a HAVING other than the count compared with a whole number"),
    ("COUNT(?employee) + 1 > 2", "a HAVING other than the count compared with a whole number"),
    ("?department = co:sales", "a HAVING other than the count compared with a whole number"),
    ("COUNT(?department) > 1", "more than one aggregate"),
    ("SUM(?employee) > 1", "more than one aggregate"),
])
def test_any_other_having_cannot_be_drawn(having, message):
    with pytest.raises(CannotDrawError, match=f"^cannot be drawn: {re.escape(message)}"):
        parse_sparql(HAND_WRITTEN.format(having=having))

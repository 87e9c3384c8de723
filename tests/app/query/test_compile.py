"""The graph → SPARQL compiler: golden queries, every feature executed on a real pyoxigraph store, errors."""

from __future__ import annotations

from pathlib import Path

import pyoxigraph
import pytest

from app.errors import GraphCompileError
from app.graph.model import PrototypeGraph
from app.query.check import check_query
from app.query.compile import compile_sparql
from app.query.embedded import EmbeddedStore

GRAPHS = Path(__file__).resolve().parents[2] / "fixtures" / "graphs"

D = "http://dbpedia.org/ontology/"
R = "http://dbpedia.org/resource/"
EX = "http://example.org/mini/"
XSD = "http://www.w3.org/2001/XMLSchema#"
GOLDEN = sorted(p.stem for p in GRAPHS.glob("*.json"))


def graph(nodes, edges=(), **extra) -> PrototypeGraph:
    return PrototypeGraph.model_validate({"nodes": list(nodes), "edges": list(edges), **extra})


def node(id_, cls, **kw):
    return {"id": id_, "class": cls if cls.startswith("http") else D + cls, **kw}


def edge(s, link, t, **kw):
    return {"source": s, "link": D + link, "target": t, **kw}


def ids(store, query, var):
    return sorted(row[var]["value"] for row in store.select(query).bindings if var in row)


@pytest.mark.parametrize("name", GOLDEN)
def test_golden_graph_compiles_to_its_query(name, golden_graph, golden_query):
    assert compile_sparql(golden_graph(name)) + "\n" == golden_query(name)


@pytest.mark.parametrize("name", GOLDEN)
def test_golden_query_parses_in_pyoxigraph(name, golden_query):
    pyoxigraph.Store().query(golden_query(name))  # raises SyntaxError if not SPARQL 1.1
    assert check_query(golden_query(name)).value == "SELECT"


def test_compilation_is_deterministic(golden_graph):
    g = golden_graph("d_tv_theme_composers")
    assert len({compile_sparql(g) for _ in range(5)}) == 1


def test_paper_shape_select_distinct_types_and_one_triple_per_edge(golden_graph):
    q = compile_sparql(golden_graph("a_works_by_ice_hockey_players"), labels=False)
    assert q.splitlines()[2] == "SELECT DISTINCT ?work_1 ?ice_hockey_player_1"
    assert "?work_1 a dbo:Work ." in q and "?ice_hockey_player_1 a dbo:IceHockeyPlayer ." in q
    assert q.count("dbo:author") == 1 and q.rstrip().endswith("LIMIT 100")


def test_labels_come_back_in_the_preferred_language(mini_store):
    g = graph([node("work_1", "Work", instances=["http://dbpedia.org/resource/The_Game_book"])])
    en = mini_store.select(compile_sparql(g)).bindings
    fr = mini_store.select(compile_sparql(g, language="fr")).bindings
    assert [r["work_1_label"]["value"] for r in en] == ["The Game"]
    assert [r["work_1_label"]["value"] for r in fr] == ["Le Match"]


def test_pinned_instances_become_values(mini_store):
    g = graph([node("ship_1", "Ship"), node("place_1", "Place"),
               node("country_1", "Country", instances=[R + "Canada"])],
              [edge("ship_1", "homeport", "place_1"), edge("place_1", "country", "country_1")])
    q = compile_sparql(g)
    assert "VALUES ?country_1 { dbr:Canada }" in q
    assert ids(mini_store, q, "ship_1") == [EX + "Ship_3"]


def test_include_subclasses_uses_the_type_path():
    store = EmbeddedStore(data=f"""
        <{D}IceHockeyPlayer> <http://www.w3.org/2000/01/rdf-schema#subClassOf> <{D}Athlete> .
        <{EX}p> a <{D}IceHockeyPlayer> .""")
    plain = graph([node("athlete_1", "Athlete")])
    deep = graph([node("athlete_1", "Athlete", include_subclasses=True)])
    assert "?athlete_1 rdf:type/rdfs:subClassOf* dbo:Athlete ." in compile_sparql(deep)
    assert ids(store, compile_sparql(plain), "athlete_1") == []
    assert ids(store, compile_sparql(deep), "athlete_1") == [EX + "p"]


@pytest.mark.parametrize(
    ("constraint", "expected"),
    [
        ({"property": D + "numberOfPages", "op": ">", "value": 200}, ["Gretzky_Autobiography", "The_Game_book"]),
        ({"property": D + "numberOfPages", "op": "<=", "value": 100}, ["Work_3"]),
        ({"property": D + "numberOfPages", "op": "=", "value": "256", "datatype": XSD + "integer"}, ["The_Game_book"]),
        ({"property": D + "numberOfPages", "op": "!=", "value": 256}, ["Gretzky_Autobiography", "Work_3", "Work_4"]),
        ({"property": "http://www.w3.org/2000/01/rdf-schema#label", "op": "contains", "value": "synthetic"},
         ["Work_3", "Work_4"]),
        ({"property": "http://www.w3.org/2000/01/rdf-schema#label", "op": "startswith", "value": "the"},
         ["The_Game_book"]),
        ({"property": "http://www.w3.org/2000/01/rdf-schema#label", "op": "regex", "value": "^gretzky.*auto"},
         ["Gretzky_Autobiography"]),
        ({"property": "http://www.w3.org/2000/01/rdf-schema#label", "op": "=", "value": "The Game"}, ["The_Game_book"]),
        ({"property": "http://www.w3.org/2000/01/rdf-schema#label", "op": "lang", "value": "fr"}, ["The_Game_book"]),
    ],
)
def test_constraints_filter_with_typed_literals(mini_store, constraint, expected):
    g = graph([node("work_1", "Book", constraints=[constraint]), node("player_1", "IceHockeyPlayer")],
              [edge("work_1", "author", "player_1")])
    found = [iri.rsplit("/", 1)[-1] for iri in ids(mini_store, compile_sparql(g), "work_1")]
    assert sorted(set(found)) == expected


def test_date_and_boolean_constraints(mini_store):
    g = graph([node("player_1", "IceHockeyPlayer", constraints=[
        {"property": D + "birthDate", "op": "<", "value": "1970-01-01", "datatype": XSD + "date"}])])
    q = compile_sparql(g)
    assert '"1970-01-01"^^xsd:date' in q
    assert ids(mini_store, q, "player_1") == [R + "Ken_Dryden", R + "Wayne_Gretzky"]
    store = EmbeddedStore(data=f'<{EX}a> a <{D}Ship> ; <{D}active> true . <{EX}b> a <{D}Ship> ; <{D}active> false .')
    flag = graph([node("ship_1", "Ship", constraints=[{"property": D + "active", "op": "=", "value": True}])])
    assert '"true"^^xsd:boolean' in compile_sparql(flag)
    assert ids(store, compile_sparql(flag), "ship_1") == [EX + "a"]


def test_optional_edge_keeps_rows_without_a_match(mini_store):
    g = graph([node("person_1", "Person", constraints=[
        {"property": "http://www.w3.org/2000/01/rdf-schema#label", "op": "startswith", "value": "synthetic composer"}]),
        node("person_2", "Person")], [edge("person_1", "child", "person_2", optional=True)])
    q = compile_sparql(g)
    assert "OPTIONAL {\n    ?person_1 dbo:child ?person_2 .\n    ?person_2 a dbo:Person ." in q
    rows = mini_store.select(q).bindings
    assert sorted((r["person_1"]["value"], r.get("person_2", {}).get("value")) for r in rows) == [
        (EX + "Composer_1", EX + "Child_1"), (EX + "Composer_2", None)]


def test_negated_edge_becomes_filter_not_exists_and_is_not_returned(mini_store):
    g = graph([node("person_1", "Person", constraints=[
        {"property": "http://www.w3.org/2000/01/rdf-schema#label", "op": "startswith", "value": "synthetic composer"}]),
        node("person_2", "Person")], [edge("person_1", "child", "person_2", negated=True)])
    q = compile_sparql(g)
    assert "FILTER NOT EXISTS {" in q and "?person_2" not in q.split("WHERE")[0]
    assert ids(mini_store, q, "person_1") == [EX + "Composer_2"]


def test_select_chooses_returned_variables():
    g = graph([node("work_1", "Work", select=False), node("player_1", "IceHockeyPlayer")],
              [edge("work_1", "author", "player_1")])
    assert compile_sparql(g).splitlines()[3] == "SELECT DISTINCT ?player_1 ?player_1_label"


def test_count_group_by_order_limit_offset(sample_store, golden_graph):
    g = golden_graph("e_count_works_per_player")
    q = compile_sparql(g)
    assert "(COUNT(DISTINCT ?work_1) AS ?count)" in q and "GROUP BY ?ice_hockey_player_1 ?ice_hockey_player_1_label" in q
    counts = [int(r["count"]["value"]) for r in sample_store.select(q).bindings]
    assert counts == sorted(counts, reverse=True) and counts[0] >= 1
    page = g.model_copy(update={"limit": 2, "offset": 1})
    q2 = compile_sparql(page)
    assert q2.endswith("LIMIT 2\nOFFSET 1")
    assert [int(r["count"]["value"]) for r in sample_store.select(q2).bindings] == counts[1:3]


def test_limit_none_and_configurable_default(golden_graph):
    g = golden_graph("a_works_by_ice_hockey_players")
    assert "LIMIT" not in compile_sparql(g, limit=None)
    assert compile_sparql(g, limit=7).endswith("LIMIT 7")
    assert compile_sparql(g.model_copy(update={"limit": 3}), limit=7).endswith("LIMIT 3")


def test_owl_thing_nodes_skip_the_type_when_an_edge_binds_them():
    g = graph([node("person_1", "Person"), node("thing_1", "http://www.w3.org/2002/07/owl#Thing")],
              [edge("person_1", "deathPlace", "thing_1")])
    assert "owl:Thing" not in compile_sparql(g)
    alone = graph([node("thing_1", "http://www.w3.org/2002/07/owl#Thing")])
    assert "?thing_1 a owl:Thing ." in compile_sparql(alone)


def test_custom_prefixes_and_unsafe_local_names():
    g = graph([node("place_1", "Place", instances=[R + "Norfolk,_Virginia"])])
    q = compile_sparql(g, prefixes={"ex": "http://example.org/"})
    assert "<http://dbpedia.org/resource/Norfolk,_Virginia>" in q
    pyoxigraph.Store().query(q)


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ({"nodes": []}, "no nodes"),
        ({"nodes": [node("a", "http://x.org/C> } DROP ALL { <http://x.org/D")]}, "not a valid IRI"),
        ({"nodes": [node("a", "Person", instances=["not an iri"])]}, "not a valid IRI"),
        ({"nodes": [node("a", "Person")], "edges": [edge("a", "child", "b")]}, "unknown node"),
        ({"nodes": [node("a", "Person", constraints=[{"property": D + "x", "op": ">", "value": "ten",
                                                      "datatype": XSD + "integer"}])]}, "not a valid xsd:integer"),
        ({"nodes": [node("a", "Person", constraints=[{"property": D + "x", "op": "lang", "value": "en\"}"}])]},
         "not a language tag"),
        ({"nodes": [node("a", "Person"), node("b", "Person")],
          "edges": [edge("a", "child", "b", optional=True, negated=True)]}, "both optional and negated"),
        ({"nodes": [node("a", "Person")], "order_by": [{"node": "zzz"}]}, "cannot order by"),
    ],
)
def test_bad_graphs_raise_a_clear_error(bad, message):
    with pytest.raises(GraphCompileError, match=message):
        compile_sparql(PrototypeGraph.model_validate(bad))


def test_node_ids_are_checked_even_without_validation():
    sneaky = PrototypeGraph.model_construct(nodes=(
        PrototypeGraph.model_validate({"nodes": [node("a", "Person")]}).nodes[0].model_copy(update={"id": "a } DROP ALL"}),
    ), edges=(), order_by=(), aggregation=None, limit=None, offset=None)
    with pytest.raises(GraphCompileError, match="invalid node id"):
        compile_sparql(sneaky)


def test_bad_language_and_prefix_are_refused(golden_graph):
    g = golden_graph("a_works_by_ice_hockey_players")
    with pytest.raises(GraphCompileError, match="language"):
        compile_sparql(g, language='en") } DROP ALL #')
    with pytest.raises(GraphCompileError, match="prefix"):
        compile_sparql(g, prefixes={"bad prefix": "http://e.org/"})


def test_a_shown_attribute_is_returned_as_the_answer(mini_store):
    # "How many pages does Synthetic Memoir have?": the named book, its page count shown
    g = graph([node("book_1", "Book", instances=[EX + "Work_3"], shown=[D + "numberOfPages"])])
    q = compile_sparql(g, labels=False)
    assert q.splitlines()[2] == "SELECT DISTINCT ?book_1 ?book_1_numberOfPages"
    assert ids(mini_store, q, "book_1_numberOfPages") == ["100"]
    # with nothing else selected, the value alone is returned
    only_value = graph([node("book_1", "Book", instances=[EX + "Work_3"], shown=[D + "numberOfPages"],
                             select=False)])
    assert "SELECT DISTINCT ?book_1_numberOfPages\n" in compile_sparql(only_value, labels=False)


def test_a_shown_attribute_that_is_also_constrained_is_read_once(mini_store):
    g = graph([node("book_1", "Book", shown=[D + "numberOfPages"],
                    constraints=[{"property": D + "numberOfPages", "op": ">", "value": 200}])])
    q = compile_sparql(g, labels=False)
    assert q.count("dbo:numberOfPages") == 1
    assert ids(mini_store, q, "book_1_numberOfPages") == ["256", "272"]

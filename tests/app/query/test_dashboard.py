"""The dashboard on the sample knowledge graph: counts per node, dates and coordinates of instances, the plan."""

from __future__ import annotations

import plotly.graph_objects as go
import pyoxigraph
import pytest

from app.graph.model import PrototypeGraph
from app.query.charts import ChartKind
from app.query.compile import compile_sparql
from app.query.dashboard import (
    LATITUDE,
    LONGITUDE,
    draw_chart,
    instance_facts,
    node_counts,
    node_labels,
    plan_dashboard,
    returned_nodes,
)

DBO = "http://dbpedia.org/ontology/"
GEO = "http://www.w3.org/2003/01/geo/wgs84_pos#"


@pytest.fixture(scope="module")
def raw(sample_kg_path) -> pyoxigraph.Store:
    """Expected answers come from hand-written SPARQL on a bare store, not from the app."""
    store = pyoxigraph.Store()
    store.load(path=str(sample_kg_path), format=pyoxigraph.RdfFormat.TURTLE)
    return store


def _set(raw, query: str) -> set:
    return {tuple(term.value for term in row) for row in raw.query(f"PREFIX dbo: <{DBO}> PREFIX geo: <{GEO}> {query}")}


SHIPS_WHERE = ("?ship a dbo:Ship ; dbo:homeport ?place . ?place a dbo:Place ; "
               "dbo:country <http://dbpedia.org/resource/United_States> . ?person a dbo:Person ; dbo:deathPlace ?place .")


def test_node_counts_cover_every_result_not_just_a_page(sample_store, golden_graph, raw):
    graph = golden_graph("c_ships_home_ports_in_the_us")
    rows = sample_store.select(compile_sparql(graph, limit=None)).bindings
    expected = {n: len({r[n]["value"] for r in rows}) for n in returned_nodes(graph)}
    assert node_counts(graph, store=sample_store) == expected
    assert expected["ship_1"] > 25  # more than one page of the table holds
    assert node_counts(golden_graph("e_count_works_per_player"), store=sample_store) == {}


def test_facts_read_the_dates_of_each_instance(sample_store, golden_graph, raw):
    graph = golden_graph("a_works_by_ice_hockey_players")
    facts = instance_facts(graph, "ice_hockey_player_1", store=sample_store)
    players = {r["ice_hockey_player_1"]["value"] for r in sample_store.select(compile_sparql(graph)).bindings}
    assert {b["ice_hockey_player_1"]["value"] for b in facts.results.bindings} <= players
    column, prop = facts.dates[0]
    births = dict(_set(raw, f"SELECT ?p ?d WHERE {{ ?p <{prop}> ?d }}"))
    shown = {b["ice_hockey_player_1"]["value"]: b[column]["value"] for b in facts.results.bindings if column in b}
    assert shown and all(births[p] == d for p, d in shown.items())
    assert facts.has_timeline and not facts.has_map


def test_facts_place_instances_with_coordinates(sample_store, golden_graph, raw):
    graph = golden_graph("c_ships_home_ports_in_the_us")
    facts = instance_facts(graph, "place_1", store=sample_store)
    assert facts.has_map and {LATITUDE, LONGITUDE} <= set(facts.results.vars)
    expected = {(p, float(lat), float(long)) for p, lat, long in _set(
        raw, f"SELECT ?place ?lat ?long WHERE {{ {SHIPS_WHERE} ?place geo:lat ?lat ; geo:long ?long }}")}
    got = {(b["place_1"]["value"], float(b[LATITUDE]["value"]), float(b[LONGITUDE]["value"]))
           for b in facts.results.bindings if LATITUDE in b}
    assert got and got == expected


def test_facts_stop_at_their_limit(sample_store):
    graph = PrototypeGraph.model_validate({"nodes": [{"id": "person_1", "class": DBO + "Person"}]})
    facts = instance_facts(graph, "person_1", store=sample_store, limit=5)
    assert 0 < len(facts.results.bindings) <= 5


def test_plan_prefers_dates_when_the_columns_hold_only_names(sample_store, golden_graph, sample_ontology):
    graph = golden_graph("a_works_by_ice_hockey_players")
    results = sample_store.select(compile_sparql(graph))
    plan = plan_dashboard(results, graph, store=sample_store, ontology=sample_ontology)
    keys = [o.key for o in plan.options]
    assert plan.chosen in keys and plan.chosen.startswith("timeline:")
    assert plan.reason.startswith("No chart fits the result columns")
    assert keys[-1] == ChartKind.CLASS_COUNTS.value and "table" not in keys
    for key in keys:  # every offer draws, and none is a table
        assert not isinstance(draw_chart(key, results, graph, store=sample_store).data[0], go.Table)


def test_plan_offers_a_map_of_places_and_keeps_a_strong_bar_first(sample_store, golden_graph, sample_ontology):
    graph = golden_graph("c_ships_home_ports_in_the_us")
    results = sample_store.select(compile_sparql(graph))
    plan = plan_dashboard(results, graph, store=sample_store, ontology=sample_ontology)
    assert plan.chosen == ChartKind.BAR.value and "rows counted per" in plan.reason
    assert "map:place_1" in [o.key for o in plan.options]
    geo = draw_chart("map:place_1", results, graph, store=sample_store)
    assert isinstance(geo.data[0], go.Scattergeo) and len(geo.data[0].lat) >= 1


def test_count_by_class_counts_the_whole_query(sample_store, golden_graph, sample_ontology):
    graph = golden_graph("c_ships_home_ports_in_the_us")
    page = sample_store.select(compile_sparql(graph, limit=5))
    figure = draw_chart(ChartKind.CLASS_COUNTS.value, page, graph, store=sample_store, ontology=sample_ontology)
    counts = node_counts(graph, store=sample_store)
    labels = node_labels(graph, sample_ontology)
    assert list(figure.data[0].x) == [labels[n] for n in counts] and list(figure.data[0].y) == list(counts.values())
    assert labels["ship_1"] == "ship (?ship_1)"


def test_a_counting_query_keeps_its_bar(sample_store, golden_graph):
    graph = golden_graph("e_count_works_per_player")
    plan = plan_dashboard(sample_store.select(compile_sparql(graph)), graph, store=sample_store)
    assert plan.chosen == "bar" and all(":" not in o.key for o in plan.options)


def test_no_rows_no_chart(sample_store):
    graph = PrototypeGraph.model_validate({"nodes": [{"id": "p", "class": "http://e.org/Nothing"}]})
    plan = plan_dashboard(sample_store.select(compile_sparql(graph)), graph, store=sample_store)
    assert plan.options == () and plan.chosen is None and plan.reason == "no rows to chart"


def test_a_key_for_a_node_that_is_not_returned_is_refused(sample_store, golden_graph):
    graph = golden_graph("a_works_by_ice_hockey_players")
    results = sample_store.select(compile_sparql(graph))
    with pytest.raises(ValueError, match="not a returned node"):
        draw_chart("map:nobody", results, graph, store=sample_store)
    with pytest.raises(ValueError):
        draw_chart("pie", results, graph, store=sample_store)


def test_facts_of_an_optional_node_are_only_its_own(sample_store):
    graph = PrototypeGraph.model_validate({
        "nodes": [{"id": "person_1", "class": DBO + "Person"}, {"id": "place_1", "class": DBO + "Place"}],
        "edges": [{"source": "person_1", "link": DBO + "birthPlace", "target": "place_1", "optional": True}]})
    rows = sample_store.select(compile_sparql(graph, limit=None)).bindings
    assert any("place_1" not in r for r in rows)  # some persons have no birth place here
    places = {r["place_1"]["value"] for r in rows if "place_1" in r}
    facts = instance_facts(graph, "place_1", store=sample_store)
    shown = {b["place_1"]["value"] for b in facts.results.bindings}
    assert shown and shown <= places and facts.has_map

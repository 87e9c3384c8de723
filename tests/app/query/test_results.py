"""Tables with labels, instance graphs and rule-chosen charts, end to end on both engines."""

from __future__ import annotations

import plotly.graph_objects as go
import pytest

from app.query.execute import RemoteEndpoint, SparqlResults
from app.query.results import ChartKind, build_figure, choose_chart, instance_elements, results_table
from app.query.compile import compile_sparql

XSD = "http://www.w3.org/2001/XMLSchema#"
QUESTIONS = ("a_works_by_ice_hockey_players", "b_authors_with_gold_medals",
             "c_ships_home_ports_in_the_us", "d_tv_theme_composers")


def results(vars_, *rows) -> SparqlResults:
    return SparqlResults.model_validate({"head": {"vars": list(vars_)}, "results": {"bindings": list(rows)}})


def num(v, dt="integer"):
    return {"type": "literal", "value": str(v), "datatype": XSD + dt}


def uri(v):
    return {"type": "uri", "value": "http://e.org/" + v}


@pytest.mark.parametrize("name", QUESTIONS)
def test_graph_to_rows_to_chart_on_the_embedded_store(sample_store, golden_graph, name):
    graph = golden_graph(name)
    res = sample_store.select(compile_sparql(graph))
    table = results_table(res)
    assert len(table.rows) >= 3
    for node in graph.nodes:  # every IRI column has a non-empty label column beside it
        ids = [c.id for c in table.columns]
        assert ids[ids.index(node.id) - 1] == f"{node.id}_label"
        assert all(row[f"{node.id}_label"] for row in table.rows)
    choice = choose_chart(res)
    assert choice.kind is ChartKind.TABLE and ChartKind.BAR in choice.alternatives
    figure = build_figure(res, choice.kind)
    assert isinstance(figure.data[0], go.Table) and len(figure.data[0].cells.values[0]) == len(table.rows)
    bar = build_figure(res, ChartKind.BAR)
    assert sum(bar.data[0].y) == len(table.rows)
    elements = instance_elements(res, graph)
    edge_links = {e["data"]["link"] for e in elements if "source" in e["data"]}
    assert edge_links == {e.link for e in graph.edges}
    assert {e["data"]["var"] for e in elements if "var" in e["data"]} == {n.id for n in graph.nodes}


@pytest.mark.slow
@pytest.mark.parametrize("name", QUESTIONS)
def test_graph_to_rows_to_chart_on_the_oxigraph_server(sample_endpoint, golden_graph, name):
    res = RemoteEndpoint(sample_endpoint, timeout=10).select(compile_sparql(golden_graph(name)))
    assert len(results_table(res).rows) >= 3
    assert isinstance(build_figure(res, choose_chart(res).kind).data[0], go.Table)


def test_count_query_gives_a_bar_chart(sample_store, golden_graph):
    res = sample_store.select(compile_sparql(golden_graph("e_count_works_per_player")))
    choice = choose_chart(res)
    assert choice.kind is ChartKind.BAR and "count" in choice.reason
    figure = build_figure(res, choice.kind)
    table = results_table(res)
    assert list(figure.data[0].x) == [r["ice_hockey_player_1_label"] for r in table.rows]
    assert list(figure.data[0].y) == [r["count"] for r in table.rows]


def test_label_falls_back_to_the_local_name():
    table = results_table(results(["p"], {"p": {"type": "uri", "value": "http://dbpedia.org/resource/Ken_Dryden"}}))
    assert table.rows == [{"p_label": "Ken Dryden", "p": "http://dbpedia.org/resource/Ken_Dryden"}]


@pytest.mark.parametrize(
    ("vars_", "row", "kind"),
    [
        (["n"], {"n": num(3)}, ChartKind.HISTOGRAM),
        (["a", "b"], {"a": num(1.5, "double"), "b": num(2)}, ChartKind.SCATTER),
        (["p", "n"], {"p": uri("x"), "n": num(2)}, ChartKind.BAR),
        (["d", "n"], {"d": num("2001-01-01", "date"), "n": num(2)}, ChartKind.LINE),
        (["p", "d"], {"p": uri("x"), "d": num("2001-01-01", "date")}, ChartKind.TIMELINE),
        (["place", "lat", "long"], {"place": uri("x"), "lat": num(32.7, "double"), "long": num(-117.1, "double")},
         ChartKind.MAP),
        (["g"], {"g": {"type": "literal", "value": "POINT(2.35 48.85)",
                       "datatype": "http://www.opengis.net/ont/geosparql#wktLiteral"}}, ChartKind.MAP),
        (["p", "t"], {"p": uri("x"), "t": {"type": "literal", "value": "text"}}, ChartKind.TABLE),
    ],
)
def test_chart_rules(vars_, row, kind):
    res = results(vars_, row, row)
    choice = choose_chart(res)
    assert choice.kind is kind and choice.alternatives[0] is kind and choice.reason
    for alternative in choice.alternatives:  # every offered chart can be drawn
        assert build_figure(res, alternative).data


def test_map_from_wkt_reads_longitude_first():
    res = results(["g"], {"g": {"type": "literal", "value": "POINT(2.35 48.85)",
                                "datatype": "http://www.opengis.net/ont/geosparql#wktLiteral"}})
    trace = build_figure(res, ChartKind.MAP).data[0]
    assert list(trace.lon) == [2.35] and list(trace.lat) == [48.85]


def test_unfitting_chart_is_refused():
    with pytest.raises(ValueError, match="number"):
        build_figure(results(["p"], {"p": uri("x")}), ChartKind.HISTOGRAM)


def test_empty_results_give_a_table():
    assert choose_chart(results(["p"])).kind is ChartKind.TABLE

"""Tables with labels, instance graphs and rule-chosen charts, end to end on both engines."""

from __future__ import annotations

import plotly.graph_objects as go
import pytest

from app.query.charts import ChartKind, build_figure, choose_chart
from app.query.compile import compile_sparql
from app.query.remote import RemoteEndpoint
from app.query.results import results_table
from app.query.sparql_results import SparqlResults
from components.elements import instance_elements

QUESTIONS = ("a_works_by_ice_hockey_players", "b_authors_with_gold_medals",
             "c_ships_home_ports_in_the_us", "d_tv_theme_composers")


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
    assert choice.kind is not None and ChartKind.CLASS_COUNTS in choice.alternatives
    for kind in choice.alternatives:  # never a copy of the table; a bar of counts never all 1s
        figure = build_figure(res, kind)
        assert not isinstance(figure.data[0], go.Table)
        if kind is ChartKind.BAR:
            assert sum(figure.data[0].y) == len(table.rows) and max(figure.data[0].y) > 1
    elements = instance_elements(res, graph)
    edge_links = {e["data"]["link"] for e in elements if "source" in e["data"]}
    assert edge_links == {e.link for e in graph.edges}
    assert {e["data"]["var"] for e in elements if "var" in e["data"]} == {n.id for n in graph.nodes}


@pytest.mark.slow
@pytest.mark.parametrize("name", QUESTIONS)
def test_graph_to_rows_to_chart_on_the_oxigraph_server(sample_endpoint, golden_graph, name):
    res = RemoteEndpoint(sample_endpoint, timeout=10).select(compile_sparql(golden_graph(name)))
    assert len(results_table(res).rows) >= 3
    assert not isinstance(build_figure(res, choose_chart(res).kind).data[0], go.Table)


def test_label_falls_back_to_the_local_name():
    res = SparqlResults.model_validate({"head": {"vars": ["p"]}, "results": {"bindings": [
        {"p": {"type": "uri", "value": "http://dbpedia.org/resource/Ken_Dryden"}}]}})
    table = results_table(res)
    assert table.rows == [{"p_label": "Ken Dryden", "p": "http://dbpedia.org/resource/Ken_Dryden"}]



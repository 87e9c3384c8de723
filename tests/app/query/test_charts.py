"""Rule-chosen charts: which chart fits which columns, and drawing every offered one."""

from __future__ import annotations

import pytest

from app.query.charts import ChartKind, build_figure, choose_chart
from app.query.compile import compile_sparql
from app.query.results import results_table
from app.query.sparql_results import SparqlResults

XSD = "http://www.w3.org/2001/XMLSchema#"


def results(vars_, *rows) -> SparqlResults:
    return SparqlResults.model_validate({"head": {"vars": list(vars_)}, "results": {"bindings": list(rows)}})


def num(v, dt="integer"):
    return {"type": "literal", "value": str(v), "datatype": XSD + dt}


def uri(v):
    return {"type": "uri", "value": "http://e.org/" + v}



def test_count_query_gives_a_bar_chart(sample_store, golden_graph):
    res = sample_store.select(compile_sparql(golden_graph("e_count_works_per_player")))
    choice = choose_chart(res)
    assert choice.kind is ChartKind.BAR and "count" in choice.reason
    figure = build_figure(res, choice.kind)
    table = results_table(res)
    assert list(figure.data[0].x) == [r["ice_hockey_player_1_label"] for r in table.rows]
    assert list(figure.data[0].y) == [r["count"] for r in table.rows]


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

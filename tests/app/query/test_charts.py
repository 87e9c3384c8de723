"""Rule-chosen charts: which chart fits which columns, and drawing every offered one."""

from __future__ import annotations

import plotly.graph_objects as go
import pytest

from app.query.charts import (
    ChartKind,
    build_figure,
    choose_chart,
    class_counts_figure,
    message_figure,
)
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
        (["p", "t"], {"p": uri("x"), "t": {"type": "literal", "value": "text"}}, ChartKind.CLASS_COUNTS),
    ],
)
def test_chart_rules(vars_, row, kind):
    res = results(vars_, row, row)
    choice = choose_chart(res)
    assert choice.kind is kind and choice.alternatives[0] is kind and choice.reason
    for alternative in choice.alternatives:  # every offered chart can be drawn, and none is a table
        assert build_figure(res, alternative).data
        assert not isinstance(build_figure(res, alternative).data[0], go.Table)


def test_map_from_wkt_reads_longitude_first():
    res = results(["g"], {"g": {"type": "literal", "value": "POINT(2.35 48.85)",
                                "datatype": "http://www.opengis.net/ont/geosparql#wktLiteral"}})
    trace = build_figure(res, ChartKind.MAP).data[0]
    assert list(trace.lon) == [2.35] and list(trace.lat) == [48.85]


def test_unfitting_chart_is_refused():
    with pytest.raises(ValueError, match="number"):
        build_figure(results(["p"], {"p": uri("x")}), ChartKind.HISTOGRAM)


def test_empty_results_give_no_chart():
    choice = choose_chart(results(["p"]))
    assert choice.kind is None and choice.alternatives == () and choice.reason == "no rows to chart"


def test_there_is_no_table_chart():
    assert "table" not in {k.value for k in ChartKind}
    with pytest.raises(ValueError):
        build_figure(results(["p"], {"p": uri("x")}), "table")


def _names(*names):
    return [{"p": uri(n)} for n in names]


def test_a_bar_of_counts_counts_rows_per_repeated_value_never_all_ones():
    res = results(["p"], *_names("a", "b", "a", "c", "a", "b"))
    choice = choose_chart(res)
    assert choice.kind is ChartKind.BAR and "3 values in 6 rows" in choice.reason
    bar = build_figure(res, ChartKind.BAR).data[0]
    assert list(bar.x) == ["a", "b", "c"] and list(bar.y) == [3, 2, 1]


def test_values_that_never_repeat_give_no_bar_but_the_count_by_class():
    res = results(["p", "q"], *[{"p": uri(f"p{i}"), "q": uri(f"q{i % 4}")} for i in range(4)])
    choice = choose_chart(res)
    assert ChartKind.BAR not in choice.alternatives and choice.kind is ChartKind.CLASS_COUNTS
    assert choice.reason.startswith("No chart fits these columns")
    with pytest.raises(ValueError, match="repeat"):
        build_figure(res, ChartKind.BAR)
    counts = build_figure(res, ChartKind.CLASS_COUNTS, node_labels={"p": "person (?p)"}).data[0]
    assert list(counts.x) == ["person (?p)", "q"] and list(counts.y) == [4, 4]


def test_mostly_unique_values_offer_the_bar_after_the_count_by_class():
    res = results(["p"], *_names("a", "a", "b", "c", "d"))
    choice = choose_chart(res)
    assert choice.alternatives == (ChartKind.CLASS_COUNTS, ChartKind.BAR)
    assert list(build_figure(res, ChartKind.BAR).data[0].y) == [2, 1, 1, 1]


def test_a_map_fits_its_points_without_tiles():
    row = {"place": uri("x"), "lat": num(32.7, "double"), "long": num(-117.1, "double")}
    figure = build_figure(results(["place", "lat", "long"], row), ChartKind.MAP)
    assert isinstance(figure.data[0], go.Scattergeo) and figure.layout.geo.fitbounds == "locations"
    assert "mapbox" not in figure.to_plotly_json()["layout"] and figure.data[0].type == "scattergeo"


def test_class_counts_figure_and_message_figure():
    bars = class_counts_figure({"a": 3, "b": 1}, {"a": "person (?a)"}).data[0]
    assert list(bars.x) == ["person (?a)", "b"] and list(bars.y) == [3, 1]
    message = message_figure("nothing to draw")
    assert not message.data and message.layout.annotations[0].text == "nothing to draw"

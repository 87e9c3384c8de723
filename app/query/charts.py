"""A chart for results, chosen by fixed rules over the column types, and drawn with Plotly.

Chart choice is a fixed set of rules over column types (read from the SPARQL
JSON datatypes), not generated plotting code: the same results always give the
same chart, and the reason is shown next to it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

import plotly.graph_objects as go

from app.query.compile import label_variable
from app.query.results import (
    ColumnKind,
    ResultsTable,
    column_kinds,
    python_value,
    results_table,
)
from app.query.sparql_results import SparqlResults

__all__ = ["ChartChoice", "ChartKind", "build_figure", "choose_chart", "class_counts_figure", "message_figure"]

_LAT = re.compile(r"(^|_)(lat|latitude)(_|$)", re.IGNORECASE)
_LONG = re.compile(r"(^|_)(long|lon|lng|longitude)(_|$)", re.IGNORECASE)
_POINT = re.compile(r"POINT\s*\(\s*([-+\d.eE]+)\s+([-+\d.eE]+)\s*\)", re.IGNORECASE)


class ChartKind(str, Enum):
    BAR = "bar"
    HISTOGRAM = "histogram"
    SCATTER = "scatter"
    LINE = "line"
    TIMELINE = "timeline"
    MAP = "map"
    CLASS_COUNTS = "count by class"  # distinct instances of each node of the query


@dataclass(frozen=True)
class ChartChoice:
    kind: ChartKind | None  # None: nothing to draw (no rows)
    reason: str
    alternatives: tuple[ChartKind, ...]  # every kind that fits these columns, the chosen one first
    reasons: tuple[str, ...] = ()  # why each alternative fits, in the same order


@dataclass(frozen=True)
class _Roles:
    categories: list[str]
    numbers: list[str]
    dates: list[str]
    lat: str | None
    long: str | None
    wkt: str | None
    instances: list[str]  # IRI columns: the query's nodes


def _roles(results: SparqlResults) -> _Roles:
    kinds = column_kinds(results)
    labels = {label_variable(v) for v in results.vars}
    numbers = [v for v in results.vars if kinds[v] is ColumnKind.NUMBER]
    lat = next((v for v in numbers if _LAT.search(v)), None)
    long = next((v for v in numbers if _LONG.search(v)), None)
    return _Roles(
        categories=[v for v in results.vars if v not in labels and kinds[v] in (ColumnKind.IRI, ColumnKind.TEXT, ColumnKind.BOOLEAN)],
        numbers=[v for v in numbers if v not in (lat, long) or not (lat and long)],
        dates=[v for v in results.vars if kinds[v] is ColumnKind.DATE],
        lat=lat if lat and long else None,
        long=long if lat and long else None,
        wkt=next((v for v in results.vars if kinds[v] is ColumnKind.WKT), None),
        instances=[v for v in results.vars if v not in labels and kinds[v] is ColumnKind.IRI],
    )


def _repeated_category(results: SparqlResults, categories: list[str]) -> tuple[str, int] | None:
    """The category whose values repeat most (fewest distinct values, at least two), and that count.

    Counting rows per value of a column whose values never repeat gives a bar of 1s; one
    value only gives one bar. Neither says anything, so neither is offered.
    """
    rows = len(results.bindings)
    best: tuple[str, int] | None = None
    for var in categories:
        distinct = len({b[var]["value"] for b in results.bindings if var in b})
        if 2 <= distinct < rows and (best is None or distinct < best[1]):
            best = (var, distinct)
    return best


def choose_chart(results: SparqlResults) -> ChartChoice:
    """Pick a chart from column types, by fixed rules, and say why.

    Rules, first match wins: latitude+longitude or WKT → map; a date → line
    (with a number) or timeline; a category and one number → bar; two or more
    numbers → scatter; one number → histogram; a category whose values repeat →
    bar of rows per value (offered, not chosen, when most values occur once). When
    none fits, say so and show how many instances each of the query's nodes has
    ("count by class"). A chart never repeats the table.

    >>> r = SparqlResults.model_validate({"head": {"vars": ["p", "count"]}, "results": {"bindings": [
    ...     {"p": {"type": "uri", "value": "http://e.org/a"},
    ...      "count": {"type": "literal", "value": "3", "datatype": "http://www.w3.org/2001/XMLSchema#integer"}}]}})
    >>> choice = choose_chart(r)
    >>> choice.kind.value, [k.value for k in choice.alternatives]
    ('bar', ['bar', 'histogram', 'count by class'])
    """
    if not results.bindings:
        return ChartChoice(None, "no rows to chart", ())
    r = _roles(results)
    reasons: dict[ChartKind, str] = {}
    if r.wkt or r.lat:
        reasons[ChartKind.MAP] = f"'{r.wkt}' holds geometries" if r.wkt else f"'{r.lat}' and '{r.long}' are coordinates"
    if r.dates:
        kind = ChartKind.LINE if r.numbers else ChartKind.TIMELINE
        reasons[kind] = f"'{r.dates[0]}' is a date" + (f" and '{r.numbers[0]}' a number" if r.numbers else "")
    if r.categories and len(r.numbers) == 1:
        reasons[ChartKind.BAR] = f"'{r.categories[0]}' is a category with a number, '{r.numbers[0]}'"
    if len(r.numbers) >= 2:
        reasons[ChartKind.SCATTER] = f"'{r.numbers[0]}' and '{r.numbers[1]}' are numbers"
    if r.numbers:
        reasons[ChartKind.HISTOGRAM] = f"how '{r.numbers[0]}' is spread"
    repeated = _repeated_category(results, r.categories)
    weak = False
    if repeated and ChartKind.BAR not in reasons:
        reasons[ChartKind.BAR] = f"rows counted per '{repeated[0]}' ({repeated[1]} values in {len(results.bindings)} rows)"
        # Mostly one row per value: offered, but not worth showing first.
        weak = repeated[1] * 2 > len(results.bindings)
    if r.instances:
        reasons[ChartKind.CLASS_COUNTS] = "instances of each node of the query"
    if not reasons:
        return ChartChoice(None, "no chart fits these columns", ())
    fits = tuple(reasons)
    if weak and ChartKind.CLASS_COUNTS in fits:
        fits = (*[k for k in fits if k is not ChartKind.BAR], ChartKind.BAR)
    chosen = fits[0]
    why = tuple(reasons[k] for k in fits)
    if chosen is ChartKind.CLASS_COUNTS:
        reason = "No chart fits these columns (names, rarely repeating); showing instances per node instead"
        return ChartChoice(chosen, reason, fits, why)
    return ChartChoice(chosen, reasons[chosen], fits, why)


@dataclass(frozen=True)
class _Columns:
    """The results as a figure reads them: column roles, shown values (labels) and raw values."""

    results: SparqlResults
    roles: _Roles
    table: ResultsTable
    node_labels: Mapping[str, str]

    def shown(self, var: str) -> list[Any]:
        key = label_variable(var) if any(c.id == label_variable(var) for c in self.table.columns) else var
        return [row.get(key) for row in self.table.rows]

    def values(self, var: str) -> list[Any]:
        return [python_value(b.get(var)) for b in self.results.bindings]


def build_figure(results: SparqlResults, kind: ChartKind | str, *, title: str | None = None,
                 node_labels: Mapping[str, str] | None = None) -> go.Figure:
    """A Plotly figure of ``kind`` for these results (labels used for categories).

    ``node_labels`` names the query's nodes (variable → "person (?person_1)") in the
    count-by-class chart; without them the variables name themselves.

    :raises ValueError: when ``kind`` does not fit the columns (see :func:`choose_chart`).
    """
    kind = ChartKind(kind)
    columns = _Columns(results, _roles(results), results_table(results), dict(node_labels or {}))
    figure = _DRAW[kind](columns, kind)
    figure.update_layout(title=title or None, template="plotly_white", margin={"l": 40, "r": 20, "t": 40 if title else 20, "b": 40})
    return figure


def class_counts_figure(counts: Mapping[str, int], node_labels: Mapping[str, str] | None = None) -> go.Figure:
    """Bars of how many distinct instances each node has (``counts``: node id → count)."""
    labels = node_labels or {}
    figure = go.Figure(go.Bar(x=[labels.get(n, n) for n in counts], y=list(counts.values()),
                              text=list(counts.values()), textposition="auto"))
    figure.update_layout(xaxis_title="node of the query", yaxis_title="distinct instances",
                         template="plotly_white", margin={"l": 40, "r": 20, "t": 20, "b": 40})
    return figure


def message_figure(text: str) -> go.Figure:
    """An empty chart that says why there is nothing to draw."""
    figure = go.Figure()
    figure.update_layout(template="plotly_white", xaxis={"visible": False}, yaxis={"visible": False},
                         annotations=[{"text": text, "showarrow": False, "font": {"size": 14}}])
    return figure


def _class_counts(columns: _Columns, kind: ChartKind) -> go.Figure:
    """How many distinct instances each node of the query has in these results."""
    nodes = columns.roles.instances
    if not nodes:
        raise ValueError("counting instances per node needs a column of instances")
    return class_counts_figure({v: len({b[v]["value"] for b in columns.results.bindings if v in b}) for v in nodes},
                               columns.node_labels)


def _bar(columns: _Columns, kind: ChartKind) -> go.Figure:
    roles = columns.roles
    if roles.categories and len(roles.numbers) >= 1:
        category = roles.categories[0]
        figure = go.Figure(go.Bar(x=columns.shown(category), y=columns.values(roles.numbers[0])))
        figure.update_layout(xaxis_title=category, yaxis_title=roles.numbers[0])
        return figure
    repeated = _repeated_category(columns.results, roles.categories)
    if repeated is None:
        raise ValueError("a bar chart needs a number, or a category whose values repeat")
    category = repeated[0]
    counts: dict[Any, int] = {}
    names: dict[Any, Any] = {}
    for value, name in zip(columns.values(category), columns.shown(category)):
        counts[value] = counts.get(value, 0) + 1
        names.setdefault(value, name)
    ranked = sorted(counts, key=lambda v: (-counts[v], str(names[v])))
    figure = go.Figure(go.Bar(x=[names[v] for v in ranked], y=[counts[v] for v in ranked]))
    figure.update_layout(xaxis_title=category, yaxis_title="rows")
    return figure


def _histogram(columns: _Columns, kind: ChartKind) -> go.Figure:
    numbers = columns.roles.numbers
    if not numbers:
        raise ValueError("a histogram needs a number column")
    figure = go.Figure(go.Histogram(x=columns.values(numbers[0])))
    figure.update_layout(xaxis_title=numbers[0], yaxis_title="rows")
    return figure


def _scatter(columns: _Columns, kind: ChartKind) -> go.Figure:
    roles = columns.roles
    if len(roles.numbers) < 2:
        raise ValueError("a scatter plot needs two number columns")
    text = columns.shown(roles.categories[0]) if roles.categories else None
    x, y = columns.values(roles.numbers[0]), columns.values(roles.numbers[1])
    figure = go.Figure(go.Scatter(x=x, y=y, mode="markers", text=text))
    figure.update_layout(xaxis_title=roles.numbers[0], yaxis_title=roles.numbers[1])
    return figure


def _over_time(columns: _Columns, kind: ChartKind) -> go.Figure:
    """A line chart (dates and a number) or a timeline (dates and names), in date order."""
    roles = columns.roles
    if not roles.dates:
        raise ValueError("a line chart or timeline needs a date column")
    date = roles.dates[0]
    dates = columns.values(date)
    order = [i for _, i in sorted((d, i) for i, d in enumerate(dates) if d is not None)]
    xs = [dates[i] for i in order]
    if kind is ChartKind.LINE:
        if not roles.numbers:
            raise ValueError("a line chart needs a number column")
        ys = columns.values(roles.numbers[0])
        figure = go.Figure(go.Scatter(x=xs, y=[ys[i] for i in order], mode="lines+markers"))
        figure.update_layout(xaxis_title=date, yaxis_title=roles.numbers[0])
        return figure
    names = columns.shown(roles.categories[0]) if roles.categories else [""] * len(columns.table.rows)
    figure = go.Figure(go.Scatter(x=xs, y=[names[i] for i in order], mode="markers"))
    figure.update_layout(xaxis_title=date)
    return figure


def _map(columns: _Columns, kind: ChartKind) -> go.Figure:
    roles = columns.roles
    lats: list[float | None] = []
    longs: list[float | None] = []
    if roles.lat and roles.long:
        lats, longs = columns.values(roles.lat), columns.values(roles.long)
    elif roles.wkt:
        for value in columns.values(roles.wkt):
            match = _POINT.search(value or "")
            longs.append(float(match.group(1)) if match else None)
            lats.append(float(match.group(2)) if match else None)
    else:
        raise ValueError("a map needs latitude/longitude or WKT columns")
    text = columns.shown(roles.categories[0]) if roles.categories else None
    figure = go.Figure(go.Scattergeo(lat=lats, lon=longs, text=text, mode="markers", marker={"size": 8}))
    # Coastlines and borders come from the topojson bundled in assets/ (no tile server, no download).
    figure.update_geos(fitbounds="locations", showcountries=True, showland=True, landcolor="#f1f4f8",
                       projection_type="natural earth")
    return figure


_DRAW: dict[ChartKind, Callable[[_Columns, ChartKind], go.Figure]] = {
    ChartKind.CLASS_COUNTS: _class_counts,
    ChartKind.BAR: _bar,
    ChartKind.HISTOGRAM: _histogram,
    ChartKind.SCATTER: _scatter,
    ChartKind.LINE: _over_time,
    ChartKind.TIMELINE: _over_time,
    ChartKind.MAP: _map,
}

"""A chart for results, chosen by fixed rules over the column types, and drawn with Plotly.

Chart choice is a fixed set of rules over column types (read from the SPARQL
JSON datatypes), not generated plotting code: the same results always give the
same chart, and the reason is shown next to it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
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

__all__ = ["ChartChoice", "ChartKind", "build_figure", "choose_chart"]

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
    TABLE = "table"


@dataclass(frozen=True)
class ChartChoice:
    kind: ChartKind
    reason: str
    alternatives: tuple[ChartKind, ...]  # every kind that fits these columns, the chosen one first


@dataclass(frozen=True)
class _Roles:
    categories: list[str]
    numbers: list[str]
    dates: list[str]
    lat: str | None
    long: str | None
    wkt: str | None


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
    )


def choose_chart(results: SparqlResults) -> ChartChoice:
    """Pick a chart from column types, by fixed rules, and say why.

    Rules, first match wins: latitude+longitude or WKT → map; a date → line
    (with a number) or timeline; a category and one number → bar; two or more
    numbers → scatter; one number → histogram; otherwise a table.

    >>> r = SparqlResults.model_validate({"head": {"vars": ["p", "count"]}, "results": {"bindings": [
    ...     {"p": {"type": "uri", "value": "http://e.org/a"},
    ...      "count": {"type": "literal", "value": "3", "datatype": "http://www.w3.org/2001/XMLSchema#integer"}}]}})
    >>> choice = choose_chart(r)
    >>> choice.kind.value, [k.value for k in choice.alternatives]
    ('bar', ['bar', 'histogram', 'table'])
    """
    r = _roles(results)
    fits: list[ChartKind] = []
    reasons: dict[ChartKind, str] = {}
    if not results.bindings:
        return ChartChoice(ChartKind.TABLE, "no rows to chart", (ChartKind.TABLE,))
    if r.wkt or r.lat:
        fits.append(ChartKind.MAP)
        reasons[ChartKind.MAP] = f"'{r.wkt}' holds geometries" if r.wkt else f"'{r.lat}' and '{r.long}' are coordinates"
    if r.dates:
        kind = ChartKind.LINE if r.numbers else ChartKind.TIMELINE
        fits.append(kind)
        reasons[kind] = f"'{r.dates[0]}' is a date" + (f" and '{r.numbers[0]}' a number" if r.numbers else "")
    if r.categories and len(r.numbers) == 1:
        fits.append(ChartKind.BAR)
        reasons[ChartKind.BAR] = f"'{r.categories[0]}' is a category with a number, '{r.numbers[0]}'"
    if len(r.numbers) >= 2:
        fits.append(ChartKind.SCATTER)
        reasons[ChartKind.SCATTER] = f"'{r.numbers[0]}' and '{r.numbers[1]}' are numbers"
    if r.numbers:
        fits.append(ChartKind.HISTOGRAM)
        reasons[ChartKind.HISTOGRAM] = f"'{r.numbers[0]}' is the only number"
    if r.categories and ChartKind.BAR not in fits:
        # Not chosen by the rules, but offered: rows counted per value of the first category.
        fits.append(ChartKind.BAR)
        reasons[ChartKind.BAR] = f"rows counted per '{r.categories[0]}'"
    fits.append(ChartKind.TABLE)
    reasons[ChartKind.TABLE] = "no column pair suits a chart"
    chosen = fits[0]
    if chosen is ChartKind.BAR and not r.numbers:
        chosen = ChartKind.TABLE
    if chosen is ChartKind.HISTOGRAM and len(r.numbers) != 1:
        chosen = ChartKind.TABLE
    ordered = (chosen, *[k for k in fits if k is not chosen])
    return ChartChoice(chosen, reasons[chosen], ordered)




@dataclass(frozen=True)
class _Columns:
    """The results as a figure reads them: column roles, shown values (labels) and raw values."""

    results: SparqlResults
    roles: _Roles
    table: ResultsTable

    def shown(self, var: str) -> list[Any]:
        key = label_variable(var) if any(c.id == label_variable(var) for c in self.table.columns) else var
        return [row.get(key) for row in self.table.rows]

    def values(self, var: str) -> list[Any]:
        return [python_value(b.get(var)) for b in self.results.bindings]


def build_figure(results: SparqlResults, kind: ChartKind | str, *, title: str | None = None) -> go.Figure:
    """A Plotly figure of ``kind`` for these results (labels used for categories).

    :raises ValueError: when ``kind`` does not fit the columns (see :func:`choose_chart`).
    """
    kind = ChartKind(kind)
    columns = _Columns(results, _roles(results), results_table(results))
    figure = _DRAW[kind](columns, kind)
    figure.update_layout(title=title or None, template="plotly_white", margin={"l": 40, "r": 20, "t": 40 if title else 20, "b": 40})
    return figure


def _table(columns: _Columns, kind: ChartKind) -> go.Figure:
    table = columns.table
    return go.Figure(go.Table(
        header={"values": [c.name for c in table.columns]},
        cells={"values": [[row.get(c.id) for row in table.rows] for c in table.columns]},
    ))


def _bar(columns: _Columns, kind: ChartKind) -> go.Figure:
    roles = columns.roles
    if not roles.categories:
        raise ValueError("a bar chart needs a category column")
    category = roles.categories[0]
    if roles.numbers:
        x, y, y_title = columns.shown(category), columns.values(roles.numbers[0]), roles.numbers[0]
    else:
        counts: dict[Any, int] = {}
        for value in columns.shown(category):
            counts[value] = counts.get(value, 0) + 1
        x, y, y_title = list(counts), list(counts.values()), "rows"
    figure = go.Figure(go.Bar(x=x, y=y))
    figure.update_layout(xaxis_title=category, yaxis_title=y_title)
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
    return go.Figure(go.Scattergeo(lat=lats, lon=longs, text=text, mode="markers"))


_DRAW: dict[ChartKind, Callable[[_Columns, ChartKind], go.Figure]] = {
    ChartKind.TABLE: _table,
    ChartKind.BAR: _bar,
    ChartKind.HISTOGRAM: _histogram,
    ChartKind.SCATTER: _scatter,
    ChartKind.LINE: _over_time,
    ChartKind.TIMELINE: _over_time,
    ChartKind.MAP: _map,
}

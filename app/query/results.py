"""What the user reads from results: a labelled table, an instance graph, a chart.

Chart choice is a fixed set of rules over column types (read from the SPARQL
JSON datatypes), not generated plotting code: the same results always give the
same chart, and the reason is shown next to it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from app.query.execute import SparqlResults
from app.graph.model import PrototypeGraph
from app.query.compile import label_variable

__all__ = [
    "ChartChoice",
    "ChartKind",
    "Column",
    "ColumnKind",
    "ResultsTable",
    "build_figure",
    "choose_chart",
    "column_kinds",
    "instance_elements",
    "results_table",
]

XSD = "http://www.w3.org/2001/XMLSchema#"
WKT = "http://www.opengis.net/ont/geosparql#wktLiteral"
_NUMBER_TYPES = {XSD + n for n in (
    "integer", "int", "long", "short", "byte", "decimal", "double", "float", "nonNegativeInteger",
    "positiveInteger", "nonPositiveInteger", "negativeInteger", "unsignedInt", "unsignedLong",
    "unsignedShort", "unsignedByte")}
_DATE_TYPES = {XSD + n for n in ("date", "dateTime", "gYear", "gYearMonth", "dateTimeStamp")}
_LAT = re.compile(r"(^|_)(lat|latitude)(_|$)", re.I)
_LONG = re.compile(r"(^|_)(long|lon|lng|longitude)(_|$)", re.I)
_POINT = re.compile(r"POINT\s*\(\s*([-+\d.eE]+)\s+([-+\d.eE]+)\s*\)", re.I)


class ColumnKind(str, Enum):
    IRI = "iri"
    TEXT = "text"
    NUMBER = "number"
    DATE = "date"
    BOOLEAN = "boolean"
    WKT = "wkt"
    EMPTY = "empty"


def _kind(term: dict[str, Any]) -> ColumnKind:
    if term.get("type") in ("uri", "bnode"):
        return ColumnKind.IRI
    datatype = term.get("datatype")
    if datatype in _NUMBER_TYPES:
        return ColumnKind.NUMBER
    if datatype in _DATE_TYPES:
        return ColumnKind.DATE
    if datatype == XSD + "boolean":
        return ColumnKind.BOOLEAN
    if datatype == WKT:
        return ColumnKind.WKT
    return ColumnKind.TEXT


def column_kinds(results: SparqlResults) -> dict[str, ColumnKind]:
    """One kind per variable: the kind all its bound values share, else text.

    >>> r = SparqlResults.model_validate({"head": {"vars": ["n", "x"]}, "results": {"bindings": [
    ...     {"n": {"type": "literal", "value": "3", "datatype": XSD + "integer"}}]}})
    >>> {k: v.value for k, v in column_kinds(r).items()}
    {'n': 'number', 'x': 'empty'}
    """
    kinds: dict[str, ColumnKind] = {}
    for var in results.vars:
        seen = {_kind(row[var]) for row in results.bindings if var in row}
        kinds[var] = seen.pop() if len(seen) == 1 else (ColumnKind.EMPTY if not seen else ColumnKind.TEXT)
    return kinds


def _python_value(term: dict[str, Any] | None) -> Any:
    if term is None:
        return None
    kind = _kind(term)
    value = term.get("value")
    if kind is ColumnKind.NUMBER:
        try:
            number = float(value)
        except (TypeError, ValueError):
            return value
        return int(number) if term.get("datatype", "").endswith(("integer", "int", "long", "short", "byte")) and number.is_integer() else number
    if kind is ColumnKind.BOOLEAN:
        return value in ("true", "1")
    return value


def _readable(iri: str) -> str:
    local = re.split(r"[#/]", iri.rstrip("/#"))[-1]
    return local.replace("_", " ") or iri


# -- the table -------------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    id: str
    name: str
    kind: ColumnKind
    iri_of: str | None = None  # for a label column: the variable whose IRI it names


@dataclass
class ResultsTable:
    columns: list[Column]
    rows: list[dict[str, Any]] = field(default_factory=list)

    def records(self) -> list[dict[str, Any]]:
        """Rows keyed by column name, for pandas or a plain-text printer."""
        return [{c.name: row.get(c.id) for c in self.columns} for row in self.rows]


def results_table(results: SparqlResults) -> ResultsTable:
    """Rows for display: each IRI column gets a label column beside it.

    The label is the ``?x_label`` value the compiler asks for, or the IRI's
    local name when the knowledge graph has none.

    >>> r = SparqlResults.model_validate({"head": {"vars": ["p", "p_label"]}, "results": {"bindings": [
    ...     {"p": {"type": "uri", "value": "http://dbpedia.org/resource/Ken_Dryden"}},
    ...     {"p": {"type": "uri", "value": "http://e.org/w"}, "p_label": {"type": "literal", "value": "Wayne"}}]}})
    >>> t = results_table(r)
    >>> [c.id for c in t.columns], [row["p_label"] for row in t.rows]
    (['p_label', 'p'], ['Ken Dryden', 'Wayne'])
    """
    kinds = column_kinds(results)
    names = results.vars
    label_of = {label_variable(v): v for v in names if label_variable(v) in names}
    columns: list[Column] = []
    for var in names:
        if var in label_of:
            continue
        if kinds[var] is ColumnKind.IRI or label_variable(var) in names:
            columns.append(Column(label_variable(var), var, ColumnKind.TEXT, iri_of=var))
            columns.append(Column(var, f"{var} IRI", ColumnKind.IRI))
        else:
            columns.append(Column(var, var, kinds[var]))
    rows = []
    for binding in results.bindings:
        row: dict[str, Any] = {}
        for column in columns:
            if column.iri_of is not None:
                label = binding.get(column.id)
                iri = binding.get(column.iri_of)
                if label is not None:
                    row[column.id] = label["value"]
                elif iri is not None:
                    row[column.id] = _readable(iri["value"]) if iri.get("type") == "uri" else iri["value"]
                else:
                    row[column.id] = None
            else:
                row[column.id] = _python_value(binding.get(column.id))
        rows.append(row)
    return ResultsTable(columns, rows)


# -- the instance graph ----------------------------------------------------------------------


def instance_elements(
    results: SparqlResults,
    graph: PrototypeGraph,
    ontology: Any | None = None,
    *,
    max_rows: int = 200,
) -> list[dict]:
    """Cytoscape elements for the result rows, drawn like the query graph.

    One element per distinct IRI bound to a node variable (data: ``id`` = IRI,
    ``label``, ``var``, ``class``/``class_label`` of its node; classes
    ``"instance"`` plus ``"pinned"`` for pinned nodes), and one edge per
    query edge whose two ends are bound in a row (classes ``"instance"`` plus
    ``"optional"``). Rows past ``max_rows`` are left out to keep the canvas usable.
    """
    nodes = {n.id: n for n in graph.nodes}
    vars_ = set(results.vars)
    elements: list[dict] = []
    seen_nodes: dict[str, int] = {}
    seen_edges: set[tuple[str, str, str]] = set()

    def class_label(iri: str) -> str:
        if ontology is not None and hasattr(ontology, "label"):
            return ontology.label(iri)
        return _readable(iri)

    for binding in results.bindings[:max_rows]:
        for var in results.vars:
            node = nodes.get(var)
            term = binding.get(var)
            if node is None or term is None or term.get("type") != "uri":
                continue
            iri = term["value"]
            if iri in seen_nodes:
                continue
            label_term = binding.get(label_variable(var))
            classes = "instance" + (" pinned" if node.instances else "")
            seen_nodes[iri] = len(elements)
            elements.append({
                "data": {
                    "id": iri,
                    "label": label_term["value"] if label_term else _readable(iri),
                    "var": var,
                    "class": node.class_,
                    "class_label": class_label(node.class_),
                },
                "classes": classes,
            })
        for edge in graph.edges:
            if edge.negated or edge.source not in vars_ or edge.target not in vars_:
                continue
            source, target = binding.get(edge.source), binding.get(edge.target)
            if not source or not target or source.get("type") != "uri" or target.get("type") != "uri":
                continue
            key = (source["value"], edge.link, target["value"])
            if key in seen_edges:
                continue
            seen_edges.add(key)
            elements.append({
                "data": {
                    "id": "|".join(key),
                    "source": key[0],
                    "target": key[2],
                    "link": edge.link,
                    "label": class_label(edge.link),
                },
                "classes": "instance" + (" optional" if edge.optional else ""),
            })
    return elements


# -- charts ---------------------------------------------------------------------------------


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
    ...      "count": {"type": "literal", "value": "3", "datatype": XSD + "integer"}}]}})
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


def build_figure(results: SparqlResults, kind: ChartKind | str, *, title: str | None = None):
    """A Plotly figure of ``kind`` for these results (labels used for categories).

    :raises ValueError: when ``kind`` does not fit the columns (see :func:`choose_chart`).
    """
    import plotly.graph_objects as go

    kind = ChartKind(kind)
    roles = _roles(results)
    table = results_table(results)
    rows = table.rows

    def shown(var: str) -> list[Any]:
        key = label_variable(var) if any(c.id == label_variable(var) for c in table.columns) else var
        return [row.get(key) for row in rows]

    def values(var: str) -> list[Any]:
        return [_python_value(b.get(var)) for b in results.bindings]

    if kind is ChartKind.TABLE:
        figure = go.Figure(go.Table(
            header={"values": [c.name for c in table.columns]},
            cells={"values": [[row.get(c.id) for row in rows] for c in table.columns]},
        ))
    elif kind is ChartKind.BAR:
        if not roles.categories:
            raise ValueError("a bar chart needs a category column")
        category = roles.categories[0]
        if roles.numbers:
            x, y, y_title = shown(category), values(roles.numbers[0]), roles.numbers[0]
        else:
            counts: dict[Any, int] = {}
            for value in shown(category):
                counts[value] = counts.get(value, 0) + 1
            x, y, y_title = list(counts), list(counts.values()), "rows"
        figure = go.Figure(go.Bar(x=x, y=y))
        figure.update_layout(xaxis_title=category, yaxis_title=y_title)
    elif kind is ChartKind.HISTOGRAM:
        if not roles.numbers:
            raise ValueError("a histogram needs a number column")
        figure = go.Figure(go.Histogram(x=values(roles.numbers[0])))
        figure.update_layout(xaxis_title=roles.numbers[0], yaxis_title="rows")
    elif kind is ChartKind.SCATTER:
        if len(roles.numbers) < 2:
            raise ValueError("a scatter plot needs two number columns")
        text = shown(roles.categories[0]) if roles.categories else None
        figure = go.Figure(go.Scatter(x=values(roles.numbers[0]), y=values(roles.numbers[1]), mode="markers", text=text))
        figure.update_layout(xaxis_title=roles.numbers[0], yaxis_title=roles.numbers[1])
    elif kind in (ChartKind.LINE, ChartKind.TIMELINE):
        if not roles.dates:
            raise ValueError("a line chart or timeline needs a date column")
        date = roles.dates[0]
        points = sorted(
            (d, i) for i, d in enumerate(values(date)) if d is not None
        )
        order = [i for _, i in points]
        xs = [values(date)[i] for i in order]
        if kind is ChartKind.LINE:
            if not roles.numbers:
                raise ValueError("a line chart needs a number column")
            ys = values(roles.numbers[0])
            figure = go.Figure(go.Scatter(x=xs, y=[ys[i] for i in order], mode="lines+markers"))
            figure.update_layout(xaxis_title=date, yaxis_title=roles.numbers[0])
        else:
            names = shown(roles.categories[0]) if roles.categories else [""] * len(rows)
            figure = go.Figure(go.Scatter(x=xs, y=[names[i] for i in order], mode="markers"))
            figure.update_layout(xaxis_title=date)
    elif kind is ChartKind.MAP:
        lats, longs = [], []
        if roles.lat and roles.long:
            lats, longs = values(roles.lat), values(roles.long)
        elif roles.wkt:
            for value in values(roles.wkt):
                match = _POINT.search(value or "")
                longs.append(float(match.group(1)) if match else None)
                lats.append(float(match.group(2)) if match else None)
        else:
            raise ValueError("a map needs latitude/longitude or WKT columns")
        text = shown(roles.categories[0]) if roles.categories else None
        figure = go.Figure(go.Scattergeo(lat=lats, lon=longs, text=text, mode="markers"))
    else:  # pragma: no cover - the enum is exhaustive
        raise ValueError(kind)
    figure.update_layout(title=title or None, template="plotly_white", margin={"l": 40, "r": 20, "t": 40 if title else 20, "b": 40})
    return figure

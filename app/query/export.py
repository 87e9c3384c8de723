"""Exports in the formats other tools open: .rq, CSV/TSV/SPARQL JSON, graph JSON, HTML/PNG charts.

CSV and TSV follow the SPARQL 1.1 Query Results CSV/TSV formats: CSV holds
plain values (IRIs bare, literals without datatype), TSV holds RDF terms in
their SPARQL/Turtle form so nothing is lost.
"""

from __future__ import annotations

import csv
import io
import os
import shutil
from enum import Enum
from typing import Any

import pyoxigraph

from app.errors import ExportUnavailable
from app.graph.model import PrototypeGraph
from app.query.sparql_results import SparqlResults
from ontology_loaders.vocab import XSD_BOOLEAN, XSD_DECIMAL, XSD_INTEGER

__all__ = [
    "ExportFormat",
    "ExportUnavailable",
    "figure_to_html",
    "figure_to_png",
    "graph_from_json",
    "graph_to_json",
    "query_to_rq",
    "results_to_csv",
    "results_to_json",
    "results_to_tsv",
]

# The TSV format writes literals of these datatypes bare, as Turtle does.
_BARE_DATATYPES = {XSD_INTEGER, XSD_DECIMAL, XSD_BOOLEAN}


class ExportFormat(str, Enum):
    RQ = "rq"
    CSV = "csv"
    TSV = "tsv"
    JSON = "json"
    GRAPH_JSON = "graph.json"
    HTML = "html"
    PNG = "png"



def query_to_rq(query: str) -> str:
    """The query as a ``.rq`` file: the text itself, ending in a newline.

    >>> query_to_rq("ASK {}")
    'ASK {}\\n'
    """
    return query.rstrip("\n") + "\n"


def results_to_json(results: SparqlResults) -> str:
    """SPARQL 1.1 Query Results JSON (``application/sparql-results+json``)."""
    return results.to_json(indent=2) + "\n"


def _csv_value(term: dict[str, Any] | None) -> str:
    if term is None:
        return ""
    if term.get("type") == "bnode":
        return f"_:{term['value']}"
    return str(term.get("value", ""))


def results_to_csv(results: SparqlResults) -> str:
    """SPARQL 1.1 CSV results: a header of variable names, then plain values (CRLF line ends).

    >>> r = SparqlResults.model_validate({"head": {"vars": ["x", "n"]}, "results": {"bindings": [
    ...     {"x": {"type": "uri", "value": "http://e.org/a"}, "n": {"type": "literal", "value": 'say "hi", then go'}}]}})
    >>> results_to_csv(r)
    'x,n\\r\\nhttp://e.org/a,"say ""hi"", then go"\\r\\n'
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(results.vars)
    for binding in results.bindings:
        writer.writerow([_csv_value(binding.get(var)) for var in results.vars])
    return buffer.getvalue()


def _term(term: dict[str, Any]) -> Any:
    kind = term.get("type")
    if kind == "uri":
        return pyoxigraph.NamedNode(term["value"])
    if kind == "bnode":
        return pyoxigraph.BlankNode(term["value"])
    if kind == "literal" or kind == "typed-literal":
        if term.get("xml:lang"):
            return pyoxigraph.Literal(term["value"], language=term["xml:lang"])
        if term.get("datatype"):
            return pyoxigraph.Literal(term["value"], datatype=pyoxigraph.NamedNode(term["datatype"]))
        return pyoxigraph.Literal(term["value"])
    if kind == "triple":
        value = term["value"]
        return pyoxigraph.Triple(_term(value["subject"]), _term(value["predicate"]), _term(value["object"]))
    raise ValueError(f"unknown RDF term type {kind!r}")


def _tsv_value(term: dict[str, Any] | None) -> str:
    if term is None:
        return ""
    rdf = _term(term)
    if isinstance(rdf, pyoxigraph.Literal) and rdf.datatype.value in _BARE_DATATYPES:
        return rdf.value
    return str(rdf)


def results_to_tsv(results: SparqlResults) -> str:
    """SPARQL 1.1 TSV results: ``?var`` header, RDF terms in SPARQL syntax.

    >>> r = SparqlResults.model_validate({"head": {"vars": ["x", "l"]}, "results": {"bindings": [
    ...     {"x": {"type": "uri", "value": "http://e.org/a"}, "l": {"type": "literal", "value": "a\\tb", "xml:lang": "en"}}]}})
    >>> results_to_tsv(r)
    '?x\\t?l\\n<http://e.org/a>\\t"a\\\\tb"@en\\n'
    """
    lines = ["\t".join(f"?{v}" for v in results.vars)]
    for binding in results.bindings:
        lines.append("\t".join(_tsv_value(binding.get(var)) for var in results.vars))
    return "\n".join(lines) + "\n"


def graph_to_json(graph: PrototypeGraph) -> str:
    """The graph in its public JSON form (what the web app stores and the CLI reads)."""
    return graph.model_dump_json(indent=2) + "\n"


def graph_from_json(text: str | bytes) -> PrototypeGraph:
    return PrototypeGraph.model_validate_json(text)


def figure_to_html(figure: Any) -> str:
    """A standalone HTML page with plotly.js inlined: opens offline in any browser."""
    return figure.to_html(include_plotlyjs=True, full_html=True, config={"displaylogo": False})


def _browser_path() -> str | None:
    if os.environ.get("BROWSER_PATH"):
        return os.environ["BROWSER_PATH"]
    for candidate in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(candidate)
        if found:
            return found
    return None


def figure_to_png(figure: Any, *, width: int = 1000, height: int = 600, scale: float = 1.0) -> bytes:
    """Render a figure to PNG with kaleido and the system's Chromium.

    :raises ExportUnavailable: when kaleido or a Chromium is missing; the web app
        then falls back to Plotly's in-browser ``toImage`` button.
    """
    try:
        import kaleido  # noqa: F401 - optional: only PNG export needs it, so its absence is checked here
    except ImportError:
        raise ExportUnavailable("PNG export needs the 'kaleido' package (pip install kaleido)") from None
    browser = _browser_path()
    if browser is None:
        raise ExportUnavailable("PNG export needs Chromium (apt-get install chromium)")
    os.environ.setdefault("BROWSER_PATH", browser)
    try:
        return figure.to_image(format="png", width=width, height=height, scale=scale)
    except Exception as error:  # kaleido reports browser problems with assorted types
        raise ExportUnavailable(f"PNG export failed: {error}") from None

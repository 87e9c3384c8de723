"""A Text2SPARQL-compatible endpoint on the app's Flask server.

``GET /text2sparql?question=...&dataset=...`` answers
``{"dataset": ..., "question": ..., "query": ...}``, the contract the public
``text2sparql-client`` scores (``text2sparql ask questions.yml URL``). The same
fields may come as a POST form or JSON body, for a question longer than a URL
holds; any input over the length limit gets a JSON error, never an HTML page.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

import flask
from werkzeug.exceptions import RequestEntityTooLarge

from app.graph.asked import answer_nodes, select_asked
from app.nl.pipeline import extract_graph
from app.query.compile import compile_sparql

__all__ = ["ROUTE", "pipeline_query", "projected", "register_text2sparql"]

ROUTE = "/text2sparql"
MAX_QUESTION_CHARS = 10_000
#: A POST body larger than this is refused unread (a question at the limit, UTF-8, plus the dataset IRI).
MAX_BODY_BYTES = 4 * MAX_QUESTION_CHARS + 8192
_log = logging.getLogger(__name__)

QueryWriter = Callable[[str, Any], str]
"""``(question, resources) -> SPARQL``."""


def pipeline_query(question: str, resources: Any) -> str:
    """The question through the real pipeline, compiled to SPARQL that returns only what it asks for."""
    result = extract_graph(question, resources)
    if result.graph.is_empty():
        # Nothing in the question matched the ontology: a query that answers nothing.
        return "SELECT * WHERE { FILTER(false) }"
    # The client compares result sets, so every extra column counts as wrong answers: no labels,
    # and only the asked node ("Who works in Finance?" returns the people, not Finance).
    graph = select_asked(result.graph)
    # The benchmark client runs the query, not this server, so unlinked parts are its to judge.
    query = compile_sparql(graph, labels=False, limit=None, allow_cross_product=True)
    columns = answer_nodes(graph)
    return query if columns is None else projected(query, columns)


def projected(query: str, variables: tuple[str, ...]) -> str:
    r"""``query`` as a sub-select that returns only ``variables`` (a sort value or a ranking count dropped).

    >>> print(projected("PREFIX e: <http://e.org/>\n\nSELECT ?a ?n WHERE { ?a e:n ?n }\nLIMIT 1", ("a",)))
    PREFIX e: <http://e.org/>
    <BLANKLINE>
    SELECT ?a WHERE {
      {
        SELECT ?a ?n WHERE { ?a e:n ?n }
        LIMIT 1
      }
    }
    """
    lines = query.split("\n")
    split = next((i for i, line in enumerate(lines) if line and not line.startswith("PREFIX ")), len(lines))
    prologue = [line for line in lines[:split] if line]
    outer = [f"SELECT {' '.join(f'?{v}' for v in variables)} WHERE {{", "  {",
             *(f"    {line}" for line in lines[split:]), "  }", "}"]
    return "\n".join([*prologue, "", *outer] if prologue else outer)


def register_text2sparql(
    server: flask.Flask,
    get_resources: Callable[[], Any],
    *,
    write_query: QueryWriter = pipeline_query,
    route: str = ROUTE,
) -> None:
    """Add the endpoint to ``server`` (the Dash app's ``app.server``).

    ``get_resources`` is called per request so the process-wide cache decides
    what is loaded; ``write_query`` is the question → SPARQL step.
    """

    def text2sparql() -> flask.Response | tuple[flask.Response, int]:
        fields = _fields(flask.request)
        if fields is None:
            return flask.jsonify({"error": f"the question is longer than {MAX_QUESTION_CHARS} characters"}), 413
        question, dataset = fields
        if not question.strip():
            return flask.jsonify({"error": "the 'question' parameter is required"}), 400
        if len(question) > MAX_QUESTION_CHARS:
            return flask.jsonify({"error": f"the question is longer than {MAX_QUESTION_CHARS} characters"}), 400
        try:
            query = write_query(question, get_resources())
        except Exception as exc:  # noqa: BLE001 - the client gets a JSON error, never an HTML trace
            _log.exception("text2sparql failed for %r", question[:200])
            return flask.jsonify({"dataset": dataset, "question": question, "error": f"{type(exc).__name__}: {exc}"}), 500
        return flask.jsonify({"dataset": dataset, "question": question, "query": query})

    server.add_url_rule(route, endpoint="text2sparql", view_func=text2sparql, methods=["GET", "POST"])


def _fields(request: flask.Request) -> tuple[str, str] | None:
    """``(question, dataset)`` from the query string, or a POST form or JSON body; ``None``: a body over the limit."""
    if request.method != "POST":
        return request.args.get("question", ""), request.args.get("dataset", "")
    request.max_content_length = MAX_BODY_BYTES  # checked against Content-Length and while reading
    try:
        data: Any = request.get_json(silent=True) if request.is_json else request.form
    except RequestEntityTooLarge:
        return None
    if not isinstance(data, Mapping):
        data = {}
    question, dataset = data.get("question", ""), data.get("dataset", "")
    return (question if isinstance(question, str) else "", dataset if isinstance(dataset, str) else "")

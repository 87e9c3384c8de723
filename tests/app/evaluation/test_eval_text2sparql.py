"""The Text2SPARQL endpoint, through the real Flask route and a test client."""

from __future__ import annotations

from types import SimpleNamespace

import flask
import pyoxigraph
import pytest

from app.evaluation.questions import parse_templated_question
from app.query.compile import compile_sparql
from components.text2sparql import register_text2sparql

EX = "http://example.org/onto/"
DATASET = "https://text2sparql.aksw.org/2025/dbpedia/"


def _template_query(question: str, resources) -> str:
    return compile_sparql(parse_templated_question(question, resources.ontology), labels=False, limit=None)


@pytest.fixture
def client(tiny_ontology):
    server = flask.Flask("t2s-test")
    resources = SimpleNamespace(ontology=tiny_ontology)
    register_text2sparql(server, lambda: resources, write_query=_template_query)
    return server.test_client()


def test_returns_the_documented_json(client):
    question = "A person has birth place a city."
    response = client.get("/text2sparql", query_string={"question": question, "dataset": DATASET})
    assert response.status_code == 200
    body = response.get_json()
    assert set(body) == {"dataset", "question", "query"}
    assert (body["dataset"], body["question"]) == (DATASET, question)
    # The query is real SPARQL that finds the graph in a store.
    store = pyoxigraph.Store()
    store.load(
        f"@prefix ex: <{EX}> . ex:a a ex:Person ; ex:birthPlace ex:p . ex:p a ex:City .".encode(),
        format=pyoxigraph.RdfFormat.TURTLE,
    )
    rows = list(store.query(body["query"]))
    assert [(r[0].value, r[1].value) for r in rows] == [(EX + "a", EX + "p")]


def test_question_is_required(client):
    response = client.get("/text2sparql", query_string={"dataset": DATASET})
    assert response.status_code == 400
    assert "question" in response.get_json()["error"]


def test_a_failure_is_a_json_error_not_a_trace(tiny_ontology):
    server = flask.Flask("t2s-fail")

    def broken(question, resources):
        raise RuntimeError("model unavailable")

    register_text2sparql(server, lambda: SimpleNamespace(ontology=tiny_ontology), write_query=broken)
    response = server.test_client().get("/text2sparql", query_string={"question": "anything", "dataset": DATASET})
    assert response.status_code == 500
    assert response.get_json() == {"dataset": DATASET, "question": "anything", "error": "RuntimeError: model unavailable"}


def test_mounts_on_a_dash_app_server(tiny_ontology):
    import dash

    app = dash.Dash(__name__)
    app.layout = dash.html.Div()
    register_text2sparql(app.server, lambda: SimpleNamespace(ontology=tiny_ontology), write_query=_template_query)
    response = app.server.test_client().get(
        "/text2sparql", query_string={"question": "A person has knows another person.", "dataset": DATASET}
    )
    assert response.status_code == 200
    assert f"<{EX}knows>" in response.get_json()["query"]


@pytest.mark.slow
def test_real_pipeline_answers_through_the_route(dbo_path):
    pytest.importorskip("llama_cpp", reason="llama-cpp-python is not installed (the [llm] extra)")
    from app.resources import get_resources
    from app.settings import Settings

    # The usual cache: the DBpedia retrieval index is built once per machine.
    settings = Settings(ontology=[dbo_path], kg=[])
    server = flask.Flask("t2s-real")
    register_text2sparql(server, lambda: get_resources(settings))
    response = server.test_client().get(
        "/text2sparql", query_string={"question": "Which rivers flow into a sea?", "dataset": DATASET}
    )
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["question"] == "Which rivers flow into a sea?"
    # Whatever the model chose, the query must be valid SPARQL.
    pyoxigraph.Store().query(body["query"])


def test_a_long_question_is_posted_and_a_too_long_one_is_a_json_error(client):
    """Issue 14: a 1 MB question got an HTML 414 from the server; POST carries it, and the limit answers JSON."""
    question = "A person has birth place a city."
    for body in ({"data": {"question": question, "dataset": DATASET}},
                 {"json": {"question": question, "dataset": DATASET}}):
        response = client.post("/text2sparql", **body)
        assert response.status_code == 200 and response.get_json()["question"] == question
    huge = "x" * 1_000_000
    for response in (client.post("/text2sparql", data={"question": huge}),
                     client.post("/text2sparql", json={"question": huge}),
                     client.get("/text2sparql", query_string={"question": "x" * 20_000})):
        assert response.status_code in (400, 413) and response.is_json
        assert "longer than 10000 characters" in response.get_json()["error"]
    response = client.post("/text2sparql", json={"question": ["not", "text"]})
    assert response.status_code == 400 and "question" in response.get_json()["error"]

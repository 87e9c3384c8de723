"""The one SPARQL-over-HTTP helper, against a real Oxigraph server and misbehaving servers on 127.0.0.1."""

from __future__ import annotations

import socket
import threading
import time
import urllib.parse
from collections.abc import Iterator

import pytest

from ontology_loaders.sparql_http import (
    EndpointConnectionError,
    EndpointStatusError,
    EndpointTimeout,
    MalformedAnswer,
    SparqlEndpointError,
    sparql_json,
    sparql_request,
)

SHIPS = "SELECT ?s WHERE { ?s a <http://dbpedia.org/ontology/Ship> } ORDER BY ?s LIMIT 3"
OK_JSON = {"head": {"vars": ["s"]}, "results": {"bindings": [{"s": {"type": "uri", "value": "http://e.org/a"}}]}}


@pytest.fixture
def dropping_url() -> Iterator[str]:
    """A server that accepts each connection and closes it without a word."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    server.settimeout(0.1)
    stop = threading.Event()

    def drop() -> None:
        while not stop.is_set():
            try:
                connection, _ = server.accept()
            except OSError:
                continue
            connection.recv(65536)
            connection.close()

    thread = threading.Thread(target=drop, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.getsockname()[1]}/query"
    stop.set()
    thread.join(timeout=2)
    server.close()


@pytest.mark.slow
@pytest.mark.parametrize("method", ["GET", "POST"])
def test_select_on_a_real_oxigraph_server(sample_endpoint, method):
    payload = sparql_json(sample_endpoint, SHIPS, method=method, timeout=10)
    assert payload["head"]["vars"] == ["s"] and len(payload["results"]["bindings"]) == 3


@pytest.mark.slow
def test_construct_is_answered_in_the_format_asked_for(sample_endpoint):
    query = "CONSTRUCT { ?s a <http://dbpedia.org/ontology/Ship> } WHERE { ?s a <http://dbpedia.org/ontology/Ship> }"
    text = sparql_request(sample_endpoint, query, accept="application/n-triples", timeout=10).decode()
    assert text.count(" .\n") >= 3 and "<http://dbpedia.org/ontology/Ship>" in text


@pytest.mark.slow
def test_a_query_the_server_rejects_is_a_400_with_the_servers_words(sample_endpoint):
    with pytest.raises(EndpointStatusError) as caught:
        sparql_json(sample_endpoint, "SELECT ?s WHERE { ?s ?p }", timeout=10, retries=2)
    error = caught.value
    assert error.status == 400 and error.transient is None and error.attempts == 1
    assert isinstance(error, OSError) and error.detail and error.detail != error.reason


def test_hanging_server_costs_one_timeout(hanging_url):
    started = time.monotonic()
    with pytest.raises(EndpointTimeout, match="within 1 s") as caught:
        sparql_json(hanging_url, SHIPS, timeout=1.0, retries=2, backoff=0.01)
    assert time.monotonic() - started < 5 and caught.value.attempts == 1
    assert isinstance(caught.value, TimeoutError)


def test_closed_port_is_a_connection_error(closed_port_url):
    with pytest.raises(EndpointConnectionError, match="cannot reach") as caught:
        sparql_json(closed_port_url, SHIPS, timeout=2)
    assert isinstance(caught.value, ConnectionError) and caught.value.transient is None


def test_dropped_connections_are_retried_then_reported(dropping_url):
    with pytest.raises(EndpointConnectionError) as caught:
        sparql_json(dropping_url, SHIPS, timeout=2, retries=1, backoff=0.01)
    assert caught.value.attempts == 2 and caught.value.transient.startswith("connection")


def test_transient_503_is_retried_then_succeeds(scripted_server):
    server, url = scripted_server((503, b"busy"), (503, b"busy"), (200, OK_JSON))
    assert sparql_json(url, SHIPS, timeout=5, retries=2, backoff=0.01) == OK_JSON
    assert len(server.requests) == 3


def test_retries_are_bounded(scripted_server):
    server, url = scripted_server((502, b"bad gateway"))
    with pytest.raises(EndpointStatusError) as caught:
        sparql_json(url, SHIPS, timeout=5, retries=2, backoff=0.01)
    error = caught.value
    assert (error.status, error.transient, error.attempts) == (502, "HTTP 502", 3) and len(server.requests) == 3


@pytest.mark.parametrize("status", [400, 401, 404, 414, 500, 418])
def test_error_statuses_are_not_retried_and_keep_their_status(scripted_server, status):
    server, url = scripted_server((status, b"boom: out of memory"))
    with pytest.raises(EndpointStatusError) as caught:
        sparql_json(url, SHIPS, timeout=5, retries=2, backoff=0.01)
    assert caught.value.status == status and caught.value.transient is None and len(server.requests) == 1
    assert f"HTTP {status}" in str(caught.value)
    assert "boom" in caught.value.detail  # the server's words, for the log; callers never show them


def test_non_json_answer_is_a_malformed_answer(scripted_server):
    _, url = scripted_server((200, b"<html>not sparql</html>"))
    with pytest.raises(MalformedAnswer, match="did not answer in SPARQL JSON") as caught:
        sparql_json(url, SHIPS)
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, SparqlEndpointError)
    assert caught.value.body.startswith(b"<html>")


def test_method_headers_and_accept_are_sent_as_given(scripted_server):
    server, url = scripted_server((200, OK_JSON))
    sparql_json(url, SHIPS, method="POST", headers={"Authorization": "Bearer s3cret"})
    request = server.requests[0]
    assert request["method"] == "POST" and request["headers"]["Authorization"] == "Bearer s3cret"
    assert request["headers"]["Accept"] == "application/sparql-results+json"
    assert urllib.parse.parse_qs(request["body"].decode()) == {"query": [SHIPS]}

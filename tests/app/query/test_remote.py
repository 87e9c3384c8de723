"""The remote engine against a real Oxigraph server and misbehaving servers on 127.0.0.1."""

from __future__ import annotations

import time

import pytest

from app.errors import (
    EndpointHTTPError,
    EndpointUnreachable,
    QuerySyntaxError,
    QueryTimeout,
)
from app.query.remote import RemoteEndpoint
from app.query.run import run_query

QUESTIONS = ("a_works_by_ice_hockey_players", "b_authors_with_gold_medals",
             "c_ships_home_ports_in_the_us", "d_tv_theme_composers")
ROWS_QUERY = "SELECT ?s WHERE { ?s a <http://dbpedia.org/ontology/Ship> } LIMIT 3"
OK_JSON = {"head": {"vars": ["s"]}, "results": {"bindings": [{"s": {"type": "uri", "value": "http://e.org/a"}}]}}


@pytest.mark.slow
@pytest.mark.parametrize("name", QUESTIONS)
def test_the_remote_oxigraph_server_gives_the_same_rows(rows_of, sample_store, sample_endpoint, golden_query, name):
    query = golden_query(name)
    remote = RemoteEndpoint(sample_endpoint, timeout=10)
    assert rows_of(remote.select(query)) == rows_of(sample_store.select(query))
    post = RemoteEndpoint(sample_endpoint, timeout=10, method="POST")
    assert rows_of(post.select(query)) == rows_of(sample_store.select(query))


@pytest.mark.slow
def test_remote_ask_and_syntax_error(sample_endpoint):
    remote = RemoteEndpoint(sample_endpoint, timeout=10)
    assert remote.ask("ASK { ?s a <http://dbpedia.org/ontology/Ship> }") is True
    assert run_query("ASK { ?s a <http://e.org/Nothing> }", store=remote).boolean is False
    with pytest.raises(QuerySyntaxError):
        remote.select("SELECT ?s WHERE { ?s ?p }")


def test_hanging_server_times_out_within_the_limit(hanging_url):
    remote = RemoteEndpoint(hanging_url, timeout=1.0)
    started = time.monotonic()
    with pytest.raises(QueryTimeout, match="stopped after 1 s: no answer from the endpoint"):
        remote.select(ROWS_QUERY)
    assert time.monotonic() - started < 5  # one timeout, not one per retry


def test_server_error_500_is_reported_with_its_status(scripted_server):
    server, url = scripted_server((500, b"boom: out of memory"))
    with pytest.raises(EndpointHTTPError) as caught:
        RemoteEndpoint(url, timeout=5).select(ROWS_QUERY)
    assert caught.value.status == 500 and "boom" not in str(caught.value)  # the server's words stay in the log
    assert len(server.requests) == 1  # 500 is not transient: no retry


def test_transient_503_is_retried_then_succeeds(scripted_server):
    server, url = scripted_server((503, b"busy"), (503, b"busy"), (200, OK_JSON))
    results = RemoteEndpoint(url, timeout=5, retries=2, backoff=0.01).select(ROWS_QUERY)
    assert results.bindings[0]["s"]["value"] == "http://e.org/a" and len(server.requests) == 3


def test_retries_are_bounded(scripted_server):
    server, url = scripted_server((502, b"bad gateway"))
    with pytest.raises(EndpointHTTPError) as caught:
        RemoteEndpoint(url, timeout=5, retries=2, backoff=0.01).select(ROWS_QUERY)
    assert caught.value.status == 502 and len(server.requests) == 3


def test_auth_header_and_method_are_sent(scripted_server):
    server, url = scripted_server((200, OK_JSON))
    RemoteEndpoint(url, auth_header="Bearer s3cret", method="POST").select(ROWS_QUERY)
    request = server.requests[0]
    assert request["method"] == "POST" and request["headers"]["Authorization"] == "Bearer s3cret"
    assert b"query=" in request["body"]


def test_closed_port_is_unreachable(closed_port_url):
    with pytest.raises(EndpointUnreachable, match="cannot reach"):
        RemoteEndpoint(closed_port_url, timeout=2).select(ROWS_QUERY)


def test_non_json_answer_is_a_clear_error(scripted_server):
    _, url = scripted_server((200, b"<html>not sparql</html>"))
    with pytest.raises(Exception, match="did not answer in SPARQL JSON"):
        RemoteEndpoint(url).select(ROWS_QUERY)

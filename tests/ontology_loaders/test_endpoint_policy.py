"""The endpoint policy: which hosts a request may reach, checked before sending and again at each connection."""

from __future__ import annotations

import pytest

from ontology_loaders.endpoint_policy import EndpointNotAllowed, EndpointPolicy
from ontology_loaders.sparql_http import (
    AnswerTooLarge,
    EndpointForbidden,
    MalformedAnswer,
    sparql_json,
    sparql_request,
)

ASK = "ASK {}"
OK_JSON = {"head": {}, "boolean": True}


@pytest.fixture
def serve(answering_server):
    """``serve(answer) -> (server, url)``: a server on 127.0.0.1 whose handler calls ``answer(handler)``."""
    return answering_server


def _json(handler, body=b'{"head": {}, "boolean": true}') -> None:
    handler.send_response(200)
    handler.send_header("Content-Type", "application/sparql-results+json")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


def _redirect_to(target: str):
    def answer(handler) -> None:
        handler.send_response(302)
        handler.send_header("Location", target)
        handler.send_header("Content-Length", "0")
        handler.end_headers()
    return answer


@pytest.mark.parametrize("url", [
    "http://127.0.0.1:6379/", "http://localhost:8050/", "http://[::1]:7878/query", "http://10.1.2.3/sparql",
    "http://192.168.0.10/sparql", "http://169.254.169.254/latest/meta-data/", "http://0.0.0.0:22/",
    "http://[::ffff:127.0.0.1]:6379/", "http://100.64.0.1/",
])
def test_non_public_addresses_are_refused_before_anything_is_sent(url):
    with pytest.raises(EndpointNotAllowed, match="loopback, private or link-local"):
        EndpointPolicy().check_url(url)


def test_an_unknown_host_reads_like_a_refusal():
    with pytest.raises(EndpointNotAllowed, match="unknown host, or an address this server does not connect to"):
        EndpointPolicy().check_url("http://no-such-host.invalid/sparql")


def test_with_an_allow_list_only_listed_endpoints_pass():
    policy = EndpointPolicy(allow=("*.example.org", "http://127.0.0.1:7878/query", "data.example.com:8890"))
    policy.check_url("http://127.0.0.1:7878/query")  # listed: private is fine
    assert policy.allows_url("https://a.b.example.org/sparql") and policy.allows_url("http://data.example.com:8890/x")
    for url in ("http://127.0.0.1:7879/query", "http://example.org.evil.test/", "http://data.example.com/x",
                "https://127.0.0.1:7878/query"):
        assert not policy.allows_url(url)
        with pytest.raises(EndpointNotAllowed, match="not among the endpoints this server allows"):
            policy.check_url(url)


def test_a_request_to_a_private_address_sends_nothing(serve):
    server, url = serve(_json)
    with pytest.raises(EndpointForbidden, match="loopback, private or link-local"):
        sparql_json(url, ASK, policy=EndpointPolicy())
    assert server.hits == 0
    assert sparql_json(url, ASK, policy=EndpointPolicy(allow_private=True)) == OK_JSON


def test_a_redirect_is_checked_at_connection_time(serve):
    """An allowed endpoint that redirects to a port the policy does not allow gets nothing from there."""
    inner, inner_url = serve(_json)
    _, outer_url = serve(_redirect_to(inner_url))
    with pytest.raises(EndpointForbidden):
        sparql_json(outer_url, ASK, policy=EndpointPolicy(allow=(outer_url,)))
    assert inner.hits == 0
    # Without a policy (the operator's own endpoint, the CLI) redirects are followed.
    assert sparql_json(outer_url, ASK) == OK_JSON and inner.hits == 1


def test_a_long_answer_is_stopped_at_max_bytes(serve):
    sent = []

    def endless(handler) -> None:  # no Content-Length: only reading can tell the size
        handler.send_response(200)
        handler.send_header("Content-Type", "application/sparql-results+json")
        handler.end_headers()
        try:
            for _ in range(400):  # 25 MB at most
                handler.wfile.write(b"x" * 65536)
                sent.append(65536)
        except OSError:
            pass  # the client stopped reading

    _, url = serve(endless)
    with pytest.raises(AnswerTooLarge, match="more than 1 MB"):
        sparql_request(url, ASK, policy=EndpointPolicy(allow_private=True, max_bytes=1024 * 1024))


def test_a_declared_length_over_max_bytes_is_refused_unread(serve):
    _, url = serve(lambda handler: _json(handler, b" " * 5000))
    with pytest.raises(AnswerTooLarge):
        sparql_request(url, ASK, policy=EndpointPolicy(allow_private=True, max_bytes=4096))
    assert len(sparql_request(url, ASK, policy=EndpointPolicy(allow_private=True, max_bytes=5000))) == 5000


def test_a_non_sparql_answer_is_not_quoted_in_the_message(serve):
    _, url = serve(lambda handler: _json(handler, b"-ERR unknown command 'POST', secret=hunter2"))
    with pytest.raises(MalformedAnswer) as caught:
        sparql_json(url, ASK)
    assert "hunter2" not in str(caught.value) and "ERR" not in str(caught.value)

"""The server-side request guard: a web user's endpoint URL cannot reach the server's own network."""

from __future__ import annotations

import json
import socket

import pytest

from app.errors import EndpointUnreachable, QueryError, SourceError
from app.query.remote import NOT_SPARQL, RemoteEndpoint, query_error
from app.resources import get_resources
from app.settings import Settings
from app.sources import settings_for_source
from ontology_loaders import OntologyLoadError
from ontology_loaders.endpoint_policy import EndpointPolicy
from ontology_loaders.sparql_http import (
    EndpointConnectionError,
    EndpointStatusError,
    EndpointTimeout,
    MalformedAnswer,
)

ROWS = "SELECT ?s WHERE { ?s ?p ?o } LIMIT 100"


def _rows(count: int) -> bytes:
    rows = [{"s": {"type": "uri", "value": f"http://e.org/{i}"}} for i in range(count)]
    return json.dumps({"head": {"vars": ["s"]}, "results": {"bindings": rows}}).encode()


@pytest.fixture
def serve(answering_server):
    """``serve(status, headers, body) -> (server, url)`` on 127.0.0.1; ``server.hits`` counts requests."""

    def start(status: int = 200, headers: dict | None = None, body: bytes = b"") -> tuple:
        def answer(handler) -> None:
            handler.send_response(status)
            sent = {"Content-Type": "application/sparql-results+json", **(headers or {})}
            for key, value in {"Content-Length": str(len(body)), **sent}.items():
                handler.send_header(key, value)
            handler.end_headers()
            handler.wfile.write(body)

        return answering_server(answer)

    return start


def _closed_port_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{sock.getsockname()[1]}/sparql"


def _refusal(base: Settings, url: str) -> str:
    """What querying ``url`` as a web user's source says (the URL itself cut out)."""
    resources = get_resources(settings_for_source(base, {"kind": "endpoint", "url": url}))
    with pytest.raises(QueryError) as caught:
        resources.store.select(ROWS)
    with pytest.raises(OntologyLoadError) as loading:
        resources.ontology  # noqa: B018 - loading is the point
    assert "not allowed" in str(loading.value)
    return str(caught.value).replace(url, "URL")


def test_a_web_users_local_endpoint_is_refused_and_sent_nothing(serve, tmp_path):
    server, url = serve(body=_rows(1))
    open_port = _refusal(Settings(data_dir=tmp_path), url)
    closed_port = _refusal(Settings(data_dir=tmp_path), _closed_port_url())
    assert server.hits == 0
    # The same words whether something listens or not: no port oracle.
    assert open_port == closed_port and "not allowed" in open_port and "private" in open_port


@pytest.mark.parametrize("url", ["http://169.254.169.254/latest/meta-data/", "http://localhost:6379/",
                                 "http://[::1]:8050/", "http://10.0.0.1/sparql"])
def test_metadata_and_private_hosts_are_refused(url, tmp_path):
    assert "loopback, private or link-local" in _refusal(Settings(data_dir=tmp_path), url)


def test_a_malformed_url_is_still_a_source_error():
    with pytest.raises(SourceError, match="not an http"):
        settings_for_source(Settings(), {"kind": "endpoint", "url": "gopher://127.0.0.1:6379/"})


def test_the_operators_endpoint_and_opted_in_endpoints_are_allowed(serve, tmp_path):
    _, url = serve(body=_rows(2))
    for base in (Settings(data_dir=tmp_path, endpoint=url), Settings(data_dir=tmp_path, endpoint_allow_private=True),
                 Settings(data_dir=tmp_path, endpoint_allow=[url])):
        settings = settings_for_source(base, {"kind": "endpoint", "url": url})
        assert len(get_resources(settings).store.select(ROWS)) == 2


def test_an_allow_list_refuses_what_it_does_not_name(tmp_path):
    base = Settings(data_dir=tmp_path, endpoint_allow=["*.example.org"])
    assert "not among the endpoints this server allows" in _refusal(base, "https://dbpedia.org/sparql")


def test_an_allowed_endpoint_cannot_redirect_into_the_servers_network(serve, tmp_path):
    inner, inner_url = serve(body=_rows(1))
    outer, outer_url = serve(302, {"Location": inner_url})
    settings = settings_for_source(Settings(data_dir=tmp_path, endpoint_allow=[outer_url]),
                                   {"kind": "endpoint", "url": outer_url})
    resources = get_resources(settings)  # the modules that query it are handed only the URL
    with pytest.raises(QueryError, match="not allowed"):
        resources.store.select(ROWS)
    with pytest.raises(OntologyLoadError, match="not allowed"):
        resources.ontology  # noqa: B018 - loading is the point
    assert outer.hits == 2 and inner.hits == 0


def test_answers_are_capped_by_the_settings(serve, tmp_path):
    _, url = serve(body=_rows(50))
    many = settings_for_source(Settings(data_dir=tmp_path, endpoint_allow=[url], endpoint_max_rows=10),
                               {"kind": "endpoint", "url": url})
    with pytest.raises(QueryError, match="more than 10 rows"):
        get_resources(many).store.select(ROWS)
    big = settings_for_source(Settings(data_dir=tmp_path, endpoint_allow=[url], endpoint_max_bytes=2048),
                              {"kind": "endpoint", "url": url})
    with pytest.raises(QueryError, match="larger than"):
        get_resources(big).store.select(ROWS)


def test_a_500_body_is_never_echoed(serve):
    _, url = serve(500, {"Content-Type": "text/plain"}, b"Traceback: /srv/app/secret.py line 3")
    with pytest.raises(QueryError) as caught:
        RemoteEndpoint(url, retries=0).select(ROWS)
    assert "secret" not in str(caught.value) and "/srv" not in str(caught.value)


def test_a_guarded_endpoints_failures_all_read_the_same():
    url, name = "http://sparql.example.org/q", "endpoint http://sparql.example.org/q"
    failures = [EndpointConnectionError("refused", url=url, detail="[Errno 111] Connection refused"),
                EndpointTimeout("no answer", url=url), MalformedAnswer("not json", url=url, body=b"+OK"),
                EndpointStatusError(404, "Not Found", url=url), EndpointStatusError(500, "boom", url=url)]
    messages = {str(query_error(f, name=name, timeout=5, guarded=True)) for f in failures}
    assert messages == {f"{NOT_SPARQL} ({name})"}
    assert all(isinstance(query_error(f, name=name, timeout=5, guarded=True), EndpointUnreachable) for f in failures)
    assert EndpointPolicy().guards(url) and not EndpointPolicy(allow=(url,)).guards(url)

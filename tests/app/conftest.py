"""Fixtures for the SPARQL, execution and results tests: stores, golden graphs, misbehaving servers."""

from __future__ import annotations

import http.server
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.execute import EmbeddedStore
from app.graph_model import PrototypeGraph

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "fixtures"
GRAPHS = FIXTURES / "graphs"
MINI_KG = FIXTURES / "sparql" / "mini_kg.ttl"
SAMPLE_KG = HERE.parent.parent / "sample_ontologies" / "dbpedia_sample" / "data.ttl"
#: The four questions of the foundation issue, in the sample's golden fixtures.
SAMPLE_QUESTIONS = (
    "a_works_by_ice_hockey_players",
    "b_authors_with_gold_medals",
    "c_ships_home_ports_in_the_us",
    "d_tv_theme_composers",
)


def _golden_graph(name: str) -> PrototypeGraph:
    return PrototypeGraph.model_validate_json((GRAPHS / f"{name}.json").read_text())


def _golden_query(name: str) -> str:
    return (GRAPHS / f"{name}.rq").read_text()


@pytest.fixture(scope="session")
def golden_graph():
    """``golden_graph(name)``: a graph from tests/fixtures/graphs/NAME.json."""
    return _golden_graph


@pytest.fixture(scope="session")
def golden_query():
    """``golden_query(name)``: the expected query in tests/fixtures/graphs/NAME.rq."""
    return _golden_query


@pytest.fixture(scope="session")
def mini_kg_path() -> Path:
    return MINI_KG


@pytest.fixture(scope="session")
def sample_kg_path() -> Path:
    return SAMPLE_KG


@pytest.fixture(scope="session")
def sample_store() -> EmbeddedStore:
    """The DBpedia-style sample knowledge graph in an in-memory pyoxigraph store."""
    return EmbeddedStore([SAMPLE_KG])


@pytest.fixture(scope="session")
def mini_store() -> EmbeddedStore:
    return EmbeddedStore([MINI_KG])


@pytest.fixture(scope="session")
def sample_endpoint(oxigraph_endpoint) -> str:
    """A real Oxigraph HTTP server on 127.0.0.1 loaded with the sample knowledge graph."""
    return oxigraph_endpoint(SAMPLE_KG)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def closed_port_url() -> str:
    """A URL on a port nobody listens on."""
    return f"http://127.0.0.1:{_free_port()}/query"


@pytest.fixture
def hanging_url() -> Iterator[str]:
    """A server that accepts connections and never answers."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.1)
        while not stop.is_set():
            try:
                connection, _ = server.accept()
                held.append(connection)
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.getsockname()[1]}/query"
    stop.set()
    thread.join(timeout=2)
    for connection in held:
        connection.close()
    server.close()


class _ScriptedHandler(http.server.BaseHTTPRequestHandler):
    """Answers each request with the next (status, body) of the server's script; records requests."""

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        server = self.server
        server.requests.append({"method": self.command, "path": self.path, "headers": dict(self.headers), "body": body})
        status, payload = server.script[min(len(server.requests) - 1, len(server.script) - 1)]
        data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/sparql-results+json" if status == 200 else "text/plain")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = _answer

    def log_message(self, *args: object) -> None:  # keep test output quiet
        pass


@pytest.fixture
def scripted_server():
    """Start an HTTP server on 127.0.0.1 that plays a script of (status, body) answers."""
    servers: list[http.server.ThreadingHTTPServer] = []

    def start(*script: tuple[int, object]):
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _ScriptedHandler)
        server.script = list(script)
        server.requests = []
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return server, f"http://127.0.0.1:{server.server_address[1]}/sparql"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()

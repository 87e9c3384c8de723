"""Fixtures shared by every test layer: paths to real data, stores, golden graphs, and a real SPARQL server."""

from __future__ import annotations

import http.server
import json
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from app.graph.model import PrototypeGraph
from app.query.embedded import EmbeddedStore

REPO_ROOT = Path(__file__).resolve().parent.parent
SAMPLES = REPO_ROOT / "sample_ontologies"
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"
DBO_TTL = SHARED_DATA / "dbpedia" / "dbo.ttl"
LCQUAD_TRAIN = SHARED_DATA / "lcquad1" / "train.jsonl"
DBPEDIA_SAMPLE = SAMPLES / "dbpedia_sample"


@pytest.fixture(scope="session")
def dbo_path() -> Path:
    if not DBO_TTL.exists():
        pytest.skip(f"the real DBpedia ontology is not at {DBO_TTL} (shared data is absent outside CI)")
    return DBO_TTL


@pytest.fixture(scope="session")
def dbo_ontology(dbo_path: Path):
    from ontology_loaders import load_ontology

    return load_ontology([dbo_path])


@pytest.fixture(scope="session")
def sample_ontology():
    from ontology_loaders import load_ontology

    return load_ontology([DBPEDIA_SAMPLE / "ontology.ttl"])


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _oxigraph_binary() -> str:
    found = shutil.which("oxigraph") or str(Path(sys.executable).with_name("oxigraph"))
    if not Path(found).exists():
        pytest.fail("the `oxigraph` server binary is missing: pip install 'protograph[server]'")
    return found


@pytest.fixture(scope="session")
def start_server() -> Iterator[Callable[..., int]]:
    """``start_server(argv, ready_url, timeout=30) -> port``: run a real server on a free port.

    ``{port}`` in ``argv`` and ``ready_url`` stands for the port; the call
    returns once ``ready_url`` answers. Every server is stopped at the end of the session.
    """
    started: list[subprocess.Popen] = []

    def start(argv: list[str], ready_url: str, timeout: float = 30) -> int:
        port = free_port()
        argv = [arg.replace("{port}", str(port)) for arg in argv]
        ready_url = ready_url.replace("{port}", str(port))
        process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        started.append(process)
        deadline = time.monotonic() + timeout
        while True:
            try:
                urllib.request.urlopen(ready_url, timeout=2).read()
                return port
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    process.kill()
                    pytest.fail(f"{argv[0]} did not answer at {ready_url} within {timeout:g} s")
                time.sleep(0.1)

    yield start
    for process in started:
        process.terminate()
        process.wait(timeout=20)


@pytest.fixture(scope="session")
def oxigraph_endpoint(tmp_path_factory: pytest.TempPathFactory, start_server) -> Callable[..., str]:
    """Start a real Oxigraph SPARQL server on 127.0.0.1 loaded with the given files; returns its query URL.

    Servers started with the same files are shared for the session.
    """
    binary = _oxigraph_binary()
    running: dict[tuple[str, ...], str] = {}

    def start(*files: Path) -> str:
        key = tuple(str(f) for f in files)
        if key not in running:
            location = tmp_path_factory.mktemp("oxigraph")
            for file in files:
                subprocess.run([binary, "load", "--location", str(location), "--file", str(file)],
                               check=True, capture_output=True, timeout=300)
            port = start_server([binary, "serve-read-only", "--location", str(location), "--bind", "127.0.0.1:{port}"],
                                "http://127.0.0.1:{port}/query?query=ASK%7B%7D")
            running[key] = f"http://127.0.0.1:{port}/query"
        return running[key]

    return start


# -- misbehaving servers, for the error paths of every network client ------------------
@pytest.fixture
def closed_port_url() -> str:
    """A URL on a port nobody listens on."""
    return f"http://127.0.0.1:{free_port()}/query"


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


class _AnsweringHandler(http.server.BaseHTTPRequestHandler):
    """Lets the server's ``answer(handler)`` write each response; counts requests in ``server.hits``."""

    def _answer(self) -> None:
        self.server.hits += 1
        self.server.answer(self)

    do_GET = do_POST = _answer

    def log_message(self, *args: object) -> None:  # keep test output quiet
        pass


@pytest.fixture
def local_http():
    """``start(handler_class, **server_attributes) -> (server, url)``: HTTP servers on 127.0.0.1, shut at the end."""
    servers: list[http.server.ThreadingHTTPServer] = []

    def start(handler: type[http.server.BaseHTTPRequestHandler], **attributes: object):
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        for name, value in attributes.items():
            setattr(server, name, value)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return server, f"http://127.0.0.1:{server.server_address[1]}/sparql"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture
def scripted_server(local_http):
    """Start an HTTP server on 127.0.0.1 that plays a script of (status, body) answers."""
    return lambda *script: local_http(_ScriptedHandler, script=list(script), requests=[])


@pytest.fixture
def answering_server(local_http):
    """``start(answer) -> (server, url)``: a server whose ``answer(handler)`` writes each response."""
    return lambda answer: local_http(_AnsweringHandler, answer=answer, hits=0)


# -- stores and golden graphs (SPARQL, execution, results and CLI tests) --


FIXTURES = REPO_ROOT / "tests" / "fixtures"
GRAPHS = FIXTURES / "graphs"
MINI_KG = FIXTURES / "sparql" / "mini_kg.ttl"
SAMPLE_KG = SAMPLES / "dbpedia_sample" / "data.ttl"
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

import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from ontology_loaders import OntologyLoadError, load_ontology, load_ontology_from_endpoint

DBO = "http://dbpedia.org/ontology/"


@pytest.mark.slow
def test_real_dbpedia_ontology_through_a_real_sparql_server(oxigraph_endpoint, dbo_path):
    url = oxigraph_endpoint(dbo_path)
    # Small pages force the paging path: the schema spans several requests.
    remote = load_ontology_from_endpoint(url, page_size=2_000)
    local = load_ontology([dbo_path])
    assert remote.stats() == local.stats()
    assert remote.model_dump(exclude={"sources"}) == local.model_dump(exclude={"sources"})


@pytest.fixture()
def hanging_server() -> Iterator[str]:
    """Accepts connections and never answers."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(listener.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{listener.getsockname()[1]}/sparql"
    stop.set()
    thread.join()
    for conn in held:
        conn.close()
    listener.close()


@pytest.fixture()
def failing_server() -> Iterator[str]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - http.server's naming
            self.send_response(500)
            self.end_headers()
            self.wfile.write(b"boom")

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/sparql"
    server.shutdown()
    server.server_close()


def test_hanging_endpoint_times_out_with_a_clear_message(hanging_server):
    with pytest.raises(OntologyLoadError, match="no answer within 1 s"):
        load_ontology_from_endpoint(hanging_server, timeout=1)


def test_http_error_is_reported(failing_server):
    with pytest.raises(OntologyLoadError, match="HTTP 500"):
        load_ontology_from_endpoint(failing_server, timeout=5)


def test_closed_port_is_unreachable():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(OntologyLoadError, match="unreachable"):
        load_ontology_from_endpoint(f"http://127.0.0.1:{port}/sparql", timeout=2)


@pytest.mark.slow
def test_endpoint_without_classes_is_an_error(oxigraph_endpoint, tmp_path):
    data = tmp_path / "facts.ttl"
    data.write_text("<http://e/a> <http://e/b> <http://e/c> .")
    with pytest.raises(OntologyLoadError, match="declares no classes"):
        load_ontology_from_endpoint(oxigraph_endpoint(data))

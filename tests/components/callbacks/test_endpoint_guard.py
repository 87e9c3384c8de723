"""A shared link or the source bar cannot point the server at its own network (the SSRF finding of issue 14)."""

from __future__ import annotations

import http.server
import threading

import pytest

from app.settings import Settings
from components.callbacks.canvas import restore_from_url
from components.callbacks.source import load_source
from components.urlstate import encode_hash


@pytest.fixture
def local_service():
    """A service on 127.0.0.1 that would answer anything; ``server.hits`` counts what reached it."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # the http.server protocol names it
            self.server.hits += 1
            body = b"-ERR internal service, key=hunter2"
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_POST = do_GET

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.hits = 0
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_a_shared_link_to_a_local_service_loads_nothing_from_it(local_service, tmp_path):
    server, url = local_service
    link = encode_hash({"nodes": []}, {"kind": "endpoint", "url": url})
    _, source, _, _ = restore_from_url(link, None, {"kind": "sample", "name": "dbpedia_sample"})
    status, examples = load_source(source, settings=Settings(data_dir=tmp_path))
    text = status.children
    assert server.hits == 0 and examples == []
    assert "not allowed" in text and "private" in text and "hunter2" not in text and "ERR" not in text


def test_the_operator_may_allow_a_local_endpoint(local_service, tmp_path):
    server, url = local_service
    status, _ = load_source({"kind": "endpoint", "url": url}, settings=Settings(data_dir=tmp_path, endpoint_allow=[url]))
    # Reached now, but what it answered is still not shown.
    assert server.hits >= 1 and "hunter2" not in status.children and "ERR" not in status.children

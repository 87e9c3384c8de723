"""The OpenAI-compatible backend against a real `python -m llama_cpp.server` on 127.0.0.1."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from grammar.backends import StopReason, create_backend

pytest.importorskip("llama_cpp")
pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    for module in ("uvicorn", "fastapi", "sse_starlette", "starlette_context"):
        if __import__("importlib").util.find_spec(module) is None:
            pytest.fail(f"{module} is missing: pip install 'llama-cpp-python[server]'")
    from app.llm import default_model_path

    model = default_model_path(Path.home() / ".cache" / "protograph" / "models")
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--host", "127.0.0.1",
         "--port", str(port), "--n_threads", "2", "--n_ctx", "2048"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            urllib.request.urlopen(f"{url}/v1/models", timeout=2).read()
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail("llama_cpp.server did not start")
            time.sleep(0.5)
    yield url
    process.terminate()
    process.wait(timeout=20)


def test_gos001_grammar_field_constrains_the_server(server_url: str) -> None:
    backend = create_backend("openai", base_url=server_url)
    prompt = backend.render([{"role": "user", "content": "Name a colour."}])
    result = backend.complete(prompt, grammar='root ::= ("red" | "green" | "blue") "!"', max_tokens=8, timeout_s=300)
    assert result.text.rstrip("!") in {"red", "green", "blue"}
    assert result.stop_reason is StopReason.STOP


def test_gos002_time_limit_and_cancel(server_url: str) -> None:
    import threading

    backend = create_backend("openai", base_url=server_url)
    prompt = backend.render([{"role": "user", "content": "Count to one hundred."}])
    cancel = threading.Event()
    cancel.set()
    assert backend.complete(prompt, max_tokens=200, cancel=cancel).stop_reason is StopReason.CANCELLED
    stopped = backend.complete(prompt, max_tokens=200, stop_when=lambda text: len(text) > 10, timeout_s=300)
    assert 10 < len(stopped.text) < 200

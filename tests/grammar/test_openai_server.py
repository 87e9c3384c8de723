"""The OpenAI-compatible backend against a real `python -m llama_cpp.server` on 127.0.0.1."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from grammar.backends import StopReason, create_backend

pytest.importorskip("llama_cpp")
pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def server_url(start_server) -> str:
    for module in ("uvicorn", "fastapi", "sse_starlette", "starlette_context"):
        if __import__("importlib").util.find_spec(module) is None:
            pytest.fail(f"{module} is missing: pip install 'llama-cpp-python[server]'")
    from app.nl.llm import default_model_path

    model = default_model_path(Path.home() / ".cache" / "protograph" / "models")
    port = start_server([sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--host", "127.0.0.1",
                         "--port", "{port}", "--n_threads", "2", "--n_ctx", "2048"],
                        "http://127.0.0.1:{port}/v1/models", timeout=120)
    return f"http://127.0.0.1:{port}"


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

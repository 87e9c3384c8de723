"""Loading the language model: the real default, and every way it can fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.errors import LLMLoadError
from app.nl.llm import load_llm
from app.settings import Settings


def test_pll001_default_model_loads_once(tmp_path: Path) -> None:
    settings = Settings()
    first = load_llm(settings)
    assert load_llm(settings) is first
    assert first.complete(first.render([{"role": "user", "content": "Say yes."}]), max_tokens=3).completion_tokens >= 1


def test_pll002_missing_model_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(LLMLoadError, match="no model file"):
        load_llm(Settings(model_path=tmp_path / "absent.gguf"))


def test_pll003_corrupt_model_file_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.gguf"
    bad.write_bytes(b"not a model at all" * 100)
    with pytest.raises(LLMLoadError, match="not a GGUF"):
        load_llm(Settings(model_path=bad))
    truncated = tmp_path / "truncated.gguf"
    truncated.write_bytes(b"GGUF" + b"\x00" * 64)
    with pytest.raises(LLMLoadError):
        load_llm(Settings(model_path=truncated))


def test_pll004_server_backend_needs_a_url() -> None:
    with pytest.raises(LLMLoadError, match="llm_server_url"):
        load_llm(Settings(llm_backend="openai"))


def test_pll005_model_errors_name_the_file_not_the_servers_folders(tmp_path: Path) -> None:
    """Issue 14: a model error shown to a user named the absolute path of the model on the server."""
    bad = tmp_path / "bad.gguf"
    bad.write_bytes(b"not a model at all" * 100)
    truncated = tmp_path / "truncated.gguf"
    truncated.write_bytes(b"GGUF" + b"\x00" * 64)
    for path in (tmp_path / "absent.gguf", bad, truncated):
        with pytest.raises(LLMLoadError) as caught:
            load_llm(Settings(model_path=path))
        assert path.name in str(caught.value) and str(tmp_path) not in str(caught.value)

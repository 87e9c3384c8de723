"""The backend registry and the chat templates, without a model."""

from __future__ import annotations

import pytest

from grammar.backends import BACKENDS, DEFAULT_BACKEND, create_backend, get_backend_class
from grammar.chat import render_chatml, render_gemma
from grammar.openai_server import OpenAIServerBackend


def test_gbe001_default_is_registered() -> None:
    assert DEFAULT_BACKEND in BACKENDS
    assert get_backend_class(DEFAULT_BACKEND).name == DEFAULT_BACKEND


def test_gbe002_unknown_backend_names_the_choices() -> None:
    with pytest.raises(ValueError, match="llama_cpp, openai"):
        get_backend_class("gpt-17")


def test_gbe003_gemma_template_merges_system_into_first_user_turn() -> None:
    text = render_gemma([
        {"role": "system", "content": "S"},
        {"role": "user", "content": "Q1"},
        {"role": "assistant", "content": "A1"},
        {"role": "user", "content": "Q2"},
    ], bos="<bos>")
    assert text == ("<bos><start_of_turn>user\nS\n\nQ1<end_of_turn>\n<start_of_turn>model\nA1<end_of_turn>\n"
                    "<start_of_turn>user\nQ2<end_of_turn>\n<start_of_turn>model\n")
    assert render_chatml([{"role": "user", "content": "Q"}]).endswith("<|im_start|>assistant\n")


def test_gbe004_server_backend_rejects_unknown_template_and_unreachable_server() -> None:
    with pytest.raises(ValueError, match="chat template"):
        OpenAIServerBackend("http://127.0.0.1:9", chat_template="nope")
    backend = create_backend("openai", base_url="http://127.0.0.1:9/v1")
    assert backend.base_url == "http://127.0.0.1:9"
    with pytest.raises(ConnectionError, match="cannot reach"):
        backend.complete("hi", max_tokens=4, timeout_s=2)

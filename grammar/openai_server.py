"""A backend for any OpenAI-compatible server that accepts a GBNF ``grammar`` field.

The llama.cpp server (``python -m llama_cpp.server`` or ``llama-server``)
does. Completions are streamed so that the wall-clock limit and the cancel
event are checked between tokens, not only when the request ends.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping, Sequence

from grammar.backends import Backend, Completion, StopReason
from grammar.chat import CHAT_TEMPLATES

__all__ = ["OpenAIServerBackend"]


class OpenAIServerBackend(Backend):
    """Completes prompts through ``POST {base_url}/v1/completions``.

    :param base_url: e.g. ``http://127.0.0.1:8000``.
    :param chat_template: the name of a template in :data:`grammar.chat.CHAT_TEMPLATES`.
    :raises ValueError: for an unknown template.
    """

    name = "openai"

    def __init__(self, base_url: str, *, model: str | None = None, chat_template: str = "gemma",
                 api_key: str | None = None, connect_timeout_s: float = 5.0) -> None:
        if chat_template not in CHAT_TEMPLATES:
            raise ValueError(f"unknown chat template {chat_template!r}; choose one of: {', '.join(CHAT_TEMPLATES)}")
        self.base_url = base_url.rstrip("/")
        if self.base_url.endswith("/v1"):
            self.base_url = self.base_url[: -len("/v1")]
        self.model = model
        self._render = CHAT_TEMPLATES[chat_template]
        self._api_key = api_key
        self._connect_timeout_s = connect_timeout_s

    def render(self, messages: Sequence[Mapping[str, str]]) -> str:
        return self._render(messages)  # the server adds BOS itself

    def complete(self, prompt: str, *, grammar: str | None = None, max_tokens: int = 128,
                 stop: Sequence[str] = (), timeout_s: float = 20.0,
                 cancel: threading.Event | None = None,
                 stop_when: Callable[[str], bool] | None = None) -> Completion:
        """:raises ConnectionError: the server cannot be reached or answers with an error."""
        body: dict[str, object] = {"prompt": prompt, "max_tokens": max_tokens, "temperature": 0.0,
                                   "top_k": 1, "stream": True, "cache_prompt": True}
        if stop:
            body["stop"] = list(stop)
        if grammar:
            body["grammar"] = grammar
        if self.model:
            body["model"] = self.model
        headers = {"Content-Type": "application/json", "Accept": "text/event-stream"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        request = urllib.request.Request(f"{self.base_url}/v1/completions", data=json.dumps(body).encode(),
                                         headers=headers, method="POST")
        started = time.monotonic()
        deadline = started + timeout_s
        pieces: list[str] = []
        reason = StopReason.STOP
        try:
            # The socket timeout bounds each read; the deadline bounds the whole stream.
            with urllib.request.urlopen(request, timeout=min(timeout_s, max(self._connect_timeout_s, 1.0))) as response:
                for raw in response:
                    if cancel is not None and cancel.is_set():
                        reason = StopReason.CANCELLED
                        break
                    if time.monotonic() > deadline:
                        reason = StopReason.TIMEOUT
                        break
                    line = raw.decode("utf-8", "replace").strip()
                    if not line.startswith("data:"):
                        continue
                    data = line[len("data:"):].strip()
                    if data == "[DONE]":
                        break
                    choice = json.loads(data)["choices"][0]
                    pieces.append(choice.get("text") or "")
                    if stop_when is not None and stop_when("".join(pieces)):
                        break
                    if choice.get("finish_reason") == "length":
                        reason = StopReason.LENGTH
        except TimeoutError:
            reason = StopReason.TIMEOUT
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode("utf-8", "replace")[:300]
            raise ConnectionError(f"the LLM server at {self.base_url} answered {exc.code}: {detail}") from exc
        except (urllib.error.URLError, OSError) as exc:
            raise ConnectionError(f"cannot reach the LLM server at {self.base_url}: {exc}") from exc
        text = "".join(pieces)
        for s in stop:  # servers differ in whether they strip the stop string
            if s and s in text:
                text = text[: text.index(s)]
        elapsed = (time.monotonic() - started) * 1000
        n = sum(1 for p in pieces if p)
        return Completion(text=text, stop_reason=reason, completion_tokens=n, sampled_tokens=n,
                          generation_ms=elapsed)

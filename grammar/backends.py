"""One interface for every LM backend, and a registry of them by name.

A backend turns a prompt string and an optional GBNF grammar into text. It
takes plain inputs only: the pipeline renders chats with :meth:`Backend.render`
and builds grammars with :mod:`grammar.builders`.

Generation is always bounded: ``max_tokens``, a wall-clock ``timeout_s`` and a
``cancel`` event. Hitting a bound is not an error: the completion reports why
it stopped and carries the text so far.
"""

from __future__ import annotations

import importlib
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

__all__ = [
    "BACKENDS",
    "DEFAULT_BACKEND",
    "Backend",
    "BackendName",
    "Completion",
    "StopReason",
    "create_backend",
    "get_backend_class",
]


class StopReason(str, Enum):
    STOP = "stop"  # a stop string, the end of the grammar, or end of generation
    LENGTH = "length"
    TIMEOUT = "timeout"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class Completion:
    text: str
    stop_reason: StopReason
    prompt_tokens: int = 0
    cached_tokens: int = 0  # prompt tokens whose KV cache was reused
    completion_tokens: int = 0
    sampled_tokens: int = 0  # tokens the model chose (the rest were forced)
    grammar_fallbacks: int = 0  # steps where no top-k token passed the grammar
    prompt_ms: float = 0.0
    generation_ms: float = 0.0


class Backend(ABC):
    """A loaded language model that completes prompts under a GBNF grammar."""

    name: str = "abstract"

    @abstractmethod
    def render(self, messages: Sequence[Mapping[str, str]]) -> str:
        """The prompt for a chat, ending where the assistant's answer starts.

        ``messages`` are ``{"role": "system"|"user"|"assistant", "content": ...}``.
        """

    @abstractmethod
    def complete(
        self,
        prompt: str,
        *,
        grammar: str | None = None,
        max_tokens: int = 128,
        stop: Sequence[str] = (),
        timeout_s: float = 20.0,
        cancel: threading.Event | None = None,
        stop_when: Callable[[str], bool] | None = None,
    ) -> Completion:
        """Greedy completion of ``prompt``; the text excludes the stop string.

        ``stop_when(text)`` is asked after each token; True ends the completion
        with the text so far (e.g. when a small model starts repeating lines).
        """

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release the model; the default does nothing."""


class BackendName(str, Enum):
    """The registered backends; ``Settings.llm_backend`` takes one of these."""

    LLAMA_CPP = "llama_cpp"
    OPENAI = "openai"  # an OpenAI-compatible server that accepts a GBNF `grammar` field


# Module paths, not classes: a backend's engine is imported only when it is chosen.
BACKENDS: dict[BackendName, str] = {
    BackendName.LLAMA_CPP: "grammar.llamacpp:LlamaCppBackend",
    BackendName.OPENAI: "grammar.openai_server:OpenAIServerBackend",
}
DEFAULT_BACKEND = BackendName.LLAMA_CPP


def get_backend_class(name: str | Enum = DEFAULT_BACKEND) -> type[Backend]:
    """The backend class registered under ``name``.

    >>> get_backend_class("openai").__name__
    'OpenAIServerBackend'
    >>> get_backend_class("nope")
    Traceback (most recent call last):
    ...
    ValueError: unknown LLM backend 'nope'; choose one of: llama_cpp, openai
    """
    key = name.value if isinstance(name, Enum) else str(name)
    target = BACKENDS.get(key)
    if target is None:
        raise ValueError(f"unknown LLM backend {key!r}; choose one of: {', '.join(BACKENDS)}")
    module_name, class_name = target.split(":")
    return getattr(importlib.import_module(module_name), class_name)


def create_backend(name: str | Enum = DEFAULT_BACKEND, **options: object) -> Backend:
    """Instantiate a backend by name with its own keyword options."""
    return get_backend_class(name)(**options)

"""Chat templates rendered in Python, for backends that take raw prompts.

The embedded backend uses the template stored in the GGUF file; a server
backend cannot read it, so it uses one of these by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

__all__ = ["CHAT_TEMPLATES", "render_chatml", "render_gemma"]

Messages = Sequence[Mapping[str, str]]


def _merge_system(messages: Messages) -> list[dict[str, str]]:
    """Gemma has no system role: its text goes in front of the first user turn."""
    merged: list[dict[str, str]] = []
    system = ""
    for message in messages:
        if message["role"] == "system":
            system += message["content"] + "\n\n"
            continue
        content = message["content"]
        if system and message["role"] == "user":
            content, system = system + content, ""
        merged.append({"role": message["role"], "content": content})
    return merged


def render_gemma(messages: Messages, *, bos: str = "") -> str:
    """Gemma 3's turn format; ``bos`` is empty when the server adds it.

    >>> render_gemma([{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi"}])
    '<start_of_turn>user\\nBe brief.\\n\\nHi<end_of_turn>\\n<start_of_turn>model\\n'
    """
    parts = [bos]
    for message in _merge_system(messages):
        role = "model" if message["role"] == "assistant" else "user"
        parts.append(f"<start_of_turn>{role}\n{message['content'].strip()}<end_of_turn>\n")
    parts.append("<start_of_turn>model\n")
    return "".join(parts)


def render_chatml(messages: Messages, *, bos: str = "") -> str:
    """The ChatML format used by many instruction-tuned models (Qwen, Hermes)."""
    parts = [bos]
    for message in messages:
        parts.append(f"<|im_start|>{message['role']}\n{message['content'].strip()}<|im_end|>\n")
    parts.append("<|im_start|>assistant\n")
    return "".join(parts)


CHAT_TEMPLATES: dict[str, Callable[..., str]] = {"gemma": render_gemma, "chatml": render_chatml}

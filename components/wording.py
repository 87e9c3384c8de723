"""Numbers in words for the page: counts with their noun, similarities and confidence as plain judgements.

Messages are shown one fact per line, each once (:func:`message_lines`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["closeness", "confidence_words", "message_lines", "plural"]


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and ``word``, in the plural unless there is one.

    >>> plural(1, "link"), plural(2, "link"), plural(1200, "class", "classes")
    ('1 link', '2 links', '1,200 classes')
    """
    return f"{count:,} {word if count == 1 else (many or word + 's')}"


def closeness(similarity: float) -> str:
    """A cosine similarity in words, for tooltips that should not show bare numbers."""
    if similarity >= 0.85:
        return "very close"
    if similarity >= 0.65:
        return "close"
    if similarity >= 0.45:
        return "related"
    return "loosely related"


def confidence_words(confidence: float) -> str:
    """How sure a draft is, in words (the draft's confidence is that of its weakest part).

    >>> [confidence_words(c) for c in (0.9, 0.7, 0.5, 0.2)]
    ['sure', 'fairly sure', 'unsure: check the parts marked as a guess', 'a guess: check every part']
    """
    if confidence >= 0.8:
        return "sure"
    if confidence >= 0.6:
        return "fairly sure"
    if confidence >= 0.4:
        return "unsure: check the parts marked as a guess"
    return "a guess: check every part"


# "1 links", "1 nodes", "1 classes": a count of one with a plural noun, as older messages wrote it.
_ONE_PLURAL = re.compile(r"\b1 (nodes|links|classes|things|words|edges|rows|results|instances|uses|attributes)\b")


def _singular(match: re.Match) -> str:
    noun = match.group(1)
    return "1 " + (noun[:-2] if noun.endswith("sses") else noun[:-1])


def message_lines(messages: Iterable[object]) -> list[str]:
    """Each message once, in order, trimmed, with a capital letter, and "1 links" read as "1 link".

    >>> message_lines(["a guess: x", "A guess: x ", "", "found 1 links"])
    ['A guess: x', 'Found 1 link']
    """
    lines: dict[str, str] = {}
    for message in messages:
        text = _ONE_PLURAL.sub(_singular, " ".join(str(message).split()))
        if text:
            text = text[0].upper() + text[1:]
            lines.setdefault(text.lower().rstrip("."), text)
    return list(lines.values())

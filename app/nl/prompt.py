"""The few-shot prompt: worked examples chosen by topic and by shape.

A 270M base model imitates the form of its examples more than their words, so
examples are chosen by embedding similarity (topic) plus the similarity of the
question's skeleton (its function words; shape).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources import files
from typing import Any

import numpy as np
from rapidfuzz import fuzz

from app.caching import KeyedCache
from app.nl.lines import answer_text
from app.nl.retrieval import OntologyIndex

__all__ = ["SYSTEM_PROMPT", "build_messages", "load_examples", "select_examples", "skeleton"]

SYSTEM_PROMPT = (
    "Turn the question into a graph. First list the things it talks about as words from the question, "
    "then give each an id, then write one line per relation (id link id), "
    "per condition (id property operator value) or per name (id named Name). Finish with END."
)


@dataclass
class _ExampleLibrary:
    examples: list[dict[str, Any]]
    vectors: np.ndarray


# Keyed by embedder: the examples' vectors depend on it, not on the ontology.
_libraries: KeyedCache[str, _ExampleLibrary] = KeyedCache(max_size=4)


def load_examples() -> list[dict[str, Any]]:
    text = files("grammar").joinpath("examples.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _library(index: OntologyIndex) -> _ExampleLibrary:
    def build() -> _ExampleLibrary:
        examples = load_examples()
        return _ExampleLibrary(examples, index.embed_many([e["question"] for e in examples]))

    return _libraries.get_or_build(index.embedder.model_id, build)


_FUNCTION_WORDS = frozenset(
    "a an the and or of in on at to by for with from has have had is are was were be who whom whose which what "
    "where when how many much that this those these same as than not no did does do".split())
# How much the shape of a question counts against its topic when choosing examples.
SKELETON_WEIGHT = 0.5


def skeleton(question: str) -> str:
    """The question's function words, content words replaced by ``X``: its shape, not its topic.

    >>> skeleton("a person and the child of a person have the alma mater of the same university")
    'a X and the X of a X have the X X of the same X'
    """
    words = re.findall(r"[^\W_]+", question.lower())
    return " ".join(w if w in _FUNCTION_WORDS else "X" for w in words)


def select_examples(question_vector: np.ndarray, index: OntologyIndex, n: int,
                    question: str = "") -> list[dict[str, Any]]:
    """The ``n`` most similar examples, least similar first (the nearest sits next to the question).

    Similarity is topic (cosine of embeddings) plus shape (:func:`skeleton`),
    because a 270M model imitates the form of its examples more than their words.
    """
    library = _library(index)
    scores = library.vectors @ question_vector
    if question:
        shape = skeleton(question)
        scores = scores + SKELETON_WEIGHT * np.array(
            [fuzz.ratio(shape, skeleton(e["question"])) / 100 for e in library.examples])
    best = list(np.argsort(-scores)[:n])
    return [library.examples[i] for i in reversed(best)]


def build_messages(question: str, examples: Sequence[dict[str, Any]]) -> list[dict[str, str]]:
    messages = [{"role": "system", "content": SYSTEM_PROMPT}]
    for example in examples:
        messages.append({"role": "user", "content": example["question"]})
        messages.append({"role": "assistant", "content": answer_text(example["nodes"], example["lines"])})
    messages.append({"role": "user", "content": question})
    return messages

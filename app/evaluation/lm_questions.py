"""Questions written by the local LM from a sampled graph (one-shot, labels only).

The model sees the graph as labelled triples, never IRIs. Its answer is
rejected and regenerated with another one-shot example when it leaks an IRI
or a local name, copies an example, or is not a single sentence; after a few
tries the templated sentence stands in and the row is marked as a fallback.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from app.evaluation.questions import leaks_iri, templated_question
from app.graph.model import PrototypeGraph
from ontology_loaders.model import Ontology

__all__ = ["GeneratedQuestion", "LMQuestionWriter", "TextGenerator", "backend_generator", "describe_graph"]

TextGenerator = Callable[[Sequence[dict[str, str]]], str]
"""``chat messages -> reply text``; one call per attempt."""

# One-shot examples, rotated between attempts: the 270M model tends to copy
# its example, and a greedy backend needs a different prompt to answer differently.
_EXAMPLES = (
    ("- person --birth place--> city\n- city --country--> country", "Which people were born in a city that lies in a country?"),
    ("- book --author--> writer", "Which books were written by a writer?"),
    (
        "- person --employer--> company\n- company --headquarter--> city",
        "Who works for a company that has its headquarters in a city?",
    ),
)
_INSTRUCTION = (
    "Write one natural English question that asks for things connected as in the graph below. "
    "Mention every thing and every connection, in plain words. Answer with the question only.\n\nGraph:\n"
)


@dataclass(frozen=True)
class GeneratedQuestion:
    text: str
    fallback: bool  # True when the LM failed every attempt and the template stands in
    attempts: int


def describe_graph(graph: PrototypeGraph, ontology: Ontology) -> str:
    """The graph as labelled triples, one per line; nodes sharing a class get numbers.

    >>> from ontology_loaders.model import Link, OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Person", label="person")],
    ...                 links=[Link(iri="ex:knows", label="knows", domain="ex:Person", range="ex:Person")])
    >>> g = PrototypeGraph.model_validate({"nodes": [{"id": "a", "class": "ex:Person"}, {"id": "b", "class": "ex:Person"}],
    ...                                    "edges": [{"source": "a", "link": "ex:knows", "target": "b"}]})
    >>> describe_graph(g, onto)
    '- person 1 --knows--> person 2'
    """
    labels = {n.id: ontology.label(n.class_) for n in graph.nodes}
    totals: dict[str, int] = {}
    for label in labels.values():
        totals[label] = totals.get(label, 0) + 1
    seen: dict[str, int] = {}
    names: dict[str, str] = {}
    for node in graph.nodes:
        label = labels[node.id]
        seen[label] = seen.get(label, 0) + 1
        names[node.id] = f"{label} {seen[label]}" if totals[label] > 1 else label
    lines = [f"- {names[e.source]} --{ontology.label(e.link)}--> {names[e.target]}" for e in graph.edges]
    lines += [f"- {names[n.id]}" for n in graph.nodes if not any(n.id in (e.source, e.target) for e in graph.edges)]
    return "\n".join(lines)


def _clean_reply(reply: str) -> str:
    """The first question of the reply, without quotes or a "Question:" lead-in.

    Greedy decoding of a small model often runs on after the question mark.

    >>> _clean_reply('"Question: Which rivers flow into a sea? denaro"')
    'Which rivers flow into a sea?'
    """
    lines = [line for line in reply.strip().splitlines() if line.strip()]
    text = lines[0].strip().strip('"*').strip() if lines else ""
    text = re.sub(r"^(question|answer)\s*:\s*", "", text, flags=re.IGNORECASE).strip().strip('"').strip()
    return text[: text.index("?") + 1] if "?" in text else text


def _words(text: str) -> set[str]:
    return {w[:5] for w in re.findall(r"[a-z]{3,}", text.lower())}


def _mentions(text: str, label: str) -> bool:
    """Whether the text names the label, comparing 5-letter word stems ("rivers" names "river")."""
    stems = _words(label)
    return bool(stems) and bool(stems & _words(text))


def _acceptable(text: str, graph: PrototypeGraph, ontology: Ontology) -> bool:
    """A single question, no IRI, not an echo of the prompt, and about most of the graph's nodes."""
    if not 10 <= len(text) <= 400 or text.count("?") > 1 or leaks_iri(text, graph):
        return False
    if text.lower().startswith(("write one", "rewrite", "here is", "graph")):
        return False
    words = _words(text)
    for _, question in _EXAMPLES:
        example = _words(question)
        if len(words & example) / max(1, len(words | example)) >= 0.5:
            return False  # a copy, or a near copy, of the one-shot example
    labels = [ontology.label(n.class_) for n in graph.nodes]
    named = sum(1 for label in labels if _mentions(text, label))
    return named * 2 >= len(labels)


class LMQuestionWriter:
    """Writes one question per graph with a :data:`TextGenerator`."""

    def __init__(self, generate: TextGenerator, *, attempts: int = 3) -> None:
        self.generate = generate
        self.attempts = attempts

    @staticmethod
    def messages(graph: PrototypeGraph, ontology: Ontology, *, example: int = 0) -> list[dict[str, str]]:
        shown_graph, shown_question = _EXAMPLES[example % len(_EXAMPLES)]
        return [
            {"role": "user", "content": _INSTRUCTION + shown_graph},
            {"role": "assistant", "content": shown_question},
            {"role": "user", "content": _INSTRUCTION + describe_graph(graph, ontology)},
        ]

    def write(self, graph: PrototypeGraph, ontology: Ontology, *, seed: int = 0) -> GeneratedQuestion:
        """A question for ``graph``; ``seed`` picks the first example, so cases vary their prompts."""
        for attempt in range(1, self.attempts + 1):
            text = _clean_reply(self.generate(self.messages(graph, ontology, example=seed + attempt - 1)))
            if _acceptable(text, graph, ontology):
                return GeneratedQuestion(text=text, fallback=False, attempts=attempt)
        return GeneratedQuestion(text=templated_question(graph, ontology), fallback=True, attempts=self.attempts)


def backend_generator(backend: Any, *, max_tokens: int = 64, timeout_s: float = 20.0) -> TextGenerator:
    """A :data:`TextGenerator` over a loaded :class:`grammar.backends.Backend` (``app.nl.llm.load_llm``)."""

    def generate(messages: Sequence[dict[str, str]]) -> str:
        completion = backend.complete(backend.render(messages), max_tokens=max_tokens, stop=("\n",), timeout_s=timeout_s)
        return completion.text

    return generate

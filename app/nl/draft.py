"""The state of one draft: options, results, and the bookkeeping every stage shares."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from app.errors import PipelineCancelled, PipelineError
from app.graph.model import PrototypeGraph
from app.nl.cleanup import CleanupAction
from app.nl.lines import RawGraph
from app.nl.model_queue import ModelQueue, Turn, waiting_words
from app.nl.retrieval import Candidate, OntologyIndex
from grammar.backends import Backend, Completion, StopReason
from ontology_loaders.model import Ontology

__all__ = ["Draft", "PipelineOptions", "PipelineResult", "PipelineStages", "Progress", "ScoredTerm"]

Progress = Callable[[str, float], None]

# What each model call does, in the words messages use (users never see stage names).
MODEL_STEPS = {"raw_nodes": "listing the things the question names", "raw_edges": "writing the relations",
               "constrained_nodes": "choosing the classes", "constrained_edges": "choosing the links"}


class PipelineOptions(BaseModel):
    top_k: int = 5
    n_examples: int = 3
    max_tokens: int = 256
    timeout_s: float = 20.0
    span_copy: bool = True  # raw words must be question spans (else free words)
    anchor_classes: bool = True  # class labels named in the question, or raw words that are labels, are taken as named
    read_links: bool = True  # relations stated with link labels between named classes are read off too
    few_shot: bool = True
    link_entities: bool = True
    evidence: bool = True  # a question not worded in labels is drafted from evidence (app.nl.evidence), not by the model
    type_names: bool = True  # on the evidence path, the model says what kind of thing an unresolved name is

    @classmethod
    def from_settings(cls, settings: Any) -> PipelineOptions:
        if settings is None:
            return cls()
        return cls(top_k=settings.top_k, max_tokens=settings.llm_max_tokens, timeout_s=settings.llm_timeout_s)



class ScoredTerm(BaseModel):
    model_config = ConfigDict(frozen=True)
    iri: str
    label: str
    score: float


class PipelineStages(BaseModel):
    raw: RawGraph = Field(default_factory=RawGraph)
    raw_graph: PrototypeGraph = Field(default_factory=PrototypeGraph,
                                      description="Raw words mapped to their top-1 candidates; may be invalid.")
    candidates: dict[str, list[ScoredTerm]] = Field(default_factory=dict,
                                                    description="Keyed by raw node id, edge or constraint text.")
    constrained: RawGraph = Field(default_factory=RawGraph)
    constrained_graph: PrototypeGraph = Field(default_factory=PrototypeGraph)
    entity_links: dict[str, list[ScoredTerm]] = Field(default_factory=dict)
    cleanup: list[CleanupAction] = Field(default_factory=list)
    examples: list[str] = Field(default_factory=list, description="Questions of the few-shot examples used.")


class PipelineResult(BaseModel):
    question: str
    graph: PrototypeGraph
    stages: PipelineStages = Field(default_factory=PipelineStages)
    timings_ms: dict[str, float] = Field(default_factory=dict)
    token_counts: dict[str, int] = Field(default_factory=dict)
    messages: list[str] = Field(default_factory=list)
    not_understood: bool = Field(default=False, description="Nothing of the ontology was recognised in the question.")
    confidence: float | None = Field(default=None, description="How sure the weakest part of the draft is, 0-1.")
    evidence: dict[str, str] = Field(default_factory=dict,
                                     description="Node id or 'source link target' -> the words that chose it.")
    used_words: list[str] = Field(default_factory=list)
    ignored_words: list[str] = Field(default_factory=list)


@dataclass
class Draft:
    """One question's way through the pipeline: its inputs, its clock, and what each stage found."""

    question: str
    backend: Backend
    ontology: Ontology
    index: OntologyIndex
    options: PipelineOptions
    cancel: threading.Event | None
    progress: Progress | None
    started: float = field(default_factory=time.monotonic)
    timings: dict[str, float] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=dict)
    messages: list[str] = field(default_factory=list)
    stages: PipelineStages = field(default_factory=PipelineStages)
    # What the stages hand on, in order of appearance.
    spans: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    prompt: str = ""
    anchored: bool = False  # every thing the question names is a class label: no model call for nodes
    read: list[tuple[int, str, int]] = field(default_factory=list)  # (raw node, link IRI, raw node)
    raw: RawGraph = field(default_factory=RawGraph)
    edge_vectors: Any = None
    constraint_vectors: Any = None
    class_candidates: list[list[Candidate]] = field(default_factory=list)
    node_text: str = ""  # the constrained node line, as decoded
    ids: list[str] = field(default_factory=list)
    classes: list[str] = field(default_factory=list)
    raw_to_new: dict[str, str] = field(default_factory=dict)
    fixed: list[tuple[str, str, str]] = field(default_factory=list)  # read relations, in final ids
    link_maps: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)
    attribute_maps: dict[str, dict[str, str]] = field(default_factory=dict)
    constrained: RawGraph = field(default_factory=RawGraph)
    # The model is taken at the first model call, in turn (:mod:`app.nl.model_queue`); the time limit starts then.
    queue: ModelQueue | None = None
    turn: Turn | None = None
    reported: tuple[str, float] = ("", 0.0)

    def report(self, stage: str, fraction: float) -> None:
        if self.cancel is not None and self.cancel.is_set():
            raise PipelineCancelled("cancelled")
        self.reported = (stage, fraction)
        if self.progress is not None:
            self.progress(stage, fraction)

    def take_model(self) -> float:
        """Wait for this question's turn on the model (once); return when its time limit started."""
        if self.turn is None and self.queue is not None:
            stage, fraction = self.reported
            places: list[int] = []

            def waiting(ahead: int) -> None:
                places.append(ahead)
                if self.progress is not None:
                    self.progress(waiting_words(ahead), fraction)

            self.turn = self.queue.join(cancel=self.cancel, on_wait=waiting)
            if places:  # another question had the model
                self.timings["waiting"] = self.turn.waited_s * 1000
                if self.progress is not None and stage:
                    self.progress(stage, fraction)  # the waiting text gives way to the stage again
        return self.turn.started if self.turn is not None else self.started

    def release_model(self) -> None:
        """The next question's turn; call when this one's last model call is done."""
        if self.turn is not None and self.queue is not None:
            self.queue.leave(self.turn)

    def time(self, stage: str, since: float) -> float:
        now = time.monotonic()
        self.timings[stage] = self.timings.get(stage, 0.0) + (now - since) * 1000
        return now

    def generate(self, stage: str, prompt: str, grammar: str, stop: Sequence[str],
                 stop_when: Callable[[str], bool] | None = None) -> Completion:
        started = self.take_model()  # before reading the clock: the wait is not the question's time
        remaining = self.options.timeout_s - (time.monotonic() - started)
        step = MODEL_STEPS.get(stage, "drafting")
        if remaining <= 0:
            self.messages.append(f"no time was left for {step} (the limit is {self.options.timeout_s:g} s)")
            return Completion(text="", stop_reason=StopReason.TIMEOUT)
        since = time.monotonic()
        try:
            result = self.backend.complete(prompt, grammar=grammar, max_tokens=self.options.max_tokens,
                                           stop=stop, timeout_s=remaining, cancel=self.cancel,
                                           stop_when=stop_when)
        except ValueError as exc:
            raise PipelineError(f"the language model failed while {step}: {exc}") from exc
        except ConnectionError as exc:
            raise PipelineError(str(exc)) from exc
        self.time(stage, since)
        for name, value in (("prompt", result.prompt_tokens), ("cached", result.cached_tokens),
                            ("completion", result.completion_tokens), ("fallbacks", result.grammar_fallbacks)):
            self.tokens[f"{stage}_{name}"] = value
        if result.stop_reason is StopReason.CANCELLED:
            raise PipelineCancelled("cancelled")
        if result.stop_reason is StopReason.TIMEOUT:
            self.messages.append(f"the time limit of {self.options.timeout_s:g} s cut {step} short")
        elif result.stop_reason is StopReason.LENGTH:
            self.messages.append(f"{step} stopped at {self.options.max_tokens} tokens")
        return result


    def result(self, graph: PrototypeGraph, question: str) -> PipelineResult:
        self.timings["total"] = (time.monotonic() - self.started) * 1000
        return PipelineResult(question=question, graph=graph, stages=self.stages, timings_ms=self.timings,
                              token_counts=self.tokens, messages=self.messages)

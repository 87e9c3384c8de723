"""What the harness evaluates: any question → graph function, injected.

The harness only sees an :data:`Extractor`. The CLI plugs in the real
pipeline through :func:`pipeline_extractor`; :func:`template_extractor` is a
deterministic one that reads templated questions back, which checks the
harness itself and gives the score of a perfect reader.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from app.evaluation.questions import parse_templated_question
from app.graph.model import PrototypeGraph
from app.nl import pipeline
from ontology_loaders.model import Ontology

__all__ = ["Extractor", "PipelineOutcome", "pipeline_extractor", "raw_graph_of", "template_extractor"]


@dataclass(frozen=True)
class PipelineOutcome:
    graph: PrototypeGraph  # the final (aligned) graph
    raw_graph: PrototypeGraph | None = None  # the unconstrained first pass, when the extractor has one
    timings_ms: Mapping[str, float] = field(default_factory=dict)
    sparql: str | None = None
    error: str | None = None


Extractor = Callable[[str], PipelineOutcome]


def template_extractor(ontology: Ontology) -> Extractor:
    def extract(question: str) -> PipelineOutcome:
        started = time.perf_counter()
        graph = parse_templated_question(question, ontology)
        return PipelineOutcome(graph=graph, raw_graph=graph, timings_ms={"total": (time.perf_counter() - started) * 1000})

    return extract


def raw_graph_of(stages: Any) -> PrototypeGraph | None:
    """The raw graph inside the pipeline's ``stages``, whatever container it is.

    The raw pass names free type words, not IRIs; when its nodes carry only
    words it is returned as a graph of those words, which scores as it should
    (a word never equals a class IRI).
    """
    if stages is None:
        return None
    for name in ("raw_graph", "raw"):
        value = stages.get(name) if isinstance(stages, Mapping) else getattr(stages, name, None)
        if value is None:
            continue
        if isinstance(value, PrototypeGraph):
            return value
        graph = getattr(value, "graph", None)
        if isinstance(graph, PrototypeGraph):
            return graph
        if isinstance(value, Mapping):
            try:
                return PrototypeGraph.model_validate(value)
            except ValueError:
                return None
    return None


def pipeline_extractor(resources: Any, *, extract_graph: Callable[..., Any] | None = None,
                       options: Any = None) -> Extractor:
    """The real pipeline, ``app.nl.pipeline.extract_graph``, as an :data:`Extractor`.

    A failing question becomes an empty graph with its error recorded: the
    benchmark scores it as a miss instead of stopping. ``options`` (a
    :class:`~app.nl.pipeline.PipelineOptions`) selects an ablation; ``None`` takes
    the settings' defaults.
    """
    extract_graph = extract_graph or pipeline.extract_graph

    def extract(question: str) -> PipelineOutcome:
        started = time.perf_counter()
        try:
            result = extract_graph(question, resources, options=options)
        except Exception as exc:  # noqa: BLE001 - one bad question must not end a benchmark
            return PipelineOutcome(
                graph=PrototypeGraph(),
                timings_ms={"total": (time.perf_counter() - started) * 1000},
                error=f"{type(exc).__name__}: {exc}",
            )
        timings = dict(getattr(result, "timings_ms", {}) or {})
        timings.setdefault("total", (time.perf_counter() - started) * 1000)
        return PipelineOutcome(
            graph=result.graph,
            raw_graph=raw_graph_of(getattr(result, "stages", None)),
            timings_ms=timings,
            sparql=getattr(result, "sparql", None),
        )

    return extract

"""The paper's synthetic benchmark: sample graphs, write questions, extract, score.

The same sampled graphs are asked in every question origin, so templated and
LM-written questions are compared on identical targets.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from app.evaluation.extractors import Extractor
from app.evaluation.lm_questions import LMQuestionWriter
from app.evaluation.metrics import score_graph
from app.evaluation.questions import templated_question
from app.evaluation.sampler import GraphSampler, InstanceCounts, sample_graphs
from app.graph.model import PrototypeGraph
from app.graph.validate import validate_graph
from ontology_loaders.model import Ontology

__all__ = ["Origin", "STAGES", "SyntheticCase", "make_cases", "run_case", "run_synthetic"]

STAGES = ("raw", "aligned")


class Origin(str, Enum):
    TEMPLATED = "templated"
    LLM = "llm"


@dataclass(frozen=True)
class SyntheticCase:
    case_id: str
    k: int
    origin: Origin
    gold: PrototypeGraph
    question: str
    question_fallback: bool = False


Progress = Callable[[str], None]


def make_cases(
    ontology: Ontology,
    *,
    ks: Sequence[int],
    n: int,
    origins: Sequence[Origin],
    seed: int,
    instance_counts: InstanceCounts | None = None,
    writer: LMQuestionWriter | None = None,
    progress: Progress | None = None,
) -> list[SyntheticCase]:
    """``n`` graphs per k, each asked once per origin; deterministic for a seed (greedy LM decoding)."""
    if Origin.LLM in origins and writer is None:
        raise ValueError("LM-written questions need an LMQuestionWriter")
    sampler = GraphSampler(ontology, instance_counts)
    cases: list[SyntheticCase] = []
    for k in ks:
        graphs = sample_graphs(ontology, k, n, seed=seed, sampler=sampler)
        for index, gold in enumerate(graphs):
            for origin in origins:
                case_id = f"k{k}-{index:04d}-{origin.value}"
                if origin is Origin.TEMPLATED:
                    cases.append(SyntheticCase(case_id, k, origin, gold, templated_question(gold, ontology)))
                    continue
                assert writer is not None
                written = writer.write(gold, ontology, seed=seed * 100_000 + k * 1000 + index)
                cases.append(SyntheticCase(case_id, k, origin, gold, written.text, written.fallback))
            if progress and Origin.LLM in origins:
                progress(f"questions k={k}: {index + 1}/{n}")
    return cases


def run_case(case: SyntheticCase, extract: Extractor, ontology: Ontology, *, ged_timeout_s: float = 5.0) -> dict:
    """One CSV row: the question, both stages' scores, validity and timings."""
    started = time.perf_counter()
    outcome = extract(case.question)
    latency_ms = (time.perf_counter() - started) * 1000
    row: dict[str, object] = {
        "case_id": case.case_id,
        "k": case.k,
        "origin": case.origin.value,
        "question": case.question,
        "question_fallback": case.question_fallback,
        "gold_nodes": len(case.gold.nodes),
        "gold_graph": json.dumps(case.gold.model_dump(mode="json"), separators=(",", ":")),
        "predicted_graph": json.dumps(outcome.graph.model_dump(mode="json"), separators=(",", ":")),
        "valid": validate_graph(outcome.graph, ontology).ok,
        "valid_raw": validate_graph(outcome.raw_graph, ontology).ok if outcome.raw_graph is not None else None,
        "latency_ms": round(latency_ms, 1),
        "timings_ms": json.dumps({k: round(v, 1) for k, v in outcome.timings_ms.items()}),
        "error": outcome.error or "",
    }
    for stage, graph in (("raw", outcome.raw_graph), ("aligned", outcome.graph)):
        if graph is None:
            row.update({f"{m}_{stage}": None for m in ("f1_node", "f1_rel", "ged", "ged_s", "ged_exact", "nodes")})
            continue
        scores = score_graph(graph, case.gold, ged_timeout_s=ged_timeout_s)
        row.update(
            {
                f"f1_node_{stage}": scores.f1_node,
                f"f1_rel_{stage}": scores.f1_rel,
                f"ged_{stage}": scores.ged,
                f"ged_s_{stage}": scores.ged_s,
                f"ged_exact_{stage}": scores.ged_exact,
                f"nodes_{stage}": len(graph.nodes),
            }
        )
    return row


def run_synthetic(
    cases: Iterable[SyntheticCase],
    extract: Extractor,
    ontology: Ontology,
    *,
    ged_timeout_s: float = 5.0,
    progress: Progress | None = None,
) -> list[dict]:
    cases = list(cases)
    rows = []
    for done, case in enumerate(cases, 1):
        rows.append(run_case(case, extract, ontology, ged_timeout_s=ged_timeout_s))
        if progress:
            row = rows[-1]
            progress(
                f"[{done}/{len(cases)}] {case.case_id} F1_node={row['f1_node_aligned']:.2f} "
                f"GED_s={row['ged_s_aligned']:.2f} {row['latency_ms']:.0f} ms"
            )
    return rows

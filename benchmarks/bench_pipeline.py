"""Benchmark the pipeline: per-stage times (p50/p95), token counts, constrained vs unconstrained tok/s.

Usage::

    python benchmarks/bench_pipeline.py [--ontology PATH] [--questions N] [--threads T]

Defaults: the real DBpedia ontology at ../shared/data/dbpedia/dbo.ttl when
present (else the sample), the default Gemma 3 270M model, 2 threads.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

QUESTIONS = [
    "a person and the child of a person have the alma mater of the same university",
    "works whose author is an ice hockey player",
    "a ship has homeport place, and a person has death place the place",
    "a television show has opening theme work, and the work has composer person",
    "a film has director person, and the person has birth place city",
    "persons who authored a work and won gold in a sports event",
    "a book has publisher company, and the company has headquarter city",
    "a soccer player has team soccer club, and the soccer club has ground stadium",
    "Which rivers flow into the Dead Sea?",
    "a politician has party political party, and the politician has alma mater university",
]
GRAMMAR = 'root ::= ( "\\n" line ){0,6} "\\nEND"\nline ::= "person_1 " ( "child" | "spouse" | "alma mater" ) " " ( "person_2" | "university_1" )\n'


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    dbo = ROOT.parent / "shared" / "data" / "dbpedia" / "dbo.ttl"
    parser.add_argument("--ontology", type=Path, default=dbo if dbo.exists() else None)
    parser.add_argument("--questions", type=int, default=len(QUESTIONS))
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--lm-only", action="store_true",
                        help="ablation: no class or link label is read off the question; the model writes everything")
    args = parser.parse_args()

    from app.nl.pipeline import PipelineOptions, extract_graph
    from app.resources import get_resources
    from app.settings import Settings

    overrides = {"llm_threads": args.threads, "llm_timeout_s": 120.0}
    if args.ontology:
        overrides.update(ontology=[args.ontology], kg=[])
    resources = get_resources(Settings(**overrides))
    # said first: without ../shared the default ontology is measured, whose figures are not DBpedia's
    print(f"ontology: {', '.join(map(str, resources.settings.ontology)) or 'none'}")
    started = time.monotonic()
    resources.warm(embeddings=True)  # ontology, index and gazetteer, as `protograph serve` warms them
    print(f"ontology + index load: {(time.monotonic() - started) * 1000:.0f} ms")
    started = time.monotonic()
    backend = resources.llm
    resources.embedder.model()  # as `protograph serve` does before its first question
    print(f"model load (LLM and embedder): {(time.monotonic() - started) * 1000:.0f} ms")

    # -- decoding speed: same prompt, greedy, three ways ------------------------------
    prompt = backend.render([{"role": "user", "content": "person_1 is a person, person_2 is their child, "
                                                         "university_1 is a university. Write relations."}])
    free = backend.complete(prompt, max_tokens=48)
    fast = backend.complete(prompt, grammar=GRAMMAR, max_tokens=48)
    rate = lambda c: c.completion_tokens / max(c.generation_ms / 1000, 1e-9)  # noqa: E731
    print(f"unconstrained:               {rate(free):6.1f} tok/s ({free.completion_tokens} tokens)")
    print(f"constrained, top-k check:    {rate(fast):6.1f} tok/s ({fast.completion_tokens} tokens, "
          f"{fast.grammar_fallbacks} full-vocabulary fallbacks)")
    if hasattr(backend, "complete_unconstrained_baseline"):
        stock = backend.complete_unconstrained_baseline(prompt, grammar=GRAMMAR, max_tokens=48)
        print(f"constrained, stock sampler:  {rate(stock):6.1f} tok/s ({stock.completion_tokens} tokens)")
    print(f"ratio constrained/unconstrained: {rate(fast) / max(rate(free), 1e-9):.2f}")

    # -- the pipeline ------------------------------------------------------------------------
    timings: dict[str, list[float]] = {}
    tokens: dict[str, list[int]] = {}
    by_path: dict[str, list[float]] = {"read off, no model call": [], "with the model": []}
    options = PipelineOptions.from_settings(resources.settings)
    if args.lm_only:
        options = options.model_copy(update={"anchor_classes": False, "read_links": False, "evidence": False})
    for question in QUESTIONS[: args.questions]:
        result = extract_graph(question, resources, options=options)
        generated = any(key.endswith("_completion") for key in result.token_counts)
        by_path["with the model" if generated else "read off, no model call"].append(result.timings_ms["total"])
        for stage, ms in result.timings_ms.items():
            timings.setdefault(stage, []).append(ms)
        for key, n in result.token_counts.items():
            tokens.setdefault(key, []).append(n)
        print(f"{result.timings_ms['total']:7.0f} ms  {len(result.graph.nodes)} nodes "
              f"{len(result.graph.edges)} edges  {question}")
    print(f"\n{'stage':<20} {'p50 ms':>8} {'p95 ms':>8}")
    for stage, values in timings.items():
        print(f"{stage:<20} {statistics.median(values):8.0f} {pct(values, 0.95):8.0f}")
    print(f"\n{'question → graph':<24} {'n':>3} {'p50 ms':>8} {'p95 ms':>8}")
    for path, values in [("all", [v for vs in by_path.values() for v in vs]), *by_path.items()]:
        if values:
            print(f"{path:<24} {len(values):3d} {statistics.median(values):8.0f} {pct(values, 0.95):8.0f}")
    print(f"\n{'tokens':<32} {'mean':>6}")
    for key, values in tokens.items():
        print(f"{key:<32} {statistics.mean(values):6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

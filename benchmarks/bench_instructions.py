"""Benchmark edit by instruction: exact-result rate and parse/apply times on the instruction sets.

Usage::

    python -m benchmarks.bench_instructions [--split dev|test|all] [--no-model] [--threads T] [--json]

Each case of ``benchmarks/instructions/*.jsonl`` is a start graph, an
instruction and a gold graph. A result is exact when the edited graph equals
the gold graph (node labels aside, which follow the class). ``parse`` is the
time from instruction to operations (pre-pass, and the model where asked);
``apply`` is applying them and computing the difference.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.graph.model import PrototypeGraph
from benchmarks.instructions.cases import ONTOLOGIES

SETS = ROOT / "benchmarks" / "instructions"


def canonical(graph: PrototypeGraph) -> dict[str, Any]:
    """The graph as comparable data: nodes by id without their display label, edges and constraints as sets."""
    data = graph.model_dump(mode="json")
    nodes = {}
    for node in data["nodes"]:
        node = {k: v for k, v in node.items() if k != "label"}
        node["constraints"] = sorted(json.dumps(c, sort_keys=True) for c in node["constraints"])
        nodes[node.pop("id")] = node
    edges = sorted(json.dumps(e, sort_keys=True) for e in data["edges"])
    return {"nodes": nodes, "edges": edges,
            **{k: data[k] for k in ("aggregation", "order_by", "limit", "offset")}}


def load_cases(name: str, split: str) -> list[dict[str, Any]]:
    lines = (SETS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    cases = [json.loads(line) for line in lines if line.strip()]
    return [c for c in cases if split == "all" or c["split"] == split]


def run_set(name: str, split: str, *, use_model: bool, threads: int, model_chooses: bool) -> list[dict[str, Any]]:
    from app.nl.instruction import edit_by_instruction
    from app.resources import Resources
    from app.settings import Settings

    resources = Resources(Settings(ontology=[ONTOLOGIES[name]], kg=[], llm_threads=threads))
    resources.warm(models=("embedder", "llm") if use_model else ("embedder",))
    rows = []
    for case in load_cases(name, split):
        start = PrototypeGraph.model_validate(case["graph"])
        gold = PrototypeGraph.model_validate(case["gold"])
        result = edit_by_instruction(case["instruction"], start, resources, use_model=use_model,
                                     choose_by_model=model_chooses)
        rows.append({"id": case["id"], "split": case["split"], "tags": case["tags"], "via": result.via,
                     "exact": canonical(result.graph) == canonical(gold), "lines": result.lines,
                     "parse_ms": result.timings_ms["parse"], "apply_ms": result.timings_ms["apply"]})
    return rows


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    parse = [r["parse_ms"] for r in rows]
    apply = [r["apply_ms"] for r in rows]
    model = [r["parse_ms"] for r in rows if r["via"] == "model"]
    return {
        "cases": len(rows), "exact": sum(r["exact"] for r in rows),
        "exact_rate": round(sum(r["exact"] for r in rows) / len(rows), 3) if rows else 0.0,
        "parse_p50_ms": round(statistics.median(parse), 1) if parse else None,
        "parse_max_ms": round(max(parse), 1) if parse else None,
        "model_parse_p50_ms": round(statistics.median(model), 1) if model else None,
        "apply_p50_ms": round(statistics.median(apply), 2) if apply else None,
        "apply_max_ms": round(max(apply), 2) if apply else None,
        "via": dict(Counter(r["via"] for r in rows)),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("dev", "test", "all"), default="all")
    parser.add_argument("--no-model", action="store_true", help="the deterministic pre-pass alone")
    parser.add_argument("--model-chooses", action="store_true",
                        help="the model chooses among the ranked candidates (default: the best ranked)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print every case's result as JSON too")
    args = parser.parse_args(argv)
    rows: list[dict[str, Any]] = []
    for name in ONTOLOGIES:
        rows += run_set(name, args.split, use_model=not args.no_model, threads=args.threads,
                        model_chooses=args.model_chooses)
    if args.json:
        print(json.dumps(rows, indent=1, ensure_ascii=False))
    print(f"{'set':<14}{'cases':>6}{'exact':>7}{'rate':>7}{'parse p50':>11}{'parse max':>11}{'apply p50':>11}"
          f"{'apply max':>11}  via")
    groups = {f"{prefix} {split}": [r for r in rows if r["id"].startswith(prefix) and r["split"] == split]
              for prefix in ONTOLOGIES for split in ("dev", "test")}
    groups.update({f"all {split}": [r for r in rows if r["split"] == split] for split in ("dev", "test")})
    groups["all"] = rows
    for name, group in groups.items():
        if not group:
            continue
        s = summary(group)
        print(f"{name:<14}{s['cases']:>6}{s['exact']:>7}{s['exact_rate']:>7.2f}{s['parse_p50_ms']:>9.1f}ms"
              f"{s['parse_max_ms']:>9.1f}ms{s['apply_p50_ms']:>9.2f}ms{s['apply_max_ms']:>9.2f}ms  {s['via']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

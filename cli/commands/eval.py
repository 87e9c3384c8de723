"""``protograph eval``: the paper's synthetic benchmark and external question sets.

``protograph eval synthetic`` samples graphs from the ontology, asks them as
templated and LM-written questions and scores the pipeline's raw and aligned
graphs (CSV, Table II in Markdown, Figure 3 in HTML/PNG).
``protograph eval questions FILE.jsonl`` scores the pipeline on LC-QuAD-style
``{id, question, sparql}`` lines. ``protograph eval graphs FILE.jsonl`` compares
drafted graphs with the gold graphs of natural questions (``benchmarks/natural``).
Progress goes to stderr, the summary to stdout.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

from app.errors import ProtoGraphError
from app.evaluation.execution import endpoint_runner, store_runner
from app.evaluation.external import load_questions, run_questions, summarise_questions
from app.evaluation.extractors import pipeline_extractor, template_extractor
from app.evaluation.lm_questions import LMQuestionWriter, backend_generator
from app.evaluation.natural import (
    format_summary,
    load_natural,
    run_natural,
    sources_drawn_on,
    summarise_natural,
    write_natural,
)
from app.evaluation.report import (
    latency_markdown,
    summary_markdown,
    write_csv,
    write_figure,
)
from app.evaluation.synthetic import Origin, make_cases, run_synthetic
from app.nl.llm import load_llm
from app.nl.pipeline import PipelineOptions
from app.resources import get_resources
from app.settings import Settings
from cli.flags import add_source_flags

__all__ = ["add_parser", "run"]

DEFAULT_KS = (2, 3, 5, 7)
QUICK_N = 16


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("eval", help="benchmarks: synthetic graphs, or a JSON-lines question set")
    kinds = parser.add_subparsers(dest="eval_command", required=True, metavar="KIND")

    synthetic = kinds.add_parser("synthetic", help="the paper's synthetic benchmark (sampled graphs → questions)")
    add_source_flags(synthetic)
    synthetic.add_argument("--k", type=int, nargs="+", default=list(DEFAULT_KS), help="graph sizes in nodes")
    synthetic.add_argument("--n", type=int, default=128, help="graphs per k (default 128)")
    synthetic.add_argument(
        "--origin", nargs="+", choices=("templated", "llm"), default=["templated", "llm"], help="question origins"
    )
    synthetic.add_argument("--seed", type=int, default=0)
    synthetic.add_argument("--out", type=Path, default=Path("eval-out"), metavar="DIR")
    synthetic.add_argument("--quick", action="store_true", help=f"n = {QUICK_N}, for a run of minutes")
    synthetic.add_argument(
        "--question-model", type=Path, default=None, metavar="PATH",
        help="GGUF that writes the LM questions (default: the pipeline's model)",
    )
    _add_common(synthetic)
    synthetic.set_defaults(run=run)

    questions = kinds.add_parser("questions", help="score on LC-QuAD-style {id, question, sparql} JSON lines")
    questions.add_argument("file", type=Path, metavar="FILE.jsonl")
    add_source_flags(questions)
    questions.add_argument("--limit", type=int, default=None, help="only the first N questions")
    questions.add_argument("--unseen-by", type=Path, default=None, metavar="NATURAL.jsonl",
                           help="skip the questions a natural set drew on (its lines' \"source\" ids), "
                           "so the rest is a check nothing was tuned on")
    questions.add_argument("--out", type=Path, default=None, metavar="DIR", help="write questions.csv and summary")
    _add_common(questions)
    questions.set_defaults(run=run)

    graphs = kinds.add_parser("graphs", help="score drafted graphs against the gold graphs of natural questions")
    graphs.add_argument("file", type=Path, metavar="FILE.jsonl")
    add_source_flags(graphs)
    graphs.add_argument("--split", choices=("dev", "test", "all"), default="dev",
                        help="which lines (default dev: report test only when asked)")
    graphs.add_argument("--limit", type=int, default=None, help="only the first N questions of the split")
    graphs.add_argument("--out", type=Path, default=None, metavar="DIR", help="write misses.csv and summary.json")
    graphs.add_argument("--lower-case", action="store_true",
                        help="ask every question in lower case, as people often type them (names lose their capitals)")
    _add_common(graphs)
    graphs.set_defaults(run=run)


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--extractor",
        choices=("pipeline", "template"),
        default="pipeline",
        help="what is evaluated: the real pipeline, or the template reader (the harness's own ceiling)",
    )
    parser.add_argument(
        "--lm-only",
        action="store_true",
        help="ablation: the model lists every node and relation; no class or link label is read off the question",
    )
    parser.add_argument("--ged-timeout", type=float, default=5.0, metavar="S", help="graph edit distance timeout")
    parser.add_argument("--quiet", action="store_true", help="no per-question progress")


def run(args: argparse.Namespace, settings: Settings) -> int:
    if args.eval_command == "synthetic":
        return _run_synthetic(args, settings)
    if args.eval_command == "graphs":
        return _run_graphs(args, settings)
    return _run_questions(args, settings)


def _progress(args: argparse.Namespace):
    started = time.monotonic()

    def report(message: str) -> None:
        print(f"[{time.monotonic() - started:7.1f}s] {message}", file=sys.stderr, flush=True)

    return None if args.quiet else report


def _extractor(args: argparse.Namespace, resources):
    if args.extractor == "template":
        return template_extractor(resources.ontology)
    if args.lm_only:
        options = PipelineOptions.from_settings(resources.settings).model_copy(
            update={"anchor_classes": False, "read_links": False, "evidence": False})
        return pipeline_extractor(resources, options=options)
    return pipeline_extractor(resources)


def _run_synthetic(args: argparse.Namespace, settings: Settings) -> int:
    n = QUICK_N if args.quick else args.n
    if n < 1 or any(k < 1 for k in args.k):
        raise ProtoGraphError("--n and every --k must be at least 1")
    progress = _progress(args)
    resources = get_resources(settings)
    ontology = resources.ontology
    counts = None
    if settings.kg or settings.endpoint:
        counts = resources.instance_counts
        if progress:
            progress(f"instance counts: {len(counts.get('classes', {}))} classes, {len(counts.get('links', {}))} links")
    origins = [Origin(o) for o in dict.fromkeys(args.origin)]
    writer = None
    if Origin.LLM in origins:
        if args.question_model:

            backend = load_llm(settings.model_copy(update={"model_path": args.question_model}))
        else:
            backend = resources.llm  # the pipeline's own model: one model per process
        writer = LMQuestionWriter(backend_generator(backend, timeout_s=settings.llm_timeout_s))
    cases = make_cases(
        ontology, ks=args.k, n=n, origins=origins, seed=args.seed, instance_counts=counts, writer=writer, progress=progress
    )
    rows = run_synthetic(cases, _extractor(args, resources), ontology, ged_timeout_s=args.ged_timeout, progress=progress)

    out: Path = args.out
    csv_path = write_csv(rows, out / "synthetic.csv")
    sampling = "weighted by instance counts" if counts else "uniform (no instance data)"
    title = (
        f"Synthetic benchmark: {', '.join(map(str, ontology.sources)) or 'ontology'}, "
        f"n = {n} per k, seed {args.seed}, sampling {sampling}, extractor {args.extractor}"
    )
    table = summary_markdown(rows, title=title) + "\nLatency per stage (ms):\n\n" + latency_markdown(rows)
    (out / "synthetic.md").write_text(table, encoding="utf-8")
    html, png, problem = write_figure(rows, out)
    print(table)
    print(f"wrote {csv_path}, {out / 'synthetic.md'}, {html}" + (f", {png}" if png else ""))
    if problem:
        print(problem, file=sys.stderr)
    return 0


def _run_questions(args: argparse.Namespace, settings: Settings) -> int:
    try:
        questions = load_questions(args.file, limit=args.limit)
        if args.unseen_by is not None:
            drawn_on = sources_drawn_on(args.unseen_by)
            questions = [q for q in questions if q.id not in drawn_on]
    except (ValueError, OSError) as exc:
        raise ProtoGraphError(str(exc)) from exc
    if not questions:
        raise ProtoGraphError(f"{args.file}: no questions")
    progress = _progress(args)
    resources = get_resources(settings)
    runner = None
    if settings.endpoint:
        runner = endpoint_runner(settings.endpoint, timeout_s=settings.endpoint_timeout_s)
    elif settings.kg:
        runner = store_runner(settings.kg)
    rows = run_questions(questions, _extractor(args, resources), resources.ontology, runner=runner, progress=progress)
    summary = {"file": str(args.file), "extractor": args.extractor, **summarise_questions(rows)}
    if args.out:
        write_csv(rows, args.out / "questions.csv")
        (args.out / "questions-summary.json").write_text(json.dumps(summary, indent=2), encoding="utf-8")
    print(json.dumps(summary, indent=2))
    return 0


def _run_graphs(args: argparse.Namespace, settings: Settings) -> int:
    try:
        items = load_natural(args.file, split=args.split, limit=args.limit)
    except ValueError as exc:
        raise ProtoGraphError(str(exc)) from exc
    if not items:
        raise ProtoGraphError(f"{args.file}: no questions in split {args.split}")
    if args.lower_case:
        items = [dataclasses.replace(item, question=item.question.lower()) for item in items]
    resources = get_resources(settings)
    rows = run_natural(items, _extractor(args, resources), resources.ontology,
                       ged_timeout_s=args.ged_timeout, progress=_progress(args))
    summary = summarise_natural(rows)
    print(f"{args.file}, split {args.split}, extractor {args.extractor}{', lm-only' if args.lm_only else ''}"
          f"{', in lower case' if args.lower_case else ''}\n")
    print(format_summary(summary))
    if args.out:
        written = write_natural(rows, summary, args.out)
        print("wrote " + ", ".join(map(str, written)))
    return 0

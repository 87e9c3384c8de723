"""``protograph graph "QUESTION"``: a question turned into a prototype graph and its SPARQL."""

from __future__ import annotations

import argparse
import json
import sys

from app.nl.pipeline import extract_graph
from app.query.compile import compile_sparql
from app.resources import get_resources
from app.settings import Settings
from cli.flags import add_source_flags


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("graph", help="turn a question into a prototype graph and SPARQL")
    parser.add_argument("question", help="the question, in quotes")
    add_source_flags(parser)
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object: graph, sparql, stages, timings_ms, confidence, evidence")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, settings: Settings) -> int:
    result = extract_graph(args.question, get_resources(settings))
    # Shown, not run: `protograph run` asks for --allow-cross-product before running unlinked parts.
    sparql = compile_sparql(result.graph, allow_cross_product=True) if result.graph.nodes else ""
    payload = {
        "graph": result.graph.model_dump(mode="json"),
        "sparql": sparql,
        "stages": result.stages.model_dump(mode="json"),
        "timings_ms": {k: round(v, 1) for k, v in result.timings_ms.items()},
        "token_counts": result.token_counts,
        "messages": result.messages,
        "not_understood": result.not_understood,
        "confidence": result.confidence,
        "evidence": result.evidence,
        "used_words": result.used_words,
        "ignored_words": result.ignored_words,
    }
    if args.json:
        print(json.dumps(payload, indent=2, ensure_ascii=False))
        return 0
    for node in result.graph.nodes:
        pinned = f" = {', '.join(node.instances)}" if node.instances else ""
        print(f"{node.id}: {node.class_}{pinned}")
    for edge in result.graph.edges:
        print(f"{edge.source} --{edge.link}--> {edge.target}")
    if sparql:
        print()
        print(sparql)
    for message in result.messages:
        print(f"note: {message}", file=sys.stderr)
    return 0

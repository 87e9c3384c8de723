"""``protograph edit GRAPH.json "INSTRUCTION"``: a graph changed by an instruction, and the operations it took."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from app.errors import EditError
from app.graph.model import PrototypeGraph
from app.nl.instruction import edit_by_instruction
from app.resources import get_resources
from app.settings import Settings
from cli.flags import add_source_flags


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("edit", help="change a graph (JSON file, or - for stdin) by an instruction")
    parser.add_argument("graph", help="the graph's JSON file (as `protograph graph --json` prints under \"graph\")")
    parser.add_argument("instruction", help='e.g. "drop the child", in quotes')
    add_source_flags(parser)
    parser.add_argument("--no-model", action="store_true", help="only the deterministic pre-pass, no language model")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object: graph, operations, lines, diff, via, messages, timings_ms")
    parser.set_defaults(run=run)


def _read_graph(path: str) -> PrototypeGraph:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        data = json.loads(text)
    except OSError as exc:
        raise EditError(f"cannot read the graph file: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise EditError(f"the graph file is not JSON (line {exc.lineno})") from None
    # `protograph graph --json` wraps the graph; accept its output as is.
    if isinstance(data, dict) and isinstance(data.get("graph"), dict):
        data = data["graph"]
    return PrototypeGraph.model_validate(data)


def run(args: argparse.Namespace, settings: Settings) -> int:
    graph = _read_graph(args.graph)
    result = edit_by_instruction(args.instruction, graph, get_resources(settings), use_model=not args.no_model)
    if not result.operations:
        # Like `protograph run` on a question that gives no graph: fail with the parser's own words.
        raise EditError(result.messages[0] if result.messages else "the instruction asks for no change")
    if args.json:
        payload = {
            "graph": result.graph.model_dump(mode="json"),
            "operations": [op.model_dump(mode="json") for op in result.operations],
            "lines": result.lines,
            "diff": result.diff.model_dump(mode="json"),
            "via": result.via,
            "messages": result.messages,
            "timings_ms": {k: round(v, 2) for k, v in result.timings_ms.items()},
        }
        print(json.dumps(payload, indent=2, ensure_ascii=False))
    else:
        print(json.dumps(result.graph.model_dump(mode="json"), indent=2, ensure_ascii=False))
        for line in result.lines:
            print(f"op: {line}", file=sys.stderr)
    for message in result.messages:
        print(f"note: {message}", file=sys.stderr)
    return 0

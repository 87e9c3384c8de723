"""``protograph sparql GRAPH.json``: print the SPARQL query a prototype graph compiles to."""

from __future__ import annotations

import argparse
from pathlib import Path

from app.errors import ProtoGraphError
from app.query.compile import compile_sparql
from app.query.export import graph_from_json
from app.settings import Settings


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("sparql", help="print the SPARQL query of a prototype graph (JSON file)")
    parser.add_argument("graph", metavar="GRAPH.json", help="a prototype graph as JSON ('-' reads standard input)")
    parser.add_argument("--no-labels", action="store_true", help="do not add OPTIONAL rdfs:label columns")
    parser.add_argument("--limit", type=int, default=None, help="LIMIT when the graph sets none (default: settings)")
    parser.set_defaults(run=run)


def read_graph(path: str):
    import sys

    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ProtoGraphError(f"{path}: no such file") from None
    return graph_from_json(text)


def run(args: argparse.Namespace, settings: Settings) -> int:
    graph = read_graph(args.graph)
    limit = args.limit if args.limit is not None else settings.result_limit
    print(compile_sparql(graph, labels=not args.no_labels, language=settings.language, limit=limit))
    return 0

"""``protograph sparql GRAPH.json``: print the SPARQL query a prototype graph compiles to."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pydantic import ValidationError

from app.errors import ProtoGraphError
from app.graph.model import PrototypeGraph
from app.query.compile import compile_sparql
from app.query.export import graph_from_json
from app.settings import Settings


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("sparql", help="print the SPARQL query of a prototype graph (JSON file)")
    parser.add_argument("graph", metavar="GRAPH.json", help="a prototype graph as JSON ('-' reads standard input)")
    parser.add_argument("--no-labels", action="store_true", help="do not add OPTIONAL rdfs:label columns")
    parser.add_argument("--limit", type=int, default=None, help="LIMIT when the graph sets none (default: settings)")
    parser.add_argument("--allow-cross-product", action="store_true",
                        help="compile a graph whose parts no edge links (every answer of one part with every other)")
    parser.set_defaults(run=run)


def read_text(path: str) -> str:
    """A text file (``-``: standard input); each way it can fail is one line that names it."""
    try:
        return sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ProtoGraphError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ProtoGraphError(f"{path}: a folder, not a file") from None
    except PermissionError:
        raise ProtoGraphError(f"{path}: not readable (permission denied)") from None
    except UnicodeDecodeError as error:
        raise ProtoGraphError(f"{path}: not a UTF-8 text file (byte {error.start} cannot be read)") from None


def read_graph(path: str) -> PrototypeGraph:
    """The prototype graph in a JSON file; an error names the file and the first problem.

    :raises ProtoGraphError: the file is missing, not text, or not a prototype graph.
    """
    text = read_text(path)
    try:
        return graph_from_json(text)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(map(str, first["loc"]))
        raise ProtoGraphError(f"{path}: not a prototype graph: {where + ': ' if where else ''}{first['msg']}"
                              f"{f' (and {error.error_count() - 1} more)' if error.error_count() > 1 else ''}") from None


def run(args: argparse.Namespace, settings: Settings) -> int:
    graph = read_graph(args.graph)
    limit = args.limit if args.limit is not None else settings.result_limit
    print(compile_sparql(graph, labels=not args.no_labels, language=settings.language, limit=limit,
                         allow_cross_product=args.allow_cross_product))
    return 0

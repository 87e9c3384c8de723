"""``protograph run (GRAPH.json | QUERY.rq | "QUESTION")``: run it and print the results."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.errors import ProtoGraphError, UnconnectedGraphError
from app.graph.model import PrototypeGraph
from app.nl.pipeline import extract_graph
from app.query.compile import compile_sparql
from app.query.export import results_to_csv, results_to_json
from app.query.results import results_table
from app.query.run import open_store, run_query
from app.resources import get_resources
from app.settings import Settings
from cli.commands.sparql import read_graph, read_text
from cli.flags import add_source_flags


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("run", help="run a graph, a .rq query or a question and print the results")
    parser.add_argument("target", metavar="GRAPH.json|QUERY.rq|QUESTION", help="a graph file, a query file or a question")
    add_source_flags(parser)
    parser.add_argument("--format", choices=("table", "csv", "json"), default="table", help="output format")
    parser.add_argument("--limit", type=int, default=None, help="LIMIT for a graph or question (default: settings)")
    parser.add_argument("--timeout", type=float, default=None, help="seconds before the query is abandoned")
    parser.add_argument("--show-query", action="store_true", help="print the SPARQL on standard error first")
    parser.add_argument("--allow-cross-product", action="store_true",
                        help="run a graph whose parts no edge links (every answer of one part with every other)")
    parser.set_defaults(run=run)


def _question_graph(question: str, settings: Settings) -> PrototypeGraph:
    result = extract_graph(question, get_resources(settings))
    if result.graph.is_empty():
        raise ProtoGraphError("; ".join(result.messages) or "the question gave no graph")
    return result.graph


def build_query(
    target: str, settings: Settings, limit: int | None = None, *, allow_cross_product: bool = False
) -> str:
    """The SPARQL for a graph file, a query file, or a question."""
    path = Path(target)
    limit = limit if limit is not None else settings.result_limit
    if path.suffix.lower() in (".rq", ".sparql") or (path.is_file() and path.suffix.lower() not in (".json",)):
        return read_text(target)
    if path.suffix.lower() == ".json":
        graph = read_graph(target)
    else:
        graph = _question_graph(target, settings)
    try:
        return compile_sparql(graph, language=settings.language, limit=limit, allow_cross_product=allow_cross_product)
    except UnconnectedGraphError as error:
        raise UnconnectedGraphError(f"{error} with --allow-cross-product", error.parts) from None


def format_table(results) -> str:
    if results.boolean is not None:
        return "yes" if results.boolean else "no"
    table = results_table(results)
    headers = [c.name for c in table.columns]
    cells = [["" if row.get(c.id) is None else str(row.get(c.id)) for c in table.columns] for row in table.rows]
    widths = [min(60, max([len(h)] + [len(r[i]) for r in cells])) for i, h in enumerate(headers)]

    def line(values: list[str]) -> str:
        return "  ".join((v if len(v) <= w else v[: w - 1] + "…").ljust(w) for v, w in zip(values, widths)).rstrip()

    out = [line(headers), line(["-" * w for w in widths])]
    out.extend(line(r) for r in cells)
    out.append(f"({len(cells)} row{'s' if len(cells) != 1 else ''})")
    return "\n".join(out)


def run(args: argparse.Namespace, settings: Settings) -> int:
    query = build_query(args.target, settings, args.limit, allow_cross_product=args.allow_cross_product)
    if args.show_query:
        print(query, file=sys.stderr)
    results = run_query(query, store=open_store(settings), timeout=args.timeout)
    if args.format == "json":
        sys.stdout.write(results_to_json(results))
    elif args.format == "csv":
        if results.boolean is not None:
            raise ProtoGraphError("an ASK query has no rows to write as CSV; use --format table or json")
        sys.stdout.write(results_to_csv(results))
    else:
        print(format_table(results))
    return 0

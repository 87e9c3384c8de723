"""The ``protograph`` command. Each subcommand lives in ``cli/commands/<name>.py``.

Shared flags (--ontology, --kg, --endpoint, --model, --data-dir) override the
environment, which overrides the defaults in :mod:`app.settings`.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from collections.abc import Sequence

from pydantic import ValidationError

from app.errors import USER_ERRORS
from app.settings import Settings

__all__ = ["build_parser", "main", "settings_from_args"]

COMMANDS = ("info", "index", "graph", "edit", "sparql", "run", "serve", "eval", "study")


def settings_from_args(args: argparse.Namespace) -> Settings:
    overrides: dict = {}
    if getattr(args, "ontology", None):
        overrides["ontology"] = args.ontology
        overrides["kg"] = []  # the default knowledge graph belongs to the default ontology
    if getattr(args, "endpoint", None):
        overrides["endpoint"] = args.endpoint
        if not getattr(args, "ontology", None):
            overrides["ontology"] = []  # read the schema from the endpoint too
        if not getattr(args, "kg", None):
            overrides["kg"] = []
    if getattr(args, "kg", None):
        overrides["kg"] = args.kg
    if getattr(args, "model", None):
        overrides["model_path"] = args.model
    if getattr(args, "data_dir", None):
        overrides["data_dir"] = args.data_dir
    return Settings(**overrides)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="protograph", description=__doc__.splitlines()[0])
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"cli.commands.{name}")
        except ModuleNotFoundError as error:
            if error.name and error.name.startswith("cli.commands"):
                continue  # a command not built yet stays out of the menu
            raise
        module.add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        settings = settings_from_args(args)
        return int(args.run(args, settings) or 0)
    except USER_ERRORS as error:
        print(f"protograph {args.command}: {_one_line(error)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"protograph {args.command}: interrupted", file=sys.stderr)
        return 130


def _one_line(error: Exception) -> str:
    if isinstance(error, ValidationError):
        return "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in error.errors())
    return str(error).strip().replace("\n", " ")


if __name__ == "__main__":
    sys.exit(main())

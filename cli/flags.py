"""Flags shared by the subcommands."""

from __future__ import annotations

import argparse

__all__ = ["add_source_flags"]


def add_source_flags(parser: argparse.ArgumentParser) -> None:
    """The flags that choose what is queried; every subcommand that touches data takes them."""
    parser.add_argument("--ontology", action="append", metavar="PATH", help="ontology file (repeatable; merged)")
    parser.add_argument("--kg", action="append", metavar="PATH", help="instance-data file (repeatable)")
    parser.add_argument("--endpoint", metavar="URL", help="remote SPARQL endpoint instead of the embedded store")
    parser.add_argument("--model", metavar="PATH", help="GGUF model file (default: packaged Gemma 3 270M)")
    parser.add_argument("--data-dir", metavar="DIR", help="cache and data directory")

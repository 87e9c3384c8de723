"""``protograph index``: build or refresh every cache, so the app starts warm."""

from __future__ import annotations

import argparse

from app.resources import Resources
from app.settings import Settings
from cli.flags import add_source_flags


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("index", help="build the ontology, store, statistics and embedding caches")
    add_source_flags(parser)
    parser.add_argument("--no-embeddings", action="store_true", help="skip the class/link embedding index")
    parser.add_argument("--no-models", action="store_true",
                        help="skip assembling and loading the language model and the embedder's weights")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, settings: Settings) -> int:
    resources = Resources(settings)
    timings = resources.warm(embeddings=not args.no_embeddings, models=() if args.no_models else ("embedder", "llm"))
    for name, seconds in timings.items():
        print(f"{name:<16} {seconds:7.2f} s")
    print(f"{'total':<16} {sum(timings.values()):7.2f} s   (cache: {settings.data_dir})")
    return 0

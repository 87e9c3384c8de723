"""``protograph index``: build or refresh every cache, so the app starts warm."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Collection

from ..resources import Resources
from ..settings import Settings


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    from ..cli import add_source_flags

    parser = subparsers.add_parser("index", help="build the ontology, store, statistics and embedding caches")
    add_source_flags(parser)
    parser.add_argument("--no-embeddings", action="store_true", help="skip the class/link embedding index")
    parser.add_argument("--no-models", action="store_true",
                        help="skip assembling and loading the language model and the embedder's weights")
    parser.set_defaults(run=run)


def build_caches(
    resources: Resources,
    *,
    embeddings: bool = True,
    models: Collection[str] = (),
    on_error: Callable[[str, Exception], None] | None = None,
) -> dict[str, float]:
    """Load each cached resource once; returns seconds per step.

    ``models`` names weights to load too, of ``"embedder"`` and ``"llm"``,
    as a server does before it takes questions. With
    ``on_error`` a failing step is reported to it and the others still load
    (the web app then shows the error when the resource is used).
    """
    steps: dict[str, Callable[[], object]] = {"ontology": lambda: resources.ontology}
    if resources.settings.kg or resources.settings.endpoint:
        steps["store"] = lambda: resources.store
        steps["instance_counts"] = lambda: resources.instance_counts
    if embeddings:
        steps["index"] = lambda: resources.index
    if "embedder" in models:
        steps["embedder"] = lambda: resources.embedder.model()
    if "llm" in models:
        steps["llm"] = lambda: resources.llm
    timings: dict[str, float] = {}
    for name, load in steps.items():
        start = time.perf_counter()
        try:
            load()
        except Exception as error:
            if on_error is None:
                raise
            on_error(name, error)
        timings[name] = time.perf_counter() - start
    return timings


def run(args: argparse.Namespace, settings: Settings) -> int:
    resources = Resources(settings)
    timings = build_caches(resources, embeddings=not args.no_embeddings, models=() if args.no_models else ("embedder", "llm"))
    for name, seconds in timings.items():
        print(f"{name:<16} {seconds:7.2f} s")
    print(f"{'total':<16} {sum(timings.values()):7.2f} s   (cache: {settings.data_dir})")
    return 0

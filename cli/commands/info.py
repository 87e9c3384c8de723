"""``protograph info``: what an ontology (and knowledge graph) holds."""

from __future__ import annotations

import argparse
import json

from app.resources import Resources
from app.settings import Settings
from cli.flags import add_source_flags


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("info", help="counts of classes, properties and instances")
    add_source_flags(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def collect_info(resources: Resources) -> dict:
    """Ontology counts, plus instance and triple counts where instance data exists."""
    settings = resources.settings
    info: dict = {"sources": list(resources.ontology.sources), **resources.ontology.stats()}
    if settings.kg or settings.endpoint:
        counts = resources.instance_counts
        info["instances"] = counts["instances"]
        info["triples"] = counts["triples"]
    return info


def run(args: argparse.Namespace, settings: Settings) -> int:
    info = collect_info(Resources(settings))
    if args.json:
        print(json.dumps(info, indent=2))
    else:
        width = max(len(k) for k in info)
        for key, value in info.items():
            shown = ", ".join(value) if isinstance(value, list) else f"{value:,}"
            print(f"{key.replace('_', ' '):<{width}}  {shown}")
    return 0

"""How often an unresolved name gets a right class when nothing narrows it (no link, no instance data).

Usage::

    python benchmarks/bench_name_types.py [--ontology PATH]

Two sets of names, each with the DBpedia class it belongs to:

- the named instances of the natural DBpedia set's dev split (``benchmarks/natural/dbpedia.jsonl``);
- ``benchmarks/name_types/own_names.jsonl``: 80 names of many kinds, written for this benchmark.

A name is typed as the draft types it with owl:Thing as its link's end: the gazetteer and the
name's head noun first (:mod:`app.nl.name_kinds`), then the model (:mod:`app.nl.name_types`).
An answer counts when it is the gold class, a kind of it, or a class above it (a person typed
"person" where the gold says "actor").
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.nl.name_kinds import known_kind  # noqa: E402
from app.nl.name_types import make_name_typer  # noqa: E402
from app.nl.pipeline import _nearest_class  # noqa: E402
from app.resources import get_resources  # noqa: E402
from app.settings import Settings  # noqa: E402
from ontology_loaders import OWL_THING  # noqa: E402


def dev_names(path: Path) -> list[tuple[str, str]]:
    """(name, class) of every instance the dev split's gold graphs pin, the name read from its IRI."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        if item.get("split") != "dev" or not item.get("graph"):
            continue
        for node in item["graph"]["nodes"]:
            for iri in node.get("instances", ()):
                name = urllib.parse.unquote(iri.rsplit("/", 1)[-1]).replace("_", " ").split(" (")[0]
                found.append((name, node["class"]))
    return list(dict.fromkeys(found))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ontology", type=Path, default=ROOT.parent / "shared" / "data" / "dbpedia" / "dbo.ttl")
    args = parser.parse_args()
    resources = get_resources(Settings(ontology=[args.ontology], kg=[]))
    ontology = resources.ontology
    nearest = _nearest_class(resources.index)
    own = [(row["name"], row["class"]) for row in map(json.loads, (ROOT / "benchmarks" / "name_types" /
                                                                  "own_names.jsonl").read_text().splitlines())]
    for title, names in (("natural dev names", dev_names(ROOT / "benchmarks" / "natural" / "dbpedia.jsonl")),
                         ("own names", own)):
        right = 0
        for name, gold in names:
            # one typer per name, as each question has its own (it asks about a few names only)
            typer = make_name_typer(lambda: resources.llm, ontology, nearest=nearest)
            typed = known_kind(name, OWL_THING, ontology) or typer(name, OWL_THING)
            right += bool(typed) and typed != OWL_THING and (ontology.is_subclass(typed, gold)
                                                            or ontology.is_subclass(gold, typed))
        print(f"{title}: {right} / {len(names)} typed right ({right / len(names):.0%})")


if __name__ == "__main__":
    main()

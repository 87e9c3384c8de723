"""Write the edit-instruction sets (``dbpedia.jsonl``, ``library.jsonl``) from the hand-written cases below.

Each case is a start graph, an instruction, and the gold edit as operations
written by hand; the gold graph stored in the file is the start graph after
those operations (checked by ``validate_graph``). Splits alternate dev/test in
the order the cases were written, before any tuning. Run from the project root::

    .venv/bin/python -m benchmarks.instructions.build_instructions
"""

from __future__ import annotations

import json
from pathlib import Path

from app.graph.instruct import (
    AddConstraint,
    AddLink,
    AddNode,
    ChangeClass,
    Operation,
    Remove,
    Select,
    apply_operations,
)
from app.graph.model import PrototypeGraph
from app.graph.validate import validate_graph
from benchmarks.instructions.cases import (
    DBPEDIA_CASES,
    LIBRARY_CASES,
    ONTOLOGIES,
    PREFIXES,
)
from ontology_loaders import RDFS_LABEL, load_ontology

HERE = Path(__file__).resolve().parent


def start_graph(spec: str, prefix: str) -> PrototypeGraph:
    """``"a_1:A b_1:B | a_1 link b_1; ..."`` → a graph (local names under ``prefix``)."""
    nodes_part, _, edges_part = spec.partition("|")
    nodes = [{"id": n.split(":")[0], "class": prefix + n.split(":")[1]} for n in nodes_part.split()]
    edges = []
    for edge in filter(None, (e.strip() for e in edges_part.split(";"))):
        source, link, target = edge.split()
        edges.append({"source": source, "link": prefix + link, "target": target})
    return PrototypeGraph.model_validate({"nodes": nodes, "edges": edges})


def gold_operations(ops: list[tuple], prefix: str) -> list[Operation]:
    found: list[Operation] = []
    for kind, *args in ops:
        if kind == "add":
            found.append(AddNode(id=args[0], class_=prefix + args[1]))
        elif kind == "link":
            found.append(AddLink(source=args[0], link=prefix + args[1], target=args[2]))
        elif kind == "require":
            prop = RDFS_LABEL if args[1] == "label" else prefix + args[1]
            found.append(AddConstraint(node=args[0], property=prop, operator=args[2], value=args[3]))
        elif kind == "class":
            found.append(ChangeClass(node=args[0], class_=prefix + args[1]))
        elif kind == "remove":
            found.append(Remove(node=args[0]) if len(args) == 1 else
                         Remove(source=args[0], link=prefix + args[1], target=args[2]))
        elif kind in ("select", "hide"):
            found.append(Select(node=args[0], select=kind == "select"))
        else:
            raise ValueError(f"unknown gold operation {kind!r}")
    return found


def build(name: str, cases: list[tuple]) -> list[dict]:
    ontology = load_ontology([ONTOLOGIES[name]])
    prefix = PREFIXES[name]
    records = []
    for number, (spec, instruction, ops, tags) in enumerate(cases, 1):
        start = start_graph(spec, prefix)
        gold = apply_operations(start, gold_operations(ops, prefix), ontology)
        problems = validate_graph(gold, ontology).messages()
        if problems:
            raise ValueError(f"{name}-{number:03d}: {problems}")
        records.append({"id": f"{name}-{number:03d}", "split": "dev" if number % 2 else "test",
                        "instruction": instruction, "graph": start.model_dump(mode="json"),
                        "gold": gold.model_dump(mode="json"), "tags": tags})
    return records


def main() -> None:
    for name, cases in (("dbpedia", DBPEDIA_CASES), ("library", LIBRARY_CASES)):
        records = build(name, cases)
        text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
        (HERE / f"{name}.jsonl").write_text(text, encoding="utf-8")
        print(f"{name}.jsonl: {len(records)} instructions")


if __name__ == "__main__":
    main()

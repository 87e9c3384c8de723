"""Load and index an ontology cold (empty cache) and warm (from cache), each in a fresh process.

    python -m benchmarks.bench_index --ontology ../shared/data/dbpedia/dbo.ttl

Cold includes parsing, loading the embedder and embedding every class and
link (attributes are embedded on first use); warm reads the cached ontology
JSON and vectors and needs no model. Loading the embedder's weights for
questions is printed apart (in a cold run it is already part of the index). Each figure is
wall time of the whole step inside a new Python process; interpreter start-up
and imports are printed apart.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = r"""
import json, sys, time
start = time.perf_counter()
from app.resources import Resources
from app.settings import Settings
imports = time.perf_counter() - start
settings = Settings(ontology=json.loads(sys.argv[1]), kg=[], data_dir=sys.argv[2])
resources = Resources(settings)
timings = resources.warm(embeddings=True)
start = time.perf_counter()
resources.embedder.model()
timings["embedder_weights"] = time.perf_counter() - start
print(json.dumps({"imports": imports, **timings, "stats": resources.ontology.stats()}))
"""


def run_once(ontology: list[str], data_dir: str) -> dict:
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", CHILD, json.dumps(ontology), data_dir],
                         check=True, capture_output=True, text=True).stdout
    result = json.loads(out.strip().splitlines()[-1])
    result["process_total"] = time.perf_counter() - started
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ontology", action="append", default=None)
    args = parser.parse_args()
    ontology = [str(Path(p).resolve()) for p in (args.ontology or ["../shared/data/dbpedia/dbo.ttl"])]
    with tempfile.TemporaryDirectory() as data_dir:
        for phase in ("cold", "warm"):
            r = run_once(ontology, data_dir)
            steps = r["ontology"] + r["index"]
            print(f"{phase}: ontology {r['ontology']:.2f} s, index {r['index']:.2f} s -> load+index {steps:.2f} s; "
                  f"embedder weights loaded apart {r['embedder_weights']:.2f} s "
                  f"(imports {r['imports']:.2f} s, whole process {r['process_total']:.2f} s)")
        print(f"ontology: {r['stats']}")


if __name__ == "__main__":
    main()

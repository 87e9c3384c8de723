"""Every benchmark of docs/benchmarks.md, one after another (``make bench``)."""

from __future__ import annotations

import subprocess
import sys

BENCHMARKS = (
    ["-m", "benchmarks.bench_index"],
    ["-m", "benchmarks.bench_sparql"],
    ["-m", "benchmarks.bench_results"],
    ["benchmarks/bench_pipeline.py"],
    ["-m", "benchmarks.bench_ui"],
    ["-m", "benchmarks.bench_load"],
)


def main() -> int:
    failed = 0
    for args in BENCHMARKS:
        print(f"\n$ python {' '.join(args)}", flush=True)
        failed += subprocess.run([sys.executable, *args]).returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

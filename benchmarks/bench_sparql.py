"""SPARQL layer speed: compile time, embedded execution time, and pyoxigraph vs rdflib's engine.

Run: ``python -m benchmarks.bench_sparql [--rdflib-timeout 60] [--repeat 50]``

Targets (issue 5): compiling a 5-node graph ≤ 1 ms; each sample question on the
embedded store ≤ 50 ms. rdflib runs in a child process so that a slow query can
be stopped at the timeout.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.graph.model import PrototypeGraph  # noqa: E402
from app.query.compile import compile_sparql  # noqa: E402
from app.query.embedded import EmbeddedStore  # noqa: E402
from benchmarks.sample import GRAPHS, QUESTIONS, SAMPLE_KG, median_ms  # noqa: E402


def _rdflib_worker(query: str, path: str, out) -> None:
    import rdflib

    graph = rdflib.Graph()
    graph.parse(path)
    start = time.perf_counter()
    rows = len(list(graph.query(query)))
    out.put(((time.perf_counter() - start) * 1000, rows))


def _rdflib_ms(query: str, timeout: float) -> tuple[float, int] | None:
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    process = context.Process(target=_rdflib_worker, args=(query, str(SAMPLE_KG), out), daemon=True)
    process.start()
    process.join(timeout + 30)  # + time to parse the data file
    if process.is_alive():
        process.terminate()
        process.join()
        return None
    return out.get() if not out.empty() else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--rdflib-timeout", type=float, default=60.0)
    parser.add_argument("--no-rdflib", action="store_true")
    args = parser.parse_args(argv)

    five = PrototypeGraph.model_validate_json((GRAPHS / "d_tv_theme_composers.json").read_text())
    assert len(five.nodes) == 5
    compile_ms = median_ms(lambda: compile_sparql(five), args.repeat * 20)
    print(f"compile 5-node graph (d_tv_theme_composers): {compile_ms:.3f} ms median (target ≤ 1 ms)")

    started = time.perf_counter()
    store = EmbeddedStore([SAMPLE_KG])
    print(f"load sample KG into an in-memory store: {(time.perf_counter() - started) * 1000:.0f} ms, {len(store)} triples")
    print(f"{'question':32} {'rows':>5} {'pyoxigraph ms':>14} {'rdflib ms':>11} {'ratio':>8}")
    for name in QUESTIONS:
        query = compile_sparql(PrototypeGraph.model_validate_json((GRAPHS / f"{name}.json").read_text()))
        rows = len(store.select(query))
        oxi_ms = median_ms(lambda q=query: store.select(q), args.repeat)
        if args.no_rdflib:
            rdf_text, ratio = "skipped", ""
        else:
            measured = _rdflib_ms(query, args.rdflib_timeout)
            if measured is None:
                rdf_text, ratio = f">{args.rdflib_timeout:.0f}s", "n/a"
            else:
                rdf_ms, rdf_rows = measured
                rdf_text = f"{rdf_ms:.1f}"
                ratio = f"{rdf_ms / oxi_ms:.0f}x" + ("" if rdf_rows == rows else f" ({rdf_rows} rows!)")
        print(f"{name:32} {rows:>5} {oxi_ms:>14.2f} {rdf_text:>11} {ratio:>8}")
    print("targets: each question ≤ 50 ms on the embedded store (median of "
          f"{args.repeat} runs, including the worker thread and JSON conversion)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

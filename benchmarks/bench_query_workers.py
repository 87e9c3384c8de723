"""Query workers (issue 14): the cost of running embedded queries in killable worker processes.

Run: ``python -m benchmarks.bench_query_workers [--repeat 50] [--chain 300] [--timeout 5]``

Measures, on the DBpedia-style sample persisted in a temporary directory: the first
query (starting a worker), a warm query through a worker against the same query in a
thread (the old way), the query check, and how long a 300-pattern chain (minutes of
pyoxigraph planning) takes to report its timeout.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.errors import QueryTimeout
from app.query import check
from app.query.embedded import EmbeddedStore
from app.query.run import run_query
from benchmarks.sample import GRAPHS, QUESTIONS, SAMPLE_KG, median_ms  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--chain", type=int, default=300, help="patterns of the chain query that times out")
    parser.add_argument("--timeout", type=float, default=5.0, help="its time limit, in seconds")
    args = parser.parse_args(argv)
    queries = {name: (GRAPHS / f"{name}.rq").read_text() for name in QUESTIONS}
    with tempfile.TemporaryDirectory() as tmp:
        pooled = EmbeddedStore([SAMPLE_KG], directory=Path(tmp) / "store", workers=2)
        # The same persisted store answering in a thread, as before: the difference is the workers' cost.
        threaded = EmbeddedStore([SAMPLE_KG], directory=Path(tmp) / "store", workers=0)
        start = time.perf_counter()
        pooled.select(queries[QUESTIONS[0]])
        print(f"first query, starting a worker: {(time.perf_counter() - start) * 1000:.0f} ms")
        print(f"{'question':40} {'worker ms':>10} {'thread ms':>10} {'check ms':>9}")
        for name, query in queries.items():
            worker = median_ms(lambda q=query: pooled.select(q), args.repeat)
            thread = median_ms(lambda q=query: threaded.select(q), args.repeat)
            parse = median_ms(lambda q=query: (check._PARSED.clear(), check.check_query(q)), max(5, args.repeat // 5))
            print(f"{name:40} {worker:10.1f} {thread:10.1f} {parse:9.1f}")
        # Shaped like a compiled chain graph: a type, an edge and an optional label per node.
        chain = " ".join(f"?n{i} a <http://dbpedia.org/ontology/Work> . ?n{i} <http://dbpedia.org/ontology/author> "
                         f"?n{i + 1} . OPTIONAL {{ ?n{i} <http://www.w3.org/2000/01/rdf-schema#label> ?l{i} }}"
                         for i in range(args.chain))
        start = time.perf_counter()
        try:
            run_query(f"SELECT * WHERE {{ {chain} }}", store=pooled, timeout=args.timeout)
            outcome = "answered"
        except QueryTimeout as error:
            outcome = str(error)
        print(f"{args.chain}-pattern chain: {outcome}, after {time.perf_counter() - start:.1f} s")
        start = time.perf_counter()
        pooled.select(queries[QUESTIONS[0]])
        print(f"next query, replacing the killed worker: {(time.perf_counter() - start) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

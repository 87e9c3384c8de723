"""Results panel speed: one page of rows plus the count of all rows, as the table fetches them.

Run: ``python -m benchmarks.bench_results [--repeat 20] [--page-size 25]``

Target (issue 13): a page and its total ≤ 300 ms on the sample KG, for the first
page and for a page past the old 100-row cut. Graphs: the sample questions and a
single Person node (every person, 269 rows), on the embedded store.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.graph.model import PrototypeGraph
from app.query.embedded import EmbeddedStore
from app.query.run import run_page
from benchmarks.sample import GRAPHS, SAMPLE_KG, median_ms  # noqa: E402
from benchmarks.sample import QUESTIONS as SAMPLE_QUESTIONS

QUESTIONS = (*SAMPLE_QUESTIONS, "e_count_works_per_player")
TARGET_MS = 300.0


def _graphs() -> dict[str, PrototypeGraph]:
    graphs = {name: PrototypeGraph.model_validate_json((GRAPHS / f"{name}.json").read_text()) for name in QUESTIONS}
    graphs["every_person"] = PrototypeGraph.model_validate(
        {"nodes": [{"id": "person_1", "class": "http://dbpedia.org/ontology/Person"}]})
    return graphs



def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--page-size", type=int, default=25)
    args = parser.parse_args(argv)
    store = EmbeddedStore([SAMPLE_KG])
    worst = 0.0
    print(f"{'graph':34} {'page':>4} {'rows':>5} {'total':>6} {'median ms':>10}")
    for name, graph in _graphs().items():
        for page in (0, 4):
            result = run_page(graph, store=store, page=page, page_size=args.page_size, total=True)
            if page and not result.results.bindings:
                continue  # fewer rows than a fifth page
            def fetch(graph: PrototypeGraph = graph, page: int = page) -> None:
                run_page(graph, store=store, page=page, page_size=args.page_size, total=True)

            ms = median_ms(fetch, args.repeat)
            worst = max(worst, ms)
            print(f"{name:34} {page:>4} {len(result.results.bindings):>5} {result.total:>6} {ms:>10.1f}")
    verdict = "ok" if worst <= TARGET_MS else "SLOW"
    print(f"worst page + total: {worst:.1f} ms (target ≤ {TARGET_MS:.0f} ms): {verdict}")
    return 0 if worst <= TARGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())

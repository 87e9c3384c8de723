"""What the speed benchmarks share: the sample knowledge graph, its golden question graphs, and a median timer."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GRAPHS = ROOT / "tests" / "fixtures" / "graphs"
SAMPLE_KG = ROOT / "sample_ontologies" / "dbpedia_sample" / "data.ttl"
# The foundation issue's four questions, whose graphs and queries are golden fixtures.
QUESTIONS = ("a_works_by_ice_hockey_players", "b_authors_with_gold_medals",
             "c_ships_home_ports_in_the_us", "d_tv_theme_composers")


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    """The median wall time of ``repeat`` calls of ``fn``, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)

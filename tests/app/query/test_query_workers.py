"""Embedded queries in worker processes: killed at the deadline, capped in number, planned inside the deadline."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from app.errors import QuerySyntaxError, QueryTimeout
from app.query.embedded import EmbeddedStore
from app.query.run import run_query

COUNT = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
# 400³ combinations: minutes of work for one aggregate step that yields no row before the end.
SLOW = ("SELECT (COUNT(*) AS ?n) WHERE { ?a <http://e.org/p> ?x . ?b <http://e.org/p> ?y . "
        "?c <http://e.org/p> ?z FILTER(?x + ?y > ?z) }")


def _persisted(tmp_path: Path, workers: int, typed: str = "") -> EmbeddedStore:
    data = tmp_path / "kg.ttl"
    data.write_text("".join(f"<http://e.org/{i}> <http://e.org/p> {i} {typed}.\n" for i in range(400)))
    return EmbeddedStore([data], directory=tmp_path / "store", workers=workers)


def _gone(pid: int, store: EmbeddedStore) -> bool:
    return pid not in store.worker_pids() and not Path(f"/proc/{pid}").exists()


def _count(results) -> int:
    return int(results.bindings[0]["n"]["value"])


def _spare(store: EmbeddedStore) -> list[int]:
    """The worker started in the background after a kill (a bound against hangs, not a timing assertion)."""
    for _ in range(3000):
        if store.worker_pids():
            break
        time.sleep(0.01)
    return store.worker_pids()


def _chain(length: int) -> str:
    return " . ".join(f"?n{i} <http://e.org/p> ?n{i + 1}" for i in range(length))


def test_a_timed_out_query_is_killed_with_its_worker(tmp_path):
    store = _persisted(tmp_path, workers=1)
    assert _count(store.select(COUNT)) == 400
    (pid,) = store.worker_pids()  # warm, and reused by the next query
    with pytest.raises(QueryTimeout, match=r"stopped after 0\.5 s"):
        store.select(SLOW, timeout=0.5)
    assert _gone(pid, store)  # no core keeps working on it
    spare = _spare(store)
    assert _count(store.select(COUNT)) == 400  # and answers the next query
    assert store.worker_pids() == spare and len(spare) == 1 and pid not in spare


def test_queries_beyond_the_workers_wait_within_their_own_deadline(tmp_path):
    store = _persisted(tmp_path, workers=1)
    outcome: list[Exception] = []

    def slow() -> None:
        try:
            store.select(SLOW, timeout=3)
        except QueryTimeout as error:
            outcome.append(error)

    runner = threading.Thread(target=slow)
    runner.start()
    while not store.worker_pids() and runner.is_alive():  # the slow query holds the only slot once its worker exists
        time.sleep(0.01)
    (busy,) = store.worker_pids()
    with pytest.raises(QueryTimeout, match="busy with 1 other query"):
        store.select(COUNT, timeout=0.2)
    runner.join()
    assert len(outcome) == 1 and _gone(busy, store)


def test_planning_runs_inside_the_deadline(tmp_path):
    """A 1,500-pattern chain takes pyoxigraph minutes to plan; the whole run stops at the deadline."""
    store = _persisted(tmp_path, workers=1)
    # The objects are literals, never subjects: a chain has no rows to find, so its time is all planning.
    # Parsing it takes milliseconds; planning grows about with the cube of the length (1.4 s at 300 patterns,
    # 39 s at 1,000 on a 2-core machine), so 1,500 take over a hundred times the deadline.
    assert store.select(f"SELECT * WHERE {{ {_chain(2)} }}").bindings == []
    (pid,) = store.worker_pids()
    with pytest.raises(QueryTimeout, match=r"stopped after 1 s"):
        run_query(f"SELECT * WHERE {{ {_chain(1500)} }}", store=store, timeout=1)
    assert _gone(pid, store)
    spare = _spare(store)
    assert _count(store.select(COUNT)) == 400 and store.worker_pids() == spare and pid not in spare


def test_an_in_memory_store_with_workers_answers_from_a_copy(sample_store):
    copy = EmbeddedStore(sample_store.files, workers=1)
    query = "SELECT ?s WHERE { ?s a <http://dbpedia.org/ontology/Person> } ORDER BY ?s LIMIT 5"
    assert copy.select(query) == sample_store.select(query) and len(copy.worker_pids()) == 1
    assert copy.ask("ASK { ?s a <http://dbpedia.org/ontology/Person> }") is True
    assert copy.construct("CONSTRUCT { ?s a ?c } WHERE { ?s a ?c } LIMIT 1").count(" .\n") == 1


def test_worker_syntax_errors_are_typed(tmp_path):
    store = _persisted(tmp_path, workers=1)
    # Too many triples in one group for the check's parser: pyoxigraph in the worker finds the error.
    broken = f"SELECT * WHERE {{ {_chain(120)} . ?x }}"
    with pytest.raises(QuerySyntaxError, match="SPARQL syntax error"):
        store.select(broken)
    assert _count(store.select(COUNT)) == 400  # the worker survives a bad query


def test_a_timeout_says_what_to_link_or_constrain(tmp_path):
    store = _persisted(tmp_path, workers=1, typed="; a <http://e.org/C> ")
    four = " ".join(f"?{v} a <http://e.org/C> ." for v in "abcd")  # the aggregate over four unlinked nodes
    with pytest.raises(QueryTimeout) as caught:
        run_query(f"SELECT (COUNT(DISTINCT ?a) AS ?n) WHERE {{ {four} }}", store=store, timeout=0.5)
    assert str(caught.value) == ("stopped after 0.5 s on the embedded store (kg.ttl); "
                                 "add a link between a and b and c and d, or a constraint on a, b, c or d")

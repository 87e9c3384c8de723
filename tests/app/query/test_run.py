"""Choosing the engine, and running queries and pages of a graph's results."""

from __future__ import annotations

import pytest

from app.errors import QuerySyntaxError
from app.graph.model import PrototypeGraph
from app.query.compile import compile_sparql
from app.query.counts import instance_counts
from app.query.embedded import EmbeddedStore, content_hash
from app.query.remote import RemoteEndpoint
from app.query.run import count_rows, open_store, run_page, run_query
from app.settings import Settings

QUESTIONS = ("a_works_by_ice_hockey_players", "b_authors_with_gold_medals",
             "c_ships_home_ports_in_the_us", "d_tv_theme_composers")
OK_JSON = {"head": {"vars": ["s"]}, "results": {"bindings": [{"s": {"type": "uri", "value": "http://e.org/a"}}]}}


@pytest.mark.parametrize("name", QUESTIONS)
def test_the_four_sample_questions_return_rows_on_the_embedded_store(sample_store, golden_query, name):
    results = run_query(golden_query(name), store=sample_store)
    assert len(results) >= 3
    assert all(b[v]["type"] == "uri" for b in results.bindings for v in b if not v.endswith("_label"))


@pytest.mark.parametrize("update", [
    "DROP ALL", "INSERT DATA { <http://e.org/a> <http://e.org/b> <http://e.org/c> }",
    "PREFIX x: <http://e.org/> DELETE WHERE { ?s ?p ?o }", "CLEAR DEFAULT", "LOAD <http://e.org/x.ttl>",
])
def test_updates_are_refused_before_sending(update, scripted_server):
    server, url = scripted_server((200, OK_JSON))
    for store in (EmbeddedStore(), RemoteEndpoint(url)):
        with pytest.raises(QuerySyntaxError, match="refused|syntax"):
            run_query(update, store=store)
    assert server.requests == []


def test_store_is_persisted_and_reused(tmp_path, mini_kg_path):
    settings = Settings(kg=[mini_kg_path], data_dir=tmp_path, endpoint=None)
    first = open_store(settings)
    directory = first.directory
    assert directory == tmp_path / "store" / content_hash([mini_kg_path])
    n = len(first)
    counts = instance_counts(first)
    assert first.counts_path.exists() and counts["triples"] == n
    del first
    marker = directory / "protograph-loaded.json"
    loaded_at = marker.stat().st_mtime_ns
    second = open_store(settings)
    assert len(second) == n and marker.stat().st_mtime_ns == loaded_at  # not loaded again
    assert instance_counts(second) == counts


def test_open_store_picks_the_remote_endpoint(tmp_path):
    store = open_store(Settings(endpoint="http://127.0.0.1:9/sparql", kg=[], data_dir=tmp_path))
    assert isinstance(store, RemoteEndpoint) and store.timeout == 30.0


def test_missing_kg_file_is_a_clear_error(tmp_path):
    with pytest.raises(Exception, match="not found"):
        open_store(Settings(kg=[tmp_path / "nope.ttl"], data_dir=tmp_path, endpoint=None))


def test_paging_walks_through_all_rows_once(rows_of, sample_store, golden_graph):
    graph = golden_graph("a_works_by_ice_hockey_players")
    everything = rows_of(sample_store.select(compile_sparql(graph, limit=None)))
    seen, page = [], 0
    while True:
        result = run_page(graph, store=sample_store, page=page, page_size=7)
        seen.extend(rows_of(result.results))
        if not result.has_more:
            break
        page += 1
    assert sorted(seen) == everything and page == (len(everything) - 1) // 7


def test_pages_stay_inside_the_graphs_own_limit_and_offset(rows_of, sample_store, golden_graph):
    graph = golden_graph("a_works_by_ice_hockey_players")
    everything = rows_of(sample_store.select(compile_sparql(graph.model_copy(update={"order_by": ()}), limit=None)))
    framed = graph.model_copy(update={"limit": 5, "offset": 2})
    first = run_page(framed, store=sample_store, page=0, page_size=3, total=True)
    second = run_page(framed, store=sample_store, page=1, page_size=3, total=True)
    assert (len(first.results), first.has_more, len(second.results), second.has_more) == (3, True, 2, False)
    assert first.total == second.total == min(5, len(everything) - 2)
    assert run_page(framed, store=sample_store, page=2, page_size=3).results.bindings == []


def test_the_total_counts_every_row_not_just_the_page(sample_store):
    person = PrototypeGraph.model_validate({"nodes": [{"id": "p", "class": "http://dbpedia.org/ontology/Person"}]})
    expected = len(sample_store.select(compile_sparql(person, limit=None)))
    page = run_page(person, store=sample_store, page=4, page_size=25, total=True)
    assert expected > 100 and page.total == count_rows(person, store=sample_store) == expected
    assert (page.first_row, page.last_row) == (101, 125)
    assert run_page(person, store=sample_store, page=0, page_size=25).total is None  # only when asked

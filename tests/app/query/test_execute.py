"""Execution on the embedded pyoxigraph store and on real HTTP servers on 127.0.0.1."""

from __future__ import annotations

import time

import pytest

from app.errors import EndpointHTTPError, EndpointUnreachable, QuerySyntaxError, QueryTimeout
from app.query.execute import (
    EmbeddedStore,
    KnowledgeGraph,
    RemoteEndpoint,
    check_query,
    content_hash,
    instance_counts,
    open_store,
    run_page,
    run_query,
)
from app.settings import Settings
from app.query.compile import compile_sparql

QUESTIONS = ("a_works_by_ice_hockey_players", "b_authors_with_gold_medals",
             "c_ships_home_ports_in_the_us", "d_tv_theme_composers")
ROWS_QUERY = "SELECT ?s WHERE { ?s a <http://dbpedia.org/ontology/Ship> } LIMIT 3"
OK_JSON = {"head": {"vars": ["s"]}, "results": {"bindings": [{"s": {"type": "uri", "value": "http://e.org/a"}}]}}


def rows(results) -> list[tuple]:
    return sorted(tuple(sorted((k, v["value"]) for k, v in b.items())) for b in results.bindings)


@pytest.mark.parametrize("name", QUESTIONS)
def test_the_four_sample_questions_return_rows_on_the_embedded_store(sample_store, golden_query, name):
    results = run_query(golden_query(name), store=sample_store)
    assert len(results) >= 3
    assert all(b[v]["type"] == "uri" for b in results.bindings for v in b if not v.endswith("_label"))


@pytest.mark.slow
@pytest.mark.parametrize("name", QUESTIONS)
def test_the_remote_oxigraph_server_gives_the_same_rows(sample_store, sample_endpoint, golden_query, name):
    query = golden_query(name)
    remote = RemoteEndpoint(sample_endpoint, timeout=10)
    assert rows(remote.select(query)) == rows(sample_store.select(query))
    post = RemoteEndpoint(sample_endpoint, timeout=10, method="POST")
    assert rows(post.select(query)) == rows(sample_store.select(query))


@pytest.mark.slow
def test_remote_ask_and_syntax_error(sample_endpoint):
    remote = RemoteEndpoint(sample_endpoint, timeout=10)
    assert remote.ask("ASK { ?s a <http://dbpedia.org/ontology/Ship> }") is True
    assert run_query("ASK { ?s a <http://e.org/Nothing> }", store=remote).boolean is False
    with pytest.raises(QuerySyntaxError):
        remote.select("SELECT ?s WHERE { ?s ?p }")


def test_both_engines_satisfy_the_interface(sample_store):
    assert isinstance(sample_store, KnowledgeGraph)
    assert isinstance(RemoteEndpoint("http://127.0.0.1:1/sparql"), KnowledgeGraph)


def test_hanging_server_times_out_within_the_limit(hanging_url):
    remote = RemoteEndpoint(hanging_url, timeout=1.0)
    started = time.monotonic()
    with pytest.raises(QueryTimeout, match="within 1 s"):
        remote.select(ROWS_QUERY)
    assert time.monotonic() - started < 5  # one timeout, not one per retry


def test_server_error_500_is_reported_with_its_status(scripted_server):
    server, url = scripted_server((500, b"boom: out of memory"))
    with pytest.raises(EndpointHTTPError) as caught:
        RemoteEndpoint(url, timeout=5).select(ROWS_QUERY)
    assert caught.value.status == 500 and "boom" in str(caught.value)
    assert len(server.requests) == 1  # 500 is not transient: no retry


def test_transient_503_is_retried_then_succeeds(scripted_server):
    server, url = scripted_server((503, b"busy"), (503, b"busy"), (200, OK_JSON))
    results = RemoteEndpoint(url, timeout=5, retries=2, backoff=0.01).select(ROWS_QUERY)
    assert results.bindings[0]["s"]["value"] == "http://e.org/a" and len(server.requests) == 3


def test_retries_are_bounded(scripted_server):
    server, url = scripted_server((502, b"bad gateway"))
    with pytest.raises(EndpointHTTPError) as caught:
        RemoteEndpoint(url, timeout=5, retries=2, backoff=0.01).select(ROWS_QUERY)
    assert caught.value.status == 502 and len(server.requests) == 3


def test_auth_header_and_method_are_sent(scripted_server):
    server, url = scripted_server((200, OK_JSON))
    RemoteEndpoint(url, auth_header="Bearer s3cret", method="POST").select(ROWS_QUERY)
    request = server.requests[0]
    assert request["method"] == "POST" and request["headers"]["Authorization"] == "Bearer s3cret"
    assert b"query=" in request["body"]


def test_closed_port_is_unreachable(closed_port_url):
    with pytest.raises(EndpointUnreachable, match="cannot reach"):
        RemoteEndpoint(closed_port_url, timeout=2).select(ROWS_QUERY)


def test_non_json_answer_is_a_clear_error(scripted_server):
    _, url = scripted_server((200, b"<html>not sparql</html>"))
    with pytest.raises(Exception, match="did not answer in SPARQL JSON"):
        RemoteEndpoint(url).select(ROWS_QUERY)


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


def test_syntax_errors_are_typed(sample_store):
    with pytest.raises(QuerySyntaxError, match="SPARQL syntax error"):
        sample_store.select("SELECT ?s WHERE { ?s ?p }")
    assert check_query("DESCRIBE <http://e.org/a>").value == "DESCRIBE"


def test_embedded_query_is_bounded_by_a_deadline():
    store = EmbeddedStore(data="".join(f"<http://e.org/{i}> <http://e.org/p> {i} .\n" for i in range(400)))
    slow = ("SELECT (COUNT(*) AS ?n) WHERE { ?a <http://e.org/p> ?x . ?b <http://e.org/p> ?y . "
            "?c <http://e.org/p> ?z FILTER(?x + ?y > ?z) }")
    with pytest.raises(QueryTimeout, match="longer than 0.2 s"):
        store.select(slow, timeout=0.2)


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


def test_changed_files_get_a_new_store(tmp_path, mini_kg_path):
    copy = tmp_path / "kg.ttl"
    copy.write_bytes(mini_kg_path.read_bytes())
    before = content_hash([copy])
    copy.write_bytes(copy.read_bytes() + b"\n<http://e.org/x> a <http://e.org/Y> .\n")
    assert content_hash([copy]) != before


def test_open_store_picks_the_remote_endpoint(tmp_path):
    store = open_store(Settings(endpoint="http://127.0.0.1:9/sparql", kg=[], data_dir=tmp_path))
    assert isinstance(store, RemoteEndpoint) and store.timeout == 30.0


def test_missing_kg_file_is_a_clear_error(tmp_path):
    with pytest.raises(Exception, match="not found"):
        open_store(Settings(kg=[tmp_path / "nope.ttl"], data_dir=tmp_path, endpoint=None))


def test_instance_counts_on_the_sample(sample_store):
    counts = instance_counts(sample_store)
    assert counts["classes"]["http://dbpedia.org/ontology/Person"] >= 100
    assert counts["links"]["http://dbpedia.org/ontology/author"] >= 3
    assert counts["instances"] >= 500 and counts["triples"] > counts["instances"]


def test_paging_walks_through_all_rows_once(sample_store, golden_graph):
    graph = golden_graph("a_works_by_ice_hockey_players")
    everything = rows(sample_store.select(compile_sparql(graph, limit=None)))
    seen, page = [], 0
    while True:
        result = run_page(graph, store=sample_store, page=page, page_size=7)
        seen.extend(rows(result.results))
        if not result.has_more:
            break
        page += 1
    assert sorted(seen) == everything and page == (len(everything) - 1) // 7

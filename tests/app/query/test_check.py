"""The query check: read-only, no SERVICE, valid SPARQL; it parses and never evaluates."""

from __future__ import annotations

import pytest

from app.errors import QuerySyntaxError
from app.query.check import MAX_QUERY_CHARS, check_query
from app.query.embedded import EmbeddedStore
from app.query.remote import RemoteEndpoint
from app.query.run import run_query

OK_JSON = {"head": {"vars": ["s"]}, "results": {"bindings": []}}


@pytest.mark.parametrize("query", [
    "SELECT * WHERE { SERVICE <{url}> {{ ?s ?p ?o }} }",
    "select * where {{ ?a ?b ?c . service silent <{url}> {{ ?s ?p ?o }} }}",
    "ASK {{ SERVICE <{url}> {{ ?s ?p ?o }} }}",
    "PREFIX x: <http://e.org/> SELECT * WHERE {{ OPTIONAL {{ SERVICE ?endpoint {{ ?s x:p ?o }} }} }}",
    "SELECT * WHERE {{ \\u0053ERVICE <{url}> {{ ?s ?p ?o }} }}",  # engines may expand \u escapes anywhere
])
def test_service_is_refused_and_never_called(query, scripted_server):
    server, url = scripted_server((200, OK_JSON))
    query = query.replace("{url}", url).replace("{{", "{").replace("}}", "}")
    for store in (EmbeddedStore(), EmbeddedStore(workers=1), RemoteEndpoint(url)):
        with pytest.raises(QuerySyntaxError, match="SERVICE is refused"):
            run_query(query, store=store)
    assert server.requests == []


@pytest.mark.parametrize("query", [
    "SELECT ?service WHERE { ?service <http://e.org/service> ?o }",
    "PREFIX ex: <http://e.org/> SELECT * WHERE { ?s ex:service ?o FILTER(?o != \"SERVICE\"@en) } # SERVICE",
    "PREFIX : <http://e.org/> ASK { :service :SERVICE _:service }",
])
def test_the_word_service_elsewhere_is_fine(query):
    assert check_query(query).value in ("SELECT", "ASK")


@pytest.mark.parametrize("query", ["SELECT ?s WHERE { ?s ?p }", "SELECT * WHERE { ?s ?p ?o } LIMT 3", "FOO BAR"])
def test_invalid_sparql_is_a_syntax_error(query):
    with pytest.raises(QuerySyntaxError, match="SPARQL syntax error"):
        check_query(query)


def test_a_checked_ask_is_not_evaluated(closed_port_url):
    """Checking used to evaluate an ASK on a local store; a failing SERVICE then surfaced as a traceback."""
    with pytest.raises(QuerySyntaxError, match="SERVICE is refused"):
        check_query(f"ASK {{ SERVICE <{closed_port_url}> {{ ?s ?p ?o }} }}")
    assert check_query("ASK { ?s ?p ?o FILTER(?o > 1) }").value == "ASK"


def test_a_huge_query_is_refused_at_once():
    with pytest.raises(QuerySyntaxError, match="too long"):
        check_query("SELECT * WHERE { ?s ?p ?o }" + " " * MAX_QUERY_CHARS)

"""The embedded pyoxigraph engine: the interface, typed errors, deadlines, content hashes."""

from __future__ import annotations

import pytest

from app.errors import QuerySyntaxError, QueryTimeout
from app.query.check import check_query
from app.query.embedded import EmbeddedStore, content_hash
from app.query.engine import KnowledgeGraph
from app.query.remote import RemoteEndpoint


def test_both_engines_satisfy_the_interface(sample_store):
    assert isinstance(sample_store, KnowledgeGraph)
    assert isinstance(RemoteEndpoint("http://127.0.0.1:1/sparql"), KnowledgeGraph)


def test_syntax_errors_are_typed(sample_store):
    with pytest.raises(QuerySyntaxError, match="SPARQL syntax error"):
        sample_store.select("SELECT ?s WHERE { ?s ?p }")
    assert check_query("DESCRIBE <http://e.org/a>").value == "DESCRIBE"


def test_embedded_query_is_bounded_by_a_deadline():
    # With a worker, so that the query is killed rather than left running in this process.
    store = EmbeddedStore(data="".join(f"<http://e.org/{i}> <http://e.org/p> {i} .\n" for i in range(400)), workers=1)
    slow = ("SELECT (COUNT(*) AS ?n) WHERE { ?a <http://e.org/p> ?x . ?b <http://e.org/p> ?y . "
            "?c <http://e.org/p> ?z FILTER(?x + ?y > ?z) }")
    with pytest.raises(QueryTimeout, match="stopped after 0.2 s"):
        store.select(slow, timeout=0.2)


def test_changed_files_get_a_new_store(tmp_path, mini_kg_path):
    copy = tmp_path / "kg.ttl"
    copy.write_bytes(mini_kg_path.read_bytes())
    before = content_hash([copy])
    copy.write_bytes(copy.read_bytes() + b"\n<http://e.org/x> a <http://e.org/Y> .\n")
    assert content_hash([copy]) != before

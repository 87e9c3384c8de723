"""Instance counts per class and link."""

from __future__ import annotations

import json

import pytest

from app.errors import QueryError, QueryTimeout
from app.query.counts import COUNTS_TIMEOUT_S, instance_counts
from app.query.embedded import EmbeddedStore
from app.query.engine import DEFAULT_TIMEOUT
from app.query.remote import RemoteEndpoint


def test_instance_counts_on_the_sample(sample_store):
    counts = instance_counts(sample_store)
    assert counts["classes"]["http://dbpedia.org/ontology/Person"] >= 100
    assert counts["links"]["http://dbpedia.org/ontology/author"] >= 3
    assert counts["instances"] >= 500 and counts["triples"] > counts["instances"]


def test_answers_with_other_variables_are_a_query_error_and_remembered(scripted_server):
    """Valid SPARQL JSON without ?n used to raise KeyError (HTTP 500, a status stuck at "Loading…")."""
    odd = {"head": {"vars": ["x"]}, "results": {"bindings": [{"x": {"type": "literal", "value": "1"}}]}}
    server, url = scripted_server((200, odd))
    with pytest.raises(QueryError, match=r"without a number \?n"):
        instance_counts(RemoteEndpoint(url))
    asked = len(server.requests)
    # Every keystroke of the class search asks again: within the retry time it fails at once.
    with pytest.raises(QueryError, match=r"without a number \?n"):
        instance_counts(RemoteEndpoint(url))
    assert len(server.requests) == asked
    with pytest.raises(QueryError):
        instance_counts(RemoteEndpoint(url), retry_after=0)
    assert len(server.requests) > asked


def test_counts_have_their_own_short_time_limit(hanging_url):
    endpoint = RemoteEndpoint(hanging_url, timeout=DEFAULT_TIMEOUT)
    with pytest.raises(QueryTimeout, match=r"stopped after 0\.3 s"):
        instance_counts(endpoint, timeout=0.3)
    assert COUNTS_TIMEOUT_S < DEFAULT_TIMEOUT


def test_attributes_are_counted_and_a_cache_without_them_is_recomputed(tmp_path):
    data = '<http://e.org/a> a <http://e.org/C> ; <http://e.org/name> "A" , "B" ; <http://e.org/p> <http://e.org/b> .'
    store = EmbeddedStore(data=data, directory=tmp_path / "store")
    store.counts_path.write_text(json.dumps({"classes": {}, "links": {}, "triples": 0, "instances": 0}))
    counts = instance_counts(store)
    assert counts["attributes"] == {"http://e.org/name": 2} and counts["links"] == {"http://e.org/p": 1}
    assert json.loads(store.counts_path.read_text()) == counts

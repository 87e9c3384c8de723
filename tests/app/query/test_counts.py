"""Instance counts per class and link."""

from __future__ import annotations

from app.query.counts import instance_counts


def test_instance_counts_on_the_sample(sample_store):
    counts = instance_counts(sample_store)
    assert counts["classes"]["http://dbpedia.org/ontology/Person"] >= 100
    assert counts["links"]["http://dbpedia.org/ontology/author"] >= 3
    assert counts["instances"] >= 500 and counts["triples"] > counts["instances"]

"""The sampler: valid graphs of exactly k nodes, the same for the same seed, weighted by instances."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter

import pytest

from app.evaluation.sampler import GraphSampler, sample_graphs
from app.graph.validate import validate_graph
from ontology_loaders import OWL_THING, Link, Ontology, OntologyClass

EX = "http://example.org/onto/"


def _dump(graphs) -> list[dict]:
    return [g.model_dump(mode="json") for g in graphs]


@pytest.mark.parametrize("k", [1, 2, 3, 5, 7])
def test_tiny_ontology_graphs_are_valid_trees_of_k_nodes(tiny_ontology, k):
    for graph in sample_graphs(tiny_ontology, k, 30, seed=3):
        assert len(graph.nodes) == k
        assert len(graph.edges) == k - 1
        assert validate_graph(graph, tiny_ontology).ok
        assert OWL_THING not in {n.class_ for n in graph.nodes}


def test_same_seed_same_graphs_other_seed_other_graphs(tiny_ontology):
    first = _dump(sample_graphs(tiny_ontology, 4, 20, seed=11))
    assert first == _dump(sample_graphs(tiny_ontology, 4, 20, seed=11))
    assert first != _dump(sample_graphs(tiny_ontology, 4, 20, seed=12))


def test_a_single_link_still_grows_into_a_valid_star():
    # Growth may always attach another copy of a link to either side, so k is reachable.
    onto = Ontology(
        classes=(OntologyClass(iri=EX + "A", label="a thing"), OntologyClass(iri=EX + "B", label="b thing")),
        links=(Link(iri=EX + "p", label="pointer", domain=EX + "A", range=EX + "B"),),
    )
    graph = GraphSampler(onto).sample(5, random.Random(0))
    assert len(graph.nodes) == 5
    assert {e.link for e in graph.edges} == {EX + "p"}
    assert validate_graph(graph, onto).ok


def test_an_unstated_range_becomes_a_concrete_class():
    # The only link ranges over owl:Thing: the sampler uses it anyway, never with a Thing node.
    onto = Ontology(
        classes=(OntologyClass(iri=EX + "A", label="a thing"), OntologyClass(iri=EX + "B", label="b thing")),
        links=(Link(iri=EX + "p", label="pointer", domain=EX + "A"),),
    )
    graphs = sample_graphs(onto, 3, 20, seed=1)
    assert all(len(g.nodes) == 3 and validate_graph(g, onto).ok for g in graphs)
    assert {n.class_ for g in graphs for n in g.nodes} == {EX + "A", EX + "B"}


def test_a_link_whose_ends_are_unknown_is_never_used():
    onto = Ontology(
        classes=(OntologyClass(iri=EX + "A", label="a thing"),),
        links=(Link(iri=EX + "p", label="pointer", domain=EX + "A", range="http://elsewhere.org/Unknown"),),
    )
    with pytest.raises(ValueError, match="no link"):
        GraphSampler(onto).sample(2, random.Random(0))


def test_instance_counts_weight_seed_links_and_downgrades(tiny_ontology):
    counts = {
        "classes": {EX + "Athlete": 900, EX + "Person": 100, EX + "City": 50, EX + "Country": 10},
        "links": {EX + "birthPlace": 1000, EX + "country": 1},
    }
    sampler = GraphSampler(tiny_ontology, counts, top_links=1)
    rng = random.Random(5)
    graphs = [sampler.sample(2, rng) for _ in range(200)]
    # top_links=1: the seed is always the most used link.
    assert {e.link for g in graphs for e in g.edges} == {EX + "birthPlace"}
    subjects = Counter(g.nodes[0].class_ for g in graphs)
    # Person's subtree holds Person (100) and Athlete (900): Athlete about 90% of the time.
    assert set(subjects) == {EX + "Athlete", EX + "Person"}
    assert subjects[EX + "Athlete"] > 150
    # Place's subtree: only City and Country have instances (50 vs 10); Place itself has none.
    assert {g.nodes[1].class_ for g in graphs} <= {EX + "City", EX + "Country"}
    for graph in graphs:
        assert validate_graph(graph, tiny_ontology).ok


@pytest.mark.parametrize("k", [2, 3, 5, 7])
def test_dbpedia_graphs_are_valid_and_of_exactly_k_nodes(dbo_ontology, k):
    sampler = GraphSampler(dbo_ontology)
    graphs = sample_graphs(dbo_ontology, k, 40, seed=7, sampler=sampler)
    for graph in graphs:
        assert len(graph.nodes) == k
        report = validate_graph(graph, dbo_ontology)
        assert report.ok, report.messages()
        for edge in graph.edges:
            source, target = graph.node(edge.source), graph.node(edge.target)
            assert dbo_ontology.link_fits(edge.link, source.class_, target.class_)
        assert all(n.class_ != OWL_THING and dbo_ontology.get_class(n.class_) for n in graph.nodes)
    # Uniform sampling over ~700 links should not keep returning the same graph.
    assert len({json.dumps(g.model_dump(mode="json"), sort_keys=True) for g in graphs}) > 30


def test_dbpedia_sampling_is_identical_across_processes(dbo_path):
    # String hashing differs between processes, so set order would leak into the draw.
    script = (
        "import json, sys; from ontology_loaders import load_ontology; "
        "from app.evaluation.sampler import sample_graphs; "
        f"o = load_ontology([{str(dbo_path)!r}]); "
        "print(json.dumps([g.model_dump(mode='json') for g in sample_graphs(o, 5, 10, seed=42)]))"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
            env={"PYTHONHASHSEED": hash_seed, "PATH": ""},
        ).stdout
        for hash_seed in ("1", "2")
    }
    assert len(outputs) == 1
    assert len(json.loads(outputs.pop())) == 10

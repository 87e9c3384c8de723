"""External question sets: gold terms from real LC-QuAD queries, term and result scores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.evaluation.execution import endpoint_runner, store_runner
from app.evaluation.extractors import template_extractor
from app.evaluation.external import gold_terms, load_questions, predicted_terms, run_questions, summarise_questions
from app.graph.model import Constraint, Edge, Node, PrototypeGraph
from ontology_loaders import RDFS_LABEL

EX = "http://example.org/onto/"
DATA = "http://example.org/data/"
DBO = "http://dbpedia.org/ontology/"

KG_TTL = f"""
@prefix ex: <{EX}> . @prefix d: <{DATA}> .
d:alice a ex:Person ; ex:birthPlace d:paris .
d:bob a ex:Person ; ex:birthPlace d:france .
d:paris a ex:City .
d:france a ex:Country .
"""


@pytest.fixture
def kg_file(tmp_path: Path) -> Path:
    path = tmp_path / "kg.ttl"
    path.write_text(KG_TTL)
    return path


@pytest.fixture
def questions_file(tmp_path: Path) -> Path:
    lines = [
        # Same graph as the question: rows {(alice, paris)} on both sides.
        {"id": "q1", "question": "A person has birth place a city.",
         "sparql": f"SELECT DISTINCT ?p ?c WHERE {{ ?p a <{EX}Person> . ?p <{EX}birthPlace> ?c . ?c a <{EX}City> }}"},
        # Gold asks for every person born anywhere: {alice, bob}; the graph answers {alice, paris}.
        {"id": "q2", "question": "A person has birth place a city.",
         "sparql": f"PREFIX ex: <{EX}> SELECT ?p WHERE {{ ?p ex:birthPlace ?x OPTIONAL {{ ?x ex:mayor ?m }} }}"},
        # Off the template: an empty graph, no query; the gold ASK is true.
        {"id": "q3", "question": "Is Bob a person?", "sparql": f"ASK {{ <{DATA}bob> a <{EX}Person> }}"},
    ]
    path = tmp_path / "questions.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    return path


def test_gold_terms_of_real_lcquad_queries(dbo_ontology):
    lcquad = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "lcquad1" / "train.jsonl"
    if not lcquad.exists():
        pytest.skip(f"LC-QuAD train set not at {lcquad} (shared data is absent outside CI)")
    questions = {q.id: q for q in load_questions(lcquad)}
    assert len(questions) == 4000
    founder = gold_terms(questions["train_1"].sparql, dbo_ontology)  # ?uri dbo:founder <...> . ?uri rdf:type dbo:City
    assert founder.classes == {DBO + "City"}
    assert founder.properties == {DBO + "founder"}
    only_dbp = gold_terms(questions["train_3"].sparql, dbo_ontology)  # dbr:John_Kotelawala dbp:allegiance ?uri
    assert (only_dbp.classes, only_dbp.properties) == (frozenset(), frozenset())
    # A prefixed name ending in a dot is not SPARQL; the fallback scan still finds dbo:occupation.
    broken = next(q for q in questions.values() if "dbr:Chelsea_F.C. ." in q.sparql)
    assert DBO + "occupation" in gold_terms(broken.sparql, dbo_ontology).properties
    # Queries yield their terms without raising, and most name at least one ontology term.
    first = list(questions.values())[:400]
    named = sum(1 for q in first if (t := gold_terms(q.sparql, dbo_ontology)).classes or t.properties)
    assert named > 300


def test_predicted_terms_count_only_the_ontology_terms_gold_counts(dbo_ontology):
    # "Who developed Skype?": the draft names Skype by its label, the gold query by its IRI.
    # rdfs:label is no ontology term, so gold_terms never counts it; neither may the draft.
    graph = PrototypeGraph(
        nodes=[Node(id="software_1", **{"class": DBO + "Software"},
                    constraints=[Constraint(property=RDFS_LABEL, value="Skype")]),
               Node(id="person_1", **{"class": DBO + "Person"})],
        edges=[Edge(source="software_1", link=DBO + "developer", target="person_1")],
    )
    classes, properties = predicted_terms(graph, dbo_ontology)
    assert classes == {DBO + "Software", DBO + "Person"}
    assert properties == {DBO + "developer"}
    gold = gold_terms(f"SELECT ?p WHERE {{ <http://dbpedia.org/resource/Skype> <{DBO}developer> ?p }}", dbo_ontology)
    assert gold.properties == properties


def test_load_questions_reports_the_bad_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"id": 1, "question": "q", "sparql": "ASK {}"}\n{"id": 2, "question": "no query"}\n')
    with pytest.raises(ValueError, match=r"bad.jsonl:2"):
        load_questions(path)
    assert [q.id for q in load_questions(path, limit=1)] == ["1"]


def test_terms_validity_latency_and_executed_results(tiny_ontology, questions_file, kg_file):
    rows = run_questions(
        load_questions(questions_file), template_extractor(tiny_ontology), tiny_ontology, runner=store_runner([kg_file])
    )
    q1, q2, q3 = rows
    # q1: classes {Person, City} and link {birthPlace} on both sides; identical results.
    assert (q1["class_f1"], q1["property_f1"]) == (1.0, 1.0)
    assert (q1["exec_f1"], q1["relaxed_em"]) == (1.0, True)
    # q2: no gold class (no score), birthPlace found; ex:mayor is in the ontology's namespace
    # but not in it. Answers {alice, paris} vs {alice, bob}: P = R = F1 = 1/2.
    assert q2["class_f1"] is None
    assert q2["gold_outside_ontology"] == EX + "mayor"
    assert q2["property_precision"] == 1.0
    assert (q2["exec_precision"], q2["exec_recall"], q2["exec_f1"], q2["relaxed_em"]) == (0.5, 0.5, 0.5, False)
    # q3: nothing extracted: no query, zero scores, still a valid (empty) graph.
    assert q3["empty"] and q3["valid"]
    assert (q3["exec_f1"], q3["relaxed_em"], q3["exec_error"]) == (0.0, False, "no query generated")
    summary = summarise_questions(rows)
    assert summary["questions"] == 3
    assert summary["valid_rate"] == 1.0
    assert summary["class_f1"] == 0.5  # q1 (1.0) and q3 (0.0, gold names Person) have gold classes
    assert summary["exec_f1"] == pytest.approx(0.5)  # (1 + 0.5 + 0) / 3
    assert summary["relaxed_em"] == pytest.approx(1 / 3)
    assert summary["latency_p50_ms"] <= summary["latency_p95_ms"]


def test_endpoint_runner_agrees_with_the_store(oxigraph_endpoint, kg_file):
    url = oxigraph_endpoint(kg_file)
    query = f"SELECT ?p ?c WHERE {{ ?p <{EX}birthPlace> ?c }}"
    assert endpoint_runner(url)(query) == store_runner([kg_file])(query)
    assert endpoint_runner(url)(f"ASK {{ <{DATA}bob> a <{EX}Person> }}") == {("true",)}

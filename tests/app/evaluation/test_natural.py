"""Scoring drafted graphs against the gold graphs of natural questions (``app.evaluation.natural``)."""

from __future__ import annotations

import csv
import json
import math
from collections import Counter
from pathlib import Path

import pytest

from app.evaluation.extractors import PipelineOutcome
from app.evaluation.natural import (
    NaturalQuestion,
    load_natural,
    match_graphs,
    score_line,
    summarise_natural,
)
from app.graph.model import PrototypeGraph
from cli.main import main

EX = "http://example.org/onto/"
RES = "http://example.org/resource/"
LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
REPO = Path(__file__).resolve().parents[3]
DBPEDIA_NATURAL = REPO / "benchmarks" / "natural" / "dbpedia.jsonl"


def make(nodes: list[dict], edges: list[tuple[str, str, str]] = (), **extra) -> PrototypeGraph:
    """Nodes as dicts with a short ``class``; edges as (source, link local name, target)."""
    full = [{**n, "class": EX + n["class"]} for n in nodes]
    return PrototypeGraph.model_validate({
        "nodes": full, "edges": [{"source": s, "link": EX + p, "target": t} for s, p, t in edges], **extra})


def born_in(city: dict | None = None, *, person: str = "p", place: str = "c", **extra) -> PrototypeGraph:
    return make([{"id": person, "class": "Person"}, {"id": place, "class": "City", **(city or {})}],
                [(person, "birthPlace", place)], **extra)


# -- exact match ----------------------------------------------------------------------------------


def test_isomorphic_renamings_match():
    gold = make([{"id": "a", "class": "Person"}, {"id": "b", "class": "Person"}, {"id": "u", "class": "University"}],
                [("a", "spouse", "b"), ("a", "almaMater", "u"), ("b", "almaMater", "u")])
    renamed = make([{"id": "uni_1", "class": "University"}, {"id": "person_2", "class": "Person"},
                    {"id": "person_1", "class": "Person"}],
                   [("person_2", "almaMater", "uni_1"), ("person_1", "almaMater", "uni_1"),
                    ("person_2", "spouse", "person_1")])
    assert match_graphs(renamed, gold).exact
    assert match_graphs(gold, gold).exact


def test_a_wrong_link_direction_fails():
    flipped = make([{"id": "p", "class": "Person"}, {"id": "c", "class": "City"}], [("c", "birthPlace", "p")])
    match = match_graphs(flipped, born_in())
    assert not match.exact and match.differences == ("links",)


def test_a_wrong_link_or_class_is_named():
    wrong_link = make([{"id": "p", "class": "Person"}, {"id": "c", "class": "City"}], [("p", "deathPlace", "c")])
    assert match_graphs(wrong_link, born_in()).differences == ("links",)
    wrong_class = make([{"id": "p", "class": "Person"}, {"id": "c", "class": "Country"}], [("p", "birthPlace", "c")])
    assert match_graphs(wrong_class, born_in()).differences == ("classes", "links")
    assert match_graphs(PrototypeGraph(), born_in()).differences == ("nodes", "classes", "links")


def test_a_shared_node_is_not_two_nodes():
    shared = make([{"id": "p", "class": "Person"}, {"id": "c", "class": "City"}],
                  [("p", "birthPlace", "c"), ("p", "deathPlace", "c")])
    apart = make([{"id": "p", "class": "Person"}, {"id": "c", "class": "City"}, {"id": "d", "class": "City"}],
                 [("p", "birthPlace", "c"), ("p", "deathPlace", "d")])
    assert match_graphs(apart, shared).differences == ("nodes", "classes")
    chain = make([{"id": "a", "class": "Person"}, {"id": "b", "class": "Person"}, {"id": "c", "class": "Person"}],
                 [("a", "child", "b"), ("b", "child", "c")])
    fork = make([{"id": "a", "class": "Person"}, {"id": "b", "class": "Person"}, {"id": "c", "class": "Person"}],
                [("a", "child", "b"), ("a", "child", "c")])
    assert match_graphs(fork, chain).differences == ("structure",)  # same classes and triples, other shape


def test_a_named_instance_matches_its_iri_or_its_name_as_a_label():
    gold = born_in({"instances": [RES + "New_York_City"]})
    assert match_graphs(born_in({"instances": [RES + "New_York_City"]}, person="x", place="y"), gold).exact
    by_label = born_in({"constraints": [{"property": LABEL, "value": "new york CITY"}]})
    assert match_graphs(by_label, gold).exact
    other_label = born_in({"constraints": [{"property": LABEL, "value": "New York"}]})
    assert match_graphs(other_label, gold).differences == ("instances", "constraints")
    assert match_graphs(born_in({"instances": [RES + "Boston"]}), gold).differences == ("instances",)
    assert match_graphs(born_in(), gold).differences == ("instances",)  # the named thing was dropped
    assert match_graphs(gold, born_in()).differences == ("instances",)  # pinned where the question names none


def test_an_instance_is_matched_on_the_right_node():
    gold = make([{"id": "a", "class": "Person", "instances": [RES + "Sonny_Bono"]}, {"id": "s", "class": "Person"}],
                [("s", "parent", "a")])
    swapped = make([{"id": "a", "class": "Person"}, {"id": "s", "class": "Person", "instances": [RES + "Sonny_Bono"]}],
                   [("s", "parent", "a")])
    assert match_graphs(swapped, gold).differences == ("instances",)


def test_constraints_compare_by_value():
    gold = make([{"id": "c", "class": "City", "constraints": [
        {"property": EX + "population", "op": ">", "value": 100000}]}])
    same = make([{"id": "x", "class": "City", "constraints": [
        {"property": EX + "population", "op": ">", "value": 100000.0}]}])
    other_op = make([{"id": "x", "class": "City", "constraints": [
        {"property": EX + "population", "op": "<", "value": 100000}]}])
    assert match_graphs(same, gold).exact
    assert match_graphs(other_op, gold).differences == ("constraints",)


def test_count_order_and_limit_must_agree_through_the_renaming():
    most = {"aggregation": {"count": "p", "group_by": ["c"]}, "order_by": [{"node": "count", "descending": True}],
            "limit": 1}
    gold = born_in(**most)
    renamed = born_in(person="x", place="y", aggregation={"count": "x", "group_by": ["y"]},
                      order_by=[{"node": "count", "descending": True}], limit=1)
    assert match_graphs(renamed, gold).exact
    wrong_count = born_in(aggregation={"count": "c", "group_by": ["p"]},
                          order_by=[{"node": "count", "descending": True}], limit=1)
    assert match_graphs(wrong_count, gold).differences == ("aggregation",)
    assert match_graphs(born_in(), gold).differences == ("aggregation", "order_by", "limit")
    # A modifier the question does not ask for changes the answer too.
    assert match_graphs(born_in(limit=1), born_in()).differences == ("limit",)


def test_a_count_condition_must_agree_too():
    def counted(having: dict | None, person: str = "p", place: str = "c") -> PrototypeGraph:
        aggregation = {"count": person, "group_by": [place], **({"having": having} if having else {})}
        return born_in(person=person, place=place, aggregation=aggregation)

    gold = counted({"op": ">", "value": 5})
    assert match_graphs(counted({"op": ">", "value": 5}, person="x", place="y"), gold).exact
    assert match_graphs(counted(None), gold).differences == ("aggregation",)
    assert match_graphs(counted({"op": ">=", "value": 5}), gold).differences == ("aggregation",)
    assert match_graphs(counted({"op": ">", "value": 6}), gold).differences == ("aggregation",)
    # A condition the question does not ask for is as wrong as one it asks for and the draft lacks.
    assert match_graphs(gold, counted(None)).differences == ("aggregation",)


def test_an_order_on_an_attribute_must_sort_on_the_same_attribute(tmp_path):
    gold = born_in().model_dump(mode="json")
    gold["order_by"] = [{"node": "p", "property": EX + "birthDate", "descending": True}]
    gold["limit"] = 1
    path = tmp_path / "set.jsonl"
    path.write_text(json.dumps({"id": "x", "split": "dev", "question": "q", "graph": gold}) + "\n")
    item = load_natural(path)[0]
    assert item.graph.order_by[0].property == EX + "birthDate"
    by_node = born_in(order_by=[{"node": "p", "descending": True}], limit=1)
    assert match_graphs(by_node, item.graph).differences == ("order_by",)
    by_attribute = born_in(order_by=[{"node": "p", "descending": True, "property": EX + "birthDate"}], limit=1)
    assert match_graphs(by_attribute, item.graph).exact


# -- rows, not understood and summaries -----------------------------------------------------------


def line(gold: PrototypeGraph | None, *, split: str = "dev", tags: tuple[str, ...] = ()) -> NaturalQuestion:
    return NaturalQuestion(id=f"q-{split}", split=split, question="?", graph=gold, tags=tags)


def test_an_empty_draft_on_a_null_gold_is_not_understood(tiny_ontology):
    row = score_line(line(None), PipelineOutcome(graph=PrototypeGraph()), tiny_ontology, latency_ms=5)
    assert row["not_understood"] and row["correct"] and row["exact"] is None
    answered = score_line(line(None), PipelineOutcome(graph=born_in()), tiny_ontology, latency_ms=5)
    assert not answered["not_understood"] and not answered["correct"] and answered["differs"] == "answered"


def test_an_empty_draft_on_a_real_question_is_a_false_alarm(tiny_ontology):
    row = score_line(line(born_in()), PipelineOutcome(graph=PrototypeGraph()), tiny_ontology, latency_ms=5)
    assert row["not_understood"] and not row["correct"]
    assert row["differs"] == "not understood nodes classes links"
    assert row["f1_node"] == 0.0


def test_summary_per_split(tiny_ontology):
    rows = [
        score_line(line(born_in(), split="dev", tags=("named",)), PipelineOutcome(graph=born_in()),
                   tiny_ontology, latency_ms=100),
        score_line(line(born_in(), split="dev"), PipelineOutcome(graph=PrototypeGraph()), tiny_ontology, latency_ms=300),
        score_line(line(None, split="dev"), PipelineOutcome(graph=PrototypeGraph()), tiny_ontology, latency_ms=200),
        score_line(line(None, split="test"), PipelineOutcome(graph=born_in()), tiny_ontology, latency_ms=50),
    ]
    summary = summarise_natural(rows)
    assert list(summary) == ["dev", "test", "all"]
    dev = summary["dev"]
    assert (dev["questions"], dev["real"], dev["null"]) == (3, 2, 1)
    assert dev["exact_rate"] == 0.5 and dev["false_alarm_rate"] == 0.5 and dev["not_understood_rate"] == 1.0
    assert dev["f1_node"] == 0.5 and dev["valid_rate"] == 1.0
    assert (dev["latency_p50_ms"], dev["latency_p95_ms"]) == (200, 300)
    assert dev["by_tag"]["named"] == {"questions": 1, "correct_rate": 1.0}
    test = summary["test"]
    assert test["not_understood_rate"] == 0.0 and math.isnan(test["exact_rate"])
    assert summary["all"]["questions"] == 4


def test_load_natural_filters_splits_and_names_bad_lines(tmp_path):
    gold = born_in().model_dump(mode="json")
    path = tmp_path / "set.jsonl"
    lines = [{"id": f"x-{i}", "split": split, "question": "q", "graph": gold if i % 2 else None, "tags": [],
              "source": "written"} for i, split in enumerate(["dev", "test", "dev", "dev"])]
    path.write_text("\n".join(json.dumps(item) for item in lines) + "\n\n")
    assert [q.id for q in load_natural(path, split="dev")] == ["x-0", "x-2", "x-3"]
    assert [q.id for q in load_natural(path, split="dev", limit=2)] == ["x-0", "x-2"]
    assert len(load_natural(path)) == 4 and load_natural(path)[0].graph is None
    path.write_text(json.dumps({**lines[0], "split": "train"}) + "\n")
    with pytest.raises(ValueError, match="set.jsonl:1"):
        load_natural(path)
    path.write_text(json.dumps({**lines[0], "graph": {"nodes": []}}) + "\n")
    with pytest.raises(ValueError, match="null"):
        load_natural(path)


# -- the DBpedia set itself -----------------------------------------------------------------------


def test_the_dbpedia_set_is_valid_and_both_splits_cover_every_tag(dbo_ontology):
    from app.graph.validate import validate_graph

    items = load_natural(DBPEDIA_NATURAL)
    assert len(items) >= 100 and len({q.id for q in items}) == len(items)
    for item in items:
        if item.graph is not None:
            report = validate_graph(item.graph, dbo_ontology)
            assert report.ok, (item.id, [v.message for v in report.violations])
    null_share = sum(q.graph is None for q in items) / len(items)
    assert 0.07 <= null_share <= 0.13
    by_split = {s: Counter(t for q in items if q.split == s for t in q.tags) for s in ("dev", "test")}
    assert set(by_split["dev"]) == set(by_split["test"])
    assert abs(sum(q.split == "dev" for q in items) - len(items) / 2) <= len(items) * 0.05


# -- the command ---------------------------------------------------------------------------------


def test_eval_graphs_with_the_real_model(tmp_path, capsys, monkeypatch):
    """Two lines on the small sample ontology: a real question and one whose answer is "not understood"."""
    ontology = REPO / "sample_ontologies" / "dbpedia_sample" / "ontology.ttl"
    gold = {"nodes": [{"id": "person_1", "class": "http://dbpedia.org/ontology/Person"},
                      {"id": "city_1", "class": "http://dbpedia.org/ontology/City"}],
            "edges": [{"source": "person_1", "link": "http://dbpedia.org/ontology/birthPlace", "target": "city_1"}]}
    path = tmp_path / "two.jsonl"
    path.write_text(
        json.dumps({"id": "t-1", "split": "dev", "question": "Which people were born in a city?", "graph": gold,
                    "tags": ["nodes_2"], "source": "written"}) + "\n"
        + json.dumps({"id": "t-2", "split": "dev", "question": "asdf qwerty zxcv", "graph": None,
                      "tags": ["nonsense"], "source": "written"}) + "\n")
    monkeypatch.setenv("PROTOGRAPH_LLM_TIMEOUT_S", "300")  # two shared cores in CI
    out = tmp_path / "out"
    code = main(["eval", "graphs", str(path), "--ontology", str(ontology), "--out", str(out),
                 "--data-dir", str(tmp_path / "data")])
    assert code == 0
    captured = capsys.readouterr()
    assert "| split | questions | exact |" in captured.out and "| dev | 2 (1 null) |" in captured.out
    assert "[2/2] t-2" in captured.err
    summary = json.loads((out / "summary.json").read_text())
    dev = summary["dev"]
    assert (dev["questions"], dev["real"], dev["null"], dev["errors"]) == (2, 1, 1, 0)
    assert dev["valid_rate"] == 1.0 and dev["latency_p50_ms"] > 0
    with (out / "misses.csv").open() as handle:
        misses = list(csv.DictReader(handle))
    expected = (1 - dev["exact_rate"]) + (1 - dev["not_understood_rate"])
    assert len(misses) == round(expected)
    assert all(m["differs"] for m in misses)


def test_a_figure_must_agree_in_its_function_and_attribute():
    def figure(function: str, attribute: str = "height", person: str = "p") -> PrototypeGraph:
        return born_in(person=person, aggregation={"count": person, "group_by": ["c"], "function": function,
                                                   "property": EX + attribute})

    gold = figure("avg")
    assert match_graphs(figure("avg", person="x"), gold).exact
    assert match_graphs(figure("sum"), gold).differences == ("aggregation",)
    assert match_graphs(figure("avg", "weight"), gold).differences == ("aggregation",)
    assert match_graphs(born_in(aggregation={"count": "p", "group_by": ["c"]}), gold).differences == ("aggregation",)


def test_eval_graphs_can_ask_every_question_in_lower_case(tmp_path, capsys, monkeypatch):
    """``--lower-case``: the questions are asked as people often type them, and the name is still read."""
    ontology = REPO / "sample_ontologies" / "dbpedia_sample" / "ontology.ttl"
    gold = {"nodes": [{"id": "person_1", "class": "http://dbpedia.org/ontology/Person"},
                      {"id": "city_1", "class": "http://dbpedia.org/ontology/City",
                       "instances": ["http://dbpedia.org/resource/Berlin"]}],
            "edges": [{"source": "person_1", "link": "http://dbpedia.org/ontology/birthPlace", "target": "city_1"}]}
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps({"id": "t-1", "split": "dev", "question": "Which people were born in Berlin?",
                                "graph": gold, "tags": ["nodes_2"], "source": "written"}) + "\n")
    monkeypatch.setenv("PROTOGRAPH_LLM_TIMEOUT_S", "300")  # two shared cores in CI
    out = tmp_path / "out"
    code = main(["eval", "graphs", str(path), "--ontology", str(ontology), "--out", str(out), "--lower-case",
                 "--quiet", "--data-dir", str(tmp_path / "data")])
    assert code == 0
    assert ", in lower case" in capsys.readouterr().out
    summary = json.loads((out / "summary.json").read_text())
    assert summary["dev"]["exact_rate"] == 1.0, (out / "misses.csv").read_text()

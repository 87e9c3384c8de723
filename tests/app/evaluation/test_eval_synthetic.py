"""The synthetic run: cases, per-question rows, Table II and Figure 3."""

from __future__ import annotations

import csv
import json

import pytest

from app.evaluation.extractors import PipelineOutcome, raw_graph_of, template_extractor
from app.evaluation.lm_questions import LMQuestionWriter
from app.evaluation.questions import parse_templated_question
from app.evaluation.report import build_figure, summarise, summary_markdown, write_csv, write_figure
from app.evaluation.synthetic import Origin, make_cases, run_synthetic
from app.graph.model import PrototypeGraph


def _drop_last_node(ontology):
    """A reader that forgets the last node it read: a known, scorable mistake."""

    def extract(question: str) -> PipelineOutcome:
        full = parse_templated_question(question, ontology)
        last = full.nodes[-1].id
        kept = PrototypeGraph(
            nodes=full.nodes[:-1], edges=tuple(e for e in full.edges if last not in (e.source, e.target))
        )
        return PipelineOutcome(graph=kept, raw_graph=PrototypeGraph(), timings_ms={"total": 1.0})

    return extract


def test_cases_are_the_same_graphs_for_every_origin(tiny_ontology):
    def labels_question(messages):
        # A deterministic writer: names every class of the graph shown in the last prompt.
        lines = [line for line in messages[-1]["content"].splitlines() if line.startswith("- ")]
        things = sorted({part.strip() for line in lines for part in line[2:].replace("-->", "--").split("--")[::2]})
        return f"Which {' and '.join(things)} are linked?"

    writer = LMQuestionWriter(labels_question)
    cases = make_cases(
        tiny_ontology, ks=[2, 3], n=4, origins=[Origin.TEMPLATED, Origin.LLM], seed=1, writer=writer
    )
    assert len(cases) == 2 * 4 * 2
    by_graph = {}
    for case in cases:
        by_graph.setdefault(case.case_id.rsplit("-", 1)[0], []).append(case)
    for pair in by_graph.values():
        assert [c.origin for c in pair] == [Origin.TEMPLATED, Origin.LLM]
        assert pair[0].gold == pair[1].gold
    llm_cases = [c for c in cases if c.origin is Origin.LLM]
    assert not any(c.question_fallback for c in llm_cases)
    assert all(c.question.startswith("Which ") and c.question.endswith(" are linked?") for c in llm_cases)


def test_llm_origin_needs_a_writer(tiny_ontology):
    with pytest.raises(ValueError, match="LMQuestionWriter"):
        make_cases(tiny_ontology, ks=[2], n=1, origins=[Origin.LLM], seed=0)


def test_template_reader_scores_one_everywhere(tiny_ontology):
    cases = make_cases(tiny_ontology, ks=[2, 3, 5], n=6, origins=[Origin.TEMPLATED], seed=4)
    rows = run_synthetic(cases, template_extractor(tiny_ontology), tiny_ontology)
    assert len(rows) == 18
    for row in rows:
        assert (row["f1_node_aligned"], row["f1_rel_aligned"], row["ged_s_aligned"]) == (1.0, 1.0, 1.0)
        assert row["valid"] is True
        assert json.loads(row["gold_graph"]) == json.loads(row["predicted_graph"]) or row["f1_node_aligned"] == 1.0


def test_a_reader_that_drops_a_node_scores_the_known_values(tiny_ontology):
    # k = 3 chain or star with 2 edges, minus one leaf node and its edge:
    # F1_node = 0.8, F1_rel = 2/3, GED 2 → GED_s = 1 − 2/(3 + 2) = 0.6 (see test_eval_metrics).
    # The last node read is always a leaf of the sampled tree, as the tree grows leaf by leaf.
    cases = make_cases(tiny_ontology, ks=[3], n=8, origins=[Origin.TEMPLATED], seed=2)
    rows = run_synthetic(cases, _drop_last_node(tiny_ontology), tiny_ontology)
    for row in rows:
        assert row["f1_node_aligned"] == pytest.approx(0.8)
        assert row["f1_rel_aligned"] == pytest.approx(2 / 3)
        assert row["ged_s_aligned"] == pytest.approx(0.6)
        # The raw stage was an empty graph: everything is missing.
        assert (row["f1_node_raw"], row["ged_s_raw"]) == (0.0, 0.0)
    summary = summarise(rows)
    assert [(s["k"], s["stage"]) for s in summary] == [(3, "raw"), (3, "aligned")]
    assert summary[1]["f1_node"] == pytest.approx(0.8)
    table = summary_markdown(rows)
    assert "| 3 | templated | aligned | 8 | 0.80 | 0.67 | 0.60 | 100% | – | 0.81 | 0.57 |" in table


def test_files_csv_and_figure(tiny_ontology, tmp_path):
    cases = make_cases(tiny_ontology, ks=[2, 3], n=3, origins=[Origin.TEMPLATED], seed=0)
    rows = run_synthetic(cases, _drop_last_node(tiny_ontology), tiny_ontology)
    path = write_csv(rows, tmp_path / "synthetic.csv")
    with path.open() as handle:
        read = list(csv.DictReader(handle))
    assert len(read) == 6
    assert {"question", "f1_node_raw", "f1_node_aligned", "ged_s_aligned", "valid", "latency_ms"} <= set(read[0])
    # The summary reads the CSV's strings as well as the live rows.
    assert summarise(read) == summarise(rows)
    figure = build_figure(rows)
    titles = [a.text for a in figure.layout.annotations]
    assert titles == ["F1_node · templated questions", "F1_rel · templated questions", "GED_s · templated questions"]
    # Three metrics × two stages, each a box over k.
    assert len(figure.data) == 6
    assert sorted(set(figure.data[0].x)) == ["k=2", "k=3"]
    html, png, problem = write_figure(rows, tmp_path)
    assert "Plotly.newPlot" in html.read_text()
    if png is None:
        assert problem and "PNG not written" in problem
    else:
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_raw_graph_is_found_in_the_pipeline_stages(graph):
    g = graph([("a", "Person")], [])
    assert raw_graph_of({"raw_graph": g}) == g
    assert raw_graph_of({"raw": g.model_dump(mode="json")}) == g
    assert raw_graph_of(type("Stages", (), {"raw": type("Raw", (), {"graph": g})()})()) == g
    assert raw_graph_of({"constrained": g}) is None
    assert raw_graph_of(None) is None


def test_lm_fallbacks_are_counted_not_averaged():
    def row(origin, fallback, f1):
        return {"k": 3, "origin": origin, "question_fallback": fallback, "valid": True, "valid_raw": True,
                **{f"{m}_{s}": f1 for m in ("f1_node", "f1_rel", "ged_s") for s in ("raw", "aligned")}}

    rows = [row("templated", False, 1.0), row("llm", True, 1.0), row("llm", False, 0.5), row("llm", False, 0.0)]
    by_key = {(s["origin"], s["stage"]): s for s in summarise(rows)}
    assert by_key[("templated", "aligned")]["f1_node"] == 1.0
    llm = by_key[("llm", "aligned")]
    # The fallback question was the templated sentence: it would lift the LM mean to 0.5.
    assert (llm["n"], llm["fallbacks"], llm["f1_node"]) == (2, 1, 0.25)

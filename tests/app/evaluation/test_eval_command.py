"""``protograph eval`` end to end through the real CLI entry point."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from cli.main import main


def test_synthetic_quick_with_the_template_reader(dbo_path, tmp_path, capsys):
    out = tmp_path / "out"
    code = main(
        ["eval", "synthetic", "--ontology", str(dbo_path), "--k", "2", "3", "--origin", "templated",
         "--quick", "--seed", "5", "--extractor", "template", "--out", str(out), "--data-dir", str(tmp_path / "data")]
    )
    assert code == 0
    captured = capsys.readouterr()
    assert "| 3 | templated | aligned | 16 | 1.00 | 1.00 | 1.00 | 100% |" in captured.out
    assert "[" in captured.err and "k2-0000-templated" in captured.err  # progress lines
    with (out / "synthetic.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 32  # --quick: 16 graphs per k
    assert {r["k"] for r in rows} == {"2", "3"}
    assert (out / "synthetic.md").read_text().startswith("### Synthetic benchmark")
    assert (out / "figure3.html").exists()


def test_synthetic_is_reproducible(dbo_path, tmp_path):
    args = ["eval", "synthetic", "--ontology", str(dbo_path), "--k", "5", "--n", "6", "--origin", "templated",
            "--seed", "9", "--extractor", "template", "--quiet", "--data-dir", str(tmp_path / "data")]
    assert main([*args, "--out", str(tmp_path / "a")]) == 0
    assert main([*args, "--out", str(tmp_path / "b")]) == 0

    def questions(folder: Path) -> list[str]:
        with (folder / "synthetic.csv").open() as handle:
            return [(r["question"], r["gold_graph"]) for r in csv.DictReader(handle)]

    assert questions(tmp_path / "a") == questions(tmp_path / "b")


def test_lm_only_ablation_makes_the_model_list_everything(dbo_path, tmp_path, monkeypatch):
    """``--lm-only`` turns off reading labels off the question: the model writes every node and relation."""
    base = ["eval", "synthetic", "--ontology", str(dbo_path), "--k", "2", "--n", "2", "--origin", "templated",
            "--seed", "3", "--quiet", "--data-dir", str(tmp_path / "data")]
    monkeypatch.setenv("PROTOGRAPH_LLM_TIMEOUT_S", "300")  # two shared cores in CI

    def stages(folder: Path) -> list[set[str]]:
        with (folder / "synthetic.csv").open() as handle:
            return [set(json.loads(r["timings_ms"])) for r in csv.DictReader(handle)]

    assert main([*base, "--out", str(tmp_path / "read")]) == 0
    assert main([*base, "--lm-only", "--out", str(tmp_path / "lm")]) == 0
    assert all(not {"raw_nodes", "raw_edges"} & s for s in stages(tmp_path / "read"))  # templated: all read off
    assert all({"raw_nodes", "raw_edges"} <= s for s in stages(tmp_path / "lm"))


def test_questions_on_lcquad_with_the_template_reader(dbo_path, tmp_path, capsys):
    lcquad = dbo_path.parent.parent / "lcquad1" / "train.jsonl"
    if not lcquad.exists():
        pytest.skip(f"LC-QuAD train set not at {lcquad}")
    code = main(["eval", "questions", str(lcquad), "--ontology", str(dbo_path), "--limit", "12",
                 "--extractor", "template", "--quiet", "--out", str(tmp_path / "q"), "--data-dir", str(tmp_path / "d")])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    # LC-QuAD questions are not templated: the reader extracts nothing, validly.
    assert summary["questions"] == 12
    assert summary["valid_rate"] == 1.0 and summary["empty_rate"] == 1.0
    assert summary["class_f1"] == 0.0
    assert (tmp_path / "q" / "questions.csv").exists()


def test_questions_unseen_by_a_natural_set_skip_those_it_drew_on(dbo_path, tmp_path, capsys):
    questions = tmp_path / "q.jsonl"
    questions.write_text("".join(json.dumps({"id": f"train_{i}", "question": f"Give me all films {i}",
                                             "sparql": "SELECT ?x WHERE { ?x a <http://dbpedia.org/ontology/Film> }"})
                                 + "\n" for i in range(4)))
    natural = tmp_path / "natural.jsonl"
    natural.write_text(json.dumps({"id": "n1", "source": "qald9:train_1"}) + "\n"
                       + json.dumps({"id": "n2", "source": "written"}) + "\n\n"
                       + json.dumps({"id": "n3", "source": "qald9:train_3"}) + "\n")
    base = ["eval", "questions", str(questions), "--ontology", str(dbo_path), "--extractor", "template", "--quiet",
            "--data-dir", str(tmp_path / "d")]
    assert main([*base, "--unseen-by", str(natural)]) == 0
    assert json.loads(capsys.readouterr().out)["questions"] == 2  # train_0 and train_2
    assert main([*base, "--unseen-by", str(tmp_path / "missing.jsonl")]) == 2
    assert "missing.jsonl" in capsys.readouterr().err


def test_errors_are_one_line_and_exit_2(tmp_path, capsys, dbo_path):
    missing = tmp_path / "nope.jsonl"
    assert main(["eval", "questions", str(missing), "--ontology", str(dbo_path), "--extractor", "template"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("protograph eval:") and "nope.jsonl" in err and "\n" not in err
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    assert main(["eval", "questions", str(bad), "--ontology", str(dbo_path), "--extractor", "template"]) == 2
    assert "bad.jsonl:1" in capsys.readouterr().err
    assert main(["eval", "synthetic", "--ontology", str(tmp_path / "missing.ttl"), "--extractor", "template",
                 "--out", str(tmp_path / "o")]) == 2
    assert "missing.ttl" in capsys.readouterr().err


ONTOLOGY_TTL = """
@prefix ex: <http://example.org/onto/> . @prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:Person a owl:Class ; rdfs:label "person"@en .
ex:Athlete a owl:Class ; rdfs:label "athlete"@en ; rdfs:subClassOf ex:Person .
ex:City a owl:Class ; rdfs:label "city"@en .
ex:Club a owl:Class ; rdfs:label "club"@en .
ex:birthPlace a owl:ObjectProperty ; rdfs:label "birth place"@en ; rdfs:domain ex:Person ; rdfs:range ex:City .
ex:team a owl:ObjectProperty ; rdfs:label "team"@en ; rdfs:domain ex:Athlete ; rdfs:range ex:Club .
ex:ground a owl:ObjectProperty ; rdfs:label "ground"@en ; rdfs:domain ex:Club ; rdfs:range ex:City .
"""

DATA_TTL = """
@prefix ex: <http://example.org/onto/> . @prefix d: <http://example.org/data/> .
d:a1 a ex:Athlete ; ex:birthPlace d:c1 ; ex:team d:k1 .
d:a2 a ex:Athlete ; ex:birthPlace d:c1 ; ex:team d:k1 .
d:a3 a ex:Athlete ; ex:birthPlace d:c1 .
d:c1 a ex:City . d:k1 a ex:Club .
"""


def test_synthetic_with_instance_data_samples_by_counts(tmp_path, capsys):
    (tmp_path / "onto.ttl").write_text(ONTOLOGY_TTL)
    (tmp_path / "data.ttl").write_text(DATA_TTL)
    out = tmp_path / "out"
    code = main(["eval", "synthetic", "--ontology", str(tmp_path / "onto.ttl"), "--kg", str(tmp_path / "data.ttl"),
                 "--k", "2", "--n", "20", "--origin", "templated", "--extractor", "template", "--out", str(out),
                 "--data-dir", str(tmp_path / "data")])
    assert code == 0
    assert "sampling weighted by instance counts" in capsys.readouterr().out
    with (out / "synthetic.csv").open() as handle:
        golds = [json.loads(r["gold_graph"]) for r in csv.DictReader(handle)]
    # Only birthPlace (3 uses) and team (2) have instances; ground has none and is never the seed.
    # Person has no instance of its own, so its end is always downgraded to Athlete.
    links = {e["link"].rsplit("/", 1)[1] for g in golds for e in g["edges"]}
    assert links <= {"birthPlace", "team"} and "birthPlace" in links
    assert all(n["class"].endswith(("Athlete", "City", "Club")) for g in golds for n in g["nodes"])

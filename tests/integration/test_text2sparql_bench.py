"""The Text2SPARQL benchmark end to end on three questions: real `protograph serve`, real Oxigraph, official client."""

from __future__ import annotations

import json
import re

import pytest

from benchmarks import bench_text2sparql
from benchmarks.text2sparql.true_answers import ANSWERS

pytestmark = pytest.mark.slow

# Read-off questions (no model call): a pinned neighbour, a plain count, a ranked count.
IDS = ("1", "24", "31")


def test_t2b001_questions_are_asked_run_and_scored(tmp_path, capsys) -> None:
    pytest.importorskip("text2sparql_client", reason="text2sparql-client is not installed (make setup)")
    status = bench_text2sparql.main(["--ids", *IDS, "--no-preload", "--out", str(tmp_path)])
    assert status == 0  # the server's true answers are the kept answers.json
    keys = [f"pgco:{i}-en" for i in IDS]

    answers = {a["qname"]: a for a in json.loads((tmp_path / "answers.json").read_text())}
    assert sorted(answers) == sorted(keys)
    assert all(a["query"].lstrip().startswith(("SELECT", "PREFIX")) for a in answers.values())

    # both the gold and the returned queries ran on the Oxigraph server
    true = json.loads((tmp_path / "true.json").read_text())
    kept = json.loads(ANSWERS.read_text())
    assert {k: true[k] for k in keys} == {k: kept[k] for k in keys}
    predicted = json.loads((tmp_path / "pred.json").read_text())
    assert set(predicted) == set(keys) and any(predicted.values())

    results = json.loads((tmp_path / "results.json").read_text())
    assert set(keys) <= set(results)
    for figures in [results[k] for k in keys] + [results["average"]]:
        assert 0.0 <= figures["set_F"] <= 1.0
    printed = capsys.readouterr().out
    mean = float(re.search(r"mean set F1 (\d\.\d+)", printed).group(1))
    assert mean == pytest.approx(results["average"]["set_F"], abs=5e-4)
    assert "3/3 answered with a query" in printed

import json
import subprocess
import sys

from cli.main import main

DBO_COUNTS = {"classes": 790, "object_properties": 1172, "datatype_properties": 1857}


def test_info_json_on_the_real_dbpedia_ontology(dbo_path, capsys, tmp_path):
    assert main(["info", "--ontology", str(dbo_path), "--json", "--data-dir", str(tmp_path)]) == 0
    info = json.loads(capsys.readouterr().out)
    assert {k: info[k] for k in DBO_COUNTS} == DBO_COUNTS
    assert "instances" not in info  # an ontology alone has no instance data


def test_info_counts_instances_of_the_default_sample(capsys, tmp_path):
    assert main(["info", "--json", "--data-dir", str(tmp_path)]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["classes"] >= 69 and info["instances"] >= 500 and info["triples"] > info["instances"]


def test_expected_errors_are_one_line_without_traceback(tmp_path):
    bad = tmp_path / "bad.ttl"
    bad.write_text("@prefix ex: <http://e/> .\nex:a ex:b")
    result = subprocess.run([sys.executable, "-m", "cli.main", "info", "--ontology", str(bad)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert result.stderr.startswith("protograph info: ") and "bad.ttl: line 2" in result.stderr
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1


def test_settings_come_from_the_environment(monkeypatch, tmp_path):
    from app.settings import Settings

    first, second = tmp_path / "a.ttl", tmp_path / "b.ttl"
    monkeypatch.setenv("PROTOGRAPH_ONTOLOGY", f"{first}:{second}")
    monkeypatch.setenv("PROTOGRAPH_TOP_K", "7")
    settings = Settings()
    assert settings.ontology == [first, second] and settings.top_k == 7


def test_graph_json_carries_the_drafts_evidence_and_confidence(capsys):
    assert main(["graph", "Which persons have a child who studied at the same university as them?", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["not_understood"] is False and 0 < payload["confidence"] <= 1
    assert any("child" in words for words in payload["evidence"].values())
    assert "studied" in payload["used_words"] and payload["sparql"].startswith("PREFIX")


def test_graph_says_plainly_when_a_question_is_not_understood(capsys):
    assert main(["graph", "asdf qwer zxcv"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and "not understood" in captured.err


def test_run_on_a_question_not_understood_says_so_in_one_line(capsys):
    assert main(["run", "asdf qwer zxcv"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("protograph run: not understood") and error.count("\n") == 1

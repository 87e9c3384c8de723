"""``protograph study list | report | export`` against a SQLite study database."""

from __future__ import annotations

import json
import subprocess
import sys

from cli.main import main
from app.study import EventKind, StudyRecorder, load_study


def test_list_report_and_export(tmp_path, capsys, shipped_study):
    url = f"sqlite:///{tmp_path / 'study.sqlite3'}"
    recorder = StudyRecorder(url)
    pid = recorder.start_participant(shipped_study.id, "P1")
    recorder.record(shipped_study.id, pid, EventKind.CONSENT)
    recorder.record(shipped_study.id, pid, EventKind.INTRO)
    recorder.submit(shipped_study, pid, "hockey-works", shipped_study.tasks[0].expected.model_dump(mode="json"))
    recorder.close()

    assert main(["study", "list", "--json", "--database", url]) == 0
    assert json.loads(capsys.readouterr().out) == [
        {"id": "onset_dbpedia", "title": shipped_study.title, "tasks": 4, "participants": 1}]
    assert main(["study", "report", "onset_dbpedia", "--database", url]) == 0
    text = capsys.readouterr().out
    assert next(line for line in text.splitlines() if line.startswith("hockey-works")).split()[4] == "100%"
    assert main(["study", "report", "studies/onset_dbpedia.yaml", "--json", "--database", url]) == 0
    assert json.loads(capsys.readouterr().out)["participants"][0]["outcomes"]["hockey-works"] == "correct"
    assert main(["study", "export", "onset_dbpedia", "--out", str(tmp_path / "out"), "--database", url]) == 0
    assert capsys.readouterr().out.split() == [str(tmp_path / "out" / n) for n in
                                               ("participants.csv", "events.csv", "submissions.csv", "sus.csv",
                                                "study.json")]


def test_the_default_database_lives_in_the_data_dir(tmp_path, capsys):
    assert main(["study", "list", "--data-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith("onset_dbpedia\t")
    assert (tmp_path / "study.sqlite3").is_file()


def test_a_custom_studies_dir_is_listed(tmp_path, capsys):
    folder = tmp_path / "studies"
    folder.mkdir()
    (folder / "pilot.yaml").write_text(
        "title: Pilot\nsource: {kind: sample, name: dbpedia_sample}\ntasks: [{id: t, prompt: P, time_limit_s: 9}]\n")
    assert load_study(folder / "pilot.yaml").id == "pilot"
    assert main(["study", "list", "--json", "--studies-dir", str(folder), "--data-dir", str(tmp_path)]) == 0
    assert [s["id"] for s in json.loads(capsys.readouterr().out)] == ["onset_dbpedia", "pilot"]


def test_expected_errors_are_one_line_and_exit_2(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("title: [\n")
    cases = [
        (["report", "nope"], "protograph study: no study called 'nope'; known studies: onset_dbpedia"),
        (["report", str(broken)], f"protograph study: {broken}: YAML syntax error at line 2"),
        (["list", "--database", "postgresql+psycopg://u:pw@127.0.0.1:1/x"],
         "protograph study: cannot open the study database postgresql+psycopg://u:***@127.0.0.1:1/x"),
    ]
    for argv, start in cases:
        result = subprocess.run([sys.executable, "-m", "cli.main", "study", *argv, "--data-dir", str(tmp_path)],
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 2, result.stderr
        assert result.stderr.startswith(start) and result.stderr.count("\n") == 1
        assert "Traceback" not in result.stderr


def test_check_validates_expected_answers_against_the_study_ontology(tmp_path, capsys):
    assert main(["study", "check", "onset_dbpedia", "--data-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split("\t")[0] for line in lines] == ["hockey-works", "gold-medalist-authors", "us-home-ports",
                                                       "tv-theme-composers"]
    assert all(line.split("\t")[1].startswith("ok (") for line in lines)

    broken = tmp_path / "broken.yaml"
    broken.write_text(
        "title: Broken\nsource: {kind: sample, name: dbpedia_sample}\ntasks:\n"
        "  - id: wrong-way\n    prompt: p\n    time_limit_s: 60\n    expected:\n"
        "      nodes: [{id: w, class: 'http://dbpedia.org/ontology/Work'},"
        " {id: p, class: 'http://dbpedia.org/ontology/Person'}]\n"
        "      edges: [{source: w, link: 'http://dbpedia.org/ontology/deathPlace', target: p}]\n"
        "  - id: open\n    prompt: q\n    time_limit_s: 60\n",
        encoding="utf-8")
    assert main(["study", "check", str(broken), "--data-dir", str(tmp_path)]) == 1
    wrong, missing = capsys.readouterr().out.splitlines()
    assert wrong.startswith("wrong-way\tINVALID: ") and "death place goes from animal to place" in wrong
    assert missing == "open\tno expected answer (save one from the researcher page)"

"""``protograph edit GRAPH.json "INSTRUCTION"``: the edited graph, its operations, and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cli.main import main

LIB = "http://protograph.example/library/"
LIBRARY = Path(__file__).resolve().parents[2] / "sample_ontologies" / "library_sample" / "ontology.ttl"
SOURCE = ["--ontology", str(LIBRARY), "--no-model"]


@pytest.fixture()
def graph_file(tmp_path: Path) -> Path:
    path = tmp_path / "graph.json"
    path.write_text(json.dumps({
        "nodes": [{"id": "novel_1", "class": LIB + "Novel"}, {"id": "author_1", "class": LIB + "Author"}],
        "edges": [{"source": "novel_1", "link": LIB + "writtenBy", "target": "author_1"}]}))
    return path


def test_edit_prints_the_new_graph_and_the_operations(graph_file, capsys):
    assert main(["edit", str(graph_file), "drop the author", *SOURCE]) == 0
    out, err = capsys.readouterr()
    assert [n["id"] for n in json.loads(out)["nodes"]] == ["novel_1"]
    assert "op: remove author_1" in err


def test_edit_json_carries_operations_lines_and_difference(graph_file, capsys):
    assert main(["edit", str(graph_file), "the author must be a poet", *SOURCE, "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["operations"] == [{"op": "change_class", "node": "author_1", "class": LIB + "Poet"}]
    assert payload["lines"] == ["class author_1 poet"] and payload["via"] == "rules"
    assert payload["diff"]["changed_nodes"] == ["author_1"]
    assert payload["graph"]["nodes"][1]["class"] == LIB + "Poet"


def test_edit_reads_the_output_of_protograph_graph_json(tmp_path, graph_file, capsys):
    wrapped = tmp_path / "wrapped.json"
    wrapped.write_text(json.dumps({"graph": json.loads(graph_file.read_text()), "sparql": "SELECT ..."}))
    assert main(["edit", str(wrapped), "hide the novel", *SOURCE, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["lines"] == ["hide novel_1"]


def test_edit_errors_are_one_line(tmp_path, graph_file):
    not_json = tmp_path / "x.json"
    not_json.write_text("{nodes")
    for argv, expected in (([str(not_json), "drop the author"], "not JSON"),
                           ([str(tmp_path / "missing.json"), "drop the author"], "cannot read the graph file"),
                           ([str(graph_file), "sing a song"], "not understood")):
        result = subprocess.run([sys.executable, "-m", "cli.main", "edit", *argv, *SOURCE],
                                capture_output=True, text=True, timeout=300)
        assert result.returncode == 2, result.stderr
        assert result.stderr.startswith("protograph edit: ") and expected in result.stderr
        assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1
        assert str(tmp_path) not in result.stderr  # no server paths in messages

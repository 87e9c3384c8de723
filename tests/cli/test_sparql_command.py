"""`protograph sparql` and `protograph run`, through the real CLI entry point."""

from __future__ import annotations

import json

import pytest

from cli.main import main

GRAPHS = __import__("pathlib").Path(__file__).resolve().parent.parent / "fixtures" / "graphs"


def test_sparql_prints_the_golden_query(capsys, golden_query):
    assert main(["sparql", str(GRAPHS / "a_works_by_ice_hockey_players.json")]) == 0
    assert capsys.readouterr().out == golden_query("a_works_by_ice_hockey_players")


@pytest.mark.parametrize("target", ["c_ships_home_ports_in_the_us.json", "c_ships_home_ports_in_the_us.rq"])
def test_run_graph_or_query_on_the_sample(capsys, tmp_path, sample_kg_path, target):
    code = main(["run", str(GRAPHS / target), "--kg", str(sample_kg_path), "--data-dir", str(tmp_path),
                 "--format", "json"])
    assert code == 0
    payload = json.loads(capsys.readouterr().out)
    assert len(payload["results"]["bindings"]) >= 3


def test_run_prints_a_table_and_csv(capsys, tmp_path, sample_kg_path):
    args = ["run", str(GRAPHS / "e_count_works_per_player.rq"), "--kg", str(sample_kg_path), "--data-dir", str(tmp_path)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[:3] == ["ice_hockey_player_1", "ice_hockey_player_1", "IRI"]
    assert main([*args, "--format", "csv"]) == 0
    assert capsys.readouterr().out.startswith("ice_hockey_player_1,ice_hockey_player_1_label,count\r\n")


def test_run_against_the_oxigraph_server(capsys, sample_endpoint):
    assert main(["run", str(GRAPHS / "a_works_by_ice_hockey_players.rq"), "--endpoint", sample_endpoint,
                 "--format", "csv"]) == 0
    assert len(capsys.readouterr().out.strip().splitlines()) >= 4


def test_expected_errors_are_one_line_and_exit_2(capsys, tmp_path, closed_port_url):
    assert main(["sparql", str(tmp_path / "missing.json")]) == 2
    assert "no such file" in capsys.readouterr().err
    bad = tmp_path / "drop.rq"
    bad.write_text("DROP ALL")
    assert main(["run", str(bad), "--endpoint", closed_port_url]) == 2
    err = capsys.readouterr().err
    assert "refused" in err and len(err.strip().splitlines()) == 1
    assert main(["run", str(GRAPHS / "a_works_by_ice_hockey_players.rq"), "--endpoint", closed_port_url]) == 2
    assert "cannot reach" in capsys.readouterr().err


def test_unreadable_files_are_one_line_that_names_them(capsys, tmp_path):
    """Issue 14: a binary .rq printed a decoding error without the file; bad graphs did not name the file."""
    binary = tmp_path / "query.rq"
    binary.write_bytes(b"\x1f\x8b\x08\x00\xff\xfe binary")
    broken = tmp_path / "graph.json"
    broken.write_text('{"nodes": [')
    invalid = tmp_path / "invalid.json"
    invalid.write_text('{"nodes": [{"id": "a"}]}')
    folder = tmp_path / "folder.rq"
    folder.mkdir()
    cases = [(["run", str(binary)], "not a UTF-8 text file"), (["sparql", str(binary)], "not a UTF-8 text file"),
             (["sparql", str(broken)], "not a prototype graph: Invalid JSON"),
             (["sparql", str(invalid)], "not a prototype graph: nodes.0.class"),
             (["run", str(broken)], "not a prototype graph"), (["run", str(folder)], "a folder, not a file")]
    for argv, words in cases:
        assert main([*argv, "--data-dir", str(tmp_path)] if argv[0] == "run" else argv) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
        assert f"{argv[1]}: {words}" in err, err

"""``protograph run`` and ``sparql`` on unlinked graphs: refused in one line unless the user allows them."""

from __future__ import annotations

import json

from cli.main import main

D = "http://dbpedia.org/ontology/"
UNLINKED = {"nodes": [{"id": "person_1", "class": D + "Person"}, {"id": "city_1", "class": D + "City"}]}


def test_an_unlinked_graph_runs_only_when_allowed(tmp_path, capsys):
    path = tmp_path / "unlinked.json"
    path.write_text(json.dumps(UNLINKED))
    common = ["--data-dir", str(tmp_path), "--format", "json", "--limit", "2"]
    assert main(["run", str(path), *common]) == 2
    error = capsys.readouterr().err
    assert error == ("protograph run: these parts are not connected: person_1 and city_1; "
                     "link them or confirm with --allow-cross-product\n")
    assert main(["run", str(path), *common, "--allow-cross-product"]) == 0
    assert len(json.loads(capsys.readouterr().out)["results"]["bindings"]) == 2
    assert main(["sparql", str(path), "--allow-cross-product"]) == 0
    assert "?city_1 a dbo:City ." in capsys.readouterr().out

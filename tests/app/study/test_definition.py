"""Study files: loading, the one-line errors, listing and finding, and the shipped study."""

from __future__ import annotations

import json
import logging

import pytest

from app.query.embedded import EmbeddedStore
from app.settings import SAMPLES_DIR, Settings
from app.query.compile import compile_sparql
from app.study import Study, StudyError, find_study, list_studies, load_study, study_ontology_files, validate_study
from app.graph.validate import validate_graph
from ontology_loaders import load_ontology

GRAPH = {
    "nodes": [{"id": "work_1", "class": "http://dbpedia.org/ontology/Work"},
              {"id": "player_1", "class": "http://dbpedia.org/ontology/IceHockeyPlayer"}],
    "edges": [{"source": "work_1", "link": "http://dbpedia.org/ontology/author", "target": "player_1"}],
}
MINIMAL = """\
title: A study
source: {kind: sample, name: dbpedia_sample}
tasks:
  - id: one
    prompt: Find things.
    time_limit_s: 60
"""


def write(tmp_path, text: str, name: str = "mine.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_minimal_study_takes_its_id_from_the_file_name(tmp_path):
    study = load_study(write(tmp_path, MINIMAL, "my-study.yaml"))
    assert study.id == "my-study" and study.intro == "" and study.intro_video is None and study.consent is None
    assert study.task("one").expected is None and study.task("two") is None


def test_expected_graph_inline_or_from_a_file_next_to_the_yaml(tmp_path):
    (tmp_path / "answers").mkdir()
    (tmp_path / "answers" / "one.json").write_text(json.dumps(GRAPH))
    from_file = load_study(write(tmp_path, MINIMAL + "    expected_file: answers/one.json\n"))
    inline = load_study(write(tmp_path, MINIMAL + f"    expected: {json.dumps(GRAPH)}\n", "inline.yaml"))
    assert from_file.task("one").expected == inline.task("one").expected
    assert [n.class_ for n in inline.task("one").expected.nodes][1].endswith("IceHockeyPlayer")


@pytest.mark.parametrize("text, message", [
    (MINIMAL.replace("title: A study\n", "title: A study\n  bad: [\n"), "YAML syntax error at line 2"),
    (MINIMAL + "colour: blue\n", "colour: Extra inputs are not permitted"),
    (MINIMAL + "    difficulty: 3\n", "tasks.0.difficulty: Extra inputs are not permitted"),
    (MINIMAL + "  - id: one\n    prompt: Again.\n    time_limit_s: 5\n", "duplicate task ids: one"),
    (MINIMAL.replace("time_limit_s: 60", "time_limit_s: 0"), "tasks.0.time_limit_s: Input should be greater than 0"),
    (MINIMAL.replace("dbpedia_sample", "nowhere"), "no bundled sample called 'nowhere'"),
    (MINIMAL.replace("{kind: sample, name: dbpedia_sample}", "{kind: ftp}"), "source kind must be one of"),
    (MINIMAL.replace("id: one", "id: two words"), "tasks.0.id: String should match pattern"),
    (MINIMAL.replace("tasks:\n  - id: one\n    prompt: Find things.\n    time_limit_s: 60\n", "tasks: []\n"),
     "tasks: Tuple should have at least 1 item"),
    (MINIMAL + "    expected: {nodes: [{id: a, class: X}, {id: a, class: Y}]}\n", "duplicate node ids: a"),
    (MINIMAL + "    expected_file: missing.json\n", "tasks.0.expected_file: no such file"),
    ("- just\n- a list\n", "a study file is a YAML mapping"),
    (MINIMAL + "intro_video: not a url\n", "intro_video must be an http(s) URL"),
])
def test_bad_study_files_fail_with_one_line_naming_the_file(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(StudyError) as error:
        load_study(path)
    assert str(error.value).startswith(f"{path}: ") and message in str(error.value)
    assert "\n" not in str(error.value)


def test_a_missing_file_names_itself(tmp_path):
    with pytest.raises(StudyError, match="nothing.yaml: no such study file"):
        load_study(tmp_path / "nothing.yaml")


def test_list_studies_adds_the_settings_folder_and_skips_broken_files(tmp_path, caplog):
    write(tmp_path, MINIMAL, "extra.yaml")
    write(tmp_path, "title: [unclosed\n", "broken.yaml")
    write(tmp_path, MINIMAL.replace("title: A study", "id: onset_dbpedia\ntitle: Impostor"), "impostor.yml")
    with caplog.at_level(logging.WARNING, logger="app.study.definition"):
        studies = list_studies(Settings(studies_dir=tmp_path))
    assert [s.id for s in studies] == ["onset_dbpedia", "extra"]
    assert studies[0].title != "Impostor"  # the shipped study keeps its id
    assert "broken.yaml" in caplog.text and "already taken" in caplog.text
    assert [s.id for s in list_studies(Settings())] == ["onset_dbpedia"]


def test_listed_studies_are_parsed_again_only_when_their_files_change(tmp_path):
    import os

    (tmp_path / "one.json").write_text(json.dumps(GRAPH))
    path = write(tmp_path, MINIMAL + "    expected_file: one.json\n", "cached.yaml")
    settings = Settings(studies_dir=tmp_path)

    def listed() -> Study:
        return next(s for s in list_studies(settings) if s.id == "cached")

    first = listed()
    assert listed() is first  # unchanged files: the parsed study is reused

    path.write_text(path.read_text().replace("title: A study", "title: Renamed"))
    os.utime(path, ns=(1, 1))  # a new mtime even on a coarse-clock file system
    assert listed().title == "Renamed"

    renamed = listed()
    flipped = {**GRAPH, "edges": [{**GRAPH["edges"][0], "source": "player_1", "target": "work_1"}]}
    (tmp_path / "one.json").write_text(json.dumps(flipped))
    os.utime(tmp_path / "one.json", ns=(2, 2))
    changed = listed()
    assert changed is not renamed and changed.task("one").expected.edges[0].source == "player_1"


def test_find_study_by_id_or_path_and_the_error_lists_known_ids(tmp_path):
    path = write(tmp_path, MINIMAL, "extra.yaml")
    settings = Settings(studies_dir=tmp_path)
    assert find_study("extra", settings).id == "extra"
    assert find_study(str(path), Settings()).id == "extra"
    with pytest.raises(StudyError, match=r"no study called 'nope'; known studies: onset_dbpedia, extra$"):
        find_study("nope", settings)


def test_endpoint_sources_are_http_urls(tmp_path):
    endpoint = MINIMAL.replace("{kind: sample, name: dbpedia_sample}", "{kind: endpoint, url: 'https://dbpedia.org/sparql'}")
    study = load_study(write(tmp_path, endpoint))
    assert study.source == {"kind": "endpoint", "url": "https://dbpedia.org/sparql"}
    assert study_ontology_files(study) is None
    with pytest.raises(StudyError, match=r"is not an http\(s\) URL of a SPARQL endpoint"):
        load_study(write(tmp_path, endpoint.replace("https://dbpedia.org/sparql", "file:///etc/passwd")))


# -- the shipped study -----------------------------------------------------------------------
ROWS = {"hockey-works": 23, "gold-medalist-authors": 49, "us-home-ports": 80, "tv-theme-composers": 33}


def test_the_shipped_study_holds_the_papers_four_tasks(shipped_study: Study):
    assert shipped_study.id == "onset_dbpedia"
    assert shipped_study.source == {"kind": "sample", "name": "dbpedia_sample"}
    assert [t.id for t in shipped_study.tasks] == list(ROWS)
    assert shipped_study.tasks[0].prompt == "Find all works where the author is a hockey player."
    assert shipped_study.tasks[2].prompt.endswith("the same place as their death place.")
    assert all(t.expected is not None for t in shipped_study.tasks)
    limits = [t.time_limit_s for t in shipped_study.tasks]
    assert limits == sorted(limits) and shipped_study.intro.strip()
    us = shipped_study.tasks[2].expected
    assert [n.instances for n in us.nodes if n.class_.endswith("Country")] == [("http://dbpedia.org/resource/United_States",)]


def test_the_shipped_expected_graphs_validate_against_the_sample_ontology(shipped_study: Study):
    files = study_ontology_files(shipped_study)
    assert files == [SAMPLES_DIR / "dbpedia_sample" / "ontology.ttl"]
    ontology = load_ontology(files)
    assert validate_study(shipped_study, ontology) == {}
    for task in shipped_study.tasks:
        assert validate_graph(task.expected, ontology).ok, task.id


def test_validate_study_names_the_task_and_the_violation(shipped_study: Study):
    broken = shipped_study.tasks[0].expected.model_copy(update={"nodes": (
        shipped_study.tasks[0].expected.nodes[0].model_copy(update={"class_": "http://dbpedia.org/ontology/Nope"}),
        shipped_study.tasks[0].expected.nodes[1],
    )})
    study = shipped_study.model_copy(update={"tasks": (
        shipped_study.tasks[0].model_copy(update={"expected": broken}), *shipped_study.tasks[1:])})
    problems = validate_study(study, load_ontology(study_ontology_files(study)))
    assert list(problems) == ["hockey-works"] and any("Nope" in m for m in problems["hockey-works"])


def test_the_shipped_expected_graphs_return_rows_on_the_sample(shipped_study: Study):
    store = EmbeddedStore([SAMPLES_DIR / "dbpedia_sample" / "data.ttl"])
    counts = {t.id: len(store.select(compile_sparql(t.expected, limit=None))) for t in shipped_study.tasks}
    assert counts == ROWS

"""Fixtures for calling the study callbacks without a browser.

``context`` is a :class:`StudyContext` over a small study file and a SQLite recorder in
``tmp_path``; ``triggered`` stands in for Dash's callback context, which the callbacks
that serve two buttons or two stores read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

import pytest
from dash import html
from dash._callback_context import context_value
from dash._utils import AttributeDict

from app.settings import Settings
from app.study import EventKind, PasswordGuard, Study, StudyRecorder, load_study
from components.study.callbacks import StudyContext

PASSWORD = "s3cret"
CITY_GRAPH = {"nodes": [{"id": "city_1", "class": "http://dbpedia.org/ontology/City"}], "edges": []}

STUDY_YAML = """\
title: A small study
source: {kind: sample, name: dbpedia_sample}
intro: Two short tasks.
tasks:
  - id: first
    prompt: Find every city.
    time_limit_s: 300
    expected:
      nodes: [{id: city_1, class: "http://dbpedia.org/ontology/City"}]
      edges: []
  - id: second
    prompt: Find every person.
    time_limit_s: 60
"""


@pytest.fixture
def study_file(tmp_path):
    folder = tmp_path / "studies"
    folder.mkdir()
    path = folder / "mini.yaml"
    path.write_text(STUDY_YAML, encoding="utf-8")
    return path


@pytest.fixture
def study(study_file) -> Study:
    return load_study(study_file)


@pytest.fixture
def recorder(tmp_path) -> Iterator[StudyRecorder]:
    recorder = StudyRecorder(f"sqlite:///{tmp_path / 'study.sqlite3'}")
    yield recorder
    recorder.close()


@pytest.fixture
def context(tmp_path, study_file, recorder) -> StudyContext:
    settings = Settings(data_dir=tmp_path / "data", studies_dir=study_file.parent, study_admin_password=PASSWORD)
    return StudyContext(settings=settings, recorder=lambda: recorder, guard=PasswordGuard(PASSWORD),
                        client_address=lambda: "10.0.0.1", app_layout=lambda s: html.Div(f"app of {s.id}"),
                        home=lambda: html.Div("home"))


@pytest.fixture
def at_first_task(context, study, recorder) -> dict:
    """The progress view of a participant who consented and left the intro (in this browser: it holds the secret)."""
    participant, secret = recorder.join(study.id, "P01")
    recorder.record(study.id, participant, EventKind.CONSENT)
    recorder.record(study.id, participant, EventKind.INTRO)
    return context.view_of(study, participant, secret=secret)


@pytest.fixture
def triggered() -> Callable[..., AbstractContextManager[None]]:
    """``with triggered("id.prop", ...):`` runs a callback as if those inputs had fired."""

    @contextmanager
    def firing(*prop_ids: str) -> Iterator[None]:
        token = context_value.set(AttributeDict(triggered_inputs=[{"prop_id": p, "value": 1} for p in prop_ids]))
        try:
            yield
        finally:
            context_value.reset(token)

    return firing

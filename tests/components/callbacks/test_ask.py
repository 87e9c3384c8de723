"""The ask panel, called directly: examples, the pipeline job (with a stand-in pipeline), the stage strip."""

from __future__ import annotations

import pytest
from dash import html, no_update

from app.errors import PipelineCancelled
from app.graph.history import History
from app.graph.model import PrototypeGraph
from app.nl.pipeline import PipelineResult
from components import ids
from components.callbacks import ask as ask_panel
from components.callbacks.ask import ask, show_stages, use_example


def test_use_example_copies_the_clicked_question(triggered):
    texts = ["first question", "second question"]
    with triggered(ids.example_button(1)):
        assert use_example([None, 1], texts) == "second question"
    with triggered():
        assert use_example([None, None], texts) is no_update


@pytest.fixture
def drafted(monkeypatch, golden_graph):
    """The pipeline replaced by one that reports a stage and returns the works graph."""
    calls = []

    def extract_graph(question, resources, *, progress, cancel):
        calls.append((question, resources.ontology is not None, cancel))
        progress("raw_nodes", 0.4)
        return PipelineResult(question=question, graph=golden_graph("a_works_by_ice_hockey_players"),
                              timings_ms={"raw_nodes": 30.0, "total": 42.0}, messages=["One note."])

    monkeypatch.setattr(ask_panel, "extract_graph", extract_graph)
    return calls


def test_ask_commits_the_drafted_graph_with_its_stages(settings, sample, drafted, works):
    progress = []
    graph, history, stages, question, message = ask(progress.append, 1, "  works by hockey players ", sample,
                                                    None, None, settings=settings)
    assert drafted == [("works by hockey players", True, None)]
    assert progress == [("5", "Loading…"), ("40", "Raw nodes…")]
    assert graph == works and History.from_json(history).can_undo
    assert stages["total_ms"] == 42.0 and stages["cleaned"] == works and question == "works by hockey players"
    assert message == "Drafted 2 nodes and 1 links in 42 ms. One note."
    again = ask(progress.append, 2, "works by hockey players", sample, works, history, settings=settings)
    assert again[:2] == (no_update, no_update) and again[4].startswith("Same graph as before. Drafted")


def test_a_question_not_understood_keeps_the_canvas_and_says_so(settings, sample, monkeypatch, works):
    def not_understood(question, resources, *, progress, cancel):
        return PipelineResult(question=question, graph=PrototypeGraph(), not_understood=True,
                              messages=["not understood: rephrase it"])

    monkeypatch.setattr(ask_panel, "extract_graph", not_understood)
    graph, history, stages, question, message = ask(lambda _: None, 1, "asdf qwer", sample, works, None,
                                                    settings=settings)
    assert (graph, history) == (no_update, no_update)  # the user's graph stays on the canvas
    assert message == "not understood: rephrase it" and question == "asdf qwer" and stages["cleaned"]["nodes"] == []


def test_ask_needs_a_question_and_reports_cancel_and_errors(settings, sample, monkeypatch):
    assert ask(print, 1, "  ", sample, None, None, settings=settings) == (
        no_update, no_update, no_update, no_update, "Type a question first.")

    def cancelled(*_args, **_kwargs):
        raise PipelineCancelled("stopped")

    monkeypatch.setattr(ask_panel, "extract_graph", cancelled)
    assert ask(lambda _: None, 1, "q", sample, None, None, settings=settings)[4] == "Cancelled."
    failed = ask(lambda _: None, 1, "q", {"kind": "sample", "name": "no_such_sample"}, None, None, settings=settings)
    assert failed[:4] == (no_update,) * 4 and isinstance(failed[4], html.Span)


def test_show_stages_renders_one_figure_per_stage(settings, sample, works):
    data = {"raw": {"nodes": ["work"]}, "candidates": {}, "constrained": works, "cleaned": works, "cleanup": [],
            "timings_ms": {"raw": 12.0}, "total_ms": 20.0}
    figures = show_stages(data, sample, settings=settings)
    assert len(figures) == 4 and all(isinstance(f, html.Figure) for f in figures)
    assert "12 ms" in str(figures[0])

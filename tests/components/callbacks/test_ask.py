"""The ask panel, called directly: examples, the pipeline job (with a stand-in pipeline), the stage strip."""

from __future__ import annotations

import pytest
from dash import html, no_update

from app.errors import PipelineCancelled
from app.graph.history import History
from app.graph.model import PrototypeGraph
from app.nl.pipeline import PipelineResult
from components import ids, views
from components.callbacks import ask as ask_panel
from components.callbacks.ask import ask, show_stages, use_example


def lines(message: list) -> list[str]:
    """The text of each line of a message, which is one element per fact."""
    assert all(isinstance(line, html.Div) for line in message)
    return [line.children for line in message]


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
    assert lines(message) == ["Drafted 2 nodes and 1 link in 42 ms.", "One note."]
    again = ask(progress.append, 2, "works by hockey players", sample, works, history, settings=settings)
    assert again[:2] == (no_update, no_update) and lines(again[4])[0].startswith("Same graph as before. Drafted")


def test_a_question_not_understood_keeps_the_canvas_and_says_so(settings, sample, monkeypatch, works):
    def not_understood(question, resources, *, progress, cancel):
        return PipelineResult(question=question, graph=PrototypeGraph(), not_understood=True,
                              messages=["not understood: rephrase it"])

    monkeypatch.setattr(ask_panel, "extract_graph", not_understood)
    graph, history, stages, question, message = ask(lambda _: None, 1, "asdf qwer", sample, works, None,
                                                    settings=settings)
    assert (graph, history) == (no_update, no_update)  # the user's graph stays on the canvas
    assert lines(message) == ["Not understood: rephrase it"] and question == "asdf qwer" and stages["cleaned"]["nodes"] == []


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


def test_progress_speaks_plain_words_and_shows_the_place_in_the_queue(settings, sample, monkeypatch, golden_graph):
    def waited(question, resources, *, progress, cancel):
        progress("waiting: 2 questions ahead", 0.1)
        progress("raw pass", 0.1)
        progress("constrained pass", 0.55)
        return PipelineResult(question=question, graph=golden_graph("a_works_by_ice_hockey_players"),
                              timings_ms={"waiting": 4200.0, "total": 6000.0})

    monkeypatch.setattr(ask_panel, "extract_graph", waited)
    progress = []
    message = ask(progress.append, 1, "works by hockey players", sample, None, None, settings=settings)[4]
    assert progress[1:] == [("10", "Waiting: 2 questions ahead…"), ("10", "Reading the question…"),
                            ("55", "Choosing classes and links…")]
    assert lines(message) == ["Drafted 2 nodes and 1 link in 6000 ms. 4 s of it waiting for other questions."]


def test_messages_say_each_fact_once_on_its_own_line(settings, sample, monkeypatch, golden_graph):
    repeated = ["a guess: \u201cwere born in\u201d read as location"] * 4 + ["found 1 links between them", ""]

    def chatty(question, resources, *, progress, cancel):
        return PipelineResult(question=question, graph=golden_graph("a_works_by_ice_hockey_players"),
                              timings_ms={"total": 5.0}, messages=repeated)

    monkeypatch.setattr(ask_panel, "extract_graph", chatty)
    message = ask(lambda _: None, 1, "q", sample, None, None, settings=settings)[4]
    assert lines(message) == ["Drafted 2 nodes and 1 link in 5 ms.",
                              "A guess: \u201cwere born in\u201d read as location", "Found 1 link between them"]


def test_the_evidence_strip_says_how_sure_which_words_and_which_parts_are_guesses(settings, sample, works):
    edge = "work_1 http://dbpedia.org/ontology/author ice_hockey_player_1"
    result = PipelineResult(
        question="Which works by hockey players?", graph=PrototypeGraph.model_validate(works),
        evidence={"work_1": "class: \u201cworks\u201d", "ice_hockey_player_1": "class: \u201chockey players\u201d",
                  edge: "\u201cby\u201d \u2192 author"},
        confidence=0.497, used_words=["works", "by", "hockey", "players"], ignored_words=["Which"],
        messages=["a guess: \u201cby\u201d read as author"] * 2, timings_ms={"evidence": 12.0, "total": 12.0})
    figures = show_stages(views.strip_data(result), sample, settings=settings)
    assert len(figures) == 4 and all(f.title for f in figures)  # every figure explains itself on hover
    text = str(figures)
    assert "unsure" in text and "0.50 of 1" in text and "12 ms" in text
    assert "Words used: " in text and "hockey" in text and "Words not used: " in text and "Which" in text
    links = figures[1].children[1].children
    assert links[0].className == "guess" and "a guess" in links[0].title and "by" in links[0].title
    things = figures[0].children[1].children
    assert things[0].className is None and "names its class" in things[0].title

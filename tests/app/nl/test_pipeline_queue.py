"""Questions that need the model take turns on it: the real default model, embedder and DBpedia ontology."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from app.errors import PipelineCancelled, PipelineError
from app.nl.draft import Draft
from app.nl.model_queue import ModelQueue, shared_queue
from app.nl.pipeline import PipelineOptions, extract_graph
from app.resources import get_resources
from app.settings import Settings
from grammar.backends import StopReason

# Label-worded, with link reading off: the relations are the model's to write.
MODEL_QUESTION = "a person and the child of a person have the alma mater of the same university"
MODEL_OPTIONS = PipelineOptions(read_links=False, evidence=False, timeout_s=300)


@pytest.fixture(scope="module")
def resources(dbo_path):
    res = get_resources(Settings(ontology=[dbo_path], kg=[], llm_timeout_s=300))
    assert res.ontology and res.index and res.llm  # load once, outside the tests
    return res


def _until(condition: Callable[[], bool]) -> None:
    give_up = time.monotonic() + 60
    while not condition():
        assert time.monotonic() < give_up, "the question never got there"
        time.sleep(0.01)


def test_pq001_the_time_limit_starts_at_the_models_turn(resources) -> None:
    # A draft begun an hour ago (its question waited all that time) still has its whole limit.
    draft = Draft("a city", resources.llm, resources.ontology, resources.index,
                  PipelineOptions(timeout_s=120, max_tokens=3), None, None, started=time.monotonic() - 3600,
                  queue=ModelQueue())
    before = time.monotonic()
    prompt = resources.llm.render([{"role": "user", "content": "Name a city."}])
    try:
        completion = draft.generate("raw_nodes", prompt, "", ["\n"])
    finally:
        draft.release_model()
    assert completion.stop_reason is not StopReason.TIMEOUT and completion.completion_tokens > 0
    assert not any("time" in message for message in draft.messages)
    assert draft.turn is not None and draft.turn.started >= before
    assert "waiting" not in draft.timings  # nobody was ahead


def test_pq002_a_model_question_waits_its_turn_and_says_so(resources) -> None:
    queue = shared_queue()
    holder = queue.join()
    seen: list[tuple[str, float]] = []
    results = []
    worker = threading.Thread(target=lambda: results.append(
        extract_graph(MODEL_QUESTION, resources, options=MODEL_OPTIONS,
                      progress=lambda stage, fraction: seen.append((stage, fraction)))))
    try:
        worker.start()
        _until(lambda: ("waiting: 1 question ahead", 0.1) in seen)
        assert queue.size() == 2 and not results
    finally:
        queue.leave(holder)
    worker.join(300)
    [result] = results
    stages = [stage for stage, _ in seen]
    at = stages.index("waiting: 1 question ahead")
    assert stages[at - 1] == stages[at + 1] == "raw pass"  # the stage is shown again once the turn comes
    assert [f for _, f in seen] == sorted(f for _, f in seen) and seen[-1] == ("done", 1.0)
    assert result.timings_ms["waiting"] > 0 and "raw_edges" in result.timings_ms
    assert queue.size() == 0  # the model is free again


def test_pq003_cancel_while_waiting_ends_the_question_at_once(resources) -> None:
    queue = shared_queue()
    holder = queue.join()
    cancel = threading.Event()
    errors: list[BaseException] = []

    def ask() -> None:
        try:
            extract_graph(MODEL_QUESTION, resources, options=MODEL_OPTIONS, cancel=cancel,
                          progress=lambda stage, _: stage.startswith("waiting") and cancel.set())
        except PipelineCancelled as error:
            errors.append(error)

    worker = threading.Thread(target=ask)
    try:
        worker.start()
        worker.join(60)
        # Cancelled while the holder still has the model: the question did not wait for it.
        assert not worker.is_alive() and len(errors) == 1 and queue.size() == 1
    finally:
        queue.leave(holder)
    assert queue.size() == 0


def test_pq004_a_question_that_needs_no_model_does_not_wait(resources) -> None:
    queue = shared_queue()
    holder = queue.join()
    results = []
    # Label-worded with its relation stated: read off, no model call, so no turn to wait for.
    worker = threading.Thread(target=lambda: results.append(
        extract_graph("a person has child a person", resources, options=PipelineOptions(timeout_s=300))), daemon=True)
    try:
        worker.start()
        worker.join(60)
        assert not worker.is_alive(), "the question waited for a model it does not use"
    finally:
        queue.leave(holder)
    [result] = results
    assert result.graph.nodes and "waiting" not in result.timings_ms


def test_pq005_messages_say_what_the_model_was_doing_not_which_stage(resources) -> None:
    def draft(timeout_s: float) -> Draft:
        return Draft("a city", resources.llm, resources.ontology, resources.index, PipelineOptions(timeout_s=timeout_s),
                     None, None, queue=ModelQueue())

    out_of_time = draft(0.0)
    completion = out_of_time.generate("raw_edges", "nodes:", "", ["\n"])
    assert completion.stop_reason is StopReason.TIMEOUT
    assert out_of_time.messages == ["no time was left for writing the relations (the limit is 0 s)"]
    broken = draft(60.0)
    with pytest.raises(PipelineError, match="^the language model failed while choosing the links: ") as failed:
        broken.generate("constrained_edges", "nodes:", "root ::= (", ["\n"])
    broken.release_model()
    assert "constrained_edges" not in str(failed.value)

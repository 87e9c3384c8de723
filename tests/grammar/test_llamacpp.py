"""The embedded backend with the real default model: the fast sampler, grammars, bounds."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from grammar.backends import StopReason
from grammar.builders import constrained_edges_grammar, constrained_nodes_grammar, question_spans, raw_edges_grammar, raw_nodes_grammar

pytest.importorskip("llama_cpp")


@pytest.fixture(scope="module")
def backend():
    from app.nl.llm import default_model_path
    from grammar.llamacpp import LlamaCppBackend

    llm = LlamaCppBackend(default_model_path(Path.home() / ".cache" / "protograph" / "models"))
    yield llm
    llm.close()


GRAMMAR = 'root ::= "nodes: " ("person" | "place" | "university") (" | " ("person" | "place" | "university")){0,3} "\\n"'


def test_gll001_top_k_check_matches_the_full_vocabulary_check(backend) -> None:
    prompt = backend.render([{"role": "user", "content": "A person studied at a university. List the things."}])
    fast = backend.complete(prompt, grammar=GRAMMAR, max_tokens=24, timeout_s=300)
    stock = backend.complete_unconstrained_baseline(prompt.removeprefix("<bos>"), grammar=GRAMMAR, max_tokens=24)
    assert fast.text.startswith("nodes: ")
    assert fast.text == stock.text  # greedy: the same tokens, only faster


def test_gll002_every_built_grammar_parses_in_llama_cpp(backend) -> None:
    spans = question_spans('a person "quoted" \\ and the child of a person')
    names = question_spans('Ada "Lovelace" \\', lower=False)
    prompt = backend.render([{"role": "user", "content": "x"}])
    for grammar in (raw_nodes_grammar(spans), raw_nodes_grammar(None), raw_nodes_grammar([]),
                    raw_edges_grammar(["person_1", "person_2"], spans=spans, names=names),
                    raw_edges_grammar(["person_1", "person_2"], spans=spans, names=[]),
                    raw_edges_grammar(["person_1"], spans=None, names=None),
                    constrained_nodes_grammar([["person"], ['a "b"']]), constrained_nodes_grammar([]),
                    constrained_edges_grammar(["person_1", "person_2"], relations={("person_1", "person_2"): ["child"]},
                                              properties={"person_1": ["birth date"]}, names=names)):
        backend.complete(prompt, grammar=grammar, max_tokens=2, timeout_s=300)  # raises ValueError when it does not parse


def test_gll003_bad_grammar_is_a_value_error(backend) -> None:
    with pytest.raises(ValueError, match="does not parse"):
        backend.complete("x", grammar="root ::= undefined-rule", max_tokens=2)


def test_gll004_bounds(backend) -> None:
    prompt = backend.render([{"role": "user", "content": "Count to one hundred."}])
    cancel = threading.Event()
    cancel.set()
    assert backend.complete(prompt, max_tokens=50, cancel=cancel).stop_reason is StopReason.CANCELLED
    assert backend.complete(prompt, max_tokens=50, timeout_s=1e-6).stop_reason is StopReason.TIMEOUT
    assert backend.complete(prompt, max_tokens=3, timeout_s=300).stop_reason is StopReason.LENGTH


# Many lines, so the prompt is evaluated in several batches and a later prompt can reuse some of them.
EXAMPLES = "".join(f"Thing number {n} is a {kind}.\n" for n in range(30) for kind in ("city", "river", "person"))


def test_gll004a_a_prompt_reuses_the_whole_batches_of_the_one_before(backend) -> None:
    first = backend.complete(EXAMPLES + "Paris is a", max_tokens=3, timeout_s=300)
    again = backend.complete(EXAMPLES + "Paris is a", max_tokens=3, timeout_s=300)
    other = backend.complete(EXAMPLES + "The Danube is a", max_tokens=3, timeout_s=300)
    assert first.cached_tokens == 0 and again.text == first.text
    # the examples are reused; the last line, which holds the logits, is evaluated again
    assert other.cached_tokens == again.cached_tokens == len(backend.tokenize(EXAMPLES))


def _logits_after(backend, before: str | None, prompt: str):  # noqa: ANN202 - a numpy array
    backend.complete(before or "Hello", max_tokens=1, timeout_s=300)
    backend.complete(prompt, max_tokens=1, timeout_s=300)
    return backend._logits().copy()


def test_gll004c_what_the_model_computes_does_not_depend_on_the_prompt_before(backend) -> None:
    """Before, "Johnny Cash" was typed a person after one name and a singer after none."""
    prompt = EXAMPLES + "Johnny Cash is a"
    fresh = _logits_after(backend, None, prompt)
    half = EXAMPLES[: len(EXAMPLES) // 2]
    for before in (EXAMPLES + "Rome is a", half + "Zork is a", half[:-40]):
        assert (_logits_after(backend, before, prompt) == fresh).all(), before


def test_gll004b_a_cancelled_question_leaves_the_queue_while_the_model_is_busy(backend) -> None:
    prompt = backend.render([{"role": "user", "content": "Count to one hundred, one number per line."}])
    busy = threading.Thread(target=backend.complete, args=(prompt,), kwargs={"max_tokens": 400, "timeout_s": 300})
    busy.start()
    try:
        until_busy = time.monotonic() + 30
        while not backend._lock.locked() and time.monotonic() < until_busy:
            time.sleep(0.01)
        assert backend._lock.locked()
        cancel = threading.Event()
        threading.Timer(0.2, cancel.set).start()
        waited = backend.complete(prompt, max_tokens=5, timeout_s=300, cancel=cancel)
        assert waited.stop_reason is StopReason.CANCELLED and waited.prompt_tokens == 0
        assert busy.is_alive()  # it left while the other question still held the model
    finally:
        busy.join(timeout=300)


def test_gll005_the_built_library_has_no_amx_kernels() -> None:
    # The Makefile builds with -march=native minus AMX: llama.cpp's AMX kernels crashed the process
    # on a Sapphire Rapids CPU. A wheel built without those flags (or an old cached one) fails here.
    import llama_cpp

    libraries = sorted((Path(llama_cpp.__file__).parent / "lib").glob("libggml-cpu.so*"))
    if not libraries:
        pytest.skip("llama_cpp has no separate CPU library in this build")
    for library in libraries:
        assert b"ggml_backend_amx_mul_mat" not in library.read_bytes(), library

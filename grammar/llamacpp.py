"""The embedded backend: llama-cpp-python with a fast grammar-constrained sampler.

Why the stock sampler is slow: ``Llama.create_completion(grammar=...)`` puts
the grammar sampler into the sampler chain *before* greedy/top-k, so every
step runs the grammar over all candidates. With Gemma 3's 262,144-token
vocabulary that is a quarter of a million token strings matched against the
grammar stacks per generated token (11–18 tok/s against 58 unconstrained).

What this adapter does instead is llama.cpp's own strategy (``common/sampling``):
take the model's best candidates first, check only those against the grammar,
and fall back to the full vocabulary only when none of them is admitted. For
greedy decoding this picks exactly the token the full check would pick, because
the best admitted token among the top k is the best admitted token overall
whenever one of the top k is admitted.

It also keeps the KV cache of a prompt start shared with the call before, so
the staged prompts of the pipeline (same chat, longer assistant answer) and the
name typer's fixed examples are not evaluated again. What a batch computes depends a little on the
batch's size and start (llama.cpp picks other kernels), so a greedy answer
depended on which prompt came before: "Johnny Cash" was a person after one name
and a singer after none. A prompt is therefore always evaluated in the same
batches, cut at fixed line ends from its start, with its last line on its own,
and only whole batches of an earlier prompt are reused.
"""

from __future__ import annotations

import ctypes
import itertools
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import numpy as np

from grammar.backends import Backend, Completion, StopReason
from grammar.chat import render_gemma

# With OpenMP, idle worker threads spin by default. On a small shared machine a
# spinning thread steals the core its partner needs: measured on 2 busy cores,
# 2 spinning threads ran at 1.6-3.5 tok/s and 2 passive ones at 10.5-10.9 tok/s.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

__all__ = ["LLM_EXTRA_HINT", "LlamaCppBackend", "import_llama_cpp"]

LLM_EXTRA_HINT = "pip install 'protograph[llm]'"
# How many of the best tokens are checked against the grammar before the full vocabulary.
TOP_K_CHECK = 48
# Lines are evaluated in batches of at least this many tokens: fewer, smaller batches are slower, and longer
# ones reuse less of a prompt that changes after its shared examples.
BATCH_MIN_TOKENS = 64


def import_llama_cpp():  # noqa: ANN201 - the module object
    """Import llama_cpp, or say what to install.

    :raises ImportError: llama-cpp-python is not installed.
    """
    try:
        import llama_cpp
    except ImportError as exc:
        raise ImportError(f"the embedded LLM backend needs llama-cpp-python: {LLM_EXTRA_HINT}") from exc
    return llama_cpp


_TOKEN_DTYPE = np.dtype([("id", np.int32), ("logit", np.float32), ("p", np.float32)], align=True)


class _TokenBuffer:
    """A llama_token_data array with a writable numpy view of it."""

    def __init__(self, llama_cpp, size: int) -> None:  # noqa: ANN001
        self.size = size
        self.array = (llama_cpp.llama_token_data * size)()
        self.view = np.frombuffer(self.array, dtype=_TOKEN_DTYPE, count=size)
        self.struct = llama_cpp.llama_token_data_array(
            data=ctypes.cast(self.array, llama_cpp.llama_token_data_p), size=size, selected=-1, sorted=False)

    def load(self, ids: np.ndarray, logits: np.ndarray, *, is_sorted: bool) -> None:
        n = len(ids)
        self.view["id"][:n] = ids
        self.view["logit"][:n] = logits
        self.view["p"][:n] = 0.0
        self.struct.size = n
        self.struct.selected = -1
        self.struct.sorted = is_sorted


class LlamaCppBackend(Backend):
    """A GGUF model run in-process.

    :param model_path: the ``.gguf`` file.
    :raises ImportError: llama-cpp-python is missing (the message says what to install).
    :raises FileNotFoundError: no file at ``model_path``.
    :raises ValueError: the file is not a loadable GGUF model.
    """

    name = "llama_cpp"

    def __init__(self, model_path: str | Path, *, n_ctx: int = 4096, n_threads: int = 2,
                 n_batch: int = 512, top_k_check: int = TOP_K_CHECK) -> None:
        llama_cpp = import_llama_cpp()
        path = Path(model_path)
        if not path.is_file():
            raise FileNotFoundError(f"no GGUF model at {path}")
        try:
            self._llm = llama_cpp.Llama(model_path=str(path), n_ctx=n_ctx, n_threads=n_threads,
                                        n_threads_batch=n_threads, n_batch=n_batch, verbose=False)
        except (ValueError, RuntimeError, OSError) as exc:
            raise ValueError(f"cannot load the GGUF model {path}: {exc}") from exc
        self._lib = llama_cpp
        self.model_path = path
        self._vocab = self._llm._model.vocab
        self._n_vocab = self._llm.n_vocab()
        self._n_ctx = n_ctx
        self._lock = threading.Lock()
        self._top_k = min(top_k_check, self._n_vocab)
        self._small = _TokenBuffer(llama_cpp, self._top_k)
        self._full: _TokenBuffer | None = None  # allocated on the first fallback
        self._all_ids = np.arange(self._n_vocab, dtype=np.int32)
        self._pieces: dict[int, bytes] = {}
        self._prompt_in_cache = 0  # cached tokens evaluated as a prompt's batches, not one by one as answers
        self._cached_cuts: frozenset[int] = frozenset()  # where those batches end
        self._formatter = self._chat_formatter()

    # -- prompts -------------------------------------------------------------
    def _chat_formatter(self):  # noqa: ANN202
        template = self._llm.metadata.get("tokenizer.chat_template")
        if not template:
            return None
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        vocab = self._lib
        bos = self._piece(vocab.llama_vocab_bos(self._vocab), special=True).decode("utf-8", "replace")
        eos = self._piece(vocab.llama_vocab_eos(self._vocab), special=True).decode("utf-8", "replace")
        return Jinja2ChatFormatter(template=template, eos_token=eos, bos_token=bos)

    def render(self, messages: Sequence[Mapping[str, str]]) -> str:
        if self._formatter is None:
            return render_gemma(messages, bos="<bos>")
        return self._formatter(messages=[dict(m) for m in messages]).prompt

    def tokenize(self, text: str) -> list[int]:
        return self._llm.tokenize(text.encode("utf-8"), add_bos=False, special=True)

    def _piece(self, token: int, *, special: bool = False) -> bytes:
        cached = self._pieces.get(token) if not special else None
        if cached is not None:
            return cached
        buf = ctypes.create_string_buffer(64)
        n = self._lib.llama_token_to_piece(self._vocab, token, buf, len(buf), 0, special)
        if n < 0:
            buf = ctypes.create_string_buffer(-n)
            n = self._lib.llama_token_to_piece(self._vocab, token, buf, len(buf), 0, special)
        piece = buf.raw[:n]
        if not special:
            self._pieces[token] = piece
        return piece

    def _batch_ends(self, tokens: list[int]) -> tuple[list[int], int]:
        """The ends of the batches that hold whole lines, and where the last line starts (0 for one line).

        The ends depend only on the tokens before them, so two prompts that share a
        start cut it alike, and one may reuse the other's batches.
        """
        last_line = next((position + 1 for position in range(len(tokens) - 2, -1, -1)
                          if b"\n" in self._piece(tokens[position])), 0)
        ends: list[int] = []
        for position in range(last_line):
            if position + 1 - (ends[-1] if ends else 0) >= BATCH_MIN_TOKENS and b"\n" in self._piece(tokens[position]):
                ends.append(position + 1)
        return ends, last_line

    def _reuse_prefix(self, tokens: list[int], cuts: list[int]) -> int:
        """Keep the KV cache of the longest run of batches that this prompt and the cached one both cut alike.

        A prompt's batch ends before its last line match another's wherever the two share the tokens
        before them; the start of the last line only where both prompts have it there (the same examples,
        another name). Returns how many tokens are kept.
        """
        llm = self._llm
        cached = llm.input_ids[: min(llm.n_tokens, self._prompt_in_cache)]
        limit = min(len(cached), len(tokens))
        common = 0
        if limit > 0:
            same = np.asarray(cached[:limit]) == np.asarray(tokens[:limit], dtype=cached.dtype)
            common = limit if same.all() else int(np.argmin(same))
        reused = max((cut for cut in cuts if cut <= common and cut in self._cached_cuts), default=0)
        if reused > 0 and llm._ctx.kv_cache_seq_rm(-1, reused, -1):
            llm.n_tokens = reused
            return reused
        llm.reset()
        llm._ctx.kv_cache_seq_rm(-1, 0, -1)
        return 0

    def _evaluate_prompt(self, tokens: list[int]) -> int:
        """Evaluate ``tokens`` in their fixed batches after the reusable ones; return how many were reused."""
        ends, last_line = self._batch_ends(tokens)
        reused = self._reuse_prefix(tokens, [*ends, last_line])
        self._prompt_in_cache = reused
        cuts = [reused, *(end for end in ends if end > reused), last_line, len(tokens)]
        for start, stop in itertools.pairwise(cuts):
            if stop > start:
                self._llm.eval(tokens[start:stop])
        self._prompt_in_cache = len(tokens)
        self._cached_cuts = frozenset([*ends, last_line])
        return reused

    # -- sampling ------------------------------------------------------------
    def _logits(self) -> np.ndarray:
        pointer = self._lib.llama_get_logits_ith(self._llm._ctx.ctx, -1)
        return np.ctypeslib.as_array(pointer, shape=(self._n_vocab,))

    def _choose(self, logits: np.ndarray, sampler) -> tuple[int, bool]:  # noqa: ANN001
        """The best token the grammar admits, and whether the full vocabulary had to be checked."""
        if sampler is None:
            return int(np.argmax(logits)), False
        top = np.argpartition(logits, -self._top_k)[-self._top_k:]
        top = top[np.argsort(-logits[top], kind="stable")].astype(np.int32)
        self._small.load(top, logits[top], is_sorted=True)
        self._lib.llama_sampler_apply(sampler, ctypes.byref(self._small.struct))
        survivors = np.isfinite(self._small.view["logit"][: self._top_k])
        if survivors.any():
            return int(self._small.view["id"][int(np.argmax(survivors))]), False
        if self._full is None:
            self._full = _TokenBuffer(self._lib, self._n_vocab)
        self._full.load(self._all_ids, logits, is_sorted=False)
        self._lib.llama_sampler_apply(sampler, ctypes.byref(self._full.struct))
        return int(np.argmax(self._full.view["logit"])), True

    def _wait_for_model(self, deadline: float, cancel: threading.Event | None) -> StopReason | None:
        """Take the model's lock; or the reason to give up: the deadline passed or the caller cancelled.

        Questions share one model, so a question waits here while another is answered;
        a cancelled one must leave the queue at once, not when the model frees up.
        """
        while True:
            if cancel is not None and cancel.is_set():
                return StopReason.CANCELLED
            left = deadline - time.monotonic()
            if left <= 0:
                return StopReason.TIMEOUT
            if self._lock.acquire(timeout=min(left, 0.05)):
                return None

    def complete(self, prompt: str, *, grammar: str | None = None, max_tokens: int = 128,
                 stop: Sequence[str] = (), timeout_s: float = 20.0,
                 cancel: threading.Event | None = None,
                 stop_when: Callable[[str], bool] | None = None) -> Completion:
        """Greedy completion under an optional GBNF grammar (root rule ``root``).

        :raises ValueError: the grammar does not parse, or the prompt does not fit the context.
        """
        started = time.monotonic()
        deadline = started + timeout_s
        waited = self._wait_for_model(deadline, cancel)
        if waited is not None:
            return Completion(text="", stop_reason=waited)
        sampler = None
        try:
            tokens = self.tokenize(prompt)
            if len(tokens) + max_tokens > self._n_ctx:
                raise ValueError(f"the prompt has {len(tokens)} tokens; the context holds {self._n_ctx}")
            if grammar:
                sampler = self._lib.llama_sampler_init_grammar(self._vocab, grammar.encode("utf-8"), b"root")
                if not sampler:
                    raise ValueError("the GBNF grammar does not parse")
            reused = self._evaluate_prompt(tokens)
            prompt_done = time.monotonic()
            out = bytearray()
            reason = StopReason.LENGTH
            produced = fallbacks = 0
            text = ""
            for _ in range(max_tokens):
                if cancel is not None and cancel.is_set():
                    reason = StopReason.CANCELLED
                    break
                if time.monotonic() > deadline:
                    reason = StopReason.TIMEOUT
                    break
                token, fell_back = self._choose(self._logits(), sampler)
                fallbacks += fell_back
                if self._lib.llama_vocab_is_eog(self._vocab, token):
                    reason = StopReason.STOP
                    break
                if sampler is not None:
                    self._lib.llama_sampler_accept(sampler, token)
                produced += 1
                out += self._piece(token)
                text = out.decode("utf-8", "ignore")
                hit = next((s for s in stop if s and s in text), None)
                if hit is not None:
                    text = text[: text.index(hit)]
                    reason = StopReason.STOP
                    break
                if stop_when is not None and stop_when(text):
                    reason = StopReason.STOP
                    break
                self._llm.eval([token])
            else:
                text = out.decode("utf-8", "ignore")
            ended = time.monotonic()
            return Completion(
                text=text, stop_reason=reason, prompt_tokens=len(tokens), cached_tokens=reused,
                completion_tokens=produced, sampled_tokens=produced, grammar_fallbacks=fallbacks,
                prompt_ms=(prompt_done - started) * 1000, generation_ms=(ended - prompt_done) * 1000)
        finally:
            if sampler:
                self._lib.llama_sampler_free(sampler)
            self._lock.release()

    def complete_unconstrained_baseline(self, prompt: str, *, grammar: str | None = None,
                                        max_tokens: int = 64) -> Completion:
        """The stock llama-cpp-python path (grammar over the full vocabulary), for the benchmark."""
        from llama_cpp import LlamaGrammar

        with self._lock:
            self._prompt_in_cache, self._cached_cuts = 0, frozenset()
            started = time.monotonic()
            kwargs: dict[str, object] = {"max_tokens": max_tokens, "temperature": 0.0}
            if grammar:
                kwargs["grammar"] = LlamaGrammar.from_string(grammar, verbose=False)
            result = self._llm.create_completion(prompt, **kwargs)
            elapsed = (time.monotonic() - started) * 1000
            usage = result["usage"]
            return Completion(text=result["choices"][0]["text"], stop_reason=StopReason.STOP,
                              prompt_tokens=usage["prompt_tokens"], completion_tokens=usage["completion_tokens"],
                              generation_ms=elapsed)

    def close(self) -> None:
        llm, self._llm = getattr(self, "_llm", None), None
        if llm is not None:
            llm.close()

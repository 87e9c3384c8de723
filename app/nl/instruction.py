"""Edit by instruction: "also require that the university is in Germany" → operations → a new graph.

1. **Pre-pass** (:mod:`app.nl.instruction_rules`): a plainly worded instruction
   is read off its words, with no model call.
2. **Model**: otherwise the language model answers with operation lines
   (:mod:`grammar.edit_ops`) under a grammar built for this request from the
   current graph: its node ids, the new nodes the instruction may mean, the
   links the ontology allows between their classes, the graph's edges, class
   changes and attributes. Every line is valid for the graph by construction.
   The prompt is a plain few-shot completion (``grammar/edit_examples.jsonl``),
   which a base model continues best; its fixed head keeps the KV cache warm.
3. The operations are applied through :mod:`app.graph.edits`, and the
   difference is reported (:func:`app.graph.instruct.diff_graphs`).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import replace
from importlib.resources import files
from typing import Any, Literal

from pydantic import BaseModel, Field

from app.errors import PipelineError, ProtoGraphError
from app.graph.instruct import GraphDiff, Operation, apply_operations, diff_graphs
from app.graph.model import PrototypeGraph
from app.nl.instruction_candidates import Candidate, candidate_edits
from app.nl.instruction_choices import ChoiceMaps, build_choices, operations_from_lines
from app.nl.instruction_rules import obvious_operations, removes_or_hides
from app.nl.model_queue import shared_queue
from grammar.backends import Backend, Completion, StopReason
from grammar.builders import END, alternation, escape_literal
from grammar.edit_ops import edit_operations_grammar
from ontology_loaders import Ontology

__all__ = ["MAX_INSTRUCTION_CHARS", "InstructionResult", "build_prompt", "describe_graph", "describe_operation",
           "edit_by_instruction", "parse_instruction"]

log = logging.getLogger(__name__)

MAX_INSTRUCTION_CHARS = 300
NOT_NAMED = ("nothing in the graph goes by that name, or more than one thing does: "
             "name it by its id (e.g. person_2)")
HEAD = "Edit a query graph as the instruction says. Answer with one operation per line, then END.\n\n"


class InstructionResult(BaseModel):
    """What an instruction asks for: operations, the graph after them, and the difference."""

    instruction: str
    operations: list[Operation] = Field(default_factory=list)
    lines: list[str] = Field(default_factory=list, description="The operations in the model's line format.")
    graph: PrototypeGraph
    diff: GraphDiff = Field(default_factory=GraphDiff)
    via: Literal["rules", "ranked", "model", "none"] = Field(
        default="none", description="rules: the pre-pass; ranked: the best candidate; model: the model's answer.")
    messages: list[str] = Field(default_factory=list)
    timings_ms: dict[str, float] = Field(default_factory=dict)


def _examples() -> list[dict[str, Any]]:
    text = files("grammar").joinpath("edit_examples.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def describe_graph(graph: PrototypeGraph, ontology: Ontology) -> list[str]:
    """The graph in the prompt's words: ``id (class)`` per node, ``a link b`` per edge, one line per condition."""
    lines = [f"{n.id} ({ontology.label(n.class_)})" for n in graph.nodes]
    lines += [f"{e.source} {ontology.label(e.link)} {e.target}" for e in graph.edges]
    for node in graph.nodes:
        lines += [f"{node.id} {'name' if c.property.endswith('label') else ontology.label(c.property)} "
                  f"{c.op.value} {c.value}" for c in node.constraints]
    return lines


def _block(graph_lines: list[str], instruction: str) -> str:
    return "Graph:\n" + "\n".join(graph_lines or ["(empty)"]) + f"\nInstruction: {instruction}\nEdit:"


def build_prompt(graph: PrototypeGraph, instruction: str, ontology: Ontology, *, bos: str = "") -> str:
    """Worked examples first (the same for every request), then this graph and instruction."""
    shots = "".join(_block(e["graph"], e["instruction"]) + "".join(f"\n{a}" for a in e["answer"]) + END + "\n\n"
                    for e in _examples())
    return bos + HEAD + shots + _block(describe_graph(graph, ontology), instruction)


def _bos(backend: Backend) -> str:
    """Whatever the backend's chat format puts before the first turn (its begin-of-sequence token)."""
    rendered = backend.render([{"role": "user", "content": "x"}])
    cut = rendered.find("<start_of_turn>")
    return rendered[:cut] if cut > 0 else ""


def _complete(backend: Backend, prompt: str, grammar: str, timeout_s: float) -> Completion:
    """One bounded completion, in turn with the pipeline's questions (the model serves one at a time)."""
    queue = shared_queue()
    turn = queue.join()
    try:
        return backend.complete(prompt, grammar=grammar, max_tokens=96, stop=[END], timeout_s=timeout_s)
    except (ValueError, ConnectionError) as exc:
        raise PipelineError(f"edit by instruction: {exc}") from exc
    finally:
        queue.leave(turn)


def _ask_model(instruction: str, graph: PrototypeGraph, ontology: Ontology, backend: Backend, index: Any,
               timeout_s: float) -> tuple[list[str], ChoiceMaps, list[str]]:
    choices, maps = build_choices(instruction, graph, ontology, index)
    # What is left for the model adds and changes; removing and hiding are the pre-pass's alone.
    grammar = edit_operations_grammar(replace(choices, verbs=("add", "link", "require", "class")))
    completion = _complete(backend, build_prompt(graph, instruction, ontology, bos=_bos(backend)), grammar, timeout_s)
    notes = [] if completion.stop_reason is StopReason.STOP else [f"the model stopped: {completion.stop_reason.value}"]
    return [line.strip() for line in completion.text.splitlines() if line.strip()], maps, notes


def parse_instruction(
    instruction: str, graph: PrototypeGraph, ontology: Ontology, *, llm: Callable[[], Backend] | None = None,
    index: Callable[[], Any] | None = None, timeout_s: float = 10.0, choose_by_model: bool = False,
) -> tuple[list[Operation], str, list[str]]:
    """The operations an instruction asks for, how they were found (``rules``/``ranked``/``model``/``none``), and notes.

    ``llm`` and ``index`` are loaders, called only when the pre-pass cannot read the instruction (the index
    suggests the classes of new nodes by meaning); with no ``llm``, such an instruction gives no operations.
    An instruction of a clear shape with a few candidate terms (:mod:`app.nl.instruction_candidates`) takes the
    best ranked; with ``choose_by_model`` the model chooses among them instead (on the development set it chose
    no better, at seconds a call: docs/benchmarks.md).
    """
    instruction = " ".join(instruction.split())[:MAX_INSTRUCTION_CHARS]
    if not instruction:
        return [], "none", ["the instruction is empty"]
    ops = obvious_operations(instruction, graph, ontology)
    if ops:
        return ops, "rules", []
    if removes_or_hides(instruction):
        # Removing and hiding name what is there; when the names do not settle it, a guess would do harm.
        return [], "none", [NOT_NAMED]
    loaded_index = index() if index else None
    candidates = candidate_edits(instruction, graph, ontology, loaded_index)
    if len(candidates) == 1 or (candidates and (llm is None or not choose_by_model)):
        return list(candidates[0].operations), "ranked", []
    if llm is None:
        return [], "none", ["the instruction was not understood (no language model to ask)"]
    if candidates:
        return _choose_by_model(instruction, graph, ontology, llm(), candidates, timeout_s), "model", []
    lines, maps, notes = _ask_model(instruction, graph, ontology, llm(), loaded_index, timeout_s)
    ops, skipped = operations_from_lines(lines, maps, graph, ontology)
    notes += [f"skipped: {line}" for line in skipped]
    if ops and _adds_a_loose_node(graph, ops, ontology):
        # A new node joined to nothing answers no instruction about this graph: the model did not understand.
        return [], "none", [*notes, "the instruction was not understood: rephrase it with the words of the graph"]
    return ops, ("model" if ops else "none"), notes


def _adds_a_loose_node(graph: PrototypeGraph, ops: list[Operation], ontology: Ontology) -> bool:
    after = apply_operations(graph, ops, ontology)
    joined = {end for e in after.edges for end in (e.source, e.target)}
    return bool(graph.nodes) and any(n.id not in joined for n in after.nodes if graph.node(n.id) is None)


def _choose_by_model(instruction: str, graph: PrototypeGraph, ontology: Ontology, backend: Backend,
                     candidates: list[Candidate], timeout_s: float) -> list[Operation]:
    """The candidate the model writes when the grammar admits only the candidates (the best ranked if none)."""
    answers = ["".join(f"\n{describe_operation(op, ontology)}" for op in c.operations) for c in candidates]
    grammar = f"root ::= ( {alternation(answers)} ) {escape_literal(END)}\n"
    completion = _complete(backend, build_prompt(graph, instruction, ontology, bos=_bos(backend)), grammar, timeout_s)
    chosen = next((c for c, a in zip(candidates, answers, strict=True) if a.strip() == completion.text.strip()),
                  candidates[0])
    return list(chosen.operations)


def edit_by_instruction(instruction: str, graph: PrototypeGraph, resources: Any, *, use_model: bool = True,
                        choose_by_model: bool = False, timeout_s: float | None = None) -> InstructionResult:
    """Parse ``instruction`` against ``graph`` and apply it: the new graph, its operations and the difference.

    ``resources`` provides ``ontology``, and ``index`` and ``llm``, each loaded only when the pre-pass cannot
    read the instruction (:class:`app.resources.Resources` does; an index that fails to load only leaves
    ranking by meaning out). A model call is bounded by ``timeout_s`` (default: ``settings.llm_timeout_s``).

    :raises EditError: the operations were refused (cannot happen for grammar-made ones; kept as a guard).
    :raises PipelineError: the language model failed.
    """
    ontology = resources.ontology
    if timeout_s is None:
        settings = getattr(resources, "settings", None)
        timeout_s = settings.llm_timeout_s if settings is not None else 20.0
    started = time.perf_counter()
    ops, via, notes = parse_instruction(instruction, graph, ontology, timeout_s=timeout_s,
                                        choose_by_model=choose_by_model,
                                        llm=(lambda: resources.llm) if use_model else None,
                                        index=lambda: _index_or_none(resources))
    parsed = time.perf_counter()
    new_graph = apply_operations(graph, ops, ontology) if ops else graph
    applied = time.perf_counter()
    if not ops and not notes:
        notes.append("the instruction asks for no change this editor can make")
    return InstructionResult(
        instruction=instruction, operations=ops, graph=new_graph, diff=diff_graphs(graph, new_graph), via=via,
        lines=[describe_operation(op, ontology) for op in ops], messages=notes,
        timings_ms={"parse": (parsed - started) * 1000, "apply": (applied - parsed) * 1000},
    )


def _index_or_none(resources: Any) -> Any:
    try:
        return getattr(resources, "index", None)
    except (ProtoGraphError, OSError) as exc:
        log.warning("edit by instruction without the ontology index: %s", exc)
        return None


def describe_operation(op: Operation, ontology: Ontology) -> str:
    """One operation in the line format the model writes, e.g. ``link university_1 country country_1``."""
    kind = op.op
    if kind == "add_node":
        return f"add {op.id} {ontology.label(op.class_)}"
    if kind == "add_link":
        return f"link {op.source} {ontology.label(op.link)} {op.target}"
    if kind == "add_constraint":
        prop = "name" if op.property.endswith("#label") else ontology.label(op.property)
        return f"require {op.node} {prop} {op.operator.value} {op.value}"
    if kind == "change_class":
        return f"class {op.node} {ontology.label(op.class_)}"
    if kind == "remove":
        return f"remove {op.node}" if op.node else f"remove {op.source} {ontology.label(op.link)} {op.target}"
    if kind == "show_value":
        return f"show {op.node} {ontology.label(op.property)}"
    return f"{'select' if op.select else 'hide'} {op.node}"


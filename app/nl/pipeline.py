"""Natural language → prototype graph: the two-pass constrained pipeline (Kantz et al., OnSET).

1. **Raw pass.** The model writes the graph in a compact line format
   (:mod:`grammar.builders`), first the node line, then (after ids the
   pipeline writes itself) one line per relation, constraint or named
   instance. Type, link and property words may only be spans of the question
   (or a few generic types): a 270M model copies well and invents badly.
2. **Retrieval.** Each raw node, edge ("person alma mater university") and
   constraint is embedded; the top-k classes, links and attributes are the
   candidates.
3. **Constrained pass.** The same prompt again (its KV cache is reused), but
   node ``i`` may only be one of its candidate classes, and a relation may
   only name declared ids and a link valid between their classes. The result
   is valid by construction.
4. **Entity linking** pins nodes to the instances the question names.
5. **Clean-up** (:mod:`app.nl.cleanup`) stays as the safety net, e.g. for a
   server that ignores grammars.

Few-shot examples are chat turns retrieved by similarity from
``grammar/examples.jsonl``.
"""

from __future__ import annotations

import json
import logging
import re
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from importlib.resources import files
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from app.nl.cleanup import CleanupAction, clean_graph
from app.nl.entity_linking import link_entity
from app.errors import PipelineCancelled, PipelineError
from app.nl.mentions import ClassMention, class_mentions, class_named, link_mentions, read_relations, unlabelled_things
from app.graph.model import Aggregation, Constraint, ConstraintOp, Edge, Node, PrototypeGraph, make_node_ids
from app.nl.retrieval import Candidate, OntologyIndex
from grammar.backends import Backend, Completion, StopReason
from grammar.builders import (
    END,
    MAX_NODES,
    escape_literal,
    constrained_edges_grammar,
    constrained_nodes_grammar,
    question_spans,
    raw_edges_grammar,
    raw_nodes_grammar,
)
from ontology_loaders.model import XSD, Ontology

__all__ = [
    "MAX_QUESTION_CHARS",
    "PipelineCancelled",
    "PipelineError",
    "PipelineOptions",
    "PipelineResult",
    "PipelineStages",
    "RawGraph",
    "extract_graph",
    "name_spans",
    "parse_edge_lines",
]

log = logging.getLogger(__name__)

MAX_QUESTION_CHARS = 400
# Candidate links scoring this far below the best valid link of a raw edge are left out.
LINK_SCORE_MARGIN = 0.15
Progress = Callable[[str, float], None]

SYSTEM_PROMPT = (
    "Turn the question into a graph. First list the things it talks about as words from the question, "
    "then give each an id, then write one line per relation (id link id), "
    "per condition (id property operator value) or per name (id named Name). Finish with END."
)




class PipelineOptions(BaseModel):
    top_k: int = 5
    n_examples: int = 3
    max_tokens: int = 256
    timeout_s: float = 20.0
    span_copy: bool = True  # raw words must be question spans (else free words)
    anchor_classes: bool = True  # class labels named in the question, or raw words that are labels, are taken as named
    read_links: bool = True  # relations stated with link labels between named classes are read off too
    few_shot: bool = True
    link_entities: bool = True

    @classmethod
    def from_settings(cls, settings: Any) -> PipelineOptions:
        if settings is None:
            return cls()
        return cls(top_k=settings.top_k, max_tokens=settings.llm_max_tokens, timeout_s=settings.llm_timeout_s)


class RawGraph(BaseModel):
    """The model's words before alignment."""

    nodes: list[str] = Field(default_factory=list, description="Type words, in order.")
    ids: list[str] = Field(default_factory=list)
    relations: list[tuple[str, str, str]] = Field(default_factory=list)
    constraints: list[tuple[str, str, str, str]] = Field(default_factory=list)
    names: list[tuple[str, str]] = Field(default_factory=list)
    text: str = ""


class ScoredTerm(BaseModel):
    model_config = ConfigDict(frozen=True)
    iri: str
    label: str
    score: float


class PipelineStages(BaseModel):
    raw: RawGraph = Field(default_factory=RawGraph)
    raw_graph: PrototypeGraph = Field(default_factory=PrototypeGraph,
                                      description="Raw words mapped to their top-1 candidates; may be invalid.")
    candidates: dict[str, list[ScoredTerm]] = Field(default_factory=dict,
                                                    description="Keyed by raw node id, edge or constraint text.")
    constrained: RawGraph = Field(default_factory=RawGraph)
    constrained_graph: PrototypeGraph = Field(default_factory=PrototypeGraph)
    entity_links: dict[str, list[ScoredTerm]] = Field(default_factory=dict)
    cleanup: list[CleanupAction] = Field(default_factory=list)
    examples: list[str] = Field(default_factory=list, description="Questions of the few-shot examples used.")


class PipelineResult(BaseModel):
    question: str
    graph: PrototypeGraph
    stages: PipelineStages = Field(default_factory=PipelineStages)
    timings_ms: dict[str, float] = Field(default_factory=dict)
    token_counts: dict[str, int] = Field(default_factory=dict)
    messages: list[str] = Field(default_factory=list)


# -- the line format ----------------------------------------------------------------

_OPS = sorted((op.value for op in ConstraintOp), key=len, reverse=True)


def parse_node_line(text: str) -> list[str]:
    """Type words of a node line (without its ``nodes:`` prefix).

    >>> parse_node_line(" person | person | university")
    ['person', 'person', 'university']
    >>> parse_node_line(" none")
    []
    """
    words = [w.strip() for w in text.strip().split(" | ")]
    return [] if words == ["none"] else [w for w in words if w][:MAX_NODES]


def parse_edge_lines(text: str, ids: Sequence[str]) -> RawGraph:
    """Relations, constraints and names from stage-B lines; unparseable lines are skipped.

    >>> g = parse_edge_lines("person_1 alma mater university_1\\nriver_1 length > 100\\nperson_1 named Ada",
    ...                      ["person_1", "university_1", "river_1"])
    >>> g.relations, g.constraints, g.names
    ([('person_1', 'alma mater', 'university_1')], [('river_1', 'length', '>', '100')], [('person_1', 'Ada')])
    """
    graph = RawGraph(ids=list(ids), text=text)
    by_length = sorted(ids, key=len, reverse=True)
    for line in text.split("\n"):
        line = line.strip()
        source = next((i for i in by_length if line.startswith(i + " ")), None)
        if source is None or line == "END":
            continue
        rest = line[len(source) + 1:]
        if rest.startswith("named "):
            graph.names.append((source, rest[len("named "):].strip()))
            continue
        target = next((i for i in by_length if rest.endswith(" " + i)), None)
        if target is not None and rest[: -len(target) - 1].strip():
            graph.relations.append((source, rest[: -len(target) - 1].strip(), target))
            continue
        match = re.match(r"(.+?) (" + "|".join(re.escape(o) for o in _OPS) + r") (.+)$", rest)
        if match:
            graph.constraints.append((source, match.group(1), match.group(2), match.group(3)))
    return graph


_QUESTION_WORDS = {"which", "who", "whom", "whose", "what", "where", "when", "how", "name", "list", "give", "show",
                   "is", "are", "was", "were", "did", "does", "do", "in", "for", "a", "an", "the", "find", "tell"}


def name_spans(question: str) -> list[str]:
    """Spans that can name an instance or be a value: capitalised words or numbers.

    >>> name_spans("Which books did Stanley Kubrick write after 1960?")
    ['Stanley', 'Stanley Kubrick', 'Kubrick', '1960']
    """
    found = []
    for span in question_spans(question, max_words=5, lower=False):
        words = span.split(" ")
        if not all(w[0].isupper() or w[0].isdigit() for w in words):
            continue
        if words[0].lower() in _QUESTION_WORDS and question.startswith(words[0]):
            continue
        found.append(span)
    return found


def _repeats(text: str) -> bool:
    """True once a finished line occurs twice: a small model has started to loop."""
    lines = [line for line in text.split("\n")[:-1] if line.strip()]
    return len(lines) != len(set(lines))


def _node_loop(text: str) -> bool:
    """True once the node line repeats one word three times in a row: the model is looping."""
    items = [w.strip() for w in text.split(" | ")[:-1]]
    return len(items) >= 3 and len(set(items[-3:])) == 1


def _answer_text(nodes: Sequence[str], lines: Sequence[str]) -> str:
    ids = make_node_ids(nodes)
    text = "nodes: " + (" | ".join(nodes) if nodes else "none") + "\nids: " + " ".join(ids)
    return text + "".join("\n" + line for line in lines) + END


def _surface(label: str) -> str:
    """A grammar-friendly form of a label: lower case, single spaces."""
    return re.sub(r"\s+", " ", re.sub(r"[^\w' -]+", " ", label.lower())).strip() or label.lower().strip()


# -- few-shot examples -----------------------------------------------------------------------


@dataclass
class _ExampleLibrary:
    examples: list[dict[str, Any]]
    vectors: np.ndarray


_libraries: dict[str, _ExampleLibrary] = {}
_library_lock = threading.Lock()


def load_examples() -> list[dict[str, Any]]:
    text = files("grammar").joinpath("examples.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _library(index: OntologyIndex) -> _ExampleLibrary:
    with _library_lock:
        key = index.embedder.model_id
        if key not in _libraries:
            examples = load_examples()
            _libraries[key] = _ExampleLibrary(examples, index.embed_many([e["question"] for e in examples]))
        return _libraries[key]


_FUNCTION_WORDS = frozenset(
    "a an the and or of in on at to by for with from has have had is are was were be who whom whose which what "
    "where when how many much that this those these same as than not no did does do".split())
# How much the shape of a question counts against its topic when choosing examples.
SKELETON_WEIGHT = 0.5


def skeleton(question: str) -> str:
    """The question's function words, content words replaced by ``X``: its shape, not its topic.

    >>> skeleton("a person and the child of a person have the alma mater of the same university")
    'a X and the X of a X have the X X of the same X'
    """
    words = re.findall(r"[^\W_]+", question.lower())
    return " ".join(w if w in _FUNCTION_WORDS else "X" for w in words)


def select_examples(question_vector: np.ndarray, index: OntologyIndex, n: int,
                    question: str = "") -> list[dict[str, Any]]:
    """The ``n`` most similar examples, least similar first (the nearest sits next to the question).

    Similarity is topic (cosine of embeddings) plus shape (:func:`skeleton`),
    because a 270M model imitates the form of its examples more than their words.
    """
    from rapidfuzz import fuzz

    library = _library(index)
    scores = library.vectors @ question_vector
    if question:
        shape = skeleton(question)
        scores = scores + SKELETON_WEIGHT * np.array(
            [fuzz.ratio(shape, skeleton(e["question"])) / 100 for e in library.examples])
    best = list(np.argsort(-scores)[:n])
    return [library.examples[i] for i in reversed(best)]


def build_messages(question: str, examples: Sequence[dict[str, Any]]) -> list[dict[str, str]]:
    messages = [{"role": "system", "content": SYSTEM_PROMPT}]
    for example in examples:
        messages.append({"role": "user", "content": example["question"]})
        messages.append({"role": "assistant", "content": _answer_text(example["nodes"], example["lines"])})
    messages.append({"role": "user", "content": question})
    return messages


# -- the run --------------------------------------------------------------------------------


@dataclass
class _Run:
    question: str
    backend: Backend
    options: PipelineOptions
    cancel: threading.Event | None
    progress: Progress | None
    started: float = field(default_factory=time.monotonic)
    timings: dict[str, float] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=dict)
    messages: list[str] = field(default_factory=list)

    def report(self, stage: str, fraction: float) -> None:
        if self.cancel is not None and self.cancel.is_set():
            raise PipelineCancelled("cancelled")
        if self.progress is not None:
            self.progress(stage, fraction)

    def time(self, stage: str, since: float) -> float:
        now = time.monotonic()
        self.timings[stage] = self.timings.get(stage, 0.0) + (now - since) * 1000
        return now

    def generate(self, stage: str, prompt: str, grammar: str, stop: Sequence[str],
                 stop_when: Callable[[str], bool] | None = None) -> Completion:
        remaining = self.options.timeout_s - (time.monotonic() - self.started)
        if remaining <= 0:
            self.messages.append(f"{stage}: skipped, the time limit of {self.options.timeout_s:g} s was reached")
            return Completion(text="", stop_reason=StopReason.TIMEOUT)
        since = time.monotonic()
        try:
            result = self.backend.complete(prompt, grammar=grammar, max_tokens=self.options.max_tokens,
                                           stop=stop, timeout_s=remaining, cancel=self.cancel,
                                           stop_when=stop_when)
        except ValueError as exc:
            raise PipelineError(f"{stage}: {exc}") from exc
        except ConnectionError as exc:
            raise PipelineError(str(exc)) from exc
        self.time(stage, since)
        for name, value in (("prompt", result.prompt_tokens), ("cached", result.cached_tokens),
                            ("completion", result.completion_tokens), ("fallbacks", result.grammar_fallbacks)):
            self.tokens[f"{stage}_{name}"] = value
        if result.stop_reason is StopReason.CANCELLED:
            raise PipelineCancelled("cancelled")
        if result.stop_reason is StopReason.TIMEOUT:
            self.messages.append(f"{stage}: stopped at the time limit of {self.options.timeout_s:g} s")
        elif result.stop_reason is StopReason.LENGTH:
            self.messages.append(f"{stage}: stopped at {self.options.max_tokens} tokens")
        return result


def _scored(candidates: Sequence[Candidate]) -> list[ScoredTerm]:
    return [ScoredTerm(iri=c.iri, label=c.label, score=round(c.score, 4)) for c in candidates]


def _class_candidates(ontology: Ontology, index: OntologyIndex, vector: np.ndarray, k: int) -> list[Candidate]:
    """Top-k classes plus the direct parents of the best one (a link may need the broader class)."""
    found = index.classes.search(vector, k)
    if found:
        parents = [p for p in (ontology.get_class(found[0].iri).parents if ontology.get_class(found[0].iri) else ())
                   if ontology.get_class(p)]
        extra = [c for c in index.classes.score(vector, parents) if c.iri not in {f.iri for f in found}]
        found += extra[:2]
    return found


def _value(text: str, datatype: str | None) -> tuple[str | int | float | bool, str | None]:
    cleaned = text.strip().strip('"')
    number = cleaned.replace(",", "")
    if re.fullmatch(r"-?\d+", number):
        return int(number), datatype or XSD + "integer"
    if re.fullmatch(r"-?\d+\.\d+", number):
        return float(number), datatype or XSD + "decimal"
    return cleaned, datatype


def _merge_node_words(text: str, mentions: Sequence[ClassMention], question: str, ontology: Ontology) -> str:
    """The classes the question names, plus the model's words for things it names otherwise, in question order.

    A model word that overlaps a named class or is a link's label ("coemperor")
    is dropped: the named classes already say how many of those there are.
    """
    named = {m.label for m in mentions}
    link_words = {ontology.label(iri).lower() for iri in link_mentions(question, ontology)}
    names = {n.lower() for span in name_spans(question) for n in span.split()}
    extra = [w for w in dict.fromkeys(parse_node_line(text))
             if w.lower() not in link_words and w.lower() not in names  # "United States" names a node, is none
             and not any(w.lower() in n or n in w.lower() for n in named)]
    lowered = question.lower()

    def position(word: str) -> int:
        return len(lowered[: max(lowered.find(word.lower()), 0)].split())

    placed = [(m.start, 0, m.label) for m in mentions] + [(position(w), 1, w) for w in extra]
    return " " + " | ".join(word for *_, word in sorted(placed)[:MAX_NODES])


def _empty(question: str, run: _Run | None, message: str, stages: PipelineStages | None = None) -> PipelineResult:
    timings = run.timings if run else {}
    if run:
        timings["total"] = (time.monotonic() - run.started) * 1000
    return PipelineResult(question=question, graph=PrototypeGraph(), stages=stages or PipelineStages(),
                          timings_ms=timings, token_counts=run.tokens if run else {},
                          messages=(run.messages if run else []) + [message])


def extract_graph(
    question: str,
    resources: Any,
    *,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
    options: PipelineOptions | None = None,
) -> PipelineResult:
    """Turn ``question`` into a prototype graph that is valid for ``resources.ontology``.

    ``resources`` provides ``ontology``, ``index`` (:class:`~app.nl.retrieval.OntologyIndex`),
    ``llm`` (a :class:`~grammar.backends.Backend`) and optionally ``store`` and
    ``settings``. An empty, garbage or unanswerable question gives an empty graph
    and a message.

    :raises PipelineCancelled: ``cancel`` was set.
    :raises PipelineError: the language model failed.
    """
    options = options or PipelineOptions.from_settings(getattr(resources, "settings", None))
    original = question if isinstance(question, str) else str(question)
    question = " ".join(original.split())
    if not question:
        return _empty(original, None, "the question is empty")
    notes: list[str] = []
    if len(question) > MAX_QUESTION_CHARS:
        question = question[:MAX_QUESTION_CHARS].rsplit(" ", 1)[0]
        notes.append(f"the question was cut to its first {len(question)} characters")
    spans = question_spans(question)
    names = name_spans(question)
    if not spans:
        return _empty(original, None, "the question has no words")

    ontology: Ontology = resources.ontology
    index: OntologyIndex = resources.index
    # Embedding first: in a fresh process it loads the embedder's weights, which must not eat
    # into the generation time limit (the language model, too, loads before the clock starts).
    question_vector = index.embed(question)
    run = _Run(question, resources.llm, options, cancel, progress, messages=notes)
    stages = PipelineStages()

    # -- prompt ----------------------------------------------------------------------
    run.report("examples", 0.0)
    since = time.monotonic()
    examples = select_examples(question_vector, index, options.n_examples, question) if options.few_shot else []
    stages.examples = [e["question"] for e in examples]
    prompt = run.backend.render(build_messages(question, examples)) + "nodes:"
    since = run.time("examples", since)

    # -- raw pass -------------------------------------------------------------------------
    run.report("raw pass", 0.1)
    mentions = [m for m in class_mentions(question, ontology) if m.new][:MAX_NODES] if options.anchor_classes else []
    read: list[tuple[int, str, int]] = []
    anchors_only = bool(mentions) and not unlabelled_things(question, ontology)
    if anchors_only:
        raw_nodes = Completion(text=" " + " | ".join(m.label for m in mentions), stop_reason=StopReason.STOP)
        run.messages.append("the question names its classes: " + ", ".join(dict.fromkeys(m.label for m in mentions)))
        if options.read_links:
            read = read_relations(question, ontology)
    else:
        raw_nodes = run.generate("raw_nodes", prompt, raw_nodes_grammar(spans if options.span_copy else None),
                                 ["\n"], _node_loop)
        if mentions:
            raw_nodes = replace(raw_nodes, text=_merge_node_words(raw_nodes.text, mentions, question, ontology))
    words = parse_node_line(raw_nodes.text)
    # Three equal words in a row are a loop when generated, not when read ("a place … another place").
    if not anchors_only and raw_nodes.text.count(" | ") >= 2 and _node_loop(raw_nodes.text):
        words = words[:-1] if len(words) > 1 and words[-1] != words[-2] else words
        while len(words) >= 3 and words[-1] == words[-2] == words[-3]:
            words.pop()
    raw_ids = make_node_ids(words)
    stages.raw = RawGraph(nodes=words, ids=raw_ids, text="nodes:" + raw_nodes.text)
    if not words:
        return _empty(original, run, "no concept of the ontology was found in the question", stages)
    # Relations read off the question are written for the model, which only adds what they miss.
    read = [r for r in read if max(r[0], r[2]) < len(raw_ids)]
    read_text = "".join(f"\n{raw_ids[a]} {_surface(ontology.label(link))} {raw_ids[b]}" for a, link, b in read)
    if read and {n for a, _, b in read for n in (a, b)} == set(range(len(raw_ids))):
        raw_edges = Completion(text=read_text, stop_reason=StopReason.STOP)
        run.messages.append(f"the question states its relations: {len(read)} read off, none generated")
    else:
        raw_prefix = prompt + raw_nodes.text + "\nids: " + " ".join(raw_ids) + read_text
        raw_edges = run.generate("raw_edges", raw_prefix, raw_edges_grammar(
            raw_ids, spans=spans if options.span_copy else None, names=names if options.span_copy else None,
            max_lines=max(1, len(raw_ids) + 2 - len(read))), [END], _repeats)
        raw_edges = replace(raw_edges, text=read_text + raw_edges.text)
    raw = parse_edge_lines(raw_edges.text, raw_ids)
    raw.nodes, raw.text = words, stages.raw.text + "\nids: " + " ".join(raw_ids) + raw_edges.text
    stages.raw = raw

    # -- retrieval -----------------------------------------------------------------------
    run.report("retrieval", 0.45)
    since = time.monotonic()
    kind = dict(zip(raw_ids, words))
    edge_texts = [f"{kind[a]} {w} {kind[b]}" for a, w, b in raw.relations]
    con_texts = [f"{kind[a]} {w}" for a, w, _, _ in raw.constraints]
    vectors = index.embed_many(words + edge_texts + con_texts)
    node_vectors = vectors[: len(words)]
    edge_vectors = vectors[len(words): len(words) + len(edge_texts)]
    con_vectors = vectors[len(words) + len(edge_texts):]
    class_cands = [_class_candidates(ontology, index, v, options.top_k) for v in node_vectors]
    for node_id, cands in zip(raw_ids, class_cands):
        stages.candidates[node_id] = _scored(cands)
    for text, vector in zip(edge_texts, edge_vectors):
        stages.candidates[text] = _scored(index.links.search(vector, options.top_k))
    for text, vector in zip(con_texts, con_vectors):
        stages.candidates[text] = _scored(index.attributes.search(vector, options.top_k))
    stages.raw_graph = _raw_graph(raw, class_cands, stages.candidates, edge_texts)
    since = run.time("retrieval", since)

    # -- constrained pass: nodes --------------------------------------------------------
    run.report("constrained pass", 0.55)
    choice_maps: list[dict[str, str]] = []
    for word, cands in zip(words, class_cands):
        mapping: dict[str, str] = {}
        # Named outright, by the question or by a raw word that is a class label: nothing to choose.
        # (Left to the model, "person" for "Stanley Kubrick" became "academic person".)
        named = class_named(word, ontology) if options.anchor_classes else None
        if named:
            mapping[_surface(ontology.label(named))] = named
        for c in cands if not mapping else ():
            mapping.setdefault(_surface(c.label), c.iri)
        choice_maps.append(mapping)
    if all(len(m) == 1 for m in choice_maps):
        con_nodes = Completion(text=" " + " | ".join(next(iter(m)) for m in choice_maps), stop_reason=StopReason.STOP)
    else:
        con_nodes = run.generate("constrained_nodes", prompt,
                                 constrained_nodes_grammar([list(m) for m in choice_maps]), ["\n"])
    chosen = parse_node_line(con_nodes.text)
    if len(chosen) != len(choice_maps) or any(c not in m for c, m in zip(chosen, choice_maps)):
        # Cut short (time limit): fall back to the best candidate of each node.
        chosen = [next(iter(m)) for m in choice_maps]
        run.messages.append("constrained pass incomplete: used the best candidate of each node")
    classes = [m[c] for c, m in zip(chosen, choice_maps)]
    ids = make_node_ids(chosen)
    raw_to_new = dict(zip(raw_ids, ids))

    # -- constrained pass: edges ------------------------------------------------------
    relations: dict[tuple[str, str], list[str]] = {}
    link_maps: dict[tuple[str, str], dict[str, str]] = {}
    class_of = dict(zip(ids, classes))
    # Read relations are valid already (the classes were named, so they are the anchored ones).
    fixed = [(raw_to_new[raw_ids[a]], link, raw_to_new[raw_ids[b]]) for a, link, b in read]
    fixed_lines = {(raw_ids[a], _surface(ontology.label(link)), raw_ids[b]) for a, link, b in read}
    for relation, vector in zip(raw.relations, edge_vectors):
        if relation in fixed_lines:
            continue
        a, _, b = relation
        na, nb = raw_to_new[a], raw_to_new[b]
        # A self-loop is usually a wrong id: let the link attach ``a`` to any other node.
        pairs = [(na, nb)] if na != nb else [(x, na) for x in ids if x != na]
        scored: dict[tuple[str, str], list[Candidate]] = {}
        for x, y in pairs:
            for u, v in ((x, y), (y, x)):
                valid = [link.iri for link in ontology.links_between(class_of[u], class_of[v])]
                scored[(u, v)] = index.links.score(vector, valid)[: options.top_k]
        best = max((c[0].score for c in scored.values() if c), default=0.0)
        for pair, cands in scored.items():
            # Only links close to the best fit, so a reversed pair does not bring in noise.
            mapping = link_maps.setdefault(pair, {})
            for cand in cands:
                if cand.score >= best - LINK_SCORE_MARGIN:
                    mapping.setdefault(_surface(cand.label), cand.iri)
    for pair, mapping in link_maps.items():
        if mapping:
            relations[pair] = list(mapping)
    properties: dict[str, list[str]] = {}
    attr_maps: dict[str, dict[str, str]] = {}
    for (a, _, _, _), vector in zip(raw.constraints, con_vectors):
        na = raw_to_new[a]
        allowed = [attr.iri for attr in ontology.attributes_of(class_of[na])]
        mapping = attr_maps.setdefault(na, {})
        for cand in index.attributes.score(vector, allowed)[: options.top_k]:
            mapping.setdefault(_surface(cand.label), cand.iri)
    for node_id, mapping in attr_maps.items():
        if mapping:
            properties[node_id] = list(mapping)
    fixed_text = "".join(f"\n{a} {_surface(ontology.label(link))} {b}" for a, link, b in fixed)
    con_prefix = prompt + con_nodes.text + "\nids: " + " ".join(ids) + fixed_text
    edge_grammar = constrained_edges_grammar(ids, relations=relations, properties=properties,
                                             names=names if raw.constraints else [],
                                             max_lines=max(1, len(ids) + 2 - len(fixed)), allow_names=False)
    if edge_grammar == f"root ::= {escape_literal(END)}\n":
        con_text = ""  # nothing to choose: skip the call
    else:
        con_text = run.generate("constrained_edges", con_prefix, edge_grammar, [END], _repeats).text
    constrained = parse_edge_lines(con_text, ids)
    # Names are carried over from the raw pass: which node a name belongs to does not depend on
    # the ontology, and a second choice by a small model only adds noise.
    constrained.names = list(dict.fromkeys((raw_to_new[a], name) for a, name in raw.names))
    constrained.relations = [(a, _surface(ontology.label(link)), b) for a, link, b in fixed] + constrained.relations
    constrained.nodes = chosen
    constrained.text = "nodes:" + con_nodes.text + "\nids: " + " ".join(ids) + fixed_text + con_text
    stages.constrained = constrained
    since = time.monotonic()

    nodes = {i: Node(id=i, class_=c, label=ontology.label(c)) for i, c in zip(ids, classes)}
    edges = [Edge(source=a, link=link, target=b) for a, link, b in fixed]
    for a, words_, b in constrained.relations[len(fixed):]:
        iri = link_maps.get((a, b), {}).get(words_)
        if iri and Edge(source=a, link=iri, target=b) not in edges:
            edges.append(Edge(source=a, link=iri, target=b))
    for a, words_, op, value in constrained.constraints:
        iri = attr_maps.get(a, {}).get(words_)
        if iri:
            attribute = ontology.get_attribute(iri)
            parsed, datatype = _value(value, attribute.range if attribute else None)
            node = nodes[a]
            nodes[a] = node.model_copy(update={"constraints": node.constraints + (
                Constraint(property=iri, op=ConstraintOp(op), value=parsed, datatype=datatype),)})
    graph = PrototypeGraph(nodes=tuple(nodes.values()), edges=tuple(edges))
    if re.match(r"\s*(how many|count|number of)\b", question, re.IGNORECASE) and graph.nodes:
        graph = graph.model_copy(update={"aggregation": Aggregation(count=graph.nodes[0].id)})
    stages.constrained_graph = graph
    run.time("assemble", since)

    # -- entity linking ---------------------------------------------------------------
    run.report("entity linking", 0.85)
    since = time.monotonic()
    store = _store(resources) if options.link_entities and constrained.names else None
    for node_id, name in constrained.names:
        node = graph.node(node_id)
        if node is None or store is None:
            continue
        matches = link_entity(name, store, class_iri=node.class_, ontology=ontology, embedder=index.embedder)
        stages.entity_links[f"{node_id} {name}"] = [ScoredTerm(iri=m.iri, label=m.label, score=round(m.score, 4))
                                                   for m in matches]
        if matches:
            pinned = node.model_copy(update={"instances": tuple(dict.fromkeys(node.instances + (matches[0].iri,))),
                                             "label": matches[0].label})
            graph = graph.model_copy(update={"nodes": tuple(pinned if n.id == node_id else n for n in graph.nodes)})
        else:
            run.messages.append(f"no instance of {ontology.label(node.class_)} is labelled '{name}'")
    if constrained.names and store is None and options.link_entities:
        run.messages.append("no knowledge graph to look up named instances in")
    since = run.time("entity_linking", since)

    # -- clean-up ---------------------------------------------------------------------------
    run.report("clean-up", 0.95)
    named_links = link_mentions(question, ontology) if options.anchor_classes else []
    graph, actions = clean_graph(graph, ontology, named_links=named_links)
    stages.cleanup = actions
    run.time("cleanup", since)
    run.timings["total"] = (time.monotonic() - run.started) * 1000
    if not graph.nodes:
        run.messages.append("no concept of the ontology was found in the question")
    run.report("done", 1.0)
    return PipelineResult(question=original, graph=graph, stages=stages, timings_ms=run.timings,
                          token_counts=run.tokens, messages=run.messages)


def _raw_graph(raw: RawGraph, class_cands: list[list[Candidate]], candidates: dict[str, list[ScoredTerm]],
               edge_texts: list[str]) -> PrototypeGraph:
    nodes = [Node(id=i, class_=c[0].iri, label=c[0].label) for i, c in zip(raw.ids, class_cands) if c]
    known = {n.id for n in nodes}
    edges = []
    for (a, _, b), text in zip(raw.relations, edge_texts):
        best = candidates.get(text)
        if best and a in known and b in known:
            edges.append(Edge(source=a, link=best[0].iri, target=b))
    return PrototypeGraph(nodes=tuple(nodes), edges=tuple(edges))


def _store(resources: Any) -> Any:
    try:
        return resources.store
    except Exception as exc:  # noqa: BLE001 - no knowledge graph only disables entity linking
        log.warning("no knowledge graph for entity linking: %s", exc)
        return None

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
``grammar/examples.jsonl`` (:mod:`app.nl.prompt`). Each step is a function of
:mod:`app.nl.stages` over one :class:`~app.nl.draft.Draft`.
"""
from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from app.errors import PipelineCancelled
from app.graph.model import PrototypeGraph
from app.nl import stages
from app.nl.cleanup import clean_graph
from app.nl.comparisons import find_comparisons
from app.nl.demonym_people import demonyms_said_as_people
from app.nl.draft import (
    Draft,
    PipelineOptions,
    PipelineResult,
    PipelineStages,
    Progress,
    ScoredTerm,
)
from app.nl.entity_linking import instance_labels, link_entity
from app.nl.flags import says_a_flag
from app.nl.evidence import draft_from_evidence
from app.nl.lines import name_spans
from app.nl.mentions import (
    ClassMention,
    class_mentions,
    link_mentions,
    link_spans,
    read_relations,
    unlabelled_things,
)
from app.nl.model_queue import shared_queue
from app.nl.name_types import NearestClass, make_name_typer
from app.nl.retrieval import OntologyIndex, watching_builds
from app.nl.requests import asks_for_something_else, may_ask_for_something_else
from app.nl.spans import find_mentions
from app.nl.possessives import possessives_as_of
from app.nl.frequencies import frequencies_as_counts
from app.nl.generations import generations_said_by_links
from app.nl.prize_winners import prize_winners_said_by_a_clause
from app.nl.inverse_nouns import inverse_nouns_as_whose
from app.nl.spelling import respelt
from app.nl.titles import titles_as_roles
from app.nl.words import ENGLISH, tokens_of
from app.nl.values import ValueWords, says_a_value, value_words
from grammar.backends import Backend
from grammar.builders import question_spans
from ontology_loaders import RDFS_LABEL
from ontology_loaders.model import Ontology

__all__ = ["MAX_QUESTION_CHARS", "PipelineOptions", "PipelineResources", "PipelineResult", "PipelineStages",
           "extract_graph", "worded_in_labels"]

log = logging.getLogger(__name__)

MAX_QUESTION_CHARS = 400
# A question naming this many things, every one by its class label, keeps the label path with the model.
LABELLED_THINGS_FOR_MODEL = 3
# Typing a name is a few tokens; a model that takes longer is busy, and the draft keeps the declared class.
NAME_TYPE_TIMEOUT_S = 5.0
NOT_UNDERSTOOD = ("not understood: the question names nothing this ontology knows (it must be English); "
                  "rephrase it, or build the graph on the canvas")
NOT_A_QUERY = ("not understood: the question asks for something no query of the data gives (a joke, a place near "
               "you); ask about the things the data holds, or build the graph on the canvas")


class PipelineResources(Protocol):
    """What a draft needs: :class:`app.resources.Resources` has it; tests may pass a namespace."""

    ontology: Ontology
    index: OntologyIndex
    llm: Backend


def extract_graph(
    question: str,
    resources: PipelineResources,
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
    question, notes = _trimmed(original)
    question, slips = respelt(question, resources.ontology)
    question, kin = generations_said_by_links(question, resources.ontology)  # "the grandchildren of X"
    question, winners = prize_winners_said_by_a_clause(question, resources.ontology)  # "Nobel laureates"
    question, demonyms = demonyms_said_as_people(question, resources.ontology)  # "married to a German"
    question, possessives = possessives_as_of(question, resources.ontology)  # "Anna Patel's mentor"
    question, frequencies = frequencies_as_counts(question, resources.ontology)  # "the most borrowed book"
    question, inverses = inverse_nouns_as_whose(question, resources.ontology)  # "the subsidiaries of X"
    question, titles = titles_as_roles(question)  # "the King of England"
    rewritten = slips + kin + winners + demonyms + possessives + frequencies + inverses + titles
    notes += [f"read “{slip}” as “{meant}”" for slip, meant in rewritten]
    spans = question_spans(question)
    if not spans:
        return _empty(original, "the question is empty" if not question else "the question has no words")
    with watching_builds(_indexing_progress(progress), cancel):
        index: OntologyIndex = resources.index  # a new upload's first question builds it: minutes for 20,000 classes
    if options.evidence and _asks_for_something_else(question, resources, index):
        return PipelineResult(question=original, graph=PrototypeGraph(), not_understood=True,
                              messages=notes + [NOT_A_QUERY])
    if options.evidence and not worded_in_labels(question, resources.ontology, options,
                                                 lambda: _values(resources, options)):
        return _evidence_result(original, question, notes, resources, options, progress, cancel)
    # Embedding first: in a fresh process it loads the embedder's weights, which must not eat
    # into the generation time limit (the language model, too, loads before the clock starts).
    question_vector = index.embed(question)
    draft = Draft(question, resources.llm, resources.ontology, index, options, cancel, progress, messages=notes,
                  spans=spans, names=name_spans(question), queue=shared_queue())
    try:  # the first model call waits for this question's turn (app.nl.model_queue); the last frees the model
        stages.prompt(draft, question_vector)
        if not stages.raw_nodes(draft):
            draft.messages.append("no concept of the ontology was found in the question")
            return draft.result(PrototypeGraph(), original)
        stages.raw_edges(draft)
        stages.retrieve(draft)
        stages.choose_classes(draft)
        stages.offer_links(draft)
        stages.choose_edges(draft)
    finally:
        draft.release_model()
    graph = stages.assemble(draft)
    graph = _link_entities(draft, graph, resources)
    graph = _clean_up(draft, graph)
    draft.report("done", 1.0)
    return draft.result(graph, original)


def _indexing_progress(progress: Progress | None) -> Callable[[float], None] | None:
    if progress is None:
        return None
    return lambda done: progress(f"indexing the ontology ({done:.0%})", 0.05)


def worded_in_labels(question: str, ontology: Ontology, options: PipelineOptions,
                     values: Callable[[], ValueWords] | None = None) -> bool:
    """Whether labels alone read the whole question: every thing is a class label, every relation a link label.

    Such questions (the paper's templated ones) keep the label-reading path, which needs no model call.
    ``values`` gives the knowledge graph's status words (:func:`app.nl.values.value_words`), which the label
    path does not read; it is asked only for a question that names one thing.
    """
    if not options.anchor_classes:
        return False
    said = class_mentions(question, ontology)
    mentions = [m for m in said if m.new]
    if not mentions or unlabelled_things(question, ontology):
        return False
    if find_comparisons(question):
        return False  # "mountains higher than 8000 metres", "products supplied by more than two suppliers"
    relations = read_relations(question, ontology) if options.read_links else []
    if len(mentions) >= LABELLED_THINGS_FOR_MODEL and (relations or not options.read_links) and \
            not _relates_in_other_words(question, said, ontology):
        # Many things, named by their labels, and related by link labels too: the model is better at
        # their relations. With no link label at all ("directed by a person born in a city and starring
        # an actor") the relations are paraphrases, which the evidence reads better.
        return True
    tokens = tokens_of(question)
    if len(mentions) == 1 and (says_a_flag(tokens, mentions[0].iri, ontology)
                               or (values is not None and says_a_value(tokens, mentions[0].iri, ontology, values()))):
        # "unpaid invoices", "projects on hold": the condition is read
        return False
    if len(mentions) == 1:
        # "a person": the label says it all; "engineers who know negotiation" says more than the label path reads
        mention = mentions[0]
        return not any(t.lower() not in ENGLISH for i, t in enumerate(tokens) if not mention.start <= i < mention.end)
    joined = {n for a, _, b in relations for n in (a, b)}
    return joined == set(range(len(mentions)))


def _relates_in_other_words(question: str, mentions: Sequence[ClassMention], ontology: Ontology) -> bool:
    """Whether a word between two labelled things (``mentions``: every class label said, again or not) says how
    they relate in words no label has: "articles appeared in journals published by a university press"
    ("appeared"), which the evidence reads."""
    tokens = [t.lower() for t in re.findall(r"[^\W_]+", question)]
    covered = {p for m in mentions for p in range(m.start, m.end)}
    covered |= {p for start, end, _ in link_spans(tokens, ontology) for p in range(start, end)}
    first, last = min(m.start for m in mentions), max(m.end for m in mentions)
    return any(p not in covered and word.isalpha() and word not in ENGLISH | _POINTERS
               for p, word in enumerate(tokens[first:last], start=first))


# Words that point back to a thing already said or on to another of its kind ("another rocket", "the first ship").
_POINTERS = frozenset({"another", "other", "first", "second", "third", "same"})


def _evidence_result(original: str, question: str, notes: list[str], resources: PipelineResources,
                     options: PipelineOptions, progress: Progress | None,
                     cancel: threading.Event | None = None) -> PipelineResult:
    """The draft of :mod:`app.nl.evidence`: every part with the words that chose it.

    The model is asked only what kind of thing a name is, where no instance data says so.
    """
    started = time.monotonic()
    if cancel is not None and cancel.is_set():
        raise PipelineCancelled("cancelled")
    if progress is not None:
        progress("evidence", 0.1)
    store = _store(resources) if options.link_entities else None
    instances = instance_labels(store) if store is not None else {}

    def resolve_name(name: str) -> tuple[str, tuple[str, ...]] | None:
        matches = link_entity(name, store, ontology=resources.ontology)
        return (matches[0].iri, matches[0].types) if matches else None

    typer = None
    if options.type_names:
        typer = make_name_typer(lambda: resources.llm, resources.ontology, nearest=_nearest_class(resources.index),
                                cancel=cancel, timeout_s=min(NAME_TYPE_TIMEOUT_S, options.timeout_s))
    values = _values(resources, options)
    draft = draft_from_evidence(question, resources.ontology, resources.index, instances,
                                resolve_name if instances else None, typer, values)
    timings = {"evidence": (time.monotonic() - started) * 1000}
    timings["total"] = timings["evidence"]
    if draft is None or draft.graph.is_empty():
        return PipelineResult(question=original, graph=PrototypeGraph(), timings_ms=timings, not_understood=True,
                              messages=notes + (draft.messages if draft else [NOT_UNDERSTOOD]))
    if not instances and any(c.property == RDFS_LABEL for n in draft.graph.nodes for c in n.constraints):
        draft.messages.append("names are matched by label: no instance data to pin them to")
    return PipelineResult(question=original, graph=draft.graph, timings_ms=timings, messages=notes + draft.messages,
                          confidence=draft.confidence, evidence=draft.evidence, used_words=draft.used,
                          ignored_words=draft.ignored)


def _nearest_class(index: OntologyIndex) -> NearestClass:
    def nearest(text: str, allowed: list[str]) -> tuple[str, float] | None:
        best = index.classes.score(index.embed(text), allowed)[:1]
        return (best[0].iri, best[0].score) if best else None

    return nearest


def _trimmed(question: str) -> tuple[str, list[str]]:
    """The question on one line, cut to :data:`MAX_QUESTION_CHARS`, and a note if it was cut."""
    question = " ".join(question.split())
    if len(question) <= MAX_QUESTION_CHARS:
        return question, []
    question = question[:MAX_QUESTION_CHARS].rsplit(" ", 1)[0]
    return question, [f"the question was cut to its first {len(question)} characters"]


def _empty(question: str, message: str) -> PipelineResult:
    return PipelineResult(question=question, graph=PrototypeGraph(), stages=PipelineStages(), messages=[message])


def _link_entities(draft: Draft, graph: PrototypeGraph, resources: PipelineResources) -> PrototypeGraph:
    """Pin each node the question names to the knowledge graph's instance of that name."""
    draft.report("entity linking", 0.85)
    since = time.monotonic()
    names, ontology = draft.constrained.names, draft.ontology
    store = _store(resources) if draft.options.link_entities and names else None
    for node_id, name in names:
        node = graph.node(node_id)
        if node is None or store is None:
            continue
        matches = link_entity(name, store, class_iri=node.class_, ontology=ontology, embedder=draft.index.embedder)
        draft.stages.entity_links[f"{node_id} {name}"] = [
            ScoredTerm(iri=m.iri, label=m.label, score=round(m.score, 4)) for m in matches]
        if matches:
            pinned = node.model_copy(update={"instances": tuple(dict.fromkeys(node.instances + (matches[0].iri,))),
                                             "label": matches[0].label})
            graph = graph.model_copy(update={"nodes": tuple(pinned if n.id == node_id else n for n in graph.nodes)})
        else:
            draft.messages.append(f"no instance of {ontology.label(node.class_)} is labelled '{name}'")
    if names and store is None and draft.options.link_entities:
        draft.messages.append("no knowledge graph to look up named instances in")
    draft.time("entity_linking", since)
    return graph


def _clean_up(draft: Draft, graph: PrototypeGraph) -> PrototypeGraph:
    """The safety net of :mod:`app.nl.cleanup`, told which links the question names."""
    draft.report("clean-up", 0.95)
    since = time.monotonic()
    named_links = link_mentions(draft.question, draft.ontology) if draft.options.anchor_classes else []
    graph, draft.stages.cleanup = clean_graph(graph, draft.ontology, named_links=named_links)
    draft.time("cleanup", since)
    if not graph.nodes:
        draft.messages.append("no concept of the ontology was found in the question")
    return graph


def _asks_for_something_else(question: str, resources: PipelineResources, index: OntologyIndex) -> bool:
    """"Tell me a joke about librarians", "a pizza place near me": no query answers these."""
    tokens = tokens_of(question)
    if not may_ask_for_something_else(tokens):
        return False
    return asks_for_something_else(tokens, lambda: find_mentions(question, resources.ontology, index))


def _values(resources: PipelineResources, options: PipelineOptions) -> ValueWords:
    """The knowledge graph's status words, read once per store; none without one."""
    store = _store(resources) if options.link_entities else None
    return value_words(store, resources.ontology) if store is not None else {}


def _store(resources: PipelineResources) -> Any:
    try:
        return resources.store
    except Exception as exc:  # noqa: BLE001 - no knowledge graph only disables entity linking
        log.warning("no knowledge graph for entity linking: %s", exc)
        return None

"""The stages of the question → graph pipeline, each a function of one :class:`~app.nl.draft.Draft`.

:func:`app.nl.pipeline.extract_graph` runs them in order; see its module for the method.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from app.errors import EditError
from app.graph.edits import make_constraint
from app.graph.model import Aggregation, Edge, Node, PrototypeGraph, make_node_ids
from app.nl.draft import Draft, ScoredTerm
from app.nl.lines import (
    RawGraph,
    ends_in_loop,
    name_spans,
    parse_edge_lines,
    parse_node_line,
    parse_value,
    repeats_a_line,
    surface,
)
from app.nl.mentions import ClassMention, class_mentions, class_named, link_mentions, read_relations, unlabelled_things
from app.nl.prompt import build_messages, select_examples
from app.nl.retrieval import Candidate, OntologyIndex
from grammar.backends import Completion, StopReason
from grammar.builders import (
    END,
    MAX_NODES,
    constrained_edges_grammar,
    constrained_nodes_grammar,
    escape_literal,
    raw_edges_grammar,
    raw_nodes_grammar,
)
from ontology_loaders.model import Ontology

__all__ = ["assemble", "choose_classes", "choose_edges", "offer_links", "prompt", "raw_edges", "raw_nodes",
           "retrieve"]

# Candidate links scoring this far below the best valid link of a raw edge are left out.
LINK_SCORE_MARGIN = 0.15


def prompt(draft: Draft, question_vector: np.ndarray) -> None:
    """The few-shot prompt, open at the node line."""
    draft.report("examples", 0.0)
    since = time.monotonic()
    examples = (select_examples(question_vector, draft.index, draft.options.n_examples, draft.question)
                if draft.options.few_shot else [])
    draft.stages.examples = [e["question"] for e in examples]
    draft.prompt = draft.backend.render(build_messages(draft.question, examples)) + "nodes:"
    draft.time("examples", since)


def raw_nodes(draft: Draft) -> list[str]:
    """The raw pass's node words: class labels the question names, else the model's words (merged)."""
    draft.report("raw pass", 0.1)
    question, ontology, options = draft.question, draft.ontology, draft.options
    mentions = [m for m in class_mentions(question, ontology) if m.new][:MAX_NODES] if options.anchor_classes else []
    draft.anchored = bool(mentions) and not unlabelled_things(question, ontology)
    if draft.anchored:
        line = Completion(text=" " + " | ".join(m.label for m in mentions), stop_reason=StopReason.STOP)
        draft.messages.append("the question names its classes: " + ", ".join(dict.fromkeys(m.label for m in mentions)))
        if options.read_links:
            draft.read = read_relations(question, ontology)
    else:
        line = draft.generate("raw_nodes", draft.prompt, raw_nodes_grammar(draft.spans if options.span_copy else None),
                              ["\n"], ends_in_loop)
        if mentions:
            line = replace(line, text=_merge_node_words(line.text, mentions, question, ontology))
    words = parse_node_line(line.text)
    # Three equal words in a row are a loop when generated, not when read ("a place … another place").
    if not draft.anchored and line.text.count(" | ") >= 2 and ends_in_loop(line.text):
        words = words[:-1] if len(words) > 1 and words[-1] != words[-2] else words
        while len(words) >= 3 and words[-1] == words[-2] == words[-3]:
            words.pop()
    draft.stages.raw = RawGraph(nodes=words, ids=make_node_ids(words), text="nodes:" + line.text)
    draft.node_text = line.text
    return words


def raw_edges(draft: Draft) -> None:
    """The raw pass's relation, condition and name lines; relations read off the question are given."""
    words, raw_ids, ontology = draft.stages.raw.nodes, draft.stages.raw.ids, draft.ontology
    # Relations read off the question are written for the model, which only adds what they miss.
    draft.read = [r for r in draft.read if max(r[0], r[2]) < len(raw_ids)]
    read_text = "".join(f"\n{raw_ids[a]} {surface(ontology.label(link))} {raw_ids[b]}" for a, link, b in draft.read)
    if draft.read and {n for a, _, b in draft.read for n in (a, b)} == set(range(len(raw_ids))):
        lines = Completion(text=read_text, stop_reason=StopReason.STOP)
        draft.messages.append(f"the question states its relations: {len(draft.read)} read off, none generated")
    else:
        copy = draft.options.span_copy
        prefix = draft.prompt + draft.node_text + "\nids: " + " ".join(raw_ids) + read_text
        grammar = raw_edges_grammar(raw_ids, spans=draft.spans if copy else None, names=draft.names if copy else None,
                                    max_lines=max(1, len(raw_ids) + 2 - len(draft.read)))
        lines = draft.generate("raw_edges", prefix, grammar, [END], repeats_a_line)
        lines = replace(lines, text=read_text + lines.text)
    raw = parse_edge_lines(lines.text, raw_ids)
    raw.nodes, raw.text = words, draft.stages.raw.text + "\nids: " + " ".join(raw_ids) + lines.text
    draft.raw = draft.stages.raw = raw


def retrieve(draft: Draft) -> None:
    """Candidate classes, links and attributes for every raw node, edge and condition."""
    draft.report("retrieval", 0.45)
    since = time.monotonic()
    raw, index, k = draft.raw, draft.index, draft.options.top_k
    kind = dict(zip(raw.ids, raw.nodes))
    edge_texts = [f"{kind[a]} {w} {kind[b]}" for a, w, b in raw.relations]
    con_texts = [f"{kind[a]} {w}" for a, w, _, _ in raw.constraints]
    vectors = index.embed_many(raw.nodes + edge_texts + con_texts)
    n_nodes, n_edges = len(raw.nodes), len(edge_texts)
    draft.edge_vectors = vectors[n_nodes: n_nodes + n_edges]
    draft.constraint_vectors = vectors[n_nodes + n_edges:]
    draft.class_candidates = [_class_candidates(draft.ontology, index, v, k) for v in vectors[:n_nodes]]
    candidates = draft.stages.candidates
    for node_id, cands in zip(raw.ids, draft.class_candidates):
        candidates[node_id] = _scored(cands)
    for text, vector in zip(edge_texts, draft.edge_vectors):
        candidates[text] = _scored(index.links.search(vector, k))
    for text, vector in zip(con_texts, draft.constraint_vectors):
        candidates[text] = _scored(index.attributes.search(vector, k))
    draft.stages.raw_graph = _raw_graph(raw, draft.class_candidates, candidates, edge_texts)
    draft.time("retrieval", since)


def choose_classes(draft: Draft) -> None:
    """The constrained node line: each node one of its candidate classes (or the class the question names)."""
    draft.report("constrained pass", 0.55)
    ontology = draft.ontology
    choice_maps: list[dict[str, str]] = []
    for word, cands in zip(draft.raw.nodes, draft.class_candidates):
        mapping: dict[str, str] = {}
        # Named outright, by the question or by a raw word that is a class label: nothing to choose.
        # (Left to the model, "person" for "Stanley Kubrick" became "academic person".)
        named = class_named(word, ontology) if draft.options.anchor_classes else None
        if named:
            mapping[surface(ontology.label(named))] = named
        for c in cands if not mapping else ():
            mapping.setdefault(surface(c.label), c.iri)
        choice_maps.append(mapping)
    if all(len(m) == 1 for m in choice_maps):
        line = Completion(text=" " + " | ".join(next(iter(m)) for m in choice_maps), stop_reason=StopReason.STOP)
    else:
        line = draft.generate("constrained_nodes", draft.prompt,
                              constrained_nodes_grammar([list(m) for m in choice_maps]), ["\n"])
    chosen = parse_node_line(line.text)
    if len(chosen) != len(choice_maps) or any(c not in m for c, m in zip(chosen, choice_maps)):
        # Cut short (time limit): fall back to the best candidate of each node.
        chosen = [next(iter(m)) for m in choice_maps]
        draft.messages.append("the class choice was cut short: each node got its best-matching class")
    draft.node_text = line.text
    draft.constrained = RawGraph(nodes=chosen)
    draft.classes = [m[c] for c, m in zip(chosen, choice_maps)]
    draft.ids = make_node_ids(chosen)
    draft.raw_to_new = dict(zip(draft.raw.ids, draft.ids))


def offer_links(draft: Draft) -> None:
    """For each raw edge and condition, the links and attributes the constrained pass may choose from."""
    ontology, raw, new, options = draft.ontology, draft.raw, draft.raw_to_new, draft.options
    class_of = dict(zip(draft.ids, draft.classes))
    # Read relations are valid already (the classes were named, so they are the anchored ones).
    draft.fixed = [(new[raw.ids[a]], link, new[raw.ids[b]]) for a, link, b in draft.read]
    fixed_lines = {(raw.ids[a], surface(ontology.label(link)), raw.ids[b]) for a, link, b in draft.read}
    for relation, vector in zip(raw.relations, draft.edge_vectors):
        if relation in fixed_lines:
            continue
        a, _, b = relation
        na, nb = new[a], new[b]
        # A self-loop is usually a wrong id: let the link attach ``a`` to any other node.
        pairs = [(na, nb)] if na != nb else [(x, na) for x in draft.ids if x != na]
        scored: dict[tuple[str, str], list[Candidate]] = {}
        for x, y in pairs:
            for u, v in ((x, y), (y, x)):
                valid = [link.iri for link in ontology.links_between(class_of[u], class_of[v])]
                scored[(u, v)] = draft.index.links.score(vector, valid)[: options.top_k]
        best = max((c[0].score for c in scored.values() if c), default=0.0)
        for pair, cands in scored.items():
            # Only links close to the best fit, so a reversed pair does not bring in noise.
            mapping = draft.link_maps.setdefault(pair, {})
            for cand in cands:
                if cand.score >= best - LINK_SCORE_MARGIN:
                    mapping.setdefault(surface(cand.label), cand.iri)
    for (a, _, _, _), vector in zip(raw.constraints, draft.constraint_vectors):
        allowed = [attr.iri for attr in ontology.attributes_of(class_of[new[a]])]
        mapping = draft.attribute_maps.setdefault(new[a], {})
        for cand in draft.index.attributes.score(vector, allowed)[: options.top_k]:
            mapping.setdefault(surface(cand.label), cand.iri)


def choose_edges(draft: Draft) -> None:
    """The constrained relation and condition lines, under a grammar of the offered links and attributes."""
    ontology, ids = draft.ontology, draft.ids
    relations = {pair: list(m) for pair, m in draft.link_maps.items() if m}
    properties = {node: list(m) for node, m in draft.attribute_maps.items() if m}
    fixed_text = "".join(f"\n{a} {surface(ontology.label(link))} {b}" for a, link, b in draft.fixed)
    prefix = draft.prompt + draft.node_text + "\nids: " + " ".join(ids) + fixed_text
    grammar = constrained_edges_grammar(ids, relations=relations, properties=properties,
                                        names=draft.names if draft.raw.constraints else [],
                                        max_lines=max(1, len(ids) + 2 - len(draft.fixed)), allow_names=False)
    if grammar == f"root ::= {escape_literal(END)}\n":
        text = ""  # nothing to choose: skip the call
    else:
        text = draft.generate("constrained_edges", prefix, grammar, [END], repeats_a_line).text
    constrained = parse_edge_lines(text, ids)
    # Names are carried over from the raw pass: which node a name belongs to does not depend on
    # the ontology, and a second choice by a small model only adds noise.
    constrained.names = list(dict.fromkeys((draft.raw_to_new[a], name) for a, name in draft.raw.names))
    constrained.relations = [(a, surface(ontology.label(link)), b) for a, link, b in draft.fixed] + constrained.relations
    constrained.nodes = draft.constrained.nodes
    constrained.text = "nodes:" + draft.node_text + "\nids: " + " ".join(ids) + fixed_text + text
    draft.constrained = draft.stages.constrained = constrained


def assemble(draft: Draft) -> PrototypeGraph:
    """The constrained lines as a graph: chosen words back to IRIs, values typed by their attribute."""
    since = time.monotonic()
    ontology, constrained = draft.ontology, draft.constrained
    nodes = {i: Node(id=i, class_=c, label=ontology.label(c)) for i, c in zip(draft.ids, draft.classes)}
    edges = [Edge(source=a, link=link, target=b) for a, link, b in draft.fixed]
    for a, words, b in constrained.relations[len(draft.fixed):]:
        iri = draft.link_maps.get((a, b), {}).get(words)
        if iri and Edge(source=a, link=iri, target=b) not in edges:
            edges.append(Edge(source=a, link=iri, target=b))
    for a, words, op, value in constrained.constraints:
        iri = draft.attribute_maps.get(a, {}).get(words)
        if iri:
            attribute = ontology.get_attribute(iri)
            parsed, datatype = parse_value(value, attribute.range if attribute else None)
            try:  # the model may write a word where a date or a number belongs ("hire date = Engineers")
                constraint = make_constraint(iri, op, parsed, datatype)
            except EditError:
                continue
            node = nodes[a]
            nodes[a] = node.model_copy(update={"constraints": node.constraints + (constraint,)})
    graph = PrototypeGraph(nodes=tuple(nodes.values()), edges=tuple(edges))
    if re.match(r"\s*(how many|count|number of)\b", draft.question, re.IGNORECASE) and graph.nodes:
        graph = graph.model_copy(update={"aggregation": Aggregation(count=graph.nodes[0].id)})
    draft.stages.constrained_graph = graph
    draft.time("assemble", since)
    return graph


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

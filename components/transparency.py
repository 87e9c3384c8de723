"""The ask panel's transparency strip: how a draft was built, how sure it is, and which parts are guesses.

Pure views, like :mod:`components.views`: a pipeline result goes in as plain
data (:func:`strip_data`), figures come out. Every score is said in words, and
the number is in the tooltip (``title``), so the strip reads without a legend.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dash import html

from app.graph.model import PrototypeGraph
from ontology_loaders import Ontology, local_name

from components.elements import EDGE_ID_SEPARATOR
from components.layout import STAGES, stage_placeholders
from components.wording import closeness, confidence_words, message_lines

__all__ = ["STAGE_TIMINGS", "guessed_parts", "stage_strip", "strip_data"]

# Pipeline timing keys grouped into the strip's four stages.
STAGE_TIMINGS = {
    "raw": ("examples", "raw_nodes", "raw_edges"),
    "candidates": ("retrieval",),
    "constrained": ("constrained_nodes", "constrained_edges", "assemble"),
    "cleaned": ("entity_linking", "cleanup"),
}
# The evidence draft says a part is a guess with a message "a guess: “words” read as <link label>".
GUESS_PREFIX = "a guess: "
# How a thing was named in the question (the evidence's "kind: “words”"), in words.
_NAMED_BY = {
    "class": "names its class",
    "instance": "names this very thing",
    "name": "is its name",
    "related": "names how it is related",
    "focus": "is what the question asks for",
}
_CONFIDENCE_HELP = ("How sure the weakest part of the draft is, from 0 (a guess) to 1 (certain): "
                    "the class and link choices each have a score, and the lowest one counts.")


def strip_data(result: Any) -> dict[str, Any]:
    """A pipeline result's stages as JSON for the strip (and the stages store).

    ``result`` is an :class:`app.nl.pipeline.PipelineResult`; only plain data is kept.
    """
    stages = getattr(result, "stages", None)
    dump = (lambda v: v.model_dump(mode="json") if hasattr(v, "model_dump") else v)
    raw = dump(getattr(stages, "raw", None)) or {}
    candidates = {k: [dump(t) for t in v] for k, v in (getattr(stages, "candidates", None) or {}).items()}
    timings = dict(getattr(result, "timings_ms", None) or {})
    grouped = {key: round(sum(float(timings.get(n, 0.0)) for n in names), 1) for key, names in STAGE_TIMINGS.items()
               if any(n in timings for n in names)}
    return {
        "raw": {k: raw.get(k, []) for k in ("nodes", "ids", "relations", "constraints", "names")},
        "candidates": candidates,
        "constrained": dump(getattr(stages, "constrained_graph", None)),
        "cleaned": dump(result.graph),
        "cleanup": [a.detail if hasattr(a, "detail") else str(a) for a in (getattr(stages, "cleanup", None) or [])],
        "timings_ms": grouped,
        "total_ms": round(float(timings.get("total", sum(grouped.values()))), 1),
        "evidence_ms": timings.get("evidence"),
        "evidence": dict(getattr(result, "evidence", None) or {}),
        "confidence": getattr(result, "confidence", None),
        "used": list(getattr(result, "used_words", None) or []),
        "ignored": list(getattr(result, "ignored_words", None) or []),
        "messages": message_lines(getattr(result, "messages", None) or []),
    }


def guessed_parts(data: Mapping[str, Any] | None) -> set[str]:
    """Canvas element ids (node ids, ``source|link|target`` edge ids) of the draft's parts that are guesses.

    A link is a guess when the draft said so ("a guess: “words” read as …"); a
    node is one when no word of the question named it (it only joins two named things).

    >>> sorted(guessed_parts({"evidence": {"a": "class: “x”", "b": "the way between two things the question joins",
    ...                             "a http://e/p b": "“born in” → place"},
    ...                "messages": ["A guess: “born in” read as place"]}))
    ['a|http://e/p|b', 'b']
    """
    evidence = dict((data or {}).get("evidence") or {})
    said = {m.lower() for m in (data or {}).get("messages") or []}
    guesses = set()
    for key, words in evidence.items():
        parts = key.split(" ")
        if len(parts) == 3:
            phrase, _, label = str(words).partition(" \u2192 ")
            if (GUESS_PREFIX + phrase + " read as " + label).lower() in said:
                guesses.add(EDGE_ID_SEPARATOR.join(parts))
        elif len(parts) == 1 and ":" not in str(words):
            guesses.add(key)
    return guesses


def _mini_graph(graph: PrototypeGraph | None, ontology: Ontology | None, extra: list[str] = ()) -> Any:
    if graph is None or graph.is_empty():
        return html.Div("empty", className="stage-body muted")
    label = (lambda iri: ontology.label(iri)) if ontology is not None else (lambda iri: local_name(iri))
    nodes = [html.Li(f"{label(n.class_)} ?{n.id}", className="mini-node", title=f"a {label(n.class_)}, ?{n.id}")
             for n in graph.nodes]
    edges = [html.Li(f"?{e.source} \u2014{label(e.link)}\u2192 ?{e.target}", className="mini-edge",
                     title=f"?{e.source} is linked to ?{e.target} by {label(e.link)}") for e in graph.edges]
    notes = [html.Li(text, className="mini-note", title=text) for text in extra]
    return html.Ul(nodes + edges + notes, className="stage-body mini")


def _raw_view(raw: Mapping[str, Any] | None) -> Any:
    raw = raw or {}
    ids_ = list(raw.get("ids") or [])
    words = list(raw.get("nodes") or [])
    items = [html.Li(f"{w} ({ids_[i]})" if i < len(ids_) else w, className="mini-node",
                     title="a thing the model read off the question") for i, w in enumerate(words)]
    items += [html.Li(" ".join(map(str, r)), className="mini-edge", title="a relation the model read")
              for r in raw.get("relations") or []]
    items += [html.Li(" ".join(map(str, c)), className="mini-edge", title="a condition the model read")
              for c in raw.get("constraints") or []]
    items += [html.Li(f"{n[0]} named {n[1]}", className="mini-edge") for n in raw.get("names") or [] if len(n) == 2]
    if not items:
        return html.Div("no words", className="stage-body muted")
    return html.Ul(items, className="stage-body mini")


def _candidates_view(candidates: Mapping[str, Any] | None) -> Any:
    items = []
    for text, options in list((candidates or {}).items())[:6]:
        names = []
        for option in list(options or [])[:3]:
            name = option.get("label") or local_name(str(option.get("iri", "")))
            score = option.get("score")
            if isinstance(score, (int, float)):
                names.append(html.Span(f"{name} ({closeness(score)})", className="candidate",
                                       title=f"{name}: similarity {score:.2f} of 1 to \u201c{text}\u201d"))
            else:
                names.append(html.Span(str(name), className="candidate"))
        joined = [part for i, n in enumerate(names) for part in ((", ", n) if i else (n,))]
        items.append(html.Li([html.Span(str(text), className="mini-raw"), " \u2192 ", *joined],
                             title=f"the ontology terms closest in meaning to \u201c{text}\u201d, best first"))
    if not items:
        return html.Div("none", className="stage-body muted")
    return html.Ul(items, className="stage-body mini")


def _as_graph(value: Any) -> PrototypeGraph | None:
    if isinstance(value, Mapping) and "nodes" in value:
        try:
            return PrototypeGraph.model_validate(value)
        except ValueError:
            return None
    return None


def _figure(title: str, note: str, body: Any, *, help_text: str = "") -> html.Figure:
    return html.Figure(className="stage", title=help_text or None, children=[
        html.Figcaption([html.Span(title, className="stage-title"), html.Span(note, className="stage-time")]),
        body,
    ])


def _node_evidence(node_id: str, words: str, graph: PrototypeGraph | None, label, guesses: set[str]) -> html.Li:
    node = graph.node(node_id) if graph is not None else None
    name = f"{label(node.class_)} ?{node_id}" if node is not None else f"?{node_id}"
    kind, _, said = str(words).partition(": ")
    if not said:
        return html.Li([html.Span(name, className="mini-node"), " \u2190 ", "no word names it: a guess"],
                       className="guess", title=f"?{node_id}: {words}. The draft added it to join two things.")
    why = _NAMED_BY.get(kind, f"({kind})")
    return html.Li([html.Span(name, className="mini-node"), " \u2190 ", html.Q(said.strip("\u201c\u201d"))],
                   className="guess" if node_id in guesses else None,
                   title=f"The word {said} {why}: ?{node_id} is a {label(node.class_) if node else 'thing'}.")


def _edge_evidence(key: str, words: str, label, guesses: set[str]) -> html.Li:
    source, link, target = key.split(" ")
    phrase, _, read_as = str(words).partition(" \u2192 ")
    guess = EDGE_ID_SEPARATOR.join((source, link, target)) in guesses
    note = (" \u2014 a guess: no link of the ontology fits these words well" if guess else "")
    return html.Li([html.Span(f"?{source} \u2014{label(link)}\u2192 ?{target}", className="mini-edge"), " \u2190 ",
                    html.Q(phrase.strip("\u201c\u201d")), *([html.Span(" (a guess)", className="guess-tag")] if guess else [])],
                   className="guess" if guess else None,
                   title=f"The words {phrase} were read as the link {read_as or label(link)}{note}.")


def _evidence_strip(data: Mapping[str, Any], ontology: Ontology | None) -> list:
    """A draft read from evidence: what each node and link came from, how sure it is, and what was left over."""
    evidence = dict(data.get("evidence") or {})
    graph = _as_graph(data.get("cleaned"))
    label = (lambda iri: ontology.label(iri)) if ontology is not None else local_name
    guesses = guessed_parts(data)
    nodes = [_node_evidence(k, w, graph, label, guesses) for k, w in evidence.items() if " " not in k]
    edges = [_edge_evidence(k, w, label, guesses) for k, w in evidence.items() if k.count(" ") == 2]
    confidence = data.get("confidence")
    used, ignored = list(data.get("used") or []), list(data.get("ignored") or [])
    sure = [
        html.Li("Confidence: " + (f"{confidence_words(confidence)} ({confidence:.2f} of 1)"
                                  if isinstance(confidence, (int, float)) else "not scored"),
                title=_CONFIDENCE_HELP, className="confidence"),
        html.Li(["Words used: ", ", ".join(used) if used else "none"], className="mini-note",
                title="The question's words that named a thing or a link of the draft."),
        html.Li(["Words not used: ", ", ".join(ignored) if ignored else "none"], className="mini-note",
                title="Words the draft did not read: if one of them matters, add it on the canvas or rephrase."),
    ]
    time = data.get("evidence_ms") or data.get("total_ms")
    note = f"{time:.0f} ms" if isinstance(time, (int, float)) else "\u2013"
    return [
        _figure("Things named", note, html.Ul(nodes or [html.Li("none")], className="stage-body mini"),
                help_text="Each node of the draft and the words of the question that named it."),
        _figure("Links from the words", "", html.Ul(edges or [html.Li("none")], className="stage-body mini"),
                help_text="Each link of the draft and the words between the two things it joins."),
        _figure("How sure", "", html.Ul(sure, className="stage-body mini"), help_text=_CONFIDENCE_HELP),
        _figure("Draft", "", _mini_graph(graph, ontology), help_text="The graph drawn on the canvas."),
    ]


_STAGE_HELP = {
    "raw": "What the language model read off the question, in its own words.",
    "candidates": "For each word read, the ontology terms closest in meaning (hover a term for its score).",
    "constrained": "The model's second pass, allowed only the candidates and links valid for the ontology.",
    "cleaned": "The graph after named things were looked up and the result was checked.",
}


def stage_strip(data: Mapping[str, Any] | None, ontology: Ontology | None = None) -> list:
    """One figure per pipeline stage with its time; the strip is the paper's Figure 1, live.

    A draft read from evidence (no model call) shows that evidence instead of the model's stages.
    """
    if not data:
        return stage_placeholders()
    if data.get("evidence"):
        return _evidence_strip(data, ontology)
    timings = data.get("timings_ms") or {}
    bodies = {
        "raw": _raw_view(data.get("raw")),
        "candidates": _candidates_view(data.get("candidates")),
        "constrained": _mini_graph(_as_graph(data.get("constrained")), ontology),
        "cleaned": _mini_graph(_as_graph(data.get("cleaned")), ontology, list(data.get("cleanup") or [])[:3]),
    }
    figures = []
    for key, title in STAGES:
        time = timings.get(key)
        figures.append(_figure(title, f"{time:.0f} ms" if isinstance(time, (int, float)) else "\u2013", bodies[key],
                               help_text=_STAGE_HELP[key]))
    return figures

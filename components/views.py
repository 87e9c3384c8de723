"""Pure view helpers: app data in, component properties out.

Callbacks stay thin by calling these; tests call them without a browser.
Nothing here loads a resource or touches a store.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dash import html

from app.errors import EditError
from app.graph import suggestions
from app.graph.edits import can_flip, constraint_ops, find_edge
from app.graph.history import History
from app.graph.model import PrototypeGraph
from app.settings import SAMPLES_DIR
from ontology_loaders import Ontology, instance_label, local_name

from components import ids
from components.elements import describe_constraint, edge_from_id, edge_id
from components.ids import InspectTarget
from components.layout import STAGES, stage_placeholders

__all__ = [
    "class_search_options",
    "constraint_items",
    "edge_panel_state",
    "example_questions",
    "history_options",
    "inspect_options",
    "link_choice",
    "node_options",
    "node_panel_state",
    "stage_strip",
    "strip_data",
]

# The paper's running example (OnSET, Kantz et al.): persons, their children, and a shared university.
PAPER_EXAMPLE = "Which persons have a child who studied at the same university as them?"
_EXAMPLES_FILES = ("questions.txt", "questions.json", "questions.jsonl", "questions.yaml", "questions.yml")


def example_questions(source: Mapping[str, Any] | None, ontology: Ontology | None = None, limit: int = 5) -> list[str]:
    """Example questions for a data source: the sample's own list if it ships one, else built from the ontology."""
    found: list[str] = []
    if source and source.get("kind") == "sample":
        found = _sample_questions(SAMPLES_DIR / str(source.get("name", "")))
    if not found and ontology is not None:
        found = _questions_from_ontology(ontology)
    if ontology is not None and ontology.get_link("http://dbpedia.org/ontology/almaMater"):
        found = [PAPER_EXAMPLE, *[q for q in found if q != PAPER_EXAMPLE]]
    return found[:limit]


def _sample_questions(folder: Path) -> list[str]:
    for name in _EXAMPLES_FILES:
        path = folder / name
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        try:
            if name.endswith(".txt"):
                return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]
            if name.endswith(".jsonl"):
                items = [json.loads(line) for line in text.splitlines() if line.strip()]
            elif name.endswith(".json"):
                items = json.loads(text)
            else:
                import yaml

                items = yaml.safe_load(text)
        except (ValueError, ImportError):
            continue
        if isinstance(items, dict):
            items = items.get("questions", [])
        questions = [i if isinstance(i, str) else (i or {}).get("question", "") for i in items or []]
        return [q for q in questions if q]
    return []


def _questions_from_ontology(ontology: Ontology) -> list[str]:
    """A few questions naming links whose domain and range are both specific classes."""
    questions = []
    for link in ontology.links:
        if ontology.get_class(link.domain) and ontology.get_class(link.range) and len(link.label.split()) <= 2:
            range_label = ontology.label(link.range)
            questions.append(f"Which {ontology.label(link.domain)}s have {_article(link.label)} {link.label} "
                             f"that is {_article(range_label)} {range_label}?")
        if len(questions) >= 4:
            break
    return questions


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


# -- ask: the transparency strip ------------------------------------------------
# Pipeline timing keys grouped into the strip's four stages.
STAGE_TIMINGS = {
    "raw": ("examples", "raw_nodes", "raw_edges"),
    "candidates": ("retrieval",),
    "constrained": ("constrained_nodes", "constrained_edges", "assemble"),
    "cleaned": ("entity_linking", "cleanup"),
}


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
        "evidence": dict(getattr(result, "evidence", None) or {}),
        "confidence": getattr(result, "confidence", None),
        "ignored": list(getattr(result, "ignored_words", None) or []),
    }


def _mini_graph(graph: PrototypeGraph | None, ontology: Ontology | None, extra: list[str] = ()) -> Any:
    if graph is None or graph.is_empty():
        return html.Div("empty", className="stage-body muted")
    label = (lambda iri: ontology.label(iri)) if ontology is not None else (lambda iri: local_name(iri))
    nodes = [html.Li(f"{label(n.class_)} ?{n.id}", className="mini-node") for n in graph.nodes]
    edges = [html.Li(f"{e.source} —{label(e.link)}→ {e.target}", className="mini-edge") for e in graph.edges]
    notes = [html.Li(text, className="mini-note") for text in extra]
    return html.Ul(nodes + edges + notes, className="stage-body mini")


def _raw_view(raw: Mapping[str, Any] | None) -> Any:
    raw = raw or {}
    ids_ = list(raw.get("ids") or [])
    words = list(raw.get("nodes") or [])
    items = [html.Li(f"{w} ({ids_[i]})" if i < len(ids_) else w, className="mini-node") for i, w in enumerate(words)]
    items += [html.Li(" ".join(map(str, r)), className="mini-edge") for r in raw.get("relations") or []]
    items += [html.Li(" ".join(map(str, c)), className="mini-edge") for c in raw.get("constraints") or []]
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
            names.append(f"{name} {score:.2f}" if isinstance(score, (int, float)) else str(name))
        items.append(html.Li([html.Span(str(text), className="mini-raw"), " → ", ", ".join(names)]))
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


def _figure(title: str, note: str, body: Any) -> html.Figure:
    return html.Figure(className="stage", children=[
        html.Figcaption([html.Span(title, className="stage-title"), html.Span(note, className="stage-time")]),
        body,
    ])


def _evidence_strip(data: Mapping[str, Any], ontology: Ontology | None) -> list:
    """A draft read from evidence: what each node and link came from, how sure it is, and what was left over."""
    evidence = dict(data.get("evidence") or {})
    node_items = [html.Li(f"?{key}: {words}", className="mini-node") for key, words in evidence.items() if " " not in key]
    label = (lambda iri: ontology.label(iri)) if ontology is not None else local_name
    edge_items = []
    for key, words in evidence.items():
        if key.count(" ") == 2:
            source, link, target = key.split(" ")
            edge_items.append(html.Li(f"{source} —{label(link)}→ {target}: {words}", className="mini-edge"))
    confidence = data.get("confidence")
    ignored = list(data.get("ignored") or [])
    sure = [html.Li(f"confidence {confidence:.2f}" if isinstance(confidence, (int, float)) else "confidence –"),
            html.Li("words not used: " + (", ".join(ignored) if ignored else "none"), className="mini-note")]
    time = (data.get("timings_ms") or {}).get("evidence", data.get("total_ms"))
    note = f"{time:.0f} ms" if isinstance(time, (int, float)) else "–"
    return [
        _figure("things named", note, html.Ul(node_items or [html.Li("none")], className="stage-body mini")),
        _figure("links from the words", "", html.Ul(edge_items or [html.Li("none")], className="stage-body mini")),
        _figure("how sure", "", html.Ul(sure, className="stage-body mini")),
        _figure("draft", "", _mini_graph(_as_graph(data.get("cleaned")), ontology)),
    ]


def stage_strip(data: Mapping[str, Any] | None, ontology: Ontology | None = None) -> list:
    """One small figure per pipeline stage with its time; the strip is the paper's Figure 1, live.

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
        figures.append(html.Figure(className="stage", children=[
            html.Figcaption([html.Span(title, className="stage-title"),
                             html.Span(f"{time:.0f} ms" if isinstance(time, (int, float)) else "–",
                                       className="stage-time")]),
            bodies[key],
        ]))
    return figures


# -- edit: choices that keep the graph valid --------------------------------------
def node_options(graph: PrototypeGraph, ontology: Ontology | None = None) -> list[dict[str, str]]:
    return [{"label": f"?{n.id} ({(ontology.label(n.class_) if ontology else local_name(n.class_))})",
             "value": n.id} for n in graph.nodes]


def inspect_options(graph: PrototypeGraph, ontology: Ontology | None = None) -> list[dict[str, str]]:
    """Every node and edge, for the keyboard-reachable inspector picker."""
    options = [{"label": f"node ?{n.id}", "value": InspectTarget("node", n.id).format()} for n in graph.nodes]
    for edge in graph.edges:
        link = ontology.label(edge.link) if ontology else local_name(edge.link)
        options.append({"label": f"link ?{edge.source} —{link}→ ?{edge.target}",
                        "value": InspectTarget("edge", edge_id(edge)).format()})
    return options


def class_search_options(options: list[suggestions.ClassOption]) -> list[dict[str, Any]]:
    return [{"label": f"{o.label}" + (f"  ({o.count:,})" if o.count else ""), "value": o.iri, "search": o.label}
            for o in options]


def link_choice(
    graph: PrototypeGraph, source_id: str | None, target_id: str | None, ontology: Ontology, *,
    question: str | None = None, counts: Mapping[str, int] | None = None, similarity=None,
) -> tuple[list[dict[str, str]], str | None, str]:
    """Dropdown options, the preselected value (when exactly one link fits) and a hint."""
    if not source_id or not target_id:
        return [], None, "Pick two nodes (click one, then Shift+click another)."
    if graph.node(source_id) is None or graph.node(target_id) is None:
        return [], None, ""
    options = suggestions.link_options(graph, source_id, target_id, ontology, question=question, counts=counts,
                                   similarity=similarity)
    if not options:
        return [], None, "No link of the ontology joins these two classes."
    values = [{"label": f"?{o.source} —{o.label}→ ?{o.target}", "value": json.dumps([o.source, o.link, o.target])}
              for o in options]
    preselected = values[0]["value"] if len(values) == 1 else None
    hint = "Exactly one link fits." if preselected else f"{len(values)} links fit, best first."
    return values, preselected, hint


def node_panel_state(graph: PrototypeGraph, node_id: str, ontology: Ontology) -> dict[str, Any]:
    """Everything the node inspector shows for ``node_id``."""
    node = graph.node(node_id)
    if node is None:
        return {}
    change = suggestions.class_change_options(graph, node_id, ontology)
    class_options = [{"label": ontology.label(node.class_) + " (current)", "value": node.class_}]
    class_options += [{"label": "↑ " + ontology.label(p), "value": p} for p in change["parents"]]
    class_options += [{"label": "↓ " + ontology.label(c), "value": c} for c in change["children"]]
    flags = [name for name, on in (("select", node.select), ("subclasses", node.include_subclasses)) if on]
    attributes = suggestions.attribute_options(ontology, node.class_)
    return {
        "class_options": class_options,
        "class_value": node.class_,
        "flags": flags,
        "instances": list(node.instances),
        "instance_options": [{"label": instance_label(i), "value": i} for i in node.instances],
        "constraints": [describe_constraint(c, ontology) for c in node.constraints],
        "attribute_options": [{"label": f"{a['label']} ({a['kind']})", "value": a["iri"]} for a in attributes],
        "attributes": {a["iri"]: a for a in attributes},
    }


def operator_options(datatype: str | None) -> list[dict[str, str]]:
    return [{"label": op.value, "value": op.value} for op in constraint_ops(datatype)]


def input_type_for(kind: str) -> str:
    return {"number": "number", "date": "text", "boolean": "text"}.get(kind, "text")


def constraint_items(descriptions: list[str]) -> list:
    if not descriptions:
        return [html.Li("none", className="muted")]
    return [html.Li([html.Span(text), html.Button("×", id=ids.constraint_remove(i), className="icon-btn",
                                                  title=f"Remove {text}", **{"aria-label": f"Remove {text}"})])
            for i, text in enumerate(descriptions)]


def edge_panel_state(graph: PrototypeGraph, value: str, ontology: Ontology) -> dict[str, Any]:
    try:
        source, link, target = edge_from_id(value)
        edge = find_edge(graph, source, link, target)
    except (ValueError, EditError):
        return {}
    links = suggestions.edge_link_options(graph, source, link, target, ontology)
    return {
        "link_options": [{"label": ontology.label(i), "value": i} for i in links],
        "link_value": edge.link,
        "flags": [name for name in ("optional", "negated") if getattr(edge, name)],
        "can_flip": can_flip(graph, edge, ontology),
    }


def history_options(history: History, ontology: Ontology | None = None) -> list[dict[str, Any]]:
    """Earlier graphs of this session, newest first, named by their nodes."""
    options = []
    for index in range(len(history.past) - 1, -1, -1):
        data = history.past[index]
        nodes = data.get("nodes") or []
        names = ", ".join(
            (ontology.label(n.get("class", "")) if ontology else local_name(n.get("class", ""))) for n in nodes[:4]
        ) or "empty graph"
        if len(nodes) > 4:
            names += f" +{len(nodes) - 4}"
        options.append({"label": f"{index + 1}. {names}", "value": index})
    return options

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
from app.graph.restate import restate
from app.settings import SAMPLES_DIR
from ontology_loaders import Ontology, instance_label, local_name

from components import ids
from components.elements import describe_constraint, edge_from_id, edge_id
from components.ids import InspectTarget
from components.transparency import stage_strip, strip_data
from components.wording import closeness, plural

__all__ = [
    "attribute_search_options",
    "class_search_options",
    "closeness",
    "constraint_items",
    "edge_panel_state",
    "example_questions",
    "history_entry_text",
    "history_options",
    "inspect_options",
    "link_choice",
    "node_options",
    "node_panel_state",
    "plural",
    "search_options",
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


# -- ask: the transparency strip lives in components.transparency (re-exported here) ----


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


# What a count counts, per kind of term: instances of a class, uses of a link or an attribute.
COUNT_UNITS = {"classes": "instance", "links": "use", "attributes": "use"}


def match_note(by: str, similarity: float, text: str, count: int | None, unit: str) -> str:
    """Why an option is offered, in words: a tooltip (``title``) for search results."""
    if by == "meaning":
        why = f"Found by meaning: {closeness(similarity)} to \u201c{text}\u201d ({similarity:.2f} of 1)."
    elif by == "name":
        how = "matches" if similarity >= 0.8 else "is spelled like"
        why = f"Found by name: it {how} \u201c{text}\u201d."
    else:
        why = "Listed by how much data it has." if count else "Type to search by name or meaning."
    if count:
        why += f" {plural(count, unit)} in the data."
    return why


def search_options(options: list[suggestions.TermOption], text: str | None = None, *, kind: str = "classes",
                   details: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """Dropdown options for ranked terms: label with count, a tooltip saying why, and the typed text to search.

    The typed text goes into each option's ``search`` field: the dropdown filters
    options by what was typed, and a match by meaning ("musician" for "musical
    artist") must not be filtered away for lacking the word.
    """
    text = " ".join((text or "").split())
    unit = COUNT_UNITS.get(kind, "instance")
    found = []
    for o in options:
        label = o.label + (f" ({details[o.iri]})" if details and o.iri in details else "")
        if o.count:
            label += f" \u00b7 {plural(o.count, unit)}"
        found.append({"label": label, "value": o.iri, "search": f"{text} {o.label}".strip(),
                      "title": match_note(o.by, o.similarity, text, o.count, unit)})
    return found


def class_search_options(options: list[suggestions.TermOption], text: str | None = None) -> list[dict[str, Any]]:
    return search_options(options, text, kind="classes")


def link_choice(
    graph: PrototypeGraph, source_id: str | None, target_id: str | None, ontology: Ontology, *,
    question: str | None = None, counts: Mapping[str, int] | None = None, similarity=None,
    text: str | None = None, index: Any = None,
) -> tuple[list[dict[str, str]], str | None, str]:
    """Dropdown options, the preselected value (when exactly one link fits) and a hint.

    Ranked for the question, or for ``text`` typed into the dropdown (by name, and
    by meaning through ``index``, an :class:`app.nl.retrieval.OntologyIndex`).
    """
    if not source_id or not target_id:
        return [], None, "Pick two nodes (click one, then Shift+click another)."
    if graph.node(source_id) is None or graph.node(target_id) is None:
        return [], None, ""
    options = suggestions.link_options(graph, source_id, target_id, ontology, question=question, counts=counts,
                                   similarity=similarity)
    if not options:
        return [], None, "No link of the ontology joins these two classes."
    text = " ".join((text or "").split())
    options = suggestions.search_link_options(options, text, ontology, index, counts)
    values = [{"label": f"?{o.source} \u2014{o.label}\u2192 ?{o.target}" + (
                   f" \u00b7 {plural(o.count, 'use')}" if o.count else ""),
               "value": json.dumps([o.source, o.link, o.target]), "search": f"{text} {o.label}".strip(),
               "title": match_note(o.by, o.similarity, text, o.count, "use")}
              for o in options]
    preselected = values[0]["value"] if len(values) == 1 else None
    hint = "Exactly one link fits." if preselected else f"{plural(len(values), 'link')} fit, best first."
    return values, preselected, hint


def node_panel_state(graph: PrototypeGraph, node_id: str, ontology: Ontology,
                     attribute_counts: Mapping[str, int] | None = None) -> dict[str, Any]:
    """Everything the node inspector shows for ``node_id``; attributes say how often the data uses them."""
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
        "attribute_options": attribute_search_options(
            suggestions.attribute_search(ontology, node.class_, "", counts=attribute_counts), "",
            {a["iri"]: a for a in attributes}),
        "attributes": {a["iri"]: a for a in attributes},
    }


def attribute_search_options(options: list[suggestions.TermOption], text: str | None,
                             attributes: Mapping[str, Mapping[str, str]]) -> list[dict[str, Any]]:
    """Attribute options, each with its kind of value ("birth date (date) · 120 uses")."""
    kinds = {iri: a["kind"] for iri, a in attributes.items()}
    return search_options(options, text, kind="attributes", details=kinds)


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
    """Earlier graphs, newest first, each named by the question that produced it and its restatement."""
    options = []
    for index in range(len(history.past) - 1, -1, -1):
        text = history_entry_text(history, history.past[index], ontology)
        short = text if len(text) <= 110 else text[:109] + "…"
        options.append({"label": f"{index + 1}. {short}", "value": index, "title": text})
    return options


def history_entry_text(history: History, data: Mapping[str, Any], ontology: Ontology | None = None) -> str:
    """``“question” — restatement``, or the restatement alone for a graph edited by hand."""
    try:
        graph = PrototypeGraph.model_validate(data)
    except ValueError:
        return "a graph this version cannot read"
    said = restate(graph, ontology) if not graph.is_empty() else "empty graph"
    question = history.question_for(data)
    return f"“{question}” — {said}" if question else said

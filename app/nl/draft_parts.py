"""What of an evidence draft may be compiled: links that fit their things, and one connected part.

A draft is valid by construction; the check here is the safety net that keeps it so when two readings
disagree (a thing merged into another of a different class). The rest of a draft that falls apart is
dropped and named, never compiled into a cross product.
"""

from __future__ import annotations

from collections.abc import Mapping

from app.graph.model import PrototypeGraph
from ontology_loaders import Ontology

__all__ = ["A_WAY_BETWEEN", "largest_valid_part"]

# The evidence of a thing no word said, which only a way between two others needed.
A_WAY_BETWEEN = "the way between two things the question joins"


def largest_valid_part(graph: PrototypeGraph, ontology: Ontology, evidence: Mapping[str, str],
                       messages: list[str]) -> PrototypeGraph:
    """The graph without links that do not fit their things' classes, cut to its largest connected part;
    what goes is named in ``messages``."""
    classes = {n.id: n.class_ for n in graph.nodes}
    unfit = [e for e in graph.edges if not ontology.link_fits(e.link, classes[e.source], classes[e.target])]
    if unfit:
        messages.append("left out links that do not fit their things: "
                        + ", ".join(ontology.label(e.link) for e in unfit))
        graph = graph.model_copy(update={"edges": tuple(e for e in graph.edges if e not in unfit)})
    return _connected(graph, evidence, messages)


def _connected(graph: PrototypeGraph, evidence: Mapping[str, str], messages: list[str]) -> PrototypeGraph:
    if len(graph.nodes) <= 1:
        return graph
    parent = {n.id: n.id for n in graph.nodes}

    def root(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x

    for edge in graph.edges:
        parent[root(edge.source)] = root(edge.target)
    parts: dict[str, list[str]] = {}
    for node in graph.nodes:
        parts.setdefault(root(node.id), []).append(node.id)
    if len(parts) == 1:
        return graph
    keep = set(max(parts.values(), key=len))
    # a thing only a way between two others needed, once unneeded, was never the question's
    dropped = [n.label or n.id for n in graph.nodes if n.id not in keep and evidence.get(n.id) != A_WAY_BETWEEN]
    if dropped:
        messages.append("left out, as nothing joined them to the rest: " + ", ".join(dropped))
    return graph.model_copy(update={
        "nodes": tuple(n for n in graph.nodes if n.id in keep),
        "edges": tuple(e for e in graph.edges if e.source in keep and e.target in keep)})

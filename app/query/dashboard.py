"""What the dashboard charts beyond the result columns: instances per node, and the dates and
coordinates of a node's instances.

A graph's query returns instances and their names, which chart poorly on their
own. These queries wrap the graph's own query (as a subquery, so they cover
every result, not just the page shown) and read back:

- :func:`node_counts`: how many distinct instances each returned node has;
- :func:`instance_facts`: the instances of one node with their date values and
  latitude/longitude, as results that :mod:`app.query.charts` draws as a
  timeline or a map.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from app.errors import USER_ERRORS, ProtoGraphError
from app.graph.model import PrototypeGraph
from app.query.charts import ChartKind, build_figure, choose_chart, class_counts_figure
from app.query.compile import compile_sparql, label_variable
from app.query.engine import KnowledgeGraph
from app.query.sparql_results import SparqlResults
from ontology_loaders import Ontology, label_from_local_name
from ontology_loaders.vocab import DATE_DATATYPES, XSD

__all__ = ["FACTS_LIMIT", "ChartOption", "Dashboard", "Facts", "draw_chart", "instance_facts", "node_counts",
           "node_labels", "plan_dashboard", "returned_nodes"]

#: Instances read per node for its timeline or map.
FACTS_LIMIT = 500
LATITUDE, LONGITUDE = "latitude", "longitude"
_COORDINATE_NAMES = "lat|latitude|long|lon|lng|longitude"
_COORDINATE = re.compile(rf"[#/]({_COORDINATE_NAMES})$", re.IGNORECASE)
_LOCAL = re.compile(r"[^A-Za-z0-9_]")


def _split(query: str) -> tuple[list[str], list[str]]:
    """The PREFIX lines of a compiled query, and its SELECT (to nest as a subquery)."""
    lines = query.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("SELECT"))
    return [line for line in lines[:start] if line.strip()], lines[start:]


def returned_nodes(graph: PrototypeGraph) -> list[str]:
    """The nodes whose instances are result columns (none for a counting query)."""
    if graph.aggregation is not None:
        return []
    return [n.id for n in graph.nodes if n.select]


def node_counts(graph: PrototypeGraph, *, store: KnowledgeGraph, timeout: float | None = None) -> dict[str, int]:
    """How many distinct instances each returned node has across all of the graph's results."""
    nodes = returned_nodes(graph)
    if not nodes:
        return {}
    prologue, select = _split(compile_sparql(graph, labels=False, limit=None))
    counts = " ".join(f"(COUNT(DISTINCT ?{n}) AS ?{n}__n)" for n in nodes)
    query = "\n".join([*prologue, f"SELECT {counts}", "WHERE {", "  {", *(f"    {s}" for s in select), "  }", "}"])
    rows = store.select(query, timeout=timeout).bindings
    if not rows:
        raise ProtoGraphError("the knowledge graph did not answer the counts of the nodes")
    return {n: int(rows[0].get(f"{n}__n", {}).get("value", 0)) for n in nodes}


@dataclass(frozen=True)
class Facts:
    """A node's instances with their dates and coordinates, as results the chart rules read."""

    node: str
    results: SparqlResults
    dates: tuple[tuple[str, str], ...]  # (column, property IRI), the best covered first

    @property
    def has_map(self) -> bool:
        return LATITUDE in self.results.vars

    @property
    def has_timeline(self) -> bool:
        return bool(self.dates)


def _facts_query(graph: PrototypeGraph, node_id: str, language: str | None, limit: int) -> str:
    focused = PrototypeGraph.model_validate({
        **graph.model_dump(mode="json"),
        "nodes": [{**n.model_dump(mode="json"), "select": n.id == node_id} for n in graph.nodes],
        "aggregation": None, "order_by": [{"node": node_id}],
        "limit": min(graph.limit, limit) if graph.limit is not None else limit,
    })
    prologue, select = _split(compile_sparql(focused, language=language))
    dates = ", ".join(f"<{d}>" for d in sorted(DATE_DATATYPES))
    label = label_variable(node_id)
    # An optional node may be unbound in some rows; joined unbound, `?node ?p ?v` would match every triple.
    return "\n".join([
        *prologue,
        f"SELECT ?{node_id} ?{label} ?p ?v",
        "WHERE {",
        f"  {{ SELECT ?{node_id} ?{label} WHERE {{",
        "    {", *(f"      {s}" for s in select), "    }",
        f"    FILTER(isIRI(?{node_id}))",
        "  } }",
        f"  ?{node_id} ?p ?v .",
        (f"  FILTER(isLiteral(?v) && (datatype(?v) IN ({dates}) || "
         f'REGEX(STR(?p), "[#/]({_COORDINATE_NAMES})$", "i")))'),
        "}",
        f"LIMIT {limit * 20}",
    ])


def _column(iri: str, taken: set[str]) -> str:
    stem = _LOCAL.sub("_", re.split(r"[#/:]", iri.rstrip("/#"))[-1])[:40] or "date"
    name, n = stem, 2
    while name in taken:
        name, n = f"{stem}_{n}", n + 1
    taken.add(name)
    return name


def instance_facts(graph: PrototypeGraph, node_id: str, *, store: KnowledgeGraph, language: str | None = "en",
                   limit: int = FACTS_LIMIT, timeout: float | None = None) -> Facts:
    """The dates and coordinates of ``node_id``'s instances in the graph's results (first ``limit`` instances).

    One row per instance: its IRI and name, one column per date property (the first
    value of each), and ``latitude``/``longitude`` when it has both.
    """
    rows = store.select(_facts_query(graph, node_id, language, limit), timeout=timeout).bindings
    label = label_variable(node_id)
    by_instance: dict[str, dict] = {}
    coverage: dict[str, set[str]] = {}
    for row in rows:
        iri, prop, value = row[node_id]["value"], row["p"]["value"], row["v"]
        record = by_instance.setdefault(iri, {node_id: row[node_id], **({label: row[label]} if label in row else {})})
        match = _COORDINATE.search(prop)
        if match:
            key = LATITUDE if match.group(1).lower().startswith("lat") else LONGITUDE
            try:
                record.setdefault(key, {"type": "literal", "value": str(float(value["value"])),
                                        "datatype": XSD + "double"})
            except ValueError:
                continue  # a coordinate that is not a number cannot be placed
        elif value.get("datatype") in DATE_DATATYPES:
            record.setdefault(prop, value)
            coverage.setdefault(prop, set()).add(iri)
    taken = {node_id, label, LATITUDE, LONGITUDE}
    ranked = sorted(coverage, key=lambda p: (-len(coverage[p]), p))
    dates = tuple((_column(p, taken), p) for p in ranked)
    mapped = any(LATITUDE in r and LONGITUDE in r for r in by_instance.values())
    vars_ = [node_id, label, *(c for c, _ in dates), *((LATITUDE, LONGITUDE) if mapped else ())]
    bindings = []
    for record in by_instance.values():
        binding = {k: v for k, v in record.items() if k in (node_id, label)}
        binding.update({column: record[prop] for column, prop in dates if prop in record})
        if mapped and LATITUDE in record and LONGITUDE in record:
            binding.update({LATITUDE: record[LATITUDE], LONGITUDE: record[LONGITUDE]})
        bindings.append(binding)
    return Facts(node_id, SparqlResults.model_validate({"head": {"vars": vars_}, "results": {"bindings": bindings}}),
                 dates)


# -- the dashboard: which charts to offer, and drawing one ---------------------------------


@dataclass(frozen=True)
class ChartOption:
    key: str  # a ChartKind value, or "timeline:<node>" / "map:<node>" for a node's facts
    label: str
    reason: str = ""


@dataclass(frozen=True)
class Dashboard:
    options: tuple[ChartOption, ...]
    chosen: str | None
    reason: str


def node_labels(graph: PrototypeGraph, ontology: Ontology | None = None) -> dict[str, str]:
    """Each node as charts name it: its class and variable, e.g. ``person (?person_1)``."""
    name = ontology.label if ontology is not None else label_from_local_name
    return {n.id: f"{name(n.class_)} (?{n.id})" for n in graph.nodes}


def _fact_options(labels: dict[str, str], facts: list[Facts], ontology: Ontology | None) -> list[ChartOption]:
    name = ontology.label if ontology is not None else label_from_local_name
    found = []
    for fact in facts:
        if fact.has_map:
            found.append(ChartOption(f"{ChartKind.MAP.value}:{fact.node}", f"map of {labels[fact.node]}",
                                     f"the instances of ?{fact.node} have coordinates"))
        if fact.has_timeline:
            prop = name(fact.dates[0][1])
            found.append(ChartOption(f"{ChartKind.TIMELINE.value}:{fact.node}",
                                     f"timeline: {prop} of {labels[fact.node]}",
                                     f"the instances of ?{fact.node} have a {prop}"))
    return found


def plan_dashboard(results: SparqlResults, graph: PrototypeGraph, *, store: KnowledgeGraph,
                   ontology: Ontology | None = None, language: str | None = "en",
                   timeout: float | None = None) -> Dashboard:
    """The charts worth offering for these results, the one shown first, and why.

    A chart the result columns suit comes first. When only the count by class
    suits them, the dates and coordinates of the returned nodes' instances are
    offered (a map first, then a timeline) and the reason says no column chart fits.
    A node whose facts cannot be read (a slow endpoint) is left out, not reported.
    """
    choice = choose_chart(results)
    if choice.kind is None:
        return Dashboard((), None, choice.reason)
    labels = node_labels(graph, ontology)
    facts = []
    for node in returned_nodes(graph):
        try:
            facts.append(instance_facts(graph, node, store=store, language=language, timeout=timeout))
        except USER_ERRORS:
            continue
    extra = _fact_options(labels, facts, ontology)
    reasons = dict(zip(choice.alternatives, choice.reasons))
    columns = [ChartOption(k.value, k.value, reasons[k]) for k in choice.alternatives if k is not ChartKind.CLASS_COUNTS]
    fallback = [ChartOption(ChartKind.CLASS_COUNTS.value, "count by class (instances per node)",
                            "instances of each node of the query, over all results")] * (
        ChartKind.CLASS_COUNTS in choice.alternatives)
    options = [*columns, *extra, *fallback]
    if choice.kind is ChartKind.CLASS_COUNTS and extra:
        chosen, reason = extra[0].key, f"No chart fits the result columns (names only); {extra[0].reason}"
    else:
        chosen, reason = choice.kind.value, choice.reason
    # The chosen chart's reason is the one the panel shows first; each option carries its own.
    options = [ChartOption(o.key, o.label, reason) if o.key == chosen else o for o in options]
    return Dashboard(tuple(options), chosen, reason)


def draw_chart(key: str, results: SparqlResults, graph: PrototypeGraph, *, store: KnowledgeGraph,
               ontology: Ontology | None = None, language: str | None = "en", timeout: float | None = None) -> Any:
    """The figure of one dashboard option (see :func:`plan_dashboard`).

    :raises ValueError: for a key that names no chart of these results.
    """
    kind_name, _, node = key.partition(":")
    kind = ChartKind(kind_name)
    labels = node_labels(graph, ontology)
    if node:
        if node not in returned_nodes(graph):
            raise ValueError(f"?{node} is not a returned node of the query")
        facts = instance_facts(graph, node, store=store, language=language, timeout=timeout)
        return build_figure(facts.results, kind, node_labels=labels)
    if kind is ChartKind.CLASS_COUNTS and returned_nodes(graph):
        # Over every result, not just the page on show.
        return class_counts_figure(node_counts(graph, store=store, timeout=timeout), labels)
    return build_figure(results, kind, node_labels=labels)

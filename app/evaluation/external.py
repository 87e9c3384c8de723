"""Benchmarks nobody here wrote: LC-QuAD-style ``{id, question, sparql}`` JSON lines.

Each question goes through the extractor; the generated graph's classes and
links are scored against the ontology terms of the gold query, the graph is
validated, and where a store or endpoint answers both queries their results
are compared (set-based P/R/F1 as Text2SPARQL, RelaxedEM as FIRESPARQL).
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from app.errors import ProtoGraphError
from app.evaluation.execution import QueryRunner, answer_values
from app.evaluation.extractors import Extractor
from app.evaluation.metrics import PRF, mean, relaxed_exact_match, set_prf
from app.graph.model import PrototypeGraph
from app.graph.validate import validate_graph
from app.query.compile import compile_sparql
from ontology_loaders.model import Ontology

__all__ = [
    "BenchmarkQuestion",
    "GoldTerms",
    "gold_terms",
    "load_questions",
    "percentile",
    "predicted_terms",
    "run_questions",
    "summarise_questions",
]


@dataclass(frozen=True)
class BenchmarkQuestion:
    id: str
    question: str
    sparql: str


@dataclass(frozen=True)
class GoldTerms:
    classes: frozenset[str]
    properties: frozenset[str]  # links and attributes of the ontology
    outside: frozenset[str]  # IRIs in the ontology's namespaces that the ontology lacks


def load_questions(path: Path, *, limit: int | None = None) -> list[BenchmarkQuestion]:
    """Read JSON lines; a line without a question or a query is an error naming the line."""
    questions = []
    with Path(path).open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
                questions.append(BenchmarkQuestion(str(item.get("id", number)), item["question"], item["sparql"]))
            except (json.JSONDecodeError, KeyError, TypeError) as exc:
                raise ValueError(f"{path}:{number}: not an {{id, question, sparql}} object ({exc})") from exc
            if limit is not None and len(questions) >= limit:
                break
    return questions


_FULL_IRI = re.compile(r"<([^<>\s]+)>")
_PREFIX_DECL = re.compile(r"PREFIX\s+([A-Za-z][\w.-]*)?:\s*<([^<>\s]*)>", re.IGNORECASE)
_PREFIXED = re.compile(r"(?<![\w<])([A-Za-z][\w-]*)?:([A-Za-z_][\w.-]*[\w-]|[A-Za-z_])")


def _iris_of_query(sparql: str) -> set[str]:
    """Every IRI the query names, prefixes expanded.

    rdflib's parser does the work; LC-QuAD has a few queries it rejects
    (prefixed names ending in a dot), which fall back to a regular scan.
    """
    try:
        from rdflib import URIRef
        from rdflib.plugins.sparql import prepareQuery

        algebra = prepareQuery(sparql).algebra
    except Exception:  # noqa: BLE001 - any parse failure takes the fallback
        prefixes = {p or "": iri for p, iri in _PREFIX_DECL.findall(sparql)}
        body = _PREFIX_DECL.sub(" ", sparql)
        found = set(_FULL_IRI.findall(body))
        body = _FULL_IRI.sub(" ", body)
        found |= {prefixes[p or ""] + local for p, local in _PREFIXED.findall(body) if (p or "") in prefixes}
        return found

    found: set[str] = set()
    stack: list[object] = [algebra]
    seen: set[int] = set()
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, URIRef):
            found.add(str(item))
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
    return found


def _namespace(iri: str) -> str:
    cut = max(iri.rfind("#"), iri.rfind("/"))
    return iri[: cut + 1]


def gold_terms(sparql: str, ontology: Ontology) -> GoldTerms:
    """The ontology classes and properties a gold query uses; resources and dbp: are ignored.

    >>> from ontology_loaders.model import Link, OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="http://dbpedia.org/ontology/City", label="city")],
    ...                 links=[Link(iri="http://dbpedia.org/ontology/founder", label="founder")])
    >>> terms = gold_terms("PREFIX dbo: <http://dbpedia.org/ontology/> SELECT ?u WHERE { "
    ...     "?u dbo:founder <http://dbpedia.org/resource/John> . ?u a dbo:City . ?u dbo:mayor ?m }", onto)
    >>> sorted(terms.classes), sorted(terms.properties), sorted(terms.outside)
    (['http://dbpedia.org/ontology/City'], ['http://dbpedia.org/ontology/founder'], ['http://dbpedia.org/ontology/mayor'])
    """
    iris = _iris_of_query(sparql)
    namespaces = {_namespace(c.iri) for c in ontology.classes} | {_namespace(p.iri) for p in ontology.links}
    classes = {iri for iri in iris if ontology.get_class(iri)}
    properties = {iri for iri in iris if ontology.get_link(iri) or ontology.get_attribute(iri)}
    outside = {iri for iri in iris - classes - properties if _namespace(iri) in namespaces}
    return GoldTerms(frozenset(classes), frozenset(properties), frozenset(outside))


def predicted_terms(graph: PrototypeGraph, ontology: Ontology) -> tuple[frozenset[str], frozenset[str]]:
    """Classes of the nodes; links of the edges plus the attributes the query reads: constrained, shown, sorted by.

    Only the ontology's own terms count, the rule ``gold_terms`` applies to the gold query: a name
    pinned by ``rdfs:label`` is the draft's way of naming a resource the gold query writes as an IRI.
    """
    classes = frozenset(n.class_ for n in graph.nodes)
    properties = frozenset(e.link for e in graph.edges) | frozenset(
        c.property for n in graph.nodes for c in n.constraints
    ) | frozenset(a for n in graph.nodes for a in n.shown) | frozenset(o.property for o in graph.order_by if o.property)
    known = frozenset(p for p in properties if ontology.get_link(p) or ontology.get_attribute(p))
    return classes, known


def _compile(graph: PrototypeGraph) -> str | None:
    """The graph's query for result comparison: no label columns, no default LIMIT."""
    if graph.is_empty():
        return None
    try:
        # Scored as the graph stands: an unlinked graph still answers (its runner has a time limit).
        return compile_sparql(graph, labels=False, limit=None, allow_cross_product=True)
    except ProtoGraphError:
        return None


def run_questions(
    questions: Iterable[BenchmarkQuestion],
    extract: Extractor,
    ontology: Ontology,
    *,
    runner: QueryRunner | None = None,
    compile_query: Callable[[PrototypeGraph], str | None] = _compile,
    progress: Callable[[str], None] | None = None,
) -> list[dict]:
    """One row per question: term P/R/F1, validity, latency and, with a runner, result scores."""
    questions = list(questions)
    rows = []
    for done, item in enumerate(questions, 1):
        gold = gold_terms(item.sparql, ontology)
        started = time.perf_counter()
        outcome = extract(item.question)
        latency_ms = (time.perf_counter() - started) * 1000
        classes, properties = predicted_terms(outcome.graph, ontology)
        class_prf = set_prf(classes, gold.classes)
        property_prf = set_prf(properties, gold.properties)
        row: dict[str, object] = {
            "id": item.id,
            "question": item.question,
            "gold_classes": " ".join(sorted(gold.classes)),
            "gold_properties": " ".join(sorted(gold.properties)),
            "gold_outside_ontology": " ".join(sorted(gold.outside)),
            "predicted_classes": " ".join(sorted(classes)),
            "predicted_properties": " ".join(sorted(properties)),
            **_prf_columns("class", class_prf, bool(gold.classes)),
            **_prf_columns("property", property_prf, bool(gold.properties)),
            "valid": validate_graph(outcome.graph, ontology).ok,
            "empty": outcome.graph.is_empty(),
            "latency_ms": round(latency_ms, 1),
            "timings_ms": json.dumps({k: round(v, 1) for k, v in outcome.timings_ms.items()}),
            "error": outcome.error or "",
        }
        if runner is not None:
            # Compiled here rather than taken from the pipeline, whose query adds label columns.
            row.update(_execution_columns(item.sparql, compile_query(outcome.graph), runner))
        rows.append(row)
        if progress:
            progress(
                f"[{done}/{len(questions)}] {item.id} class F1={class_prf.f1:.2f} "
                f"property F1={property_prf.f1:.2f} {latency_ms:.0f} ms"
            )
    return rows


def _prf_columns(name: str, prf: PRF, has_gold: bool) -> dict[str, float | None]:
    # A question whose gold query uses no term of this kind says nothing about it.
    if not has_gold:
        return {f"{name}_precision": None, f"{name}_recall": None, f"{name}_f1": None}
    return {f"{name}_precision": prf.precision, f"{name}_recall": prf.recall, f"{name}_f1": prf.f1}


def _execution_columns(gold_query: str, predicted_query: str | None, runner: QueryRunner) -> dict[str, object]:
    columns: dict[str, object] = {"exec_precision": None, "exec_recall": None, "exec_f1": None, "relaxed_em": None}
    try:
        gold_rows = runner(gold_query)
    except Exception as exc:  # noqa: BLE001 - a gold query the store cannot run is excluded, not fatal
        return {**columns, "exec_error": f"gold: {type(exc).__name__}: {exc}"[:300]}
    if not gold_rows:
        return {**columns, "exec_error": "gold query has no answer in this store"}
    predicted_rows: frozenset = frozenset()
    error = ""
    if predicted_query:
        try:
            predicted_rows = runner(predicted_query)
        except Exception as exc:  # noqa: BLE001 - a failing generated query scores zero
            error = f"predicted: {type(exc).__name__}: {exc}"[:300]
    else:
        error = "no query generated"
    prf = set_prf(answer_values(predicted_rows), answer_values(gold_rows))
    return {
        "exec_precision": prf.precision,
        "exec_recall": prf.recall,
        "exec_f1": prf.f1,
        "relaxed_em": relaxed_exact_match(predicted_rows, gold_rows),
        "exec_error": error,
    }


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile, ``q`` in [0, 100].

    >>> percentile([1, 2, 3, 4], 50), percentile([1, 2, 3, 4], 95)
    (2, 4)
    """
    ordered = sorted(values)
    if not ordered:
        return math.nan
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def summarise_questions(rows: Sequence[dict]) -> dict[str, float]:
    """Macro averages over questions (each over the questions that have that kind of gold term)."""

    def avg(key: str) -> float:
        return mean(float(r[key]) for r in rows if r.get(key) is not None)

    latencies = [float(r["latency_ms"]) for r in rows]
    summary = {
        "questions": len(rows),
        "class_precision": avg("class_precision"),
        "class_recall": avg("class_recall"),
        "class_f1": avg("class_f1"),
        "property_precision": avg("property_precision"),
        "property_recall": avg("property_recall"),
        "property_f1": avg("property_f1"),
        "valid_rate": mean(float(bool(r["valid"])) for r in rows),
        "empty_rate": mean(float(bool(r["empty"])) for r in rows),
        "errors": sum(1 for r in rows if r.get("error")),
        "latency_p50_ms": percentile(latencies, 50),
        "latency_p95_ms": percentile(latencies, 95),
        "questions_with_outside_terms": sum(1 for r in rows if r.get("gold_outside_ontology")),
    }
    executed = [r for r in rows if r.get("exec_f1") is not None]
    if any("exec_f1" in r for r in rows):
        summary.update(
            {
                "executed_questions": len(executed),
                "exec_precision": mean(float(r["exec_precision"]) for r in executed),
                "exec_recall": mean(float(r["exec_recall"]) for r in executed),
                "exec_f1": mean(float(r["exec_f1"]) for r in executed),
                "relaxed_em": mean(float(bool(r["relaxed_em"])) for r in executed),
            }
        )
    return summary

"""Natural questions with gold prototype graphs: ``benchmarks/natural/*.jsonl``.

Each line is ``{"id", "split", "question", "graph", "tags", "source"}``; a
``null`` graph means the right answer is "not understood". The drafted graph
is compared with the gold one up to a renaming of node ids:

- **exact**: a bijection of nodes that keeps classes, every edge (link and
  direction), the named instances, the constraints and the query modifiers
  (aggregation, order_by, limit/offset). A gold instance is matched by the
  same IRI pinned on the predicted node, or by a predicted ``rdfs:label``
  constraint whose value is the IRI's local name (``_`` read as a space,
  case-insensitive): without instance data the pipeline can only name it.
  A modifier the question does not ask for (a COUNT, an ORDER BY, a LIMIT)
  changes the answer, so modifiers must agree both ways;
- F1_node, F1_rel and GED_s as in :mod:`app.evaluation.metrics`;
- **not understood**: an empty draft (or an outcome flagged ``not_understood``).
  On null-gold lines that is the right answer; on real lines a false alarm.
"""

from __future__ import annotations

import itertools
import json
import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from networkx.algorithms.isomorphism import (
    MultiDiGraphMatcher,
    categorical_multiedge_match,
    categorical_node_match,
)

from app.evaluation.external import percentile
from app.evaluation.extractors import Extractor, PipelineOutcome
from app.evaluation.metrics import mean, relation_triples, score_graph, to_networkx
from app.evaluation.report import write_csv
from app.graph.model import Constraint, ConstraintOp, Node, PrototypeGraph
from app.graph.validate import validate_graph
from ontology_loaders import RDFS_LABEL, Ontology
from ontology_loaders.vocab import instance_label

__all__ = [
    "SPLITS",
    "GraphMatch",
    "NaturalQuestion",
    "format_summary",
    "instance_name",
    "is_not_understood",
    "load_natural",
    "match_graphs",
    "miss_rows",
    "run_natural",
    "score_line",
    "sources_drawn_on",
    "summarise_natural",
    "write_natural",
]

SPLITS = ("dev", "test")
MISS_COLUMNS = ("id", "split", "question", "gold", "predicted", "differs", "error")
MAX_MAPPINGS = 2000  # node bijections tried per pair; gold graphs have at most a handful of nodes
_PARTS = ("nodes", "classes", "links", "structure", "negation", "instances", "constraints", "shown", "aggregation",
          "order_by", "limit")


@dataclass(frozen=True)
class NaturalQuestion:
    id: str
    split: str
    question: str
    graph: PrototypeGraph | None  # None: the right answer is "not understood"
    tags: tuple[str, ...] = ()
    source: str = ""


@dataclass(frozen=True)
class GraphMatch:
    exact: bool
    differences: tuple[str, ...] = ()  # parts of :data:`_PARTS` that differ under the closest node bijection


def sources_drawn_on(path: Path) -> frozenset[str]:
    """The ids of the benchmark questions a natural set's lines were taken from ("qald9:train_2" → "train_2")."""
    found = set()
    with Path(path).open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                source = json.loads(line).get("source") or ""
            except (json.JSONDecodeError, AttributeError) as exc:
                raise ValueError(f"{path}:{number}: not a JSON object ({exc})") from exc
            if ":" in source:
                found.add(source.split(":", 1)[1])
    return frozenset(found)


def load_natural(path: Path, *, split: str = "all", limit: int | None = None) -> list[NaturalQuestion]:
    """The lines of ``split`` ("dev", "test" or "all"), at most ``limit``; a bad line is an error naming it."""
    if split not in (*SPLITS, "all"):
        raise ValueError(f"unknown split {split!r}: use dev, test or all")
    items: list[NaturalQuestion] = []
    with Path(path).open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                item = _parse_line(json.loads(line))
            except (ValueError, KeyError, TypeError) as exc:  # JSONDecodeError and ValidationError are ValueErrors
                raise ValueError(f"{path}:{number}: not a natural-question line ({exc})") from exc
            if split in ("all", item.split):
                items.append(item)
            if limit is not None and len(items) >= limit:
                break
    return items


def _parse_line(data: dict) -> NaturalQuestion:
    if data["split"] not in SPLITS:
        raise ValueError(f"split must be dev or test, not {data['split']!r}")
    graph = None if data["graph"] is None else PrototypeGraph.model_validate(data["graph"])
    if graph is not None and graph.is_empty():
        raise ValueError("an empty gold graph: write null for 'not understood'")
    return NaturalQuestion(str(data["id"]), data["split"], str(data["question"]), graph,
                           tuple(data.get("tags", ())), str(data.get("source", "")))


# -- matching -----------------------------------------------------------------------------------


def instance_name(iri: str) -> str:
    """The name an instance IRI spells, as a label constraint would carry it.

    >>> instance_name("http://dbpedia.org/resource/Queen_(band)")
    'queen (band)'
    >>> instance_name("http://dbpedia.org/resource/Caf%C3%A9_Central")
    'café central'
    """
    return " ".join(unquote(instance_label(iri)).split()).casefold()


def _constraint_key(constraint: Constraint) -> tuple[str, str, object]:
    value = constraint.value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = float(value)
    elif isinstance(value, str):
        value = " ".join(value.split()).casefold()
    return constraint.property, constraint.op.value, value


def _node_differences(gold: Node, predicted: Node) -> list[str]:
    """Which of "instances", "constraints" and "shown" differ between two nodes already paired by class."""
    constraints = list(predicted.constraints)
    instances_ok = set(predicted.instances) <= set(gold.instances)
    for iri in gold.instances:
        if iri in predicted.instances:
            continue
        named = next((c for c in constraints if c.property == RDFS_LABEL and c.op != ConstraintOp.NE
                      and isinstance(c.value, str) and " ".join(c.value.split()).casefold() == instance_name(iri)),
                     None)
        if named is None:
            instances_ok = False
        else:
            constraints.remove(named)  # this label names the instance; it is not a further condition
    diffs = [] if instances_ok else ["instances"]
    if Counter(map(_constraint_key, gold.constraints)) != Counter(map(_constraint_key, constraints)):
        diffs.append("constraints")
    if set(gold.shown) != set(predicted.shown):
        diffs.append("shown")
    return diffs


def _modifier_differences(predicted: PrototypeGraph, gold: PrototypeGraph, mapping: dict[str, str]) -> list[str]:
    """Negated edges, aggregation, order and limit of ``gold`` read through ``mapping`` (gold id → predicted id)."""

    def mapped(node_id: str) -> str:
        return node_id if node_id == "count" else mapping.get(node_id, f"?{node_id}")

    diffs = []
    # "employees with no mentor" is not "employees with a mentor", though the links are the same
    if {(mapped(e.source), e.link, mapped(e.target)) for e in gold.edges if e.negated} != \
            {(e.source, e.link, e.target) for e in predicted.edges if e.negated}:
        diffs.append("negation")
    gold_agg, pred_agg = gold.aggregation, predicted.aggregation
    # "departments with more than 5 employees" is not every department's count: the condition counts too, and an
    # average salary is no count of employees
    if (gold_agg is None) != (pred_agg is None) or (
        gold_agg is not None and pred_agg is not None
        and (mapped(gold_agg.count) != pred_agg.count or {mapped(g) for g in gold_agg.group_by} != set(pred_agg.group_by)
             or gold_agg.having != pred_agg.having
             or (gold_agg.function, gold_agg.property) != (pred_agg.function, pred_agg.property))
    ):
        diffs.append("aggregation")
    gold_order = [(mapped(o.node), o.descending, o.property) for o in gold.order_by]
    if gold_order != [(o.node, o.descending, o.property) for o in predicted.order_by]:
        diffs.append("order_by")
    if (gold.limit, gold.offset) != (predicted.limit, predicted.offset):
        diffs.append("limit")
    return diffs


def _coarse_differences(predicted: PrototypeGraph, gold: PrototypeGraph) -> tuple[str, ...]:
    diffs = []
    if len(predicted.nodes) != len(gold.nodes):
        diffs.append("nodes")
    if Counter(n.class_ for n in predicted.nodes) != Counter(n.class_ for n in gold.nodes):
        diffs.append("classes")
    if Counter(relation_triples(predicted)) != Counter(relation_triples(gold)):
        diffs.append("links")
    return tuple(diffs) or ("structure",)


def match_graphs(predicted: PrototypeGraph, gold: PrototypeGraph) -> GraphMatch:
    """Whether ``predicted`` is ``gold`` up to node ids, and if not, which parts differ.

    A predicted order must sort the same node, the same way, on the same attribute.

    >>> gold = PrototypeGraph.model_validate({"nodes": [
    ...     {"id": "p", "class": "ex:Person"}, {"id": "c", "class": "ex:City", "instances": ["http://ex.org/New_York"]}],
    ...     "edges": [{"source": "p", "link": "ex:birthPlace", "target": "c"}]})
    >>> named = PrototypeGraph.model_validate({"nodes": [
    ...     {"id": "city_1", "class": "ex:City", "constraints": [
    ...         {"property": "http://www.w3.org/2000/01/rdf-schema#label", "value": "new york"}]},
    ...     {"id": "person_1", "class": "ex:Person"}],
    ...     "edges": [{"source": "person_1", "link": "ex:birthPlace", "target": "city_1"}]})
    >>> match_graphs(named, gold)
    GraphMatch(exact=True, differences=())
    >>> match_graphs(named.model_copy(update={"limit": 1}), gold)
    GraphMatch(exact=False, differences=('limit',))
    >>> denied = named.model_copy(update={"edges": (named.edges[0].model_copy(update={"negated": True}),)})
    >>> match_graphs(denied, gold)
    GraphMatch(exact=False, differences=('negation',))
    """
    g_gold, g_pred = to_networkx(gold), to_networkx(predicted)
    if (g_gold.number_of_nodes(), g_gold.number_of_edges()) != (g_pred.number_of_nodes(), g_pred.number_of_edges()):
        return GraphMatch(False, _coarse_differences(predicted, gold))  # VF2 assumes graphs of one size
    # Labels are classes and links (see ``to_networkx``); a graph never repeats an edge, so sets suffice.
    matcher = MultiDiGraphMatcher(g_gold, g_pred, node_match=categorical_node_match("label", None),
                                  edge_match=categorical_multiedge_match("label", None))
    nodes_gold = {n.id: n for n in gold.nodes}
    nodes_pred = {n.id: n for n in predicted.nodes}
    best: list[str] | None = None
    for mapping in itertools.islice(matcher.isomorphisms_iter(), MAX_MAPPINGS):
        diffs = {d for g, p in mapping.items() for d in _node_differences(nodes_gold[g], nodes_pred[p])}
        diffs.update(_modifier_differences(predicted, gold, mapping))
        if not diffs:
            return GraphMatch(True)
        if best is None or len(diffs) < len(best):
            best = [part for part in _PARTS if part in diffs]
    if best is None:
        return GraphMatch(False, _coarse_differences(predicted, gold))
    return GraphMatch(False, tuple(best))


def is_not_understood(outcome: PipelineOutcome) -> bool:
    """An empty draft, or one the extractor flags as not understood.

    >>> is_not_understood(PipelineOutcome(graph=PrototypeGraph()))
    True
    """
    return outcome.graph.is_empty() or bool(getattr(outcome, "not_understood", False))


# -- running and summing up ----------------------------------------------------------------------


def _graph_json(graph: PrototypeGraph | None) -> str:
    return "" if graph is None else json.dumps(graph.model_dump(mode="json", exclude_defaults=True))


def score_line(item: NaturalQuestion, outcome: PipelineOutcome, ontology: Ontology, *,
               latency_ms: float, ged_timeout_s: float = 5.0) -> dict:
    """One row: the gold and drafted graphs, exactness, graph scores, validity and latency."""
    predicted = outcome.graph
    not_understood = is_not_understood(outcome)
    row: dict[str, object] = {
        "id": item.id, "split": item.split, "question": item.question, "tags": " ".join(item.tags),
        "gold": _graph_json(item.graph), "predicted": _graph_json(predicted),
        "exact": None, "correct": not_understood, "differs": "" if not_understood else "answered",
        "f1_node": None, "f1_rel": None, "ged_s": None,
        "valid": validate_graph(predicted, ontology).ok, "not_understood": not_understood,
        "latency_ms": round(latency_ms, 1), "error": outcome.error or "",
    }
    if item.graph is not None:
        match = match_graphs(predicted, item.graph)
        scores = score_graph(predicted, item.graph, ged_timeout_s=ged_timeout_s)
        differs = ("not understood",) * not_understood + match.differences
        row.update(exact=match.exact, correct=match.exact and not not_understood, differs=" ".join(differs),
                   f1_node=scores.f1_node, f1_rel=scores.f1_rel, ged_s=scores.ged_s)
    return row


def run_natural(items: Iterable[NaturalQuestion], extract: Extractor, ontology: Ontology, *,
                ged_timeout_s: float = 5.0, progress: Callable[[str], None] | None = None) -> list[dict]:
    """Draft every question with ``extract`` and score it; one row per question."""
    items = list(items)
    rows = []
    for done, item in enumerate(items, 1):
        started = time.perf_counter()
        outcome = extract(item.question)
        latency_ms = (time.perf_counter() - started) * 1000
        rows.append(score_line(item, outcome, ontology, latency_ms=latency_ms, ged_timeout_s=ged_timeout_s))
        if progress:
            verdict = "ok" if rows[-1]["correct"] else f"miss ({rows[-1]['differs']})"
            progress(f"[{done}/{len(items)}] {item.id} {verdict} {latency_ms:.0f} ms")
    return rows


def _rate(flags: Sequence[bool]) -> float:
    return mean(float(f) for f in flags)


def _summary(rows: Sequence[dict]) -> dict:
    real = [r for r in rows if r["gold"]]
    null = [r for r in rows if not r["gold"]]
    latencies = [float(r["latency_ms"]) for r in rows]
    tags = sorted({t for r in rows for t in str(r["tags"]).split()})
    return {
        "questions": len(rows),
        "real": len(real),
        "null": len(null),
        "exact_rate": _rate([bool(r["correct"]) for r in real]),
        "f1_node": mean(float(r["f1_node"]) for r in real),
        "f1_rel": mean(float(r["f1_rel"]) for r in real),
        "ged_s": mean(float(r["ged_s"]) for r in real),
        "valid_rate": _rate([bool(r["valid"]) for r in rows]),
        "not_understood_rate": _rate([bool(r["not_understood"]) for r in null]),
        "false_alarm_rate": _rate([bool(r["not_understood"]) for r in real]),
        "errors": sum(1 for r in rows if r["error"]),
        "latency_p50_ms": percentile(latencies, 50),
        "latency_p95_ms": percentile(latencies, 95),
        "by_tag": {tag: _tag_summary([r for r in rows if tag in str(r["tags"]).split()]) for tag in tags},
    }


def _tag_summary(rows: Sequence[dict]) -> dict:
    return {"questions": len(rows), "correct_rate": _rate([bool(r["correct"]) for r in rows])}


def summarise_natural(rows: Sequence[dict]) -> dict[str, dict]:
    """The summary of each split present, and of all lines when there are several splits.

    Exactness ("correct": exact and not flagged), F1 and GED_s are over real
    questions; the not-understood rate is over null-gold lines and the false
    alarm rate over real ones; validity and latency over all lines.
    """
    splits = [s for s in SPLITS if any(r["split"] == s for r in rows)]
    summary = {s: _summary([r for r in rows if r["split"] == s]) for s in splits}
    if len(splits) > 1:
        summary["all"] = _summary(rows)
    return summary


def miss_rows(rows: Iterable[dict]) -> list[dict]:
    """The lines answered wrongly, with the columns of ``misses.csv``."""
    return [{c: r[c] for c in MISS_COLUMNS} for r in rows if not r["correct"]]


def write_natural(rows: Sequence[dict], summary: dict[str, dict], out: Path) -> tuple[Path, Path]:
    """``misses.csv`` and ``summary.json`` (NaN, a rate over no lines, written as null) in ``out``."""
    misses = write_csv(miss_rows(rows), out / "misses.csv")
    if not misses.read_text(encoding="utf-8").strip():  # no misses: still a header
        misses.write_text(",".join(MISS_COLUMNS) + "\n", encoding="utf-8")

    def clean(value: object) -> object:
        if isinstance(value, dict):
            return {k: clean(v) for k, v in value.items()}
        return None if isinstance(value, float) and math.isnan(value) else value

    path = out / "summary.json"
    path.write_text(json.dumps(clean(summary), indent=2) + "\n", encoding="utf-8")
    return misses, path


def format_summary(summary: dict[str, dict]) -> str:
    """A Markdown table, one row per split (rates in %, latency in seconds).

    >>> print(format_summary({"dev": {"questions": 2, "real": 1, "null": 1, "exact_rate": 1.0, "f1_node": 1.0,
    ...     "f1_rel": 1.0, "ged_s": 1.0, "valid_rate": 1.0, "not_understood_rate": 0.0, "false_alarm_rate": 0.0,
    ...     "latency_p50_ms": 1200.0, "latency_p95_ms": 2500.0}}).splitlines()[-1])
    | dev | 2 (1 null) | 100% | 1.00 | 1.00 | 1.00 | 100% | 0% | 0% | 1.2 | 2.5 |
    """

    def pct(value: float) -> str:
        return "—" if math.isnan(value) else f"{value:.0%}"

    def num(value: float) -> str:
        return "—" if math.isnan(value) else f"{value:.2f}"

    lines = [
        ("| split | questions | exact | F1_node | F1_rel | GED_s | valid | not understood (null gold) "
         "| false alarms | p50 s | p95 s |"),
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for split, s in summary.items():
        lines.append(
            f"| {split} | {s['questions']} ({s['null']} null) | {pct(s['exact_rate'])} | {num(s['f1_node'])} "
            f"| {num(s['f1_rel'])} | {num(s['ged_s'])} | {pct(s['valid_rate'])} | {pct(s['not_understood_rate'])} "
            f"| {pct(s['false_alarm_rate'])} | {s['latency_p50_ms'] / 1000:.1f} | {s['latency_p95_ms'] / 1000:.1f} |"
        )
    return "\n".join(lines)

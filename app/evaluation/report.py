"""Files of a synthetic run: the per-question CSV, Table II, and Figure 3.

Table II and Figure 3 are the forms of Kantz et al.: mean F1_node, F1_rel
and GED_s per k, question origin and stage (raw or aligned).
"""

from __future__ import annotations

import csv
import math
from collections.abc import Sequence
from pathlib import Path

from app.evaluation.external import percentile
from app.evaluation.metrics import mean

__all__ = ["PAPER_TABLE", "build_figure", "latency_markdown", "long_form", "summarise", "summary_markdown", "write_csv", "write_figure"]

METRICS = (("f1_node", "F1_node"), ("f1_rel", "F1_rel"), ("ged_s", "GED_s"))

# Kantz et al., DBpedia, Hermes-3 3B, aligned: (k, origin) -> (F1_node, GED_s).
PAPER_TABLE = {
    (3, "templated"): (0.81, 0.57),
    (3, "llm"): (0.71, 0.46),
    (5, "templated"): (0.83, 0.48),
    (5, "llm"): (0.66, 0.34),
}


def write_csv(rows: Sequence[dict], path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    fields = list(dict.fromkeys(key for row in rows for key in row))
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    return path


def long_form(rows: Sequence[dict]) -> list[dict]:
    """One record per question and stage; stages an extractor lacks are left out."""
    records = []
    for row in rows:
        for stage in ("raw", "aligned"):
            if row.get(f"f1_node_{stage}") is None:
                continue
            records.append(
                {
                    "k": int(row["k"]),
                    "origin": row["origin"],
                    "stage": stage,
                    **{key: float(row[f"{key}_{stage}"]) for key, _ in METRICS},
                    "valid": row.get("valid" if stage == "aligned" else "valid_raw"),
                    "fallback": row.get("question_fallback"),
                }
            )
    return records


def _is_fallback(record: dict) -> bool:
    return record["origin"] == "llm" and record["fallback"] in (True, "True")


def summarise(rows: Sequence[dict]) -> list[dict]:
    """Mean scores per (k, origin, stage), sorted as the paper's table.

    An LM question that fell back to the template is counted in ``fallbacks``
    and left out of the LM means, which would otherwise repeat the templated ones.
    """
    groups: dict[tuple[int, str, str], list[dict]] = {}
    for record in long_form(rows):
        groups.setdefault((record["k"], record["origin"], record["stage"]), []).append(record)
    order = {"templated": 0, "llm": 1}
    summary = []
    for (k, origin, stage), records in sorted(groups.items(), key=lambda i: (i[0][0], order.get(i[0][1], 9), i[0][2] != "raw")):
        kept = [r for r in records if not _is_fallback(r)]
        summary.append(
            {
                "k": k,
                "origin": origin,
                "stage": stage,
                "n": len(kept),
                **{key: mean(r[key] for r in kept) for key, _ in METRICS},
                "valid_rate": mean(float(bool(r["valid"]) and r["valid"] != "False") for r in kept),
                "fallbacks": len(records) - len(kept),
            }
        )
    return summary


def _fmt(value: float) -> str:
    return "–" if value is None or (isinstance(value, float) and math.isnan(value)) else f"{value:.2f}"


def _pct(value: float) -> str:
    return "–" if math.isnan(value) else f"{value:.0%}"


def summary_markdown(rows: Sequence[dict], *, title: str = "Synthetic benchmark") -> str:
    """Table II: mean F1_node, F1_rel, GED_s per k, origin and stage, next to the paper."""
    lines = [
        f"### {title}",
        "",
        "| k | questions | stage | n | F1_node | F1_rel | GED_s | valid | LM fallbacks | paper F1_node | paper GED_s |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for s in summarise(rows):
        paper = PAPER_TABLE.get((s["k"], s["origin"])) if s["stage"] == "aligned" else None
        lines.append(
            f"| {s['k']} | {'LM' if s['origin'] == 'llm' else s['origin']} | {s['stage']} | {s['n']} "
            f"| {_fmt(s['f1_node'])} | {_fmt(s['f1_rel'])} | {_fmt(s['ged_s'])} | {_pct(s['valid_rate'])} "
            f"| {s['fallbacks'] if s['origin'] == 'llm' else '–'} "
            f"| {_fmt(paper[0]) if paper else '–'} | {_fmt(paper[1]) if paper else '–'} |"
        )
    lines += [
        "",
        "Paper: Kantz et al., DBpedia, Hermes-3 3B, aligned stage; F1_rel was about 0.8 throughout.",
        "raw = the first pass's words mapped to their top-1 retrieved terms (may be invalid); "
        "aligned = the final graph. LM questions that fell back to the template are left out of the LM rows.",
    ]
    return "\n".join(lines) + "\n"


def latency_markdown(rows: Sequence[dict]) -> str:
    """p50/p95 per pipeline stage, from each row's ``timings_ms`` (and the measured end-to-end latency)."""
    import json
    stages: dict[str, list[float]] = {}
    for row in rows:
        timings = row.get("timings_ms") or "{}"
        for stage, ms in (json.loads(timings) if isinstance(timings, str) else timings).items():
            stages.setdefault(stage, []).append(float(ms))
        stages.setdefault("end to end", []).append(float(row["latency_ms"]))
    lines = ["| stage | calls | p50 ms | p95 ms | mean ms |", "|---|---|---|---|---|"]
    for stage, values in stages.items():
        lines.append(
            f"| {stage} | {len(values)} | {percentile(values, 50):.0f} | {percentile(values, 95):.0f} "
            f"| {sum(values) / len(values):.0f} |"
        )
    return "\n".join(lines) + "\n"


def build_figure(rows: Sequence[dict]):
    """Figure 3: box plots of each metric per k; one row per question origin, raw next to aligned."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    records = long_form(rows)
    origins = [o for o in ("templated", "llm") if any(r["origin"] == o for r in records)]
    fig = make_subplots(
        rows=max(1, len(origins)),
        cols=len(METRICS),
        shared_yaxes=True,
        subplot_titles=[f"{label} · {'LM' if o == 'llm' else o} questions" for o in origins for _, label in METRICS],
        vertical_spacing=0.12,
    )
    colours = {"raw": "#8c8c8c", "aligned": "#1f77b4"}
    for row_index, origin in enumerate(origins, 1):
        for col_index, (key, _) in enumerate(METRICS, 1):
            for stage in ("raw", "aligned"):
                selected = [r for r in records if r["origin"] == origin and r["stage"] == stage]
                if not selected:
                    continue
                fig.add_trace(
                    go.Box(
                        x=[f"k={r['k']}" for r in selected],
                        y=[r[key] for r in selected],
                        name=stage,
                        legendgroup=stage,
                        showlegend=row_index == 1 and col_index == 1,
                        marker_color=colours[stage],
                        boxmean=True,
                    ),
                    row=row_index,
                    col=col_index,
                )
    fig.update_layout(boxmode="group", height=360 * max(1, len(origins)), width=1200, template="plotly_white")
    fig.update_yaxes(range=[-0.05, 1.05])
    return fig


def write_figure(rows: Sequence[dict], out_dir: Path, *, stem: str = "figure3") -> tuple[Path, Path | None, str | None]:
    """Figure 3 as a self-contained HTML file and, where kaleido finds a browser, a PNG.

    Returns the HTML path, the PNG path (None when static export failed) and
    the reason for the failure.
    """
    fig = build_figure(rows)
    out_dir.mkdir(parents=True, exist_ok=True)
    html = out_dir / f"{stem}.html"
    fig.write_html(html, include_plotlyjs=True)
    png = out_dir / f"{stem}.png"
    try:
        fig.write_image(png)
    except Exception as exc:  # noqa: BLE001 - static export depends on kaleido and a browser
        reason = " ".join(str(exc).split())[:300]
        return html, None, f"PNG not written ({type(exc).__name__}: {reason}); the HTML figure is complete"
    return html, png, None

"""ProtoGraph as a Text2SPARQL system, scored by the challenge's own client on the company sample.

    python -m benchmarks.bench_text2sparql                 # the 32 questions of benchmarks/text2sparql/company.yml
    python -m benchmarks.bench_text2sparql --ids 1 24 28   # some of them
    python -m benchmarks.bench_text2sparql --out DIR       # keep answers, result sets and scores in DIR

Starts ``protograph serve`` with the company sample and a real Oxigraph SPARQL
server (``oxigraph serve-read-only``, a time limit per query) on free loopback
ports, then runs the official ``text2sparql-client``: ``ask`` sends every
question to ``/text2sparql``; ``query`` runs the gold queries and the returned
ones on Oxigraph; ``evaluate`` scores them (set precision, recall and F1 per
question, and their means). Needs ``text2sparql-client`` (``make setup``
installs it) and the ``oxigraph`` binary (the ``server`` extra).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import requests
import yaml

from benchmarks.bench_load import served
from benchmarks.processes import free_port, running
from benchmarks.text2sparql.true_answers import (
    ANSWERS,
    DATA_FILES,
    QUESTIONS,
    load_questions,
    qname,
)

API_NAME = "protograph"
QUERY_TIMEOUT_S = 30  # Oxigraph stops a query after this; the client then counts it as no answer
ASK_TIMEOUT_S = 300  # one question through the pipeline, model included
STEP_TIMEOUT_S = 3600  # one client command, all questions
ORACLE_START_S = 60


@dataclass(frozen=True)
class Score:
    """The client's figures: per question set P/R/F, and their means."""

    per_question: dict[str, dict[str, float]]
    mean_f: float
    mean_precision: float
    mean_recall: float
    answered: int  # questions the endpoint answered with a query
    asked: int


def client_binary() -> str:
    """The ``text2sparql`` command of the official client.

    :raises SystemExit: the client is not installed.
    """
    found = shutil.which("text2sparql") or str(Path(sys.executable).with_name("text2sparql"))
    if not Path(found).exists():
        raise SystemExit("text2sparql-client is missing: `make setup`, or "
                         "pip install pytrec-eval-terrier loguru && pip install --no-deps text2sparql-client")
    return found


def oxigraph_binary() -> str:
    found = shutil.which("oxigraph") or str(Path(sys.executable).with_name("oxigraph"))
    if not Path(found).exists():
        raise SystemExit("the `oxigraph` server binary is missing: pip install 'protograph[server]'")
    return found


@contextmanager
def sparql_server(files: Sequence[Path], workdir: Path, *, timeout_s: int = QUERY_TIMEOUT_S) -> Iterator[str]:
    """A read-only Oxigraph server on a free loopback port holding ``files``; yields its query URL."""
    binary, location = oxigraph_binary(), workdir / "oxigraph"
    for path in files:
        subprocess.run([binary, "load", "--location", str(location), "--file", str(path)],
                       check=True, capture_output=True, timeout=300)
    port = free_port()
    argv = [binary, "serve-read-only", "--location", str(location), "--bind", f"127.0.0.1:{port}",
            "--timeout-s", str(timeout_s)]
    url = f"http://127.0.0.1:{port}/query"
    with running(argv, lambda: requests.get(url, params={"query": "ASK {}"}, timeout=5).raise_for_status(),
                 what="the Oxigraph server", start_timeout_s=ORACLE_START_S):
        yield url


def subset(questions: dict[str, Any], ids: Sequence[int] | None) -> dict[str, Any]:
    """The questions file with only the questions ``ids`` (all when None), in file order.

    :raises SystemExit: an id is not in the file.
    """
    if ids is None:
        return questions
    known = {q["id"] for q in questions["questions"]}
    missing = sorted(set(ids) - known)
    if missing:
        raise SystemExit(f"no question with id {', '.join(map(str, missing))}")
    return {**questions, "questions": [q for q in questions["questions"] if q["id"] in set(ids)]}


def run_client(*args: str, cwd: Path) -> None:
    """One ``text2sparql`` command; its log goes to stderr.

    :raises SystemExit: the command failed.
    """
    done = subprocess.run([client_binary(), *args], check=False, cwd=cwd, timeout=STEP_TIMEOUT_S,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0:
        raise SystemExit(f"text2sparql {args[0]} failed ({done.returncode}):\n{done.stdout[-2000:]}")


def score_endpoint(endpoint: str, sparql_url: str, questions: dict[str, Any], workdir: Path) -> Score:
    """Ask ``endpoint`` every question, run the gold and returned queries at ``sparql_url``, score them.

    Every step is the official client's; its files are left in ``workdir``.
    """
    questions_file = workdir / "questions.yml"
    questions_file.write_text(yaml.safe_dump(questions, sort_keys=False, allow_unicode=True), encoding="utf-8")
    answers, true, predicted, results = (workdir / n for n in ("answers.json", "true.json", "pred.json",
                                                               "results.json"))
    for path in (answers, true, predicted, results):
        path.unlink(missing_ok=True)  # the client refuses to overwrite a file
    run_client("ask", str(questions_file), endpoint, "--answers-db", str(workdir / "responses.db"),
               "--retries-log", str(workdir / "retries.log"), "--retries", "1", "--retry-sleep", "1",
               "--timeout", str(ASK_TIMEOUT_S), "--no-cache", "-o", str(answers), cwd=workdir)
    run_client("query", str(questions_file), "-e", sparql_url, "-o", str(true), cwd=workdir)
    run_client("query", str(questions_file), "-a", str(answers), "-e", sparql_url, "-o", str(predicted), cwd=workdir)
    run_client("evaluate", API_NAME, str(true), str(predicted), "-o", str(results), cwd=workdir)
    figures = json.loads(results.read_text(encoding="utf-8"))
    average = figures.pop("average")
    replies = json.loads(answers.read_text(encoding="utf-8"))
    return Score(per_question=figures, mean_f=average["set_F"], mean_precision=average["set_P"],
                 mean_recall=average["set_recall"], answered=sum(1 for r in replies if r.get("query")),
                 asked=sum(len(q["question"]) for q in questions["questions"]))


def stale_answers(questions: dict[str, Any], true_file: Path, kept_file: Path = ANSWERS) -> list[str]:
    """Questions whose true answers from the server differ from the kept ``answers.json`` (data or gold changed)."""
    served_answers = json.loads(true_file.read_text(encoding="utf-8"))
    kept = json.loads(kept_file.read_text(encoding="utf-8"))
    keys = [qname(questions, q, lang) for q in questions["questions"] for lang in q["question"]]
    return [key for key in keys if served_answers.get(key) != kept.get(key)]


def report(score: Score, questions: dict[str, Any], workdir: Path) -> str:
    """A table: per question its set F1 and the question, then the means."""
    replies = {r["qname"]: r for r in json.loads((workdir / "answers.json").read_text(encoding="utf-8"))}
    lines = [f"{'id':>4}  {'F1':>5}  question"]
    for question in questions["questions"]:
        for language, text in question["question"].items():
            key = qname(questions, question, language)
            f1 = score.per_question.get(key, {}).get("set_F", 0.0)
            flag = "" if replies.get(key, {}).get("query") else "  (no query)"
            lines.append(f"{question['id']:>4}  {f1:5.2f}  {text}{flag}")
    lines.append(f"mean set F1 {score.mean_f:.3f}  (precision {score.mean_precision:.3f}, "
                 f"recall {score.mean_recall:.3f}); {score.answered}/{score.asked} answered with a query")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--questions", type=Path, default=QUESTIONS, help="questions file (Text2SPARQL YAML)")
    parser.add_argument("--ids", type=int, nargs="+", help="only these question ids")
    parser.add_argument("--query-timeout", type=int, default=QUERY_TIMEOUT_S, help="seconds per SPARQL query")
    parser.add_argument("--no-preload", action="store_true", help="load the model on the first question")
    parser.add_argument("--out", type=Path, help="keep the client's files (answers, result sets, scores) here")
    args = parser.parse_args(argv)
    questions = subset(load_questions(args.questions), args.ids)
    client_binary()  # fail before starting any server
    with tempfile.TemporaryDirectory(prefix="t2s-bench-") as tmp:
        workdir = args.out or Path(tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        extra = tuple(a for path in DATA_FILES[:1] for a in ("--ontology", str(path)))
        extra += tuple(a for path in DATA_FILES[1:] for a in ("--kg", str(path)))
        started = time.perf_counter()
        with sparql_server(DATA_FILES, Path(tmp), timeout_s=args.query_timeout) as sparql_url, \
                served(preload=not args.no_preload, extra=extra) as base:
            score = score_endpoint(base + "/text2sparql", sparql_url, questions, workdir)
        print(report(score, questions, workdir))
        print(f"{time.perf_counter() - started:.0f} s in all")
        stale = stale_answers(questions, workdir / "true.json") if args.questions == QUESTIONS else []
        if stale:
            print(f"the server's true answers differ from {ANSWERS.name} for {', '.join(stale)}: "
                  "run python -m benchmarks.text2sparql.true_answers", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())

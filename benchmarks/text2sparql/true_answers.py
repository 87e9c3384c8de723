"""The true answers of the company questions, from their gold queries run on the company sample.

    python -m benchmarks.text2sparql.true_answers          # rewrites benchmarks/text2sparql/answers.json

The file has the shape ``text2sparql query QUESTIONS_FILE`` writes (the
official client's "true result set"): per question ``"<prefix>:<id>-<lang>"``,
every value of every column, each with weight 1. It is kept so a change to the
sample data or to a gold query shows in review; the benchmark itself asks the
Oxigraph server it starts, as the client does.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pyoxigraph
import yaml

HERE = Path(__file__).resolve().parent
QUESTIONS = HERE / "company.yml"
ANSWERS = HERE / "answers.json"
COMPANY = HERE.parents[1] / "sample_ontologies" / "company_sample"
DATA_FILES = (COMPANY / "ontology.ttl", COMPANY / "data.ttl")

__all__ = ["ANSWERS", "DATA_FILES", "QUESTIONS", "load_questions", "qname", "true_answers"]


def load_questions(path: Path = QUESTIONS) -> dict[str, Any]:
    """The questions file as the client reads it (``yaml.safe_load``)."""
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def qname(questions: Mapping[str, Any], question: Mapping[str, Any], language: str) -> str:
    """The client's key of one question in one language, e.g. ``pgco:3-en``."""
    return f"{questions['dataset']['prefix']}:{question['id']}-{language}"


def true_answers(questions: Mapping[str, Any], store: pyoxigraph.Store) -> dict[str, dict[str, int]]:
    """Every question's gold result set, in the client's format.

    :raises TypeError: a gold query is not a SELECT query.
    """
    answers: dict[str, dict[str, int]] = {}
    for question in questions["questions"]:
        result = store.query(question["query"]["sparql"])
        if not isinstance(result, pyoxigraph.QuerySolutions):
            raise TypeError(f"question {question['id']}: the gold query is not a SELECT query")
        names = [v.value for v in result.variables]
        values = {row[name].value: 1 for row in result for name in names if row[name] is not None}
        for language in question["question"]:
            answers[qname(questions, question, language)] = values
    return answers


def company_store() -> pyoxigraph.Store:
    """The company sample (ontology and data) in memory."""
    store = pyoxigraph.Store()
    for path in DATA_FILES:
        store.bulk_load(path=str(path), format=pyoxigraph.RdfFormat.TURTLE)
    return store


def main() -> int:
    answers = true_answers(load_questions(), company_store())
    ANSWERS.write_text(json.dumps(answers, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    empty = [key for key, values in answers.items() if not values]
    print(f"{len(answers)} questions, {sum(map(len, answers.values()))} answers -> {ANSWERS}")
    if empty:
        print(f"no answer: {', '.join(empty)}", file=sys.stderr)
    return 1 if empty else 0


if __name__ == "__main__":
    sys.exit(main())

"""The OnSET paper's four study task texts and its running example, drafted and compared with their expected graphs.

    python -m benchmarks.bench_paper_tasks

The task texts and expected graphs are the study file's (studies/onset_dbpedia.yaml), on the
bundled DBpedia sample; the running example is asked in the app's own words
(components.views.PAPER_EXAMPLE). Prints one line per text and the exact count.
"""

from __future__ import annotations

import time

import yaml

from app.evaluation.natural import match_graphs
from app.graph.model import PrototypeGraph
from app.nl.pipeline import extract_graph
from app.resources import get_resources
from app.settings import PROJECT_ROOT, Settings

D = "http://dbpedia.org/ontology/"
EXAMPLE = "Which persons have a child who studied at the same university as them?"
EXAMPLE_GRAPH = PrototypeGraph.model_validate({
    "nodes": [{"id": "person_1", "class": D + "Person"}, {"id": "person_2", "class": D + "Person"},
              {"id": "university_1", "class": D + "University"}],
    "edges": [{"source": "person_1", "link": D + "child", "target": "person_2"},
              {"source": "person_1", "link": D + "almaMater", "target": "university_1"},
              {"source": "person_2", "link": D + "almaMater", "target": "university_1"}],
})


def main() -> int:
    study = yaml.safe_load((PROJECT_ROOT / "studies" / "onset_dbpedia.yaml").read_text(encoding="utf-8"))
    items = [("example", EXAMPLE, EXAMPLE_GRAPH)] + [
        (task["id"], " ".join(task["prompt"].split()), PrototypeGraph.model_validate(task["expected"]))
        for task in study["tasks"]]
    resources = get_resources(Settings())
    resources.warm(models=("embedder", "llm"))
    exact = 0
    for name, question, expected in items:
        started = time.perf_counter()
        result = extract_graph(question, resources)
        seconds = time.perf_counter() - started
        match = match_graphs(result.graph, expected)
        exact += match.exact
        verdict = "exact" if match.exact else "differs: " + ", ".join(match.differences)
        print(f"{name:<22} {seconds:6.2f} s  {verdict}")
    print(f"exact: {exact} of {len(items)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

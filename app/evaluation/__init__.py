"""The evaluation harness: the paper's synthetic benchmark and external question sets.

Everything evaluates an injected :data:`Extractor` (question → graph), so the
real pipeline, a baseline or the template reader are scored the same way.
"""

from app.evaluation.extractors import (
    Extractor,
    PipelineOutcome,
    pipeline_extractor,
    template_extractor,
)
from app.evaluation.metrics import (
    GraphScores,
    f1_node,
    f1_rel,
    ged_similarity,
    graph_edit_distance,
    score_graph,
)
from app.evaluation.questions import (
    leaks_iri,
    parse_templated_question,
    templated_question,
)
from app.evaluation.sampler import GraphSampler, InstanceCounts, sample_graphs

__all__ = [
    "Extractor",
    "GraphSampler",
    "GraphScores",
    "InstanceCounts",
    "PipelineOutcome",
    "f1_node",
    "f1_rel",
    "ged_similarity",
    "graph_edit_distance",
    "leaks_iri",
    "parse_templated_question",
    "pipeline_extractor",
    "sample_graphs",
    "score_graph",
    "template_extractor",
    "templated_question",
]

"""Grammars and LM backends: GBNF builders from plain data, and one interface over engines.

``builders`` turns plain data (labels, IRIs, question words) into GBNF, from the
static fragments kept as ``*.gbnf`` files beside it; ``backends`` is the one
:class:`Backend` interface and its registry by :class:`BackendName`, with
``llamacpp`` and ``openai_server`` as the engines and ``chat`` their prompt
templates. It may import ``ontology_loaders`` only, never ``app``: callers pass
plain inputs down.
"""

from grammar.backends import (
    BACKENDS,
    DEFAULT_BACKEND,
    Backend,
    BackendName,
    Completion,
    StopReason,
    create_backend,
    get_backend_class,
)
from grammar.builders import (
    END,
    constrained_edges_grammar,
    constrained_nodes_grammar,
    escape_literal,
    question_spans,
    raw_edges_grammar,
    raw_nodes_grammar,
    read_grammar,
)

__all__ = [
    "BACKENDS",
    "DEFAULT_BACKEND",
    "END",
    "Backend",
    "BackendName",
    "Completion",
    "StopReason",
    "constrained_edges_grammar",
    "constrained_nodes_grammar",
    "create_backend",
    "escape_literal",
    "get_backend_class",
    "question_spans",
    "raw_edges_grammar",
    "raw_nodes_grammar",
    "read_grammar",
]

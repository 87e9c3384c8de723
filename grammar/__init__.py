"""Grammars and LM backends: GBNF builders from plain data, and one interface over engines."""

from grammar.backends import BACKENDS, DEFAULT_BACKEND, Backend, Completion, StopReason, create_backend, get_backend_class
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

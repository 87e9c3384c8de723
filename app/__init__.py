"""ProtoGraph's core: the public face of ``app.graph``, ``app.nl`` and ``app.query``.

Front ends (``components``, ``cli``) may import from here or from the rooms
themselves. Names resolve on first use, so ``import app.graph.model`` stays
cheap and never loads the pipeline or the query engines.

>>> from app import Node, PrototypeGraph, compile_sparql
>>> graph = PrototypeGraph(nodes=(Node(id="city_1", class_="http://dbpedia.org/ontology/City"),))
>>> "?city_1 a dbo:City ." in compile_sparql(graph)
True
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

#: public name -> the module that defines it
_HOMES = {
    "Constraint": "app.graph.model",
    "Edge": "app.graph.model",
    "Node": "app.graph.model",
    "PrototypeGraph": "app.graph.model",
    "restate": "app.graph.restate",
    "validate_graph": "app.graph.validate",
    "PipelineOptions": "app.nl.pipeline",
    "PipelineResult": "app.nl.pipeline",
    "extract_graph": "app.nl.pipeline",
    "compile_sparql": "app.query.compile",
    "parse_sparql": "app.query.parse",
    "open_store": "app.query.run",
    "run_query": "app.query.run",
    "ProtoGraphError": "app.errors",
    "USER_ERRORS": "app.errors",
    "Resources": "app.resources",
    "get_resources": "app.resources",
    "Settings": "app.settings",
    "DataSource": "app.sources",
    "parse_source": "app.sources",
    "settings_for_source": "app.sources",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    # PEP 562: import the defining module only when a name is first asked for.
    if name not in _HOMES:
        raise AttributeError(f"module 'app' has no attribute {name!r}")
    value = getattr(import_module(_HOMES[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))

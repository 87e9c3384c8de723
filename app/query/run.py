"""Choose the engine the settings name, and run queries and pages of a graph's results on it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.errors import ProtoGraphError, QuerySyntaxError
from app.graph.model import PrototypeGraph
from app.query.check import QueryForm, check_query
from app.query.compile import compile_sparql
from app.query.embedded import EmbeddedStore, content_hash
from app.query.engine import KnowledgeGraph
from app.query.remote import RemoteEndpoint
from app.query.sparql_results import ResultsBody, SparqlResults
from app.settings import Settings

__all__ = ["Page", "open_store", "page_graph", "run_page", "run_query"]


def open_store(settings: Settings) -> KnowledgeGraph:
    """The knowledge graph the settings name: a remote endpoint, else the embedded store over ``settings.kg``."""
    timeout = settings.endpoint_timeout_s
    if settings.endpoint:
        return RemoteEndpoint(
            settings.endpoint,
            timeout=timeout,
            method=settings.endpoint_method,
            auth_header=settings.endpoint_auth.get_secret_value() if settings.endpoint_auth else None,
        )
    files = [Path(p) for p in settings.kg]
    missing = [str(p) for p in files if not p.is_file()]
    if missing:
        raise ProtoGraphError(f"knowledge-graph file not found: {', '.join(missing)}")
    if not files:
        return EmbeddedStore(timeout=timeout)
    directory = settings.cache_dir("store") / content_hash(files)
    return EmbeddedStore(files, directory=directory, timeout=timeout)


def run_query(query: str, *, store: KnowledgeGraph, timeout: float | None = None) -> SparqlResults:
    """Run a SELECT or ASK query; an ASK answers as ``SparqlResults(boolean=…)``."""
    form = check_query(query)
    if form is QueryForm.SELECT:
        return store.select(query, timeout=timeout)
    if form is QueryForm.ASK:
        return SparqlResults(boolean=store.ask(query, timeout=timeout))
    raise QuerySyntaxError(f"{form.value} queries return triples, not rows; use SELECT or ASK")


# -- paging -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Page:
    results: SparqlResults
    page: int
    page_size: int
    has_more: bool


def page_graph(graph: PrototypeGraph, page: int, page_size: int) -> PrototypeGraph:
    """The same graph restricted to one page; asks for one extra row to know if more follow.

    Without an explicit order, pages are ordered by the first node so that they do not overlap.

    >>> g = PrototypeGraph.model_validate({"nodes": [{"id": "a", "class": "http://e.org/C"}]})
    >>> p = page_graph(g, 2, 10)
    >>> p.limit, p.offset, p.order_by[0].node
    (11, 20, 'a')
    """
    if page < 0 or page_size < 1:
        raise ProtoGraphError("page must be ≥ 0 and page size ≥ 1")
    update: dict[str, Any] = {"limit": page_size + 1, "offset": page * page_size}
    if not graph.order_by and graph.nodes:
        first = graph.aggregation.group_by[0] if graph.aggregation and graph.aggregation.group_by else None
        if graph.aggregation is None:
            first = next((n.id for n in graph.nodes if n.select), graph.nodes[0].id)
        if first is not None:
            update["order_by"] = ({"node": first},)
    return PrototypeGraph.model_validate({**graph.model_dump(mode="json"), **update})


def run_page(
    graph: PrototypeGraph,
    *,
    store: KnowledgeGraph,
    page: int = 0,
    page_size: int = 25,
    timeout: float | None = None,
    **compile_options: Any,
) -> Page:
    """Compile and run one page of a graph's results."""
    query = compile_sparql(page_graph(graph, page, page_size), **compile_options)
    results = store.select(query, timeout=timeout)
    rows = results.bindings
    trimmed = SparqlResults(head=results.head, results=ResultsBody(bindings=rows[:page_size]))
    return Page(trimmed, page, page_size, has_more=len(rows) > page_size)

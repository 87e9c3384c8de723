"""Choose the engine the settings name, and run queries and pages of a graph's results on it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.errors import ProtoGraphError, QuerySyntaxError, QueryTimeout
from app.graph.model import PrototypeGraph
from app.graph.validate import timeout_hint
from app.query.check import PARSE_MAX_CHARS, QueryForm, check_query
from app.query.compile import compile_count, compile_sparql
from app.query.embedded import EmbeddedStore, content_hash
from app.query.engine import KnowledgeGraph
from app.query.parse import parse_sparql
from app.query.remote import RemoteEndpoint
from app.query.sparql_results import ResultsBody, SparqlResults
from app.settings import Settings

__all__ = ["Page", "count_rows", "open_store", "page_graph", "run_page", "run_query"]


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
    return EmbeddedStore(files, directory=directory, timeout=timeout, max_bytes=settings.max_decompressed_mb * 1024**2,
                         workers=settings.query_workers)


def run_query(query: str, *, store: KnowledgeGraph, timeout: float | None = None) -> SparqlResults:
    """Run a SELECT or ASK query; an ASK answers as ``SparqlResults(boolean=…)``.

    A query that runs out of time says, when its graph shows it, which nodes to link or constrain.
    """
    form = check_query(query, parse=False)  # the engine's method parses it (the embedded one within its deadline)
    try:
        if form is QueryForm.SELECT:
            return store.select(query, timeout=timeout)
        if form is QueryForm.ASK:
            return SparqlResults(boolean=store.ask(query, timeout=timeout))
    except QueryTimeout as error:
        hint = _timeout_hint(query)
        raise QueryTimeout(f"{error}; {hint}" if hint else str(error)) from None
    raise QuerySyntaxError(f"{form.value} queries return triples, not rows; use SELECT or ASK")


def _timeout_hint(query: str) -> str:
    """:func:`app.graph.validate.timeout_hint` for the query's graph, or ``""`` when it has none."""
    if len(query) > PARSE_MAX_CHARS:
        return ""  # reading a long query back would take long too
    try:
        return timeout_hint(parse_sparql(query))
    except (ProtoGraphError, ValueError, RecursionError):
        return ""


# -- paging -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Page:
    """One page of a graph's rows; ``total`` counts every row the graph has (``None`` when not asked)."""

    results: SparqlResults
    page: int
    page_size: int
    has_more: bool
    total: int | None = None

    @property
    def first_row(self) -> int:
        """The 1-based number of the page's first row (0 for an empty page)."""
        return self.page * self.page_size + 1 if self.results.bindings else 0

    @property
    def last_row(self) -> int:
        return self.page * self.page_size + len(self.results.bindings)


def page_graph(graph: PrototypeGraph, page: int, page_size: int) -> PrototypeGraph:
    """The same graph restricted to one page; asks for one extra row to know if more follow.

    The graph's own LIMIT and OFFSET frame the pages: page 0 starts at its OFFSET and no page
    goes past its LIMIT. Without an explicit order, pages are ordered by the first returned
    node so that they do not overlap.

    >>> g = PrototypeGraph.model_validate({"nodes": [{"id": "a", "class": "http://e.org/C"}]})
    >>> p = page_graph(g, 2, 10)
    >>> p.limit, p.offset, p.order_by[0].node
    (11, 20, 'a')
    >>> p = page_graph(g.model_copy(update={"limit": 25, "offset": 5}), 2, 10)
    >>> p.limit, p.offset
    (5, 25)
    """
    if page < 0 or page_size < 1:
        raise ProtoGraphError("page must be ≥ 0 and page size ≥ 1")
    start = page * page_size
    wanted = page_size + 1
    if graph.limit is not None:
        wanted = max(0, min(wanted, graph.limit - start))
    update: dict[str, Any] = {"limit": wanted, "offset": (graph.offset or 0) + start}
    if not graph.order_by and graph.nodes:
        first = graph.aggregation.group_by[0] if graph.aggregation and graph.aggregation.group_by else None
        if graph.aggregation is None:
            first = next((n.id for n in graph.nodes if n.select), graph.nodes[0].id)
        if first is not None:
            update["order_by"] = ({"node": first},)
    return PrototypeGraph.model_validate({**graph.model_dump(mode="json"), **update})


def count_rows(graph: PrototypeGraph, *, store: KnowledgeGraph, timeout: float | None = None,
               **compile_options: Any) -> int:
    """How many rows the graph's query returns in all (within its own LIMIT and OFFSET)."""
    results = store.select(compile_count(graph, **compile_options), timeout=timeout)
    try:
        return int(results.bindings[0]["total"]["value"])
    except (IndexError, KeyError, ValueError):
        raise ProtoGraphError("the knowledge graph did not answer the row count") from None


def run_page(
    graph: PrototypeGraph,
    *,
    store: KnowledgeGraph,
    page: int = 0,
    page_size: int = 25,
    timeout: float | None = None,
    total: bool = False,
    **compile_options: Any,
) -> Page:
    """Compile and run one page of a graph's results; with ``total``, also count all its rows."""
    compile_options.pop("limit", None)  # the page sets the LIMIT
    query = compile_sparql(page_graph(graph, page, page_size), limit=None, **compile_options)
    results = store.select(query, timeout=timeout)
    rows = results.bindings
    trimmed = SparqlResults(head=results.head, results=ResultsBody(bindings=rows[:page_size]))
    has_more = len(rows) > page_size
    counted = None
    if total:
        # A short first page is already the whole answer: no count query needed.
        counted = len(rows) if page == 0 and not has_more else count_rows(
            graph, store=store, timeout=timeout, **compile_options)
    return Page(trimmed, page, page_size, has_more=has_more, total=counted)

"""Run read-only SPARQL on one of two engines behind one interface.

* :class:`EmbeddedStore`: pyoxigraph, persisted in a directory keyed on the
  content hash of its input files, so it is bulk-loaded once and reopened
  after every restart.
* :class:`RemoteEndpoint`: any SPARQL 1.1 endpoint through SPARQLWrapper,
  with a timeout, bounded retries on transient failures and an optional
  ``Authorization`` header.

Both answer in the SPARQL 1.1 JSON results model (:class:`SparqlResults`)
and fail with the typed errors of :mod:`app.errors`. Every query is parsed
before it is sent and anything but SELECT/ASK/CONSTRUCT/DESCRIBE is refused,
so the app never sends a SPARQL UPDATE.

pyoxigraph has no query timeout. The embedded store evaluates in a worker
thread (pyoxigraph releases the GIL while it works) and the caller stops
waiting at the deadline with :class:`QueryTimeout`. The worker then stops at
the next result row; a single step that never yields a row (a huge sort or
aggregate) runs on in the background until it finishes, so the caller is
bounded but the CPU is not.
"""

from __future__ import annotations

import gzip
import hashlib
import http.client
import json
import logging
import re
import shutil
import socket
import threading
import time
import urllib.error
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import pyoxigraph
from pydantic import BaseModel, Field

from app.errors import EndpointHTTPError, EndpointUnreachable, ProtoGraphError, QueryError, QuerySyntaxError, QueryTimeout
from app.settings import Settings
from app.graph.model import PrototypeGraph

__all__ = [
    "DEFAULT_TIMEOUT",
    "EmbeddedStore",
    "KnowledgeGraph",
    "Page",
    "QueryForm",
    "RemoteEndpoint",
    "SparqlResults",
    "check_query",
    "content_hash",
    "instance_counts",
    "open_store",
    "page_graph",
    "run_page",
    "run_query",
]

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT = 30.0
_XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"
_RDF_LANG_STRING = "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString"
_READY_MARKER = "protograph-loaded.json"


# -- the results model --------------------------------------------------------------


class ResultsHead(BaseModel):
    vars: list[str] = Field(default_factory=list)
    link: list[str] | None = None


class ResultsBody(BaseModel):
    bindings: list[dict[str, dict[str, Any]]] = Field(default_factory=list)


class SparqlResults(BaseModel):
    """The SPARQL 1.1 Query Results JSON Format as a model.

    A binding term is a dict: ``{"type": "uri"|"literal"|"bnode"|"triple", "value": …}``,
    plus ``"datatype"`` or ``"xml:lang"`` for literals.

    >>> r = SparqlResults.model_validate_json('{"head": {"vars": ["x"]}, '
    ...     '"results": {"bindings": [{"x": {"type": "uri", "value": "http://e.org/a"}}]}}')
    >>> r.vars, len(r.bindings)
    (['x'], 1)
    """

    head: ResultsHead = Field(default_factory=ResultsHead)
    results: ResultsBody | None = None
    boolean: bool | None = None

    @property
    def vars(self) -> list[str]:
        return self.head.vars

    @property
    def bindings(self) -> list[dict[str, dict[str, Any]]]:
        return self.results.bindings if self.results else []

    def __len__(self) -> int:
        return len(self.bindings)

    def to_json(self, *, indent: int | None = None) -> str:
        return self.model_dump_json(exclude_none=True, indent=indent)


def _term_json(term: Any) -> dict[str, Any]:
    if isinstance(term, pyoxigraph.NamedNode):
        return {"type": "uri", "value": term.value}
    if isinstance(term, pyoxigraph.BlankNode):
        return {"type": "bnode", "value": term.value}
    if isinstance(term, pyoxigraph.Literal):
        out: dict[str, Any] = {"type": "literal", "value": term.value}
        if term.language:
            out["xml:lang"] = term.language
        elif term.datatype.value not in (_XSD_STRING, _RDF_LANG_STRING):
            out["datatype"] = term.datatype.value
        return out
    if isinstance(term, pyoxigraph.Triple):
        return {
            "type": "triple",
            "value": {
                "subject": _term_json(term.subject),
                "predicate": _term_json(term.predicate),
                "object": _term_json(term.object),
            },
        }
    raise TypeError(f"unexpected RDF term {term!r}")


# -- checking a query before it is sent ----------------------------------------------------


class QueryForm(str, Enum):
    SELECT = "SELECT"
    ASK = "ASK"
    CONSTRUCT = "CONSTRUCT"
    DESCRIBE = "DESCRIBE"


# Parsing needs a store; an empty in-memory one is never written to.
_PARSER = pyoxigraph.Store()


_UPDATE_WORDS = {"INSERT", "DELETE", "LOAD", "CLEAR", "DROP", "CREATE", "ADD", "MOVE", "COPY", "WITH"}
# Comments, IRIs and string literals, removed before looking for keywords.
_SKIP = re.compile(
    r"#[^\n]*"
    r"|<[^<>\"{}|^`\\\s]*>"
    r"|'''(?:[^'\\]|\\.|'(?!''))*'''"
    r'|"""(?:[^"\\]|\\.|"(?!""))*"""'
    r"|'(?:[^'\\\n]|\\.)*'"
    r'|"(?:[^"\\\n]|\\.)*"'
)
_WORD = re.compile(r"[A-Za-z]+")


def _first_keyword(query: str) -> str:
    """The first keyword after the prologue, ignoring comments, IRIs and strings."""
    words = _WORD.findall(_SKIP.sub(" ", query))
    i = 0
    while i < len(words) and words[i].upper() in ("PREFIX", "BASE"):
        i += 2 if words[i].upper() == "PREFIX" else 1  # the prefix name; the IRI is already gone
    return words[i].upper() if i < len(words) else ""


def check_query(query: str) -> QueryForm:
    """Parse ``query`` and return its form; refuse updates and invalid SPARQL.

    >>> check_query("ASK { ?s ?p ?o }").value
    'ASK'
    >>> check_query("PREFIX ex: <http://e.org/> DROP ALL")
    Traceback (most recent call last):
    ...
    app.errors.QuerySyntaxError: SPARQL UPDATE (DROP) is refused: ProtoGraph only reads
    """
    if not isinstance(query, str) or not query.strip():
        raise QuerySyntaxError("the query is empty")
    keyword = _first_keyword(query)
    if keyword in _UPDATE_WORDS:
        raise QuerySyntaxError(f"SPARQL UPDATE ({keyword}) is refused: ProtoGraph only reads")
    try:
        parsed = _PARSER.query(query)
    except SyntaxError as error:
        raise QuerySyntaxError(f"SPARQL syntax error: {error}") from None
    except OSError as error:  # e.g. a SERVICE call evaluated while checking an ASK
        raise QuerySyntaxError(f"cannot check the query: {error}") from None
    if isinstance(parsed, pyoxigraph.QuerySolutions):
        return QueryForm.SELECT
    if isinstance(parsed, pyoxigraph.QueryBoolean):
        return QueryForm.ASK
    return QueryForm.DESCRIBE if keyword == "DESCRIBE" else QueryForm.CONSTRUCT


# -- the interface --------------------------------------------------------------------


@runtime_checkable
class KnowledgeGraph(Protocol):
    """What the app needs from a knowledge graph, whichever engine answers."""

    name: str

    def select(self, query: str, *, timeout: float | None = None) -> SparqlResults: ...

    def ask(self, query: str, *, timeout: float | None = None) -> bool: ...


# -- the embedded engine ----------------------------------------------------------------


def content_hash(paths: Iterable[Path | str]) -> str:
    """A short hash of the files' contents (and pyoxigraph's version), to key the store directory."""
    digest = hashlib.sha256(f"pyoxigraph {pyoxigraph.__version__}\n".encode())
    for path in paths:
        digest.update(b"\0file\0")
        with open(path, "rb") as handle:
            for chunk in iter(lambda: handle.read(1 << 20), b""):
                digest.update(chunk)
    return digest.hexdigest()[:16]


def _rdf_format(path: Path) -> tuple[pyoxigraph.RdfFormat, bool]:
    name = path.name[:-3] if path.name.endswith(".gz") else path.name
    extension = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    extension = {"owl": "rdf", "xml": "rdf", "json": "jsonld"}.get(extension, extension)
    fmt = pyoxigraph.RdfFormat.from_extension(extension) if extension else None
    if fmt is None:
        raise ProtoGraphError(f"{path}: unknown RDF format (use .ttl, .nt, .nq, .trig, .rdf, .owl or .jsonld)")
    return fmt, path.name.endswith(".gz")


class EmbeddedStore:
    """A pyoxigraph store: in memory, or persisted in ``directory`` and loaded only once.

    ``directory`` should be keyed on :func:`content_hash` of ``files`` (as
    :func:`open_store` does): a directory that finished loading is reopened
    as is, and a half-loaded one (an interrupted first run) is rebuilt.

    >>> store = EmbeddedStore(data='<http://e.org/a> a <http://e.org/C> .')
    >>> store.select("SELECT ?x WHERE { ?x a <http://e.org/C> }").bindings
    [{'x': {'type': 'uri', 'value': 'http://e.org/a'}}]
    """

    def __init__(
        self,
        files: Sequence[Path | str] = (),
        *,
        directory: Path | str | None = None,
        data: str | bytes | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> None:
        self.files = [Path(f) for f in files]
        self.directory = Path(directory) if directory is not None else None
        self.timeout = timeout
        self.name = f"embedded store ({', '.join(f.name for f in self.files) or 'in memory'})"
        if self.directory is None:
            self._store = pyoxigraph.Store()
            self._load(self._store)
        else:
            self._store = self._open_persisted(self.directory)
        if data is not None:
            self._store.load(data, pyoxigraph.RdfFormat.TURTLE)

    @property
    def counts_path(self) -> Path | None:
        """Where :func:`instance_counts` caches its answer: beside the store directory."""
        return self.directory.with_name(self.directory.name + ".counts.json") if self.directory else None

    def _load(self, store: pyoxigraph.Store) -> None:
        for path in self.files:
            fmt, compressed = _rdf_format(path)
            try:
                if compressed:
                    with gzip.open(path, "rb") as handle:
                        store.bulk_load(handle, fmt)
                else:
                    store.bulk_load(path=path, format=fmt)
            except SyntaxError as error:
                raise ProtoGraphError(f"{path}: {error}") from None
            except FileNotFoundError:
                raise ProtoGraphError(f"{path}: no such file") from None

    def _open_persisted(self, directory: Path) -> pyoxigraph.Store:
        marker = directory / _READY_MARKER
        if marker.exists():
            try:
                return pyoxigraph.Store(str(directory))
            except OSError:
                # Another process holds the write lock; reading is all we need.
                return pyoxigraph.Store.read_only(str(directory))
        if directory.exists():
            shutil.rmtree(directory)  # an interrupted load: start again
        directory.mkdir(parents=True)
        store = pyoxigraph.Store(str(directory))
        started = time.perf_counter()
        self._load(store)
        store.flush()
        store.optimize()
        marker.write_text(
            json.dumps({"files": [str(f) for f in self.files], "seconds": round(time.perf_counter() - started, 3)})
        )
        log.info("loaded %s into %s", ", ".join(map(str, self.files)), directory)
        return store

    # -- querying ------------------------------------------------------------------
    def _run(self, query: str, timeout: float | None, collect) -> Any:
        deadline = self.timeout if timeout is None else timeout
        outcome: dict[str, Any] = {}
        cancelled = threading.Event()

        def work() -> None:
            try:
                outcome["value"] = collect(self._store.query(query), cancelled)
            except BaseException as error:  # handed to the caller below
                outcome["error"] = error

        worker = threading.Thread(target=work, name="protograph-query", daemon=True)
        worker.start()
        worker.join(deadline)
        if worker.is_alive():
            cancelled.set()
            raise QueryTimeout(f"the query took longer than {deadline:g} s on the {self.name}")
        if "error" in outcome:
            error = outcome["error"]
            if isinstance(error, SyntaxError):
                raise QuerySyntaxError(f"SPARQL syntax error: {error}") from None
            if isinstance(error, OSError):
                raise QueryError(f"the {self.name} failed: {error}") from None
            raise error
        return outcome["value"]

    def select(self, query: str, *, timeout: float | None = None) -> SparqlResults:
        if check_query(query) is not QueryForm.SELECT:
            raise QuerySyntaxError("expected a SELECT query")

        def collect(solutions: pyoxigraph.QuerySolutions, cancelled: threading.Event) -> SparqlResults:
            names = [v.value for v in solutions.variables]
            rows = []
            for solution in solutions:
                if cancelled.is_set():
                    break
                row = {}
                for name in names:
                    term = solution[name]
                    if term is not None:
                        row[name] = _term_json(term)
                rows.append(row)
            return SparqlResults(head=ResultsHead(vars=names), results=ResultsBody(bindings=rows))

        return self._run(query, timeout, collect)

    def ask(self, query: str, *, timeout: float | None = None) -> bool:
        if check_query(query) is not QueryForm.ASK:
            raise QuerySyntaxError("expected an ASK query")
        return self._run(query, timeout, lambda answer, _: bool(answer))

    def construct(self, query: str, *, timeout: float | None = None) -> str:
        """CONSTRUCT or DESCRIBE, answered as N-Triples text."""
        if check_query(query) not in (QueryForm.CONSTRUCT, QueryForm.DESCRIBE):
            raise QuerySyntaxError("expected a CONSTRUCT or DESCRIBE query")

        def collect(triples, cancelled: threading.Event) -> str:
            lines = []
            for triple in triples:
                if cancelled.is_set():
                    break
                lines.append(f"{triple.subject} {triple.predicate} {triple.object} .")
            return "\n".join(lines) + ("\n" if lines else "")

        return self._run(query, timeout, collect)

    def __len__(self) -> int:
        return len(self._store)


# -- the remote engine ------------------------------------------------------------------

_TRANSIENT_STATUS = {502, 503, 504}


class RemoteEndpoint:
    """A SPARQL 1.1 endpoint over HTTP (SPARQLWrapper).

    ``timeout`` bounds each socket operation (connect, each read), so a server
    that accepts and never answers fails after ``timeout`` seconds. Transient
    failures (HTTP 502/503/504, connection reset or dropped) are retried up
    to ``retries`` times with a doubling backoff; a timeout is not retried,
    so a hanging server costs one timeout, not several.
    """

    def __init__(
        self,
        url: str,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        method: str = "GET",
        retries: int = 2,
        backoff: float = 0.25,
        auth_header: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        if not url.startswith(("http://", "https://")):
            raise ProtoGraphError(f"not an HTTP(S) endpoint URL: {url!r}")
        if method.upper() not in ("GET", "POST"):
            raise ProtoGraphError(f"unsupported HTTP method {method!r} (use GET or POST)")
        self.url = url
        self.name = f"endpoint {url}"
        self.timeout = timeout
        self.method = method.upper()
        self.retries = max(0, retries)
        self.backoff = backoff
        self.headers = dict(headers or {})
        if auth_header:
            self.headers["Authorization"] = auth_header

    def _request(self, query: str, timeout: float | None, accept: str) -> bytes:
        from SPARQLWrapper import GET, POST, SPARQLWrapper
        from SPARQLWrapper.SPARQLExceptions import (
            EndPointInternalError,
            EndPointNotFound,
            QueryBadFormed,
            SPARQLWrapperException,
            Unauthorized,
            URITooLong,
        )

        seconds = self.timeout if timeout is None else timeout
        attempt = 0
        while True:
            wrapper = SPARQLWrapper(self.url)
            wrapper.setQuery(query)
            wrapper.setMethod(POST if self.method == "POST" else GET)
            wrapper.setTimeout(seconds)
            # Set the Accept header ourselves; SPARQLWrapper's format switch would also add a URL parameter.
            wrapper.addCustomHttpHeader("Accept", accept)
            for key, value in self.headers.items():
                wrapper.addCustomHttpHeader(key, value)
            transient: str | None = None
            try:
                response = wrapper.query()
                try:
                    return response.response.read()
                finally:
                    response.response.close()
            except QueryBadFormed as error:
                raise QuerySyntaxError(f"the {self.name} rejected the query: {_server_message(error)}") from None
            except Unauthorized:
                raise EndpointHTTPError(401, f"the {self.name} refused the credentials (HTTP 401)") from None
            except EndPointNotFound:
                raise EndpointHTTPError(404, f"no SPARQL endpoint at {self.url} (HTTP 404)") from None
            except URITooLong:
                raise EndpointHTTPError(414, f"the query is too long for GET on the {self.name}; use POST") from None
            except EndPointInternalError as error:
                raise EndpointHTTPError(
                    500, f"the {self.name} failed (HTTP 500): {_server_message(error)}"
                ) from None
            except urllib.error.HTTPError as error:
                if error.code not in _TRANSIENT_STATUS:
                    raise EndpointHTTPError(error.code, f"the {self.name} answered HTTP {error.code} {error.reason}") from None
                transient = f"HTTP {error.code}"
                status = error.code
            except (TimeoutError, socket.timeout):
                raise QueryTimeout(f"no answer from the {self.name} within {seconds:g} s") from None
            except urllib.error.URLError as error:
                reason = error.reason
                if isinstance(reason, (TimeoutError, socket.timeout)):
                    raise QueryTimeout(f"no answer from the {self.name} within {seconds:g} s") from None
                if isinstance(reason, (ConnectionResetError, ConnectionAbortedError, BrokenPipeError)):
                    transient, status = f"connection reset ({reason})", None
                else:
                    raise EndpointUnreachable(f"cannot reach the {self.name}: {reason}") from None
            except (ConnectionResetError, ConnectionAbortedError, BrokenPipeError, http.client.RemoteDisconnected,
                    http.client.IncompleteRead) as error:
                transient, status = f"connection dropped ({type(error).__name__})", None
            except ConnectionRefusedError as error:
                raise EndpointUnreachable(f"cannot reach the {self.name}: {error}") from None
            except SPARQLWrapperException as error:
                raise QueryError(f"the {self.name} failed: {error}") from None
            attempt += 1
            if attempt > self.retries:
                if status is not None:
                    raise EndpointHTTPError(status, f"the {self.name} kept failing ({transient}) after {attempt} tries")
                raise EndpointUnreachable(f"the {self.name} kept failing ({transient}) after {attempt} tries")
            log.info("retrying %s after %s", self.url, transient)
            time.sleep(self.backoff * 2 ** (attempt - 1))

    def _json(self, query: str, timeout: float | None) -> dict:
        raw = self._request(query, timeout, "application/sparql-results+json")
        try:
            return json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise QueryError(f"the {self.name} did not answer in SPARQL JSON: {raw[:120]!r}") from None

    def select(self, query: str, *, timeout: float | None = None) -> SparqlResults:
        if check_query(query) is not QueryForm.SELECT:
            raise QuerySyntaxError("expected a SELECT query")
        payload = self._json(query, timeout)
        try:
            results = SparqlResults.model_validate(payload)
        except ValueError:
            raise QueryError(f"the {self.name} answered with malformed SPARQL JSON") from None
        if results.results is None:
            raise QueryError(f"the {self.name} answered a SELECT without result rows")
        return results

    def ask(self, query: str, *, timeout: float | None = None) -> bool:
        if check_query(query) is not QueryForm.ASK:
            raise QuerySyntaxError("expected an ASK query")
        payload = self._json(query, timeout)
        if not isinstance(payload.get("boolean"), bool):
            raise QueryError(f"the {self.name} answered an ASK without a boolean")
        return payload["boolean"]

    def construct(self, query: str, *, timeout: float | None = None) -> str:
        """CONSTRUCT or DESCRIBE, answered as N-Triples text."""
        if check_query(query) not in (QueryForm.CONSTRUCT, QueryForm.DESCRIBE):
            raise QuerySyntaxError("expected a CONSTRUCT or DESCRIBE query")
        return self._request(query, timeout, "application/n-triples").decode("utf-8", "replace")


def _server_message(error: Exception) -> str:
    text = str(error).strip().splitlines()
    # SPARQLWrapper prefixes its own description; the server's words follow "Response:".
    detail = [line for line in text if line and not line.startswith(("QueryBadFormed", "EndPointInternalError"))]
    return " ".join(detail)[:300] or type(error).__name__


# -- choosing and running --------------------------------------------------------------


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
    from app.query.compile import compile_sparql

    query = compile_sparql(page_graph(graph, page, page_size), **compile_options)
    results = store.select(query, timeout=timeout)
    rows = results.bindings
    trimmed = SparqlResults(head=results.head, results=ResultsBody(bindings=rows[:page_size]))
    return Page(trimmed, page, page_size, has_more=len(rows) > page_size)


# -- instance statistics ------------------------------------------------------------------

_COUNT_QUERIES = {
    "classes": "SELECT ?key (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s a ?key } GROUP BY ?key",
    "links": "SELECT ?key (COUNT(*) AS ?n) WHERE { ?s ?key ?o FILTER(isIRI(?o) && ?key != "
    "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>) } GROUP BY ?key",
    "triples": "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }",
    "instances": "SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s a ?c }",
}


def instance_counts(store: KnowledgeGraph, *, timeout: float | None = None) -> dict:
    """Instances per class and per link, triples and typed instances.

    Computed once: an embedded store caches the answer as JSON beside its
    directory (valid as long as the directory, which is keyed on the data's
    hash); other stores keep it in memory for the process.

    >>> store = EmbeddedStore(data='<http://e.org/a> a <http://e.org/C> ; <http://e.org/p> <http://e.org/b> .')
    >>> instance_counts(store)
    {'classes': {'http://e.org/C': 1}, 'links': {'http://e.org/p': 1}, 'triples': 2, 'instances': 1}
    """
    path: Path | None = getattr(store, "counts_path", None)
    if path is not None and path.exists():
        try:
            return json.loads(path.read_text())
        except ValueError:
            pass  # a damaged cache is recomputed
    memo = getattr(store, "_protograph_counts", None)
    if memo is not None:
        return memo
    counts: dict[str, Any] = {}
    for key, query in _COUNT_QUERIES.items():
        rows = store.select(query, timeout=timeout).bindings
        if key in ("classes", "links"):
            counts[key] = {
                r["key"]["value"]: int(r["n"]["value"]) for r in rows if r.get("key", {}).get("type") == "uri"
            }
            counts[key] = dict(sorted(counts[key].items(), key=lambda kv: (-kv[1], kv[0])))
        else:
            counts[key] = int(rows[0]["n"]["value"]) if rows else 0
    if path is not None:
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(counts))
        tmp.replace(path)
    try:
        store._protograph_counts = counts  # type: ignore[attr-defined]
    except AttributeError:
        pass  # a store that takes no attributes just recomputes
    return counts

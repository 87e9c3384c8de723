"""The embedded engine: a pyoxigraph store, in memory or persisted and loaded only once.

A persisted store lives in a directory keyed on the content hash of its input
files, so it is bulk-loaded once and reopened after every restart.

pyoxigraph has no query timeout and cannot cancel a query. A persisted store
therefore answers from a small pool of worker processes
(:class:`app.query.pool.QueryPool`) that each open the directory read-only; at
the deadline the worker is killed, so neither the caller nor the CPU waits for
it. An in-memory store answers in a thread unless it is given ``workers``
(each worker then loads a copy of its data): the caller is bounded, the CPU is not.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import shutil
import threading
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pyoxigraph

from app.errors import ProtoGraphError, QueryError, QuerySyntaxError, QueryTimeout
from app.query.check import QueryForm, require_form
from app.query.engine import DEFAULT_TIMEOUT
from app.query.pool import QueryPool, WorkerBusy
from app.query.query_worker import answer
from app.query.sparql_results import ResultsBody, ResultsHead, SparqlResults
from ontology_loaders import OntologyLoadError
from ontology_loaders.files import open_rdf
from ontology_loaders.inputs import DEFAULT_MAX_BYTES

__all__ = ["DEFAULT_WORKERS", "EmbeddedStore", "content_hash"]

#: Query worker processes of a persisted store (and the queries it runs at once).
DEFAULT_WORKERS = 2

log = logging.getLogger(__name__)

_READY_MARKER = "protograph-loaded.json"


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
    name = path.name.removesuffix(".gz")
    extension = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    extension = {"owl": "rdf", "xml": "rdf", "json": "jsonld"}.get(extension, extension)
    fmt = pyoxigraph.RdfFormat.from_extension(extension) if extension else None
    if fmt is None:
        raise ProtoGraphError(f"{path}: unknown RDF format (use .ttl, .nt, .nq, .trig, .rdf, .owl or .jsonld)")
    return fmt, path.name.endswith(".gz")


def _worker_spec(store: pyoxigraph.Store, directory: Path | None) -> dict[str, Any]:
    """What a new worker process opens: the persisted directory, or a copy of the in-memory data."""
    if directory is not None:
        return {"directory": str(directory)}
    return {"nquads": store.dump(format=pyoxigraph.RdfFormat.N_QUADS).decode("utf-8")}


class EmbeddedStore:
    """A pyoxigraph store: in memory, or persisted in ``directory`` and loaded only once.

    ``directory`` should be keyed on :func:`content_hash` of ``files`` (as
    :func:`app.query.run.open_store` does): a directory that finished loading is
    reopened as is, and a half-loaded one (an interrupted first run) is rebuilt.
    A ``.gz`` file may inflate to ``max_bytes``; an XML file with a DTD is refused.

    ``workers`` query processes answer at most that many queries at once and are
    killed at a query's deadline (default: :data:`DEFAULT_WORKERS` for a persisted
    store, none for an in-memory one, which then answers in a thread).

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
        max_bytes: int = DEFAULT_MAX_BYTES,
        workers: int | None = None,
    ) -> None:
        self.files = [Path(f) for f in files]
        self.max_bytes = max_bytes
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
        if workers is None:
            workers = DEFAULT_WORKERS if self.directory is not None else 0
        # At most this many queries run at once; more wait for a slot within their deadline.
        self._slots = threading.BoundedSemaphore(workers or DEFAULT_WORKERS)
        spec = functools.partial(_worker_spec, self._store, self.directory)  # not a method: no cycle via self
        self._pool = QueryPool(spec, size=workers) if workers else None

    @property
    def counts_path(self) -> Path | None:
        """Where :func:`app.query.counts.instance_counts` caches its answer: beside the store directory."""
        return self.directory.with_name(self.directory.name + ".counts.json") if self.directory else None

    def _load(self, store: pyoxigraph.Store) -> None:
        for path in self.files:
            fmt, compressed = _rdf_format(path)
            try:
                if compressed or fmt == pyoxigraph.RdfFormat.RDF_XML:
                    # Through the loaders' guarded stream: a capped gunzip, no XML DTD, OWL/XML as triples.
                    with open_rdf(path, max_bytes=self.max_bytes) as (stream, stream_format):
                        store.bulk_load(stream, stream_format)
                else:
                    store.bulk_load(path=path, format=fmt)
            except SyntaxError as error:
                raise ProtoGraphError(f"{path}: {error}") from None
            except FileNotFoundError:
                raise ProtoGraphError(f"{path}: no such file") from None
            except OntologyLoadError as error:
                raise ProtoGraphError(str(error)) from None

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
    def _run(self, kind: str, query: str, timeout: float | None) -> Any:
        seconds = self.timeout if timeout is None else timeout
        reply = self._pooled(kind, query, seconds) if self._pool else self._threaded(kind, query, seconds)
        if "error" in reply:
            if reply["error"] == "syntax":
                raise QuerySyntaxError(f"SPARQL syntax error: {reply['message']}")
            if reply["error"] == "store":
                raise QueryError(f"the {self.name} failed: {reply['message']}")
            raise RuntimeError(reply["message"])  # a bug, not the user's doing
        return reply["ok"]

    def _pooled(self, kind: str, query: str, seconds: float) -> dict[str, Any]:
        try:
            return self._pool.run(kind, query, seconds)
        except WorkerBusy:
            raise QueryTimeout(f"stopped after {seconds:g} s: the {self.name} was busy with "
                               f"{self._pool.size} other {'query' if self._pool.size == 1 else 'queries'}") from None
        except TimeoutError:
            raise QueryTimeout(f"stopped after {seconds:g} s on the {self.name}") from None
        except OSError as error:  # the worker died, or could not open the store
            raise QueryError(f"the {self.name} failed: {error}") from None

    def _threaded(self, kind: str, query: str, seconds: float) -> dict[str, Any]:
        """In-process, for an in-memory store without workers: bounded for the caller only, not for the CPU."""
        if not self._slots.acquire(timeout=max(0.0, seconds)):
            raise QueryTimeout(f"stopped after {seconds:g} s: the {self.name} was busy with other queries")
        outcome: dict[str, Any] = {}

        def work() -> None:
            try:
                outcome["ok"] = answer(self._store, kind, query)
            except SyntaxError as error:
                outcome.update(error="syntax", message=str(error))
            except OSError as error:
                outcome.update(error="store", message=str(error))
            except Exception as error:  # handed to the caller as a bug
                outcome.update(error="bug", message=f"{type(error).__name__}: {error}")
            finally:
                self._slots.release()  # only when the work really ends: runaway queries keep their slot

        worker = threading.Thread(target=work, name="protograph-query", daemon=True)
        worker.start()
        worker.join(seconds)
        if worker.is_alive():
            raise QueryTimeout(f"stopped after {seconds:g} s on the {self.name}")
        return outcome

    def select(self, query: str, *, timeout: float | None = None) -> SparqlResults:
        require_form(query, QueryForm.SELECT, parse=False)  # parsed by pyoxigraph, within the deadline
        value = self._run("select", query, timeout)
        return SparqlResults(head=ResultsHead(vars=value["vars"]), results=ResultsBody(bindings=value["bindings"]))

    def ask(self, query: str, *, timeout: float | None = None) -> bool:
        require_form(query, QueryForm.ASK, parse=False)  # parsed by pyoxigraph, within the deadline
        return bool(self._run("ask", query, timeout))

    def construct(self, query: str, *, timeout: float | None = None) -> str:
        """CONSTRUCT or DESCRIBE, answered as N-Triples text."""
        require_form(query, QueryForm.CONSTRUCT, QueryForm.DESCRIBE, parse=False)
        return self._run("construct", query, timeout)

    def worker_pids(self) -> list[int]:
        """Process ids of the live query workers (none for a store that answers in a thread)."""
        return self._pool.pids() if self._pool is not None else []

    def close(self) -> None:
        """Stop the query workers (a later query starts new ones)."""
        if self._pool is not None:
            self._pool.close()

    def __len__(self) -> int:
        return len(self._store)

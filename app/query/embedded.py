"""The embedded engine: a pyoxigraph store, in memory or persisted and loaded only once.

A persisted store lives in a directory keyed on the content hash of its input
files, so it is bulk-loaded once and reopened after every restart.

pyoxigraph has no query timeout. The store evaluates in a worker thread
(pyoxigraph releases the GIL while it works) and the caller stops waiting at
the deadline with :class:`QueryTimeout`. The worker then stops at the next
result row; a single step that never yields a row (a huge sort or aggregate)
runs on in the background until it finishes, so the caller is bounded but the
CPU is not.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import logging
import shutil
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import pyoxigraph

from app.errors import ProtoGraphError, QueryError, QuerySyntaxError, QueryTimeout
from app.query.check import QueryForm, require_form
from app.query.engine import DEFAULT_TIMEOUT
from app.query.sparql_results import ResultsBody, ResultsHead, SparqlResults
from ontology_loaders.vocab import RDF_LANG_STRING, XSD_STRING

__all__ = ["EmbeddedStore", "content_hash"]

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


def _term_json(term: Any) -> dict[str, Any]:
    """A pyoxigraph term as a SPARQL JSON binding term."""
    if isinstance(term, pyoxigraph.NamedNode):
        return {"type": "uri", "value": term.value}
    if isinstance(term, pyoxigraph.BlankNode):
        return {"type": "bnode", "value": term.value}
    if isinstance(term, pyoxigraph.Literal):
        out: dict[str, Any] = {"type": "literal", "value": term.value}
        if term.language:
            out["xml:lang"] = term.language
        elif term.datatype.value not in (XSD_STRING, RDF_LANG_STRING):
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


def _collect_rows(solutions: pyoxigraph.QuerySolutions, cancelled: threading.Event) -> SparqlResults:
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


def _collect_triples(triples: Iterable[Any], cancelled: threading.Event) -> str:
    lines = []
    for triple in triples:
        if cancelled.is_set():
            break
        lines.append(f"{triple.subject} {triple.predicate} {triple.object} .")
    return "\n".join(lines) + ("\n" if lines else "")


class EmbeddedStore:
    """A pyoxigraph store: in memory, or persisted in ``directory`` and loaded only once.

    ``directory`` should be keyed on :func:`content_hash` of ``files`` (as
    :func:`app.query.run.open_store` does): a directory that finished loading is
    reopened as is, and a half-loaded one (an interrupted first run) is rebuilt.

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
        """Where :func:`app.query.counts.instance_counts` caches its answer: beside the store directory."""
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
    def _run(self, query: str, timeout: float | None, collect: Callable[[Any, threading.Event], Any]) -> Any:
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
        require_form(query, QueryForm.SELECT)
        return self._run(query, timeout, _collect_rows)

    def ask(self, query: str, *, timeout: float | None = None) -> bool:
        require_form(query, QueryForm.ASK)
        return self._run(query, timeout, lambda answer, _: bool(answer))

    def construct(self, query: str, *, timeout: float | None = None) -> str:
        """CONSTRUCT or DESCRIBE, answered as N-Triples text."""
        require_form(query, QueryForm.CONSTRUCT, QueryForm.DESCRIBE)
        return self._run(query, timeout, _collect_triples)

    def __len__(self) -> int:
        return len(self._store)

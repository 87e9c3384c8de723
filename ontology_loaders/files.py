"""Load ontologies from local RDF files (several merged; gzip accepted)."""

from __future__ import annotations

import contextlib
import hashlib
import io
import logging
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

import pyoxigraph as ox

from .build import Triple, ontology_from_triples
from .errors import OntologyLoadError
from .inputs import DEFAULT_MAX_BYTES, GuardedReader, open_input
from .model import Ontology

__all__ = ["RDF_FORMATS", "load_ontology", "ontology_cache_file", "open_rdf", "rdf_format_for", "read_triples",
           "sources_digest"]

log = logging.getLogger(__name__)

RDF_FORMATS: dict[str, ox.RdfFormat] = {
    ".ttl": ox.RdfFormat.TURTLE,
    ".turtle": ox.RdfFormat.TURTLE,
    ".n3": ox.RdfFormat.N3,
    ".nt": ox.RdfFormat.N_TRIPLES,
    ".ntriples": ox.RdfFormat.N_TRIPLES,
    ".nq": ox.RdfFormat.N_QUADS,
    ".trig": ox.RdfFormat.TRIG,
    ".rdf": ox.RdfFormat.RDF_XML,
    ".xml": ox.RdfFormat.RDF_XML,
    ".owl": ox.RdfFormat.RDF_XML,
    ".jsonld": ox.RdfFormat.JSON_LD,
    ".json": ox.RdfFormat.JSON_LD,
}
MAX_FILE_BYTES = 2 * 1024**3  # a schema larger than this is surely a mistake


def rdf_format_for(path: Path) -> ox.RdfFormat:
    """The RDF format from the file name, looking through a ``.gz`` suffix.

    >>> rdf_format_for(Path("dbo.ttl.gz"))
    <RdfFormat Turtle>
    """
    suffixes = [s.lower() for s in path.suffixes]
    if suffixes and suffixes[-1] == ".gz":
        suffixes = suffixes[:-1]
    if not suffixes or suffixes[-1] not in RDF_FORMATS:
        known = ", ".join(sorted(RDF_FORMATS))
        raise OntologyLoadError(f"{path}: unknown RDF file type {''.join(suffixes) or '(none)'}; expected one of {known} (optionally .gz)")
    return RDF_FORMATS[suffixes[-1]]


def _check_file(path: Path) -> None:
    if not path.exists():
        raise OntologyLoadError(f"{path}: file not found")
    if not path.is_file():
        raise OntologyLoadError(f"{path}: not a file")
    if path.stat().st_size > MAX_FILE_BYTES:
        raise OntologyLoadError(f"{path}: larger than {MAX_FILE_BYTES // 1024**2} MiB")


@contextlib.contextmanager
def open_rdf(path: Path, *, max_bytes: int = DEFAULT_MAX_BYTES) -> Iterator[tuple[BinaryIO, ox.RdfFormat]]:
    """One file as a stream a pyoxigraph parser (or ``Store.bulk_load``) can read, with its format.

    The stream is guarded (:mod:`ontology_loaders.inputs`): a ``.gz`` file inflates
    as it is read, up to ``max_bytes``, and an XML file with a DTD is refused.
    OWL/XML, which is not RDF, comes back converted to N-Triples.

    :raises OntologyLoadError: an unknown type, a missing file, or a refused input.
    """
    fmt = rdf_format_for(path)
    _check_file(path)
    with open_input(path, max_bytes=max_bytes, xml=fmt == ox.RdfFormat.RDF_XML) as stream:
        if fmt == ox.RdfFormat.RDF_XML and _looks_like_owl_xml(stream.head()):
            yield io.BytesIO(_owl_xml_to_ntriples(path, stream)), ox.RdfFormat.N_TRIPLES
        else:
            yield stream, fmt


def read_triples(path: Path, *, max_bytes: int = DEFAULT_MAX_BYTES) -> Iterator[Triple]:
    """Every triple of one file (quads' graph names are dropped).

    :raises OntologyLoadError: naming the file, the line and the parser's message.
    """
    with open_rdf(path, max_bytes=max_bytes) as (stream, fmt):
        try:
            for quad in ox.parse(stream, fmt, base_iri=path.resolve().as_uri()):
                yield (quad.subject, quad.predicate, quad.object)
        except SyntaxError as error:
            line = f"line {error.lineno}: " if error.lineno else ""
            raise OntologyLoadError(f"{path}: {line}{error.msg}") from None


def _looks_like_owl_xml(head: bytes) -> bool:
    head = head.lstrip()
    return b"<Ontology" in head and b"rdf:RDF" not in head


# owlready2 prints its parser's tracebacks (sys.excepthook) and warnings to stderr, so a load
# swaps stderr for a buffer that goes to the debug log. The swap is process-wide: one load at a
# time, and another thread's stderr output during one lands in that log too.
_STDERR_LOCK = threading.Lock()


def _owl_xml_to_ntriples(path: Path, stream: GuardedReader) -> bytes:
    """OWL/XML is not RDF; owlready2 reads it and hands back N-Triples."""
    try:
        import owlready2
    except ImportError:  # pragma: no cover - a core dependency
        raise OntologyLoadError(f"{path}: OWL/XML needs owlready2 (pip install owlready2)") from None
    captured = io.StringIO()
    world = owlready2.World()
    try:
        with _STDERR_LOCK, contextlib.redirect_stderr(captured):
            # A stream with no file name: owlready2 forks a parser process for a named large file.
            onto = world.get_ontology(path.resolve().as_uri()).load(fileobj=stream, format="owlxml")
            buffer = io.BytesIO()
            onto.save(file=buffer, format="ntriples")
    except Exception as error:  # noqa: BLE001 - owlready2 raises many unrelated types for bad input
        if stream.refusal is not None:
            raise stream.refusal from None  # owlready2 re-raises our refusal as its own error
        raise OntologyLoadError(f"{path}: cannot read OWL/XML ({_first_line(error)})") from None
    finally:
        world.close()
        if captured.getvalue():
            log.debug("owlready2 said, reading %s:\n%s", path, captured.getvalue())
    return buffer.getvalue()


def _first_line(error: Exception) -> str:
    args = error.args
    # owlready2 wraps its message as ("error", (message,)).
    while len(args) == 2 and isinstance(args[1], tuple) and args[1]:
        args = args[1]
    text = (str(args[0]) if len(args) == 1 else str(error)).replace(" in file ???", "")
    return text.splitlines()[0] if text else type(error).__name__


# Part of the cache key: a change to how triples are read (build.py) must not be hidden by an old cache.
READER_VERSION = "3"  # 2: a parent differing from a class only in case is that class; 3: so is an end, and
# names of classes joined by commas are the class above them


def sources_digest(paths: Sequence[Path], *extra: str) -> str:
    """A content hash of the files (plus any settings that change the result)."""
    digest = hashlib.sha256()
    for path in paths:
        _check_file(path)
        digest.update(str(path.name).encode())
        with open(path, "rb") as handle:  # the bytes as stored: a .gz file is not inflated to be hashed
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    for item in extra:
        digest.update(item.encode())
    return digest.hexdigest()[:20]


def ontology_cache_file(cache_dir: Path, paths: Sequence[Path], language: str) -> Path:
    """Where :func:`load_ontology` keeps the parsed ontology of these files (and deletes it from)."""
    return cache_dir / f"ontology-{sources_digest(paths, language, READER_VERSION)}.json"


def load_ontology(paths: Sequence[Path | str], *, language: str = "en", cache_dir: Path | None = None,
                  max_bytes: int = DEFAULT_MAX_BYTES) -> Ontology:
    """Load and merge ontology files.

    With ``cache_dir`` the parsed ontology is kept as JSON keyed by the files'
    content, so a restart skips parsing. A ``.gz`` file may inflate to ``max_bytes``.

    :raises OntologyLoadError: a file is missing, unreadable or malformed, or the files hold no classes.
    """
    paths = [Path(p) for p in paths]
    if not paths:
        raise OntologyLoadError("no ontology file given")
    cache_file = None
    if cache_dir is not None:
        cache_file = ontology_cache_file(cache_dir, paths, language)
        if cache_file.exists():
            try:
                return Ontology.model_validate_json(cache_file.read_bytes())
            except ValueError:
                cache_file.unlink(missing_ok=True)  # a stale or truncated cache is rebuilt

    def all_triples() -> Iterator[Triple]:
        for path in paths:
            yield from read_triples(path, max_bytes=max_bytes)

    ontology = ontology_from_triples(all_triples(), language=language, sources=tuple(str(p) for p in paths))
    names = ", ".join(str(p) for p in paths)
    if not ontology.classes:
        raise OntologyLoadError(f"{names}: no classes found (expected owl:Class or rdfs:Class declarations)")
    if cache_file is not None:
        cache_file.parent.mkdir(parents=True, exist_ok=True)
        tmp = cache_file.with_suffix(".tmp")
        tmp.write_text(ontology.model_dump_json())
        tmp.replace(cache_file)
    return ontology

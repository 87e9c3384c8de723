"""Load ontologies from local RDF files (several merged; gzip accepted)."""

from __future__ import annotations

import gzip
import hashlib
import io
from collections.abc import Iterator, Sequence
from pathlib import Path

import pyoxigraph as ox

from .build import Triple, ontology_from_triples
from .errors import OntologyLoadError
from .model import Ontology

__all__ = ["RDF_FORMATS", "load_ontology", "read_triples", "rdf_format_for", "sources_digest"]

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


def _read_bytes(path: Path) -> bytes:
    if not path.exists():
        raise OntologyLoadError(f"{path}: file not found")
    if not path.is_file():
        raise OntologyLoadError(f"{path}: not a file")
    if path.stat().st_size > MAX_FILE_BYTES:
        raise OntologyLoadError(f"{path}: larger than {MAX_FILE_BYTES // 1024**2} MiB")
    data = path.read_bytes()
    if path.suffix.lower() == ".gz":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as error:
            raise OntologyLoadError(f"{path}: not a valid gzip file ({error})") from None
    return data


def read_triples(path: Path) -> Iterator[Triple]:
    """Every triple of one file (quads' graph names are dropped).

    :raises OntologyLoadError: naming the file, the line and the parser's message.
    """
    fmt = rdf_format_for(path)
    data = _read_bytes(path)
    if fmt == ox.RdfFormat.RDF_XML and _looks_like_owl_xml(data):
        yield from _owl_xml_triples(path, data)
        return
    try:
        for quad in ox.parse(io.BytesIO(data), fmt, base_iri=path.resolve().as_uri()):
            yield (quad.subject, quad.predicate, quad.object)
    except SyntaxError as error:
        line = f"line {error.lineno}: " if error.lineno else ""
        raise OntologyLoadError(f"{path}: {line}{error.msg}") from None


def _looks_like_owl_xml(data: bytes) -> bool:
    head = data[:2048].lstrip()
    return b"<Ontology" in head and b"rdf:RDF" not in head


def _owl_xml_triples(path: Path, data: bytes) -> Iterator[Triple]:
    """OWL/XML is not RDF; owlready2 reads it and hands back N-Triples."""
    try:
        import owlready2
    except ImportError:  # pragma: no cover - a core dependency
        raise OntologyLoadError(f"{path}: OWL/XML needs owlready2 (pip install owlready2)") from None
    world = owlready2.World()
    try:
        onto = world.get_ontology(path.resolve().as_uri()).load(fileobj=io.BytesIO(data), format="owlxml")
        buffer = io.BytesIO()
        onto.save(file=buffer, format="ntriples")
    except Exception as error:  # owlready2 raises many unrelated types for bad input
        raise OntologyLoadError(f"{path}: cannot read OWL/XML ({error})") from None
    finally:
        world.close()
    for quad in ox.parse(buffer.getvalue(), ox.RdfFormat.N_TRIPLES):
        yield (quad.subject, quad.predicate, quad.object)


def sources_digest(paths: Sequence[Path], *extra: str) -> str:
    """A content hash of the files (plus any settings that change the result)."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(str(path.name).encode())
        digest.update(_read_bytes(path))
    for item in extra:
        digest.update(item.encode())
    return digest.hexdigest()[:20]


def load_ontology(paths: Sequence[Path | str], *, language: str = "en", cache_dir: Path | None = None) -> Ontology:
    """Load and merge ontology files.

    With ``cache_dir`` the parsed ontology is kept as JSON keyed by the files'
    content, so a restart skips parsing.

    :raises OntologyLoadError: a file is missing, unreadable or malformed, or the files hold no classes.
    """
    paths = [Path(p) for p in paths]
    if not paths:
        raise OntologyLoadError("no ontology file given")
    cache_file = None
    if cache_dir is not None:
        cache_file = cache_dir / f"ontology-{sources_digest(paths, language)}.json"
        if cache_file.exists():
            try:
                return Ontology.model_validate_json(cache_file.read_bytes())
            except ValueError:
                cache_file.unlink(missing_ok=True)  # a stale or truncated cache is rebuilt

    def all_triples() -> Iterator[Triple]:
        for path in paths:
            yield from read_triples(path)

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

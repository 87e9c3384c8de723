"""The uploads folder: storing an uploaded file once, safely, and forgetting old ones.

An upload is written to ``<data_dir>/uploads/<content hash><suffix>``, inflated
if it was gzipped (so it is inflated once, here, not at every load), and checked
on the way by the loaders' guarded reader (:mod:`ontology_loaders.inputs`): a
``.gz`` that inflates past ``max_decompressed_mb`` or an XML file with a DTD is
refused before any parser sees it.

Only the ``uploads_kept`` most recent uploads stay (by upload time; uploading a
file again makes it recent). Older ones go, with what was built from them: the
embedded store, its instance counts, the ontology cache and the ontology's
vectors.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import io
import logging
import os
import shutil
import uuid
from pathlib import Path

from app.errors import SourceError
from app.query.embedded import content_hash
from app.settings import Settings
from ontology_loaders import Ontology, OntologyLoadError
from ontology_loaders.files import ontology_cache_file
from ontology_loaders.inputs import GuardedReader

__all__ = ["XML_SUFFIXES", "prune_uploads", "store_upload"]

log = logging.getLogger(__name__)

XML_SUFFIXES = (".rdf", ".owl", ".xml")


def store_upload(base: Settings, name: str, suffix: str, data: bytes) -> Path:
    """Write an upload's bytes (``name`` is the user's file name, for messages); return the stored file.

    :raises SourceError: the file inflates past the limit, is not valid gzip, or is XML with a DTD.
    """
    folder = base.cache_dir("uploads")
    gzipped = suffix.endswith(".gz")
    stored_suffix = suffix.removesuffix(".gz")
    raw = gzip.GzipFile(fileobj=io.BytesIO(data), mode="rb") if gzipped else io.BytesIO(data)
    reader = GuardedReader(raw, name=name, max_bytes=base.max_decompressed_mb * 1024**2 if gzipped else None,
                           xml=stored_suffix in XML_SUFFIXES)
    partial = folder / f".{uuid.uuid4().hex}.part"
    digest = hashlib.sha256()
    try:
        with reader, open(partial, "wb") as out:
            for block in iter(lambda: reader.read(1 << 20), b""):
                digest.update(block)
                out.write(block)
    except OntologyLoadError as error:
        partial.unlink(missing_ok=True)
        raise SourceError(str(error)) from None
    path = folder / f"{digest.hexdigest()[:20]}{stored_suffix}"
    if path.exists():
        partial.unlink()
        os.utime(path)  # the same file again: it is now the most recent upload
    else:
        partial.replace(path)
    prune_uploads(base)
    return path


def prune_uploads(base: Settings) -> list[Path]:
    """Delete all but the ``uploads_kept`` most recent uploads, with their stores and caches; return them."""
    folder = base.data_dir / "uploads"
    if not folder.is_dir():
        return []
    uploads = [p for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")]
    uploads.sort(key=lambda p: (p.stat().st_mtime_ns, p.name), reverse=True)
    old = uploads[base.uploads_kept:]
    for path in old:
        _forget(base, path)
    return old


def _forget(base: Settings, path: Path) -> None:
    store = base.data_dir / "store" / content_hash([path])
    shutil.rmtree(store, ignore_errors=True)
    store.with_name(store.name + ".counts.json").unlink(missing_ok=True)
    cached = ontology_cache_file(base.data_dir / "ontology", [path], base.language)
    if cached.is_file():
        with contextlib.suppress(ValueError, OSError):
            fingerprint = Ontology.model_validate_json(cached.read_bytes()).fingerprint
            for vectors in (base.data_dir / "index").glob(f"{fingerprint}-*"):
                vectors.unlink(missing_ok=True)
        cached.unlink(missing_ok=True)
    path.unlink(missing_ok=True)
    log.info("removed the old upload %s and what was built from it", path.name)

"""Data sources a session can query: a bundled sample, an uploaded file, or a SPARQL endpoint.

A source is a small JSON dict kept in the session's ``dcc.Store`` and in the
URL. :func:`settings_for_source` turns it into a :class:`Settings`, whose
resources ``app.resources.get_resources`` loads once per process and shares.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from app.errors import SourceError
from app.settings import SAMPLES_DIR, Settings

__all__ = [
    "SourceError",
    "default_source",
    "list_samples",
    "save_upload",
    "settings_for_source",
    "source_label",
]

UPLOAD_SUFFIXES = (".ttl", ".rdf", ".owl", ".nt", ".jsonld", ".xml", ".ttl.gz", ".nt.gz", ".owl.gz", ".rdf.gz")
MAX_UPLOAD_BYTES = 50 * 1024 * 1024



def list_samples(samples_dir: Path = SAMPLES_DIR) -> list[dict[str, str]]:
    """Bundled samples: each folder of ``sample_ontologies/`` with an ``ontology.ttl``."""
    if not samples_dir.is_dir():
        return []
    found = []
    for folder in sorted(p for p in samples_dir.iterdir() if p.is_dir()):
        if (folder / "ontology.ttl").is_file():
            found.append({"name": folder.name, "label": folder.name.replace("_", " ")})
    return found


def default_source(settings: Settings) -> dict[str, Any]:
    """The source the server was started with (flags and environment)."""
    if settings.endpoint:
        return {"kind": "endpoint", "url": settings.endpoint}
    for sample in list_samples():
        folder = SAMPLES_DIR / sample["name"]
        if settings.ontology and Path(settings.ontology[0]).resolve().parent == folder.resolve():
            return {"kind": "sample", "name": sample["name"]}
    return {"kind": "settings"}


def source_label(source: dict[str, Any] | None) -> str:
    source = source or {}
    kind = source.get("kind")
    if kind == "sample":
        return f"sample: {str(source.get('name', '')).replace('_', ' ')}"
    if kind == "upload":
        return f"file: {source.get('name', 'uploaded')}"
    if kind == "endpoint":
        return f"endpoint: {source.get('url', '')}"
    return "the server's default data"


def _valid_endpoint(url: str) -> str:
    url = (url or "").strip()
    parsed = urlparse(url)
    if parsed.scheme not in {"http", "https"} or not parsed.netloc:
        raise SourceError(f"{url!r} is not an http(s) URL of a SPARQL endpoint")
    return url


def settings_for_source(base: Settings, source: dict[str, Any] | None) -> Settings:
    """The settings that query ``source``; everything else (model, caches) comes from ``base``.

    >>> s = settings_for_source(Settings(), {"kind": "endpoint", "url": "http://127.0.0.1:7878/query"})
    >>> (s.endpoint, s.ontology, s.kg)
    ('http://127.0.0.1:7878/query', [], [])
    """
    source = source or {}
    kind = source.get("kind")
    if kind in (None, "settings"):
        return base
    if kind == "sample":
        name = str(source.get("name", ""))
        if not re.fullmatch(r"[A-Za-z0-9_.-]+", name) or name.startswith("."):
            raise SourceError(f"no bundled sample called {name!r}")
        folder = SAMPLES_DIR / name
        ontology = folder / "ontology.ttl"
        if not ontology.is_file():
            raise SourceError(f"no bundled sample called {name!r}")
        data = folder / "data.ttl"
        return base.model_copy(update={"ontology": [ontology], "kg": [data] if data.is_file() else [],
                                       "endpoint": None})
    if kind == "upload":
        path = Path(str(source.get("path", "")))
        uploads = (base.data_dir / "uploads").resolve()
        # Only files this app saved: a URL must not point the server at arbitrary paths.
        if path.resolve().parent != uploads or not path.is_file():
            raise SourceError("the uploaded file is no longer on the server; upload it again")
        return base.model_copy(update={"ontology": [path], "kg": [path], "endpoint": None})
    if kind == "endpoint":
        return base.model_copy(update={"ontology": [], "kg": [], "endpoint": _valid_endpoint(source.get("url", ""))})
    raise SourceError(f"unknown data source {kind!r}")


def save_upload(base: Settings, filename: str, contents: str) -> dict[str, Any]:
    """Store a ``dcc.Upload`` payload (``data:...;base64,...``) under the data dir; return its source dict.

    Files are named by content hash, so the same upload twice is stored once.
    """
    name = Path(filename or "").name
    lower = name.lower()
    suffix = next((s for s in sorted(UPLOAD_SUFFIXES, key=len, reverse=True) if lower.endswith(s)), None)
    if suffix is None:
        raise SourceError(f"{name or 'this file'}: expected one of {', '.join(UPLOAD_SUFFIXES)}")
    try:
        _, encoded = contents.split(",", 1)
        data = base64.b64decode(encoded, validate=True)
    except (ValueError, binascii.Error):
        raise SourceError(f"{name}: the upload arrived damaged; try again") from None
    if len(data) > MAX_UPLOAD_BYTES:
        raise SourceError(f"{name}: larger than {MAX_UPLOAD_BYTES // (1024 * 1024)} MB")
    digest = hashlib.sha256(data).hexdigest()[:20]
    path = base.cache_dir("uploads") / f"{digest}{suffix}"
    if not path.exists():
        path.write_bytes(data)
    return {"kind": "upload", "name": name, "path": str(path)}

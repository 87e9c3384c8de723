"""Where a session's data comes from: a bundled sample, an uploaded file, or a SPARQL endpoint.

A :data:`DataSource` is one typed value, kept as JSON in the web app's store and in
the URL, and validated once by :func:`parse_source` wherever it enters.
:func:`settings_for_source` turns it into the :class:`~app.settings.Settings` whose
resources :func:`app.resources.get_resources` loads once per process and shares.
"""

from __future__ import annotations

import base64
import binascii
from pathlib import Path
from typing import Annotated, Any, Literal
from urllib.parse import urlparse

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from app.endpoints import guard_endpoint
from app.errors import SourceError
from app.settings import SAMPLES_DIR, Settings
from app.uploads import store_upload

__all__ = [
    "DataSource",
    "DefaultSource",
    "EndpointSource",
    "SampleSource",
    "UploadSource",
    "default_source",
    "hide_upload_path",
    "list_samples",
    "parse_source",
    "request_max_bytes",
    "save_upload",
    "settings_for_source",
    "source_label",
    "upload_path",
]

UPLOAD_SUFFIXES = (".ttl", ".rdf", ".owl", ".nt", ".jsonld", ".xml", ".ttl.gz", ".nt.gz", ".owl.gz", ".rdf.gz")
_MB = 1024 * 1024


class _Source(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")


class DefaultSource(_Source):
    """The data the server was started with (flags and environment)."""

    kind: Literal["settings"] = "settings"

    @property
    def label(self) -> str:
        return "the server's default data"


class SampleSource(_Source):
    """A folder of ``sample_ontologies/`` with an ``ontology.ttl`` (and usually a ``data.ttl``)."""

    kind: Literal["sample"] = "sample"
    name: str = Field(pattern=r"^[A-Za-z0-9_-][A-Za-z0-9_.-]*$")

    @property
    def label(self) -> str:
        return f"sample: {self.name.replace('_', ' ')}"


class UploadSource(_Source):
    """A file this server saved from an upload: the user's file name, and the stored file's name.

    Only a name in the uploads folder is kept (never a server path, which would show in
    the browser and the share link); an older link's ``path`` is read as its name.
    """

    kind: Literal["upload"] = "upload"
    name: str = "uploaded"
    file: str = Field(validation_alias=AliasChoices("file", "path"))

    @field_validator("file")
    @classmethod
    def _name_only(cls, file: str) -> str:
        return Path(file).name

    @property
    def label(self) -> str:
        return f"file: {self.name}"


class EndpointSource(_Source):
    """A SPARQL endpoint over http(s)."""

    kind: Literal["endpoint"] = "endpoint"
    url: str

    @field_validator("url")
    @classmethod
    def _http_url(cls, url: str) -> str:
        url = url.strip()
        parsed = urlparse(url)
        if parsed.scheme not in {"http", "https"} or not parsed.netloc:
            raise ValueError(f"{url!r} is not an http(s) URL of a SPARQL endpoint")
        return url

    @property
    def label(self) -> str:
        return f"endpoint: {self.url}"


DataSource = Annotated[DefaultSource | SampleSource | UploadSource | EndpointSource, Field(discriminator="kind")]
_ADAPTER: TypeAdapter[DataSource] = TypeAdapter(DataSource)


def parse_source(data: DataSource | dict[str, Any] | None) -> DataSource:
    """A source from its JSON form; nothing (or no kind) is the server's default.

    >>> parse_source({"kind": "sample", "name": "library_sample"}).label
    'sample: library sample'
    >>> parse_source(None).kind
    'settings'
    >>> parse_source({"kind": "endpoint", "url": "file:///etc/passwd"})
    Traceback (most recent call last):
    app.errors.SourceError: 'file:///etc/passwd' is not an http(s) URL of a SPARQL endpoint

    :raises SourceError: an unknown kind or a malformed field.
    """
    if isinstance(data, BaseModel):
        return data  # type: ignore[return-value]
    if not data or data.get("kind") is None:
        return DefaultSource()
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        if first["type"] == "union_tag_invalid":
            raise SourceError(f"unknown data source {data.get('kind')!r}") from None
        if first["loc"][-1] == "name" and data.get("kind") == "sample":
            raise SourceError(f"no bundled sample called {data.get('name')!r}") from None
        raise SourceError(first["msg"].removeprefix("Value error, ")) from None


def source_label(data: DataSource | dict[str, Any] | None) -> str:
    """What a status line calls the source; never raises, so an error message can name it.

    >>> source_label({"kind": "upload", "name": "mine.ttl", "path": "/x"})
    'file: mine.ttl'
    >>> source_label({"kind": "telnet"})
    'an unknown data source'
    """
    try:
        return parse_source(data).label
    except SourceError:
        return "an unknown data source"


def list_samples(samples_dir: Path = SAMPLES_DIR) -> list[SampleSource]:
    """Bundled samples: each folder of ``sample_ontologies/`` with an ``ontology.ttl``."""
    if not samples_dir.is_dir():
        return []
    return [SampleSource(name=folder.name) for folder in sorted(p for p in samples_dir.iterdir() if p.is_dir())
            if (folder / "ontology.ttl").is_file()]


def default_source(settings: Settings) -> DataSource:
    """The source the server was started with (flags and environment)."""
    if settings.endpoint:
        return EndpointSource(url=settings.endpoint)
    for sample in list_samples():
        folder = SAMPLES_DIR / sample.name
        if settings.ontology and Path(settings.ontology[0]).resolve().parent == folder.resolve():
            return sample
    return DefaultSource()


def settings_for_source(base: Settings, source: DataSource | dict[str, Any] | None) -> Settings:
    """The settings that query ``source``; everything else (model, caches) comes from ``base``.

    >>> local = Settings(endpoint_allow_private=True)  # a web user's endpoint must be public, unless allowed
    >>> s = settings_for_source(local, {"kind": "endpoint", "url": "http://127.0.0.1:7878/query"})
    >>> (s.endpoint, s.ontology, s.kg)
    ('http://127.0.0.1:7878/query', [], [])

    :raises SourceError: the source is malformed, or its sample or upload is not on this server.
    """
    source = parse_source(source)
    if isinstance(source, SampleSource):
        folder = SAMPLES_DIR / source.name
        ontology = folder / "ontology.ttl"
        if not ontology.is_file():
            raise SourceError(f"no bundled sample called {source.name!r}")
        data = folder / "data.ttl"
        return base.model_copy(update={"ontology": [ontology], "kg": [data] if data.is_file() else [],
                                       "endpoint": None})
    if isinstance(source, UploadSource):
        path = upload_path(base, source)
        # Only files this app saved: a URL must not point the server at arbitrary paths.
        if path.resolve().parent != (base.data_dir / "uploads").resolve() or not path.is_file():
            raise SourceError("the uploaded file is no longer on the server; upload it again")
        # One file is both schema and data; OWL/XML reaches the store as triples (ontology_loaders.open_rdf).
        return base.model_copy(update={"ontology": [path], "kg": [path], "endpoint": None})
    if isinstance(source, EndpointSource):
        guard_endpoint(base, source.url)  # a URL from a user or a link: never a way into the server's network
        return base.model_copy(update={"ontology": [], "kg": [], "endpoint": source.url})
    return base


def upload_path(base: Settings, source: UploadSource) -> Path:
    """Where the server keeps an upload's file."""
    return base.data_dir / "uploads" / source.file


def hide_upload_path(base: Settings, source: DataSource | dict[str, Any] | None, text: str) -> str:
    """``text`` (an error message) with an upload's server path, or stored name, shown as the user's file name.

    >>> hide_upload_path(Settings(data_dir=Path("/srv/pg")), {"kind": "upload", "name": "zoo.owl", "file": "ab12.owl"},
    ...                  "/srv/pg/uploads/ab12.owl: line 3: bad IRI")
    'zoo.owl: line 3: bad IRI'
    """
    try:
        source = parse_source(source)
    except SourceError:
        return text
    if not isinstance(source, UploadSource):
        return text
    path = upload_path(base, source)
    for shown in (path.resolve().as_uri(), str(path.resolve()), str(path), source.file):
        text = text.replace(shown, source.name)
    return text


def request_max_bytes(settings: Settings) -> int:
    """The largest request body the web server reads: the setting, else room for one base64-encoded upload.

    >>> request_max_bytes(Settings(upload_max_mb=3)) // 1024**2
    5
    """
    if settings.request_max_mb is not None:
        return settings.request_max_mb * _MB
    return settings.upload_max_mb * _MB * 4 // 3 + _MB  # base64 adds a third; the rest of the callback is small


def save_upload(base: Settings, filename: str, contents: str) -> UploadSource:
    """Store a ``dcc.Upload`` payload (``data:...;base64,...``) under the data dir; return its source.

    A ``.gz`` file is inflated here, once, as a stream capped at ``max_decompressed_mb``,
    and an XML file with a DTD is refused before any parser sees it. Files are named by
    content hash, so the same upload twice is stored once; older uploads beyond
    ``uploads_kept`` are deleted (:func:`app.uploads.prune_uploads`).

    :raises SourceError: an unsupported type, a damaged payload, a file over a limit, or a refused XML file.
    """
    name = "".join(ch for ch in Path(filename or "").name if ch.isprintable())[:200]
    lower = name.lower()
    suffix = next((s for s in sorted(UPLOAD_SUFFIXES, key=len, reverse=True) if lower.endswith(s)), None)
    if suffix is None:
        raise SourceError(f"{name or 'this file'}: expected one of {', '.join(UPLOAD_SUFFIXES)}")
    _, comma, encoded = (contents or "").partition(",")
    damaged = SourceError(f"{name}: the upload arrived damaged; try again")
    too_big = SourceError(f"{name}: larger than the upload limit of {base.upload_max_mb} MB")
    if not comma:
        raise damaged
    if len(encoded) * 3 // 4 > base.upload_max_mb * _MB + 2:  # refused before it is decoded
        raise too_big
    try:
        data = base64.b64decode(encoded, validate=True)
    except (ValueError, binascii.Error):
        raise damaged from None
    if len(data) > base.upload_max_mb * _MB:
        raise too_big
    return UploadSource(name=name, file=store_upload(base, name, suffix, data).name)

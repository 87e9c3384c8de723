"""All settings in one place: defaults < environment (``PROTOGRAPH_*``) < CLI flags.

Lower layers never import this module; they receive the values they need as
arguments.
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict
from pydantic import field_validator
from typing import Annotated, Literal

from grammar.backends import BackendName

__all__ = ["PROJECT_ROOT", "SAMPLES_DIR", "Settings", "default_data_dir"]

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SAMPLES_DIR = PROJECT_ROOT / "sample_ontologies"

# Nothing may reach a model hub at run time: set before any HF library is imported.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def default_data_dir() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "protograph"


def _split_paths(value: object) -> object:
    """Environment variables carry several paths separated by the OS path separator."""
    if isinstance(value, str):
        return [Path(p) for p in value.split(os.pathsep) if p]
    return value


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="PROTOGRAPH_", env_file=".env", extra="ignore")

    ontology: Annotated[list[Path], NoDecode] = Field(
        default_factory=lambda: [SAMPLES_DIR / "dbpedia_sample" / "ontology.ttl"],
        description="Ontology files (Turtle, RDF/XML, OWL, N-Triples, JSON-LD; .gz accepted), merged.",
    )
    kg: Annotated[list[Path], NoDecode] = Field(
        default_factory=lambda: [SAMPLES_DIR / "dbpedia_sample" / "data.ttl"],
        description="Instance-data files loaded into the embedded store.",
    )
    endpoint: str | None = Field(default=None, description="A remote SPARQL endpoint; replaces the embedded store.")
    endpoint_timeout_s: float = 30.0
    endpoint_method: Literal["GET", "POST"] = "GET"
    endpoint_auth: SecretStr | None = Field(default=None, description="Authorization header value for the endpoint.")
    ontology_endpoint_timeout_s: float = 10.0
    llm_backend: BackendName = BackendName.LLAMA_CPP
    model_path: Path | None = Field(default=None, description="A GGUF file; default: the packaged Gemma 3 270M.")
    llm_server_url: str | None = Field(default=None, description="Base URL of an OpenAI-compatible server.")
    embedder_path: Path | None = Field(default=None, description="A sentence-transformers folder; default: packaged all-MiniLM-L6-v2.")
    data_dir: Path = Field(default_factory=default_data_dir, description="Caches, the persisted store, study databases.")
    language: str = "en"
    top_k: int = Field(default=5, ge=1, le=50)
    result_limit: int = Field(default=100, ge=1)
    llm_max_tokens: int = Field(default=256, ge=16)
    llm_timeout_s: float = Field(default=20.0, gt=0)
    llm_threads: int = Field(default=2, ge=1)
    jobs_backend: Literal["diskcache", "celery"] = Field(
        default="diskcache",
        description="Runs the web app's background jobs: 'diskcache' in threads of the one server process "
                    "(results kept in a diskcache); 'celery' in workers behind Redis, for several server "
                    "processes (`pip install celery[redis]`).")
    redis_url: str = "redis://127.0.0.1:6379/0"
    host: str = "127.0.0.1"
    port: int = 8050
    study_database_url: str | None = Field(
        default=None,
        description="SQLAlchemy URL of the user-study database, e.g. postgresql+psycopg://user@host/db; "
        "default: SQLite at <data_dir>/study.sqlite3.",
    )
    study_admin_password: SecretStr | None = Field(
        default=None, description="Password of the researcher dashboard; the dashboard is closed while this is unset."
    )
    studies_dir: Path | None = Field(
        default=None, description="A folder of study YAML files, offered next to the shipped ones in studies/."
    )
    max_decompressed_mb: int = Field(
        default=200, ge=1, description="How far a .gz input (ontology, instance data, upload) may inflate; "
        "a larger one is refused.")
    upload_max_mb: int = Field(default=50, ge=1, description="The largest file the web app accepts as an upload.")
    request_max_mb: int | None = Field(
        default=None, ge=1, description="The largest request body the web server reads (413 beyond); "
        "default: one upload of upload_max_mb, base64-encoded.")
    uploads_kept: int = Field(
        default=20, ge=1, description="Uploads kept on the server: a new upload deletes older ones (by upload "
        "time) and their stores and caches.")
    query_workers: int = Field(
        default=2, ge=1, description="Worker processes that run the embedded store's queries, and so the queries "
        "one server process runs at once; a worker whose query runs out of time is killed and replaced.")
    counts_timeout_s: float = Field(
        default=5.0, gt=0, description="Time limit of the instance counts shown beside classes and links; "
        "a failure is remembered for counts_retry_s.")
    counts_retry_s: float = Field(
        default=60.0, ge=0, description="How long a failed instance count is not asked again.")

    endpoint_allow: list[str] = Field(
        default_factory=list,
        description="Endpoints web users may choose, as host patterns (example.org, *.example.org, host:port) or "
                    "URL prefixes; when set, only these (private addresses included). JSON list in the environment.")
    endpoint_allow_private: bool = Field(
        default=False,
        description="Let web users choose endpoints on loopback, private or link-local addresses. The endpoint "
                    "the operator sets (--endpoint, PROTOGRAPH_ENDPOINT) is always allowed.")
    endpoint_max_bytes: int = Field(default=20 * 1024 * 1024, ge=1024, description="Bytes of one endpoint answer read at most.")
    endpoint_max_rows: int = Field(default=10_000, ge=1, description="Rows of one endpoint answer kept at most.")
    web_workers: int = Field(
        default=1, ge=1, description="Server processes of `protograph serve`: 1 is the embedded server; more run "
        "gunicorn, and questions then run in Celery workers (jobs_backend 'celery', docs/deploy.md).")
    web_threads: int = Field(default=4, ge=1, description="Threads of each gunicorn server process.")

    _split_ontology = field_validator("ontology", "kg", mode="before")(_split_paths)

    def cache_dir(self, *parts: str) -> Path:
        path = self.data_dir.joinpath(*parts)
        path.mkdir(parents=True, exist_ok=True)
        return path

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

    _split_ontology = field_validator("ontology", "kg", mode="before")(_split_paths)

    def cache_dir(self, *parts: str) -> Path:
        path = self.data_dir.joinpath(*parts)
        path.mkdir(parents=True, exist_ok=True)
        return path

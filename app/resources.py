"""Process-wide, read-only resources: loaded once, shared by every request.

Each resource is built on first use (so ``protograph info`` never loads the
language model) under a lock (so two callbacks never build it twice).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Generic, TypeVar

from ontology_loaders import Ontology, load_ontology, load_ontology_from_endpoint

from .settings import Settings

__all__ = ["Resources", "get_resources"]

T = TypeVar("T")


class _Lazy(Generic[T]):
    """A thread-safe cached attribute."""

    def __init__(self, build: Callable[[Any], T]) -> None:
        self._build = build
        self._name = build.__name__

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    def __get__(self, instance: Any, owner: type | None = None) -> T:
        if instance is None:
            return self  # type: ignore[return-value]
        cache = instance.__dict__
        if self._name not in cache:
            with instance._lock:
                if self._name not in cache:
                    cache[self._name] = self._build(instance)
        return cache[self._name]


class Resources:
    """The ontology, the knowledge graph, the embedder, the retrieval index and the LLM for one settings object."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._lock = threading.RLock()

    def is_loaded(self, name: str) -> bool:
        return name in self.__dict__

    @_Lazy
    def ontology(self) -> Ontology:
        s = self.settings
        if not s.ontology and s.endpoint:
            return load_ontology_from_endpoint(s.endpoint, timeout=s.ontology_endpoint_timeout_s, language=s.language)
        return load_ontology(s.ontology, language=s.language, cache_dir=s.cache_dir("ontology"))

    @_Lazy
    def store(self):  # -> app.execute.KnowledgeGraph
        from .execute import open_store

        return open_store(self.settings)

    @_Lazy
    def instance_counts(self) -> dict:
        from .execute import instance_counts

        return instance_counts(self.store)

    @_Lazy
    def embedder(self):  # -> app.embedding.Embedder
        from .embedding import load_embedder

        return load_embedder(self.settings.embedder_path)

    @_Lazy
    def index(self):  # -> app.retrieval.OntologyIndex
        from .retrieval import build_index

        return build_index(self.ontology, self.embedder, self.settings.cache_dir("index"))

    @_Lazy
    def llm(self):  # -> app.llm backend
        from .llm import load_llm

        return load_llm(self.settings)


@lru_cache(maxsize=8)
def _cached(settings_json: str) -> Resources:
    return Resources(Settings.model_validate_json(settings_json))


def get_resources(settings: Settings | None = None) -> Resources:
    """The shared :class:`Resources` for these settings (one per distinct settings value)."""
    settings = settings or Settings()
    return _cached(settings.model_dump_json())

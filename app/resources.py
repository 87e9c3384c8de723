"""Process-wide, read-only resources: loaded once, shared by every request.

Each resource is built on first use (so ``protograph info`` never loads the
language model) under a lock (so two callbacks never build it twice).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Collection
from functools import lru_cache
from typing import Any, Generic, TypeVar

from app.nl.embedding import Embedder, load_embedder
from app.nl.gazetteer import city_population
from app.nl.given_names import has_given_name
from app.nl.llm import load_llm
from app.nl.retrieval import OntologyIndex, build_index
from app.query.counts import instance_counts as count_instances
from app.query.engine import KnowledgeGraph
from app.query.run import open_store
from app.settings import Settings
from grammar.backends import Backend
from ontology_loaders import Ontology, load_ontology, load_ontology_from_endpoint

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

    def warm(
        self,
        *,
        embeddings: bool = True,
        models: Collection[str] = (),
        on_error: Callable[[str, Exception], None] | None = None,
    ) -> dict[str, float]:
        """Load each cached resource once; returns seconds per step.

        ``models`` names weights to load too, of ``"embedder"`` and ``"llm"``,
        as a server does before it takes questions. With
        ``on_error`` a failing step is reported to it and the others still load
        (the web app then shows the error when the resource is used).
        """
        steps: dict[str, Callable[[], object]] = {"ontology": lambda: self.ontology}
        if self.settings.kg or self.settings.endpoint:
            steps["store"] = lambda: self.store
            steps["instance_counts"] = lambda: self.instance_counts
        if embeddings:
            steps["index"] = lambda: self.index
            steps["gazetteer"] = lambda: (city_population(""),  # 67,000 city names, read once before questions
                                          has_given_name("Ada"))  # and 40,000 given names
        if "embedder" in models:
            steps["embedder"] = lambda: self.embedder.model()
        if "llm" in models:
            steps["llm"] = lambda: self.llm
        timings: dict[str, float] = {}
        for name, load in steps.items():
            start = time.perf_counter()
            try:
                load()
            except Exception as error:
                if on_error is None:
                    raise
                on_error(name, error)
            timings[name] = time.perf_counter() - start
        return timings

    @_Lazy
    def ontology(self) -> Ontology:
        s = self.settings
        if not s.ontology and s.endpoint:
            return load_ontology_from_endpoint(s.endpoint, timeout=s.ontology_endpoint_timeout_s, language=s.language)
        return load_ontology(s.ontology, language=s.language, cache_dir=s.cache_dir("ontology"),
                             max_bytes=s.max_decompressed_mb * 1024**2)

    @_Lazy
    def store(self) -> KnowledgeGraph:
        return open_store(self.settings)

    @_Lazy
    def instance_counts(self) -> dict:
        return count_instances(self.store, timeout=self.settings.counts_timeout_s,
                               retry_after=self.settings.counts_retry_s)

    @_Lazy
    def embedder(self) -> Embedder:
        return load_embedder(self.settings.embedder_path)

    @_Lazy
    def index(self) -> OntologyIndex:
        return build_index(self.ontology, self.embedder, self.settings.cache_dir("index"))

    @_Lazy
    def llm(self) -> Backend:
        return load_llm(self.settings)


@lru_cache(maxsize=8)
def _cached(settings_json: str) -> Resources:
    return Resources(Settings.model_validate_json(settings_json))


def get_resources(settings: Settings | None = None) -> Resources:
    """The shared :class:`Resources` for these settings (one per distinct settings value)."""
    settings = settings or Settings()
    return _cached(settings.model_dump_json())

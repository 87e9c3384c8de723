"""One small thread-safe keyed cache, shared by the module-level caches of ``app``.

Dash serves callbacks from several threads, so every process-wide cache needs a lock;
writing the dict, the lock and the eviction once keeps them from drifting apart.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["KeyedCache"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class KeyedCache(Generic[K, V]):
    """Values by key; with ``max_size``, the least recently used one goes when a new one would not fit.

    >>> cache = KeyedCache(max_size=2)
    >>> cache.get_or_build("a", lambda: 1), cache.get_or_build("a", lambda: 99)
    (1, 1)
    >>> cache.put("b", 2)
    >>> cache.get("a")        # "a" is now the most recently used, so "b" goes next
    1
    >>> cache.put("c", 3)
    >>> "b" in cache, sorted(cache.keys()), len(cache)
    (False, ['a', 'c'], 2)
    >>> cache.get("b", "none")
    'none'
    >>> cache.clear(); len(cache)
    0
    """

    def __init__(self, max_size: int | None = None) -> None:
        if max_size is not None and max_size < 1:
            raise ValueError(f"max_size must be at least 1, not {max_size}")
        self.max_size = max_size
        self._values: OrderedDict[K, V] = OrderedDict()
        # Re-entrant: a builder may read the same cache without deadlocking itself.
        self._lock = threading.RLock()

    def get(self, key: K, default: V | None = None) -> V | None:
        """The value of ``key`` (now the most recently used), or ``default``."""
        with self._lock:
            if key not in self._values:
                return default
            self._values.move_to_end(key)
            return self._values[key]

    def put(self, key: K, value: V) -> None:
        """Store ``value`` under ``key``, over any older one, evicting the least recently used beyond ``max_size``."""
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            if self.max_size is not None:
                while len(self._values) > self.max_size:
                    self._values.popitem(last=False)

    def get_or_build(self, key: K, build: Callable[[], V]) -> V:
        """The value of ``key``, built by ``build()`` if missing.

        ``build`` runs under the lock, so two threads never build one key twice (e.g. two
        database engines for one URL); keep it short, since it holds up every other key.
        """
        with self._lock:
            if key in self._values:
                self._values.move_to_end(key)
                return self._values[key]
            value = build()
            self.put(key, value)
            return value

    def pop(self, key: K, default: V | None = None) -> V | None:
        """Remove ``key``; its value, or ``default``."""
        with self._lock:
            return self._values.pop(key, default)

    def clear(self) -> None:
        with self._lock:
            self._values.clear()

    def keys(self) -> list[K]:
        """A snapshot of the keys, least recently used first."""
        with self._lock:
            return list(self._values)

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._values

    def __len__(self) -> int:
        with self._lock:
            return len(self._values)

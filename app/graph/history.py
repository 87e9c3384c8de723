"""Undo and redo for the graph editor.

:class:`History` is plain JSON-able data that fits in a ``dcc.Store``, so each
browser session carries its own and the server keeps no per-user state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.errors import EditError

__all__ = ["History"]


@dataclass(frozen=True)
class History:
    """Undo and redo stacks of graph JSON, capped, storable as JSON in a ``dcc.Store``.

    The current graph lives elsewhere (the graph store); ``past`` holds what
    came before it and ``future`` what undo took away.

    >>> h = History().record({"nodes": []})
    >>> h, graph = h.undo({"nodes": [1]})
    >>> graph, h.future
    ({'nodes': []}, ({'nodes': [1]},))
    """

    past: tuple[dict, ...] = ()
    future: tuple[dict, ...] = ()
    limit: int = 50

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> History:
        data = data or {}
        return cls(past=tuple(data.get("past") or ()), future=tuple(data.get("future") or ()),
                   limit=int(data.get("limit") or 50))

    def to_json(self) -> dict[str, Any]:
        return {"past": list(self.past), "future": list(self.future), "limit": self.limit}

    @property
    def can_undo(self) -> bool:
        return bool(self.past)

    @property
    def can_redo(self) -> bool:
        return bool(self.future)

    def record(self, previous: dict) -> History:
        """Note ``previous`` before an edit; a new edit forgets the redo stack."""
        if self.past and self.past[-1] == previous:
            return History(past=self.past, future=(), limit=self.limit)
        return History(past=(*self.past, previous)[-self.limit:], future=(), limit=self.limit)

    def undo(self, current: dict) -> tuple[History, dict]:
        if not self.past:
            raise EditError("nothing to undo")
        return History(past=self.past[:-1], future=(current, *self.future)[: self.limit], limit=self.limit), \
            self.past[-1]

    def redo(self, current: dict) -> tuple[History, dict]:
        if not self.future:
            raise EditError("nothing to redo")
        return History(past=(*self.past, current)[-self.limit:], future=self.future[1:], limit=self.limit), \
            self.future[0]

    def restore(self, current: dict, index: int) -> tuple[History, dict]:
        """Go back to ``past[index]`` as a new edit, so the jump itself can be undone."""
        if not 0 <= index < len(self.past):
            raise EditError("that graph is no longer in the history")
        return self.record(current), self.past[index]

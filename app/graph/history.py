"""Undo and redo for the graph editor, and the question each graph came from.

:class:`History` is plain JSON-able data that fits in a ``dcc.Store`` (kept in
the browser's local storage), so each browser carries its own and the server
keeps no per-user state. Because it comes back from the browser, reading it
drops whatever is not shaped as expected instead of failing.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from app.errors import EditError
from app.graph.model import PrototypeGraph

__all__ = ["History", "fingerprint"]


def fingerprint(graph: Mapping[str, Any]) -> str:
    """A short key naming a graph's content: equal graphs, however serialised, share it.

    >>> fingerprint({"nodes": [], "edges": []}) == fingerprint({"edges": []})
    True
    """
    try:
        data: Any = PrototypeGraph.model_validate(graph).model_dump(mode="json")
    except (ValidationError, TypeError, ValueError):
        data = graph
    raw = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(raw.encode()).hexdigest()[:16]


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
    #: ``(fingerprint, question)`` of graphs a question produced, oldest first.
    notes: tuple[tuple[str, str], ...] = ()

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> History:
        data = data if isinstance(data, Mapping) else {}

        def graphs(key: str) -> tuple[dict, ...]:
            found = data.get(key)
            return tuple(g for g in found if isinstance(g, dict)) if isinstance(found, list | tuple) else ()

        try:
            limit = max(1, int(data.get("limit") or 50))
        except (TypeError, ValueError):
            limit = 50
        notes = data.get("notes")
        notes = notes if isinstance(notes, Mapping) else {}
        return cls(past=graphs("past"), future=graphs("future"), limit=limit,
                   notes=tuple((k, v) for k, v in notes.items() if isinstance(k, str) and isinstance(v, str)))

    def to_json(self) -> dict[str, Any]:
        return {"past": list(self.past), "future": list(self.future), "limit": self.limit, "notes": dict(self.notes)}

    def note(self, graph: Mapping[str, Any], question: str) -> History:
        """Remember that ``question`` produced ``graph``; only the newest notes are kept.

        >>> History().note({"nodes": []}, "Which persons?").question_for({"nodes": []})
        'Which persons?'
        """
        key = fingerprint(graph)
        notes = (*((k, q) for k, q in self.notes if k != key), (key, question))
        return dataclasses.replace(self, notes=notes[-2 * self.limit:])

    def question_for(self, graph: Mapping[str, Any]) -> str | None:
        """The question that produced ``graph``, if one did."""
        key = fingerprint(graph)
        return next((q for k, q in reversed(self.notes) if k == key), None)

    @property
    def can_undo(self) -> bool:
        return bool(self.past)

    @property
    def can_redo(self) -> bool:
        return bool(self.future)

    def record(self, previous: dict) -> History:
        """Note ``previous`` before an edit; a new edit forgets the redo stack."""
        if self.past and self.past[-1] == previous:
            return dataclasses.replace(self, future=())
        return dataclasses.replace(self, past=(*self.past, previous)[-self.limit:], future=())

    def undo(self, current: dict) -> tuple[History, dict]:
        if not self.past:
            raise EditError("nothing to undo")
        return dataclasses.replace(self, past=self.past[:-1], future=(current, *self.future)[: self.limit]), \
            self.past[-1]

    def redo(self, current: dict) -> tuple[History, dict]:
        if not self.future:
            raise EditError("nothing to redo")
        return dataclasses.replace(self, past=(*self.past, current)[-self.limit:], future=self.future[1:]), \
            self.future[0]

    def restore(self, current: dict, index: int) -> tuple[History, dict]:
        """Go back to ``past[index]`` as a new edit, so the jump itself can be undone."""
        if not 0 <= index < len(self.past):
            raise EditError("that graph is no longer in the history")
        return self.record(current), self.past[index]

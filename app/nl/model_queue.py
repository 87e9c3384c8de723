"""One question at a time on the language model: a first-come, first-served queue per process.

llama.cpp's context is not safe to share between threads, and the machine has two
cores: two questions decoding by turns each took twice as long, both hit the time
limit and both came back worse. So a question holds the model from its first model
call to its last (its passes also reuse one prompt cache), the others wait in
arrival order and are told how many questions are ahead of them, and a question's
time limit starts only when its turn comes.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from app.errors import PipelineCancelled

__all__ = ["ModelQueue", "Turn", "shared_queue", "waiting_words"]

#: Called with the number of questions ahead each time that number changes while waiting.
OnWait = Callable[[int], None]


@dataclass(frozen=True)
class Turn:
    """A question's hold on the model: when it began (the queue's clock) and how long it waited."""

    ticket: int
    started: float
    waited_s: float


class ModelQueue:
    """A FIFO ticket lock that reports each waiter's place and lets it leave on cancel.

    ``clock`` stamps :attr:`Turn.started`; ``poll_s`` is how often a waiter looks at its
    cancel event (a :class:`threading.Event` cannot wake a condition by itself).

    >>> queue = ModelQueue()
    >>> turn = queue.join()
    >>> queue.size(), queue.ahead(turn.ticket)
    (1, 0)
    >>> queue.leave(turn); queue.size()
    0
    """

    def __init__(self, *, clock: Callable[[], float] = time.monotonic, poll_s: float = 0.05) -> None:
        self._clock = clock
        self._poll_s = poll_s
        self._changed = threading.Condition()
        self._line: deque[int] = deque()  # tickets in arrival order; the first holds the model
        self._tickets = itertools.count(1)

    def size(self) -> int:
        """Questions holding or waiting for the model."""
        with self._changed:
            return len(self._line)

    def ahead(self, ticket: int) -> int:
        """How many questions are before ``ticket``; 0 while it holds the model."""
        with self._changed:
            return self._line.index(ticket)

    def join(self, *, cancel: threading.Event | None = None, on_wait: OnWait | None = None) -> Turn:
        """Wait for the model in arrival order; the caller must :meth:`leave` with the returned turn.

        :raises PipelineCancelled: ``cancel`` was set while waiting (the place is given up).
        """
        with self._changed:
            ticket = next(self._tickets)
            self._line.append(ticket)
        joined = self._clock()
        try:
            self._wait(ticket, cancel, on_wait)
        except BaseException:
            self._remove(ticket)
            raise
        started = self._clock()
        return Turn(ticket=ticket, started=started, waited_s=max(0.0, started - joined))

    def leave(self, turn: Turn) -> None:
        """Give the model to the next question (idempotent)."""
        self._remove(turn.ticket)

    @contextmanager
    def turn(self, *, cancel: threading.Event | None = None, on_wait: OnWait | None = None) -> Iterator[Turn]:
        """:meth:`join` and :meth:`leave` around a block, for a caller with a single model call.

        >>> with ModelQueue().turn() as turn:
        ...     turn.waited_s >= 0
        True
        """
        turn = self.join(cancel=cancel, on_wait=on_wait)
        try:
            yield turn
        finally:
            self.leave(turn)

    def _wait(self, ticket: int, cancel: threading.Event | None, on_wait: OnWait | None) -> None:
        told = None
        while True:
            with self._changed:
                ahead = self._line.index(ticket)
                if ahead and ahead == told and not (cancel is not None and cancel.is_set()):
                    self._changed.wait(self._poll_s)
                    ahead = self._line.index(ticket)
            if cancel is not None and cancel.is_set():
                raise PipelineCancelled("cancelled")
            if not ahead:
                return
            if ahead != told and on_wait is not None:
                on_wait(ahead)  # outside the lock: it may write to a slow progress store
            told = ahead

    def _remove(self, ticket: int) -> None:
        with self._changed:
            if ticket in self._line:
                self._line.remove(ticket)
                self._changed.notify_all()


def waiting_words(ahead: int) -> str:
    """The plain progress text of a waiting question.

    >>> waiting_words(1), waiting_words(3)
    ('waiting: 1 question ahead', 'waiting: 3 questions ahead')
    """
    return f"waiting: {ahead} question{'s' if ahead != 1 else ''} ahead"


_shared = ModelQueue()


def shared_queue() -> ModelQueue:
    """The process's queue: every loaded model shares the same two cores."""
    return _shared

"""The researcher password, with a limit on wrong guesses per client.

The dashboard shows every participant's answers, so guessing its password must
be slow: after ``max_failures`` wrong passwords within ``window_s`` a client is
refused, right password or not, for ``lockout_s``; each lockout in a row doubles
it, up to an hour.
"""

from __future__ import annotations

import hmac
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["PasswordGuard", "check_password"]

MAX_LOCKOUT_S = 3600.0


def check_password(given: str | None, expected: Any) -> bool:
    """Whether ``given`` matches the configured password, in constant time; never when none is configured.

    ``expected`` may be a plain string or a pydantic ``SecretStr``.

    >>> check_password("s3cret", "s3cret"), check_password("guess", "s3cret"), check_password("", None)
    (True, False, False)
    """
    if hasattr(expected, "get_secret_value"):
        expected = expected.get_secret_value()
    if not expected or not given:
        return False
    return hmac.compare_digest(given.encode("utf-8"), str(expected).encode("utf-8"))


@dataclass
class _Client:
    failures: list[float] = field(default_factory=list)
    locked_until: float = 0.0
    lockouts: int = 0


class PasswordGuard:
    """Checks passwords per client (an address); refuses a client that guessed wrong too often.

    >>> now = [0.0]
    >>> guard = PasswordGuard("s3cret", max_failures=2, lockout_s=60, clock=lambda: now[0])
    >>> guard.check("10.0.0.9", "a"), guard.check("10.0.0.9", "b")
    ('Wrong password.', 'Too many wrong passwords: try again in 60 s.')
    >>> guard.check("10.0.0.9", "s3cret"), guard.check("10.0.0.7", "s3cret")
    ('Too many wrong passwords: try again in 60 s.', None)
    >>> now[0] = 61.0
    >>> guard.check("10.0.0.9", "s3cret") is None
    True
    """

    def __init__(self, expected: Any, *, max_failures: int = 5, window_s: float = 300.0, lockout_s: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._expected = expected
        self._max_failures = max_failures
        self._window_s = window_s
        self._lockout_s = lockout_s
        self._clock = clock
        self._clients: dict[str, _Client] = {}
        self._lock = threading.Lock()

    def check(self, client: str, given: str | None) -> str | None:
        """None when ``given`` is right and ``client`` is not locked out; otherwise the message to show."""
        now = self._clock()
        with self._lock:
            self._forget(now)
            state = self._clients.get(client)
            if state is not None and state.locked_until > now:
                return self._refusal(state.locked_until - now)
            if check_password(given, self._expected):
                if state is not None:
                    state.failures.clear()
                    state.lockouts = 0
                return None
            state = self._clients.setdefault(client, _Client())
            state.failures.append(now)
            if len(state.failures) < self._max_failures:
                return "Wrong password."
            lockout = min(self._lockout_s * 2 ** state.lockouts, MAX_LOCKOUT_S)
            state.lockouts += 1
            state.failures.clear()
            state.locked_until = now + lockout
            return self._refusal(lockout)

    def _forget(self, now: float) -> None:
        """Drop failures older than the window and clients with nothing left to remember."""
        for client, state in list(self._clients.items()):
            state.failures = [t for t in state.failures if now - t < self._window_s]
            if not state.failures and state.locked_until <= now - MAX_LOCKOUT_S:
                del self._clients[client]

    @staticmethod
    def _refusal(seconds: float) -> str:
        return f"Too many wrong passwords: try again in {math.ceil(seconds)} s."

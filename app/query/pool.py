"""A small pool of query worker processes that can really be stopped.

pyoxigraph cannot cancel a query, and a thread cannot be killed: a timed-out
sort or aggregate used to keep a core busy for minutes after the caller gave up.
Each query here runs in a worker process (:mod:`app.query.query_worker`); at the
deadline the worker is killed, which frees the core at once, and a new one takes
its place for the next query. Workers are started with ``subprocess`` (a fresh
interpreter, never a fork of the threaded server) and stay warm between queries.

``size`` bounds both the workers and the queries running at once in this
process: a query that finds every worker busy waits for one, within its own
deadline.
"""

from __future__ import annotations

import atexit
import json
import os
import select
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["QueryPool", "WorkerBusy"]

_PROJECT_ROOT = Path(__file__).resolve().parents[2]
_LIVE_POOLS: weakref.WeakSet[QueryPool] = weakref.WeakSet()
_SPARE_START_S = 60.0  # a worker that needs longer to open its store is not worth waiting for


class WorkerBusy(TimeoutError):
    """Every worker stayed busy until the deadline."""


class _Worker:
    """One worker process and the reading end of its answers."""

    def __init__(self, spec: dict[str, Any], deadline: float) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(_PROJECT_ROOT), env.get("PYTHONPATH")) if p)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "app.query.query_worker"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, bufsize=0,
        )
        self._buffer = b""
        try:
            reply = self.request(spec, deadline)
        except BaseException:
            self.kill()
            raise
        if "error" in reply:
            self.kill()
            raise OSError(reply["message"])

    @property
    def pid(self) -> int:
        return self.process.pid

    def request(self, message: dict[str, Any], deadline: float) -> dict[str, Any]:
        """Send one JSON line and read the answer; :class:`TimeoutError` at the deadline."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps(message).encode() + b"\n")
            self.process.stdin.flush()
        except OSError:
            raise ChildProcessError("the query worker stopped") from None
        line = self._read_line(deadline)
        try:
            return json.loads(line)
        except ValueError:
            raise ChildProcessError("the query worker answered something else than JSON") from None

    def _read_line(self, deadline: float) -> bytes:
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        while b"\n" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
                raise TimeoutError
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                raise ChildProcessError(f"the query worker stopped (exit code {self.process.poll()})")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                pipe.close()


class QueryPool:
    """Up to ``size`` warm worker processes over one store; ``spec()`` tells a new worker which store.

    ``spec`` returns ``{"directory": path}`` for a persisted store or ``{"nquads": text}``
    for a copy of an in-memory one; it is called each time a worker starts.
    """

    def __init__(self, spec: Callable[[], dict[str, Any]], *, size: int = 2) -> None:
        if size < 1:
            raise ValueError(f"a query pool needs at least one worker, not {size}")
        self.size = size
        self._spec = spec
        self._slots = threading.BoundedSemaphore(size)
        self._lock = threading.Condition()
        self._idle: list[_Worker] = []
        self._all: set[_Worker] = set()
        self._starting = 0  # workers being started; they count against ``size`` too
        _LIVE_POOLS.add(self)

    def run(self, kind: str, query: str, timeout: float) -> dict[str, Any]:
        """The worker's answer (``{"ok": …}`` or ``{"error": …}``) to one query.

        :raises WorkerBusy: no worker became free before the deadline.
        :raises TimeoutError: the query outlived the deadline (its worker is killed).
        :raises ChildProcessError: the worker died (e.g. out of memory).
        """
        deadline = time.monotonic() + timeout
        if not self._slots.acquire(timeout=max(0.0, timeout)):
            raise WorkerBusy
        try:
            worker = self._take(deadline)
            try:
                reply = worker.request({"kind": kind, "query": query}, deadline)
            except BaseException:
                self._discard(worker)
                self._start_spare()
                raise
            with self._lock:
                self._idle.append(worker)
                self._lock.notify_all()
            return reply
        finally:
            self._slots.release()

    def _take(self, deadline: float) -> _Worker:
        """An idle worker, else a new one; with ``size`` workers live or starting, wait for the spare."""
        with self._lock:
            while not self._idle and len(self._all) + self._starting >= self.size:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TimeoutError
                self._lock.wait(remaining)
            if self._idle:
                return self._idle.pop()
            self._starting += 1
        return self._started(deadline, idle=False)

    def _started(self, deadline: float, *, idle: bool) -> _Worker:
        """Start a worker already counted in ``_starting``; record it as live (and idle if asked)."""
        try:
            worker = _Worker(self._spec(), deadline)
        except BaseException:
            with self._lock:
                self._starting -= 1
                self._lock.notify_all()
            raise
        with self._lock:  # one step, so that no other thread sees the worker neither starting nor live
            self._starting -= 1
            self._all.add(worker)
            if idle:
                self._idle.append(worker)
            self._lock.notify_all()
        return worker

    def _start_spare(self) -> None:
        """Start a worker in the background, so that the query after a timeout does not wait for one."""

        def start() -> None:
            try:
                self._started(time.monotonic() + _SPARE_START_S, idle=True)
            except (OSError, TimeoutError, ValueError):
                pass  # the next query starts one itself and reports why it cannot

        with self._lock:
            if len(self._all) + self._starting >= self.size:
                return
            self._starting += 1
        threading.Thread(target=start, name="protograph-query-spare", daemon=True).start()

    def _discard(self, worker: _Worker) -> None:
        worker.kill()
        with self._lock:
            self._all.discard(worker)
            self._lock.notify_all()

    def pids(self) -> list[int]:
        """Process ids of the live workers, idle or busy."""
        with self._lock:
            return sorted(w.pid for w in self._all)

    def close(self) -> None:
        """Kill every worker, busy or idle; the next query starts a new one."""
        with self._lock:
            workers, self._all, self._idle = list(self._all), set(), []
        for worker in workers:
            worker.kill()

    def __del__(self) -> None:
        self.close()


@atexit.register
def _close_all() -> None:
    for pool in list(_LIVE_POOLS):
        pool.close()

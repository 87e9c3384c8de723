"""Servers the benchmarks start on loopback: a free port, and a process that is up before use and stopped after."""

from __future__ import annotations

import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import requests


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def running(argv: Sequence[str], ready: Callable[[], object], *, what: str, start_timeout_s: float,
            cwd: Path | None = None) -> Iterator[None]:
    """Run ``argv`` until the block ends; ``ready()`` must stop raising ``requests`` errors within the timeout.

    :raises SystemExit: the process died or never became ready; the message ends with its last output.
    """
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(list(argv), stdout=log, stderr=subprocess.STDOUT, cwd=cwd)
        try:
            give_up = time.monotonic() + start_timeout_s
            while True:
                try:
                    ready()
                    break
                except requests.RequestException:
                    if process.poll() is not None or time.monotonic() > give_up:
                        log.seek(0)
                        raise SystemExit(f"{what} did not start:\n" + log.read().decode(errors="replace")[-2000:])
                    time.sleep(0.2)
            yield
        finally:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

"""Real services for the deployment tests, each on a free port of 127.0.0.1: Debian's ``redis-server``
(no persistence, a temporary folder), Celery workers and ``protograph serve --workers N`` under gunicorn."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.conftest import free_port

REPO = Path(__file__).resolve().parents[3]


def _unavailable(reason: str) -> None:
    # CI must run these tests; a laptop without the services skips them.
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set, so this fails instead of skipping)")
    pytest.skip(reason)


class Services:
    """Subprocesses started by the tests, each logging to its own file, all stopped at the end."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.running: list[subprocess.Popen] = []

    def start(self, name: str, argv: list[str], ready: Callable[[], bool], *, env: dict | None = None,
              timeout: float = 120) -> subprocess.Popen:
        log = self.folder / f"{name}.log"
        with log.open("ab") as out:
            process = subprocess.Popen(argv, cwd=REPO, env={**os.environ, **(env or {})}, stdout=out,
                                       stderr=subprocess.STDOUT)
        self.running.append(process)
        deadline = time.monotonic() + timeout
        while not _answers(ready):
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"{name} did not start within {timeout:g} s; its log:\n{self.log(name)[-4000:]}")
            time.sleep(0.2)
        return process

    def log(self, name: str) -> str:
        return (self.folder / f"{name}.log").read_text(errors="replace")

    def stop(self) -> None:
        for process in reversed(self.running):
            process.terminate()
        for process in self.running:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


def _answers(ready: Callable[[], bool]) -> bool:
    try:
        return bool(ready())
    except Exception:  # noqa: BLE001 - not up yet: refused connections, timeouts, no worker
        return False


@pytest.fixture(scope="module")
def services(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Services]:
    started = Services(tmp_path_factory.mktemp("services"))
    yield started
    started.stop()


@pytest.fixture(scope="module")
def redis_url(services: Services) -> str:
    """A fresh ``redis-server`` with nothing saved to disk; its URL."""
    binary = shutil.which("redis-server") or shutil.which("redis-server", path="/usr/bin:/usr/sbin")
    if not binary:
        _unavailable("the deployment tests need Debian's redis-server (apt-get install redis-server)")
    missing = [m for m in ("celery", "redis", "gunicorn") if importlib.util.find_spec(m) is None]
    if missing:
        _unavailable(f"the deployment tests need {', '.join(missing)}: pip install -e '.[server]'")
    import redis

    port = free_port()
    folder = services.folder / f"redis-{port}"
    folder.mkdir()
    client = redis.Redis(host="127.0.0.1", port=port, socket_timeout=2)
    services.start("redis", [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                             "--dir", str(folder)], client.ping, timeout=30)
    client.close()
    return f"redis://127.0.0.1:{port}/0"


@pytest.fixture(scope="module")
def start_worker(services: Services, redis_url: str) -> Callable[..., subprocess.Popen]:
    """``start_worker(app, *, pool, concurrency, env)``: a real Celery worker for the module ``app``."""
    from components.celery_jobs import celery_for

    control = celery_for(redis_url).control
    count = iter(range(1, 100))

    def start(app: str, *, pool: str = "threads", concurrency: int = 2, env: dict | None = None,
              timeout: float = 180) -> subprocess.Popen:
        name = f"worker{next(count)}"
        argv = [sys.executable, "-m", "celery", "-A", app, "worker", "--pool", pool, "--concurrency", str(concurrency),
                "--hostname", f"{name}@127.0.0.1", "--loglevel", "INFO", "--without-gossip", "--without-mingle"]
        environment = {"PROTOGRAPH_REDIS_URL": redis_url, "PROTOGRAPH_JOBS_BACKEND": "celery", **(env or {})}
        return services.start(name, argv, lambda: control.ping(destination=[f"{name}@127.0.0.1"], timeout=1),
                              env=environment, timeout=timeout)

    return start


@pytest.fixture(scope="module")
def start_web(services: Services, redis_url: str) -> Callable[..., str]:
    """``start_web(workers, env) -> url``: ``protograph serve --workers N`` as an operator runs it.

    The access log names the serving process of each request, one connection per request.
    """
    def start(workers: int = 2, env: dict | None = None) -> str:
        port = free_port()
        access_log = services.folder / f"access-{port}.log"
        environment = {"PROTOGRAPH_REDIS_URL": redis_url, "PROTOGRAPH_JOBS_BACKEND": "celery",
                       "GUNICORN_CMD_ARGS": f"--access-logfile {access_log} --access-logformat '%(p)s %(U)s' "
                                            "--keep-alive 0", **(env or {})}
        url = f"http://127.0.0.1:{port}"
        services.start(f"web-{port}", [sys.executable, "-m", "cli.main", "serve", "--workers", str(workers),
                                       "--port", str(port)],
                       lambda: urllib.request.urlopen(f"{url}/_dash-layout", timeout=5).read(), env=environment,
                       timeout=300)
        return url

    return start


def serving_pids(services: Services, url: str, path: str) -> set[str]:
    """The server processes that answered requests for ``path`` at ``url`` (from its access log)."""
    log = services.folder / f"access-{url.rsplit(':', 1)[1]}.log"
    return {line.split()[0] for line in log.read_text().splitlines() if line.endswith(path)}


@pytest.fixture()
def browsers(chrome_options) -> Iterator[Callable[[str], object]]:
    """``browsers(url)``: a fresh headless Chromium on the app at ``url``, its data source loaded."""
    from dash.testing.wait import until
    from selenium import webdriver

    from components import ids
    from tests.integration.test_pgui002_study_participant import text

    opened = []

    def open_page(url: str):
        driver = webdriver.Chrome(options=chrome_options)
        opened.append(driver)
        driver.get(url)
        until(lambda: "classes" in text(driver, ids.SOURCE_STATUS), timeout=60)
        return driver

    yield open_page
    for driver in opened:
        driver.quit()

"""Study fixtures: the shipped study, and a recorder on SQLite and on a real PostgreSQL server.

``postgres_server`` runs Debian's PostgreSQL (``/usr/lib/postgresql/<ver>/bin``) on
127.0.0.1 for the session; each test gets a database of its own. PostgreSQL
refuses to run as root, so as root its binaries run as the ``postgres`` user.
Without the binaries the tests skip, except under CI, where they fail.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from app.study import Study, StudyRecorder, load_study
from app.study.tables import metadata

REPO_ROOT = Path(__file__).resolve().parents[3]
SHIPPED_STUDY = REPO_ROOT / "studies" / "onset_dbpedia.yaml"


def postgres_bindir() -> Path | None:
    """The newest installed PostgreSQL's bin folder."""
    found = [p.parent for p in Path("/usr/lib/postgresql").glob("*/bin/initdb")]
    version = lambda p: [int(n) for n in re.findall(r"\d+", p.parent.name)]  # noqa: E731
    return max(found, key=version) if found else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _run(argv: list[str]) -> None:
    result = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        pytest.fail(f"{' '.join(argv)} failed: {result.stderr.strip() or result.stdout.strip()}")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a database on a PostgreSQL server started for the session."""
    bindir = postgres_bindir()
    if bindir is None:
        reason = "PostgreSQL is not installed in /usr/lib/postgresql (apt-get install postgresql)"
        if os.environ.get("CI"):
            pytest.fail(f"{reason} (CI is set, so this fails instead of skipping)")
        pytest.skip(reason)
    # Not under pytest's tmp folder: that one is private to root, and the server runs as postgres.
    root = Path(tempfile.mkdtemp(prefix="protograph-pg-"))
    as_server: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        as_server = ["runuser", "-u", "postgres", "--"]
    data, port = root / "data", _free_port()
    _run([*as_server, str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
          "-E", "UTF8", "--no-locale", "--no-sync"])
    _run([*as_server, str(bindir / "pg_ctl"), "-D", str(data), "-l", str(root / "server.log"), "-w", "-t", "60",
          "-o", f"-c listen_addresses=127.0.0.1 -p {port} -k {root}", "start"])
    import psycopg

    # One database for the session: creating one per test costs a second each, and as much again
    # at shutdown. ``database_url`` empties it between tests instead.
    with psycopg.connect(f"host=127.0.0.1 port={port} user=postgres dbname=postgres", autocommit=True) as conn:
        conn.execute('CREATE DATABASE "study_tests"')
    url = f"postgresql+psycopg://postgres@127.0.0.1:{port}/study_tests"

    try:
        yield url
    finally:
        subprocess.run([*as_server, str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
                       capture_output=True, timeout=120)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path) -> str:
    """An empty study database on each backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'study.sqlite3'}"
        return
    url = request.getfixturevalue("postgres_server")
    yield url
    engine = create_engine(url)
    metadata.drop_all(engine)  # the next test starts with no rows; the recorder creates the tables again
    engine.dispose()


@pytest.fixture
def recorder(database_url) -> Iterator[StudyRecorder]:
    recorder = StudyRecorder(database_url)
    yield recorder
    recorder.close()


@pytest.fixture(scope="session")
def shipped_study() -> Study:
    return load_study(SHIPPED_STUDY)

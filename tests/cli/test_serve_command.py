"""``protograph serve`` refuses what cannot work in one clear line, before it starts any server."""

from __future__ import annotations

import pytest

from cli.main import main
from tests.conftest import free_port

pytest.importorskip("celery", reason="the [server] extra (celery[redis]) is not installed")


def test_several_workers_without_redis_is_one_line_with_the_password_hidden(monkeypatch, capsys):
    port = free_port()  # nobody listens there
    monkeypatch.setenv("PROTOGRAPH_REDIS_URL", f"redis://:s3cret@127.0.0.1:{port}/0")
    assert main(["serve", "--workers", "2", "--no-preload"]) == 2
    err = capsys.readouterr().err
    assert err == (f"protograph serve: Redis does not answer at redis://127.0.0.1:{port}/0: start redis-server "
                   "or set PROTOGRAPH_REDIS_URL\n")


def test_the_celery_backend_is_checked_with_one_process_too(monkeypatch, capsys):
    port = free_port()
    monkeypatch.setenv("PROTOGRAPH_REDIS_URL", f"redis://127.0.0.1:{port}/0")
    monkeypatch.setenv("PROTOGRAPH_JOBS_BACKEND", "celery")
    assert main(["serve", "--no-preload"]) == 2
    assert "Redis does not answer" in capsys.readouterr().err


def test_debug_needs_the_embedded_server(capsys):
    assert main(["serve", "--workers", "2", "--debug"]) == 2
    assert capsys.readouterr().err == "protograph serve: --debug needs the embedded server: use it without --workers\n"


@pytest.mark.parametrize("workers", ["0", "-1", "two"])
def test_workers_must_be_a_positive_count(workers, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--workers", workers])
    assert stopped.value.code == 2 and "--workers" in capsys.readouterr().err

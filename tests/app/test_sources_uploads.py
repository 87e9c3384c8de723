"""The uploads folder: size limits, gzip inflated once and capped, and old uploads removed with their caches."""

from __future__ import annotations

import base64
import gzip
import os

import pytest

from app.errors import SourceError
from app.query.run import open_store
from app.resources import Resources
from app.settings import Settings
from app.sources import request_max_bytes, save_upload, settings_for_source, upload_path
from app.uploads import prune_uploads

OWL = "http://www.w3.org/2002/07/owl#"


def payload(data: bytes | str) -> str:
    raw = data.encode() if isinstance(data, str) else data
    return "data:application/octet-stream;base64," + base64.b64encode(raw).decode()


def stored_files(base: Settings) -> list:
    folder = base.data_dir / "uploads"
    return sorted(folder.iterdir()) if folder.is_dir() else []


def turtle(name: str) -> str:
    return f"<http://e.org/{name}> a <{OWL}Class> .\n<http://e.org/{name}1> a <http://e.org/{name}> .\n"


def test_an_upload_over_the_limit_is_refused_before_it_is_stored(tmp_path):
    base = Settings(data_dir=tmp_path, upload_max_mb=1)
    big = turtle("A") + "#" * (1024 * 1024 + 10) + "\n"
    with pytest.raises(SourceError, match=r"^big\.ttl: larger than the upload limit of 1 MB$"):
        save_upload(base, "big.ttl", payload(big))
    assert stored_files(base) == []
    assert save_upload(base, "small.ttl", payload(turtle("A"))).name == "small.ttl"


def test_a_gzip_upload_is_inflated_once_when_stored(tmp_path):
    base = Settings(data_dir=tmp_path)
    source = save_upload(base, "zoo.ttl.gz", payload(gzip.compress(turtle("Zoo").encode())))
    stored = upload_path(base, source)
    assert stored.suffix == ".ttl" and stored.read_text() == turtle("Zoo")
    assert source.label == "file: zoo.ttl.gz"
    assert Resources(settings_for_source(base, source)).ontology.get_class("http://e.org/Zoo") is not None


def test_a_gzip_upload_that_inflates_past_the_limit_is_refused(tmp_path):
    base = Settings(data_dir=tmp_path, max_decompressed_mb=1)
    bomb = gzip.compress(b" " * (3 * 1024 * 1024) + turtle("A").encode())
    assert len(bomb) < 10_000
    with pytest.raises(SourceError, match=r"^bomb\.ttl\.gz: larger than 1 MB once decompressed"):
        save_upload(base, "bomb.ttl.gz", payload(bomb))
    assert stored_files(base) == []  # no partial file left behind
    with pytest.raises(SourceError, match="not a valid gzip file"):
        save_upload(base, "fake.ttl.gz", payload(b"not gzip at all"))


def _upload(base: Settings, name: str, when: int):
    source = save_upload(base, f"{name}.ttl", payload(turtle(name)))
    os.utime(upload_path(base, source), ns=(when, when))
    return source


def test_old_uploads_go_with_their_store_and_caches(tmp_path):
    base = Settings(data_dir=tmp_path, uploads_kept=2)
    oldest = _upload(base, "A", 1_000_000_000)
    settings = settings_for_source(base, oldest)
    _ = Resources(settings).ontology  # writes the ontology cache
    store = open_store(settings)
    built = [p for p in (tmp_path / "store").iterdir()] + list((tmp_path / "ontology").iterdir())
    assert len(built) == 2 and len(store) == 2
    middle = _upload(base, "B", 2_000_000_000)
    assert upload_path(base, oldest).exists()
    newest = save_upload(base, "C.ttl", payload(turtle("C")))
    assert not upload_path(base, oldest).exists()
    assert not any(p.exists() for p in built)
    assert upload_path(base, middle).exists() and upload_path(base, newest).exists()
    with pytest.raises(SourceError, match="upload it again"):
        settings_for_source(base, oldest)


def test_uploading_a_file_again_makes_it_recent(tmp_path):
    base = Settings(data_dir=tmp_path, uploads_kept=2)
    first = _upload(base, "A", 1_000_000_000)
    second = _upload(base, "B", 2_000_000_000)
    again = save_upload(base, "A again.ttl", payload(turtle("A")))
    assert again.file == first.file
    assert prune_uploads(base) == []
    save_upload(base, "C.ttl", payload(turtle("C")))
    assert upload_path(base, first).exists() and not upload_path(base, second).exists()


def test_the_request_limit_leaves_room_for_one_encoded_upload():
    assert request_max_bytes(Settings(upload_max_mb=30)) >= len(payload(b"x" * 30 * 1024 * 1024))
    assert request_max_bytes(Settings(upload_max_mb=30, request_max_mb=5)) == 5 * 1024 * 1024


def test_a_payload_without_data_is_damaged_not_an_empty_file(tmp_path):
    base = Settings(data_dir=tmp_path)
    with pytest.raises(SourceError, match=r"^a\.ttl: the upload arrived damaged"):
        save_upload(base, "a.ttl", "no comma here")
    assert stored_files(base) == []

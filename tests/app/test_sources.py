"""Uploaded sources end to end: OWL/XML as schema and data, no server path shown, hostile files refused."""

from __future__ import annotations

import base64
import gzip
from pathlib import Path

import pytest

from app.errors import USER_ERRORS, ProtoGraphError, SourceError
from app.query.embedded import EmbeddedStore
from app.resources import Resources
from app.settings import Settings
from app.sources import (
    hide_upload_path,
    parse_source,
    save_upload,
    settings_for_source,
    upload_path,
)

EX = "http://example.org/zoo#"
# A small OWL/XML ontology with one instance: an upload both loaders must read.
OWL_XML = (Path(__file__).resolve().parents[1] / "fixtures" / "ontologies" / "zoo.owx").read_text()
LAUGHS = ('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
          '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:e="http://e.org/">'
          '<rdf:Description rdf:about="http://e.org/x"><e:p>&b;</e:p></rdf:Description></rdf:RDF>')


def payload(data: bytes | str) -> str:
    raw = data.encode() if isinstance(data, str) else data
    return "data:application/octet-stream;base64," + base64.b64encode(raw).decode()


@pytest.fixture()
def base(tmp_path) -> Settings:
    return Settings(data_dir=tmp_path / "data")


def test_an_owl_xml_upload_loads_as_ontology_and_as_instance_data(base):
    source = save_upload(base, "zoo.owl", payload(OWL_XML))
    resources = Resources(settings_for_source(base, source))
    assert resources.ontology.is_subclass(EX + "Cat", EX + "Animal")
    assert resources.store.ask(f"ASK {{ <{EX}tom> a <{EX}Cat> }}")
    assert resources.instance_counts["instances"] >= 1


def test_the_stored_source_names_no_server_path(base):
    source = save_upload(base, "zoo.owl", payload(OWL_XML))
    stored = source.model_dump()
    assert stored["name"] == "zoo.owl" and "/" not in stored["file"]
    assert str(base.data_dir) not in str(stored)
    # A link saved before this change carried the full path; it still finds the file by name.
    legacy = parse_source({"kind": "upload", "name": "zoo.owl", "path": str(upload_path(base, source))})
    assert legacy == source


def test_a_file_outside_the_uploads_folder_is_never_used(base):
    (base.data_dir / "secret.ttl").parent.mkdir(parents=True)
    (base.data_dir / "secret.ttl").write_text("<http://a> <http://b> <http://c> .")
    for file in ("../secret.ttl", "/etc/passwd", "..", ""):
        with pytest.raises(SourceError, match="no longer on the server"):
            settings_for_source(base, {"kind": "upload", "name": "x", "file": file})


def test_a_load_error_names_the_users_file_not_the_server_path(base):
    source = save_upload(base, "my zoo.ttl", payload(f"<{EX}a> a <http://www.w3.org/2002/07/owl#Class> .\n<{EX}b> <"))
    with pytest.raises(USER_ERRORS) as caught:
        _ = Resources(settings_for_source(base, source)).ontology
    shown = hide_upload_path(base, source.model_dump(), str(caught.value))
    assert shown.startswith("my zoo.ttl: line 2") and str(base.data_dir) not in shown
    assert source.file not in shown


def test_an_xml_upload_with_a_dtd_is_refused_and_not_stored(base):
    with pytest.raises(SourceError, match=r"^laughs\.rdf: declares a DOCTYPE"):
        save_upload(base, "laughs.rdf", payload(LAUGHS))
    assert not any((base.data_dir / "uploads").iterdir())


def test_an_instance_data_file_with_a_dtd_is_refused_by_the_store(tmp_path):
    kg = tmp_path / "kg.rdf"
    kg.write_text(LAUGHS)
    with pytest.raises(ProtoGraphError, match=r"kg\.rdf: declares a DOCTYPE"):
        EmbeddedStore([kg])


def test_the_store_stops_a_gzip_bomb(tmp_path):
    kg = tmp_path / "kg.nt.gz"
    with gzip.open(kg, "wb") as out:
        for _ in range(4):
            out.write(b" " * (1024 * 1024))
    with pytest.raises(ProtoGraphError, match=r"kg\.nt\.gz: larger than 1 MB once decompressed"):
        EmbeddedStore([kg], max_bytes=1024 * 1024)

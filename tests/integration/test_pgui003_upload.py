"""Uploading in a real browser: an OWL/XML file loads end to end; a file over the limit is refused with a message."""

from __future__ import annotations

from pathlib import Path

import pytest

from components import ids

pytestmark = pytest.mark.browser

# A small OWL/XML ontology with one instance: an upload both loaders must read.
OWL_XML = (Path(__file__).resolve().parents[1] / "fixtures" / "ontologies" / "zoo.owx").read_text()


@pytest.fixture(scope="module")
def upload_app(ui_settings):
    from components import create_app

    # Uploads go to the usual data dir; a 1 MB limit keeps the oversize file small.
    return create_app(ui_settings.model_copy(update={"upload_max_mb": 1}))


def _upload(dash_duo, ui, path) -> None:
    ui.choose(ids.SOURCE_SELECT, "Upload a file")
    dash_duo.wait_for_element(f"#{ids.SOURCE_UPLOAD} input[type=file]").send_keys(str(path))


def test_pgui003_owl_xml_upload_loads_and_an_oversize_one_is_refused(dash_duo, ui, upload_app, tmp_path):
    dash_duo.start_server(upload_app)
    dash_duo.wait_for_contains_text(f"#{ids.SOURCE_STATUS}", "classes", timeout=30)
    big = tmp_path / "big.ttl"
    big.write_bytes(b"#" * (1024 * 1024 + 100))
    _upload(dash_duo, ui, big)
    status = ui.wait_text(ids.SOURCE_STATUS, lambda t: "big.ttl" in t)
    assert status == "big.ttl: larger than the upload limit of 1 MB"
    zoo = tmp_path / "zoo.owl"
    zoo.write_text(OWL_XML)
    _upload(dash_duo, ui, zoo)
    status = ui.wait_text(ids.SOURCE_STATUS, lambda t: t.startswith("file: zoo.owl ·"), timeout=30)
    assert "2 classes" in status and "instances" in status

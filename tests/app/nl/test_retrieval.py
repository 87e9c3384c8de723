"""Retrieval with the real packaged embedder, on the real DBpedia ontology and a tiny one."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from app.errors import EmbedderLoadError
from app.nl.embedding import load_embedder
from app.nl.retrieval import build_index, link_text
from ontology_loaders.model import Link, Ontology, OntologyClass

D = "http://dbpedia.org/ontology/"


@pytest.fixture(scope="module")
def embedder():
    return load_embedder(None)


@pytest.fixture(scope="module")
def index_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("index")


@pytest.fixture(scope="module")
def dbo_index(dbo_ontology, embedder, index_dir: Path):
    return build_index(dbo_ontology, embedder, index_dir)


def test_pre001_vectors_are_normalised(embedder) -> None:
    vectors = embedder.encode(["person", "alma mater", "Ünïcode ✓"])
    assert vectors.shape == (3, embedder.dimension)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_pre002_link_text_carries_domain_and_range(dbo_ontology) -> None:
    assert link_text(dbo_ontology, D + "almaMater") == "person alma mater educational institution"


def test_pre003_dbpedia_classes_and_links_are_found(dbo_index) -> None:
    assert dbo_index.search_classes("ice hockey player", 5)[0].iri == D + "IceHockeyPlayer"
    assert dbo_index.search_classes("university", 5)[0].iri == D + "University"
    assert D + "almaMater" in [c.iri for c in dbo_index.search_links("person alma mater university", 5)]
    assert D + "homeport" in [c.iri for c in dbo_index.search_links("ship home port place", 5)]
    scores = [c.score for c in dbo_index.search_links("person child person", 5)]
    assert scores == sorted(scores, reverse=True) and scores[0] <= 1.0001


class _CountingEmbedder:
    """The real embedder, counting how many texts each call encodes."""

    def __init__(self, embedder) -> None:
        self.embedder, self.calls = embedder, []
        self.model_id, self.dimension = embedder.model_id, embedder.dimension

    def encode(self, texts):
        self.calls.append(len(texts))
        return self.embedder.encode(texts)


def test_pre004_cache_is_keyed_and_reused(dbo_ontology, dbo_index, embedder, index_dir: Path) -> None:
    dbo_index.attributes  # attributes are embedded (and cached) on first use
    files = sorted(p.name for p in index_dir.glob("*.npy"))
    assert len(files) == 3 and all(f.startswith(dbo_ontology.fingerprint) for f in files)
    counting = _CountingEmbedder(embedder)
    calls = counting.calls
    warm = build_index(dbo_ontology, counting, index_dir)
    assert warm.attributes.search(embedder.encode(["birth date"])[0], 1)
    assert calls == []  # every vector came from the cache
    assert warm.classes.search(embedder.encode(["ship"])[0], 1)[0].iri == D + "Ship"


def test_pre004b_attributes_wait_for_their_first_use(dbo_ontology, embedder, tmp_path: Path) -> None:
    counting = _CountingEmbedder(embedder)
    calls = counting.calls
    index = build_index(dbo_ontology, counting, tmp_path)
    assert calls == [len(dbo_ontology.classes), len(dbo_ontology.links)]
    assert D + "birthDate" in [c.iri for c in index.search_attributes("person birth date", 5)]
    assert calls[2] == len(dbo_ontology.attributes)


def test_pre005_corrupt_cache_is_rebuilt(embedder, tmp_path: Path) -> None:
    onto = Ontology(classes=[OntologyClass(iri="ex:A", label="river"), OntologyClass(iri="ex:B", label="mountain")],
                    links=[Link(iri="ex:flows", label="flows into", domain="ex:A", range="ex:A")])
    build_index(onto, embedder, tmp_path)
    for path in tmp_path.glob("*.npy"):
        path.write_bytes(b"garbage")
    index = build_index(onto, embedder, tmp_path)
    assert index.search_classes("stream", 1)[0].iri == "ex:A"
    assert index.search_attributes("anything", 3) == []


def test_pre005b_a_reworded_term_is_embedded_anew(embedder, tmp_path: Path, monkeypatch) -> None:
    """Vectors are cached by the texts embedded, not just their count: when the code words a term anew (a
    label its IRI spells better), the old words' vectors must not answer for the new ones."""
    import app.nl.retrieval as retrieval

    onto = Ontology(links=[Link(iri="http://e.org/silverMedalist", label="siler medalist")])
    assert retrieval.link_label_text(onto, "http://e.org/silverMedalist") == "silver medalist"
    first = build_index(onto, embedder, tmp_path).link_labels.vectors
    monkeypatch.setattr(retrieval, "link_label_text", lambda ontology, iri: "silver medal winner")
    again = build_index(onto, embedder, tmp_path).link_labels.vectors
    assert np.allclose(again[0], embedder.encode(["silver medal winner"])[0], atol=1e-5)
    assert not np.allclose(again[0], first[0], atol=1e-3)
    assert len(list(tmp_path.glob("*-link-labels-*.npy"))) == 2


def test_pre006_missing_embedder_folder_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(EmbedderLoadError, match="no sentence-transformers model"):
        load_embedder(tmp_path)


def _many_classes(n: int) -> Ontology:
    return Ontology(classes=[OntologyClass(iri=f"http://e.org/C{i}", label=f"class number {i}") for i in range(n)])


def test_pre_watched_index_builds_report_progress_and_stop_when_cancelled(embedder, tmp_path: Path) -> None:
    import threading

    from app.errors import PipelineCancelled
    from app.nl.retrieval import BUILD_BATCH, watching_builds

    ontology = _many_classes(2 * BUILD_BATCH + 10)
    seen: list[float] = []
    with watching_builds(seen.append):
        index = build_index(ontology, embedder, tmp_path / "a")
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) == 3
    assert index.classes.vectors.shape[0] == len(ontology.classes)

    cancel = threading.Event()

    def cancel_after_first(done: float) -> None:
        cancel.set()

    with pytest.raises(PipelineCancelled), watching_builds(cancel_after_first, cancel):
        build_index(ontology, embedder, tmp_path / "b")
    assert not list((tmp_path / "b").glob("*-classes-*.npy"))  # nothing half-built is cached


def test_pre_a_cancelled_question_stops_its_ontologys_index_build(embedder, tmp_path: Path) -> None:
    import threading

    from app.errors import PipelineCancelled
    from app.nl.pipeline import extract_graph
    from app.nl.retrieval import BUILD_BATCH

    ontology = _many_classes(2 * BUILD_BATCH + 10)
    cancel = threading.Event()
    stages: list[str] = []

    class Resources:
        settings = None

        @property
        def index(self):
            return build_index(ontology, embedder, tmp_path)

    Resources.ontology = ontology

    def progress(stage: str, fraction: float) -> None:
        stages.append(stage)
        cancel.set()

    with pytest.raises(PipelineCancelled):
        extract_graph("class number 3 things", Resources(), progress=progress, cancel=cancel)
    assert stages and stages[0].startswith("indexing the ontology")

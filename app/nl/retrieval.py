"""Candidate retrieval: nearest ontology classes, links and attributes to a text.

FAISS ``IndexFlatIP`` over L2-normalised vectors, so scores are cosine
similarities. A link's text carries its domain and range labels ("person alma
mater university") because the pipeline embeds raw edges the same way, and the
end types disambiguate links that share a label. Vectors are cached on disk as
``.npy`` files keyed by the ontology fingerprint and the embedder's model id.
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import logging
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from app.errors import PipelineCancelled
from app.nl.embedding import TextEncoder
from ontology_loaders import OWL_THING, Ontology
from ontology_loaders.vocab import plain_label, spelled_label

__all__ = ["Candidate", "OntologyIndex", "attribute_text", "build_index", "class_text", "link_comment_text",
           "link_label_text", "link_text", "watching_builds"]

log = logging.getLogger(__name__)

# Texts embedded between two looks at the watcher: a 20,000-class upload takes minutes to embed, and a
# user must be able to see how far it is and cancel it.
BUILD_BATCH = 512


@dataclass(frozen=True)
class _Watcher:
    report: Callable[[float], None] | None
    cancel: threading.Event | None


_watcher: contextvars.ContextVar[_Watcher | None] = contextvars.ContextVar("protograph_index_build", default=None)


@contextlib.contextmanager
def watching_builds(report: Callable[[float], None] | None = None,
                    cancel: threading.Event | None = None) -> Iterator[None]:
    """Index builds started in this block report their progress (0–1) and stop when ``cancel`` is set.

    :raises PipelineCancelled: from the build, when ``cancel`` is set while it embeds.
    """
    token = _watcher.set(_Watcher(report, cancel))
    try:
        yield
    finally:
        _watcher.reset(token)


def _encode_watched(embedder: TextEncoder, texts: list[str]) -> np.ndarray:
    """``embedder.encode(texts)``, a batch at a time when someone watches: progress after each, cancel before each."""
    watcher = _watcher.get()
    if watcher is None or len(texts) <= BUILD_BATCH:
        return embedder.encode(texts)
    parts = []
    for start in range(0, len(texts), BUILD_BATCH):
        if watcher.cancel is not None and watcher.cancel.is_set():
            raise PipelineCancelled("cancelled while indexing the ontology")
        parts.append(embedder.encode(texts[start:start + BUILD_BATCH]))
        if watcher.report is not None:
            watcher.report(min(1.0, (start + BUILD_BATCH) / len(texts)))
    return np.concatenate(parts)


@dataclass(frozen=True)
class Candidate:
    iri: str
    label: str
    score: float


def _end_label(ontology: Ontology, iri: str) -> str:
    return "" if iri == OWL_THING else ontology.label(iri)


def class_text(ontology: Ontology, iri: str) -> str:
    return ontology.label(iri)


def link_text(ontology: Ontology, iri: str) -> str:
    """``"person alma mater university"``: domain, link and range labels."""
    link = ontology.get_link(iri)
    if link is None:
        return ontology.label(iri)
    parts = (_end_label(ontology, link.domain), link.label, _end_label(ontology, link.range))
    return " ".join(p for p in parts if p)


def link_label_text(ontology: Ontology, iri: str) -> str:
    """A link's own words, without its end classes: a relation phrase names the link, not the things it joins.
    A label its IRI spells better is read as the IRI spells it (:func:`spelled_label`).

    >>> from ontology_loaders.model import Link
    >>> link_label_text(Ontology(links=[Link(iri="http://ex.org/birthPlace", label="birth place")]),
    ...                 "http://ex.org/birthPlace")
    'birth place'
    """
    label = ontology.label(iri)
    spelled = spelled_label(label, iri)
    return label.lower() if spelled == plain_label(label) else spelled


def link_comment_text(ontology: Ontology, iri: str) -> str:
    """A link's comment, its first sentence: how the ontology says the relation in words ("the person who wrote it").

    Empty when the link has no comment.
    """
    link = ontology.get_link(iri)
    comment = " ".join((link.comment if link else "").split())
    return comment.split(". ")[0].rstrip(".").lower()


def attribute_text(ontology: Ontology, iri: str) -> str:
    attribute = ontology.get_attribute(iri)
    if attribute is None:
        return ontology.label(iri)
    return " ".join(p for p in (_end_label(ontology, attribute.domain), attribute.label) if p)


@dataclass
class _Table:
    iris: list[str]
    labels: list[str]
    vectors: np.ndarray
    index: object = None
    position: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        import faiss

        self.index = faiss.IndexFlatIP(self.vectors.shape[1])
        if len(self.iris):
            self.index.add(self.vectors)
        self.position = {iri: i for i, iri in enumerate(self.iris)}

    def search(self, vector: np.ndarray, k: int) -> list[Candidate]:
        if not self.iris or k <= 0:
            return []
        scores, ids = self.index.search(vector.reshape(1, -1), min(k, len(self.iris)))
        return [Candidate(self.iris[i], self.labels[i], float(s)) for s, i in zip(scores[0], ids[0]) if i >= 0]

    def score(self, vector: np.ndarray, iris: list[str]) -> list[Candidate]:
        """Cosine similarity of ``vector`` to each of ``iris`` (unknown ones skipped), best first."""
        rows = [self.position[i] for i in iris if i in self.position]
        if not rows:
            return []
        scores = self.vectors[rows] @ vector
        found = [Candidate(self.iris[r], self.labels[r], float(s)) for r, s in zip(rows, scores)]
        return sorted(found, key=lambda c: -c.score)


class OntologyIndex:
    """Search an ontology's classes, links and attributes by meaning."""

    def __init__(
        self,
        ontology: Ontology,
        embedder: TextEncoder,
        classes: _Table,
        links: _Table,
        attributes: _Table | Callable[[], _Table],
        link_labels: _Table | Callable[[], _Table] | None = None,
        link_comments: _Table | Callable[[], _Table] | None = None,
    ):
        self.ontology = ontology
        self.embedder = embedder
        self.classes = classes
        self.links = links
        self._lazy: dict[str, _Table | Callable[[], _Table]] = {"attributes": attributes}
        if link_labels is not None:
            self._lazy["link_labels"] = link_labels
        if link_comments is not None:
            self._lazy["link_comments"] = link_comments
        self._lazy_lock = threading.Lock()

    def _table(self, name: str) -> _Table:
        with self._lazy_lock:
            table = self._lazy[name]
            if callable(table):
                table = self._lazy[name] = table()
            return table

    @property
    def attributes(self) -> _Table:
        """Built on first use: only constraints need them, and they are half of a large ontology's terms."""
        return self._table("attributes")

    @property
    def link_comments(self) -> _Table:
        """Each link that has a comment, by that comment's first sentence (:func:`link_comment_text`)."""
        return self._table("link_comments")

    @property
    def link_labels(self) -> _Table:
        """Each link by its own words (:func:`link_label_text`), for matching a question's relation phrase."""
        return self._table("link_labels")

    def embed(self, text: str) -> np.ndarray:
        return self.embedder.encode([text])[0]

    def embed_many(self, texts: list[str]) -> np.ndarray:
        return self.embedder.encode(texts)

    def search_classes(self, text: str, k: int = 5) -> list[Candidate]:
        return self.classes.search(self.embed(text), k)

    def search_links(self, text: str, k: int = 5) -> list[Candidate]:
        return self.links.search(self.embed(text), k)

    def search_attributes(self, text: str, k: int = 5) -> list[Candidate]:
        return self.attributes.search(self.embed(text), k)


def _cached_vectors(path: Path, texts: list[str], embedder: TextEncoder) -> np.ndarray:
    if path.is_file():
        try:
            vectors = np.load(path, allow_pickle=False)
            if vectors.shape[0] == len(texts):
                return vectors
        except (OSError, ValueError):
            log.warning("ignoring a corrupt vector cache at %s", path)
    vectors = _encode_watched(embedder, texts)
    if vectors.shape[0] == 0:
        return vectors
    try:
        tmp = path.with_suffix(".tmp.npy")
        np.save(tmp, vectors, allow_pickle=False)
        tmp.replace(path)
    except OSError:
        log.warning("could not write the vector cache at %s", path)
    return vectors


def build_index(ontology: Ontology, embedder: TextEncoder, cache_dir: Path | None) -> OntologyIndex:
    """Embed every class and link now, attributes on first use; reuse vectors cached in ``cache_dir``."""
    safe_model = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in embedder.model_id)
    key = f"{ontology.fingerprint}-{safe_model}"
    folder = None
    if cache_dir is not None:
        folder = Path(cache_dir)
        folder.mkdir(parents=True, exist_ok=True)

    def table(kind: str, iris: list[str], texts: list[str]) -> _Table:
        if folder is None:
            vectors = _encode_watched(embedder, texts)
        else:
            # the texts' digest too: a change to how a term is worded must not reuse the old vectors
            digest = hashlib.sha1("\n".join(texts).encode()).hexdigest()[:12]
            vectors = _cached_vectors(folder / f"{key}-{kind}-{digest}.npy", texts, embedder)
        if vectors.shape[0] == 0:
            vectors = np.zeros((0, getattr(embedder, "dimension", 384)), dtype=np.float32)
        return _Table(iris, [ontology.label(i) for i in iris], np.ascontiguousarray(vectors, dtype=np.float32))

    class_iris = [c.iri for c in ontology.classes]
    link_iris = [p.iri for p in ontology.links]
    commented = [i for i in link_iris if link_comment_text(ontology, i)]
    attribute_iris = [a.iri for a in ontology.attributes]
    return OntologyIndex(
        ontology,
        embedder,
        table("classes", class_iris, [class_text(ontology, i) for i in class_iris]),
        table("links", link_iris, [link_text(ontology, i) for i in link_iris]),
        lambda: table("attributes", attribute_iris, [attribute_text(ontology, i) for i in attribute_iris]),
        lambda: table("link-labels", link_iris, [link_label_text(ontology, i) for i in link_iris]),
        lambda: table("link-comments", commented, [link_comment_text(ontology, i) for i in commented]),
    )

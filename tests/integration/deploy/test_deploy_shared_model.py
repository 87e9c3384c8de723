"""End to end with one shared model: a real ``llama_cpp.server``, a Celery worker using it (``llm_backend
openai``) and ``protograph serve --workers 2``. Neither the worker nor the server processes can load a model."""

from __future__ import annotations

import sys
import urllib.request

import pytest

from tests.conftest import free_port
from tests.integration.deploy.test_deploy_celery import each_gets_their_own_graph

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def served(services, start_worker, start_web) -> str:
    pytest.importorskip("llama_cpp", reason="the [llm] extra (llama-cpp-python) is not installed")
    from app.nl.llm import default_model_path
    from app.settings import Settings

    port = free_port()
    model = default_model_path(Settings().cache_dir("models"))
    services.start("llama-server", [sys.executable, "-m", "llama_cpp.server", "--model", str(model),
                                    "--host", "127.0.0.1", "--port", str(port), "--n_threads", "2", "--n_ctx", "4096"],
                   lambda: urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/models", timeout=5).read(),
                   timeout=180)
    nowhere = str(services.folder / "no-model-here.gguf")
    shared = {"PROTOGRAPH_LLM_BACKEND": "openai", "PROTOGRAPH_LLM_SERVER_URL": f"http://127.0.0.1:{port}",
              "PROTOGRAPH_MODEL_PATH": nowhere}
    start_worker("components.worker", pool="threads", concurrency=2, env=shared, timeout=300)
    return start_web(2, {"PROTOGRAPH_MODEL_PATH": nowhere})


def test_pgdep020_two_users_get_their_own_graphs_from_the_shared_model(served, browsers, services):
    each_gets_their_own_graph(served, browsers)
    assert "/v1/completions" in services.log("llama-server")  # the worker asked the shared server

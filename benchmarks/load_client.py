"""A browser's side of Dash over plain HTTP: enough of dash-renderer to drive the app from many threads.

Each :class:`DashUser` keeps its own copy of the component props, as a browser tab
does, and calls ``POST /_dash-update-component`` like the renderer: the payload built
from ``/_dash-dependencies``, the page's signed ``endId`` echoed on every call, the
callbacks an output change triggers called together (up to six at once, a browser's
connections per host) and their own triggers after them, and a background callback polled
with its signed ``cacheKey`` and ``job`` (inputs and state blanked) every ``interval``
until it answers. Pattern-matching and clientside callbacks are left out: none of
the actions driven here needs them.
"""

from __future__ import annotations

import json
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import requests

__all__ = ["Call", "DashUser", "graph_classes"]

# A callback may run twice in one action (two of its inputs changed); more is a loop.
MAX_RUNS_PER_CALLBACK = 2
MAX_CALLS_PER_ACTION = 60
BROWSER_CONNECTIONS = 6
CONFIG = re.compile(r'<script id="_dash-config" type="application/json"[^>]*>(.*?)</script>', re.DOTALL)


@dataclass
class Call:
    """One callback as the user saw it: round-trip times of its requests, and whether it answered."""

    output: str
    request_ms: list[float] = field(default_factory=list)
    wall_ms: float = 0.0
    status: int = 200
    progress: list[str] = field(default_factory=list)
    error: str | None = None

    @property
    def server_ms(self) -> float:
        """Time the server spent on this call's requests (loopback: the round trips), without poll sleeps."""
        return sum(self.request_ms)


def _parts(output: str) -> list[tuple[str, str]]:
    """``..a.b@h...c.d..`` or ``a.b``: (id, property) pairs, the property as the renderer sends it."""
    names = output[2:-2].split("...") if output.startswith("..") else [output]
    return [tuple(name.rsplit(".", 1)) for name in names]  # type: ignore[misc]


def _is_plain(callback: dict) -> bool:
    ids = [i for i, _ in _parts(callback["output"])] + [d["id"] for d in callback["inputs"] + callback["state"]]
    return not callback.get("clientside_function") and all(isinstance(i, str) and not i.startswith("{")
                                                            for i in ids)


def _collect(tree: Any, values: dict[str, Any]) -> None:
    """Every prop of every component with a plain id in ``tree``, as ``values["id.prop"]``."""
    if isinstance(tree, list):
        for item in tree:
            _collect(item, values)
    elif isinstance(tree, dict):
        props = tree.get("props") if "namespace" in tree else None
        if isinstance(props, dict):
            if isinstance(props.get("id"), str):
                values.update({f"{props['id']}.{k}": v for k, v in props.items()})  # ".id" marks it present
            for value in props.values():
                _collect(value, values)


def graph_classes(graph: dict | None) -> set[str]:
    """The class IRIs of a graph store's nodes."""
    return {n.get("class") or n.get("class_") for n in (graph or {}).get("nodes", [])}


class DashUser:
    """One browser tab: its own props, its own page load (``endId``), its own HTTP connection."""

    def __init__(self, base_url: str, *, timeout_s: float = 120.0) -> None:
        self.base = base_url.rstrip("/")
        self.http = requests.Session()
        self._local = threading.local()  # one HTTP session per connection thread
        self.timeout_s = timeout_s
        self.values: dict[str, Any] = {}
        self.end_id: str | None = None
        self.callbacks: list[dict] = []
        self.errors: list[str] = []
        self.last_action_ms = 0.0  # the last action's wall time, its chain called as the browser would

    def get(self, key: str) -> Any:
        return self.values.get(key)

    # -- page load -------------------------------------------------------------
    def load(self, path: str = "/") -> list[Call]:
        """The page, its callbacks and layout, the router's page, then every initial callback."""
        page = self.http.get(self.base + path, timeout=self.timeout_s)
        page.raise_for_status()
        self.end_id = json.loads(CONFIG.search(page.text).group(1)).get("end_id")
        self.callbacks = [c for c in self.http.get(self.base + "/_dash-dependencies", timeout=self.timeout_s).json()
                          if _is_plain(c)]
        _collect(self.http.get(self.base + "/_dash-layout", timeout=self.timeout_s).json(), self.values)
        self.values["page-url.pathname"] = path
        calls: list[Call] = []
        done: set[str] = set()
        started = time.perf_counter()
        while True:  # the router's page brings components whose own initial callbacks then run
            present = self._present()
            initial = [c for c in self.callbacks if not c.get("prevent_initial_call") and c["output"] not in done
                       and all(d["id"] in present for d in c["inputs"])]
            if not initial:
                self.last_action_ms = (time.perf_counter() - started) * 1000
                return calls
            done.update(c["output"] for c in initial)
            calls += self._run(initial, set())

    # -- actions ---------------------------------------------------------------
    def set(self, key: str, value: Any) -> None:
        """A prop the user changes without a callback of its own (typing, choosing)."""
        self.values[key] = value

    def fire(self, key: str, value: Any = None) -> list[Call]:
        """Change ``key`` (a click: ``n_clicks`` + 1 by default) and run what it triggers, as the browser does."""
        if value is None and key.endswith(".n_clicks"):
            value = (self.values.get(key) or 0) + 1
        self.values[key] = value
        return self._run(self._triggered_by({key}), {key})

    # -- the renderer's loop ---------------------------------------------------
    def _present(self) -> set[str]:
        return {k.rsplit(".", 1)[0] for k in self.values}

    def _triggered_by(self, keys: set[str]) -> list[dict]:
        present = self._present()
        return [c for c in self.callbacks
                if any(f"{d['id']}.{d['property']}" in keys for d in c["inputs"])
                and all(d["id"] in present for d in c["inputs"])]

    def _run(self, level: list[dict], changed: set[str]) -> list[Call]:
        """Call ``level`` together, apply the answers, then the callbacks those answers trigger, and so on."""
        calls: list[Call] = []
        runs: dict[str, int] = {}
        started = time.perf_counter()
        with ThreadPoolExecutor(BROWSER_CONNECTIONS) as pool:
            while level and len(calls) < MAX_CALLS_PER_ACTION:
                batch = []
                for callback in level:
                    if runs.get(callback["output"], 0) < MAX_RUNS_PER_CALLBACK and callback not in batch:
                        runs[callback["output"]] = runs.get(callback["output"], 0) + 1
                        batch.append(callback)
                payloads = [self._payload(c, changed) for c in batch]  # the props as they were when sent
                changed = set()
                for call, data in pool.map(self._call, batch, payloads):
                    calls.append(call)
                    if call.error:
                        self.errors.append(call.error)
                    elif data is not None:
                        changed.update(self._apply(data))
                level = self._triggered_by(changed)
        self.last_action_ms = (time.perf_counter() - started) * 1000
        return calls

    def _payload(self, callback: dict, changed: set[str]) -> dict:
        def values(deps: list[dict]) -> list[dict]:
            return [{"id": d["id"], "property": d["property"], "value": self.values.get(f"{d['id']}.{d['property']}")}
                    for d in deps]

        outputs = [{"id": i, "property": p} for i, p in _parts(callback["output"])]
        triggered = [k for k in (f"{d['id']}.{d['property']}" for d in callback["inputs"]) if k in changed]
        payload = {"output": callback["output"], "inputs": values(callback["inputs"]), "changedPropIds": triggered,
                   "outputs": outputs if callback["output"].startswith("..") else outputs[0],
                   "parsedChangedPropsIds": triggered}
        if callback["state"]:  # the renderer leaves it out (undefined) when there is none
            payload["state"] = values(callback["state"])
        return payload

    def _post(self, payload: dict, params: dict[str, str], call: Call) -> requests.Response:
        http = getattr(self._local, "http", None)
        if http is None:
            http = self._local.http = requests.Session()
        started = time.perf_counter()
        response = http.post(self.base + "/_dash-update-component", params=params, json=payload,
                                  timeout=self.timeout_s)
        call.request_ms.append((time.perf_counter() - started) * 1000)
        call.status = response.status_code
        return response

    def _call(self, callback: dict, payload: dict) -> tuple[Call, dict | None]:
        """One callback's requests (a background one's polls too); its answer, or None for no update."""
        call = Call(output=callback["output"])
        params = {"endId": self.end_id} if self.end_id else {}
        started = time.perf_counter()
        response = self._post(payload, params, call)
        background = callback.get("background")
        if background and response.status_code == 200 and "cacheKey" in response.json():
            handles = response.json()
            params = {**params, "cacheKey": handles["cacheKey"], "job": handles["job"]}
            blank = {**payload, "inputs": [{**d, "value": None} for d in payload["inputs"]],
                     "state": [{**d, "value": None} for d in payload.get("state", [])]}
            give_up = time.monotonic() + self.timeout_s
            while True:
                data = response.json() if response.status_code == 200 else {}
                if response.status_code != 200 or "response" in data or time.monotonic() > give_up:
                    break
                for key, value in (data.get("progress") or {}).items():
                    if key.endswith(".children") and value and (not call.progress or call.progress[-1] != value):
                        call.progress.append(str(value))
                time.sleep(background.get("interval", 500) / 1000)
                response = self._post(blank, params, call)
        call.wall_ms = (time.perf_counter() - started) * 1000
        if response.status_code == 204:
            return call, None
        if response.status_code != 200 or "response" not in response.json():
            call.error = f"{callback['output'][:60]}: HTTP {response.status_code}"
            return call, None
        return call, response.json()

    def _apply(self, data: dict) -> list[str]:
        updated = []
        for component, props in data["response"].items():  # Dash 4 answers every call as "multi"
            for prop, value in props.items():
                self.values[f"{component}.{prop}"] = value
                updated.append(f"{component}.{prop}")
                _collect(value, self.values)  # a page or panel brings its own components
        return updated

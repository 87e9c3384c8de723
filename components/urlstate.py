"""The URL hash carries the current graph, data source and node positions, so a shared link restores the query.

The graph JSON is compressed (zlib) and base64url-encoded. Decoding never
trusts the input: anything malformed gives ``None``, and the graph still goes
through ``PrototypeGraph.model_validate`` before use.
"""

from __future__ import annotations

import base64
import json
import math
import zlib
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qs, urlencode

__all__ = ["decode_hash", "decode_positions", "encode_hash"]

# A shared link stays well under browsers' URL limits; a bigger payload is refused, not truncated.
MAX_ENCODED = 16_000
MAX_DECODED = 1_000_000


def _encode(value: Any) -> str:
    raw = json.dumps(value, separators=(",", ":"), sort_keys=True).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def _decode(text: str) -> Any:
    if len(text) > MAX_ENCODED:
        return None
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        decompressor = zlib.decompressobj()
        raw = decompressor.decompress(data, MAX_DECODED)
        if decompressor.unconsumed_tail:
            return None
        return json.loads(raw)
    except (ValueError, zlib.error, UnicodeDecodeError):
        return None


def encode_hash(graph: dict | None, source: dict | None,
                positions: Mapping[str, Mapping[str, float]] | None = None) -> str:
    """``#g=…&src=…&p=…`` for a graph JSON, a data-source dict and node positions (any may be missing).

    Positions are whole pixels, ``{id: [x, y]}``, for the graph's nodes only: a
    link stays short and opens the canvas as its sender arranged it.

    >>> h = encode_hash({"nodes": [], "edges": []}, {"kind": "sample", "name": "dbpedia_sample"})
    >>> decode_hash(h)["source"]
    {'kind': 'sample', 'name': 'dbpedia_sample'}
    """
    params = {}
    if graph and graph.get("nodes"):
        params["g"] = _encode(graph)
    if source:
        params["src"] = _encode(source)
    node_ids = {n.get("id") for n in (graph or {}).get("nodes") or () if isinstance(n, dict)}
    compact = {i: [round(p["x"]), round(p["y"])] for i, p in sorted((positions or {}).items()) if i in node_ids}
    if compact and "g" in params:
        params["p"] = _encode(compact)
    return "#" + urlencode(params) if params else ""


def decode_hash(fragment: str | None) -> dict[str, Any]:
    """``{"graph": dict | None, "source": dict | None}`` from a URL hash.

    >>> decode_hash("#g=not-base64!")
    {'graph': None, 'source': None}
    """
    found: dict[str, Any] = {"graph": None, "source": None}
    if not fragment:
        return found
    params = parse_qs(fragment.lstrip("#"), keep_blank_values=False)
    for key, name in (("g", "graph"), ("src", "source")):
        values = params.get(key)
        if values:
            value = _decode(values[0])
            found[name] = value if isinstance(value, dict) else None
    return found


def decode_positions(fragment: str | None) -> dict[str, dict[str, float]]:
    """Node positions ``{id: {"x": …, "y": …}}`` from a URL hash; malformed entries are left out.

    >>> decode_positions(encode_hash({"nodes": [{"id": "a"}]}, None, {"a": {"x": 10.4, "y": -3.6}}))
    {'a': {'x': 10.0, 'y': -4.0}}
    >>> decode_positions("#p=garbage")
    {}
    """
    values = parse_qs((fragment or "").lstrip("#")).get("p")
    found = _decode(values[0]) if values else None
    if not isinstance(found, dict):
        return {}
    positions: dict[str, dict[str, float]] = {}
    for node_id, point in found.items():
        if (isinstance(point, list) and len(point) == 2
                and all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in point)):
            positions[str(node_id)] = {"x": float(point[0]), "y": float(point[1])}
    return positions

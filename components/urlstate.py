"""The URL hash carries the current graph and data source, so a shared link restores the query.

The graph JSON is compressed (zlib) and base64url-encoded. Decoding never
trusts the input: anything malformed gives ``None``, and the graph still goes
through ``PrototypeGraph.model_validate`` before use.
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any
from urllib.parse import parse_qs, urlencode

__all__ = ["decode_hash", "encode_hash"]

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


def encode_hash(graph: dict | None, source: dict | None) -> str:
    """``#g=…&src=…`` for a graph JSON and a data-source dict (either may be missing).

    >>> h = encode_hash({"nodes": [], "edges": []}, {"kind": "sample", "name": "dbpedia_sample"})
    >>> decode_hash(h)["source"]
    {'kind': 'sample', 'name': 'dbpedia_sample'}
    """
    params = {}
    if graph and graph.get("nodes"):
        params["g"] = _encode(graph)
    if source:
        params["src"] = _encode(source)
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

"""Which SPARQL endpoints the web app may query for its users (the server-side request guard).

An endpoint URL reaches the server from a web user or a shared link, so it is
untrusted: :func:`guard_endpoint` records the policy of the operator's settings
(``endpoint_allow``, ``endpoint_allow_private``, the answer limits) for the URL,
so every request to it, from whichever module, is checked when it is sent and
again when each connection opens (redirects and a host name that resolves
elsewhere the second time included). The endpoint the operator
configured (``--endpoint``, ``PROTOGRAPH_ENDPOINT``) is trusted; the CLI queries
only the operator's endpoints and needs no guard.
"""

from __future__ import annotations

from app.settings import Settings
from ontology_loaders.endpoint_policy import (
    EndpointPolicy,
    restrict,
)

__all__ = ["endpoint_policy", "guard_endpoint"]


def endpoint_policy(base: Settings, url: str) -> EndpointPolicy:
    """The policy for ``url`` under the operator's settings ``base``.

    >>> endpoint_policy(Settings(endpoint="http://127.0.0.1:7878/query"), "http://127.0.0.1:7878/query").guards(
    ...     "http://127.0.0.1:7878/query")
    False
    >>> endpoint_policy(Settings(), "http://127.0.0.1:7878/query").guards("http://127.0.0.1:7878/query")
    True
    """
    allow = (url,) if base.endpoint and url == base.endpoint else tuple(base.endpoint_allow)
    return EndpointPolicy(allow=allow, allow_private=base.endpoint_allow_private,
                          max_bytes=base.endpoint_max_bytes, max_rows=base.endpoint_max_rows)


def guard_endpoint(base: Settings, url: str) -> None:
    """Record the policy of ``base`` for ``url``: every later request to it is checked when it is sent.

    Nothing is refused here, so every callback meets a forbidden endpoint where it meets an
    unreachable one: as the one-line error of loading or querying it, before anything is sent.
    """
    restrict(url, endpoint_policy(base, url))

"""Which SPARQL endpoints a request may reach, and how much of an answer is read.

An endpoint URL typed by a web user (or carried by a shared link) must not turn
the server into a proxy to its own network: :class:`EndpointPolicy` refuses
loopback, private, link-local and other non-public addresses unless the operator
allows them, and checks every address the host name resolves to. The check runs
again when each connection is opened (:meth:`EndpointPolicy.connect`), so a
redirect, or a name that resolves elsewhere the second time, cannot slip past it.

Allow-list entries are host patterns (``example.org``, ``*.example.org``,
``localhost:7878``) or URL prefixes (``http://127.0.0.1:7878/query``). When the
list is not empty, only the endpoints it names are allowed; they may be private.

Requests that carry no policy of their own obey the one :func:`restrict` recorded
for their URL, if any: the app records one for each endpoint a user chose, so every
module that later queries that URL obeys it without being handed it.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
from dataclasses import dataclass
from fnmatch import fnmatchcase
from urllib.parse import urlsplit

__all__ = [
    "DEFAULT_MAX_BYTES",
    "DEFAULT_MAX_ROWS",
    "EndpointNotAllowed",
    "EndpointPolicy",
    "policy_for",
    "restrict",
]

#: Bytes of one answer read at most (a larger answer is refused, not cut: cut JSON does not parse).
DEFAULT_MAX_BYTES = 20 * 1024 * 1024
#: Result rows kept at most from one answer.
DEFAULT_MAX_ROWS = 10_000


class EndpointNotAllowed(PermissionError):
    """The policy forbids this endpoint; the message names the host, never what answers there."""


@dataclass(frozen=True)
class EndpointPolicy:
    """Where requests may go (``allow``, ``allow_private``) and how much is read (``max_bytes``, ``max_rows``).

    >>> EndpointPolicy(allow=("*.example.org",)).allows_url("https://query.example.org/sparql")
    True
    >>> EndpointPolicy(allow=("http://10.0.0.5:7878/query",)).allows_url("http://10.0.0.5:7879/query")
    False
    >>> EndpointPolicy().check_url("http://127.0.0.1:6379/")
    Traceback (most recent call last):
    ontology_loaders.endpoint_policy.EndpointNotAllowed: 127.0.0.1 is a loopback, private or link-local address; this server does not connect to it
    """

    allow: tuple[str, ...] = ()
    allow_private: bool = False
    max_bytes: int = DEFAULT_MAX_BYTES
    max_rows: int = DEFAULT_MAX_ROWS

    def allows_url(self, url: str) -> bool:
        """Whether an allow-list entry names ``url`` (such an endpoint skips the address check)."""
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
        port = parts.port or (443 if parts.scheme == "https" else 80)
        return any(_matches(entry.strip(), parts.scheme, host, port, parts.path) for entry in self.allow if entry.strip())

    def guards(self, url: str) -> bool:
        """Whether requests to ``url`` have their addresses checked (not listed, private not allowed)."""
        return not self.allow_private and not self.allows_url(url)

    def screen(self, url: str) -> bool:
        """Whether connections for ``url`` must have their addresses checked (:meth:`connect`).

        :raises EndpointNotAllowed: ``url`` is refused outright: not http(s), or not on a non-empty allow list.
        """
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise EndpointNotAllowed(f"{url!r} is not an http(s) URL")
        if self.allows_url(url):
            return False
        if self.allow:
            raise EndpointNotAllowed(f"{parts.hostname} is not among the endpoints this server allows")
        return not self.allow_private

    def check_url(self, url: str) -> None:
        """Refuse ``url`` before any request: wrong scheme, not listed, or a non-public address.

        :raises EndpointNotAllowed: the policy forbids it, or its host name does not resolve.
        """
        if self.screen(url):
            parts = urlsplit(url)
            self.addresses(parts.hostname or "", parts.port or (443 if parts.scheme == "https" else 80))

    def addresses(self, host: str, port: int) -> list[tuple]:
        """``getaddrinfo`` for ``host``; every address must be public unless ``allow_private``.

        :raises EndpointNotAllowed: one of the addresses is not public, or the name does not resolve.
        """
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except (OSError, UnicodeError):
            # Said the same way as a refusal, so names on the server's network cannot be probed.
            raise EndpointNotAllowed(f"{host}: unknown host, or an address this server does not connect to") from None
        if not self.allow_private:
            for info in infos:
                if not _is_public(info[4][0]):
                    raise EndpointNotAllowed(
                        f"{host} is a loopback, private or link-local address; this server does not connect to it")
        return infos

    def connect(self, address: tuple[str, int], timeout: object = socket._GLOBAL_DEFAULT_TIMEOUT,
                source_address: tuple[str, int] | None = None) -> socket.socket:
        """``socket.create_connection`` to an address checked just now (for ``http.client``)."""
        host, port = address
        error: OSError | None = None
        for family, kind, proto, _, sockaddr in self.addresses(host, port):
            sock = socket.socket(family, kind, proto)
            try:
                if timeout is not socket._GLOBAL_DEFAULT_TIMEOUT:
                    sock.settimeout(timeout)  # type: ignore[arg-type]
                if source_address:
                    sock.bind(source_address)
                sock.connect(sockaddr)
                return sock
            except OSError as failure:
                sock.close()
                error = failure
        raise error or OSError(f"no address for {host}")


def _is_public(text: str) -> bool:
    address = ipaddress.ip_address(text.split("%", 1)[0])
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_global and not address.is_multicast


def _matches(entry: str, scheme: str, host: str, port: int, path: str) -> bool:
    if "://" in entry:
        prefix = urlsplit(entry)
        prefix_port = prefix.port or (443 if prefix.scheme == "https" else 80)
        return (prefix.scheme, (prefix.hostname or "").lower(), prefix_port) == (scheme, host, port) \
            and path.startswith(prefix.path)
    pattern, _, wanted_port = entry.lower().partition(":")
    if wanted_port and wanted_port != str(port):
        return False
    return fnmatchcase(host, pattern)


_RESTRICTED: dict[str, EndpointPolicy] = {}
_LOCK = threading.Lock()


def restrict(url: str, policy: EndpointPolicy) -> None:
    """From now on, requests to ``url`` that carry no policy of their own obey ``policy``."""
    with _LOCK:
        _RESTRICTED[url] = policy


def policy_for(url: str) -> EndpointPolicy | None:
    """The policy :func:`restrict` recorded for ``url``, if any."""
    return _RESTRICTED.get(url)

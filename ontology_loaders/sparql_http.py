"""SPARQL 1.1 over HTTP: one request function, with timeouts, bounded retries and standard exceptions.

Every SPARQL client of ProtoGraph (the ontology loader here, the remote engine of
``app/query``) sends its queries through :func:`sparql_request`, so the
:class:`~ontology_loaders.endpoint_policy.EndpointPolicy` (which hosts, how many
bytes) is applied, and urllib's failures are turned into one small family, in
one place. Each member is a standard exception type that carries what a caller
needs to word its own message:

* :class:`EndpointStatusError` (``OSError``): an HTTP error status, with ``status``,
  ``reason`` and ``detail`` (the server's own words, when it sent any);
* :class:`EndpointTimeout` (``TimeoutError``): no answer within the timeout;
* :class:`EndpointConnectionError` (``ConnectionError``): refused, unknown host, or
  a connection dropped on every try;
* :class:`MalformedAnswer` (``ValueError``): an answer that is not what was asked for;
* :class:`AnswerTooLarge` (``ValueError``): an answer over the policy's ``max_bytes``;
* :class:`EndpointForbidden` (``PermissionError``): the policy forbids the endpoint.

All derive from :class:`SparqlEndpointError`, which carries ``url``, ``attempts``
and, when retries ran out, ``transient`` (the last transient failure).
"""

from __future__ import annotations

import http.client
import json
import logging
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Mapping
from typing import Any

from .endpoint_policy import (
    DEFAULT_MAX_BYTES,
    EndpointNotAllowed,
    EndpointPolicy,
    policy_for,
)

__all__ = [
    "SPARQL_JSON",
    "AnswerTooLarge",
    "EndpointConnectionError",
    "EndpointForbidden",
    "EndpointStatusError",
    "EndpointTimeout",
    "MalformedAnswer",
    "SparqlEndpointError",
    "sparql_json",
    "sparql_request",
]

log = logging.getLogger(__name__)

SPARQL_JSON = "application/sparql-results+json"

#: Statuses worth another try: the server or a proxy in front of it is busy or restarting.
TRANSIENT_STATUS = frozenset({502, 503, 504})
_DROPPED = (ConnectionResetError, ConnectionAbortedError, BrokenPipeError)


class SparqlEndpointError(OSError):
    """A SPARQL endpoint failed to answer a query; ``str()`` is a plain account of why, ``detail`` the cause alone."""

    def __init__(
        self, message: str, *, url: str, detail: str | None = None, attempts: int = 1, transient: str | None = None
    ) -> None:
        super().__init__(message)
        self.url = url
        self.detail = detail or message
        self.attempts = attempts
        self.transient = transient  # set when transient failures used up every retry


class EndpointStatusError(SparqlEndpointError):
    """The endpoint answered an HTTP error status."""

    def __init__(self, status: int, reason: str, *, url: str, detail: str | None = None, **kwargs: Any) -> None:
        super().__init__(f"{url} answered HTTP {status} {reason}".rstrip(), url=url, detail=detail or reason, **kwargs)
        self.status = status
        self.reason = reason


class EndpointTimeout(SparqlEndpointError, TimeoutError):
    """No answer within the timeout (never retried: a hanging server costs one timeout)."""


class EndpointConnectionError(SparqlEndpointError, ConnectionError):
    """The endpoint cannot be reached, or dropped the connection on every try."""


class MalformedAnswer(SparqlEndpointError, ValueError):
    """The endpoint answered, but not in the format asked for; ``body`` holds the start of the answer.

    The message never quotes the body: what answers at a URL is not for the user to read.
    """

    def __init__(self, message: str, *, url: str, body: bytes) -> None:
        super().__init__(message, url=url)
        self.body = body


class AnswerTooLarge(SparqlEndpointError, ValueError):
    """The answer is longer than the policy's ``max_bytes``; reading stopped there."""

    def __init__(self, *, url: str, max_bytes: int) -> None:
        super().__init__(f"{url} answered more than {max_bytes / 1048576:g} MB", url=url)
        self.max_bytes = max_bytes


class EndpointForbidden(SparqlEndpointError, PermissionError):
    """The policy forbids the endpoint (or a redirect's target); nothing was sent to it."""


def sparql_request(
    url: str,
    query: str,
    *,
    accept: str = SPARQL_JSON,
    method: str = "GET",
    timeout: float = 30.0,
    headers: Mapping[str, str] | None = None,
    retries: int = 0,
    backoff: float = 0.25,
    policy: EndpointPolicy | None = None,
) -> bytes:
    """Send ``query`` to ``url`` and return the body of the answer.

    ``timeout`` bounds each socket operation (connect, each read). Transient
    failures (HTTP 502/503/504, a dropped connection) are retried up to
    ``retries`` times, waiting ``backoff`` seconds and doubling; a timeout is not retried.
    ``policy`` (default: the one recorded for ``url`` by
    :func:`~ontology_loaders.endpoint_policy.restrict`, else none) decides which
    addresses each connection, redirects included, may reach; without one, any.
    At most ``policy.max_bytes`` (default 20 MB) of the answer are read.

    :raises EndpointStatusError: an HTTP error status (after the retries, for a transient one).
    :raises EndpointTimeout: no answer within ``timeout``.
    :raises EndpointConnectionError: the endpoint cannot be reached, or kept dropping the connection.
    :raises EndpointForbidden: the policy forbids the endpoint or a redirect's target.
    :raises AnswerTooLarge: the answer is longer than the policy's ``max_bytes``.
    """
    policy = policy or policy_for(url)
    request = _request(url, query, accept=accept, method=method, headers=headers or {})
    attempt = 0
    while True:
        attempt += 1
        try:
            return _send_once(request, url=url, timeout=timeout, policy=policy)
        except SparqlEndpointError as error:
            if error.transient is None:
                raise
            if attempt > retries:
                error.attempts = attempt
                raise
            log.info("retrying %s after %s", url, error.transient)
            time.sleep(backoff * 2 ** (attempt - 1))


def sparql_json(url: str, query: str, **options: Any) -> dict[str, Any]:
    """:func:`sparql_request` for a SELECT or ASK, answered in the SPARQL 1.1 JSON results format.

    :raises MalformedAnswer: the answer is not a JSON object.
    """
    raw = sparql_request(url, query, accept=SPARQL_JSON, **options)
    try:
        payload = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        payload = None
    if not isinstance(payload, dict):
        raise MalformedAnswer(f"{url} did not answer in SPARQL JSON", url=url, body=raw[:120])
    return payload


def _request(url: str, query: str, *, accept: str, method: str, headers: Mapping[str, str]) -> urllib.request.Request:
    """The SPARQL 1.1 protocol request: ``query`` in the URL (GET) or as a form body (POST)."""
    form = urllib.parse.urlencode({"query": query})
    all_headers = {"Accept": accept, "User-Agent": "protograph (SPARQL 1.1 client)", **headers}
    if method.upper() == "POST":
        all_headers["Content-Type"] = "application/x-www-form-urlencoded"
        return urllib.request.Request(url, data=form.encode(), headers=all_headers, method="POST")
    return urllib.request.Request(f"{url}{'&' if '?' in url else '?'}{form}", headers=all_headers, method="GET")


def _send_once(request: urllib.request.Request, *, url: str, timeout: float, policy: EndpointPolicy | None) -> bytes:
    try:
        with _opener(policy).open(request, timeout=timeout) as response:
            return _read_capped(response, url=url, max_bytes=policy.max_bytes if policy else DEFAULT_MAX_BYTES)
    except AnswerTooLarge:
        raise
    except urllib.error.HTTPError as error:
        with error:  # it holds the connection, which nothing else will read
            detail = _server_message(error)
        transient = f"HTTP {error.code}" if error.code in TRANSIENT_STATUS else None
        raise EndpointStatusError(error.code, str(error.reason), url=url, detail=detail, transient=transient) from None
    except EndpointNotAllowed as error:
        raise EndpointForbidden(str(error), url=url) from None
    except TimeoutError:
        raise EndpointTimeout(f"no answer from {url} within {timeout:g} s", url=url) from None
    except urllib.error.URLError as error:
        raise _url_error(error.reason, url, timeout) from None
    except (*_DROPPED, http.client.RemoteDisconnected, http.client.IncompleteRead) as error:
        raise EndpointConnectionError(
            f"{url} dropped the connection", url=url, detail=str(error) or type(error).__name__,
            transient=f"connection dropped ({type(error).__name__})",
        ) from None
    except (OSError, http.client.HTTPException) as error:
        raise EndpointConnectionError(f"cannot reach {url}: {error}", url=url, detail=str(error)) from None


def _opener(policy: EndpointPolicy | None) -> urllib.request.OpenerDirector:
    """http(s) only, redirects followed; with a policy, each connection (redirects too) is checked, and no proxy."""
    opener = urllib.request.OpenerDirector()
    handlers: list[urllib.request.BaseHandler] = [
        _HTTPHandler(policy), _HTTPSHandler(policy), urllib.request.HTTPRedirectHandler(),
        urllib.request.HTTPDefaultErrorHandler(), urllib.request.HTTPErrorProcessor(),
    ]
    if policy is None:
        handlers.append(urllib.request.ProxyHandler())  # the environment's proxies, as urlopen would
    for handler in handlers:
        opener.add_handler(handler)
    return opener


def _connection(base: type[http.client.HTTPConnection], policy: EndpointPolicy | None, url: str) -> Callable[..., Any]:
    """``base``, or a factory of ``base`` whose sockets open through :meth:`EndpointPolicy.connect`.

    Called for the first request and for each redirect, so every URL followed is screened.
    """
    if policy is None or not policy.screen(url):
        return base

    def connection(host: str, **options: Any) -> http.client.HTTPConnection:
        conn = base(host, **options)
        conn._create_connection = policy.connect  # type: ignore[attr-defined]
        return conn

    return connection


class _HTTPHandler(urllib.request.HTTPHandler):
    def __init__(self, policy: EndpointPolicy | None) -> None:
        super().__init__()
        self._policy = policy

    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(_connection(http.client.HTTPConnection, self._policy, req.full_url), req)


class _HTTPSHandler(urllib.request.HTTPSHandler):
    def __init__(self, policy: EndpointPolicy | None) -> None:
        super().__init__()
        self._policy = policy

    def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(_connection(http.client.HTTPSConnection, self._policy, req.full_url), req)


def _read_capped(response: http.client.HTTPResponse, *, url: str, max_bytes: int) -> bytes:
    """The body, read in pieces: a long answer is stopped at ``max_bytes``, never held whole."""
    declared = response.headers.get("Content-Length", "")
    if declared.isdigit() and int(declared) > max_bytes:
        raise AnswerTooLarge(url=url, max_bytes=max_bytes)
    chunks: list[bytes] = []
    size = 0
    while chunk := response.read(65536):
        size += len(chunk)
        if size > max_bytes:
            raise AnswerTooLarge(url=url, max_bytes=max_bytes)
        chunks.append(chunk)
    return b"".join(chunks)


def _url_error(reason: object, url: str, timeout: float) -> SparqlEndpointError:
    if isinstance(reason, EndpointNotAllowed):
        return EndpointForbidden(str(reason), url=url)
    if isinstance(reason, TimeoutError):
        return EndpointTimeout(f"no answer from {url} within {timeout:g} s", url=url)
    if isinstance(reason, _DROPPED):
        return EndpointConnectionError(
            f"{url} reset the connection", url=url, detail=str(reason), transient=f"connection reset ({reason})"
        )
    return EndpointConnectionError(f"cannot reach {url}: {reason}", url=url, detail=str(reason))


def _server_message(error: urllib.error.HTTPError) -> str:
    """The start of an error answer, on one line: for logs and callers' own checks, never shown as is."""
    try:
        text = error.read(300).decode("utf-8", "replace")
    except (OSError, http.client.HTTPException):
        text = ""
    return " ".join(text.split()) or str(error.reason)

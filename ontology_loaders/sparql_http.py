"""SPARQL 1.1 over HTTP: one request function, with timeouts, bounded retries and standard exceptions.

Every SPARQL client of ProtoGraph (the ontology loader here, the remote engine of
``app/query``) sends its queries through :func:`sparql_request`, so the mix of
SPARQLWrapper's own exceptions and urllib's is turned into one small family in
one place. Each member is a standard exception type that carries what a caller
needs to word its own message:

* :class:`EndpointStatusError` (``OSError``): an HTTP error status, with ``status``,
  ``reason`` and ``detail`` (the server's own words, when it sent any);
* :class:`EndpointTimeout` (``TimeoutError``): no answer within the timeout;
* :class:`EndpointConnectionError` (``ConnectionError``): refused, unknown host, or
  a connection dropped on every try;
* :class:`MalformedAnswer` (``ValueError``): an answer that is not what was asked for.

All derive from :class:`SparqlEndpointError`, which carries ``url``, ``attempts``
and, when retries ran out, ``transient`` (the last transient failure).
"""

from __future__ import annotations

import http.client
import json
import logging
import time
import urllib.error
from collections.abc import Mapping
from typing import Any

from SPARQLWrapper import GET, POST, SPARQLWrapper
from SPARQLWrapper.SPARQLExceptions import (
    EndPointInternalError,
    EndPointNotFound,
    QueryBadFormed,
    SPARQLWrapperException,
    Unauthorized,
    URITooLong,
)

__all__ = [
    "SPARQL_JSON",
    "EndpointConnectionError",
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
# SPARQLWrapper replaces these HTTP answers by exceptions of its own, which hide the status.
_STATUS_OF = {QueryBadFormed: 400, Unauthorized: 401, EndPointNotFound: 404, URITooLong: 414, EndPointInternalError: 500}
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
    """The endpoint answered, but not in the format asked for; ``body`` holds the start of the answer."""

    def __init__(self, message: str, *, url: str, body: bytes) -> None:
        super().__init__(message, url=url)
        self.body = body


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
) -> bytes:
    """Send ``query`` to ``url`` and return the body of the answer.

    ``timeout`` bounds each socket operation (connect, each read). Transient
    failures (HTTP 502/503/504, a dropped connection) are retried up to
    ``retries`` times, waiting ``backoff`` seconds and doubling; a timeout is not retried.

    :raises EndpointStatusError: an HTTP error status (after the retries, for a transient one).
    :raises EndpointTimeout: no answer within ``timeout``.
    :raises EndpointConnectionError: the endpoint cannot be reached, or kept dropping the connection.
    """
    attempt = 0
    while True:
        attempt += 1
        try:
            return _send_once(url, query, accept=accept, method=method, timeout=timeout, headers=headers or {})
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
        raise MalformedAnswer(f"{url} did not answer in SPARQL JSON: {raw[:120]!r}", url=url, body=raw[:120])
    return payload


def _send_once(url: str, query: str, *, accept: str, method: str, timeout: float, headers: Mapping[str, str]) -> bytes:
    wrapper = SPARQLWrapper(url)
    wrapper.setQuery(query)
    wrapper.setMethod(POST if method.upper() == "POST" else GET)
    wrapper.setTimeout(timeout)
    # Content negotiation only: SPARQLWrapper would otherwise add format=xml parameters (its default
    # return format) that some servers obey over the Accept header.
    wrapper.setOnlyConneg(True)
    wrapper.addCustomHttpHeader("Accept", accept)
    for key, value in headers.items():
        wrapper.addCustomHttpHeader(key, value)
    try:
        response = wrapper.query()
        try:
            return response.response.read()
        finally:
            response.response.close()
    except tuple(_STATUS_OF) as error:
        raise _typed_status_error(error, url) from None
    except urllib.error.HTTPError as error:
        error.close()  # it holds the connection, which nothing else will read
        transient = f"HTTP {error.code}" if error.code in TRANSIENT_STATUS else None
        raise EndpointStatusError(error.code, str(error.reason), url=url, transient=transient) from None
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
    except SPARQLWrapperException as error:
        raise SparqlEndpointError(f"{url} failed: {error}", url=url, detail=str(error)) from None


def _typed_status_error(error: SPARQLWrapperException, url: str) -> EndpointStatusError:
    http_error = error.__context__  # SPARQLWrapper raised its exception while handling urllib's
    reason = type(error).__name__
    if isinstance(http_error, urllib.error.HTTPError):
        http_error.close()  # SPARQLWrapper read the body but left the connection open
        reason = str(http_error.reason)
    return EndpointStatusError(_STATUS_OF[type(error)], reason, url=url, detail=_server_message(error))


def _url_error(reason: object, url: str, timeout: float) -> SparqlEndpointError:
    if isinstance(reason, TimeoutError):
        return EndpointTimeout(f"no answer from {url} within {timeout:g} s", url=url)
    if isinstance(reason, _DROPPED):
        return EndpointConnectionError(
            f"{url} reset the connection", url=url, detail=str(reason), transient=f"connection reset ({reason})"
        )
    return EndpointConnectionError(f"cannot reach {url}: {reason}", url=url, detail=str(reason))


def _server_message(error: Exception) -> str:
    text = str(error).strip().splitlines()
    # SPARQLWrapper prefixes its own description; the server's words follow "Response:".
    detail = [line for line in text if line and not line.startswith(("QueryBadFormed", "EndPointInternalError"))]
    return " ".join(detail)[:300] or type(error).__name__

"""The remote engine: any SPARQL 1.1 endpoint over HTTP.

Requests go through :mod:`ontology_loaders.sparql_http`, which owns the timeout,
the bounded retries, the endpoint policy and the reading of HTTP failures;
:func:`query_error` turns its standard exceptions into the typed errors of
:mod:`app.errors`, here and nowhere else. Messages never quote what the endpoint
answered; for an endpoint a web user chose (one whose addresses the policy
checks), every failure but a rejected query reads the same, so that the server
cannot be used to learn which ports answer where.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from app.errors import (
    EndpointHTTPError,
    EndpointUnreachable,
    ProtoGraphError,
    QueryError,
    QuerySyntaxError,
    QueryTimeout,
)
from app.query.check import QueryForm, require_form
from app.query.engine import DEFAULT_TIMEOUT
from app.query.sparql_results import SparqlResults
from ontology_loaders.endpoint_policy import (
    DEFAULT_MAX_ROWS,
    EndpointPolicy,
    policy_for,
)
from ontology_loaders.sparql_http import (
    AnswerTooLarge,
    EndpointConnectionError,
    EndpointForbidden,
    EndpointStatusError,
    EndpointTimeout,
    MalformedAnswer,
    SparqlEndpointError,
    sparql_json,
    sparql_request,
)

__all__ = ["NOT_SPARQL", "RemoteEndpoint", "query_error"]

log = logging.getLogger(__name__)

#: The one account of any failure of an endpoint whose addresses the policy checks.
NOT_SPARQL = "the endpoint did not answer as a SPARQL endpoint"
_N_TRIPLES = "application/n-triples"


class RemoteEndpoint:
    """A SPARQL 1.1 endpoint over HTTP.

    ``timeout`` bounds each socket operation (connect, each read), so a server
    that accepts and never answers fails after ``timeout`` seconds. Transient
    failures (HTTP 502/503/504, connection reset or dropped) are retried up
    to ``retries`` times with a doubling backoff; a timeout is not retried,
    so a hanging server costs one timeout, not several.

    ``policy`` (default: the one recorded for ``url``, see
    :func:`ontology_loaders.endpoint_policy.restrict`) decides which addresses
    may be reached and how many bytes and rows of an answer are kept.
    """

    def __init__(
        self,
        url: str,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        method: str = "GET",
        retries: int = 2,
        backoff: float = 0.25,
        auth_header: str | None = None,
        headers: dict[str, str] | None = None,
        policy: EndpointPolicy | None = None,
    ) -> None:
        if not url.startswith(("http://", "https://")):
            raise ProtoGraphError(f"not an HTTP(S) endpoint URL: {url!r}")
        if method.upper() not in ("GET", "POST"):
            raise ProtoGraphError(f"unsupported HTTP method {method!r} (use GET or POST)")
        self.url = url
        self.name = f"endpoint {url}"
        self.timeout = timeout
        self.method = method.upper()
        self.retries = max(0, retries)
        self.backoff = backoff
        self.headers = dict(headers or {})
        if auth_header:
            self.headers["Authorization"] = auth_header
        self._policy = policy

    @property
    def policy(self) -> EndpointPolicy | None:
        return self._policy or policy_for(self.url)

    def _call(self, send: Callable[..., Any], query: str, timeout: float | None, **options: Any) -> Any:
        """``send`` (a function of :mod:`ontology_loaders.sparql_http`) with this endpoint's settings."""
        seconds = self.timeout if timeout is None else timeout
        policy = self.policy
        try:
            return send(
                self.url, query, method=self.method, timeout=seconds, headers=self.headers,
                retries=self.retries, backoff=self.backoff, policy=policy, **options,
            )
        except SparqlEndpointError as error:
            guarded = policy is not None and policy.guards(self.url)
            raise query_error(error, name=self.name, timeout=seconds, guarded=guarded) from None

    def select(self, query: str, *, timeout: float | None = None) -> SparqlResults:
        require_form(query, QueryForm.SELECT)
        payload = self._call(sparql_json, query, timeout)
        max_rows = self.policy.max_rows if self.policy else DEFAULT_MAX_ROWS
        body = payload.get("results")
        rows = body.get("bindings") if isinstance(body, dict) else None
        if isinstance(rows, list) and len(rows) > max_rows:
            # Counted before validation: an endpoint that ignores LIMIT must not cost a model per row.
            raise QueryError(f"the {self.name} answered more than {max_rows:,} rows; ask for fewer (LIMIT)")
        try:
            results = SparqlResults.model_validate(payload)
        except ValueError:
            raise QueryError(f"the {self.name} answered with malformed SPARQL JSON") from None
        if results.results is None:
            raise QueryError(f"the {self.name} answered a SELECT without result rows")
        return results

    def ask(self, query: str, *, timeout: float | None = None) -> bool:
        require_form(query, QueryForm.ASK)
        payload = self._call(sparql_json, query, timeout)
        if not isinstance(payload.get("boolean"), bool):
            raise QueryError(f"the {self.name} answered an ASK without a boolean")
        return payload["boolean"]

    def construct(self, query: str, *, timeout: float | None = None) -> str:
        """CONSTRUCT or DESCRIBE, answered as N-Triples text."""
        require_form(query, QueryForm.CONSTRUCT, QueryForm.DESCRIBE)
        return self._call(sparql_request, query, timeout, accept=_N_TRIPLES).decode("utf-8", "replace")


def query_error(error: SparqlEndpointError, *, name: str, timeout: float, guarded: bool = False) -> QueryError:
    """The :mod:`app.errors` class and wording for a failure of the endpoint called ``name``.

    ``guarded``: the endpoint was chosen by a web user (the policy checks its
    addresses), so refused, silent, non-SPARQL and failing all read :data:`NOT_SPARQL`.
    """
    log.info("%s failed: %s (%s)", name, error, error.detail)
    if isinstance(error, EndpointForbidden):
        return EndpointUnreachable(f"the {name} is not allowed: {error}")
    if isinstance(error, AnswerTooLarge):
        return QueryError(f"the answer of the {name} is larger than {error.max_bytes / 1048576:g} MB; ask for fewer rows")
    if guarded and not (isinstance(error, EndpointStatusError) and error.status == 400):
        return EndpointUnreachable(f"{NOT_SPARQL} ({name})")
    if isinstance(error, EndpointStatusError):
        return _status_error(error, name)
    if isinstance(error, EndpointTimeout):
        return QueryTimeout(f"stopped after {timeout:g} s: no answer from the {name}")
    if isinstance(error, EndpointConnectionError):
        if error.transient:
            return EndpointUnreachable(f"the {name} kept failing ({error.transient}) after {error.attempts} tries")
        return EndpointUnreachable(f"cannot reach the {name}: {error.detail}")
    if isinstance(error, MalformedAnswer):
        return QueryError(f"the {name} did not answer in SPARQL JSON")
    return QueryError(f"the {name} failed: {error.detail}")


def _status_error(error: EndpointStatusError, name: str) -> QueryError:
    status = error.status
    if error.transient:
        return EndpointHTTPError(status, f"the {name} kept failing ({error.transient}) after {error.attempts} tries")
    if status == 400:
        return QuerySyntaxError(f"the {name} rejected the query (HTTP 400)")
    if status == 401:
        return EndpointHTTPError(401, f"the {name} refused the credentials (HTTP 401)")
    if status == 404:
        return EndpointHTTPError(404, f"no SPARQL endpoint at {error.url} (HTTP 404)")
    if status == 414:
        return EndpointHTTPError(414, f"the query is too long for GET on the {name}; use POST")
    if status == 500:
        return EndpointHTTPError(500, f"the {name} failed (HTTP 500)")
    return EndpointHTTPError(status, f"the {name} answered HTTP {status} {error.reason}")

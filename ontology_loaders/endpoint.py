"""Load an ontology from a remote SPARQL 1.1 endpoint (schema triples only, paged)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

import pyoxigraph as ox

from .build import (
    CLASS_TYPES,
    DATATYPE_PROPERTY,
    OBJECT_PROPERTY,
    PLAIN_PROPERTY_TYPES,
    SCHEMA_PREDICATES,
    Triple,
    ontology_from_triples,
)
from .endpoint_policy import EndpointPolicy, policy_for
from .errors import OntologyLoadError
from .model import Ontology
from .sparql_http import (
    AnswerTooLarge,
    EndpointConnectionError,
    EndpointForbidden,
    EndpointStatusError,
    EndpointTimeout,
    SparqlEndpointError,
    sparql_json,
)
from .vocab import RDF_TYPE

__all__ = ["load_ontology_from_endpoint"]

_SCHEMA_TYPES = " ".join(f"<{t}>" for t in sorted(CLASS_TYPES | PLAIN_PROPERTY_TYPES | {OBJECT_PROPERTY, DATATYPE_PROPERTY}))


def _queries() -> list[str]:
    """One query per schema predicate, each restricted to declared classes and properties.

    Split this way, each answer is small enough to fit one page on most
    endpoints, so the slow ORDER BY that stable paging needs is rarely paid.
    """
    declared = f"VALUES ?t {{ {_SCHEMA_TYPES} }} ?s <{RDF_TYPE}> ?t ."
    queries = [f"SELECT DISTINCT ?s ?p ?o WHERE {{ VALUES ?o {{ {_SCHEMA_TYPES} }} ?s <{RDF_TYPE}> ?o . BIND(<{RDF_TYPE}> AS ?p) }}"]
    for predicate in SCHEMA_PREDICATES:
        if predicate == RDF_TYPE:
            continue
        queries.append(
            f"SELECT DISTINCT ?s ?p ?o WHERE {{ {declared} BIND(<{predicate}> AS ?p) ?s <{predicate}> ?o . }}"
        )
    return queries


def load_ontology_from_endpoint(
    url: str,
    *,
    timeout: float = 10.0,
    language: str = "en",
    page_size: int = 50_000,
    max_pages: int = 100,
    policy: EndpointPolicy | None = None,
) -> Ontology:
    """Read classes, properties and their labels from ``url``.

    ``policy`` (default: the one recorded for ``url``) limits the hosts reached and
    the bytes read; when it checks ``url``'s addresses (an endpoint a web user chose),
    every failure is told in the same words, so that ports cannot be probed through it.

    :raises OntologyLoadError: the endpoint is unreachable, slow past ``timeout``,
        answers with an error, is not allowed, or holds no classes.
    """
    client = _Client(url, timeout, policy or policy_for(url))
    triples = [
        triple
        for query in _queries()
        for triple in _paged_triples(client, query, page_size=page_size, max_pages=max_pages)
    ]
    ontology = ontology_from_triples(triples, language=language, sources=(url,))
    if not ontology.classes:
        raise OntologyLoadError(f"{url}: the endpoint declares no classes (owl:Class or rdfs:Class)")
    return ontology


def _paged_triples(client: _Client, query: str, *, page_size: int, max_pages: int) -> Iterator[Triple]:
    bindings = client.fetch(f"{query} LIMIT {page_size}")
    total = len(bindings)
    if total and (total == page_size or total < _count(client, query)):
        # Either the answer is larger than a page or the server capped it: only an
        # ordered query pages reliably, so pay for ORDER BY only in that case.
        page = len(bindings)
        bindings = []
        for number in range(max_pages):
            rows = client.fetch(f"{query} ORDER BY ?s ?o LIMIT {page} OFFSET {number * page}")
            bindings.extend(rows)
            if len(rows) < page:
                break
        else:
            raise OntologyLoadError(f"{client.url}: schema larger than {max_pages * page} rows per predicate; raise max_pages")
    for row in bindings:
        try:
            yield (_term(row["s"]), _term(row["p"]), _term(row["o"]))
        except (KeyError, ValueError):
            continue  # a malformed row from the server is skipped, not fatal


def _count(client: _Client, query: str) -> int:
    where = query[query.index("WHERE"):]
    rows = client.fetch(f"SELECT (COUNT(*) AS ?n) {{ SELECT DISTINCT ?s ?p ?o {where} }}")
    try:
        return int(rows[0]["n"]["value"])
    except (IndexError, KeyError, ValueError):
        return 0


class _Client:
    """Schema queries to one endpoint, each failure turned into an :class:`OntologyLoadError` naming it."""

    def __init__(self, url: str, timeout: float, policy: EndpointPolicy | None) -> None:
        self.url = url
        self.timeout = timeout
        self._guarded = policy is not None and policy.guards(url)
        self._send = partial(sparql_json, url, method="POST", timeout=int(max(1, timeout)), policy=policy)

    def fetch(self, query: str) -> list[dict]:
        url = self.url
        try:
            return self._send(query)["results"]["bindings"]
        except EndpointForbidden as error:
            raise OntologyLoadError(f"{url}: not allowed: {error}") from None
        except AnswerTooLarge as error:
            raise OntologyLoadError(f"{url}: an answer larger than {error.max_bytes / 1048576:g} MB") from None
        except (SparqlEndpointError, KeyError, TypeError) as error:
            if self._guarded:
                raise OntologyLoadError(f"{url}: the endpoint did not answer as a SPARQL endpoint") from None
            raise self._detailed(error) from None

    def _detailed(self, error: Exception) -> OntologyLoadError:
        """What went wrong, for an endpoint the operator chose (never what the endpoint answered)."""
        url = self.url
        if isinstance(error, EndpointStatusError):
            return OntologyLoadError(f"{url}: the endpoint answered HTTP {error.status} {error.reason}")
        if isinstance(error, EndpointTimeout):
            return OntologyLoadError(f"{url}: no answer within {self.timeout:g} s")
        if isinstance(error, EndpointConnectionError):
            return OntologyLoadError(f"{url}: unreachable ({error.detail})")
        return OntologyLoadError(f"{url}: not a SPARQL endpoint, or a malformed answer")


def _term(binding: dict) -> ox.NamedNode | ox.BlankNode | ox.Literal:
    kind, value = binding["type"], binding["value"]
    if kind == "uri":
        return ox.NamedNode(value)
    if kind == "bnode":
        return ox.BlankNode(value)
    if "xml:lang" in binding:
        return ox.Literal(value, language=binding["xml:lang"])
    if "datatype" in binding:
        return ox.Literal(value, datatype=ox.NamedNode(binding["datatype"]))
    return ox.Literal(value)

"""The SPARQL 1.1 Query Results JSON Format as a model: what every engine answers in."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

__all__ = ["ResultsBody", "ResultsHead", "SparqlResults"]


class ResultsHead(BaseModel):
    vars: list[str] = Field(default_factory=list)
    link: list[str] | None = None


class ResultsBody(BaseModel):
    bindings: list[dict[str, dict[str, Any]]] = Field(default_factory=list)


class SparqlResults(BaseModel):
    """The SPARQL 1.1 Query Results JSON Format as a model.

    A binding term is a dict: ``{"type": "uri"|"literal"|"bnode"|"triple", "value": …}``,
    plus ``"datatype"`` or ``"xml:lang"`` for literals.

    >>> r = SparqlResults.model_validate_json('{"head": {"vars": ["x"]}, '
    ...     '"results": {"bindings": [{"x": {"type": "uri", "value": "http://e.org/a"}}]}}')
    >>> r.vars, len(r.bindings)
    (['x'], 1)
    """

    head: ResultsHead = Field(default_factory=ResultsHead)
    results: ResultsBody | None = None
    boolean: bool | None = None

    @property
    def vars(self) -> list[str]:
        return self.head.vars

    @property
    def bindings(self) -> list[dict[str, dict[str, Any]]]:
        return self.results.bindings if self.results else []

    def __len__(self) -> int:
        return len(self.bindings)

    def to_json(self, *, indent: int | None = None) -> str:
        return self.model_dump_json(exclude_none=True, indent=indent)

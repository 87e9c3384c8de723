"""Check a query before any engine sees it: valid SPARQL, and read-only.

Every query is parsed before it is sent and anything but SELECT/ASK/CONSTRUCT/DESCRIBE
is refused, so the app never sends a SPARQL UPDATE.
"""

from __future__ import annotations

import re
from enum import Enum

import pyoxigraph

from app.errors import QuerySyntaxError

__all__ = ["QueryForm", "check_query", "require_form"]


class QueryForm(str, Enum):
    SELECT = "SELECT"
    ASK = "ASK"
    CONSTRUCT = "CONSTRUCT"
    DESCRIBE = "DESCRIBE"


# Parsing needs a store; an empty in-memory one is never written to.
_PARSER = pyoxigraph.Store()

_UPDATE_WORDS = {"INSERT", "DELETE", "LOAD", "CLEAR", "DROP", "CREATE", "ADD", "MOVE", "COPY", "WITH"}
# Comments, IRIs and string literals, removed before looking for keywords.
_SKIP = re.compile(
    r"#[^\n]*"
    r"|<[^<>\"{}|^`\\\s]*>"
    r"|'''(?:[^'\\]|\\.|'(?!''))*'''"
    r'|"""(?:[^"\\]|\\.|"(?!""))*"""'
    r"|'(?:[^'\\\n]|\\.)*'"
    r'|"(?:[^"\\\n]|\\.)*"'
)
_WORD = re.compile(r"[A-Za-z]+")


def _first_keyword(query: str) -> str:
    """The first keyword after the prologue, ignoring comments, IRIs and strings."""
    words = _WORD.findall(_SKIP.sub(" ", query))
    i = 0
    while i < len(words) and words[i].upper() in ("PREFIX", "BASE"):
        i += 2 if words[i].upper() == "PREFIX" else 1  # the prefix name; the IRI is already gone
    return words[i].upper() if i < len(words) else ""


def check_query(query: str) -> QueryForm:
    """Parse ``query`` and return its form; refuse updates and invalid SPARQL.

    >>> check_query("ASK { ?s ?p ?o }").value
    'ASK'
    >>> check_query("PREFIX ex: <http://e.org/> DROP ALL")
    Traceback (most recent call last):
    ...
    app.errors.QuerySyntaxError: SPARQL UPDATE (DROP) is refused: ProtoGraph only reads
    """
    if not isinstance(query, str) or not query.strip():
        raise QuerySyntaxError("the query is empty")
    keyword = _first_keyword(query)
    if keyword in _UPDATE_WORDS:
        raise QuerySyntaxError(f"SPARQL UPDATE ({keyword}) is refused: ProtoGraph only reads")
    try:
        parsed = _PARSER.query(query)
    except SyntaxError as error:
        raise QuerySyntaxError(f"SPARQL syntax error: {error}") from None
    except OSError as error:  # e.g. a SERVICE call evaluated while checking an ASK
        raise QuerySyntaxError(f"cannot check the query: {error}") from None
    if isinstance(parsed, pyoxigraph.QuerySolutions):
        return QueryForm.SELECT
    if isinstance(parsed, pyoxigraph.QueryBoolean):
        return QueryForm.ASK
    return QueryForm.DESCRIBE if keyword == "DESCRIBE" else QueryForm.CONSTRUCT


def require_form(query: str, *forms: QueryForm) -> QueryForm:
    """:func:`check_query`, then refuse any form but ``forms`` (an engine method answers one kind).

    >>> require_form("ASK { ?s ?p ?o }", QueryForm.SELECT)
    Traceback (most recent call last):
    ...
    app.errors.QuerySyntaxError: expected a SELECT query
    """
    form = check_query(query)
    if form not in forms:
        article = "an" if forms[0].value[0] in "AEIOU" else "a"
        raise QuerySyntaxError(f"expected {article} {' or '.join(f.value for f in forms)} query")
    return form

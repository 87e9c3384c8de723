"""Check a query before any engine sees it: read-only, no SERVICE, and valid SPARQL.

The check never evaluates. The safety decisions (no SPARQL UPDATE, no SERVICE call,
which query form) are read from the query's tokens, always. Syntax is checked with
rdflib's parser (its parser only; its query engine never runs a user's query) unless
the caller passes ``parse=False`` because the engine parses the query itself under
its deadline: the embedded store's worker process does (pyoxigraph), so only a
remote endpoint's queries are parsed here.

Why not pyoxigraph here: it has no parse-only call, and ``Store.query`` also plans
the query (4.7 s for a 200-node chain on an empty store) and evaluates ASK and
SERVICE at once. rdflib's parser takes 30–130 ms for a usual query and is recursive:
a group of more than about 90 triples exhausts Python's recursion limit. Such a
query (or one longer than :data:`PARSE_MAX_CHARS`) is left to the endpoint to parse.
Parses are cached by query text.
"""

from __future__ import annotations

import re
from enum import Enum

from rdflib.plugins.sparql.parser import parseQuery

from app.caching import KeyedCache
from app.errors import QuerySyntaxError

__all__ = ["MAX_QUERY_CHARS", "PARSE_MAX_CHARS", "QueryForm", "check_query", "require_form"]

#: Longer query texts are refused outright.
MAX_QUERY_CHARS = 200_000
#: Longer query texts are not parsed here (rdflib's parser needs ~0.1 s per 1,000 characters of filters).
PARSE_MAX_CHARS = 10_000


class QueryForm(str, Enum):
    SELECT = "SELECT"
    ASK = "ASK"
    CONSTRUCT = "CONSTRUCT"
    DESCRIBE = "DESCRIBE"


_UPDATE_WORDS = {"INSERT", "DELETE", "LOAD", "CLEAR", "DROP", "CREATE", "ADD", "MOVE", "COPY", "WITH"}
# Everything that is not a bare word of the grammar: comments, IRIs, strings, variables,
# prefixed names, blank-node labels and language tags. What remains are keywords and
# function names, so a remaining SERVICE is the SERVICE keyword, wherever it stands.
_SKIP = re.compile(
    r"#[^\n]*"
    r"|<[^<>\"{}|^`\\\s]*>"
    r"|'''(?:[^'\\]|\\.|'(?!''))*'''"
    r'|"""(?:[^"\\]|\\.|"(?!""))*"""'
    r"|'(?:[^'\\\n]|\\.)*'"
    r'|"(?:[^"\\\n]|\\.)*"'
    r"|[?$]\w+"
    r"|_:[\w.-]*"
    r"|@[A-Za-z][A-Za-z0-9-]*"
    r"|[A-Za-z_][\w.-]*:(?:[\w.%\\-]|:)*"
    r"|:(?:[\w.%\\-]|:)*"
)
_WORD = re.compile(r"[A-Za-z]+")
_CODEPOINT = re.compile(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")
# query text -> "" when rdflib parses it, else the syntax error's message
_PARSED: KeyedCache[str, str] = KeyedCache(max_size=256)


def _codepoint(match: re.Match[str]) -> str:
    value = int(match.group(1) or match.group(2), 16)
    return chr(value) if value <= 0x10FFFF else match.group(0)


def _keywords(query: str) -> list[str]:
    """The bare words of ``query`` in upper case, without the prologue (PREFIX and BASE)."""
    words = [w.upper() for w in _WORD.findall(_SKIP.sub(" ", query))]
    i = 0
    while i < len(words) and words[i] in ("PREFIX", "BASE"):
        i += 1  # the prefix name and the IRI are already gone
    return words[i:]


def check_query(query: str, *, parse: bool = True) -> QueryForm:
    """The form of ``query``; refuse updates, SERVICE calls and (with ``parse``) invalid SPARQL.

    >>> check_query("ASK { ?s ?p ?o }").value
    'ASK'
    >>> check_query("PREFIX ex: <http://e.org/> DROP ALL")
    Traceback (most recent call last):
    ...
    app.errors.QuerySyntaxError: SPARQL UPDATE (DROP) is refused: ProtoGraph only reads
    >>> check_query("SELECT * WHERE { SERVICE <http://e.org/sparql> { ?s ?p ?o } }", parse=False)
    Traceback (most recent call last):
    ...
    app.errors.QuerySyntaxError: SERVICE is refused: a query may only read this knowledge graph
    """
    if not isinstance(query, str) or not query.strip():
        raise QuerySyntaxError("the query is empty")
    if len(query) > MAX_QUERY_CHARS:
        raise QuerySyntaxError(f"the query is too long ({len(query):,} characters; at most {MAX_QUERY_CHARS:,})")
    first = ""
    # SPARQL lets \u escapes stand anywhere, and some engines expand them before parsing.
    for text in dict.fromkeys((query, _CODEPOINT.sub(_codepoint, query))):
        keywords = _keywords(text)
        first = keywords[0] if keywords else ""
        if first in _UPDATE_WORDS:
            raise QuerySyntaxError(f"SPARQL UPDATE ({first}) is refused: ProtoGraph only reads")
        if "SERVICE" in keywords:
            raise QuerySyntaxError("SERVICE is refused: a query may only read this knowledge graph")
        if first not in QueryForm.__members__:
            raise QuerySyntaxError("SPARQL syntax error: expected SELECT, ASK, CONSTRUCT or DESCRIBE")
    if parse and len(query) <= PARSE_MAX_CHARS:
        problem = _PARSED.get(query)
        if problem is None:
            problem = _parse_problem(query)
            _PARSED.put(query, problem)
        if problem:
            raise QuerySyntaxError(f"SPARQL syntax error: {problem}")
    return QueryForm(first)


def _parse_problem(query: str) -> str:
    try:
        parseQuery(query)
    except RecursionError:
        return ""  # too many triples in one group for rdflib's recursive parser: the engine parses it
    except Exception as error:  # pyparsing's ParseException and rdflib's own errors
        text = str(error).strip()
        return text.splitlines()[0] if text else type(error).__name__
    return ""


def require_form(query: str, *forms: QueryForm, parse: bool = True) -> QueryForm:
    """:func:`check_query`, then refuse any form but ``forms`` (an engine method answers one kind).

    >>> require_form("ASK { ?s ?p ?o }", QueryForm.SELECT)
    Traceback (most recent call last):
    ...
    app.errors.QuerySyntaxError: expected a SELECT query
    """
    form = check_query(query, parse=parse)
    if form not in forms:
        article = "an" if forms[0].value[0] in "AEIOU" else "a"
        raise QuerySyntaxError(f"expected {article} {' or '.join(f.value for f in forms)} query")
    return form

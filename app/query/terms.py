"""SPARQL text for IRIs and literals: checked, escaped, and shortened with prefixes.

No value reaches the query text unchecked: IRIs go through
:class:`pyoxigraph.NamedNode` (which rejects anything that is not an IRI) and
literals through :class:`pyoxigraph.Literal`, whose serialisation escapes
quotes, backslashes and line breaks.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping

from pyoxigraph import Literal, NamedNode

from app.errors import GraphCompileError
from ontology_loaders.vocab import (
    INTEGER_DATATYPES,
    RDF,
    RDF_LANG_STRING,
    RDF_TYPE,
    XSD,
    XSD_BOOLEAN,
    XSD_DOUBLE,
    XSD_INTEGER,
    XSD_STRING,
)

__all__ = ["LANGUAGE_TAG", "STRING_DATATYPES", "Terms", "check_iri", "escaped_string", "lexical_form"]

LANGUAGE_TAG = re.compile(r"^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$")
STRING_DATATYPES = {XSD_STRING, RDF_LANG_STRING, RDF + "PlainLiteral"}

_PREFIX_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
# A conservative subset of PN_LOCAL: anything else is written as a full <IRI>.
_SAFE_LOCAL = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_-]*$")
_INTEGER_NAMES = {iri[len(XSD):] for iri in INTEGER_DATATYPES}
_FLOATING = re.compile(r"^([+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|[+-]?INF|NaN)$")
_LEXICAL = {
    **{name: re.compile(r"^[+-]?\d+$") for name in _INTEGER_NAMES},
    "decimal": re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$"),
    "double": _FLOATING,
    "float": _FLOATING,
    "boolean": re.compile(r"^(true|false|1|0)$"),
    "date": re.compile(r"^-?\d{4,}-\d{2}-\d{2}(Z|[+-]\d{2}:\d{2})?$"),
    "dateTime": re.compile(r"^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$"),
    "gYear": re.compile(r"^-?\d{4,}(Z|[+-]\d{2}:\d{2})?$"),
    "gYearMonth": re.compile(r"^-?\d{4,}-\d{2}(Z|[+-]\d{2}:\d{2})?$"),
    "time": re.compile(r"^\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$"),
}


class Terms:
    """Renders IRIs and literals, and remembers which prefixes were used."""

    def __init__(self, prefixes: Mapping[str, str]) -> None:
        for name, namespace in prefixes.items():
            if not _PREFIX_NAME.match(name):
                raise GraphCompileError(f"invalid prefix name {name!r}")
            check_iri(namespace, "prefix namespace")
        # Longest namespace first, so the most specific prefix wins.
        self._prefixes = sorted(prefixes.items(), key=lambda item: (-len(item[1]), item[0]))
        self.used: dict[str, str] = {}

    def iri(self, iri: str, what: str = "IRI") -> str:
        full = check_iri(iri, what)
        for name, namespace in self._prefixes:
            if iri.startswith(namespace) and _SAFE_LOCAL.match(iri[len(namespace):]):
                self.used[name] = namespace
                return f"{name}:{iri[len(namespace):]}"
        return full

    def predicate(self, iri: str, what: str = "link") -> str:
        return "a" if iri == RDF_TYPE else self.iri(iri, what)

    def literal(self, value: str | float | bool, datatype: str | None, what: str) -> str:
        lexical, datatype = lexical_form(value, datatype, what)
        if datatype is None or datatype == XSD_STRING:
            return escaped_string(lexical, what)
        check_iri(datatype, "datatype")
        if datatype.startswith(XSD) and _SAFE_LOCAL.match(datatype[len(XSD):]):
            # Same escaping as str(Literal(...)), with the datatype written as xsd:name for readability.
            return f"{escaped_string(lexical, what)}^^{self.iri(datatype)}"
        return str(Literal(lexical, datatype=NamedNode(datatype)))


def check_iri(iri: object, what: str) -> str:
    """``<iri>``, or :class:`GraphCompileError` naming ``what`` when it is not an IRI."""
    if not isinstance(iri, str) or not iri:
        raise GraphCompileError(f"{what} must be a non-empty IRI, got {iri!r}")
    try:
        return str(NamedNode(iri))
    except (ValueError, UnicodeError) as error:
        raise GraphCompileError(f"{what} {iri!r} is not a valid IRI: {error}") from None


def escaped_string(text: str, what: str) -> str:
    r"""A SPARQL string literal for ``text``, escaped by pyoxigraph, then made safe for every parser.

    SPARQL lets an engine expand ``\uXXXX`` escapes *before* parsing (rdflib does,
    greedily taking 8 hex digits when it can), so two things must not appear: an escaped
    backslash followed by ``u``/``U``, and a 4-digit escape followed by hex digits. Both
    are rewritten with 8-digit ``\UXXXXXXXX`` escapes, which every engine reads the same.

    >>> print(escaped_string('say "hi"', "value"))
    "say \"hi\""
    >>> len(escaped_string(chr(92) + "u0022", "value"))  # backslash, u, 0022: the u becomes an escape
    18
    """
    try:
        serialised = str(Literal(text))
    except (ValueError, UnicodeError) as error:
        raise GraphCompileError(f"{what} is not valid text: {error}") from None
    if "\\" not in serialised:
        return serialised
    out: list[str] = []
    i, n = 0, len(serialised)
    while i < n:
        char = serialised[i]
        if char != "\\":
            out.append(char)
            i += 1
            continue
        following = serialised[i + 1]
        if following == "u":
            out.append("\\U0000" + serialised[i + 2 : i + 6])
            i += 6
        elif following == "U":
            out.append(serialised[i : i + 10])
            i += 10
        elif following == "\\" and i + 2 < n and serialised[i + 2] in "uU":
            out.append("\\\\" + ("\\U00000075" if serialised[i + 2] == "u" else "\\U00000055"))
            i += 3
        else:
            out.append(serialised[i : i + 2])
            i += 2
    return "".join(out)


def lexical_form(value: object, datatype: str | None, what: str) -> tuple[str, str | None]:
    """The lexical form and datatype of a constraint value, checked against the datatype."""
    if datatype in STRING_DATATYPES:
        datatype = None if datatype != XSD_STRING else datatype
    if isinstance(value, bool):
        lexical = "true" if value else "false"
        datatype = datatype or XSD_BOOLEAN
    elif isinstance(value, int):
        lexical, datatype = str(value), datatype or XSD_INTEGER
    elif isinstance(value, float):
        if math.isnan(value):
            lexical = "NaN"
        elif math.isinf(value):
            lexical = "INF" if value > 0 else "-INF"
        else:
            lexical = repr(value)
        datatype = datatype or XSD_DOUBLE
    elif isinstance(value, str):
        lexical = value
    else:
        raise GraphCompileError(f"{what}: unsupported value {value!r}")
    if datatype and datatype.startswith(XSD):
        pattern = _LEXICAL.get(datatype[len(XSD):])
        if datatype[len(XSD):] in _INTEGER_NAMES and isinstance(value, float) and value.is_integer():
            lexical = str(int(value))
        if pattern and not pattern.match(lexical):
            raise GraphCompileError(f"{what}: {lexical!r} is not a valid xsd:{datatype[len(XSD):]}")
    return lexical, datatype

"""The one copy of the RDF vocabulary every layer speaks: namespaces, datatype kinds, IRI labels.

Everything here is a constant or a pure function of a string, so any layer may
import it. When a new XSD datatype or a new well-known IRI is needed, it goes
here, not into the module that first needs it: the number and date sets once
existed three times and disagreed about ``xsd:time``.
"""

from __future__ import annotations

import difflib
import functools
import re
from enum import Enum

__all__ = [
    "BOOLEAN_DATATYPES",
    "DATE_DATATYPES",
    "DBPEDIA_DATATYPE",
    "INTEGER_DATATYPES",
    "NUMBER_DATATYPES",
    "OWL",
    "OWL_CLASS",
    "OWL_THING",
    "RDF",
    "RDFS",
    "RDFS_COMMENT",
    "RDFS_LABEL",
    "RDFS_LITERAL",
    "RDFS_SUBCLASS_OF",
    "RDF_LANG_STRING",
    "RDF_TYPE",
    "SKOS_PREF_LABEL",
    "TIME_DATATYPES",
    "XSD",
    "XSD_BOOLEAN",
    "XSD_DECIMAL",
    "XSD_DOUBLE",
    "XSD_INTEGER",
    "XSD_STRING",
    "DatatypeKind",
    "datatype_kind",
    "plain_label",
    "spelled_label",
    "value_kind",
    "instance_label",
    "label_from_local_name",
    "local_name",
]

# -- namespaces ------------------------------------------------------------------------
RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
RDFS = "http://www.w3.org/2000/01/rdf-schema#"
OWL = "http://www.w3.org/2002/07/owl#"
XSD = "http://www.w3.org/2001/XMLSchema#"
SKOS = "http://www.w3.org/2004/02/skos/core#"
# DBpedia types values by unit (<datatype/squareKilometre>); they are numbers in practice.
DBPEDIA_DATATYPE = "http://dbpedia.org/datatype/"

# -- well-known terms --------------------------------------------------------------------
RDF_TYPE = RDF + "type"
RDF_LANG_STRING = RDF + "langString"
RDFS_LABEL = RDFS + "label"
RDFS_COMMENT = RDFS + "comment"
RDFS_LITERAL = RDFS + "Literal"
RDFS_SUBCLASS_OF = RDFS + "subClassOf"
OWL_THING = OWL + "Thing"
OWL_CLASS = OWL + "Class"
SKOS_PREF_LABEL = SKOS + "prefLabel"
XSD_STRING = XSD + "string"
XSD_BOOLEAN = XSD + "boolean"
XSD_INTEGER = XSD + "integer"
XSD_DECIMAL = XSD + "decimal"
XSD_DOUBLE = XSD + "double"

# -- datatype kinds ------------------------------------------------------------------------
INTEGER_DATATYPES = frozenset(XSD + name for name in (
    "integer", "int", "long", "short", "byte", "nonNegativeInteger", "positiveInteger",
    "nonPositiveInteger", "negativeInteger", "unsignedInt", "unsignedLong", "unsignedShort", "unsignedByte",
))
NUMBER_DATATYPES = INTEGER_DATATYPES | {XSD + name for name in ("decimal", "double", "float")}
# Calendar positions: each value names a point or span on a timeline.
DATE_DATATYPES = frozenset(XSD + name for name in ("date", "dateTime", "dateTimeStamp", "gYear", "gYearMonth"))
# xsd:time is a time of day: ordered, but with no calendar position, so it is not a date. Counted as a
# date, the constraint editor rejected every real value ("12:30:00" is no YYYY-MM-DD) and a chart would
# put it on a timeline; counted as plain text, "earlier than" would be lost. Hence its own kind.
TIME_DATATYPES = frozenset({XSD + "time"})
BOOLEAN_DATATYPES = frozenset({XSD_BOOLEAN})


class DatatypeKind(str, Enum):
    """What a literal's datatype means to a person: which editor, which comparisons, which chart."""

    TEXT = "text"
    NUMBER = "number"
    DATE = "date"
    TIME = "time"
    BOOLEAN = "boolean"


def datatype_kind(datatype: str | None) -> DatatypeKind:
    """The kind of a datatype IRI; anything unknown (or no datatype) is text.

    >>> datatype_kind(XSD + "nonNegativeInteger").value
    'number'
    >>> datatype_kind(XSD + "gYear").value
    'date'
    >>> datatype_kind(XSD + "time").value
    'time'
    >>> datatype_kind("http://dbpedia.org/datatype/squareKilometre").value
    'number'
    >>> datatype_kind(None).value, datatype_kind(RDF_LANG_STRING).value
    ('text', 'text')
    """
    if not datatype:
        return DatatypeKind.TEXT
    if datatype in NUMBER_DATATYPES or datatype.startswith(DBPEDIA_DATATYPE):
        return DatatypeKind.NUMBER
    if datatype in DATE_DATATYPES:
        return DatatypeKind.DATE
    if datatype in TIME_DATATYPES:
        return DatatypeKind.TIME
    if datatype in BOOLEAN_DATATYPES:
        return DatatypeKind.BOOLEAN
    return DatatypeKind.TEXT


def value_kind(datatype: str | None, label: str) -> DatatypeKind:
    """The kind of an attribute's values, where a year held as a whole number ("founding year") is a date.

    >>> value_kind(XSD_INTEGER, "founding year").value, value_kind(XSD_INTEGER, "page count").value
    ('date', 'number')
    """
    kind = datatype_kind(datatype)
    return DatatypeKind.DATE if kind is DatatypeKind.NUMBER and "year" in label.lower().split() else kind


# -- IRI -> readable label ----------------------------------------------------------------
def local_name(iri: str) -> str:
    """The part of an IRI after its last ``#`` or ``/``.

    >>> local_name("http://dbpedia.org/ontology/almaMater")
    'almaMater'
    >>> local_name("http://example.org/onto#Person/")
    'Person'
    """
    return re.split(r"[#/]", iri.rstrip("/#"))[-1]


@functools.lru_cache(maxsize=8192)
def plain_label(label: str) -> str:
    """A label as people say it: lower case, without its qualifier or unit.

    >>> plain_label("Creator (Agent)"), plain_label("weight (kg)"), plain_label("alma  mater")
    ('creator', 'weight', 'alma mater')
    """
    return " ".join(re.sub(r"\([^)]*\)", " ", label).lower().split())


@functools.lru_cache(maxsize=16384)  # asked for every candidate link of every ranking, so read once per link
def spelled_label(label: str, iri: str) -> str:
    """:func:`plain_label`, unless the IRI spells the same words better: a label typed by hand can slip where
    the identifier, used in every query, has not (DBpedia labels dbo:silverMedalist "siler medalist").

    >>> spelled_label("siler medalist", "http://dbpedia.org/ontology/silverMedalist")
    'silver medalist'
    >>> spelled_label("country", "http://dbpedia.org/ontology/collectionSize")
    'country'
    """
    plain, named = plain_label(label), label_from_local_name(iri)
    words, named_words = plain.split(), named.split()
    if plain == named or len(words) != len(named_words):
        return plain
    close = all(difflib.SequenceMatcher(None, said, spelled).ratio() >= _SAME_WORD_RATIO
                for said, spelled in zip(words, named_words))
    return named if close else plain


# Letters two spellings of one word share: "siler" and "silver" (0.91), not "width" and "length" (0.55).
_SAME_WORD_RATIO = 0.8


def label_from_local_name(iri: str) -> str:
    """A readable label for an ontology term (class or property) that has none.

    camelCase is split and the words lower-cased, as labels of terms are; an
    IRI whose local name has no words is its own label.

    >>> label_from_local_name("http://dbpedia.org/ontology/IceHockeyPlayer")
    'ice hockey player'
    >>> label_from_local_name("http://example.org/hasISBN_code")
    'has isbn code'
    >>> label_from_local_name("http://example.org/_")
    'http://example.org/_'
    """
    name = local_name(iri).replace("_", " ").replace("-", " ")
    name = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", name)
    return re.sub(r"\s+", " ", name).strip().lower() or iri


def instance_label(iri: str) -> str:
    """A readable label for an instance that has none: its local name with spaces, case kept.

    Instances are mostly proper names (``dbr:Wayne_Gretzky``), so unlike
    :func:`label_from_local_name` this neither splits camelCase nor lower-cases.

    >>> instance_label("http://dbpedia.org/resource/Wayne_Gretzky")
    'Wayne Gretzky'
    """
    return local_name(iri).replace("_", " ") or iri

"""Ontology loading: one loader per source, one immutable model for everything above.

Holds the :class:`Ontology` model (``model``), the loaders for files (``files``)
and SPARQL endpoints (``endpoint``) that share one triples-to-ontology builder
(``build``), and ``vocab``, the one copy of the RDF/RDFS/OWL/XSD vocabulary,
datatype kinds and IRI labels. This is the bottom floor: it imports no other
project package, only pyoxigraph and pydantic, and raises
standard exceptions (:class:`OntologyLoadError` is a ``ValueError``).
"""

from .build import ontology_from_triples
from .endpoint import load_ontology_from_endpoint
from .errors import OntologyLoadError
from .files import load_ontology, read_triples
from .model import Attribute, Link, Ontology, OntologyClass
from .vocab import (
    BOOLEAN_DATATYPES,
    DATE_DATATYPES,
    DBPEDIA_DATATYPE,
    INTEGER_DATATYPES,
    NUMBER_DATATYPES,
    OWL,
    OWL_CLASS,
    OWL_THING,
    RDF,
    RDF_LANG_STRING,
    RDF_TYPE,
    RDFS,
    RDFS_COMMENT,
    RDFS_LABEL,
    RDFS_LITERAL,
    RDFS_SUBCLASS_OF,
    SKOS_PREF_LABEL,
    TIME_DATATYPES,
    XSD,
    XSD_BOOLEAN,
    XSD_DECIMAL,
    XSD_DOUBLE,
    XSD_INTEGER,
    XSD_STRING,
    DatatypeKind,
    datatype_kind,
    instance_label,
    label_from_local_name,
    local_name,
    plain_label,
    spelled_label,
    value_kind,
)

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
    "Attribute",
    "DatatypeKind",
    "Link",
    "Ontology",
    "OntologyClass",
    "OntologyLoadError",
    "datatype_kind",
    "instance_label",
    "label_from_local_name",
    "load_ontology",
    "load_ontology_from_endpoint",
    "local_name",
    "ontology_from_triples",
    "plain_label",
    "read_triples",
    "spelled_label",
    "value_kind",
]

"""Ontology loading: one loader per source, one immutable model for everything above."""

from .build import ontology_from_triples
from .endpoint import load_ontology_from_endpoint
from .errors import OntologyLoadError
from .files import load_ontology, read_triples
from .model import OWL_THING, Attribute, Link, Ontology, OntologyClass, label_from_local_name, local_name

__all__ = [
    "OWL_THING",
    "Attribute",
    "Link",
    "Ontology",
    "OntologyClass",
    "OntologyLoadError",
    "label_from_local_name",
    "load_ontology",
    "load_ontology_from_endpoint",
    "local_name",
    "ontology_from_triples",
    "read_triples",
]

"""Shared fixtures for the graph editor tests: a small ontology with a class hierarchy."""

from __future__ import annotations

import pytest

from app.graph import edits
from app.graph.model import PrototypeGraph
from ontology_loaders import XSD, Attribute, Link, Ontology, OntologyClass

EX = "http://ex.org/"


@pytest.fixture(scope="module")
def onto() -> Ontology:
    return Ontology(
        classes=[
            OntologyClass(iri=EX + "Agent", label="agent"),
            OntologyClass(iri=EX + "Person", label="person", parents=(EX + "Agent",)),
            OntologyClass(iri=EX + "Athlete", label="athlete", parents=(EX + "Person",)),
            OntologyClass(iri=EX + "Place", label="place"),
            OntologyClass(iri=EX + "University", label="university"),
        ],
        links=[
            Link(iri=EX + "birthPlace", label="birth place", domain=EX + "Person", range=EX + "Place"),
            Link(iri=EX + "almaMater", label="alma mater", domain=EX + "Person", range=EX + "University"),
            Link(iri=EX + "child", label="child", domain=EX + "Person", range=EX + "Person"),
            Link(iri=EX + "related", label="related"),  # owl:Thing → owl:Thing
        ],
        attributes=[
            Attribute(iri=EX + "birthYear", label="birth year", domain=EX + "Person", range=XSD + "gYear"),
            Attribute(iri=EX + "height", label="height", domain=EX + "Athlete", range=XSD + "double"),
            Attribute(iri=EX + "active", label="active", domain=EX + "Person", range=XSD + "boolean"),
        ],
    )


@pytest.fixture()
def person_place(onto) -> PrototypeGraph:
    g = edits.add_node(PrototypeGraph(), EX + "Person", onto)
    return edits.add_node(g, EX + "Place", onto)

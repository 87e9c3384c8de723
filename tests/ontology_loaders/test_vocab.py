"""The one vocabulary: namespaces, datatype kinds and IRI labels agree for every layer."""

from __future__ import annotations

import pytest

import ontology_loaders
from ontology_loaders import vocab
from ontology_loaders.vocab import (
    DATE_DATATYPES,
    NUMBER_DATATYPES,
    OWL_THING,
    RDF_TYPE,
    RDFS_LABEL,
    TIME_DATATYPES,
    XSD,
    DatatypeKind,
    datatype_kind,
    instance_label,
    label_from_local_name,
    local_name,
)


def test_well_known_iris():
    assert RDF_TYPE == "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
    assert RDFS_LABEL == "http://www.w3.org/2000/01/rdf-schema#label"
    assert OWL_THING == "http://www.w3.org/2002/07/owl#Thing"
    assert XSD == "http://www.w3.org/2001/XMLSchema#"


def test_every_name_is_exported_from_the_package():
    assert set(vocab.__all__) <= set(ontology_loaders.__all__)
    assert all(getattr(ontology_loaders, name) is getattr(vocab, name) for name in vocab.__all__)


@pytest.mark.parametrize(("local", "kind"), [
    ("integer", DatatypeKind.NUMBER), ("unsignedByte", DatatypeKind.NUMBER), ("double", DatatypeKind.NUMBER),
    ("date", DatatypeKind.DATE), ("dateTime", DatatypeKind.DATE), ("gYearMonth", DatatypeKind.DATE),
    ("time", DatatypeKind.TIME), ("boolean", DatatypeKind.BOOLEAN),
    ("string", DatatypeKind.TEXT), ("anyURI", DatatypeKind.TEXT),
])
def test_datatype_kinds(local, kind):
    assert datatype_kind(XSD + local) is kind


def test_time_is_not_a_date():
    assert not TIME_DATATYPES & DATE_DATATYPES
    assert not (TIME_DATATYPES | DATE_DATATYPES) & NUMBER_DATATYPES


def test_unknown_and_unit_datatypes():
    assert datatype_kind(None) is DatatypeKind.TEXT
    assert datatype_kind("http://example.org/celsius") is DatatypeKind.TEXT
    assert datatype_kind("http://dbpedia.org/datatype/squareKilometre") is DatatypeKind.NUMBER


def test_labels_from_iris():
    assert local_name("http://example.org/onto#hasPart") == "hasPart"
    assert label_from_local_name("http://example.org/onto#hasPart") == "has part"
    assert label_from_local_name("http://example.org/ISBNCode") == "isbn code"
    assert label_from_local_name("http://example.org/well-known_thing") == "well known thing"
    assert instance_label("http://dbpedia.org/resource/New_York_City") == "New York City"
    assert instance_label("") == ""

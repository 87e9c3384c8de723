"""Hostile input files: XML entity expansion, decompression bombs, owlready2's noise on stderr."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from ontology_loaders import OntologyLoadError, load_ontology, read_triples
from ontology_loaders.inputs import GuardedReader, open_input

EX = "http://example.org/zoo#"
RDF_HEAD = ('<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
            'xmlns:owl="http://www.w3.org/2002/07/owl#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#">')
CLASS = f'<owl:Class rdf:about="{EX}Animal"><rdfs:label>&l2;</rdfs:label></owl:Class>'


def _laughs(levels: int = 3) -> str:
    """A DTD of nested entities: each level repeats the one below ten times (10**levels "lol"s)."""
    entities = ['<!ENTITY l0 "lol">'] + [f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, levels + 1)]
    return f"<!DOCTYPE rdf:RDF [{''.join(entities)}]>"


def _owl_xml(body: str) -> str:
    return (f'<?xml version="1.0"?>\n<Ontology xmlns="http://www.w3.org/2002/07/owl#" '
            f'ontologyIRI="http://example.org/tiny">{body}</Ontology>')


OWL_XML_CLASSES = (f'<Declaration><Class IRI="{EX}Animal"/></Declaration>'
                   f'<Declaration><Class IRI="{EX}Cat"/></Declaration>'
                   f'<SubClassOf><Class IRI="{EX}Cat"/><Class IRI="{EX}Animal"/></SubClassOf>')


def test_nested_entities_are_refused_before_any_parser_expands_them(tmp_path):
    bomb = tmp_path / "laughs.rdf"
    bomb.write_text(f'<?xml version="1.0"?>\n{_laughs()}\n{RDF_HEAD}{CLASS}</rdf:RDF>')
    with pytest.raises(OntologyLoadError, match=r"laughs\.rdf: declares a DOCTYPE or ENTITY"):
        load_ontology([bomb])


@pytest.mark.parametrize("where", ["inside the root", "lower case", "across two blocks"])
def test_a_dtd_is_found_wherever_pyoxigraph_would_read_it(tmp_path, where):
    # pyoxigraph's RDF/XML parser reads a DOCTYPE even after the root element starts.
    dtd = _laughs()
    if where == "inside the root":
        text = f"{RDF_HEAD}{dtd}{CLASS}</rdf:RDF>"
    elif where == "lower case":
        text = f"{dtd.replace('DOCTYPE', 'doctype')}{RDF_HEAD}{CLASS}</rdf:RDF>"
    else:
        padding = "<!-- " + "x" * (65536 - len(RDF_HEAD) - 13) + " -->"
        text = f"{RDF_HEAD}{padding}{dtd}{CLASS}</rdf:RDF>"
        assert text.index("<!DOCTYPE") < 65536 < text.index("<!DOCTYPE") + 9  # the marker straddles two blocks
    path = tmp_path / "zoo.owl"
    path.write_text(text)
    with pytest.raises(OntologyLoadError, match="DOCTYPE or ENTITY"):
        list(read_triples(path))


def test_owl_xml_with_a_dtd_past_the_first_block_is_refused_inside_owlready2(tmp_path):
    many = "".join(f'<Declaration><Class IRI="{EX}C{i}"/></Declaration>' for i in range(2000))
    path = tmp_path / "big.owl"
    path.write_text(_owl_xml(many + _laughs() + OWL_XML_CLASSES))
    assert path.stat().st_size > 70_000
    with pytest.raises(OntologyLoadError, match=r"big\.owl: declares a DOCTYPE"):
        load_ontology([path])


def test_a_dtd_in_a_non_xml_file_is_just_text(tmp_path):
    path = tmp_path / "zoo.ttl"
    path.write_text(f'<{EX}Animal> a <http://www.w3.org/2002/07/owl#Class> ; '
                    f'<http://www.w3.org/2000/01/rdf-schema#comment> "<!DOCTYPE html>" .')
    assert load_ontology([path]).get_class(EX + "Animal") is not None


def test_utf16_xml_is_refused(tmp_path):
    path = tmp_path / "wide.rdf"
    path.write_bytes(f'<?xml version="1.0" encoding="UTF-16"?>{RDF_HEAD}</rdf:RDF>'.encode("utf-16"))
    with pytest.raises(OntologyLoadError, match="must be saved as UTF-8"):
        list(read_triples(path))


def _gzip_of_spaces(path: Path, megabytes: int) -> Path:
    with gzip.open(path, "wb") as out:
        for _ in range(megabytes):
            out.write(b" " * (1024 * 1024))
        out.write(f"<{EX}A> a <http://www.w3.org/2002/07/owl#Class> .\n".encode())
    return path


def test_a_gzip_that_inflates_past_the_limit_is_refused(tmp_path):
    bomb = _gzip_of_spaces(tmp_path / "bomb.ttl.gz", 8)
    assert bomb.stat().st_size < 100_000
    with pytest.raises(OntologyLoadError, match=r"bomb\.ttl\.gz: larger than 1 MB once decompressed"):
        load_ontology([bomb], max_bytes=1024 * 1024)
    assert load_ontology([bomb], max_bytes=16 * 1024 * 1024).get_class(EX + "A") is not None


def test_the_reader_stops_at_the_limit_instead_of_inflating_everything(tmp_path):
    bomb = _gzip_of_spaces(tmp_path / "bomb.nt.gz", 32)
    reader = open_input(bomb, max_bytes=1024 * 1024)
    read = 0
    with pytest.raises(OntologyLoadError), reader:
        while chunk := reader.read(4096):
            read += len(chunk)
    assert read <= 1024 * 1024 and reader.refusal is not None


def test_a_refusal_is_raised_again_on_the_next_read():
    reader = GuardedReader(__import__("io").BytesIO(b"<!ENTITY a 'b'>" + b" " * 10), name="x.xml", xml=True)
    for _ in range(2):
        with pytest.raises(OntologyLoadError, match="x.xml"):
            reader.read(4)


def test_owlready2_failures_are_one_clean_line_and_nothing_on_stderr(tmp_path, capfd):
    path = tmp_path / "broken.owl"
    path.write_text(_owl_xml(OWL_XML_CLASSES + f'<SubClassOf><Class IRI="{EX}Cat"/><Foo/></SubClassOf>'))
    with pytest.raises(OntologyLoadError) as caught:
        load_ontology([path])
    message = str(caught.value)
    assert message.startswith(f"{path}: cannot read OWL/XML (OWL/XML parsing error, line ")
    assert "\n" not in message and "???" not in message
    assert capfd.readouterr().err == ""

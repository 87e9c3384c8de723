import gzip
from pathlib import Path

import pyoxigraph as ox
import pytest

from ontology_loaders import OWL_THING, OntologyLoadError, load_ontology

DBO = "http://dbpedia.org/ontology/"
EX = "http://example.org/zoo#"

SMALL_TTL = f"""
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix ex: <{EX}> .
ex:Animal a owl:Class ; rdfs:label "animal"@en, "Tier"@de .
ex:Mammal a owl:Class ; rdfs:subClassOf ex:Animal ; rdfs:label "Säugetier"@de .
ex:BigCat a owl:Class ; rdfs:subClassOf ex:Mammal .
ex:Keeper a owl:Class ; rdfs:comment "looks after animals"@en .
ex:Enclosure a owl:Class .
ex:feeds a owl:ObjectProperty ; rdfs:domain ex:Keeper ; rdfs:range ex:Animal .
ex:livesIn a owl:ObjectProperty ; rdfs:domain ex:Animal ; rdfs:range ex:Enclosure .
ex:nearTo a owl:ObjectProperty .
ex:weightKg a owl:DatatypeProperty ; rdfs:domain ex:Animal ; rdfs:range xsd:decimal .
ex:name a owl:DatatypeProperty ; rdfs:range xsd:string .
"""


@pytest.fixture()
def small_ttl(tmp_path: Path) -> Path:
    path = tmp_path / "zoo.ttl"
    path.write_text(SMALL_TTL)
    return path


def _convert(source: Path, target: Path, fmt: ox.RdfFormat) -> Path:
    ox.serialize(ox.parse(path=source), output=target, format=fmt)
    return target


def test_real_dbpedia_counts_and_facts(dbo_ontology):
    assert dbo_ontology.stats()["classes"] == 790
    assert dbo_ontology.stats()["object_properties"] == 1172
    assert dbo_ontology.stats()["datatype_properties"] == 1857
    assert dbo_ontology.is_subclass(DBO + "IceHockeyPlayer", DBO + "Person")
    assert not dbo_ontology.is_subclass(DBO + "Person", DBO + "IceHockeyPlayer")
    death_place = [link.iri for link in dbo_ontology.links_between(DBO + "Person", DBO + "Place")]
    assert DBO + "deathPlace" in death_place
    assert dbo_ontology.get_link(DBO + "deathPlace").domain == DBO + "Animal"
    assert DBO + "almaMater" in [link.iri for link in dbo_ontology.links_between(DBO + "Person", DBO + "University")]
    assert DBO + "almaMater" not in [link.iri for link in dbo_ontology.links_between(DBO + "University", DBO + "Person")]
    # A link with no domain (dbo:country) applies to everything, ending in a Country.
    assert dbo_ontology.get_link(DBO + "country").domain == OWL_THING
    assert DBO + "country" in [link.iri for link in dbo_ontology.links_between(DBO + "Ship", DBO + "Country")]
    # dbo.ttl states Novel ⊑ dbo:book and Hospital ⊑ dbo:building, classes it never declares: read as Book, Building
    assert dbo_ontology.is_subclass(DBO + "Novel", DBO + "Work")
    assert dbo_ontology.is_subclass(DBO + "Hospital", DBO + "Building")
    assert DBO + "author" in [link.iri for link in dbo_ontology.links_between(DBO + "Novel", DBO + "Writer")]
    # dbo:dissolutionDate's domain is written "Organisation,_PopulatedPlace", a union no class is: read as the class
    # above both, so companies and cities have it; dbo:defunct's "company" is Company
    assert DBO + "dissolutionDate" in [a.iri for a in dbo_ontology.attributes_of(DBO + "Company")]
    assert DBO + "dissolutionDate" in [a.iri for a in dbo_ontology.attributes_of(DBO + "City")]
    assert dbo_ontology.get_attribute(DBO + "defunct").domain == DBO + "Company"


def test_hierarchy_is_transitive_and_attributes_are_inherited(small_ttl):
    onto = load_ontology([small_ttl])
    assert onto.is_subclass(EX + "BigCat", EX + "Animal")
    assert onto.descendants(EX + "Animal") == {EX + "Animal", EX + "Mammal", EX + "BigCat"}
    assert [a.iri for a in onto.attributes_of(EX + "BigCat")] == [EX + "name", EX + "weightKg"]
    assert [a.iri for a in onto.attributes_of(EX + "Keeper")] == [EX + "name"]
    assert [link.iri for link in onto.links_between(EX + "Keeper", EX + "BigCat")] == [EX + "feeds", EX + "nearTo"]
    assert onto.get_link(EX + "nearTo").domain == OWL_THING


def test_labels_prefer_language_then_fall_back_to_local_name(small_ttl):
    english = load_ontology([small_ttl])
    assert english.get_class(EX + "Animal").label == "animal"
    assert english.get_class(EX + "Mammal").label == "Säugetier"  # the only label there is
    assert english.get_class(EX + "BigCat").label == "big cat"
    assert english.get_class(EX + "Keeper").comment == "looks after animals"
    assert load_ontology([small_ttl], language="de").get_class(EX + "Animal").label == "Tier"


@pytest.mark.parametrize(
    ("suffix", "fmt"),
    [(".nt", ox.RdfFormat.N_TRIPLES), (".rdf", ox.RdfFormat.RDF_XML), (".owl", ox.RdfFormat.RDF_XML), (".jsonld", ox.RdfFormat.JSON_LD)],
)
def test_every_rdf_format_loads_the_same_ontology(small_ttl, tmp_path, suffix, fmt):
    converted = _convert(small_ttl, tmp_path / f"zoo{suffix}", fmt)
    assert load_ontology([converted]).model_dump(exclude={"sources"}) == load_ontology([small_ttl]).model_dump(exclude={"sources"})


def test_gzip_and_several_files_merge(small_ttl, tmp_path):
    gz = tmp_path / "zoo.ttl.gz"
    gz.write_bytes(gzip.compress(small_ttl.read_bytes()))
    extra = tmp_path / "extra.ttl"
    extra.write_text(f"""@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
        <{EX}Lion> a owl:Class ; rdfs:subClassOf <{EX}BigCat> .""")
    merged = load_ontology([gz, extra])
    assert merged.is_subclass(EX + "Lion", EX + "Animal")
    assert len(merged.classes) == len(load_ontology([small_ttl]).classes) + 1


def test_owl_xml_is_read_through_owlready2(tmp_path):
    owx = tmp_path / "tiny.owl"
    owx.write_text(f"""<?xml version="1.0"?>
<Ontology xmlns="http://www.w3.org/2002/07/owl#" ontologyIRI="http://example.org/tiny">
  <Declaration><Class IRI="{EX}Animal"/></Declaration>
  <Declaration><Class IRI="{EX}Cat"/></Declaration>
  <SubClassOf><Class IRI="{EX}Cat"/><Class IRI="{EX}Animal"/></SubClassOf>
</Ontology>""")
    onto = load_ontology([owx])
    assert onto.is_subclass(EX + "Cat", EX + "Animal")


def test_subclass_cycles_are_tolerated(tmp_path):
    path = tmp_path / "cycle.ttl"
    path.write_text(f"""@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
        <{EX}A> a owl:Class ; rdfs:subClassOf <{EX}B> . <{EX}B> a owl:Class ; rdfs:subClassOf <{EX}C> .
        <{EX}C> a owl:Class ; rdfs:subClassOf <{EX}A> .""")
    onto = load_ontology([path])
    assert onto.is_subclass(EX + "A", EX + "C") and onto.is_subclass(EX + "C", EX + "B")


def test_an_end_naming_classes_joined_by_commas_is_the_class_above_them(tmp_path):
    path = tmp_path / "union.ttl"
    path.write_text(f"""@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
        <{EX}Agent> a owl:Class . <{EX}Person> a owl:Class ; rdfs:subClassOf <{EX}Agent> .
        <{EX}Firm> a owl:Class ; rdfs:subClassOf <{EX}Agent> . <{EX}Place> a owl:Class .
        <{EX}fundedBy> a owl:ObjectProperty ; rdfs:domain <{EX}Firm> ; rdfs:range <{EX}Person,_Firm> .
        <{EX}closed> a owl:DatatypeProperty ; rdfs:domain <{EX}Firm,_Place> .
        <{EX}chief> a owl:ObjectProperty ; rdfs:domain <{EX}firm> ; rdfs:range <{EX}Nowhere,_Place> .""")
    onto = load_ontology([path])
    assert onto.get_link(EX + "fundedBy").range == EX + "Agent"
    assert onto.get_attribute(EX + "closed").domain == OWL_THING  # nothing declared is above both
    assert onto.get_link(EX + "chief").domain == EX + "Firm"  # differing only in case
    assert onto.get_link(EX + "chief").range == EX + "Nowhere,_Place"  # not every part is a class: left as written


def test_cache_returns_the_same_ontology(small_ttl, tmp_path):
    cache = tmp_path / "cache"
    first = load_ontology([small_ttl], cache_dir=cache)
    assert len(list(cache.glob("ontology-*.json"))) == 1
    assert load_ontology([small_ttl], cache_dir=cache) == first
    small_ttl.write_text(SMALL_TTL + f"<{EX}Visitor> a <http://www.w3.org/2002/07/owl#Class> .")
    assert load_ontology([small_ttl], cache_dir=cache).get_class(EX + "Visitor") is not None


def test_malformed_file_names_file_line_and_parser_message(tmp_path):
    bad = tmp_path / "bad.ttl"
    bad.write_text('@prefix ex: <http://e/> .\nex:a ex:b ex:c .\nex:a ex:b "unterminated .\n')
    with pytest.raises(OntologyLoadError, match=r"bad\.ttl: line 3: .*(end of file|EOF)"):
        load_ontology([bad])


@pytest.mark.parametrize(
    ("content", "name", "message"),
    [
        ("", "empty.ttl", "no classes found"),
        ("<http://e/a> <http://e/b> <http://e/c> .", "noclasses.ttl", "no classes found"),
        ("whatever", "notes.txt", "unknown RDF file type"),
        ("not gzip", "broken.ttl.gz", "not a valid gzip file"),
    ],
)
def test_bad_files_give_clear_errors(tmp_path, content, name, message):
    path = tmp_path / name
    path.write_text(content)
    with pytest.raises(OntologyLoadError, match=message):
        load_ontology([path])


def test_missing_file_and_no_files(tmp_path):
    with pytest.raises(OntologyLoadError, match="file not found"):
        load_ontology([tmp_path / "absent.ttl"])
    with pytest.raises(OntologyLoadError, match="no ontology file"):
        load_ontology([])


def test_a_cache_from_an_older_reader_is_not_used(small_ttl, tmp_path, monkeypatch):
    import ontology_loaders.files as files

    cache = tmp_path / "cache"
    load_ontology([small_ttl], cache_dir=cache)
    monkeypatch.setattr(files, "READER_VERSION", files.READER_VERSION + "-next")
    load_ontology([small_ttl], cache_dir=cache)
    assert len(list(cache.glob("ontology-*.json"))) == 2  # read afresh under the new reader's key

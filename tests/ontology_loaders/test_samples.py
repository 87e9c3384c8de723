"""The two bundled sample ontologies: they parse, answer the study questions, and stay true to DBpedia."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pyoxigraph as ox
import pytest

from ontology_loaders import load_ontology

SAMPLES = Path(__file__).resolve().parents[2] / "sample_ontologies"
DBPEDIA = SAMPLES / "dbpedia_sample"
LIBRARY = SAMPLES / "library_sample"

DBO = "http://dbpedia.org/ontology/"
DBR = "http://dbpedia.org/resource/"
SYN = "http://protograph.example/synthetic/dbpedia/"
LIB = "http://protograph.example/library/"
LIB_DATA = LIB + "data/"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
RDFS = "http://www.w3.org/2000/01/rdf-schema#"
OWL = "http://www.w3.org/2002/07/owl#"
XSD = "http://www.w3.org/2001/XMLSchema#"

PREFIXES = f"""
PREFIX dbo: <{DBO}>
PREFIX dbr: <{DBR}>
PREFIX lib: <{LIB}>
PREFIX rdfs: <{RDFS}>
PREFIX owl: <{OWL}>
PREFIX geo: <http://www.w3.org/2003/01/geo/wgs84_pos#>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
"""

# The four user-study questions, written the way the compiler writes them:
# strict `?x a <Class>` with no inference.
QUESTIONS = {
    "works by ice hockey players": """
        SELECT ?w ?p WHERE { ?w a dbo:Work ; dbo:author ?p . ?p a dbo:IceHockeyPlayer . }""",
    "authors who won gold": """
        SELECT DISTINCT ?w ?p ?e WHERE { ?w dbo:author ?p . ?e a dbo:SportsEvent ; dbo:goldMedalist ?p . }""",
    "ships in US ports and who died there": """
        SELECT ?s ?pl ?p WHERE {
          ?s a dbo:Ship ; dbo:homeport ?pl . ?pl dbo:country dbr:United_States . ?p dbo:deathPlace ?pl . }""",
    "TV themes by parents with a university degree": """
        SELECT ?show ?w ?p ?c ?u WHERE {
          ?show a dbo:TelevisionShow ; dbo:openingTheme ?w . ?w dbo:composer ?p .
          ?p dbo:child ?c ; dbo:almaMater ?u . ?u a dbo:University . }""",
}

# The classes of the user-study tasks; their dbo ancestors count as task classes too.
TASK_CLASSES = ["Work", "Person", "IceHockeyPlayer", "SportsEvent", "Ship", "Place", "Country",
                "TelevisionShow", "University", "EducationalInstitution"]
TASK_LINKS = ["author", "goldMedalist", "homeport", "country", "deathPlace", "openingTheme", "composer",
              "child", "almaMater"]


def _store(*paths: Path) -> ox.Store:
    store = ox.Store()
    for path in paths:
        store.bulk_load(path=str(path), format=ox.RdfFormat.TURTLE)
    return store


def _rows(store: ox.Store, query: str) -> list[tuple]:
    return [tuple(term.value if term is not None else None for term in row) for row in store.query(PREFIXES + query)]


def _count(store: ox.Store, query: str) -> int:
    return int(next(iter(store.query(PREFIXES + query)))[0].value)


@pytest.fixture(scope="module")
def dbpedia_store() -> ox.Store:
    return _store(DBPEDIA / "ontology.ttl", DBPEDIA / "data.ttl")


@pytest.fixture(scope="module")
def library_store() -> ox.Store:
    return _store(LIBRARY / "ontology.ttl", LIBRARY / "data.ttl")


def schema_violations(store: ox.Store) -> list[tuple]:
    """Triples whose subject or object lacks the declared domain/range type, or whose literal has the wrong datatype."""
    return _rows(store, """
        SELECT ?s ?p ?o ?why WHERE {
          { ?p a owl:ObjectProperty ; rdfs:domain ?c . ?s ?p ?o . FILTER NOT EXISTS { ?s a ?c } BIND("domain" AS ?why) }
          UNION
          { ?p a owl:ObjectProperty ; rdfs:range ?c . ?s ?p ?o . FILTER NOT EXISTS { ?o a ?c } BIND("range" AS ?why) }
          UNION
          { ?p a owl:DatatypeProperty ; rdfs:domain ?c . ?s ?p ?o . FILTER NOT EXISTS { ?s a ?c } BIND("attribute domain" AS ?why) }
          UNION
          { ?p a owl:DatatypeProperty ; rdfs:range ?t . ?s ?p ?o .
            # Oxigraph stores xsd:nonNegativeInteger and xsd:positiveInteger values as xsd:integer.
            FILTER(!isLiteral(?o) || (DATATYPE(?o) != ?t && !(?t IN (xsd:nonNegativeInteger, xsd:positiveInteger)
                   && DATATYPE(?o) = xsd:integer && ?o >= 0)))
            BIND("datatype" AS ?why) }
        }""")


def literal_datatype_mismatches(ontology: Path, data: Path) -> list[tuple[str, str, str]]:
    """Literals in the file whose datatype, as written, differs from the attribute's declared range."""
    ranges = {q.subject.value: q.object.value for q in ox.parse(path=str(ontology), format=ox.RdfFormat.TURTLE)
              if q.predicate.value == RDFS + "range"}
    return [(q.subject.value, q.predicate.value, q.object.datatype.value)
            for q in ox.parse(path=str(data), format=ox.RdfFormat.TURTLE)
            if isinstance(q.object, ox.Literal) and q.predicate.value in ranges
            and q.object.datatype.value != ranges[q.predicate.value]]


def missing_superclass_types(store: ox.Store) -> list[tuple]:
    return _rows(store, """
        SELECT ?x ?c ?parent WHERE { ?x a ?c . ?c rdfs:subClassOf ?parent . FILTER NOT EXISTS { ?x a ?parent } }""")


# -- the checkers themselves ----------------------------------------------------

def test_checkers_catch_violations():
    bad = ox.Store()
    bad.load(input=f"""
        @prefix dbo: <{DBO}> . @prefix rdfs: <{RDFS}> . @prefix owl: <{OWL}> . @prefix xsd: <{XSD}> .
        dbo:Person a owl:Class . dbo:Athlete a owl:Class ; rdfs:subClassOf dbo:Person . dbo:Place a owl:Class .
        dbo:deathPlace a owl:ObjectProperty ; rdfs:domain dbo:Person ; rdfs:range dbo:Place .
        dbo:birthDate a owl:DatatypeProperty ; rdfs:domain dbo:Person ; rdfs:range xsd:date .
        <urn:x:a> a dbo:Athlete ; dbo:deathPlace <urn:x:p> ; dbo:birthDate "1900" .
        <urn:x:p> a dbo:Place .
    """, format=ox.RdfFormat.TURTLE)
    reasons = sorted(row[3] for row in schema_violations(bad))
    # The athlete is not typed Person (no materialisation), and the date is a plain string.
    assert reasons == ["attribute domain", "datatype", "domain"]
    assert missing_superclass_types(bad) == [("urn:x:a", DBO + "Athlete", DBO + "Person")]


# -- DBpedia sample --------------------------------------------------------------

@pytest.mark.parametrize("name", list(QUESTIONS))
def test_dbpedia_question_returns_rows(dbpedia_store, name):
    rows = _rows(dbpedia_store, QUESTIONS[name])
    assert len(rows) >= 3, f"{name}: {len(rows)} rows"
    # At least three answers are built from real DBpedia resources only, not synthetic filler.
    real = [row for row in rows if all(value.startswith(DBR) for value in row)]
    assert len(real) >= 3, f"{name}: only {len(real)} fully real rows"


def test_dbpedia_question_answers_include_known_facts(dbpedia_store):
    works = {(w, p) for w, p in _rows(dbpedia_store, QUESTIONS["works by ice hockey players"])}
    assert (DBR + "The_Game_(Dryden_book)", DBR + "Ken_Dryden") in works
    ships = {(s, p) for s, _, p in _rows(dbpedia_store, QUESTIONS["ships in US ports and who died there"])}
    assert (DBR + "USS_Constitution", DBR + "Paul_Revere") in ships
    themes = {(show, p) for show, _, p, _, _ in _rows(dbpedia_store, QUESTIONS["TV themes by parents with a university degree"])}
    assert (DBR + "The_Muppet_Show", DBR + "Jim_Henson") in themes


def _sample_terms(store: ox.Store) -> dict[str, set[str]]:
    kinds = {"Class": "class", "ObjectProperty": "link", "DatatypeProperty": "attribute"}
    terms: dict[str, set[str]] = defaultdict(set)
    for iri, kind in _rows(store, "SELECT ?t ?k WHERE { VALUES ?k { owl:Class owl:ObjectProperty owl:DatatypeProperty } ?t a ?k }"):
        terms[kinds[kind.rsplit("#", 1)[1]]].add(iri)
    return terms


def _task_closure(store: ox.Store) -> set[str]:
    closure = set()
    for name in TASK_CLASSES:
        closure |= {row[0] for row in _rows(store, f"SELECT ?a WHERE {{ dbo:{name} rdfs:subClassOf* ?a }}")}
    return closure


def test_dbpedia_ontology_is_large_enough(dbpedia_store):
    terms = _sample_terms(dbpedia_store)
    task_classes = _task_closure(dbpedia_store)
    assert {DBO + n for n in ["WinterSportPlayer", "Athlete", "Animal", "Eukaryote", "Species", "PopulatedPlace",
                              "Organisation", "Agent"]} <= task_classes
    assert all(iri.startswith(DBO) for iri in terms["class"])
    assert len(terms["class"] - task_classes) >= 60
    extra_properties = (terms["link"] | terms["attribute"]) - {DBO + n for n in TASK_LINKS}
    assert len({p for p in extra_properties if p.startswith(DBO)}) >= 60
    assert {DBO + n for n in TASK_LINKS} <= terms["link"]
    unlabelled = _rows(dbpedia_store, """SELECT ?t WHERE { VALUES ?k { owl:Class owl:ObjectProperty owl:DatatypeProperty }
        ?t a ?k . FILTER NOT EXISTS { ?t rdfs:label ?l FILTER(lang(?l) = "en") }
        FILTER NOT EXISTS { ?t rdfs:comment ?c FILTER(lang(?c) = "en") } }""")
    assert unlabelled == []


def test_dbpedia_task_terms_keep_their_real_shape(dbpedia_store):
    def objects(subject: str, predicate: str) -> set[str]:
        return {row[0] for row in _rows(dbpedia_store, f"SELECT ?o WHERE {{ {subject} {predicate} ?o }}")}

    assert objects("dbo:deathPlace", "rdfs:domain") == {DBO + "Animal"}
    assert objects("dbo:deathPlace", "rdfs:range") == {DBO + "Place"}
    assert objects("dbo:country", "rdfs:domain") == set()
    assert objects("dbo:country", "rdfs:range") == {DBO + "Country"}
    assert objects("dbo:almaMater", "rdfs:range") == {DBO + "EducationalInstitution"}
    assert objects("dbo:openingTheme", "rdfs:domain") == {DBO + "TelevisionShow"}
    chain = [row[0] for row in _rows(dbpedia_store, "SELECT ?a WHERE { dbo:IceHockeyPlayer rdfs:subClassOf* ?a }")]
    assert set(chain) == {DBO + n for n in ["IceHockeyPlayer", "WinterSportPlayer", "Athlete", "Person", "Animal",
                                            "Eukaryote", "Species"]}
    assert objects("dbo:Country", "rdfs:subClassOf") == {DBO + "PopulatedPlace"}
    assert objects("dbo:University", "rdfs:subClassOf") == {DBO + "EducationalInstitution"}


def test_dbpedia_terms_equal_the_real_ontology(dbpedia_store, dbo_path):
    real = _store(dbo_path)
    terms = _sample_terms(dbpedia_store)
    checked = 0
    for kind, iris in terms.items():
        for iri in sorted(i for i in iris if i.startswith(DBO)):
            for predicate in ("rdfs:subClassOf", "rdfs:domain", "rdfs:range"):
                query = f"SELECT ?o WHERE {{ <{iri}> {predicate} ?o }}"
                ours = {row[0] for row in _rows(dbpedia_store, query)}
                theirs = {row[0] for row in _rows(real, query)}
                if predicate == "rdfs:subClassOf":
                    # Parents outside DBpedia (schema.org, DUL, owl:Thing) are not carried over.
                    theirs = {o for o in theirs if o.startswith(DBO)}
                assert ours == theirs, f"{iri} {predicate}: sample {ours} != real {theirs}"
            real_kind = _rows(real, f"SELECT ?k WHERE {{ <{iri}> a ?k }}")
            assert any(k[0].endswith({"class": "#Class", "link": "#ObjectProperty", "attribute": "#DatatypeProperty"}[kind])
                       for k in real_kind), iri
            checked += 1
    assert checked >= 200


def test_dbpedia_data_respects_domains_ranges_and_types(dbpedia_store):
    assert schema_violations(dbpedia_store) == []
    assert missing_superclass_types(dbpedia_store) == []
    assert literal_datatype_mismatches(DBPEDIA / "ontology.ttl", DBPEDIA / "data.ttl") == []


def test_dbpedia_data_size_and_namespaces(dbpedia_store):
    entities = {row[0] for row in _rows(dbpedia_store, """
        SELECT DISTINCT ?e WHERE { ?e a ?c ; rdfs:label ?l . FILTER(lang(?l) = "en")
          FILTER NOT EXISTS { VALUES ?k { owl:Class owl:ObjectProperty owl:DatatypeProperty owl:Ontology } ?e a ?k } }""")}
    assert len(entities) >= 500
    assert all(e.startswith(DBR) or e.startswith(SYN) for e in entities)
    real = [e for e in entities if e.startswith(DBR)]
    assert len(real) >= 300
    typed_without_label = _rows(dbpedia_store, """SELECT ?e WHERE { ?e a ?c . ?c a owl:Class .
        FILTER NOT EXISTS { ?e rdfs:label ?l } }""")
    assert typed_without_label == []
    mapped = _count(dbpedia_store, """SELECT (COUNT(DISTINCT ?e) AS ?n) WHERE { ?e geo:lat ?lat ; geo:long ?long .
        FILTER(?lat >= -90 && ?lat <= 90 && ?long >= -180 && ?long <= 180) }""")
    assert mapped >= 100
    # Read from the file: the store would canonicalise nonNegativeInteger to integer.
    typed_values = {q.object.datatype.value for q in ox.parse(path=str(DBPEDIA / "data.ttl"), format=ox.RdfFormat.TURTLE)
                    if isinstance(q.object, ox.Literal)}
    assert {XSD + "date", XSD + "nonNegativeInteger", XSD + "double", XSD + "gYear", XSD + "string"} <= typed_values


def test_dbpedia_sample_loads_through_the_project_loader():
    onto = load_ontology([DBPEDIA / "ontology.ttl"])
    assert onto.is_subclass(DBO + "IceHockeyPlayer", DBO + "Person")
    assert DBO + "deathPlace" in [link.iri for link in onto.links_between(DBO + "Person", DBO + "Place")]
    assert DBO + "almaMater" in [link.iri for link in onto.links_between(DBO + "Person", DBO + "University")]
    assert DBO + "homeport" in [link.iri for link in onto.links_between(DBO + "Ship", DBO + "City")]


# -- library sample ---------------------------------------------------------------

def test_library_hierarchy_is_deep(library_store):
    parents = defaultdict(set)
    for child, parent in _rows(library_store, "SELECT ?c ?p WHERE { ?c a owl:Class ; rdfs:subClassOf ?p }"):
        parents[child].add(parent)

    def depth(cls: str, seen: frozenset = frozenset()) -> int:
        return max((1 + depth(p, seen | {cls}) for p in parents.get(cls, ()) if p not in seen), default=0)

    assert max(depth(c) for c in parents) >= 3
    assert all(c.startswith(LIB) for c in parents)


def test_library_datatypes_cover_string_number_date_boolean(library_store):
    used = {row[0] for row in _rows(library_store, """SELECT DISTINCT ?t WHERE {
        ?p a owl:DatatypeProperty ; rdfs:range ?t . ?s ?p ?o }""")}
    assert {XSD + "string", XSD + "integer", XSD + "decimal", XSD + "date", XSD + "boolean"} <= used


def test_library_data_size_and_schema(library_store):
    instances = _count(library_store, f"""SELECT (COUNT(DISTINCT ?e) AS ?n) WHERE {{
        ?e a ?c ; rdfs:label ?l . FILTER(STRSTARTS(STR(?e), "{LIB_DATA}")) }}""")
    assert instances >= 300
    assert _count(library_store, 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o FILTER(CONTAINS(STR(?p), "dbpedia.org")) }') == 0
    assert schema_violations(library_store) == []
    assert missing_superclass_types(library_store) == []
    assert literal_datatype_mismatches(LIBRARY / "ontology.ttl", LIBRARY / "data.ttl") == []
    links = _count(library_store, "SELECT (COUNT(*) AS ?n) WHERE { ?p a owl:ObjectProperty ; rdfs:domain ?d ; rdfs:range ?r }")
    assert links >= 20


def test_library_answers_a_multi_hop_question(library_store):
    rows = _rows(library_store, """SELECT ?book ?member WHERE {
        ?loan a lib:Loan ; lib:isOverdue true ; lib:borrower ?member ; lib:loanedItem ?item .
        ?item lib:copyOf ?book . ?book a lib:Novel . }""")
    assert len(rows) >= 3


def test_library_sample_loads_through_the_project_loader():
    onto = load_ontology([LIBRARY / "ontology.ttl"])
    assert onto.is_subclass(LIB + "Novelist", LIB + "Agent")
    assert LIB + "writtenBy" in [link.iri for link in onto.links_between(LIB + "Novel", LIB + "Poet")]
    assert {a.iri for a in onto.attributes_of(LIB + "Loan")} >= {LIB + "isOverdue", LIB + "lateFee", LIB + "loanDate"}


# -- the committed files are exactly what the scripts write -------------------------

# No __pycache__ left behind in sample_ontologies/ by the build scripts.
NO_BYTECODE = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}


def test_library_build_is_reproducible(tmp_path):
    subprocess.run([sys.executable, str(SAMPLES / "build_library_sample.py"), "--out", str(tmp_path)], check=True,
                   env=NO_BYTECODE, timeout=300)
    for name in ("ontology.ttl", "data.ttl"):
        assert (tmp_path / name).read_bytes() == (LIBRARY / name).read_bytes(), name


def test_dbpedia_build_is_reproducible(tmp_path, dbo_path):
    subprocess.run([sys.executable, str(SAMPLES / "build_dbpedia_sample.py"), "--dbo", str(dbo_path),
                    "--out", str(tmp_path)], check=True, env=NO_BYTECODE,
                   timeout=300)
    for name in ("ontology.ttl", "data.ttl"):
        assert (tmp_path / name).read_bytes() == (DBPEDIA / name).read_bytes(), name

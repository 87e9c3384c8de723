"""Build the DBpedia-style sample: ``dbpedia_sample/ontology.ttl`` and ``data.ttl``.

The ontology is a selection of real DBpedia terms. Labels, comments, domains,
ranges and parents are read from the real DBpedia ontology at build time, so
the sample never drifts from it; the app only ever reads the committed output.
The instance data comes from ``dbpedia_facts.py``.

Run from the project root (deterministic; same input, same bytes)::

    python sample_ontologies/build_dbpedia_sample.py [--dbo ../shared/data/dbpedia/dbo.ttl] [--out DIR]
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pyoxigraph as ox

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import dbpedia_facts  # noqa: E402  (sibling data module, not a package)

DBO = "http://dbpedia.org/ontology/"
DBR = "http://dbpedia.org/resource/"
SYN = "http://protograph.example/synthetic/dbpedia/"
GEO = "http://www.w3.org/2003/01/geo/wgs84_pos#"
RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
RDFS = "http://www.w3.org/2000/01/rdf-schema#"
OWL = "http://www.w3.org/2002/07/owl#"
XSD = "http://www.w3.org/2001/XMLSchema#"

DEFAULT_DBO = HERE.parent.parent / "shared" / "data" / "dbpedia" / "dbo.ttl"

# The classes and links of the paper's user-study tasks. Their dbo ancestors
# (e.g. WinterSportPlayer, Athlete, Animal, Eukaryote, Species) come along.
TASK_CLASSES = [
    "Work", "Person", "IceHockeyPlayer", "SportsEvent", "Ship", "Place", "Country",
    "TelevisionShow", "University", "EducationalInstitution",
]
TASK_LINKS = [
    "author", "goldMedalist", "homeport", "country", "deathPlace", "openingTheme",
    "composer", "child", "almaMater",
]

# Further real classes, so that retrieval has near neighbours to get wrong.
EXTRA_CLASSES = [
    # people
    "Writer", "Poet", "ScreenWriter", "MusicComposer", "Artist", "MusicalArtist", "Actor",
    "Comedian", "Painter", "Politician", "President", "PrimeMinister", "Mayor", "Scientist",
    "Biologist", "Journalist", "Astronaut", "Monarch", "Royalty", "MilitaryPerson",
    "Philosopher", "Architect", "Presenter", "TelevisionHost", "MovieDirector", "Coach",
    "Swimmer", "Boxer", "Gymnast", "AthleticsPlayer", "SoccerPlayer", "BasketballPlayer",
    "TennisPlayer", "BaseballPlayer", "AmericanFootballPlayer", "Skier", "FigureSkater",
    "SpeedSkater", "Curler",
    # places
    "Settlement", "City", "Town", "Village", "Region", "AdministrativeRegion", "Island",
    "Continent", "NaturalPlace", "BodyOfWater", "Lake", "River", "Bay", "Mountain",
    "ArchitecturalStructure", "Building", "Venue", "Stadium", "Arena", "Museum", "Castle",
    "Infrastructure", "Airport", "Port", "Park", "HistoricPlace",
    # organisations
    "Company", "RecordLabel", "Publisher", "Broadcaster", "TelevisionStation",
    "RadioStation", "BroadcastNetwork", "SportsTeam", "HockeyTeam", "SportsLeague",
    "IceHockeyLeague", "PoliticalParty", "Band", "College", "School", "GovernmentAgency",
    "Legislature", "MilitaryUnit",
    # works
    "WrittenWork", "Book", "PeriodicalLiterature", "Newspaper", "Magazine", "Play", "Film",
    "MusicalWork", "Song", "Single", "Album", "Musical", "Opera", "Artwork", "Painting",
    "Software", "VideoGame", "TelevisionEpisode", "Website",
    # events
    "Olympics", "OlympicEvent", "Tournament", "MilitaryConflict", "Election", "SpaceMission",
    # things
    "Aircraft", "Automobile", "Spacecraft", "Award", "Language", "Genre", "MusicGenre",
    "Sport", "Instrument", "Mammal", "Plant",
]

EXTRA_LINKS = [
    "birthPlace", "spouse", "parent", "relative", "sibling", "nationality", "residence",
    "restingPlace", "team", "formerTeam", "draftTeam", "nationalTeam", "league", "director",
    "starring", "musicComposer", "publisher", "distributor", "cinematography", "editing",
    "illustrator", "translator", "originalLanguage", "language", "genre", "basedOn",
    "previousWork", "subsequentWork", "notableWork", "channel", "presenter",
    "executiveProducer", "city", "capital", "location", "largestCity", "officialLanguage",
    "leaderName", "continent", "state", "region", "headquarter", "locationCity", "keyPerson",
    "founder", "foundedBy", "parentCompany", "subsidiary", "ceo", "recordLabel",
    "associatedBand", "associatedMusicalArtist", "bandMember", "hometown", "instrument",
    "album", "artist", "lyrics", "musicalBand", "silverMedalist", "bronzeMedalist",
    "olympicGames", "sport", "coach", "award", "party", "president", "chancellor",
    "crewMember", "spacecraft", "nearestCity", "mouthCountry", "riverMouth",
    "firstAscentPerson", "architect", "manufacturer", "owner", "battle", "commander",
    "influencedBy",
]

EXTRA_ATTRIBUTES = [
    "populationTotal", "populationDensity", "areaTotal", "elevation", "birthDate",
    "deathDate", "height", "weight", "foundingYear", "foundingDate", "openingDate",
    "releaseDate", "publicationDate", "runtime", "numberOfSeasons", "numberOfEpisodes",
    "numberOfPages", "isbn", "shipLaunch", "commissioningDate", "decommissioningDate",
    "shipBeam", "length", "numberOfStudents", "facultySize", "endowment", "motto",
    "capacity", "seatingCapacity", "numberOfEmployees", "revenue", "budget", "gross",
    "shoots", "draftYear", "activeYearsStartYear", "activeYearsEndYear", "number",
    "startDate", "endDate", "year", "postalCode", "iso31661Code", "discharge",
    "maximumDepth", "firstAscentYear", "prominence", "numberOfCrew", "topSpeed",
    "launchDate", "numberOfVisitors", "recordDate", "firstPublicationYear",
    "numberOfPeopleAttending",
]

# Non-dbo attributes declared so that a map chart has coordinates to plot.
GEO_ATTRIBUTES = {
    "lat": ("latitude", "WGS84 latitude in decimal degrees."),
    "long": ("longitude", "WGS84 longitude in decimal degrees."),
}

# The real English label carries a typo; everything else is read verbatim.
LABEL_FIXES = {"silverMedalist": "silver medalist"}


@dataclass
class Term:
    iri: str
    kind: str  # "class", "link" or "attribute"
    label: str = ""
    comment: str = ""
    parents: list[str] = field(default_factory=list)
    domain: str | None = None
    range: str | None = None


def read_dbo(path: Path) -> dict[str, dict[str, list]]:
    """Index the real ontology: subject IRI -> predicate IRI -> objects."""
    index: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    for quad in ox.parse(path=str(path), format=ox.RdfFormat.TURTLE):
        if isinstance(quad.subject, ox.NamedNode):
            index[quad.subject.value][quad.predicate.value].append(quad.object)
    return index


def _english(objects: list) -> str:
    for obj in objects:
        if isinstance(obj, ox.Literal) and obj.language == "en":
            return " ".join(obj.value.split())
    return ""


def _dbo_iris(objects: list) -> list[str]:
    return sorted(o.value for o in objects if isinstance(o, ox.NamedNode) and o.value.startswith(DBO))


def _single(objects: list) -> str | None:
    iris = sorted(o.value for o in objects if isinstance(o, ox.NamedNode))
    if len(iris) > 1:
        raise ValueError(f"several domains/ranges: {iris}")
    return iris[0] if iris else None


def select_terms(index: dict[str, dict[str, list]]) -> dict[str, Term]:
    """The selected terms plus every dbo class they need (parents, domains, ranges)."""
    terms: dict[str, Term] = {}
    for name in TASK_LINKS + EXTRA_LINKS + EXTRA_ATTRIBUTES:
        iri = DBO + name
        facts = index.get(iri)
        if facts is None:
            raise KeyError(f"{iri} is not in the real DBpedia ontology")
        types = {o.value for o in facts[RDF + "type"]}
        kind = "link" if OWL + "ObjectProperty" in types else "attribute"
        if kind == "attribute" and OWL + "DatatypeProperty" not in types:
            raise ValueError(f"{iri} is neither an object nor a datatype property")
        terms[iri] = Term(
            iri=iri, kind=kind,
            label=LABEL_FIXES.get(name, _english(facts[RDFS + "label"])),
            comment=_english(facts[RDFS + "comment"]),
            domain=_single(facts[RDFS + "domain"]), range=_single(facts[RDFS + "range"]),
        )
    pending = [DBO + n for n in TASK_CLASSES + EXTRA_CLASSES]
    pending += [t.domain for t in terms.values() if t.domain and t.domain.startswith(DBO)]
    pending += [t.range for t in terms.values() if t.range and t.range.startswith(DBO)]
    while pending:
        iri = pending.pop()
        if iri in terms:
            continue
        facts = index.get(iri)
        if facts is None or OWL + "Class" not in {o.value for o in facts[RDF + "type"]}:
            raise KeyError(f"{iri} is not a class of the real DBpedia ontology")
        parents = _dbo_iris(facts[RDFS + "subClassOf"])
        terms[iri] = Term(
            iri=iri, kind="class", label=_english(facts[RDFS + "label"]),
            comment=_english(facts[RDFS + "comment"]), parents=parents,
        )
        pending.extend(parents)
    return terms


def fill_missing_comments(terms: dict[str, Term]) -> None:
    """Most dbo terms have no English comment; give each a short, derived one."""
    def name(iri: str | None) -> str:
        if iri is None:
            return "thing"
        if iri in terms:
            return terms[iri].label
        return re.split(r"[#/]", iri)[-1]

    def a(noun: str) -> str:
        return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun

    for term in terms.values():
        if term.comment:
            continue
        if term.kind == "class":
            parent = " and ".join(name(p) for p in term.parents) if term.parents else "thing"
            sentence = a(term.label)
            term.comment = f"{sentence[:1].upper()}{sentence[1:]}, a kind of {parent}."
        elif term.kind == "link":
            term.comment = f"Links {a(name(term.domain))} to its {term.label}, {a(name(term.range))}."
        else:
            term.comment = f"The {term.label} of {a(name(term.domain))}, as {name(term.range)}."


def turtle_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")
    return f'"{escaped}"'


def curie(iri: str) -> str:
    for prefix, ns in (("dbo", DBO), ("xsd", XSD), ("owl", OWL), ("rdf", RDF), ("geo", GEO)):
        if iri.startswith(ns) and re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", iri[len(ns):]):
            return f"{prefix}:{iri[len(ns):]}"
    return f"<{iri}>"


PREFIXES = (
    f"@prefix dbo: <{DBO}> .\n@prefix geo: <{GEO}> .\n@prefix owl: <{OWL}> .\n"
    f"@prefix rdf: <{RDF}> .\n@prefix rdfs: <{RDFS}> .\n@prefix xsd: <{XSD}> .\n"
)


def render_ontology(terms: dict[str, Term]) -> str:
    out = [
        "# ProtoGraph DBpedia sample ontology. Generated by build_dbpedia_sample.py; do not edit.\n",
        "# Terms, labels, domains, ranges and dbo parents are copied from the real DBpedia ontology.\n",
        PREFIXES,
        "\n<http://protograph.example/sample/dbpedia> a owl:Ontology ;\n"
        '    rdfs:label "ProtoGraph DBpedia sample"@en ;\n'
        '    rdfs:comment "A selection of real DBpedia ontology terms for the ProtoGraph demo."@en .\n',
    ]
    order = {"class": 0, "link": 1, "attribute": 2}
    owl_type = {"class": "owl:Class", "link": "owl:ObjectProperty", "attribute": "owl:DatatypeProperty"}
    for term in sorted(terms.values(), key=lambda t: (order[t.kind], t.iri)):
        lines = [f"{curie(term.iri)} a {owl_type[term.kind]}", f"rdfs:label {turtle_string(term.label)}@en"]
        lines.append(f"rdfs:comment {turtle_string(term.comment)}@en")
        lines += [f"rdfs:subClassOf {curie(p)}" for p in term.parents]
        if term.domain:
            lines.append(f"rdfs:domain {curie(term.domain)}")
        if term.range:
            lines.append(f"rdfs:range {curie(term.range)}")
        out.append("\n" + " ;\n    ".join(lines) + " .\n")
    for local, (label, comment) in GEO_ATTRIBUTES.items():
        out.append(
            f"\ngeo:{local} a owl:DatatypeProperty ;\n    rdfs:label {turtle_string(label)}@en ;\n"
            f"    rdfs:comment {turtle_string(comment)}@en ;\n    rdfs:range xsd:float .\n"
        )
    return "".join(out)


# -- instance data -------------------------------------------------------------

def entity_iri(key: str) -> str:
    if key.startswith("syn:"):
        return SYN + key[4:]
    return DBR + key


def ancestors(terms: dict[str, Term], cls: str) -> list[str]:
    seen: list[str] = []
    stack = [cls]
    while stack:
        iri = stack.pop()
        if iri in seen:
            continue
        seen.append(iri)
        stack.extend(terms[iri].parents)
    return seen


def literal(value: object, datatype: str) -> str:
    local = datatype[len(XSD):] if datatype.startswith(XSD) else None
    if local == "string":
        return turtle_string(str(value))
    if local == "double" or local == "float":
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise TypeError(f"{value!r} is not a number")
        return f'"{float(value)!r}"^^xsd:{local}'
    if local in {"nonNegativeInteger", "positiveInteger", "integer"}:
        if not isinstance(value, int) or isinstance(value, bool) or (local != "integer" and value < 0):
            raise TypeError(f"{value!r} is not an xsd:{local}")
        return f'"{value}"^^xsd:{local}'
    if local == "gYear":
        return f'"{int(value):04d}"^^xsd:gYear'
    if local == "date":
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(value)):
            raise ValueError(f"{value!r} is not an ISO date")
        return f'"{value}"^^xsd:date'
    raise ValueError(f"no literal writer for {datatype}")


def render_data(terms: dict[str, Term], facts: dbpedia_facts.Facts) -> str:
    """Turtle for the instance data, with every superclass type materialised.

    Fails loudly on an unknown class or property, a dangling reference or a
    domain/range violation, so a bad fact never reaches the committed file.
    """
    types: dict[str, list[str]] = {}
    for key, ent in facts.entities.items():
        cls = DBO + ent.cls
        if cls not in terms or terms[cls].kind != "class":
            raise KeyError(f"{key}: unknown class {ent.cls}")
        types[key] = ancestors(terms, cls)

    out = [
        "# ProtoGraph DBpedia sample instance data. Generated by build_dbpedia_sample.py; do not edit.\n",
        f"# Real entities use <{DBR}...>; synthetic ones use <{SYN}...>.\n",
        "# Every instance carries its most specific class and all of that class's superclasses.\n",
        PREFIXES,
    ]
    for key in sorted(facts.entities):
        ent = facts.entities[key]
        lines = [f"<{entity_iri(key)}> a " + ", ".join(curie(c) for c in types[key])]
        lines.append(f"rdfs:label {turtle_string(ent.label)}@en")
        for prop in sorted(ent.props):
            values = ent.props[prop]
            if prop in GEO_ATTRIBUTES:
                lines.append(f"geo:{prop} " + ", ".join(literal(v, XSD + "float") for v in values))
                continue
            term = terms.get(DBO + prop)
            if term is None or term.kind == "class":
                raise KeyError(f"{key}: unknown property {prop}")
            if term.domain and term.domain not in types[key]:
                raise ValueError(f"{key} {prop}: subject is not a {term.domain}")
            if term.kind == "attribute":
                lines.append(f"{curie(term.iri)} " + ", ".join(literal(v, term.range or XSD + "string") for v in values))
                continue
            objects = []
            for target in values:
                if target not in types:
                    raise KeyError(f"{key} {prop}: {target} is not an entity of the sample")
                if term.range and term.range not in types[target]:
                    raise ValueError(f"{key} {prop} {target}: object is not a {term.range}")
                objects.append(f"<{entity_iri(target)}>")
            lines.append(f"{curie(term.iri)} " + ", ".join(objects))
        out.append("\n" + " ;\n    ".join(lines) + " .\n")
    return "".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dbo", type=Path, default=DEFAULT_DBO, help="the real DBpedia ontology (Turtle)")
    parser.add_argument("--out", type=Path, default=HERE / "dbpedia_sample", help="output directory")
    args = parser.parse_args(argv)
    if not args.dbo.is_file():
        print(f"error: real DBpedia ontology not found at {args.dbo}", file=sys.stderr)
        return 2
    terms = select_terms(read_dbo(args.dbo))
    fill_missing_comments(terms)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "ontology.ttl").write_text(render_ontology(terms), encoding="utf-8")
    (args.out / "data.ttl").write_text(render_data(terms, dbpedia_facts.build()), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

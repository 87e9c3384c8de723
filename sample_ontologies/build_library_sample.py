"""Build the library sample: ``library_sample/ontology.ttl`` and ``data.ttl``.

A small lending-library domain in its own namespace. The ontology is written
here by hand; the instance data is synthetic (fictional people, books and
branches; real city and country names) and drawn from a seeded generator, so
every run writes the same bytes.

Run from the project root::

    python sample_ontologies/build_library_sample.py [--out DIR]
"""

from __future__ import annotations

import argparse
import random
import re
from collections import defaultdict
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

from sample_turtle import render_entities, turtle_string  # a sibling module, not a package

HERE = Path(__file__).resolve().parent
LIB = "http://protograph.example/library/"
DATA = "http://protograph.example/library/data/"
SEED = 1848  # the year the Boston Public Library was founded

# class -> (label, parent or None, comment)
CLASSES: dict[str, tuple[str, str | None, str]] = {
    "Agent": ("agent", None, "Something that acts: a person or an organization."),
    "Person": ("person", "Agent", "A human being."),
    "Author": ("author", "Person", "A person who writes works."),
    "Novelist": ("novelist", "Author", "An author of novels."),
    "Poet": ("poet", "Author", "An author of poetry."),
    "AcademicAuthor": ("academic author", "Author", "A scholar who writes textbooks and articles."),
    "Translator": ("translator", "Person", "A person who translates works into another language."),
    "Illustrator": ("illustrator", "Person", "A person who draws the pictures of a book."),
    "Editor": ("editor", "Person", "A person who compiles anthologies or edits periodicals."),
    "Member": ("library member", "Person", "A registered patron who may borrow items."),
    "Librarian": ("librarian", "Person", "A person employed at a library branch."),
    "Organization": ("organization", "Agent", "A company, institution or other body."),
    "Publisher": ("publisher", "Organization", "An organization that publishes written works."),
    "UniversityPress": ("university press", "Publisher", "A publisher run by a university."),
    "Library": ("library", "Organization", "A library system that runs one or more branches."),
    "CreativeWork": ("creative work", None, "A work of authorship."),
    "WrittenWork": ("written work", "CreativeWork", "A work made of text."),
    "Book": ("book", "WrittenWork", "A book-length written work."),
    "Novel": ("novel", "Book", "A book-length work of prose fiction."),
    "Textbook": ("textbook", "Book", "A book written for teaching a subject."),
    "PoetryCollection": ("poetry collection", "Book", "A book of poems."),
    "Anthology": ("anthology", "Book", "A book collecting works by several authors."),
    "GraphicNovel": ("graphic novel", "Book", "A book-length story told in comics."),
    "Periodical": ("periodical", "WrittenWork", "A publication issued at regular intervals."),
    "Journal": ("journal", "Periodical", "A scholarly periodical."),
    "Magazine": ("magazine", "Periodical", "A general-interest periodical."),
    "Article": ("article", "WrittenWork", "A short written work published in a periodical."),
    "AudioBook": ("audiobook", "CreativeWork", "A recorded reading of a book."),
    "Item": ("item", None, "One copy of a work that a library holds."),
    "PrintCopy": ("print copy", "Item", "A physical copy on a shelf."),
    "DigitalCopy": ("digital copy", "Item", "An e-book or audio file licensed for lending."),
    "Place": ("place", None, "A location."),
    "Country": ("country", "Place", "A sovereign state."),
    "City": ("city", "Place", "A town or city."),
    "Branch": ("library branch", "Place", "A building where a library lends its items."),
    "Event": ("event", None, "Something that happens at a time."),
    "Loan": ("loan", "Event", "The lending of one item to one member."),
    "Reservation": ("reservation", "Event", "A member's hold on an item."),
    "LiteraryFestival": ("literary festival", "Event", "A festival where authors read and talk."),
    "Genre": ("genre", None, "A category of creative works."),
    "Subject": ("subject", None, "What a work is about."),
    "Language": ("language", None, "A natural language."),
    "Series": ("series", None, "An ordered sequence of books."),
    "Award": ("award", None, "A prize given to creative works."),
}

# link -> (label, domain, range, comment)
LINKS: dict[str, tuple[str, str, str, str]] = {
    "writtenBy": ("written by", "WrittenWork", "Author", "The author of a written work."),
    "translatedBy": ("translated by", "WrittenWork", "Translator", "Who translated the work."),
    "illustratedBy": ("illustrated by", "Book", "Illustrator", "Who drew the book's pictures."),
    "editedBy": ("edited by", "WrittenWork", "Editor", "Who edited an anthology or periodical."),
    "publishedBy": ("published by", "WrittenWork", "Publisher", "The publisher of a written work."),
    "hasGenre": ("genre", "CreativeWork", "Genre", "The genre of a work."),
    "hasSubject": ("subject", "CreativeWork", "Subject", "What the work is about."),
    "inLanguage": ("language", "CreativeWork", "Language", "The language the work is written or read in."),
    "partOfSeries": ("part of series", "Book", "Series", "The series a book belongs to."),
    "translationOf": ("translation of", "Book", "Book", "The original of a translated book."),
    "readingOf": ("reading of", "AudioBook", "Book", "The book an audiobook reads."),
    "publishedIn": ("published in", "Article", "Periodical", "The periodical an article appeared in."),
    "wonAward": ("won award", "CreativeWork", "Award", "An award the work received."),
    "influencedBy": ("influenced by", "Author", "Author", "An author whose work shaped this author's."),
    "copyOf": ("copy of", "Item", "CreativeWork", "The work an item is a copy of."),
    "heldAt": ("held at", "Item", "Branch", "The branch that shelves or licenses the item."),
    "branchOf": ("branch of", "Branch", "Library", "The library system a branch belongs to."),
    "locatedIn": ("located in", "Branch", "City", "The city a branch is in."),
    "inCountry": ("in country", "City", "Country", "The country a city is in."),
    "basedIn": ("based in", "Organization", "City", "The city an organization is based in."),
    "bornIn": ("born in", "Person", "City", "Where a person was born."),
    "nationality": ("nationality", "Person", "Country", "A country of citizenship."),
    "homeBranch": ("home branch", "Member", "Branch", "The branch where a member registered."),
    "worksAt": ("works at", "Librarian", "Branch", "The branch a librarian works at."),
    "loanedItem": ("loaned item", "Loan", "Item", "The item lent."),
    "borrower": ("borrower", "Loan", "Member", "The member who borrowed the item."),
    "reservedItem": ("reserved item", "Reservation", "Item", "The item put on hold."),
    "reservedBy": ("reserved by", "Reservation", "Member", "The member who placed the hold."),
    "festivalCity": ("festival city", "LiteraryFestival", "City", "Where a festival takes place."),
    "featuredAuthor": ("featured author", "LiteraryFestival", "Author", "An author appearing at a festival."),
    "presentedBy": ("presented by", "Award", "Organization", "The organization that gives an award."),
}

XSD = "http://www.w3.org/2001/XMLSchema#"
# attribute -> (label, domain, xsd type, comment)
ATTRIBUTES: dict[str, tuple[str, str, str, str]] = {
    "title": ("title", "CreativeWork", "string", "The title as printed."),
    "isbn": ("ISBN", "Book", "string", "The 13-digit International Standard Book Number."),
    "issn": ("ISSN", "Periodical", "string", "The International Standard Serial Number."),
    "pageCount": ("page count", "Book", "integer", "The number of pages."),
    "edition": ("edition", "Book", "integer", "The edition number."),
    "listPrice": ("list price", "Book", "decimal", "The publisher's price in euros."),
    "averageRating": ("average rating", "CreativeWork", "decimal", "Mean reader rating from 1 to 5."),
    "publicationDate": ("publication date", "WrittenWork", "date", "When the work was first published."),
    "durationMinutes": ("duration (minutes)", "AudioBook", "integer", "Running time of the recording."),
    "issueFrequency": ("issue frequency", "Periodical", "string", "How often new issues appear."),
    "birthDate": ("birth date", "Person", "date", "When a person was born."),
    "deathDate": ("death date", "Person", "date", "When a person died."),
    "foundingYear": ("founding year", "Organization", "integer", "The year the organization was founded."),
    "isOpenAccess": ("open access", "UniversityPress", "boolean", "Whether the press publishes open access."),
    "barcode": ("barcode", "Item", "string", "The item's shelf barcode."),
    "acquisitionDate": ("acquisition date", "Item", "date", "When the library acquired the item."),
    "isAvailable": ("available", "Item", "boolean", "Whether the item can be borrowed right now."),
    "isReferenceOnly": ("reference only", "Item", "boolean", "Whether the item must stay in the branch."),
    "condition": ("condition", "PrintCopy", "string", "The physical condition of a print copy."),
    "fileSizeMB": ("file size (MB)", "DigitalCopy", "decimal", "Size of the licensed file."),
    "loanDate": ("loan date", "Loan", "date", "When the item was lent."),
    "dueDate": ("due date", "Loan", "date", "When the item is due back."),
    "returnDate": ("return date", "Loan", "date", "When the item came back."),
    "isOverdue": ("overdue", "Loan", "boolean", "Whether the item came back (or is still out) after its due date."),
    "lateFee": ("late fee", "Loan", "decimal", "Fee charged for a late return, in euros."),
    "reservationDate": ("reservation date", "Reservation", "date", "When the hold was placed."),
    "membershipNumber": ("membership number", "Member", "string", "The number on the library card."),
    "joinDate": ("join date", "Member", "date", "When the member registered."),
    "isActive": ("active", "Member", "boolean", "Whether the membership is current."),
    "population": ("population", "City", "integer", "Approximate number of inhabitants."),
    "latitude": ("latitude", "Place", "decimal", "WGS84 latitude in decimal degrees."),
    "longitude": ("longitude", "Place", "decimal", "WGS84 longitude in decimal degrees."),
    "openingHours": ("opening hours", "Branch", "string", "Weekly opening hours."),
    "floorArea": ("floor area (m²)", "Branch", "decimal", "Public floor area in square metres."),
    "hasCafe": ("has café", "Branch", "boolean", "Whether the branch has a café."),
    "startDate": ("start date", "LiteraryFestival", "date", "The first day of the festival."),
    "prizeMoney": ("prize money", "Award", "decimal", "Prize money in euros."),
    "firstAwarded": ("first awarded", "Award", "integer", "The year the award was first given."),
    "plannedVolumes": ("planned volumes", "Series", "integer", "How many books the series is planned to have."),
}


def render_ontology() -> str:
    out = [
        "# ProtoGraph library sample ontology. Generated by build_library_sample.py; do not edit.\n",
        f"@prefix lib: <{LIB}> .\n@prefix owl: <http://www.w3.org/2002/07/owl#> .\n",
        "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n",
        f"@prefix xsd: <{XSD}> .\n\n",
        "<http://protograph.example/sample/library> a owl:Ontology ;\n"
        '    rdfs:label "ProtoGraph library sample"@en ;\n'
        '    rdfs:comment "A lending-library domain with synthetic data."@en .\n',
    ]
    for name, (label, parent, comment) in CLASSES.items():
        parent_line = f" ;\n    rdfs:subClassOf lib:{parent}" if parent else ""
        out.append(f"\nlib:{name} a owl:Class ;\n    rdfs:label {turtle_string(label)}@en ;\n"
                   f"    rdfs:comment {turtle_string(comment)}@en{parent_line} .\n")
    for name, (label, domain, range_, comment) in LINKS.items():
        out.append(f"\nlib:{name} a owl:ObjectProperty ;\n    rdfs:label {turtle_string(label)}@en ;\n"
                   f"    rdfs:comment {turtle_string(comment)}@en ;\n"
                   f"    rdfs:domain lib:{domain} ;\n    rdfs:range lib:{range_} .\n")
    for name, (label, domain, xsd, comment) in ATTRIBUTES.items():
        out.append(f"\nlib:{name} a owl:DatatypeProperty ;\n    rdfs:label {turtle_string(label)}@en ;\n"
                   f"    rdfs:comment {turtle_string(comment)}@en ;\n"
                   f"    rdfs:domain lib:{domain} ;\n    rdfs:range xsd:{xsd} .\n")
    return "".join(out)


# -- synthetic data ------------------------------------------------------------

CITIES = [  # name, country, population (rounded), lat, long
    ("Lisbon", "Portugal", 545_000, 38.7223, -9.1393), ("Porto", "Portugal", 232_000, 41.1579, -8.6291),
    ("Dublin", "Ireland", 590_000, 53.3498, -6.2603), ("Cork", "Ireland", 224_000, 51.8985, -8.4756),
    ("Edinburgh", "United Kingdom", 530_000, 55.9533, -3.1883), ("Manchester", "United Kingdom", 552_000, 53.4808, -2.2426),
    ("Lyon", "France", 522_000, 45.7640, 4.8357), ("Bordeaux", "France", 260_000, 44.8378, -0.5792),
    ("Leipzig", "Germany", 600_000, 51.3397, 12.3731), ("Hamburg", "Germany", 1_850_000, 53.5511, 9.9937),
    ("Utrecht", "Netherlands", 360_000, 52.0907, 5.1214), ("Ghent", "Belgium", 265_000, 51.0543, 3.7174),
    ("Bologna", "Italy", 390_000, 44.4949, 11.3426), ("Turin", "Italy", 850_000, 45.0703, 7.6869),
    ("Kraków", "Poland", 800_000, 50.0647, 19.9450), ("Gdańsk", "Poland", 470_000, 54.3520, 18.6466),
    ("Uppsala", "Sweden", 180_000, 59.8586, 17.6389), ("Tartu", "Estonia", 97_000, 58.3780, 26.7290),
    ("Salamanca", "Spain", 144_000, 40.9701, -5.6635), ("Valencia", "Spain", 790_000, 39.4699, -0.3763),
]
COUNTRIES = sorted({c[1] for c in CITIES})
LANGUAGES = ["English", "Portuguese", "French", "German", "Italian", "Spanish", "Polish", "Dutch"]
GENRES = ["Literary fiction", "Crime", "Science fiction", "Fantasy", "Historical fiction", "Romance",
          "Poetry", "Biography", "Travel writing", "Popular science", "Comics", "Horror"]
SUBJECTS = ["Sea voyages", "Cities", "Memory", "Mathematics", "Botany", "Migration", "Music", "Railways",
            "Astronomy", "Cooking", "Architecture", "Libraries"]
FIRST = ["Ada", "Bruno", "Clara", "Dario", "Elif", "Fabian", "Greta", "Hugo", "Ines", "Jonas", "Kira", "Luca",
         "Maren", "Nico", "Olga", "Pavel", "Quinn", "Rosa", "Sami", "Tilde", "Ugo", "Vera", "Wim", "Xenia",
         "Yara", "Zoltan", "Aurelio", "Beatrix", "Cosmin", "Dagmar"]
LAST = ["Albrecht", "Barros", "Castel", "Dvořák", "Eriksen", "Ferreira", "Galan", "Horvat", "Iversen", "Jansen",
        "Kowalczyk", "Lindqvist", "Moreau", "Nowak", "Oliveira", "Petrov", "Quintana", "Rossi", "Schäfer",
        "Tamm", "Urban", "Valli", "Wójcik", "Ximenes", "Zanetti", "Aalto", "Brennan", "Coelho", "Duarte", "Esposito"]
NOUNS = ["Harbour", "Orchard", "Lantern", "Archive", "Compass", "Glacier", "Meridian", "Atlas", "Orbit",
         "Cartographer", "Tide", "Observatory", "Ledger", "Quarry", "Aviary", "Labyrinth", "Ferry", "Foundry",
         "Pendulum", "Almanac"]
ADJECTIVES = ["Silent", "Northern", "Paper", "Last", "Borrowed", "Hidden", "Salt", "Winter", "Copper", "Small",
              "Distant", "Glass", "Patient", "Seventh", "Drowned", "Bright"]


class Data:
    def __init__(self) -> None:
        self.entities: dict[str, tuple[str, str, dict[str, list]]] = {}

    def add(self, key: str, cls: str, label: str, **props: object) -> str:
        if key in self.entities:
            raise ValueError(f"{key} is added twice")
        bucket: dict[str, list] = defaultdict(list)
        for prop, value in props.items():
            if value is None:
                continue
            bucket[prop].extend(value if isinstance(value, list) else [value])
        self.entities[key] = (cls, label, dict(bucket))
        return key


def slug(text: str) -> str:
    return re.sub(r"_+", "_", "".join(ch if ch.isalnum() else "_" for ch in text)).strip("_")


def generate(rng: random.Random) -> Data:
    d = Data()
    day0 = date(2023, 1, 1)

    def some_date(start: int, end: int) -> date:
        return date(rng.randint(start, end), rng.randint(1, 12), rng.randint(1, 28))

    for name in COUNTRIES:
        d.add(f"country/{slug(name)}", "Country", name)
    cities = [d.add(f"city/{slug(n)}", "City", n, inCountry=f"country/{slug(c)}", population=p,
                    latitude=Decimal(str(la)), longitude=Decimal(str(lo))) for n, c, p, la, lo in CITIES]
    languages = [d.add(f"language/{slug(n)}", "Language", n) for n in LANGUAGES]
    genres = [d.add(f"genre/{slug(n)}", "Genre", n) for n in GENRES]
    subjects = [d.add(f"subject/{slug(n)}", "Subject", n) for n in SUBJECTS]

    used_names: set[str] = set()

    def person(cls: str, **props: object) -> str:
        while True:
            name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
            if name not in used_names:
                used_names.add(name)
                break
        born = some_date(1925, 2004)
        city = rng.choice(cities)
        country = d.entities[city][2]["inCountry"][0]
        return d.add(f"person/{slug(name)}", cls, name, birthDate=born, bornIn=city, nationality=country, **props)

    publishers = []
    for i, name in enumerate(["Meridian House", "Lantern & Quay", "Northlight Editions", "Saltmarsh Books",
                              "Copperplate Press", "Orchard Street Publishing", "Blue Ferry Comics",
                              "Tidewater Classics"]):
        publishers.append(d.add(f"publisher/{slug(name)}", "Publisher", name, basedIn=rng.choice(cities),
                                foundingYear=rng.randint(1850, 2015)))
    for name in ("Uppsala University Press", "Bologna Academic Press"):
        city = "city/Uppsala" if name.startswith("Uppsala") else "city/Bologna"
        publishers.append(d.add(f"publisher/{slug(name)}", "UniversityPress", name, basedIn=city,
                                foundingYear=rng.randint(1880, 1990), isOpenAccess=rng.random() < 0.5))
    awards = []
    for name in ("Golden Quill Prize", "Harbour Light Award", "Meridian Prize for Translation",
                 "Lantern Poetry Medal", "Inkwell Prize for Graphic Storytelling", "Northern Star Debut Award"):
        awards.append(d.add(f"award/{slug(name)}", "Award", name, presentedBy=rng.choice(publishers),
                            prizeMoney=Decimal(rng.randint(2, 50) * 1000), firstAwarded=rng.randint(1950, 2010)))

    novelists = [person("Novelist") for _ in range(18)]
    poets = [person("Poet") for _ in range(8)]
    academics = [person("AcademicAuthor") for _ in range(10)]
    authors = novelists + poets + academics
    for author in authors:
        if rng.random() < 0.3:
            d.entities[author][2]["deathDate"] = [some_date(2005, 2023)]
        if rng.random() < 0.35:
            d.entities[author][2]["influencedBy"] = [rng.choice([a for a in authors if a != author])]
    translators = [person("Translator") for _ in range(8)]
    illustrators = [person("Illustrator") for _ in range(6)]
    editors = [person("Editor") for _ in range(5)]

    libraries = [d.add("library/Harbour_City_Libraries", "Library", "Harbour City Libraries",
                       basedIn="city/Lisbon", foundingYear=1896),
                 d.add("library/Northern_Reading_Network", "Library", "Northern Reading Network",
                       basedIn="city/Uppsala", foundingYear=1931)]
    branches = []
    for i, city in enumerate(rng.sample(cities, 10)):
        name = f"{d.entities[city][1]} {rng.choice(['Central', 'Riverside', 'Old Town', 'Harbour', 'Park'])} Library"
        lat = d.entities[city][2]["latitude"][0] + Decimal(rng.randint(-200, 200)) / 10000
        lon = d.entities[city][2]["longitude"][0] + Decimal(rng.randint(-200, 200)) / 10000
        branches.append(d.add(f"branch/{slug(name)}", "Branch", name, branchOf=libraries[i % 2], locatedIn=city,
                              latitude=lat, longitude=lon, floorArea=Decimal(rng.randint(300, 9000)),
                              hasCafe=rng.random() < 0.4,
                              openingHours=rng.choice(["Mon–Fri 9–20, Sat 10–16", "Tue–Sat 10–18",
                                                       "Mon–Sun 8–22", "Mon–Fri 10–19"])))
    for _ in range(10):
        person("Librarian", worksAt=rng.choice(branches))

    series = []
    for noun in rng.sample(NOUNS, 6):
        series.append(d.add(f"series/{slug(noun)}", "Series", f"The {noun} Cycle", plannedVolumes=rng.randint(3, 7)))

    titles: set[str] = set()

    def title() -> str:
        while True:
            text = f"The {rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}"
            if rng.random() < 0.3:
                text = f"{rng.choice(NOUNS)}s of {d.entities[rng.choice(cities)][1]}"
            if text not in titles:
                titles.add(text)
                return text

    kinds = [("Novel", novelists, 60), ("PoetryCollection", poets, 14), ("Textbook", academics, 16),
             ("GraphicNovel", novelists, 8)]
    books = []
    for cls, writers, count in kinds:
        for _ in range(count):
            text = title()
            published = some_date(1950, 2023)
            book = d.add(f"book/{slug(text)}", cls, text, title=text, writtenBy=rng.choice(writers),
                         publishedBy=rng.choice(publishers), publicationDate=published,
                         isbn=f"978-{rng.randint(0, 1)}-{rng.randint(1000, 9999)}-{rng.randint(1000, 9999)}-{rng.randint(0, 9)}",
                         pageCount=rng.randint(48, 900), edition=rng.choice([1, 1, 1, 2, 3]),
                         listPrice=Decimal(rng.randint(799, 5999)) / 100,
                         averageRating=Decimal(rng.randint(150, 500)) / 100,
                         inLanguage=rng.choice(languages), hasGenre=rng.choice(genres),
                         hasSubject=rng.sample(subjects, rng.randint(1, 2)))
            if cls == "GraphicNovel" or rng.random() < 0.1:
                d.entities[book][2]["illustratedBy"] = [rng.choice(illustrators)]
            if rng.random() < 0.08:
                d.entities[book][2]["wonAward"] = [rng.choice(awards)]
            books.append(book)
    novels = [b for b in books if d.entities[b][0] == "Novel"]
    for s in series:
        members = rng.sample(novels, 3)
        for book in members:
            d.entities[book][2].setdefault("partOfSeries", []).append(s)
    for i in range(10):
        original = rng.choice(novels)
        text = f"{d.entities[original][1]} (translation {i + 1})"
        translated = d.add(f"book/{slug(text)}", "Novel", text, title=text, writtenBy=d.entities[original][2]["writtenBy"],
                           translatedBy=rng.choice(translators), translationOf=original,
                           publishedBy=rng.choice(publishers), publicationDate=some_date(1990, 2023),
                           pageCount=rng.randint(120, 700), inLanguage=rng.choice(languages),
                           isbn=f"978-1-{rng.randint(1000, 9999)}-{rng.randint(1000, 9999)}-{rng.randint(0, 9)}")
        books.append(translated)
    for i in range(5):
        text = f"{rng.choice(ADJECTIVES)} Voices: An Anthology"
        if text in titles:
            text = f"{text} {i + 1}"
        titles.add(text)
        books.append(d.add(f"book/{slug(text)}", "Anthology", text, title=text, editedBy=rng.choice(editors),
                           writtenBy=rng.sample(authors, 3), publishedBy=rng.choice(publishers),
                           publicationDate=some_date(1980, 2023), pageCount=rng.randint(200, 600)))
    periodicals = []
    for cls, name, freq in [("Journal", "Journal of Comparative Reading", "quarterly"),
                            ("Journal", "Annals of Library Science", "biannual"),
                            ("Magazine", "The Harbour Review", "monthly"), ("Magazine", "Lantern Weekly", "weekly")]:
        periodicals.append(d.add(f"periodical/{slug(name)}", cls, name, title=name, editedBy=rng.choice(editors),
                                 publishedBy=rng.choice(publishers), issueFrequency=freq,
                                 issn=f"{rng.randint(1000, 9999)}-{rng.randint(1000, 9999)}",
                                 publicationDate=some_date(1950, 2000)))
    for i in range(16):
        text = f"On {rng.choice(SUBJECTS).lower()} and the {rng.choice(NOUNS).lower()}"
        d.add(f"article/{i:02d}", "Article", text, title=text, writtenBy=rng.choice(authors),
              publishedIn=rng.choice(periodicals), publicationDate=some_date(1990, 2023),
              hasSubject=rng.choice(subjects))
    audiobooks = []
    for book in rng.sample(novels, 8):
        label = f"{d.entities[book][1]} (audiobook)"
        audiobooks.append(d.add(f"audiobook/{slug(label)}", "AudioBook", label, title=d.entities[book][1],
                                readingOf=book, durationMinutes=rng.randint(240, 1400),
                                inLanguage=d.entities[book][2]["inLanguage"], averageRating=Decimal(rng.randint(200, 500)) / 100))

    items = []
    works = books + audiobooks
    for i in range(170):
        work = rng.choice(works)
        digital = d.entities[work][0] == "AudioBook" or rng.random() < 0.2
        cls = "DigitalCopy" if digital else "PrintCopy"
        props: dict[str, object] = {"copyOf": work, "heldAt": rng.choice(branches), "barcode": f"HB{100000 + i * 37}",
                                    "acquisitionDate": some_date(2000, 2022), "isAvailable": rng.random() < 0.6,
                                    "isReferenceOnly": (not digital) and rng.random() < 0.05}
        if digital:
            props["fileSizeMB"] = Decimal(rng.randint(5, 9000)) / 10
        else:
            props["condition"] = rng.choice(["new", "good", "worn", "damaged"])
        items.append(d.add(f"item/{i:03d}", cls, f"Copy {i + 1:03d} of {d.entities[work][1]}", **props))

    members = []
    for i in range(50):
        members.append(person("Member", homeBranch=rng.choice(branches), membershipNumber=f"M-{20000 + i * 13}",
                              joinDate=some_date(2005, 2023), isActive=rng.random() < 0.85))
    for i in range(90):
        start = day0 + timedelta(days=rng.randint(0, 600))
        due = start + timedelta(days=21)
        returned = start + timedelta(days=rng.randint(3, 40)) if rng.random() < 0.85 else None
        overdue = (returned or date(2024, 12, 31)) > due
        item = rng.choice(items)
        d.add(f"loan/{i:03d}", "Loan", f"Loan {i + 1:03d}: {d.entities[item][1]}", loanedItem=item,
              borrower=rng.choice(members), loanDate=start, dueDate=due, returnDate=returned, isOverdue=overdue,
              lateFee=Decimal(max(0, ((returned or due) - due).days) * 25) / 100 if overdue else None)
    for i in range(20):
        item = rng.choice(items)
        d.add(f"reservation/{i:03d}", "Reservation", f"Reservation {i + 1:03d}: {d.entities[item][1]}",
              reservedItem=item, reservedBy=rng.choice(members), reservationDate=day0 + timedelta(days=rng.randint(0, 600)))
    for name, city in [("Harbour Words Festival", "city/Lisbon"), ("Northern Pages", "city/Uppsala"),
                       ("Festival of the Lantern", "city/Bologna"), ("Ink on the Vistula", "city/Kraków")]:
        d.add(f"festival/{slug(name)}", "LiteraryFestival", name, festivalCity=city,
              featuredAuthor=rng.sample(authors, 4), startDate=some_date(2015, 2024))
    return d


def render_data(d: Data) -> str:
    """Turtle for the data, checked against the ontology; superclass types materialised."""
    return render_entities(d, builder="build_library_sample.py", name="library", prefix="lib", namespace=LIB,
                           data_ns=DATA, classes=CLASSES, links=LINKS, attributes=ATTRIBUTES, xsd_ns=XSD)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "library_sample", help="output directory")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "ontology.ttl").write_text(render_ontology(), encoding="utf-8")
    (args.out / "data.ttl").write_text(render_data(generate(random.Random(SEED))), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

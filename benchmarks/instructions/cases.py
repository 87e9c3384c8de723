"""The hand-written edit-instruction cases: start graph, instruction, gold operations, tags.

Start graphs use local names under the ontology's prefix (``id:Class``, then
``source link target`` edges after ``|``). Gold operations: ``("add", id, Class)``,
``("link", source, link, target)``, ``("require", node, attribute or "label", op, value)``,
``("class", node, Class)``, ``("remove", node)`` or ``("remove", source, link, target)``,
``("select"|"hide", node)``. New node ids follow the editor's own naming
(:func:`app.graph.model.make_node_id` of the class label). A named thing is a
``label`` condition; a year is a date bound (``after 2000`` → ``> 2000-12-31``,
``before 1900`` → ``< 1900-01-01``). Tags: the operations, ``paraphrase`` when a
term is not worded with its label, ``named`` for a name, ``multi`` for two new nodes.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["DBPEDIA_CASES", "LIBRARY_CASES", "ONTOLOGIES", "PREFIXES"]

ROOT = Path(__file__).resolve().parents[2]
ONTOLOGIES = {
    "dbpedia": ROOT.parent / "shared" / "data" / "dbpedia" / "dbo.ttl",
    "library": ROOT / "sample_ontologies" / "library_sample" / "ontology.ttl",
}
PREFIXES = {"dbpedia": "http://dbpedia.org/ontology/", "library": "http://protograph.example/library/"}

_PU = "person_1:Person university_1:University | person_1 almaMater university_1"
_PCU = ("person_1:Person person_2:Person university_1:University | person_1 child person_2; "
        "person_1 almaMater university_1")
_FD = "film_1:Film person_1:Person | film_1 director person_1"
_BA = "book_1:Book person_1:Person | book_1 author person_1"
_CC = "city_1:City country_1:Country | city_1 country country_1"
_R = "river_1:River"
_PB = "person_1:Person city_1:City | person_1 birthPlace city_1"
_CH = "company_1:Company city_1:City | company_1 headquarter city_1"
_AB = "album_1:Album band_1:Band | album_1 artist band_1"
_PS = "person_1:Person person_2:Person | person_1 spouse person_2"

DBPEDIA_CASES: list[tuple] = [
    (_PCU, "drop the child", [("remove", "person_2")], ["remove"]),
    (_PU, "also require that the university is in Germany",
     [("add", "country_1", "Country"), ("link", "university_1", "country", "country_1"),
      ("require", "country_1", "label", "=", "Germany")], ["add", "named", "paraphrase"]),
    (_PU, "don't return the university", [("hide", "university_1")], ["select"]),
    (_PCU, "make the child a scientist", [("class", "person_2", "Scientist")], ["class"]),
    (_PU, "remove the alma mater link", [("remove", "person_1", "almaMater", "university_1")], ["remove"]),
    (_PB, "also the city's country", [("add", "country_1", "Country"), ("link", "city_1", "country", "country_1")],
     ["add"]),
    (_CC, "only cities with more than 1000000 inhabitants",
     [("require", "city_1", "populationTotal", ">", 1000000)], ["constraint", "paraphrase"]),
    (_R, "the river should be longer than 1000", [("require", "river_1", "length", ">", 1000)],
     ["constraint", "paraphrase"]),
    (_FD, "the director must be an actor", [("class", "person_1", "Actor")], ["class"]),
    (_BA, "the author should be a writer", [("class", "person_1", "Writer")], ["class"]),
    (_PB, "delete the city", [("remove", "city_1")], ["remove"]),
    (_CH, "hide the city", [("hide", "city_1")], ["select"]),
    (_PB, "the person was born after 1950", [("require", "person_1", "birthDate", ">", "1950-12-31")],
     ["constraint", "paraphrase"]),
    (_PB, "with a birth date before 1900", [("require", "person_1", "birthDate", "<", "1900-01-01")],
     ["constraint"]),
    (_CC, "the country must be named France", [("require", "country_1", "label", "=", "France")],
     ["constraint", "named"]),
    (_FD, "add the country of the movie", [("add", "country_1", "Country"), ("link", "film_1", "country", "country_1")],
     ["add"]),
    (_PU, "the person should have died in Paris",
     [("add", "place_1", "Place"), ("link", "person_1", "deathPlace", "place_1"),
      ("require", "place_1", "label", "=", "Paris")], ["add", "named", "paraphrase"]),
    (_PS, "remove the spouse", [("remove", "person_2")], ["remove"]),
    (_AB, "also the band's home town", [("add", "settlement_1", "Settlement"),
                                        ("link", "band_1", "hometown", "settlement_1")], ["add"]),
    (_CH, "the company should have more than 5000 employees",
     [("require", "company_1", "numberOfEmployees", ">", 5000)], ["constraint", "paraphrase"]),
    (_CH, "also require that the city is the capital of a country",
     [("add", "country_1", "Country"), ("link", "country_1", "capital", "city_1")], ["add"]),
    (_BA, "the book must have more than 300 pages", [("require", "book_1", "numberOfPages", ">", 300)],
     ["constraint", "paraphrase"]),
    (_PCU, "return only the child", [("select", "person_2"), ("hide", "person_1"), ("hide", "university_1")],
     ["select"]),
    (_PCU, "drop the university", [("remove", "university_1")], ["remove"]),
    (_FD, "also require that the movie stars an actor born in Canada",
     [("add", "actor_1", "Actor"), ("link", "film_1", "starring", "actor_1"), ("add", "country_1", "Country"),
      ("link", "actor_1", "birthPlace", "country_1"), ("require", "country_1", "label", "=", "Canada")],
     ["add", "named", "multi"]),
    (_R, "which country does the river flow through",
     [("add", "country_1", "Country"), ("link", "river_1", "country", "country_1")], ["add", "paraphrase"]),
    (_CC, "remove the country", [("remove", "country_1")], ["remove"]),
    (_CC, "the city has to be called Lyon", [("require", "city_1", "label", "=", "Lyon")], ["constraint", "named"]),
    (_PS, "don't show the second person", [("hide", "person_2")], ["select"]),
    (_PU, "the university should be in the city of Boston",
     [("add", "city_1", "City"), ("link", "university_1", "city", "city_1"),
      ("require", "city_1", "label", "=", "Boston")], ["add", "named"]),
    (_AB, "the album must be released after 2000", [("require", "album_1", "releaseDate", ">", "2000-12-31")],
     ["constraint", "paraphrase"]),
    (_FD, "the film's director should be a politician", [("class", "person_1", "Politician")], ["class"]),
    (_PB, "also the person's party", [("add", "political_party_1", "PoliticalParty"),
                                      ("link", "person_1", "party", "political_party_1")], ["add"]),
    (_BA, "get rid of the author", [("remove", "person_1")], ["remove"]),
    (_CH, "the city should have a population total over 1000000",
     [("require", "city_1", "populationTotal", ">", 1000000)], ["constraint"]),
    (_PU, "the person has to be born in London",
     [("add", "place_1", "Place"), ("link", "person_1", "birthPlace", "place_1"),
      ("require", "place_1", "label", "=", "London")], ["add", "named", "paraphrase"]),
]

_NA = "novel_1:Novel author_1:Author | novel_1 writtenBy author_1"
_BP = "book_1:Book publisher_1:Publisher | book_1 publishedBy publisher_1"
_AC = "author_1:Author city_1:City | author_1 bornIn city_1"
_LM = "loan_1:Loan member_1:Member | loan_1 borrower member_1"
_BL = "branch_1:Branch library_1:Library | branch_1 branchOf library_1"
_BAT = ("book_1:Book author_1:Author translator_1:Translator | book_1 writtenBy author_1; "
        "book_1 translatedBy translator_1")
_N = "novel_1:Novel"
_IB = "item_1:PrintCopy branch_1:Branch | item_1 heldAt branch_1"

LIBRARY_CASES: list[tuple] = [
    (_NA, "drop the author", [("remove", "author_1")], ["remove"]),
    (_NA, "the author must be a poet", [("class", "author_1", "Poet")], ["class"]),
    (_NA, "also require that the novel won an award",
     [("add", "award_1", "Award"), ("link", "novel_1", "wonAward", "award_1")], ["add"]),
    (_NA, "published after 2010", [("require", "novel_1", "publicationDate", ">", "2010-12-31")],
     ["constraint", "paraphrase"]),
    (_NA, "with more than 400 pages", [("require", "novel_1", "pageCount", ">", 400)],
     ["constraint", "paraphrase"]),
    (_BP, "the publisher has to be a university press", [("class", "publisher_1", "UniversityPress")], ["class"]),
    (_BP, "remove the publisher", [("remove", "publisher_1")], ["remove"]),
    (_BP, "don't return the publisher", [("hide", "publisher_1")], ["select"]),
    (_BP, "the publisher must be based in Oxford",
     [("add", "city_1", "City"), ("link", "publisher_1", "basedIn", "city_1"),
      ("require", "city_1", "label", "=", "Oxford")], ["add", "named"]),
    (_AC, "also the country of the city", [("add", "country_1", "Country"), ("link", "city_1", "inCountry", "country_1")],
     ["add"]),
    (_AC, "the city must have a population over 500000", [("require", "city_1", "population", ">", 500000)],
     ["constraint"]),
    (_AC, "drop the city", [("remove", "city_1")], ["remove"]),
    (_AC, "the author should be born before 1950", [("require", "author_1", "birthDate", "<", "1950-01-01")],
     ["constraint", "paraphrase"]),
    (_LM, "only overdue loans", [("require", "loan_1", "isOverdue", "=", True)], ["constraint"]),
    (_LM, "hide the member", [("hide", "member_1")], ["select", "paraphrase"]),
    (_LM, "the member must have joined after 2020", [("require", "member_1", "joinDate", ">", "2020-12-31")],
     ["constraint", "paraphrase"]),
    (_LM, "also the item that was loaned", [("add", "item_1", "Item"), ("link", "loan_1", "loanedItem", "item_1")],
     ["add", "paraphrase"]),
    (_BL, "the branch must have a café", [("require", "branch_1", "hasCafe", "=", True)], ["constraint"]),
    (_BL, "also the city where the branch is located",
     [("add", "city_1", "City"), ("link", "branch_1", "locatedIn", "city_1")], ["add", "paraphrase"]),
    (_BL, "remove the library", [("remove", "library_1")], ["remove"]),
    (_BAT, "drop the translator", [("remove", "translator_1")], ["remove"]),
    (_BAT, "remove the translated by link", [("remove", "book_1", "translatedBy", "translator_1")], ["remove"]),
    (_BAT, "only return the translator", [("select", "translator_1"), ("hide", "book_1"), ("hide", "author_1")],
     ["select"]),
    (_BAT, "the author must be a novelist", [("class", "author_1", "Novelist")], ["class"]),
    (_N, "also require the genre to be Fantasy",
     [("add", "genre_1", "Genre"), ("link", "novel_1", "hasGenre", "genre_1"),
      ("require", "genre_1", "label", "=", "Fantasy")], ["add", "named"]),
    (_N, "written by Clara Rossi",
     [("add", "author_1", "Author"), ("link", "novel_1", "writtenBy", "author_1"),
      ("require", "author_1", "label", "=", "Clara Rossi")], ["add", "named"]),
    (_N, "the novel should be part of a series",
     [("add", "series_1", "Series"), ("link", "novel_1", "partOfSeries", "series_1")], ["add"]),
    (_N, "with a list price under 20", [("require", "novel_1", "listPrice", "<", 20)], ["constraint"]),
    (_IB, "the branch should be in Bergen",
     [("add", "city_1", "City"), ("link", "branch_1", "locatedIn", "city_1"),
      ("require", "city_1", "label", "=", "Bergen")], ["add", "named", "paraphrase"]),
    (_IB, "remove the branch", [("remove", "branch_1")], ["remove"]),
    (_IB, "also the book this is a copy of", [("add", "book_1", "Book"), ("link", "item_1", "copyOf", "book_1")],
     ["add"]),
    (_NA, "the novel's language should be Norwegian",
     [("add", "language_1", "Language"), ("link", "novel_1", "inLanguage", "language_1"),
      ("require", "language_1", "label", "=", "Norwegian")], ["add", "named"]),
]

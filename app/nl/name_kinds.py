"""What kind of thing a name is, where the name itself or a gazetteer says so: no model needed.

- A country's or a city's name (:mod:`app.nl.gazetteer`): "Heraklion" is a city.
- A name's head noun, when a class is labelled with it: "North Sea" is a sea, "Manhattan Project" a
  project, "University of Oxford" a university (the head stands before "of"). English names put their
  kind there; a label that merely ends with the head counts when only one allowed class has it
  ("Apollo 11 mission": space mission).
- A firm's word at the end: "Mean Hamster Software", "Decca Records" are companies.
- A given name first: "Elvis Presley" is a person (:mod:`app.nl.given_names`).

Either answer must be a kind of the class the name's link allows, so a draft stays valid.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.nl.gazetteer import place_kind
from app.nl.given_names import looks_like_a_person
from app.nl.mentions import class_named, word_forms
from ontology_loaders import OWL_THING, Ontology

__all__ = ["kind_in_name", "known_kind"]


def known_kind(name: str, declared: str, ontology: Ontology) -> str | None:
    """The class, among ``declared`` and its subclasses, that the name's own words or the gazetteer give.

    >>> from ontology_loaders.model import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Place", label="place"),
    ...     OntologyClass(iri="ex:Sea", label="sea", parents=("ex:Place",)),
    ...     OntologyClass(iri="ex:City", label="city", parents=("ex:Place",)),
    ...     OntologyClass(iri="ex:University", label="university")])
    >>> known_kind("North Sea", "ex:Place", onto), known_kind("Heraklion", "ex:Place", onto)
    ('ex:Sea', 'ex:City')
    >>> known_kind("University of Oxford", "ex:Place", onto), known_kind("Pink Floyd", "ex:Place", onto)
    (None, None)
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Agent", label="agent"),
    ...     OntologyClass(iri="ex:Company", label="company", parents=("ex:Agent",))])
    >>> known_kind("Mean Hamster Software", "ex:Agent", onto), known_kind("Mean Hamster", "ex:Agent", onto)
    ('ex:Company', None)
    """
    allowed = ontology.descendants(declared) - {OWL_THING}
    place = place_kind(name, said_to_be_a_place=declared != OWL_THING)
    if place and (labelled := class_named(place, ontology)) in allowed:
        return labelled
    person = class_named("person", ontology) if looks_like_a_person(name) else None
    return _by_head(name, allowed, ontology) or _by_firm_word(name, allowed, ontology) or \
        _by_club_mark(name, allowed, ontology) or (person if person in allowed else None)


def kind_in_name(name: str, ontology: Ontology) -> str | None:
    """The class the name's own words say it is, by its head noun or a firm's word; no gazetteer.

    >>> from ontology_loaders.model import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Airport", label="airport")])
    >>> kind_in_name("Frankfurt Airport", onto), kind_in_name("Frankfurt", onto)
    ('ex:Airport', None)
    """
    allowed = ontology.descendants(OWL_THING) - {OWL_THING}
    return _by_head(name, allowed, ontology) or _by_firm_word(name, allowed, ontology) or \
        _by_club_mark(name, allowed, ontology)


# Words English puts at the end of a firm's name: "Mean Hamster Software", "Decca Records", "Acme Inc".
_FIRM_WORDS = frozenset({"software", "records", "studios", "pictures", "entertainment", "games", "publishing",
                         "publishers", "media", "inc", "ltd", "llc", "corporation", "corp", "group", "holdings",
                         "industries", "motors", "systems", "technologies", "labs", "gmbh", "ag", "plc", "co",
                         "robotics", "electronics", "pharmaceuticals", "foods", "brewery", "airways"})
_FIRM_CLASSES = ("company", "organisation", "organization")


def _by_firm_word(name: str, allowed: set[str], ontology: Ontology) -> str | None:
    """A name ending with a firm's word is a company (or, lacking that class, an organisation)."""
    words = name.lower().replace(".", "").split()
    if len(words) < 2 or words[-1] not in _FIRM_WORDS:
        return None
    return _first_labelled(_FIRM_CLASSES, allowed, ontology)


# A football club's abbreviation, before or after its name: "Chelsea F.C.", "FC Porto", "Valencia CF".
_CLUB_MARKS = frozenset({"fc", "afc", "cf"})
_CLUB_CLASSES = ("soccer club", "football club", "sports club", "sports team")


def _by_club_mark(name: str, allowed: set[str], ontology: Ontology) -> str | None:
    """A name marked as a football club is one: of the most specific class the ontology labels so.

    >>> from ontology_loaders.model import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Team", label="sports team")])
    >>> _by_club_mark("Chelsea F.C.", {"ex:Team"}, onto), _by_club_mark("FC Porto", {"ex:Team"}, onto)
    ('ex:Team', 'ex:Team')
    """
    words = name.lower().replace(".", "").split()
    if len(words) < 2 or not {words[0], words[-1]} & _CLUB_MARKS:
        return None
    return _first_labelled(_CLUB_CLASSES, allowed, ontology)


def _first_labelled(labels: Sequence[str], allowed: set[str], ontology: Ontology) -> str | None:
    """The first of the classes so labelled that the name's link allows: the most specific the ontology has."""
    return next((c for c in (class_named(label, ontology) for label in labels) if c in allowed), None)


def _by_head(name: str, allowed: set[str], ontology: Ontology) -> str | None:
    words = name.lower().split()
    if len(words) < 2:
        return None  # a one-word name is all name ("Apple", "Madonna")
    head = words[:words.index("of")] if "of" in words[1:] else words
    if (exact := class_named(head[-1], ontology)) in allowed:
        return exact
    for form in word_forms(head[-1:]):
        ending = [c for c in allowed if ontology.label(c).lower().split()[-1:] == [form] and
                  not _named_kind(ontology.label(c), words)]
        if len(ending) == 1:
            return ending[0]
    return None


def _named_kind(label: str, name_words: Sequence[str]) -> bool:
    """Whether a label is a kind named after something the name does not say: "Pulitzer Prize" is no
    "Nobel Prize", though "Democratic Party" is a "political party".

    >>> _named_kind("Nobel Prize", ["pulitzer", "prize"]), _named_kind("political party", ["democratic", "party"])
    (True, False)
    """
    return any(word[:1].isupper() and word.lower() not in name_words for word in label.split()[:-1])

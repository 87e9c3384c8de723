""""The most borrowed book", "Which product was ordered most often?": a count of the records the verb makes.

People sort things by how often something was done to them. A knowledge graph keeps each time as a record
(a loan, a sales order) joined to the thing, so "the most borrowed book" is "the book with the most loans",
which the counting reading already drafts. The record is the class the verb names: one labelled with the
verb's own noun ("ordered": sales order), else the one that holds a link the verb names ("borrowed":
borrower, a loan's link). English only; the labels are the loaded ontology's. Where no record fits, or
several do, the question is left as it was, and the superlative is read as an attribute's.
"""

from __future__ import annotations

import re

from app.graph.restate import plural_noun
from app.nl.mentions import class_named
from ontology_loaders import OWL_THING, Ontology
from ontology_loaders.vocab import plain_label

__all__ = ["frequencies_as_counts"]

_HOW_OFTEN = r"(?:(?:often|frequently|commonly)\s+)?"
# "the most borrowed book", "the least frequently ordered products"
_BEFORE_NOUN = re.compile(rf"\bthe\s+(most|least)\s+{_HOW_OFTEN}([a-z]+ed)\s+((?:[a-z]+\s+){{0,2}}[a-z]+)", re.I)
# "Which book was borrowed the most?", "Which products were ordered most often?"
_AFTER_VERB = re.compile(r"\b(?:was|were|is|are|has\s+been|have\s+been|got|get|gets)\s+([a-z]+ed)\s+"
                         r"(?:the\s+)?(most|least)(?:\s+(?:often|frequently|times))?(?=\s*[?.!]?\s*$)", re.I)
_SHORTEST_STEM = 4


def frequencies_as_counts(question: str, ontology: Ontology) -> tuple[str, list[tuple[str, str]]]:
    """The question with "the most <verb>ed <thing>" said as "the <thing> with the most <records>", and what
    was read so.

    >>> from ontology_loaders.model import Attribute, Link, OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Book", label="book"), OntologyClass(iri="ex:Loan", label="loan"),
    ...                          OntologyClass(iri="ex:Member", label="member")],
    ...                 links=[Link(iri="ex:borrower", label="borrower", domain="ex:Loan", range="ex:Member"),
    ...                        Link(iri="ex:item", label="loaned item", domain="ex:Loan", range="ex:Book")])
    >>> frequencies_as_counts("What is the most borrowed book?", onto)[0]
    'What is the book with the most loans?'
    >>> frequencies_as_counts("Which book was borrowed the most?", onto)[0]
    'Which book has the most loans?'
    >>> frequencies_as_counts("Which book was borrowed least often?", onto)[0]
    'Which book has the fewest loans?'
    >>> frequencies_as_counts("What is the most cited book?", onto)[0]  # no record of citing: left as it was
    'What is the most cited book?'
    >>> counted = Ontology(classes=onto.classes, links=onto.links,
    ...                    attributes=[Attribute(iri="ex:loans", label="loans in total", domain="ex:Book")])
    >>> frequencies_as_counts("Which book was loaned the most?", counted)[0]  # an amount the thing has, not records
    'Which book was loaned the most?'
    """
    read: list[tuple[str, str]] = []

    def before_noun(match: re.Match[str]) -> str:
        words = match.group(3).split()
        for size in range(len(words), 0, -1):
            thing = " ".join(words[:size])
            records = _records(match.group(2), class_named(thing, ontology), ontology)
            if records:
                rest = " ".join(words[size:])
                said = f"the {thing} with the {_most(match.group(1))} {records}" + (f" {rest}" if rest else "")
                read.append((match.group(0), said))
                return said
        return match.group(0)

    def after_verb(match: re.Match[str]) -> str:
        records = _records(match.group(1), _thing_before(question[:match.start()], ontology), ontology)
        if records is None:
            return match.group(0)
        said = f"has the {_most(match.group(2))} {records}"
        read.append((match.group(0), said))
        return said

    question = _BEFORE_NOUN.sub(before_noun, question)
    return _AFTER_VERB.sub(after_verb, question), read


def _most(word: str) -> str:
    return "most" if word.lower() == "most" else "fewest"


def _thing_before(text: str, ontology: Ontology) -> str | None:
    """The class the last one to three words of ``text`` name ("Which book" → book)."""
    words = re.findall(r"[a-z]+", text.lower())
    return next((found for size in (3, 2, 1) if len(words) >= size
                 and (found := class_named(" ".join(words[-size:]), ontology)) is not None), None)


def _records(verb: str, thing: str | None, ontology: Ontology) -> str | None:
    """The plural label of the one class whose instances record the verb's act on ``thing``; else None."""
    if thing is None:
        return None
    stem = _stem(verb.lower())
    if len(stem) < _SHORTEST_STEM:
        return None
    if any(plain_label(a.label).startswith(stem) for a in ontology.attributes_of(thing)):
        return None  # "the most populated city": its population, an amount, not a count of records
    related = ontology.ancestors(thing) | ontology.descendants(thing) | {thing}
    by_name = {c.iri for c in ontology.classes
               if (plain_label(c.label).split() or [""])[-1].startswith(stem)}
    by_link = {link.domain for link in ontology.links
               if link.domain and (plain_label(link.label).split() or [""])[0].startswith(stem)}
    for found in (by_name, by_link):
        found = {iri for iri in found if iri not in related and iri != OWL_THING and _reaches(iri, thing, ontology)}
        if len(found) == 1:
            return plural_noun(plain_label(ontology.label(next(iter(found)))))
        if found:
            return None
    return None


def _stem(verb: str) -> str:
    """"borrowed" → borrow, "reserved" → reserv, "shipped" → ship."""
    stem = verb.removesuffix("ed")
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "ls":
        stem = stem[:-1]
    return stem


def _reaches(record: str, thing: str, ontology: Ontology) -> bool:
    """Whether the record meets the thing by one link, or two through a class between (a loan of a copy of a book)."""
    def ends(cls: str) -> set[str]:
        kinds = ontology.ancestors(cls) | {cls}
        return {other for link in ontology.links for here, other in ((link.domain, link.range), (link.range, link.domain))
                if here in kinds and other and other != OWL_THING}
    near = ends(record)
    kinds_of_thing = ontology.ancestors(thing) | ontology.descendants(thing) | {thing}
    return bool(near & kinds_of_thing) or any(ends(middle) & kinds_of_thing for middle in near)

"""A demonym said as a noun: "married to a German", "Which Italians won the Nobel Prize?".

English uses a country's adjective alone for a person of that country. Said as "a German person" or "Italian
people", the reading of a demonym before a noun drafts the person and the country, with the link a person
has to where they are from. Only a capitalised demonym counts (any, where the writer capitalised nothing), alone:
"a German lake" keeps its noun, and "the German" in "the German Shepherd" is a name's. Only where the ontology
has a class labelled "person"; the table of demonyms is English (:mod:`app.nl.demonyms`).
"""

from __future__ import annotations

import re

from app.nl.demonyms import country_of
from app.nl.mentions import class_named
from app.nl.words import COPULAS, PREPOSITIONS, is_verb_form, tokens_of, written_without_capitals
from ontology_loaders import Ontology

__all__ = ["demonyms_said_as_people"]

# ("The Americans" is a title's)
_ALONE = re.compile(r"\b(?:(a|an)\s+([A-Z][a-z]+)|(?<!The )([A-Z][a-z]+s))\b(?=\s*([\w']*))")
_ALONE_ANY_CASE = re.compile(_ALONE.pattern, re.IGNORECASE)
# words after which a demonym stands alone: a clause, a preposition or the question's end goes on
_AFTER = frozenset({"", "and", "or", "who", "whom", "that", "which", "whose"}) | COPULAS | PREPOSITIONS


def demonyms_said_as_people(question: str, ontology: Ontology) -> tuple[str, list[tuple[str, str]]]:
    """The question with a lone "a <Demonym>" said as "a <Demonym> person", "<Demonym>s" as "<Demonym>
    people", and what was read so.

    >>> from ontology_loaders.model import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Person", label="person")])
    >>> demonyms_said_as_people("Which monarchs were married to a German?", onto)
    ('Which monarchs were married to a German person?', [('a German', 'a German person')])
    >>> demonyms_said_as_people("Which Italians won the Nobel Prize?", onto)[0]
    'Which Italian people won the Nobel Prize?'
    >>> demonyms_said_as_people("Which rivers flow into a German lake?", onto)[0]  # a noun follows
    'Which rivers flow into a German lake?'
    >>> demonyms_said_as_people("Who starred in The Americans?", onto)[0]
    'Who starred in The Americans?'
    >>> demonyms_said_as_people("Is a German a person?", Ontology())[0]  # no persons
    'Is a German a person?'
    >>> demonyms_said_as_people("which monarchs were married to a german", onto)[0]  # no word was capitalised
    'which monarchs were married to a german person'
    """
    if class_named("person", ontology) is None:
        return question, []
    read: list[tuple[str, str]] = []
    uncapitalised = written_without_capitals(tokens_of(question))

    def as_people(match: re.Match[str]) -> str:
        article, single, plural, after = match.groups()
        demonym = single or plural[:-1]
        if country_of(demonym, uncapitalised) is None or not (after.lower() in _AFTER or is_verb_form(after.lower())):
            return match.group(0)
        said = f"{article} {demonym} person" if single else f"{demonym} people"
        read.append((match.group(0), said))
        return said

    return (_ALONE_ANY_CASE if uncapitalised else _ALONE).sub(as_people, question), read

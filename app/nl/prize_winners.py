"""The winners of a named prize: "Pulitzer Prize winners", "Nobel laureates", "Turing Award recipients".

English makes a class of people from a prize's name and a noun for those who won it, and no ontology labels
such a class. Said as "people who won the Pulitzer Prize", the readings of a relative clause draft the people,
the prize by its name, and the link "won" means (an award, where the ontology has one). Only a capitalised name
counts, so "gold medalists" (a link's label in DBpedia) and "lottery winners" stay as they are, and only where
the ontology has a class labelled "person". In a question written in lower case, the words after the last
English one are the name, unless they follow "has" and spell a link's label with the noun ("a school has nobel
laureates a sculptor"). The table is English; the labels are the loaded ontology's.
"""

from __future__ import annotations

import re

from app.nl.mentions import class_named, is_link_label
from app.nl.words import ENGLISH, HAVE_FORMS, written_without_capitals
from ontology_loaders import Ontology

__all__ = ["prize_winners_said_by_a_clause"]

# the name: one to four capitalised words ("Nobel", "Pulitzer Prize", "Academy Award"), then the winners' noun
_WINNERS = re.compile(r"\b((?:[A-Z][\w-]*\s+){0,3}[A-Z][\w-]*)\s+"
                      r"(?:winners|laureates|recipients|medalists|medallists|awardees|honorees)\b")
# written in lower case, the name is told by the words no English word opens ("which nobel laureates")
_LOWER_WINNERS = re.compile(r"\b((?:[a-z][\w-]*\s+){0,3}[a-z][\w-]*)\s+"
                            r"(winners|laureates|recipients|medalists|medallists|awardees|honorees)\b")
# words that may open the question or stand before a name without being part of it
_OPENERS = frozenset({"Which", "What", "Who", "Give", "List", "Show", "Name", "Count", "How", "All", "The", "Are",
                      "Were", "Is", "Was", "Did", "Do", "Does", "Me"})


def prize_winners_said_by_a_clause(question: str, ontology: Ontology) -> tuple[str, list[tuple[str, str]]]:
    """The question with "<Prize> winners" said as "people who won the <Prize>", and what was read so.

    >>> from ontology_loaders.model import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Person", label="person")])
    >>> prize_winners_said_by_a_clause("Which Pulitzer Prize winners were born in New York?", onto)
    ('Which people who won the Pulitzer Prize were born in New York?', \
[('Pulitzer Prize winners', 'people who won the Pulitzer Prize')])
    >>> prize_winners_said_by_a_clause("Give me all Nobel laureates.", onto)[0]
    'Give me all people who won the Nobel.'
    >>> prize_winners_said_by_a_clause("Which gold medalists were born in Oslo?", onto)[0]  # no name
    'Which gold medalists were born in Oslo?'
    >>> prize_winners_said_by_a_clause("Which Nobel laureates were born in Vienna?", Ontology())[0]  # no persons
    'Which Nobel laureates were born in Vienna?'
    >>> prize_winners_said_by_a_clause("which nobel prize winners were born in vienna?", onto)[0]
    'which people who won the nobel prize were born in vienna?'
    >>> prize_winners_said_by_a_clause("a school has pulitzer winners", onto)[0]
    'a school has people who won the pulitzer'
    """
    if class_named("person", ontology) is None:
        return question, []
    read: list[tuple[str, str]] = []
    lower_case = written_without_capitals(question.split())

    def as_clause(match: re.Match[str]) -> str:
        words = match.group(1).split()
        opening = []
        while words and words[0] in _OPENERS:
            opening.append(words.pop(0))
        while lower_case and any(w in ENGLISH for w in words):  # the name follows the last English word
            opening.append(words.pop(0))
        if not words or lower_case and opening[-1:] and opening[-1] in HAVE_FORMS and \
                is_link_label(f"{' '.join(words)} {match.group(2)}", ontology):
            return match.group(0)  # "a school has nobel laureates a sculptor": a link's label, as DBpedia's
        prize = " ".join(words)
        said = f"people who won the {prize}"
        read.append((match.group(0)[len(" ".join(opening)):].strip(), said))
        return " ".join([*opening, said])

    return (_LOWER_WINNERS if lower_case else _WINNERS).sub(as_clause, question), read

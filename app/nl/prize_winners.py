"""The winners of a named prize: "Pulitzer Prize winners", "Nobel laureates", "Turing Award recipients".

English makes a class of people from a prize's name and a noun for those who won it, and no ontology labels
such a class. Said as "people who won the Pulitzer Prize", the readings of a relative clause draft the people,
the prize by its name, and the link "won" means (an award, where the ontology has one). Only a capitalised name
counts, so "gold medalists" (a link's label in DBpedia) and "lottery winners" stay as they are, and only where
the ontology has a class labelled "person". The table is English; the labels are the loaded ontology's.
"""

from __future__ import annotations

import re

from app.nl.mentions import class_named
from ontology_loaders import Ontology

__all__ = ["prize_winners_said_by_a_clause"]

# the name: one to four capitalised words ("Nobel", "Pulitzer Prize", "Academy Award"), then the winners' noun
_WINNERS = re.compile(r"\b((?:[A-Z][\w-]*\s+){0,3}[A-Z][\w-]*)\s+"
                      r"(?:winners|laureates|recipients|medalists|medallists|awardees|honorees)\b")
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
    """
    if class_named("person", ontology) is None:
        return question, []
    read: list[tuple[str, str]] = []

    def as_clause(match: re.Match[str]) -> str:
        words = match.group(1).split()
        opening = []
        while words and words[0] in _OPENERS:
            opening.append(words.pop(0))
        if not words:
            return match.group(0)
        prize = " ".join(words)
        said = f"people who won the {prize}"
        read.append((match.group(0)[len(" ".join(opening)):].strip(), said))
        return " ".join([*opening, said])

    return _WINNERS.sub(as_clause, question), read

"""The date a year bounds when a verb before it says an act: "born in 1945" (a birth date), "members who
reserved a book in 2024" (the reservation's date, not the book's). English verbs; the labels are the loaded
ontology's."""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.graph.model import PrototypeGraph
from app.nl.link_direction import word_stem
from app.nl.measures import EVENT_DATES
from app.nl.words import COPULAS, HAVE_FORMS
from ontology_loaders import Ontology
from ontology_loaders.vocab import DatatypeKind, datatype_kind, plain_label

__all__ = ["dated_by_verb", "dated_clause_verb", "event_dates_before"]

# How far before the year its verb may stand: "bought a laptop in 2023"
_VERB_REACH = 5


def _words_before(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]+", text.lower())[-_VERB_REACH:]


def event_dates_before(text: str) -> frozenset[str]:
    """The labels of the date an event verb at the end of ``text`` dates, as written: "born in" bounds the birth
    date, not a birth year, which would miss every thing whose date alone is known.

    >>> sorted(event_dates_before("presidents born in"))
    ['birth date', 'date of birth']
    >>> sorted(event_dates_before("customers who bought a laptop in"))
    ['order date', 'purchase date', 'sale date']
    """
    return frozenset(noun for word in _words_before(text) for noun in EVENT_DATES.get(word, ()))


def dated_by_verb(text: str, graph: PrototypeGraph, ontology: Ontology) -> frozenset[str]:
    """The date attributes of the graph's things whose label shares its stem with a verb at the end of ``text``:
    "members who reserved a book in" bounds the reservation date, not the book's publication date."""
    stems = [word.removesuffix("ed") for word in _words_before(text) if word.endswith("ed") and len(word) >= 6]
    labels = {plain_label(a.label) for node in graph.nodes for a in ontology.attributes_of(node.class_)
              if datatype_kind(a.range) is DatatypeKind.DATE}
    return frozenset(label for label in labels
                     if any(word_stem(word) == word_stem(stem) for word in label.split() for stem in stems))


def dated_clause_verb(tokens: Sequence[str], first: int, last: int) -> list[int]:
    """Where the verb a date (tokens ``first`` to ``last``) bounds stands, in a clause the question's own verb
    follows: "Which films released in 2010 were directed by Christopher Nolan" says when they were released,
    not how the films relate to Nolan. Where the clause goes on ("released in 2010 by Warner Bros"), the verb
    still relates the two.

    >>> films = "Which films released in 2010 were directed by Christopher Nolan".split()
    >>> dated_clause_verb(films, 3, 4), dated_clause_verb("films released in 2010 by Warner Bros".split(), 2, 3)
    ([2], [])
    """
    verb, after = first - 1, last + 1
    if verb < 0 or after >= len(tokens) or not event_dates_before(tokens[verb]) or \
            tokens[after].lower() not in COPULAS | HAVE_FORMS:
        return []
    return [verb]

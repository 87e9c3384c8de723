"""Titles written with a capital: "the King of England", "the President of France" are a kind of person, the
holder of an office of a place, not a thing so named.

English capitalises a title before "of" and a place, and read as a name the whole phrase became one thing (a
song called "King of England"). Said in lower case, the title is the class or relation word the readings
already know ("the king of England": the monarch a country has). Only a title of the table below, before
"of" and a place the gazetteer knows, is lowered: "Bank of America" or "University of Oxford" hold no title
and stay names. The table is English, so the reading holds on any ontology.
"""

from __future__ import annotations

import re

from app.nl.gazetteer import place_kind

__all__ = ["titles_as_roles"]

_TITLES = ("king", "queen", "emperor", "empress", "president", "vice president", "prime minister", "chancellor",
           "mayor", "governor", "prince", "princess", "duke", "duchess", "sultan", "tsar", "czar", "shah", "pharaoh",
           "monarch", "ruler", "premier", "minister", "senator", "ambassador", "archbishop", "bishop")
# "the King of the United Kingdom"; the place is every capitalised word after "of"
_TITLED = re.compile(r"\b(?P<title>(?:" + "|".join(t.title().replace(" ", r"\s+") for t in _TITLES) + r"))"
                     r"(?P<of>\s+of\s+(?:the\s+)?)(?P<place>[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)*)")


def titles_as_roles(question: str) -> tuple[str, list[tuple[str, str]]]:
    """The question with each capitalised title before "of" and a place in lower case, and what was read so.

    >>> titles_as_roles("Who was the first King of England?")
    ('Who was the first king of England?', [('King of England', 'king of England')])
    >>> titles_as_roles("Who is the Prime Minister of the United Kingdom?")[0]
    'Who is the prime minister of the United Kingdom?'
    >>> titles_as_roles("Where is the Bank of America?")[0]  # no title
    'Where is the Bank of America?'
    >>> titles_as_roles("Who wrote King of Thieves?")[0]  # no place: a name
    'Who wrote King of Thieves?'
    """
    read: list[tuple[str, str]] = []

    def lowered(match: re.Match[str]) -> str:
        if place_kind(match["place"], said_to_be_a_place=True) is None:
            return match[0]
        said = match["title"].lower() + match["of"] + match["place"]
        read.append((match[0], said))
        return said

    return _TITLED.sub(lowered, question), read

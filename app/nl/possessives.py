"""A name's relation said with a possessive: "Anna Patel's mentor" is "the mentor of Anna Patel".

The readings of values and relation nouns read "the <link> of <name>": the thing asked is the one the
link reaches ("What is the salary of the mentor of Anna Patel"). A possessive before a link's own label
says the same, so it is read in that order. Only a link label, or a noun that English uses for one ("wife":
spouse), in the singular and naming no class, counts ("Tim Burton's films" are films, "Anna Patel's job title"
asks a value, which its own reading takes), and only where nothing possessive follows it ("X's mentor's salary").
English only; the labels are the loaded ontology's.
"""

from __future__ import annotations

import re

from app.nl.mentions import class_named, is_link_label
from app.nl.paraphrases import relation_nouns
from app.nl.words import ENGLISH, written_without_capitals
from ontology_loaders import Ontology

__all__ = ["opening_and_name", "possessives_as_of"]

# after a name only: "the same university as their spouse" compares, it gives no role
_AS_THEIR = re.compile(r"\b([A-Z][\w.-]*)\s+as\s+(?:their|his|her|its)\s+(?=[a-z])")
_POSSESSIVE = re.compile(r"\b((?:[A-Z][\w.-]*\s+){0,3}[A-Z][\w.-]*)['’]s\s+([a-z]+(?:\s+[a-z]+)?)\b(?!['’])")
# a question written in lower case marks no name: the words before "'s" that are no English word are one
_LOWER_POSSESSIVE = re.compile(r"\b((?:[a-z][\w.-]*\s+){0,3}[a-z][\w.-]*)['’]s\s+([a-z]+(?:\s+[a-z]+)?)\b(?!['’])")


def possessives_as_of(question: str, ontology: Ontology) -> tuple[str, list[tuple[str, str]]]:
    """The question with each "<Name>'s <link label>" said as "the <link label> of <Name>", and what was read so.

    >>> from ontology_loaders.model import Link
    >>> onto = Ontology(links=[Link(iri="ex:mentor", label="mentor"), Link(iri="ex:am", label="account manager")])
    >>> possessives_as_of("What is the salary of Anna Patel's mentor?", onto)[0]
    'What is the salary of the mentor of Anna Patel?'
    >>> possessives_as_of("Where does Granite Bank's account manager live?", onto)[0]
    'Where does the account manager of Granite Bank live?'
    >>> possessives_as_of("What is Anna Patel's job title?", onto)[0]
    "What is Anna Patel's job title?"
    >>> possessives_as_of("Which employees have Anna Patel as their mentor?", onto)[0]
    'Which employees have Anna Patel as mentor?'
    >>> possessives_as_of("People who went to the same university as their spouse", onto)[0]
    'People who went to the same university as their spouse'
    >>> possessives_as_of("Is Anna Patel's mentor an engineer?", onto)
    ('Is the mentor of Anna Patel an engineer?', [("Anna Patel's mentor", 'the mentor of Anna Patel')])
    >>> possessives_as_of("who is anna patel's mentor?", onto)[0]
    'who is the mentor of anna patel?'
    >>> possessives_as_of("who is the boss's mentor?", onto)[0]
    "who is the boss's mentor?"
    """
    read: list[tuple[str, str]] = []
    lower_case = written_without_capitals(question.split())

    def as_of(match: re.Match[str]) -> str:
        opening, name = opening_and_name(match.group(1))  # "Is Anna Patel's mentor …": "Is" is no part of the name
        words = match.group(2).split()
        if lower_case and (opening.split()[-1:] in (["the"], ["a"], ["an"]) or
                           any(w in ENGLISH or class_named(w, ontology) for w in name.split())):
            return match.group(0)  # "the president's wife": a kind's, no name's
        for size in (2, 1):  # the longest label the words begin with
            label = " ".join(words[:size])
            if len(words) < size or label.endswith("s") or class_named(label, ontology) is not None:
                continue  # "Tim Burton's films", "HBO's television series": things of a kind, not a relation
            if is_link_label(label, ontology) or relation_nouns([label]):
                rest = " ".join(words[size:])
                said = f"the {label} of {name}"
                read.append((f"{name}'s {label}", said))
                return opening + said + (f" {rest}" if rest else "")
        return match.group(0)

    # "Which employees have Anna Patel as their mentor": the role the name has, said "as mentor"
    return _AS_THEIR.sub(r"\1 as ", (_LOWER_POSSESSIVE if lower_case else _POSSESSIVE).sub(as_of, question)), read


def opening_and_name(words: str) -> tuple[str, str]:
    """The English words a run of capitalised words begins with, and the name after them.

    >>> opening_and_name("Is Anna Patel"), opening_and_name("Anna Patel")
    (('Is ', 'Anna Patel'), ('', 'Anna Patel'))
    """
    parts = words.split()
    k = next((i for i, w in enumerate(parts) if w.lower() not in ENGLISH), len(parts) - 1)
    return "".join(w + " " for w in parts[:k]), " ".join(parts[k:])

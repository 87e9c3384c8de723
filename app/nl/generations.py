"""Kin two or more generations apart: "the grandchildren of Elvis Presley" are the children of his children.

English builds these words from a one-generation noun ("grandfather": the father of a parent), and an
ontology usually labels only the one-generation links (child, parent, father, mother). So the question is
said again with those: "the children of the children of Elvis Presley", which the readings of "the <link>
of <name>" already draft as a way through a middle person. Each "great" adds a generation. Where the
ontology labels the word itself, or labels neither the outer noun nor the generic one it falls back to,
nothing is rewritten. The table is English; the labels are the loaded ontology's.
"""

from __future__ import annotations

import re

from app.nl.mentions import class_named, is_link_label
from app.nl.possessives import opening_and_name
from ontology_loaders import Ontology

__all__ = ["generations_said_by_links"]

# the last part of the word (singular, plural): the generation said last, and the one each step before it
_KIN: dict[str, tuple[tuple[str, str], str]] = {
    "child": (("child", "children"), "children"),
    "son": (("son", "sons"), "children"),
    "daughter": (("daughter", "daughters"), "children"),
    "parent": (("parent", "parents"), "parents"),
    "father": (("father", "fathers"), "parents"),
    "mother": (("mother", "mothers"), "parents"),
}
# the one-generation noun said when the ontology labels no link with the outer one ("grandson": a child)
_GENERIC = {"children": ("child", "children"), "parents": ("parent", "parents")}

_WORD = r"((?:great[- ]?)*)grand[- ]?(child|children|sons?|daughters?|parents?|fathers?|mothers?)"
_OF = re.compile(rf"\b(?i:(?:the\s+)?{_WORD}\s+of)\s+")
# "How many grandchildren did Queen Victoria have": the name's children's children
_HAD = re.compile(rf"\b(?i:{_WORD})\s+((?i:did|does|do))\s+((?:[A-Z][\w.-]*\s+){{0,3}}[A-Z][\w.-]*)\s+((?i:have))\b")
_POSSESSIVE = re.compile(rf"\b((?:[A-Z][\w.-]*\s+){{0,3}}[A-Z][\w.-]*)['’]s\s+(?i:{_WORD})\b")


def generations_said_by_links(question: str, ontology: Ontology) -> tuple[str, list[tuple[str, str]]]:
    """The question with each grand- kin word said by one-generation links, and what was read so.

    >>> from ontology_loaders.model import Link
    >>> onto = Ontology(links=[Link(iri="ex:child", label="child"), Link(iri="ex:parent", label="parent"),
    ...                        Link(iri="ex:father", label="father")])
    >>> generations_said_by_links("Who are the grandchildren of Elvis Presley?", onto)[0]
    'Who are the children of the children of Elvis Presley?'
    >>> generations_said_by_links("Who was the great-grandfather of Queen Victoria?", onto)[0]
    'Who was the father of the parents of the parents of Queen Victoria?'
    >>> generations_said_by_links("Who are Elvis Presley's granddaughters?", onto)
    ('Who are the children of the children of Elvis Presley?', [("Elvis Presley's granddaughters", \
'the children of the children of Elvis Presley')])
    >>> generations_said_by_links("How many grandsons did Queen Victoria have?", onto)[0]
    'How many children did the children of Queen Victoria have?'
    >>> generations_said_by_links("Who are the grandchildren of Elvis?", Ontology())[0]  # no kin links
    'Who are the grandchildren of Elvis?'
    >>> generations_said_by_links("Who directed The Grandson of Dracula?", onto)[0]  # a title
    'Who directed The Grandson of Dracula?'
    """
    read: list[tuple[str, str]] = []

    def parts(greats: str, kin: str) -> tuple[str, str] | None:
        """The outer noun and the one-generation steps before the name ("the children of "), if rewritten."""
        outer, steps = _by_links(kin.lower(), ontology)
        words = {f"grand{kin.lower()}", f"grand{_singular(kin.lower())}"}
        if outer is None or any(is_link_label(w, ontology) or class_named(w, ontology) for w in words):
            return None
        generations = 1 + len(re.findall(r"(?i)great", greats))
        return outer, "".join(f"the {steps} of " for _ in range(generations))

    def said(greats: str, kin: str) -> str | None:
        found = parts(greats, kin)
        return None if found is None else f"the {found[0]} of {found[1]}"

    def of(match: re.Match[str]) -> str:
        words = said(match.group(1), match.group(2))
        if words is None or _in_a_title(question, match.start(1)):
            return match.group(0)
        read.append((match.group(0).strip(), words.strip()))
        return words

    def possessive(match: re.Match[str]) -> str:
        opening, name = opening_and_name(match.group(1))
        words = said(match.group(2), match.group(3))
        if words is None or _in_a_title(question, match.start(2)):
            return match.group(0)
        read.append((match.group(0)[len(opening):], words + name))
        return opening + words + name

    def had(match: re.Match[str]) -> str:
        found = parts(match.group(1), match.group(2))
        if found is None or _in_a_title(question, match.start(1)):
            return match.group(0)
        words = f"{found[0]} {match.group(3)} {found[1]}{match.group(4)} {match.group(5)}"
        read.append((match.group(0), words))
        return words

    return _OF.sub(of, _HAD.sub(had, _POSSESSIVE.sub(possessive, question))), read


def _by_links(kin: str, ontology: Ontology) -> tuple[str | None, str]:
    """The outer noun (as said, else its generic one-generation noun) and each earlier step's noun, in words
    the ontology labels links with; the outer noun is None where it labels neither."""
    base = _singular(kin)
    (singular, plural), steps = _KIN[base]
    said = singular if kin == base else plural
    if not is_link_label(_GENERIC[steps][0], ontology):
        return None, steps
    if not is_link_label(singular, ontology):
        said = _GENERIC[steps][0] if kin == base else _GENERIC[steps][1]
    return said, steps


def _singular(kin: str) -> str:
    return "child" if kin == "children" else kin.removesuffix("s")


def _in_a_title(question: str, start: int) -> bool:
    """Whether the kin word is capitalised inside the sentence, as in a title ("The Grandson of Dracula")."""
    return start > 0 and question[start].isupper()

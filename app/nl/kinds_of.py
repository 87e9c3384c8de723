""""What form of government", "which kind of music": the thing asked is a kind of the noun, which an ontology
may hold as its own class ("government type", "music genre"), not the noun's class and a class of forms. A kind
is then a thing's by the link its label or its kind word names ("the genres of music made by bands": genre)."""

from __future__ import annotations

from collections.abc import Sequence

from app.nl.mention_types import Mention
from app.nl.mentions import class_named, is_link_label
from ontology_loaders import Ontology

__all__ = ["kind_link_words", "kinds_of"]

# Words that say "a kind of": each may be labelled by any other in the ontology.
_KIND_WORDS = ("type", "kind", "form", "sort", "genre", "style")


def _kind_word(word: str) -> str | None:
    """The kind word ``word`` is, in the singular ("kinds": kind), or None."""
    singular = word.lower().removesuffix("s")
    return singular if singular in _KIND_WORDS else None


def kinds_of(tokens: Sequence[str], mentions: Sequence[Mention], ontology: Ontology) -> list[Mention]:
    """The mentions, with each "<kind word> of <noun>" read as the class of the noun's kinds, where the
    ontology has one; the noun's own class and the kind word's are then no things of the question.

    >>> from ontology_loaders.model import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:GovernmentType", label="government type"),
    ...                          OntologyClass(iri="ex:MusicGenre", label="music genre")])
    >>> [(m.text, m.class_iri) for m in kinds_of("What form of government does Russia have".split(), [], onto)]
    [('government type', 'ex:GovernmentType')]
    >>> [m.class_iri for m in kinds_of("What kinds of music are there".split(), [], onto)]
    ['ex:MusicGenre']
    >>> kinds_of("What form of payment".split(), [], onto)
    []
    """
    found = list(mentions)
    for at in range(len(tokens) - 2):
        if _kind_word(tokens[at]) is None or tokens[at + 1].lower() != "of":
            continue
        noun = tokens[at + 2]
        kind = next((c for word in _KIND_WORDS if (c := class_named(f"{noun} {word}", ontology))), None)
        if kind is None:
            continue
        found = [m for m in found if m.end <= at or m.start > at + 2]
        # said as the class's label, so that a link of that label ("government type") reads as its own word
        found.append(Mention(at, at + 3, ontology.label(kind).lower(), "class", class_iri=kind))
    return sorted(found, key=lambda m: m.start)


def kind_link_words(words: Sequence[str], first: Mention, second: Mention, ontology: Ontology) -> list[str]:
    """"The genres of music made by Argentinian bands": a kind is a thing's by the link its kind word labels; the
    verb says what the music is, not how the kind relates. A link's own label said ("a music genre has music
    subgenre …") still says it.

    >>> from ontology_loaders.model import Link, OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:MusicGenre", label="music genre")],
    ...                 links=[Link(iri="ex:genre", label="genre"), Link(iri="ex:sub", label="music subgenre")])
    >>> genres, band = Mention(0, 2, "music genres", "class", "ex:MusicGenre"), Mention(4, 5, "bands", "class", "ex:B")
    >>> kind_link_words(["made", "by"], genres, band, onto)
    ['genre']
    >>> kind_link_words(["has", "music", "subgenre"], genres, band, onto)
    []
    """
    said = [w.lower() for w in words]
    if first.class_iri == second.class_iri or any(is_link_label(" ".join(said[a:b]), ontology)
                                                  for a in range(len(said)) for b in range(a + 1, len(said) + 1)):
        return []
    found = []
    for mention in (first, second):
        kind = mention.text.lower()
        if mention.kind == "class" and " " in kind and (word := _kind_word(kind.split()[-1])):
            # the kind's own label where a link has it ("government type"), else its kind word ("genre")
            found += [label for label in (kind, word) if is_link_label(label, ontology)][:1]
    return found

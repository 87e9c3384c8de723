"""Which links a question's verb names: "borrowed" names the borrower, "shipped to" the ship-to location."""

from __future__ import annotations

from collections.abc import Sequence

from app.nl.link_choice import word_stem
from app.nl.words import is_verb_form
from ontology_loaders import Ontology
from ontology_loaders.vocab import plain_label

__all__ = ["verb_named", "verb_says"]

# Words that may follow a verb and say which relation it is: "translated into" is not "translated by".
_VERB_PARTICLES = frozenset({"by", "at", "in", "from", "with", "for", "on", "about", "near", "of", "into", "to",
                             "onto", "through", "under", "over"})


def verb_named(words: Sequence[str], ontology: Ontology) -> frozenset[str]:
    """The links whose label begins with the verb said or its doer, by its stem: "reserved" names reserved by and
    reserved item, "borrowed" names borrower; "placed" names no "place of residence", a noun.

    >>> from ontology_loaders.model import Link
    >>> onto = Ontology(links=[Link(iri="ex:b", label="borrower"), Link(iri="ex:r", label="place of residence")])
    >>> sorted(verb_named(["borrowed"], onto)), sorted(verb_named(["placed"], onto))
    (['ex:b'], [])

    A verb with another preposition than the label's says another relation: "translated into German" names
    the language, not "translated by".

    >>> onto = Ontology(links=[Link(iri="ex:t", label="translated by")])
    >>> sorted(verb_named(["translated", "into"], onto)), sorted(verb_named(["were", "translated"], onto))
    ([], ['ex:t'])
    """
    said = {word_stem(w.lower()): (words[k + 1].lower() if k + 1 < len(words) else "")
            for k, w in enumerate(words) if is_verb_form(w)}
    return frozenset(link.iri for link in ontology.links
                     if (label := plain_label(link.label).split()) and (first := label[0])
                     and (is_verb_form(first) or first.endswith(("er", "or"))) and word_stem(first) in said
                     and not _another_preposition(said[word_stem(first)], label[1:2]))


def _another_preposition(after_verb: str, label_rest: Sequence[str]) -> bool:
    return after_verb in _VERB_PARTICLES and bool(label_rest) and label_rest[0] in _VERB_PARTICLES \
        and after_verb != label_rest[0]


def verb_says(words: Sequence[str], label: str) -> bool:
    """Whether a verb of ``words`` loosely says a word of the label, by its first four letters: "shipped" and
    "ship-to location", "composed" and "music composer" say one thing.

    >>> verb_says(["shipped", "to"], "ship-to location"), verb_says(["reserved"], "edited by")
    (True, False)
    """
    return any(v.lower()[:4] == w[:4] for v in words if is_verb_form(v) for w in plain_label(label).split())

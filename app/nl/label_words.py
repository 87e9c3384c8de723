"""How a link's label stands in a question's words: as written, inside a longer label or compound, by a
shared word stem, or in the link's comment. Scores for :mod:`app.nl.link_choice`."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from app.nl.link_direction import word_stem
from app.nl.paraphrases import relation_nouns
from app.nl.words import NUMBER_WORDS
from ontology_loaders import Ontology

__all__ = ["COMMENT_STEM_BONUS", "INSIDE_LONGER_COST", "SHARED_STEM_BONUS", "STOP_WORDS", "VERBATIM_BONUS",
           "comment_stems", "lexical", "modified", "verbatim", "word_stems"]

# Words that carry no relation of their own.
STOP_WORDS = frozenset(
    "a an the of in on at to by for with from and or is are was were be been being has have had do does did "
    "who whom whose which what where when how many much me us all that this those these it its their his her "
    "there give show list name tell also ever some any every each same other than as into most least fewest".split()
    # "have more than ten caves": the comparison is read on its own (app.nl.comparisons), not as a relation
    + "more less fewer".split()) | frozenset(NUMBER_WORDS)
SHARED_STEM_BONUS = 0.15
VERBATIM_BONUS = 0.1
# A label said only inside a longer label said as written ("producer" in "executive producer") names less than it.
INSIDE_LONGER_COST = 0.3
# A relation word found in a link's comment: weaker than one in its label, as comments say more.
COMMENT_STEM_BONUS = 0.08


def verbatim(grams: Sequence[str], label: str) -> bool:
    """Whether the label stands in a gram as written, as whole words."""
    label = " ".join(label.lower().split())
    return len(label) > 2 and any(f" {label} " in f" {g} " for g in grams)


def lexical(grams: Sequence[str], label: str, longer_verbatim: Sequence[str] = ()) -> float:
    """A shared word stem; more when the whole label stands in the phrase as written ("influenced by").

    A label that stands there only inside a longer one ("president" in "vice president") counts less than
    none: the longer label is the one said.
    """
    label = " ".join(label.lower().split())
    if verbatim(grams, label):
        inside = [longer for longer in longer_verbatim if f" {label} " in f" {longer} "]
        if inside:  # a longer label the table of relation nouns only guessed ("written in": programming language)
            said = any(longer not in relation_nouns(grams) for longer in inside)
            return SHARED_STEM_BONUS - (INSIDE_LONGER_COST if said else 0.0)
        return SHARED_STEM_BONUS + VERBATIM_BONUS
    stems = {word_stem(w) for g in grams for w in g.split() if w not in STOP_WORDS and len(w) > 2}
    label_stems = {word_stem(w) for w in label.split() if len(w) > 2}
    # a word said inside the longer label or phrase meant ("released on": record label) is that one's, not a stem
    # shared with this label ("release location")
    theirs = {word_stem(w) for longer in longer_verbatim for w in longer.split()}
    return SHARED_STEM_BONUS if (stems & label_stems) - theirs else 0.0


def comment_stems(grams: Sequence[str], ontology: Ontology, link_iri: str) -> float:
    """A relation word that the link's comment uses ("died" in "the place where the person died")."""
    link = ontology.get_link(link_iri)
    comment = (link.comment or "") if link else ""
    if not comment:
        return 0.0
    stems = {word_stem(w) for g in grams for w in g.split() if w not in STOP_WORDS and len(w) > 2}
    return COMMENT_STEM_BONUS if stems & word_stems(comment) else 0.0


@functools.lru_cache(maxsize=4096)
def word_stems(text: str) -> frozenset[str]:
    """The stems of a text's content words; a comment is read once, not once per edge and direction."""
    return frozenset(word_stem(w) for w in re.findall(r"[a-z]+", text.lower()) if w not in STOP_WORDS and len(w) > 2)


def modified(grams: Sequence[str], label: str, said_labels: Sequence[str]) -> list[str]:
    """The compounds in which a one-word label only describes another label said ("head coach": a coach),
    since an English compound names its last noun. A label said with "of" heads its own phrase ("capital of the
    country" gives the gram "capital country", no compound).

    >>> modified(["head", "head coach", "coach"], "head", ["head", "coach"])
    ['head coach']
    >>> modified(["head", "head coach", "coach"], "coach", ["head", "coach"])
    []
    >>> modified(["capital", "capital of", "capital country"], "capital", ["capital", "country"])
    []
    """
    if f"{label} of" in grams:
        return []
    return [gram for gram in grams if len(words := gram.split()) == 2 and words[0] == label
            and words[1] in said_labels and words[1] != label]

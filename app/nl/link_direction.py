"""Which way a link runs between two things, by the verb that joins them.

A passive describes its subject by its agent ("shows created by Matt Groening"), and ontologies mostly
name that relation from the thing described ("creator"); a label that is the verb itself ("created") runs
from the agent. "Who created Goofy", "which films did Spielberg direct": which thing does what the verb
says decides the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from app.nl.paraphrases import MADE_INTO
from app.nl.words import is_verb_form

__all__ = ["described_first_of_second_agent", "made_into", "passive_verb", "runs_from_the_doer",
           "said_by_the_agent", "verb_said", "word_stem"]


def word_stem(word: str) -> str:
    return word[:5] if len(word) > 5 else word


def verb_said(verb: str, word: str) -> bool:
    """Whether ``word`` is a form of the verb or its doer's noun: a shared stem, or a short verb's "-er"
    noun, which no five-letter stem joins ("own": owner, "lead": leader, "rule": ruler).

    >>> verb_said("directed", "director"), verb_said("owns", "owner"), verb_said("ruled", "ruler")
    (True, True, True)
    >>> verb_said("own", "owned"), verb_said("win", "winter"), verb_said("lead", "league")
    (True, False, False)
    """
    verb, word = verb.lower(), word.lower()
    return word_stem(verb) == word_stem(word) or bool(_bases(verb) & _bases(word))


def _bases(word: str) -> set[str]:
    """The plain verb a short word may be a form of: "owns", "owned", "owner" → own; "ruler" → rule."""
    tails = ("s", "es", "d", "ed", "r", "er", "or")
    return {base for base in (word, *(word[:-len(tail)] for tail in tails if word.endswith(tail))) if len(base) > 2}


def passive_verb(grams: Sequence[str]) -> str:
    """The verb of a passive with its agent ("created" of "created by"), or "".

    >>> passive_verb(["created", "created by"]), passive_verb(["by"])
    ('created', '')
    """
    return next((words[0] for words in map(str.split, grams)
                 if len(words) == 2 and words[1] == "by" and is_verb_form(words[0])), "")


def made_into(grams: Sequence[str]) -> bool:
    """Whether the phrase says the first thing was made into the second, so a link runs from the second.

    >>> made_into(["were made into", "made into"]), made_into(["flow into"])
    (True, False)
    """
    return any(gram in MADE_INTO for gram in grams)


def said_by_the_agent(passive_verb: str, label: str) -> bool:
    """Whether a label is the passive's own verb, so the link runs from its agent ("created by Larry David":
    he "created" it), where a noun label ("creator") runs from the thing described.

    >>> said_by_the_agent("created", "created"), said_by_the_agent("created", "creator")
    (True, False)
    """
    words = label.lower().split()
    return bool(passive_verb and words and words[-1] != "by" and _is_verb_label(label)
                and word_stem(words[0]) == word_stem(passive_verb))


def described_first_of_second_agent(verb: str, label: str) -> bool | None:
    """Whether a link runs from the first thing when the second does what the verb says ("which films did
    Spielberg direct"): so a one-word label the verb says names the doer ("director", "mentor"), as does a
    passive ("translated by"); a label that is the verb said ("reports to") runs from the doer. Other labels
    ("award" for "win") say nothing of it.

    >>> [described_first_of_second_agent("mentor", x) for x in ("mentor", "award")]
    [True, None]
    >>> described_first_of_second_agent("report", "reports to"), described_first_of_second_agent("win", "award")
    (False, None)
    >>> described_first_of_second_agent("translate", "translated by")  # a passive runs to the doer
    True
    """
    words = label.lower().split()
    if not words or not verb_said(verb, words[0]):
        return None
    if words[-1] == "by" and len(words) > 1:
        return True  # "which books did Ana Ferreira translate": the books are translated by her
    return False if _is_verb_label(label) else (True if len(words) == 1 else None)


def verb_noun_named(verb: str, labels: Iterable[str]) -> bool:
    """Whether a label is the noun of the verb said: "creator" of "created".

    >>> verb_noun_named("created Goofy", ["created", "creator"]), verb_noun_named("influenced", ["influenced by"])
    (True, False)
    """
    said = verb.split()[0] if verb.split() else ""
    return any(len(label.split()) == 1 and not is_verb_form(label) and said and verb_said(said, label)
               for label in labels)


def runs_from_the_doer(verb: str, label: str, verb_named: bool, noun_named: bool = False) -> bool | None:
    """Whether the link starts at the doer, the first thing, given the doer's verb and the word after it;
    None: the sentence does not say. ``verb_named``: some candidate's label is a form of the verb;
    ``noun_named``: one is the verb's noun ("creator").

    A verb label with its preposition runs from the doer ("reports to"); another form of the verb, from the
    thing done ("who created Goofy": Goofy's creator; "who starred in Titanic": Titanic starring them), and
    where the verb names a link the others get nothing from the sentence. A verb with a preposition and a
    label of other words tells how the doer stands to the other thing ("who works for Google": the doer's
    employer; "who studied at"). A transitive verb's doer is named by a noun of the thing done ("who wrote
    Hamlet": its author), unless the noun says "of" ("successor of": the doer's own link).

    >>> runs_from_the_doer("works for", "employer", False), runs_from_the_doer("reports to", "reports to", True)
    (True, True)
    >>> runs_from_the_doer("created", "creator", True), runs_from_the_doer("starred in", "starring", True)
    (False, False)
    >>> print(runs_from_the_doer("starred in", "instrument", True))
    None
    >>> runs_from_the_doer("influenced", "influenced", True), runs_from_the_doer("influences", "influenced", True)
    (True, True)
    >>> runs_from_the_doer("created", "created", True, noun_named=True)
    False
    """
    verb_words, label_words = verb.lower().split(), label.lower().split()
    if not verb_words or not label_words or label_words[-1] == "by":
        return False
    if verb_said(verb_words[0], label_words[0]):
        # the verb's own past form as the label is said of the doer ("who influenced Marx": they "influenced" him),
        # unless the verb's noun labels a link too: that link is the one a graph holds ("who created Goofy")
        said_as_is = not noun_named and len(label_words) == 1 and is_verb_form(label_words[0]) and \
            label_words[0].endswith("ed")
        return said_as_is or len(label_words) > 1 and label_words[-1] in _LABEL_PREPOSITIONS | {"of"}
    if len(verb_words) > 1 and verb_words[1] in _LABEL_PREPOSITIONS - {"by"}:
        return None if verb_named else True
    return label_words[-1] == "of"  # "which products replaced X": each is the "successor of" X


_LABEL_PREPOSITIONS = frozenset({"to", "on", "in", "at", "for", "with", "from", "into", "through", "by", "under"})


def _is_verb_label(label: str) -> bool:
    """Whether a link's label is a verb ("reports to", "influenced") rather than a noun ("mentor", "author").

    >>> [_is_verb_label(x) for x in ("reports to", "influenced", "runs on", "mentor", "member of", "sales agent")]
    [True, True, True, False, False, False]
    """
    words = label.lower().split()
    if not words:
        return False
    return is_verb_form(words[0]) or (len(words) > 1 and words[0].endswith("s") and not words[0].endswith("ss")
                                      and words[1] in _LABEL_PREPOSITIONS)

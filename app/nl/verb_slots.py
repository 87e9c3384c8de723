"""Where a word that labels a class stands as a verb: "musicians play the guitar", "clubs that play in",
"where do the Yankees play", "the stadium where the Chicago Bears play". There it names no thing. English word
order only; nothing here names an ontology.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.nl.words import ASKED_IN_PLACE, COPULAS, DO_FORMS, IRREGULAR_PLURALS

__all__ = ["AFTER_VERB", "in_idiom", "verb_after_do", "verb_ending_a_relative_clause", "verb_slot"]

_RELATIVES = frozenset({"that", "who", "which"})
# A class word inside these says no thing: "the festival took place in Tartu".
_IDIOMS = [["take", "place"], ["took", "place"], ["takes", "place"], ["taking", "place"], ["taken", "place"]]
_NOT_PLURAL_NOUNS = frozenset({"has", "was", "does", "is", "this", "its", "his", "hers", "ours", "theirs", "yours",
                               "whose", "various", "always", "as", "us", "less", "plus"})
# Words that follow a verb (its object's article, a particle) and seldom a noun.
AFTER_VERB = frozenset({"the", "a", "an", "in", "on", "at", "for", "with", "to", "into", "from", "through", "as",
                        "both", "either"})


def in_idiom(tokens: Sequence[str], position: int) -> bool:
    """Whether the lower-case word at ``position`` ends an idiom that names no thing ("took place")."""
    return position > 0 and list(tokens[position - 1:position + 1]) in _IDIOMS


def verb_slot(tokens: Sequence[str], position: int) -> bool:
    """Whether the word at ``position`` stands where a clause's verb does: after a plural subject
    (or its "that"/"who"), before an object or a preposition.

    >>> verb_slot("which musicians play the guitar".split(), 2), verb_slot("clubs that play in".split(), 2)
    (True, True)
    >>> verb_slot("a person has country a country".split(), 3), verb_slot("a play by a writer".split(), 1)
    (False, False)
    >>> verb_slot("which people work for Google".split(), 2), verb_slot("which films star Tom Hanks".split(), 2)
    (True, True)
    >>> verb_slot("Acme employs how many people".split(), 1), verb_slot("the most populous city in".split(), 3)
    (True, False)
    """
    if position == 0 or position + 1 >= len(tokens):
        return False
    lowered = [t.lower() for t in tokens]
    if tokens[position - 1][:1].isupper() and lowered[position].endswith("s") and \
            lowered[position + 1] in ASKED_IN_PLACE:
        return True  # "Halvard Robotics employs how many people": a name's verb, its object asked in place
    if lowered[position + 1] not in AFTER_VERB and not tokens[position + 1][:1].isupper():  # "the …", or a name
        return False
    subject = lowered[position - 2] if lowered[position - 1] in _RELATIVES and position >= 2 else lowered[position - 1]
    return subject in IRREGULAR_PLURALS or (len(subject) > 3 and subject.endswith("s") and  # no -ous: "most populous"
                                             not subject.endswith(("ss", "ous")) and subject not in _NOT_PLURAL_NOUNS)


def verb_after_do(tokens: Sequence[str], position: int) -> bool:
    """"Where do the New York Yankees play?", "Which cities did the Beatles play concerts in?": asked with "do",
    the word right after a name is its verb where it is lower-case and bare (not "does the player play": after no
    name; nor "did Elvis Presley Record …", a title's word).

    >>> verb_after_do("Where do the Yankees play".split(), 4), verb_after_do("Where did Elvis record it".split(), 3)
    (True, True)
    >>> verb_after_do("did the player play".split(), 3), verb_after_do("does Sting Record".split(), 2)
    (False, False)
    >>> verb_after_do("Which genres do Argentinian bands play".split(), 4)  # the verb after "do" is bare
    False
    """
    word = tokens[position]
    bare = not word.endswith("s") or word.endswith(("ss", "us"))
    return position >= 2 and tokens[position - 1][:1].isupper() and word[:1].islower() and bare and \
        any(t.lower() in DO_FORMS for t in tokens[1:position - 1])


def verb_ending_a_relative_clause(tokens: Sequence[str], position: int) -> bool:
    """"the stadium where the Chicago Bears play": a word ending the question right after a name, in a clause
    a relative "where", "that" or "whom" opened after a noun, is that clause's verb.

    >>> words = "What is the stadium where the Chicago Bears play".split()
    >>> verb_ending_a_relative_clause(words, 8), verb_ending_a_relative_clause("Where is the Berlin office".split(), 4)
    (True, False)
    """
    if position != len(tokens) - 1 or position < 3 or not tokens[position - 1][:1].isupper():
        return False
    return any(tokens[k].lower() in ("where", "that", "whom") and tokens[k - 1].isalpha() and
               tokens[k - 1].lower() not in COPULAS | DO_FORMS for k in range(1, position - 1))

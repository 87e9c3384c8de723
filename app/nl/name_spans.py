"""Names in a question: runs of capitalised words, titles a class label begins, and words that only look like names.

"born in Heraklion", "the Nobel Prize in Chemistry", "John F. Kennedy" as written; not "TV" in "a TV
show", a month before a year, or a capitalised "The" that opens a sentence. Only English is read
here; which class a name is of is decided elsewhere (:mod:`app.nl.name_kinds`, :mod:`app.nl.name_types`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.nl.focus import WH_THING
from app.nl.gazetteer import place_kind
from app.nl.mention_types import Mention
from app.nl.mentions import class_named, is_link_label
from app.nl.paraphrases import relation_nouns
from app.nl.written_days import DAY_OF_MONTH
from app.nl.words import (ARTICLES, ASKED_IN_PLACE, COPULAS, DO_FORMS, ENGLISH, HAVE_FORMS, MONTHS, TOKEN, is_verb_form,
                          written_without_capitals)
from ontology_loaders.model import Ontology

__all__ = ["MAX_NAME_WORDS", "NOT_NOUNS", "capitalised_classes", "as_written", "inside_longer_name",
           "lower_case_objects", "names", "title_end"]

MAX_NAME_WORDS = 6
# Small words that are no noun, so begin no thing and no name.
NOT_NOUNS = frozenset(ENGLISH | {"same", "other", "first", "second", "last", "most", "least", "more", "less",
                                 "also", "both", "only", "ever", "really", "as",
                                 # "Which movies did they star in together?": adverbs that end a clause
                                 "together", "alone", "again", "too", "yet", "still", "anymore",
                                 # "Which Greek parties exist?": being, no kind of thing (a person, by meaning)
                                 "exist", "exists", "existed",
                                 # "Can I see …": a modal opening the question starts no name
                                 "can", "could", "will", "would", "should", "shall", "may", "might", "must"})
# Small words a name can hold inside it ("Bank of America", "The Lord of the Rings", "Benicio del Toro"; the "d" of
# "Ballon d'Or", "Côte d'Ivoire").
_NAME_JOINERS = frozenset({"of", "the", "and", "de", "von", "van", "der", "du", "la", "le", "&", "s", "d",
                           "del", "della", "da", "di", "dos", "das", "ten", "ter", "bin", "ibn", "al"})


_TITLE_JOINERS = frozenset({"in", "for", "of"})


def title_end(tokens: Sequence[str], start: int, end: int) -> int | None:
    """Where a title ends that a class label written in capitals begins mid-sentence and a preposition
    continues with capitals: "the Nobel Prize in Chemistry", "an Academy Award for Best Actor". None when
    the words are no such title; "in" before a place's name ("Museum in Paris") says where, not which.

    >>> title_end("who won the Nobel Prize in Chemistry".split(), 3, 5)
    7
    >>> title_end("who won a nobel prize in Chemistry".split(), 3, 5), title_end("the Museum in Paris".split(), 1, 2)
    (None, None)
    >>> title_end("who won the nobel prize in literature".split(), 3, 5), title_end("a museum in paris".split(), 1, 2)
    (7, None)
    """
    if written_without_capitals(tokens):
        return _lower_case_title_end(tokens, start, end)
    if start == 0 or not all(t[:1].isupper() for t in tokens[start:end]) or end + 1 >= len(tokens) or \
            tokens[end].lower() not in _TITLE_JOINERS or not tokens[end + 1][:1].isupper():
        return None
    title_end = end + 1
    while title_end < len(tokens) and tokens[title_end][:1].isupper():
        title_end += 1
    if tokens[end].lower() == "in" and place_kind(" ".join(tokens[end + 1:title_end]), said_to_be_a_place=True):
        return None
    return title_end


def _lower_case_title_end(tokens: Sequence[str], start: int, end: int) -> int | None:
    """Written in lower case, a title is told by its words: after "the" or "a", "in", then up to the next small
    word, none of them a place ("who won the nobel prize in literature in 1921"). "Of" may say whose ("the ceo
    of apple"), and no capital tells a title's."""
    if start == 0 or tokens[start - 1].lower() not in ARTICLES or end >= len(tokens) or tokens[end].lower() != "in":
        return None
    rest = [t.lower() for t in tokens[end + 1:end + 4]]
    words = len(next((rest[:k] for k, w in enumerate(rest) if not w.isalpha() or w in ENGLISH), rest))
    if not words or any(place_kind(" ".join(rest[:k]), said_to_be_a_place=True) for k in range(1, words + 1)):
        return None
    return end + 1 + words


def inside_longer_name(tokens: Sequence[str], mention: Mention) -> bool:
    """"Hotel California", "Paris Hilton": a known name inside a longer run of capitalised words is
    part of another name, which the run as a whole names.

    >>> inside_longer_name("the song Hotel California".split(), Mention(3, 4, "California", "instance"))
    True
    >>> inside_longer_name("Which cities are in California".split(), Mention(4, 5, "California", "instance"))
    False
    """
    before = tokens[mention.start - 1] if mention.start > 1 else ""
    after = tokens[mention.end] if mention.end < len(tokens) else ""
    return any(word[:1].isupper() and word.lower() not in NOT_NOUNS for word in (before, after))


# Roles English writes as acronyms: "the CEO of Apple" is a relation, no name.
ROLE_ACRONYMS = frozenset({"ceo", "ceos", "cfo", "cto", "coo", "cio"})
# Abbreviations English writes in capitals inside class words: "a TV show" is a television show.
_ABBREVIATIONS = {"tv": "television"}


def capitalised_classes(tokens: Sequence[str], taken: Sequence[bool], ontology: Ontology) -> list[Mention]:
    """Class words written with a capital first word, which would otherwise read as a name: "a TV show" is a
    television show, "the youngest Darts player" a darts player, "Ice hockey players" ice hockey players."""
    found = []
    for i in range(len(tokens) - 1):
        if not tokens[i][:1].isupper() or tokens[i].lower() in NOT_NOUNS:
            continue  # "The person …" opens a sentence; it may point back to a person said before
        for end in (i + 3, i + 2):
            words = tokens[i:end]
            if len(words) < end - i or any(taken[i:end]) or not all(w.islower() for w in words[1:]):
                continue
            iri = class_named(" ".join(_ABBREVIATIONS.get(w.lower(), w.lower()) for w in words), ontology)
            if iri is not None:
                found.append(Mention(i, end, " ".join(words), "class", class_iri=iri))
                break
    return found


def names(tokens: Sequence[str], taken: Sequence[bool], ontology: Ontology) -> list[Mention]:
    """Runs of capitalised words not yet explained: names of unknown class ("born in Heraklion")."""
    found: list[Mention] = []
    position = 0
    while position < len(tokens):
        word = tokens[position]
        starts = word[:1].isupper() and not taken[position] and (position > 0 or word.lower() not in NOT_NOUNS)
        if not starts or position == 0 and word.lower() in WH_THING or _kind_of_noun(tokens, position) or \
                word.lower() in ROLE_ACRONYMS or \
                _month_of_a_date(tokens, position):
            position += 1
            continue
        end = position + 1
        while end < len(tokens) and not taken[end] and end - position < MAX_NAME_WORDS and (
                tokens[end][:1].isupper() or tokens[end][:1].isdigit()
                or tokens[end] == "s" and end + 1 == len(tokens)  # "Who founded McDonald's?": nothing is possessed
                or (tokens[end].lower() in _NAME_JOINERS and end + 1 < len(tokens) and tokens[end + 1][:1].isupper()
                    and not taken[end + 1]  # "Copies of The Hidden Tide": "of" joins no name to a known one
                    # "Freedom of the City and Royal Society": after a small "the", "and" joins two names
                    and not (tokens[end].lower() == "and" and "the" in tokens[position + 1:end]))
                or _of_the_name(tokens, taken, end) and (end - position > 1 or not class_named(word, ontology))):
            end += 1
        if end - position == 1 and (position == 0 and not _subject_of_asked(tokens) or word.lower() in ENGLISH
                                    or word == "I"):
            position += 1  # a lone capitalised first word is the sentence's ("… a child. The person …"), no name;
            continue  # "I" is the asker ("World War I" is a run)
        # "the 2008 Summer Olympics": a year after "the" opens the name of a yearly event
        start = position - 1 if position > 1 and _year(tokens[position - 1]) and not taken[position - 1] and \
            tokens[position - 2].lower() == "the" else position
        found.append(Mention(start, end, " ".join(tokens[start:end]), "name", score=0.8))
        position = end
    return found


def _of_the_name(tokens: Sequence[str], taken: Sequence[bool], position: int) -> bool:
    """Whether "of the" at ``position`` goes on with a capitalised word: "The Lord of the Rings", "Pirates of the
    Caribbean" are one name each; a lone class word before it is a title's ("the President of the United States").
    """
    return tokens[position].lower() == "of" and position + 2 < len(tokens) and tokens[position + 1] == "the" \
        and tokens[position + 2][:1].isupper() and not taken[position + 1] and not taken[position + 2]


def _year(word: str) -> bool:
    return len(word) == 4 and word.isdigit()


_IN_PLACE = ASKED_IN_PLACE | {"whom", "who"}


def _subject_of_asked(tokens: Sequence[str]) -> bool:
    """"Laozi authored which book?": a statement whose object is asked in place begins with its subject, and a
    lone capitalised first word no English word spells is then a name.

    >>> _subject_of_asked("Laozi authored which book".split()), _subject_of_asked("Count all who won".split())
    (True, False)
    >>> _subject_of_asked("Foxconn makes how many things".split())
    True
    >>> _subject_of_asked("Films directed by someone who was born in France".split())  # "who" opens a clause
    False
    >>> _subject_of_asked("Chestnut colored horses have won which races".split())
    True
    >>> _subject_of_asked("Films directed by Clint Eastwood in which he also acted".split())
    False
    """
    # ("Count all …": a command, its second word a small one)
    return len(tokens) > 2 and tokens[0].lower() not in ENGLISH | NOT_NOUNS and tokens[1][:1].islower() and \
        tokens[1] not in ENGLISH and \
        any(t.lower() in _IN_PLACE and not _opens_a_clause(tokens, i) for i, t in enumerate(tokens[2:], 2))


def _opens_a_clause(tokens: Sequence[str], position: int) -> bool:
    """"someone who was born": a "who", "which" or "that" before a verb opens a clause about the word before it;
    it asks nothing in place."""
    after = tokens[position + 1].lower() if position + 1 < len(tokens) else ""
    before = tokens[position - 1].lower() if position else ""
    if tokens[position].lower() in ("which", "whom") and before in _OBJECT_PREPOSITIONS:
        return True  # "films … in which he acted"
    return tokens[position].lower() in ("who", "which", "that") and \
        (after in COPULAS | HAVE_FORMS | DO_FORMS | _PRONOUNS or is_verb_form(after))


_PRONOUNS = frozenset({"he", "she", "they", "it", "we", "you", "i"})


_OBJECT_PREPOSITIONS = frozenset({"of", "from", "with", "by", "in", "on", "at", "for", "into", "to", "about"})


def lower_case_objects(tokens: Sequence[str], taken: Sequence[bool], ontology: Ontology) -> list[Mention]:
    """"Which people died of tuberculosis": a lower-case noun ending the question, right after a relation the
    relation table knows and a link of the ontology is labelled with, names the one thing that relation
    reaches (a disease), as a capitalised name would.

    >>> from ontology_loaders.model import Link
    >>> onto = Ontology(links=[Link(iri="ex:deathCause", label="death cause")])
    >>> [m.text for m in lower_case_objects("which people died of tuberculosis".split(), [False] * 5, onto)]
    ['tuberculosis']
    >>> lower_case_objects("which scientists died young".split(), [False] * 4, onto)
    []
    >>> lower_case_objects("which people died of tuberculosis".split(), [False] * 5, Ontology())
    []
    >>> from ontology_loaders.model import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:College", label="college")], links=onto.links)
    >>> lower_case_objects("where did he die of college".split(), [False] * 6, onto)
    []
    """
    last = len(tokens) - 1
    word = tokens[last] if tokens else ""
    if last < 2 or taken[last] or not (word.isalpha() and word.islower() and len(word) > 2) or \
            word in NOT_NOUNS or word.endswith("ly") or is_verb_form(word) or class_named(word, ontology):
        return []  # "went to college": a class's own word is that kind of thing, not one thing's name
    before = last - 1 if tokens[last - 1].lower() in ARTICLES else last
    # a verb and its preposition ("died of"): after a verb alone the word may say how ("died young")
    relation = " ".join(tokens[before - 2:before]).lower()
    if tokens[before - 1].lower() not in _OBJECT_PREPOSITIONS or any(taken[before - 2:before]) or \
            not any(is_link_label(noun, ontology) for noun in relation_nouns([relation])):
        return []
    return [Mention(last, last + 1, word, "name", score=0.8)]


def _month_of_a_date(tokens: Sequence[str], position: int) -> bool:
    """"after March 2024", "before January 1st, 1990": a month before a year or a day is part of a date (a
    comparison reads it), no name."""
    after = tokens[position + 1] if position + 1 < len(tokens) else ""
    return tokens[position].lower().rstrip(".") in MONTHS and \
        (_year(after) or re.fullmatch(DAY_OF_MONTH, after) is not None)


def _kind_of_noun(tokens: Sequence[str], position: int) -> bool:
    """An acronym before a lower-case plural, or a lower-case noun and a plural, says what kind of thing that
    is, it names nothing: "TV shows", "PC games", "EU member states".

    >>> _kind_of_noun(["the", "TV", "shows"], 1), _kind_of_noun(["the", "BBC", "said"], 1)
    (True, False)
    >>> _kind_of_noun(["are", "EU", "member", "states"], 1)
    True
    """
    word, following = tokens[position], tokens[position + 1:position + 3]
    plural = [w.islower() and len(w) > 3 and w.endswith("s") and not w.endswith("ss") for w in following]
    return 2 <= len(word) <= 3 and word.isupper() and bool(following) and following[0].islower() and (
        plural[0] or len(plural) > 1 and plural[1])


# Characters that may stand inside a name as written: "John F. Kennedy", "Jean-Paul Sartre", "O'Brien".
_INSIDE_NAME = re.compile(r"[\s.'\u2019-]*")


def as_written(question: str, start: int, end: int) -> str:
    """Tokens ``start:end`` as the question writes them, when only a name's own marks stand between.

    A knowledge graph labels "John F. Kennedy" with its period; the tokens alone would lose it.

    >>> as_written("Who was John F. Kennedy's vice president?", 2, 5)
    'John F. Kennedy'
    >>> as_written("films by Julia Roberts, Richard Gere", 2, 5)
    'Julia Roberts Richard'
    >>> as_written("Who is the owner of Chelsea F.C.?", 5, 8)
    'Chelsea F.C.'
    """
    spans = [m.span() for m in TOKEN.finditer(question)][start:end]
    gaps = [question[a[1]:b[0]] for a, b in zip(spans, spans[1:])]
    if all(_INSIDE_NAME.fullmatch(gap) for gap in gaps):
        last = spans[-1][1]
        # an abbreviation's last period is its own, though it may end the sentence too ("Chelsea F.C.?")
        dotted = len(spans) > 1 and gaps[-1] == "." and all(b - a == 1 for a, b in spans[-2:])
        return question[spans[0][0]:last + (dotted and question[last:last + 1] == ".")]
    return " ".join(question[a:b] for a, b in spans)

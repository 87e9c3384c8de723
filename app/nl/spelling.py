"""A class word typed with a slip of the keyboard: "departmnet", "employes", "manger".

The embedder places a misspelt word anywhere ("departmnet" came out nearest to nothing, and the
question lost its department). A word one edit from a one-word class label (two for long words; a
swap of two letters is one edit) is that label, when exactly one label is that close and the word
is no English word itself: "death" is one letter from "depth". English words are those the
embedder's own vocabulary holds whole (30,000 WordPiece entries); without it nothing is corrected.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from rapidfuzz.distance import DamerauLevenshtein

from app.caching import KeyedCache
from app.errors import EmbedderLoadError
from app.nl.demonyms import full_country_name
from app.nl.embedding import default_embedder_path
from app.nl.given_names import has_given_name
from app.nl.mentions import class_labels, word_forms
from app.nl.words import ENGLISH
from ontology_loaders import Ontology
from ontology_loaders.vocab import plain_label

__all__ = ["misspelt_class", "respelt"]

_SHORTEST = 5  # shorter words are too often other words one letter away ("cat", "car")
_TWO_EDITS_FROM = 9


def misspelt_class(word: str, ontology: Ontology) -> str | None:
    """The class whose one-word label ``word`` misspells, or None (also for a label spelt right).

    >>> from ontology_loaders.model import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Department", label="department"),
    ...                          OntologyClass(iri="ex:Employee", label="employee")])
    >>> misspelt_class("departmnet", onto), misspelt_class("Employes", onto), misspelt_class("employee", onto)
    ('ex:Department', 'ex:Employee', None)
    >>> misspelt_class("deployee", onto), misspelt_class("emp", onto), misspelt_class("employed", onto)
    (None, None, None)
    """
    lowered = word.lower()
    if len(lowered) < _SHORTEST or not lowered.isalpha():
        return None
    english = _english_words()
    if not english or lowered in english or (lowered.endswith("s") and lowered[:-1] in english):
        return None  # a word English has ("death", "deaths", "employed") is meant as written
    labels = _one_word_labels(ontology)
    if any(form in labels for form in word_forms([lowered])):
        return None
    close = {labels[label] for label in _slips_from(lowered, labels)}
    return close.pop() if len(close) == 1 else None


def _slips_from(word: str, candidates: Iterable[str]) -> set[str]:
    """The candidates ``word`` is a slip of the keyboard from: one edit, two for a long word (a swap of two
    letters is one)."""
    forms = word_forms([word])
    allowed = 2 if len(word) >= _TWO_EDITS_FROM else 1
    return {candidate for candidate in candidates
            if candidate[0] == word[0] and abs(len(candidate) - len(word)) <= allowed + 1
            and min(DamerauLevenshtein.distance(form, candidate) for form in forms) <= allowed}


@functools.cache
def _english_words() -> frozenset[str]:
    try:
        with open(default_embedder_path() / "vocab.txt", encoding="utf-8") as vocabulary:
            return frozenset(line.strip() for line in vocabulary if line.strip().isalpha())
    except (OSError, EmbedderLoadError, ValueError):
        return frozenset()  # no vocabulary to tell English words by: correct nothing


_labels: KeyedCache[str, dict[str, str]] = KeyedCache(max_size=8)


def _one_word_labels(ontology: Ontology) -> dict[str, str]:
    return _labels.get_or_build(ontology.fingerprint, lambda: {
        label: iri for label, iri in class_labels(ontology).items() if " " not in label and len(label) >= _SHORTEST})


_label_words: KeyedCache[str, frozenset[str]] = KeyedCache(max_size=8)


def _label_word_lists(ontology: Ontology) -> list[list[str]]:
    """The words of every class, link and attribute label, each label's in order."""
    labels = [c.label for c in ontology.classes] + [x.label for x in (*ontology.links, *ontology.attributes)]
    return [plain_label(label).split() for label in labels]


def _words_of_labels(ontology: Ontology) -> frozenset[str]:
    def build() -> frozenset[str]:
        return frozenset(w for words in _label_word_lists(ontology) for w in words
                         if w.isalpha() and len(w) >= _SHORTEST)
    return _label_words.get_or_build(ontology.fingerprint, build)


_joined_words: KeyedCache[str, dict[str, str]] = KeyedCache(max_size=8)


def _joined_label_words(ontology: Ontology) -> dict[str, str]:
    """Two neighbouring words of a label, written as one ("timezone" → "time zone"), where only one pair joins so."""
    def build() -> dict[str, str]:
        pairs: dict[str, set[str]] = {}
        for words in _label_word_lists(ontology):
            for first, second in zip(words, words[1:]):
                if first.isalpha() and second.isalpha():
                    pairs.setdefault(first + second, set()).add(f"{first} {second}")
        return {joined: spaced.pop() for joined, spaced in pairs.items() if len(spaced) == 1}
    return _joined_words.get_or_build(ontology.fingerprint, build)


# "U.S.", "U.K.": a country's initials with dots, which split the question's words apart ("U.S" became a name)
_DOTTED = re.compile(r"(?<![\w.])(?:[A-Z]\.){2,}(?!\w)")


def _undotted(initials: str) -> str:
    """A country's dotted initials without the dots; other initials as written ("J.R.R." is a name's).

    >>> _undotted("U.S."), _undotted("U.K."), _undotted("J.R.")
    ('US', 'UK', 'J.R.')
    """
    plain = initials.replace(".", "")
    return plain if full_country_name(plain) is not None else initials


def respelt(question: str, ontology: Ontology) -> tuple[str, list[tuple[str, str]]]:
    """``question`` with each lower-case word that is no English word and one slip from exactly one word of the
    ontology's labels written as that word ("Which city's foundeer is …": founder), or two neighbouring words of
    a label written as one ("timezone": time zone), and the words changed. A country's dotted initials lose
    their dots ("U.S.": US), which is no slip and is not reported.

    Capitalised words are left alone: a name need be no English word. So is a word right after a given name,
    which is a family name however it is typed ("john cleese").
    """
    question = _DOTTED.sub(lambda m: _undotted(m.group(0)), question)
    english = _english_words()
    if not english:
        return question, []
    vocabulary, joined = _words_of_labels(ontology), _joined_label_words(ontology)
    changed: list[tuple[str, str]] = []

    def known(word: str) -> bool:
        return any(form in english or form in vocabulary for form in word_forms([word]))

    def fix(match: re.Match[str]) -> str:
        word = match.group(0)
        if not word.islower() or len(word) < _SHORTEST or known(word):
            return word
        neighbours = _neighbours(question, match)
        if any(len(neighbour) >= 3 and not known(neighbour) for neighbour in neighbours):
            return word  # "Instituts d'études politiques de Paris": a foreign name's word, not a slip
        if _after_a_given_name(question, match):
            return word  # "created by john cleese": a family name, not "cheese" mistyped
        # "the timezone of …": the label "time zone" written as one word; else a slip from one label word
        meant = {joined[form] for form in word_forms([word]) if form in joined} or _slips_from(word, vocabulary)
        if len(meant) != 1:
            return word
        changed.append((word, meant.pop()))
        return changed[-1][1]

    return re.sub(r"[^\W\d_]+", fix, question), changed


def _after_a_given_name(question: str, match: re.Match[str]) -> bool:
    """Whether the word before the matched one is a given name ("john cleese"), with only a space between."""
    before = re.search(r"([^\W\d_]+) $", question[:match.start()])
    # the list of given names holds "the" and "in" too: function words are never one
    return before is not None and len(before.group(1)) >= 3 and before.group(1).lower() not in ENGLISH and \
        has_given_name(before.group(1))


def _neighbours(question: str, match: re.Match[str]) -> list[str]:
    """The words right before and after the matched word, lower case."""
    before = re.findall(r"[^\W\d_]+", question[:match.start()])[-1:]
    after = re.findall(r"[^\W\d_]+", question[match.end():])[:1]
    return [w.lower() for w in before + after]

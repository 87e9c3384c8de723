"""Whether a name is a person's by its first word: "Elvis Presley", "Angela Merkel".

English writes a person's name as a given name and a family name. The offline
``gender-guesser`` package (PyPI) lists some 40,000 given names of many countries;
a name of two to four words whose first is one of them is a person's. Single words
("Madonna", "Nike", "Apollo") say too little, so they are left to other evidence.
"""

from __future__ import annotations

import functools
import re

from app.nl.demonyms import country_of

__all__ = ["has_given_name", "looks_like_a_person"]

# Words in names that are not people's ("Apollo 14", "Mona Lisa and …", "Bank of England").
_NOT_IN_PERSONS = frozenset({"and", "of", "the", "&", "for", "in", "on"})


@functools.cache
def _detector():
    import gender_guesser.detector  # 0.16 s and 40,000 names, read on first use

    return gender_guesser.detector.Detector(case_sensitive=False)


def has_given_name(word: str) -> bool:
    """Whether ``word`` is a given name somewhere.

    >>> has_given_name("Angela"), has_given_name("Google"), has_given_name("Real")
    (True, False, False)
    """
    return word.isalpha() and _detector().get_gender(word) != "unknown"


def looks_like_a_person(name: str) -> bool:
    """A name of two to four words, the first a given name, none of them a number or a joining word.

    >>> looks_like_a_person("Elvis Presley"), looks_like_a_person("Apollo 14"), looks_like_a_person("Madonna")
    (True, False, False)
    >>> looks_like_a_person("Harold and Maude"), looks_like_a_person("Leonardo da Vinci")
    (False, True)
    >>> looks_like_a_person("German Shepherd"), looks_like_a_person("Catherine the Great")
    (False, True)
    """
    words = re.findall(r"[^\s]+", name)
    if len(words) == 3 and words[1] == "the" and words[2][:1].isupper():
        words = [words[0], words[2]]  # an epithet: "Alexander the Great", "Ivan the Terrible"
    if not 2 <= len(words) <= 4 or any(w.lower() in _NOT_IN_PERSONS or any(c.isdigit() for c in w) for w in words):
        return False
    first = words[0].strip(".,'")
    return has_given_name(first) and country_of(first) is None  # "German Shepherd" is a dog

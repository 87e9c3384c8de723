"""Class words an ontology's own definitions give: "patrons" names the class "A registered patron who may borrow items".

A class's comment usually opens with "A <noun> who/that …"; that noun is a word
people use for the class even when its label says something else.
"""

from __future__ import annotations

from app.caching import KeyedCache
from app.nl.mentions import word_forms
from app.nl.words import ENGLISH, TOKEN, is_verb_form
from ontology_loaders.model import Ontology

__all__ = ["comment_heads", "defined_as"]


_comment_heads: KeyedCache[str, dict[str, frozenset[str]]] = KeyedCache(max_size=8)


def _head_nouns(comment: str) -> list[str]:
    """The nouns a definition defines by: "A registered patron who may borrow" → patron; "A town or city" → both.

    >>> _head_nouns("A registered patron who may borrow items."), _head_nouns("A town or city."), _head_nouns("")
    (['patron'], ['town', 'city'], [])
    """
    words = TOKEN.findall(comment.split(".")[0].lower())
    if not words or words[0] not in ("a", "an"):
        return []
    heads, phrase = [], []
    for word in words[1:] + ["."]:
        if is_verb_form(word) and not phrase and word not in ENGLISH:
            continue  # a participle before the noun describes it: "a registered patron"
        if word == "or" or word == "." or word in ENGLISH or is_verb_form(word):
            if phrase:
                heads.append(phrase[-1])
            phrase = []
            if word != "or":
                break
        else:
            phrase.append(word)
    return heads


def comment_heads(ontology: Ontology) -> dict[str, frozenset[str]]:
    """Head noun of each class's defining comment → the classes so defined."""
    def build() -> dict[str, frozenset[str]]:
        found: dict[str, set[str]] = {}
        for cls in ontology.classes:
            for head in _head_nouns(cls.comment or ""):
                found.setdefault(head, set()).add(cls.iri)
        return {head: frozenset(iris) for head, iris in found.items()}

    return _comment_heads.get_or_build(ontology.fingerprint, build)


def defined_as(word: str, ontology: Ontology) -> str | None:
    """The one class whose comment defines it as a ``word`` ("patrons": the class "A registered patron …")."""
    heads = comment_heads(ontology)
    for form in word_forms([word.lower()]):
        iris = heads.get(form)
        if iris and len(iris) == 1:
            return next(iter(iris))
    return None

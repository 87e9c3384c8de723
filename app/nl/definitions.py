"""Class words an ontology's own words give, beyond its labels.

- A class's comment usually opens with "A <noun> who/that …"; that noun is a word
  people use for the class even when its label says something else: "patrons"
  names the class "A registered patron who may borrow items".
- A word that ends several labels names what those classes have in common:
  "copies" are items when the ontology has both "digital copy" and "print copy".
"""

from __future__ import annotations

from app.caching import KeyedCache
from app.nl.mentions import class_named, word_forms
from app.nl.words import ENGLISH, TOKEN, is_verb_form
from ontology_loaders import OWL_THING, Ontology

__all__ = ["comment_heads", "defined_as", "ends_a_class_label", "shared_head_class"]


_comment_heads: KeyedCache[str, dict[str, frozenset[str]]] = KeyedCache(max_size=8)
_label_heads: KeyedCache[str, dict[str, frozenset[str]]] = KeyedCache(max_size=8)


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


def _label_heads_of(ontology: Ontology) -> dict[str, frozenset[str]]:
    """Last word of each label of two words or more → the classes so labelled."""
    def build() -> dict[str, frozenset[str]]:
        found: dict[str, set[str]] = {}
        for cls in ontology.classes:
            words = (cls.label or "").lower().split()
            if len(words) > 1:
                found.setdefault(words[-1], set()).add(cls.iri)
        return {head: frozenset(iris) for head, iris in found.items()}

    return _label_heads.get_or_build(ontology.fingerprint, build)


def shared_head_class(word: str, ontology: Ontology) -> str | None:
    """The nearest class above every class whose label ends in ``word``, where two or more do.

    "Copies" said alone is neither the digital copy nor the print copy but what both are.
    None when one class or none ends so, or when only owl:Thing is above them all: then
    the word says no kind the ontology has.
    """
    heads = _label_heads_of(ontology)
    for form in word_forms([word.lower()]):
        iris = heads.get(form)
        if iris and len(iris) > 1:
            common = frozenset.intersection(*(ontology.ancestors(iri) for iri in iris)) - {OWL_THING}
            if common:
                return max(common, key=lambda iri: (len(ontology.ancestors(iri)), iri))
    return None


def ends_a_class_label(word: str, ontology: Ontology) -> bool:
    """Whether ``word`` (or its singular) is a class label or the last word of one ("copies": print copy)."""
    heads = _label_heads_of(ontology)
    return class_named(word, ontology) is not None or any(form in heads for form in word_forms([word.lower()]))

"""Mentions that are one thing: "the comic Captain America", "Is Berlin the capital of …", "which city is the …".

English says a thing twice over in a few set ways: a class word beside a name
(an apposition), a name said to be a class or link word ("Is X the Y of Z"),
an asked class said to be another ("which city is the capital"), a link's word
said to be a named instance ("whose home branch is the Lisbon Central Library").
Each pair becomes one mention, of the narrower class.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from app.nl.gazetteer import place_kind
from app.nl.mention_types import Mention
from app.nl.mentions import class_named
from app.nl.name_kinds import known_kind
from app.nl.words import ANY_PERSON, COPULAS, ENGLISH, SIZE_SUPERLATIVES, is_plural, is_verb_form
from ontology_loaders.model import Ontology

__all__ = ["merge_appositions"]

_BECOME = frozenset({"become", "becomes", "became"})


def merge_appositions(mentions: list[Mention], lowered: Sequence[str], ontology: Ontology) -> list[Mention]:
    """"The comic Captain America", "the crime genre": a singular class word beside a name says what the
    named thing is; the two are one thing. ("The Apollo 14 astronauts", plural, are other things.)"""
    merged: list[Mention] = []
    for mention in mentions:
        beside = merged and "related" not in (merged[-1].kind, mention.kind) and (
            merged[-1].end == mention.start or _as_a(lowered[merged[-1].end:mention.start]))
        named_as = bool(merged) and not beside and _named_as(merged[-1], mention, lowered)
        one = _apposition(merged[-1], mention, lowered, ontology) if merged and (beside or named_as) else None
        if one is not None and beside and merged[-1].end != mention.start:
            # "have English as an official language": the name is the thing; the words after it still say
            # the relation, so they stay outside it
            one = dataclasses.replace(one, start=merged[-1].start, end=merged[-1].end)
        if one is not None and named_as and lowered[merged[-1].end] in ("a", "an"):
            one = dataclasses.replace(one, said_to_be=True)  # "Is Cola a beverage?" asks whether it is one
        if one is None and beside and merged[-1].end == mention.start and merged[-1].kind == "instance" and \
                mention.kind == "class" and not merged[-1].modifier:
            # "the Berlin office": a known thing before a class word of another kind describes it
            merged[-1] = dataclasses.replace(merged[-1], modifier=True)
        if one is None and merged:
            one = next((read for rule in (_called, _said_to_be, _related_in, _had_of, _kind_of_place)
                        if (read := rule(merged[-1], mention, lowered, ontology)) is not None), None)
        if one is None:
            merged.append(mention)
        else:
            merged[-1] = one
    return merged


def _said_to_be(asked: Mention, said: Mention, lowered: Sequence[str], ontology: Ontology) -> Mention | None:
    """"Which city is the capital of Australia", "which employee is the project lead of …", "which employees
    are engineers": the asked class and what it is said to be are one thing, of the narrower of the two."""
    # "whose home branch is the Lisbon Central …", "whose spouse is Michelle Obama"
    # ("What nationality is Ada Byrne" asks hers: the name is not the nationality)
    pinned = asked.kind == "related" and said.kind in ("instance", "name") and \
        lowered[asked.start - 1:asked.start] not in (["what"], ["which"])
    between = list(lowered[asked.end:said.start])
    if between[:2] in (["have", "been"], ["has", "been"], ["had", "been"]):
        between = between[1:]  # "which customers have been customers since 2015"
    # "which audiobooks are readings of …", "which employees are (also) engineers", "which people became
    # actors": a relation noun or a plural class word needs no "the"
    said_so = between[:1] and between[0] in COPULAS | _BECOME and \
        [w for w in between[1:] if w != "also"] in ([], ["the"])
    # "Whose wife was a singer?", "whose children are actors": the ones the relation noun names are of that class
    whose = asked.kind == "related" and lowered[asked.start - 1:asked.start] == ["whose"] and said.kind == "class" \
        and None not in (asked.class_iri, said.class_iri) and between[:1] and between[0] in COPULAS and \
        _described(between[1:]) and lowered[said.end:said.end + 1] != ["of"]  # "a member of": a relation
    if whose:
        said_so, pinned = True, True
    # "married to someone who is a singer": the one person is of that class
    said_so = said_so or asked.kind == "class" and asked.text.lower() in ANY_PERSON and said.kind == "class" and \
        between[:1] in (["who"], ["that"]) and between[1:2] and between[1] in COPULAS and \
        [w for w in between[2:] if w != "also"] in (["a"], ["an"])
    if not (asked.kind == "class" and said.kind in ("class", "related") or pinned) or not said_so:
        return None
    first, second = asked.class_iri, said.class_iri
    if first is None or second is None:
        narrower = first or second
    elif ontology.is_subclass(first, second) or ontology.is_subclass(second, first):
        narrower = first if ontology.is_subclass(first, second) else second
    else:
        return None
    if pinned:
        return dataclasses.replace(asked, end=said.end, class_iri=narrower, instance=said.instance,
                                   named_as=said.text if said.kind == "name" else None)
    return dataclasses.replace(said, start=asked.start, class_iri=narrower)


def _described(words: Sequence[str]) -> bool:
    """Whether the words before a class word only describe it: an article, then at most two adjectives ("a famous",
    "an award-winning"), no verb or small word that would relate it to something else.

    >>> _described(["a"]), _described(["a", "famous"]), _described([]), _described(["born", "in"])
    (True, True, True, False)
    """
    rest = list(words[1:]) if words[:1] in (["a"], ["an"]) else list(words)
    return len(rest) <= 2 and all(w.replace("-", "").isalpha() and w not in ENGLISH and not is_verb_form(w)
                                  for w in rest)


def _called(word: Mention, name: Mention, lowered: Sequence[str], ontology: Ontology) -> Mention | None:
    """"actors called Baldwin", "a subsidiary called Pixar", "has a child named Lori Black": a class or link
    word, then "called" or "named" and a name, are the one thing of that name, of the word's class. Plural or
    not: "rivers named Avon" are the rivers of that name. ("named after" names another thing; "children
    named A and B" are two, left to the coordination.)"""
    if word.kind not in ("class", "related") or name.kind not in ("name", "instance") or \
            lowered[word.end:name.start] not in (["called"], ["named"]) or "and" in lowered[name.start:name.end + 1]:
        return None
    if name.kind == "name":
        return dataclasses.replace(word, end=name.end, class_iri=word.class_iri or name.class_iri, named_as=name.text)
    if not (word.class_iri and name.class_iri and ontology.is_subclass(name.class_iri, word.class_iri)):
        return None  # a known thing of another class is not what the word names
    # the word stays what it was: a link's word still names the link ("has a manager named Anna Patel")
    return dataclasses.replace(word, end=name.end, class_iri=name.class_iri, instance=name.instance)


def _related_in(related: Mention, place: Mention, lowered: Sequence[str], ontology: Ontology) -> Mention | None:
    """"Organisations that have their headquarters in Geneva": a link's word, then "in" and a known thing
    of the class that link reaches, is that thing. ("whose home branch is in Leipzig", with "is", says
    where the branch is, a link further.) So is a thing of that class said with "a": "their headquarters in a
    city in California" are in one city."""
    a_kind = related.kind == "related" and place.kind == "class" and \
        lowered[related.end:place.start] in (["in", "a"], ["in", "an"]) and \
        None not in (place.class_iri, related.class_iri) and ontology.is_subclass(place.class_iri, related.class_iri)
    if a_kind:
        return place
    if related.kind != "related" or place.kind not in ("instance", "name") or \
            lowered[related.end:place.start] != ["in"] or not related.class_iri or \
            lowered[related.start] in SIZE_SUPERLATIVES:  # "the largest city in Canada" is not Canada
        return None
    # with no instance data, a name the gazetteer or its head noun types ("Geneva": city)
    kind = known_kind(place.text, related.class_iri, ontology) if place.kind == "name" else place.class_iri
    if not kind or not ontology.is_subclass(kind, related.class_iri):
        return None
    return dataclasses.replace(place, class_iri=kind)  # the link's word stays in the words between, naming the link


def _had_of(related: Mention, thing: Mention, lowered: Sequence[str], ontology: Ontology) -> Mention | None:
    """"The person has the alma mater of an University": after "has the", a link's word, "of" and a class
    word the link reaches are one thing, that class's; the link's word stays between, naming the link.
    ("the child of a person", with no "has", is another person's child.)"""
    had = related.kind == "related" and related.start >= 2 and lowered[related.start - 2] in ("has", "have", "had") \
        and lowered[related.start - 1] in ("the", "a", "an")
    if had and thing.kind == "class" and related.class_iri and thing.class_iri and \
            lowered[related.end:thing.start] in (["of"], ["of", "a"], ["of", "an"]) and \
            ontology.is_subclass(thing.class_iri, related.class_iri):
        return thing
    return None


# What English calls a region a gazetteer lists as an administrative one: "the state of Texas"
_REGION_WORDS = frozenset({"state", "province", "region"})


def _kind_of_place(word: Mention, name: Mention, lowered: Sequence[str], ontology: Ontology) -> Mention | None:
    """"The city of Paris", "the state of Texas": "the", a singular class word, "of" and a place of that kind
    are the one place, of the narrower class. ("The capital of France", "the largest city of Germany": a country
    is no capital, and a superlative picks one of many.)"""
    if word.kind != "class" or name.kind not in ("name", "instance") or not word.class_iri or \
            lowered[word.end:name.start] != ["of"] or lowered[word.start - 1:word.start] != ["the"] or \
            is_plural(lowered[word.end - 1]):
        return None
    said = place_kind(name.text, said_to_be_a_place=True)  # a place ("the manager of Sofia Vogel" is another)
    kind = (name.class_iri if name.kind == "instance" else class_named(said, ontology)) if said else None
    if kind and said == "administrative region" and lowered[word.end - 1] in _REGION_WORDS:
        return dataclasses.replace(name, start=word.start, class_iri=kind)
    if not kind or not (ontology.is_subclass(kind, word.class_iri) or ontology.is_subclass(word.class_iri, kind)):
        return None
    narrower = kind if ontology.is_subclass(kind, word.class_iri) else word.class_iri
    return dataclasses.replace(name, start=word.start, class_iri=narrower)


def _as_a(between: Sequence[str]) -> bool:
    """"English as an official language", "Cola as a drink": the name said to be of the kind that follows.

    >>> _as_a(["as", "an", "official"]), _as_a(["as", "a"]), _as_a(["and", "a"])
    (True, True, False)
    """
    return between[:1] == ["as"] and between[1:2] in (["a"], ["an"]) and len(between) <= 3


def _named_as(name: Mention, related: Mention, lowered: Sequence[str]) -> bool:
    """"Is Berlin the capital of Germany", "Is Elias Vogel a manager": in a question that opens with "is", a
    name and then "the" or "a" + a class or link word are one thing, the name said to be that."""
    return name.kind in ("name", "instance") and related.kind in ("related", "class") and bool(lowered) and \
        lowered[0] in COPULAS and lowered[name.end:related.start] in (["the"], ["a"], ["an"])


def _apposition(first: Mention, second: Mention, lowered: Sequence[str], ontology: Ontology) -> Mention | None:
    """The one thing two neighbouring mentions are, when one is a singular class word and the other a name."""
    word, name = (first, second) if first.kind in ("class", "related") else (second, first)
    if word.kind not in ("class", "related") or word.class_iri is None or name.kind not in ("name", "instance") or \
            name.modifier:
        return None
    # "Is Berlin the capital of Germany": a city said to be a capital is that city, either class the narrower
    is_kind = name.kind == "instance" and bool(name.class_iri) and (
        ontology.is_subclass(name.class_iri, word.class_iri) or ontology.is_subclass(word.class_iri, name.class_iri))
    last = lowered[word.end - 1]
    if last.endswith("s") and not last.endswith("ss") and not is_kind:
        return None  # a plural: other things ("Python skills" are the one skill Python, said loosely)
    if name.kind == "instance" and not is_kind:
        return None
    if word.start < name.start and word.start and lowered[word.start - 1] in ("which", "what"):
        return None  # "In which state Penn State University is located?": the state is asked, not named
    kind_of = word.class_iri if name.kind == "name" else name.class_iri
    # "the Louvre Pyramid": a capitalised class word after a name is the end of the name
    text = f"{name.text} {word.text}" if name is first and name.kind == "name" and word.text[:1].isupper() and \
        first.end == second.start else name.text
    return dataclasses.replace(name, start=first.start, end=second.end, class_iri=kind_of, text=text)

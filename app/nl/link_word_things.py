"""Things a link's own word names: "have a child", "the spouse of the author of Dracula", "which religion".

A link is labelled with a relation noun, and people use that noun for the thing the
link reaches ("their children", "the author of …"). Such a word becomes a thing of
the class the link declares, and the edge to it takes the word as its phrase. Which
positions make a link's word a thing is English, not any ontology's.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.nl.mention_types import Mention
from app.nl.mentions import class_named, is_link_label, links_labelled, word_forms
from app.nl.paraphrases import kind_nouns, relation_nouns
from app.nl.words import COPULAS, DO_FORMS, HAVE_FORMS, POSSESSIVES, PREPOSITIONS, is_verb_form, word_before
from ontology_loaders.model import OWL_THING, Ontology
from ontology_loaders.vocab import plain_label

__all__ = ["asked_for", "declared_range", "link_word_ending_elsewhere", "related_things"]

# "have a child", "how many children", "their spouse": a link's word after these is a thing it reaches.
# "have the same parents": the one thing both have
_RELATED_AFTER = frozenset({"a", "an", "another", "many", "their", "his", "her", "its", "whose", "no", "same"})
_ASKS_OF_A_NAME = COPULAS | DO_FORMS | {"how"}
# "Where was the author of …": these ask something of the thing a link's word names, not the thing itself.
_ASKS_OF_ANOTHER = frozenset({"where", "when", "how"})
_WHO_WHAT = frozenset({"", "who", "whom", "what"})


def related_things(tokens: Sequence[str], taken: Sequence[bool], ontology: Ontology) -> list[Mention]:
    """"have a child", "with a spouse": a link's own word after "a" is a thing that link reaches.

    Its class is what the link declares; the edge to it takes the word as its phrase.
    """
    found = []
    lowered = [t.lower() for t in tokens]
    for i in range(1, len(tokens)):
        word = lowered[i]
        # "the wife of": an everyday word for a link, owned by what follows
        owned = _after_the(lowered, i) and lowered[i + 1:i + 2] == ["of"] and not kind_nouns(word)
        # "Did Che Guevara have children": a bare plural after "have" is had, as "a child" is
        had = lowered[i - 1] in HAVE_FORMS and len(word_forms([word])) > 1
        # "Is James Bond married?", "How often did Jane Fonda marry?": the verb ending the question says what
        # the named thing has (a spouse)
        # ("How many films did Hal Roach produce": the films are what the verb reaches, nothing new)
        said_of_the_name = i == len(tokens) - 1 and taken[i - 1] and lowered[0] in _ASKS_OF_A_NAME and \
            _only_thing_before(taken, i, found)
        if _two_word_label_as_theirs(lowered, taken, i, ontology):
            # "live in the same city as their home branch": the whole label, as "their spouse" is one word
            found.append(Mention(i, i + 2, " ".join(tokens[i:i + 2]), "related",
                                 class_iri=declared_range(" ".join(lowered[i:i + 2]), ontology), score=0.8))
            continue
        # "Which books have never been borrowed?": a passive ending the question reaches a thing it does not name
        done_to = i == len(tokens) - 1 and lowered[i - 1] in COPULAS and word.endswith("ed") and \
            is_verb_form(word) and not found and _things_before(taken, i) == 1
        before = word_before(lowered, i)  # "their own children": theirs
        if taken[i] or word == "own" or not (before in _RELATED_AFTER or owned or had or said_of_the_name or done_to):
            continue
        # the link's own word, or an everyday word for it ("whose wife": spouse)
        labels = [word] if is_link_label(word, ontology) and (not owned or _inside_a_chain(lowered, i)) else \
            [noun for noun in [*([f"{word} by"] if done_to else []), *relation_nouns([word])]
             if is_link_label(noun, ontology)]  # the ontology's own "supplied by" before the table's words
        if labels:
            found.append(Mention(i, i + 1, tokens[i], "related", class_iri=declared_range(labels[0], ontology),
                                 score=0.8))
        elif done_to and (act := _class_of_the_act(word, ontology)):
            # "Which products have never been ordered?": no link is the verb's, but a class names its record
            # (a sales order), which reaches them
            found.append(Mention(i, i + 1, tokens[i], "class", class_iri=act, score=0.8))  # its link starts there
    return found


# "the first wife of Henry VIII": an ordinal between "the" and a link's word leaves it the link's
_ORDINALS = frozenset({"first", "second", "third", "fourth", "fifth", "last"})


def _after_the(lowered: Sequence[str], i: int) -> bool:
    return lowered[i - 1] == "the" or lowered[i - 1] in _ORDINALS and i > 1 and lowered[i - 2] == "the"


def _class_of_the_act(participle: str, ontology: Ontology) -> str | None:
    """The one class whose label ends in the participle's verb: "ordered" → "sales order"; else None.

    >>> from ontology_loaders.model import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:SalesOrder", label="sales order")])
    >>> _class_of_the_act("ordered", onto), _class_of_the_act("borrowed", onto)
    ('ex:SalesOrder', None)
    """
    verbs = {participle[:-2], participle[:-1]}
    found = [c.iri for c in ontology.classes if (plain_label(c.label).split() or [""])[-1] in verbs]
    return found[0] if len(found) == 1 else None


# "by their", "that their": a possessive after these starts a thing of its own, not a verb's word
_BEFORE_THEIR = PREPOSITIONS | {"as", "that", "which", "whom"}


def _two_word_label_as_theirs(lowered: Sequence[str], taken: Sequence[bool], i: int, ontology: Ontology) -> bool:
    """Whether a two-word link label follows "as their" at ``i``, the other end of "<verb> the same … as" ("have
    the same place as their death place" says what the place is, so the label stays the link's words), or
    another preposition or a relative pronoun and "their" ("an award also won by their doctoral advisor", "a
    skill that their project lead has")."""
    if not (i >= 2 and lowered[i - 1] in POSSESSIVES and lowered[i - 2] in _BEFORE_THEIR
            and i + 2 <= len(lowered) and not any(taken[i:i + 2])):
        return False
    if lowered[i - 2] != "as":
        return is_link_label(" ".join(lowered[i:i + 2]), ontology)
    same = next((k for k in range(i - 3, max(i - 7, 0), -1) if lowered[k - 1:k + 1] == ["the", "same"]), None)
    return same is not None and lowered[same - 2] not in HAVE_FORMS and \
        is_link_label(" ".join(lowered[i:i + 2]), ontology)


def _things_before(taken: Sequence[bool], i: int) -> int:
    """How many things (runs of taken words) stand before token ``i``."""
    return sum(1 for k in range(i) if taken[k] and (k == 0 or not taken[k - 1]))


def _only_thing_before(taken: Sequence[bool], i: int, found: Sequence[Mention]) -> bool:
    """Whether the words taken right before ``i`` are the first thing the question names."""
    start = i - 1
    while start > 0 and taken[start - 1]:
        start -= 1
    return not any(taken[:start]) and not any(m.start < start for m in found)


def _inside_a_chain(lowered: Sequence[str], i: int) -> bool:
    """"the spouse of the author of Dracula", "did the children of Bill Clinton study", "awards given to the
    relatives of Gregorios Bernardakis": a link's own word between "the" and "of" is a thing of its own when
    something else was said of it first; opening the question ("Who is the author of …") it is what the
    wh-word asks, the phrase of that link."""
    before = lowered[i - 2] if i >= 2 else ""
    # not after "on" or "in": "people on the board of …", "in the cast of …" are that board, that cast
    if before in ("of", "to") or before in DO_FORMS or before in PREPOSITIONS - {"on", "in"}:
        return True
    # "In which country was the inventor of the telephone born": the copula is the participle's
    asker = lowered[i - 3] if i >= 3 else ""
    return before in COPULAS and (asker in _ASKS_OF_ANOTHER or is_verb_form(lowered[-1]) and asker not in _WHO_WHAT)


def asked_for(lowered: Sequence[str], i: int) -> bool:
    """"which religion", "what religion": the noun the question asks for."""
    return lowered[i - 1:i] in (["which"], ["what"])


def link_word_ending_elsewhere(word: str, similar_class: str | None, ontology: Ontology) -> bool:
    """Whether ``word`` is a link's label, as written, whose declared end is not the class only near it in
    meaning (if any is)."""
    if not is_link_label(word, ontology) or class_named(word, ontology):
        return False
    if similar_class is None:
        return True
    return not any(end != OWL_THING and ontology.is_subclass(similar_class, end) for end in _ends(word, ontology))


def declared_range(word: str, ontology: Ontology) -> str | None:
    """The class every link the word labels reaches, when they declare one: "films" are films."""
    ranges = _ends(word, ontology)
    return next(iter(ranges)) if len(ranges) == 1 and OWL_THING not in ranges else None


def _ends(word: str, ontology: Ontology) -> set[str]:
    """The declared ends of every link ``word`` labels."""
    return {link.range for iri in links_labelled(word, ontology) if (link := ontology.get_link(iri))}

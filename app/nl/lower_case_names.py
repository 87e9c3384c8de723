"""Names in a question typed without capitals: "who directed pulp fiction", "what mountains are in sierra nevada".

People often type a question in lower case, and then the one sign of a name, its capitals, is gone.
What is left is where the words stand: once the classes, relations and function words of the question
are read, a run of the remaining words that stands where a thing is named (after a preposition or a
verb, as the subject of "does …", between "and"s) and is no verb, adverb, degree or relation word
names one thing. It is read only where the writer used no capitals at all, so a question written with
them keeps its names as written, and only where no knowledge graph is loaded: one matches names whatever
their case (:mod:`app.nl.entity_linking`). English only; nothing here names an ontology.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.caching import KeyedCache
from app.nl.mention_types import Mention
from app.nl.definitions import ends_a_class_label
from app.nl.demonyms import is_country
from app.nl.gazetteer import place_kind
from app.nl.given_names import has_given_name
from app.nl.mentions import class_named, is_link_label
from app.nl.name_spans import NOT_NOUNS
from app.nl.paraphrases import kind_nouns, relation_nouns
from app.nl.words import (COPULAS, DO_FORMS, HAVE_FORMS, NUMBER_WORDS, is_plural, is_verb_form, word_before_articles,
                          written_without_capitals)
from ontology_loaders import Ontology

__all__ = ["lower_case_names"]

_MAX_WORDS = 4
# Before a name: a preposition, "and" of a list, a relative word ("the races where bobby beasley …"); never
# "whose", which a relation noun follows ("whose mouth is in the dead sea").
_BEFORE = frozenset("of in at from to by for with on into through across along near about than as and or where whom "
                    "that".split())
_PREPOSITIONS = frozenset("of in at from to by for with on into about near".split())
# After a name: the question ends, a preposition or a conjunction follows, or a verb does (read apart).
_AFTER = frozenset("of in at from to by for with on into and or as both also is are was were has have had do does did "
                   "'s s".split())  # "john f. kennedy's vice president": the possessive's "s" stands alone
# Words no name is made of, though none of the tables above holds them.
_NOT_NAME_WORDS = frozenset(
    "i you we they he she him them me my your our one ones someone something anyone anything everyone everything "
    "often ever still already too very well again together alone ago yet soon now then today currently recently later "
    "there here each every few several only just even both either neither many much some any such own "
    "born people things thing stuff kind kinds type types sort sorts number part place "
    "into onto over under through between across near after before during since until within without against "
    "along around toward towards via per if but so because while late early abroad home once twice "
    "up down out off away back million millions billion billions thousand thousands hundred hundreds dozen "
    "dozens".split()) | frozenset(NUMBER_WORDS)
# Common verbs in forms no suffix gives away; a verb after a name ends it ("bobby beasley took part").
_PLAIN_VERBS = frozenset(
    "took take takes made make makes won win wins wrote write writes ran run runs gave give gives went go goes "
    "came come comes got get gets became become becomes began begin begins left leave leaves held hold holds "
    "led lead leads met meet meets paid pay pays said say says sold sell sells sent send sends stood stand stands "
    "told tell tells thought think thinks brought bring brings built build builds bought buy buys fought fight "
    "fights taught teach teaches caught catch catches found find finds knew know knows grew grow grows drew draw "
    "draws flew fly flies spoke speak speaks chose choose chooses drove drive drives sang sing sings play plays "
    "live lives work works die dies study studies belong belongs own owns need needs use uses appear appears "
    "star stars act acts flow flows border borders start starts end ends contain contains include includes "
    "influence influences inspire inspires create creates direct directs produce produces design designs "
    "invent invents discover discovers marry marries cross crosses visit visits join joins host hosts serve serves "
    "follow follows reach reaches connect connects succeed succeeds coach coaches manage manages train trains "
    "sign signs beat beats replace replaces attend attends compose composes paint paints".split())


_link_word_sets: KeyedCache[str, frozenset[str]] = KeyedCache(max_size=8)


def _link_words(ontology: Ontology) -> frozenset[str]:
    """The words of the links' labels ("music" of "music by", "lyrics"): a relation's vocabulary, which a name
    of one lower-case word seldom is ("madonna"). A place or a given name among them stays a name: DBpedia
    labels a link "wins at japan"."""
    return _link_word_sets.get_or_build(ontology.fingerprint, lambda: frozenset(
        word for link in ontology.links for word in (link.label or "").lower().split()
        if not place_kind(word, said_to_be_a_place=True) and not has_given_name(word)))


def _verb(word: str, following: str) -> bool:
    return word in _PLAIN_VERBS or is_verb_form(word) or bool(relation_nouns([word, f"{word} {following}"]))


def _opens_or_ends_a_name(word: str, following: str, ontology: Ontology) -> bool:
    """A verb that stands before or after a name. A word in -ing describes the next noun as often ("the oldest
    running metro", "is horse racing a sport"), unless a link is labelled so ("films starring natalie portman")."""
    if word.endswith("ing"):
        return is_link_label(word, ontology)
    return _verb(word, following)


def _name_word(word: str, following: str, ontology: Ontology, first: bool = True) -> bool:
    """``first``: the word would open a name, where a degree stands ("the highest"); "mount everest" goes on."""
    lower = word.lower()
    given = has_given_name(lower) and lower not in _PLAIN_VERBS  # "alfred", "ernest": no verb, no degree
    if lower in NOT_NOUNS or lower in _NOT_NAME_WORDS or (_verb(lower, following) and not given):
        return False
    if lower.endswith("ly") and not (given or place_kind(lower, said_to_be_a_place=True)):
        return False  # an adverb ("mostly"), though "italy" and "emily" end so too
    if first and len(lower) > 5 and lower.endswith("est") and not given:
        return False  # "the highest", "the oldest": a degree, read by the superlatives
    return (word.isalpha() and len(word) > 1 or word.isdigit()) and not is_link_label(lower, ontology)


def _initial(tokens: Sequence[str], position: int, start: int) -> bool:
    """"john f kennedy": a lone letter inside a name, before another of its words."""
    letter, following = tokens[position].lower(), tokens[position + 1] if position + 1 < len(tokens) else ""
    # ("a", "i" are words; "s" is a possessive's: "kennedy's vice president")
    return start < position and len(letter) == 1 and letter.isalpha() and letter not in ("a", "i", "s") and \
        following.isalpha() and len(following) > 1


def _last_name_in_ing(lowered: Sequence[str], position: int, start: int, ontology: Ontology) -> bool:
    """"created by matt groening": a word in -ing that ends the question after a name's first word is the
    name's last, no gerund ("films starring" is a link's own word)."""
    word = lowered[position]
    return start < position == len(lowered) - 1 and word.endswith("ing") and word.isalpha() and \
        not is_link_label(word, ontology)


def _surname_in_ing(lowered: Sequence[str], position: int, start: int) -> bool:
    """"alexander fleming": a word in -ing after a given name is the family name, no gerund."""
    return position == start + 1 and lowered[position].endswith("ing") and has_given_name(lowered[start])


def _one_plural_after_the(lowered: Sequence[str], start: int, end: int) -> bool:
    """"the beatles", "the alps": one plural word after "the" that no class or link is labelled with (those are
    read before names) names a group or a range, as "the books" would name a kind."""
    return end == start + 1 and start > 0 and lowered[start - 1] == "the"


def _singular_verb_before(lowered: Sequence[str], start: int) -> bool:
    """"in which country does the ganges start": after "does" or "is", a word in -s is one thing's name."""
    before = word_before_articles(lowered, start)
    return before >= 0 and lowered[before] in ("does", "is", "was", "has")


def _after_its_kind(lowered: Sequence[str], kind: int, ontology: Ontology) -> bool:
    """"who directed the movie titanic": right after "the" and a class word, the words name one of its kind."""
    return kind >= 1 and lowered[kind - 1] == "the" and not is_plural(lowered[kind]) and \
        ends_a_class_label(lowered[kind], ontology)


def _subject_of_do(lowered: Sequence[str], start: int) -> bool:
    before = word_before_articles(lowered, start)
    return before >= 0 and lowered[before] in DO_FORMS


def _a_kind(words: Sequence[str], ontology: Ontology) -> bool:
    """Words ending in a plural are a kind of thing, not one thing's name: a lone plural ("prize-winning
    novels"), or one whose singular ends a class label ("open orders": sales order). "buenos aires" and "the
    rolling stones" stay names. A plural that names a class in everyday words counts as well ("electric cars":
    automobiles)."""
    plural_kind = is_plural(words[-1]) and (len(words) == 1 or ends_a_class_label(words[-1], ontology) or
                                          any(class_named(noun, ontology) for noun in kind_nouns(words[-1])))
    # "wrote books about dragons": a run opened by a plural class word is that kind, said more closely (a
    # title has its "of": "songs of innocence")
    opened_by_kind = len(words) > 1 and words[1] != "of" and is_plural(words[0]) and \
        class_named(words[0], ontology) is not None
    # "the philippines", "born in texas"
    return (plural_kind or opened_by_kind) and not place_kind(" ".join(words), said_to_be_a_place=True)


def _stands_where_a_name_does(lowered: Sequence[str], start: int, end: int, ontology: Ontology) -> bool:
    before = word_before_articles(lowered, start)
    if before < 0:
        return False
    # "whose color is royal blue": what a relation noun is said to be is a name
    whose = lowered[before] in COPULAS and lowered[max(before - 2, 0)] == "whose"
    # "in which country is mount everest": words after "is" that end the question name its subject; one word
    # may say what it is ("which order is unpaid")
    subject = lowered[before] in ("is", "was") and end - start > 1 and \
        (end == len(lowered) or end == len(lowered) - 1 and lowered[end] in _PREPOSITIONS)
    opens = lowered[before] in _BEFORE or _opens_or_ends_a_name(lowered[before], lowered[start], ontology) or (
        lowered[before] in DO_FORMS or before == 0 and lowered[before] in COPULAS) or whose or subject or \
        _after_its_kind(lowered, before, ontology)  # "does the weser …", "the movie titanic"
    if lowered[before] in COPULAS and before > 0 and end == len(lowered) and not whose and not subject:
        return False  # "which orders are unpaid": said of the subject, no name
    # ("was julia roberts starring?": a word in -ing ending the question, or before a preposition, is a verb)
    verb_in_ing = lowered[end].endswith("ing") and (end + 1 == len(lowered) or lowered[end + 1] in _BEFORE) \
        if end < len(lowered) else False
    if lowered[before] in COPULAS | HAVE_FORMS and end < len(lowered) and lowered[end] != "being" and \
            (is_verb_form(lowered[end]) and (not lowered[end].endswith("ing") or verb_in_ing)
             or lowered[end] in ("been", "s")):
        # "where was bach born", "who has tom cruise been married to": the subject of a passive ("is horse
        # racing a sport": a word in -ing describes the next noun); "who was john f. kennedy's vice president"
        return True
    # "which river does the brooklyn bridge cross": the subject of "does" ends before the question's last word
    before_the_verb = lowered[before] in DO_FORMS and end == len(lowered) - 1
    # "is michelle obama the wife of …": a question opened by "is" names its subject before what it is said to be
    said_to_be = before == 0 and lowered[before] in COPULAS and lowered[end:end + 1] in (["the"], ["a"], ["an"])
    closes = end == len(lowered) or before_the_verb or said_to_be or lowered[end] in _AFTER or \
        _opens_or_ends_a_name(lowered[end], "", ontology)
    return opens and closes


def _described_kind(lowered: Sequence[str], start: int, end: int, ontology: Ontology) -> bool:
    """"born in a small town": no name takes "a", so words ending in a class word describe a kind of thing; so
    does one word alone ("married to an actress", "a king"), which the classes' meanings then type."""
    return end > start > 0 and lowered[start - 1] in ("a", "an") and (
        end - start == 1 or ends_a_class_label(lowered[end - 1], ontology))


def _class_word_ends_the_name(lowered: Sequence[str], start: int, head: int, ontology: Ontology) -> bool:
    """Whether a singular class word (``head``) ends a name begun after a preposition, though it is a link's
    word too: "at yale university", "in new york city". Not a verb ("does jesse eisenberg play in"), nor after
    "a", which no name takes ("in a small town"), nor before "of", where the name goes on ("the technical
    university of munich")."""
    word = lowered[head]
    if head <= start or start == 0 or is_plural(word) or lowered[start].isdigit() or word in _PLAIN_VERBS or \
            is_verb_form(word) or lowered[start - 1] in ("a", "an") or lowered[head + 1:head + 2] == ["of"]:
        return False
    before = word_before_articles(lowered, start)
    # "where is harvard university", "which label released abbey road": so too where the name ends the question
    last = head == len(lowered) - 1 and before >= 0 and (
        lowered[before] in ("is", "was") or _opens_or_ends_a_name(lowered[before], lowered[start], ontology))
    # "which states does the mississippi river flow through": the subject of "does" is a name the class word ends
    return before >= 0 and (lowered[before] in _PREPOSITIONS | DO_FORMS or last) and \
        class_named(word, ontology) is not None


def lower_case_names(tokens: Sequence[str], taken: Sequence[bool], ontology: Ontology) -> list[Mention]:
    """The runs of words a question typed in lower case names, titled as a name is written.

    >>> [m.text for m in lower_case_names("who directed pulp fiction".split(), [False] * 4, Ontology())]
    ['Pulp Fiction']
    >>> races = [False, False, True] + [False] * 5  # "races" is a class
    >>> [m.text for m in lower_case_names("name the races where bobby beasley took part".split(), races, Ontology())]
    ['Bobby Beasley']
    >>> lower_case_names("which orders are unpaid".split(), [False, True, False, False], Ontology())
    []
    >>> [m.text for m in lower_case_names("where was john f kennedy born".split(), [False] * 6, Ontology())]
    ['John F Kennedy']
    >>> [m.text for m in lower_case_names("shows created by matt groening".split(), [True] + [False] * 4, Ontology())]
    ['Matt Groening']
    >>> [m.text for m in lower_case_names("in which country does the ganges start".split(), [False] * 7, Ontology())]
    ['Ganges']
    >>> bridge = "which river does the brooklyn bridge cross".split()
    >>> [m.text for m in lower_case_names(bridge, [False] * 7, Ontology())]
    ['Brooklyn Bridge']
    >>> [m.text for m in lower_case_names("is julia roberts starring in it".split(), [False] * 6, Ontology())]
    ['Julia Roberts']
    >>> from ontology_loaders.model import OntologyClass
    >>> book = Ontology(classes=[OntologyClass(iri="ex:Book", label="book")])
    >>> [m.text for m in lower_case_names("who wrote the book the hobbit".split(), [False] * 6, book)]
    ['The Hobbit']
    """
    if not written_without_capitals(tokens):
        return []
    lowered = [t.lower() for t in tokens]
    found: list[Mention] = []
    i = 0
    while i < len(tokens):
        # "which river does the brooklyn bridge cross": the subject of "does" is no part of the verb ending it
        last = len(tokens) - 1 if _subject_of_do(lowered, i) else len(tokens)
        # "the united kingdom", "the united states": a country's words, though a verb and a link's word are among them
        end = next((i + n for n in (3, 2) if i + n <= len(tokens) and not any(taken[i:i + n])
                    and is_country(" ".join(lowered[i:i + n]))), i)
        while end < len(tokens) and end - i < _MAX_WORDS and not taken[end] and not (end == last and end > i) and \
                (_name_word(tokens[end], lowered[end + 1] if end + 1 < len(tokens) else "", ontology, end == i)
                 or _initial(tokens, end, i) or _last_name_in_ing(lowered, end, i, ontology)
                 or _surname_in_ing(lowered, end, i)):
            end += 1
        # "who developed iTunes": a capital inside a word marks a name, though it ends like a plural
        a_kind = (end > i and _a_kind(lowered[i:end], ontology) and not _singular_verb_before(lowered, i)
                  and not _one_plural_after_the(lowered, i, end)
                  and all(t == t.lower() for t in tokens[i:end])) or _described_kind(lowered, i, end, ontology)
        kind = None
        if end < len(tokens) and not taken[end] and not a_kind and \
                _class_word_ends_the_name(lowered, i, end, ontology) and \
                _stands_where_a_name_does(lowered, i, end + 1, ontology):
            # "studied at yale university": the class word, a link's word too, ended the run; it says the kind
            kind, end = class_named(lowered[end], ontology), end + 1
        if end == i + 1 and kind is None and lowered[i] in _link_words(ontology):
            end = i  # "musicals with music by …": one word of the links' own words says a relation, no name
        if end > i and not tokens[i].isdigit() and not a_kind and _stands_where_a_name_does(lowered, i, end, ontology):
            # "the book the hobbit": a title's own article, right after its kind, is the title's
            start = i - 1 if i >= 2 and lowered[i - 1] == "the" and _after_its_kind(lowered, i - 2, ontology) else i
            text = " ".join(t if t.isdigit() else t[:1].upper() + t[1:] for t in tokens[start:end])
            found.append(Mention(start, end, text, "name", class_iri=kind, score=0.7))
        i = max(end, i + 1)
    return found

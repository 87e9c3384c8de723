"""Which ontology link joins two things, chosen by evidence: the words between them, and the ontology's own structure.

Every link valid between the two ends, in either direction, is a candidate; an
end of unknown class (a name with no instance data, "who") admits every link
that fits the other end, and takes the class the link declares. A candidate
scores by how close its label is to the best n-gram of the relation phrase
(MiniLM cosine, plus a shared word stem), with a prior for a declared domain and
range (a link valid everywhere because it declares nothing is rarely meant) and a
penalty for a label that shares no word with its IRI (such labels are often
wrong, e.g. a size property labelled "country"). None of it names an ontology.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from app.nl.label_words import STOP_WORDS, comment_stems, lexical, modified, verbatim, word_stems
from app.nl.link_direction import (described_first_of_second_agent, made_into, passive_verb, runs_from_the_doer,
                                   said_by_the_agent, verb_noun_named, verb_said, word_stem)
from app.nl.mentions import class_named
from app.nl.paraphrases import relation_nouns
from app.nl.retrieval import OntologyIndex
from app.nl.words import ARTICLES, NEGATIONS, POSSESSIVES
from ontology_loaders import OWL_THING, Ontology
from ontology_loaders.vocab import label_from_local_name, local_name, plain_label, spelled_label

__all__ = ["Agent", "LinkChoice", "comment_says", "content_words", "implied_grams", "named_links", "phrase_grams", "rank_links", "rank_paths",
           "rank_three_link_paths", "word_stem"]

DECLARED_END_BONUS = 0.06
# How much a match with a link's comment counts against one with its label (comments are longer and vaguer).
COMMENT_WEIGHT = 0.8
SUSPECT_LABEL_PENALTY = 0.15
# For an end of unknown class: the known end should fit what the link declares, not merely owl:Thing.
DECLARED_FIT_BONUS = 0.05
# A link that holds only for a kind of the class the question names (see _narrowing).
NARROWING_COST = 0.1
# "Shows created by Matt Groening": a passive describes its subject by the agent, and ontologies
# name that relation from the thing described ("creator", "author"), not from the agent ("created").
PASSIVE_FORWARD_BONUS = 0.35
# A link labelled as the class it leads to (a song's "album", an order's "customer") is the plain way the
# two kinds of thing meet, which a vague phrase ("albums that contain the song") means.
RANGE_NAMED_BONUS = 0.1
# Which thing of a pair does what the phrase says: "first" (who created Goofy), "second" (what did Spielberg direct).
Agent = Literal["first", "second"] | None
DECLARED_MIDDLE_BONUS = 0.01
MAX_GRAM_WORDS = 3
_PARTICLES = frozenset({"by", "of", "to", "in", "on", "at", "for", "with", "from", "into"})


@dataclass(frozen=True)
class LinkChoice:
    """A link for an edge, oriented: ``forward`` means from the first thing to the second."""

    link: str
    forward: bool
    score: float
    source_class: str
    target_class: str
    contested: bool = False  # another link fits the words nearly as well: a guess, however high the score

    @property
    def ends(self) -> tuple[str, str]:
        """The classes of the first thing and of the second, along the way the choice runs."""
        return (self.source_class, self.target_class) if self.forward else (self.target_class, self.source_class)


# A bare preposition ("museums in London", "a city in Austria") says a relation of place or origin, in these words.
_PREPOSITION_HINTS = {"in": "located in", "at": "located at", "inside": "located in", "within": "located in",
                      "near": "near", "from": "from origin", "on": "located on", "by": "by",
                      # "how many museums does Paris have": a place has what is located in it
                      "have": "located in", "has": "located in"}


def _relationless(word: str) -> bool:
    return word in STOP_WORDS or word.isdigit()


def implied_grams(words: Sequence[str]) -> list[str]:
    """For a phrase with no content word, what its preposition implies.

    >>> implied_grams(["in"]), implied_grams(["of", "the"])
    (['located in'], [])
    """
    hints = [_PREPOSITION_HINTS[w.lower()] for w in words if w.lower() in _PREPOSITION_HINTS]
    # and the nouns the relation table gives them: "books by William Goldman", where "by" names the maker; or
    # the table gives the words ("were in": starring)
    said = " ".join(w.lower() for w in words if w.lower() not in ARTICLES | {"who", "that", "which"})
    return list(dict.fromkeys(hints + relation_nouns(hints) + relation_nouns([said])))


def content_words(words: Sequence[str]) -> list[str]:
    """The words of a phrase that carry a relation of their own.

    >>> content_words(["directed", "a"]), content_words(["have", "a"])
    (['directed'], [])
    """
    return [w for w in words if len(w) > 1 and not _relationless(w.lower())]


def phrase_grams(words: Sequence[str], whole: bool = True) -> list[str]:
    """Runs of up to three content words of a relation phrase, each verb with its particle, the relation
    nouns these mean (:mod:`app.nl.paraphrases`), and (``whole``) the whole phrase.

    >>> phrase_grams(["was", "born", "in"])
    ['born', 'born in', 'was born in']
    >>> phrase_grams(["the", "official", "languages"])
    ['official', 'official languages', 'languages', 'the official languages']
    >>> phrase_grams(["founded", "by"], whole=False), phrase_grams(["of", "the"], whole=False)
    (['founded', 'founded by'], [])
    >>> phrase_grams(["did", "play", "for"], whole=False)
    ['play', 'play for', 'team', 'club']
    """
    lowered = [w.lower() for w in words if len(w) > 1]  # "s" of a possessive carries nothing
    # "starred in their own films": "own" after a possessive stresses whose they are, and owns nothing
    lowered = [w for k, w in enumerate(lowered) if not (w == "own" and k and lowered[k - 1] in POSSESSIVES)]
    grams: list[str] = []
    # "have no account manager": a negation is read apart, as a condition; it names no link
    content = [i for i, w in enumerate(lowered) if not _relationless(w) and w not in NEGATIONS]
    if len(content) >= 2 and lowered[content[0]] in _HAVING_VERBS and lowered[content[1] + 1:content[1] + 2] == ["by"]:
        content = content[1:]  # "films that feature music by Hans Zimmer": they have it; "music by" says how
    for i in content:
        for n in range(1, MAX_GRAM_WORDS + 1):
            span = lowered[i:i + n]
            if len(span) == n and not _relationless(span[-1]):
                grams.append(" ".join(span))
        following = lowered[i + 1] if i + 1 < len(lowered) else None
        if following in _PARTICLES:
            # A verb keeps its particle: "influenced by" is a link of its own, not "influenced".
            grams.append(f"{lowered[i]} {following}")
    # "went to" is said for an alma mater; a verb with a particle of its own ("play for": team) means
    # what it says, not all the bare verb may mean ("play": starring, league, instrument)
    meaning = [g for g in grams if relation_nouns([g])]
    grams += relation_nouns([g for g in meaning if not any(other.startswith(g + " ") for other in meaning)])
    phrase = " ".join(lowered)
    if whole and phrase and phrase not in grams:
        grams.append(phrase)
    return list(dict.fromkeys(grams))


# Verbs that say only that a thing has another, whose own noun says the relation ("feature music by").
_HAVING_VERBS = frozenset("feature features featured featuring include includes included including contain contains "
                    "contained containing".split())


def _candidates(ontology: Ontology, source: str | None, target: str | None,
                narrow: bool = True) -> list[tuple[str, bool, str, str, float]]:
    """``(link, forward, source class, target class, fit bonus)`` for every link that can join the two ends;
    ``narrow`` adds the links that hold for a kind of one end (:func:`_narrowing`)."""
    found: list[tuple[str, bool, str, str, float]] = []
    if source and target:
        found += [(link.iri, True, source, target, 0.0) for link in ontology.links_between(source, target)]
        found += [(link.iri, False, target, source, 0.0) for link in ontology.links_between(target, source)]
        return found + _narrowing(ontology, source, target) if narrow else found
    known, known_is_first = (source, True) if source else (target, False)
    if not known:
        # Neither end known ("who married Tom Cruise"): the words alone choose, the link gives both classes.
        defined = [link for link in ontology.links if ontology.has_class(link.domain) and ontology.has_class(link.range)]
        return [(link.iri, forward, link.domain, link.range, 0.0) for link in defined for forward in (True, False)]
    for link in ontology.links:
        if not (ontology.has_class(link.domain) and ontology.has_class(link.range)):
            continue  # an end the ontology does not define (a stray dbo:Thing) fits no node
        if ontology.is_subclass(known, link.domain):
            # known --link--> other: forward when the known end is the first thing
            fit = DECLARED_FIT_BONUS if link.domain != OWL_THING else 0.0
            found.append((link.iri, known_is_first, known, link.range, fit))
        if ontology.is_subclass(known, link.range):
            fit = DECLARED_FIT_BONUS if link.range != OWL_THING else 0.0
            found.append((link.iri, not known_is_first, link.domain, known, fit))
    return found + _narrowing_to_unknown(ontology, known, known_is_first) if narrow else found


def _narrowing_to_unknown(ontology: Ontology, known: str,
                          known_is_first: bool) -> list[tuple[str, bool, str, str, float]]:
    """Links that hold for a kind of the known end, the other end not yet typed: "the people cast in Betsy's
    Wedding" are actors, whatever the film turns out to be."""
    if known == OWL_THING:
        return []
    found = []
    for link in ontology.links:
        if not (ontology.has_class(link.domain) and ontology.has_class(link.range)):
            continue
        if link.domain != known and ontology.is_subclass(link.domain, known):
            found.append((link.iri, known_is_first, link.domain, link.range, -NARROWING_COST))
        if link.range != known and ontology.is_subclass(link.range, known):
            found.append((link.iri, not known_is_first, link.domain, link.range, -NARROWING_COST))
    return found


def _narrowing(ontology: Ontology, source: str, target: str) -> list[tuple[str, bool, str, str, float]]:
    """Links that hold for a kind of one end: "people who work at an office" are employees.

    A general class word ("people", "companies") often stands for the one kind the relation
    fits; such a link takes that kind as its end, at a cost, so a link of the classes as
    named wins when the words fit it as well.
    """
    found = []
    for link in ontology.links:
        if OWL_THING in (link.domain, link.range):
            continue
        for first, second, forward in ((source, target, True), (target, source, False)):
            if link.domain != first and ontology.is_subclass(link.domain, first) and \
                    ontology.is_subclass(second, link.range):
                found.append((link.iri, forward, link.domain, second, -NARROWING_COST))
            elif link.range != second and ontology.is_subclass(link.range, second) and \
                    ontology.is_subclass(first, link.domain):
                found.append((link.iri, forward, first, link.range, -NARROWING_COST))
    return found


def _structure(ontology: Ontology, link_iri: str) -> float:
    link = ontology.get_link(link_iri)
    return 0.0 if link is None else _declared_structure(link.domain, link.range, link.label, link_iri)


@functools.lru_cache(maxsize=16384)
def _declared_structure(domain: str, range_: str, label: str, link_iri: str) -> float:
    """Declared ends and a label that agrees with its IRI; cached, since a way search asks per class between."""
    bonus = DECLARED_END_BONUS * ((domain != OWL_THING) + (range_ != OWL_THING))
    label_words = set(re.findall(r"[a-z]+", label.lower()))
    name_words = set(label_from_local_name(local_name(link_iri)).lower().split())
    if name_words and label_words and not ({word_stem(w) for w in label_words} & {word_stem(w) for w in name_words}):
        bonus -= SUSPECT_LABEL_PENALTY
    return bonus


def comment_says(words: Sequence[str], ontology: Ontology, link_iri: str) -> bool:
    """Whether the link's comment uses a content word of ``words`` ("work" in "a person who works on …")."""
    link = ontology.get_link(link_iri)
    if link is None or not link.comment:
        return False
    # a verb in any form: "work" is said by "works"
    forms = {word_stem(w + tail) for w in content_words(words) for tail in ("", "s", "ed", "ing") if len(w) > 2}
    return bool(forms & word_stems(link.comment.lower()))


def _similarities(index: OntologyIndex, links: Sequence[str], gram_vectors: np.ndarray) -> dict[str, float]:
    """Each link's best cosine similarity to any gram of the phrase, by its label or (weighted) its comment."""
    similarity: dict[str, float] = {}
    for vector in gram_vectors:
        for candidate in index.link_labels.score(vector, list(links)):
            similarity[candidate.iri] = max(similarity.get(candidate.iri, -1.0), candidate.score)
        if COMMENT_WEIGHT:
            for candidate in index.link_comments.score(vector, list(links)):
                similarity[candidate.iri] = max(similarity[candidate.iri], COMMENT_WEIGHT * candidate.score)
    return similarity


def _scored(ontology: Ontology, grams: Sequence[str], similarity: dict[str, float],
            candidates: Sequence[tuple[str, bool, str, str, float]], limit: int,
            agent: Agent = None, verb: str = "", ends_known: bool = False) -> list[LinkChoice]:
    """``ends_known``: both classes were said, so a link labelled as the one at its range end is their plain
    relation (:data:`RANGE_NAMED_BONUS`); an end of unknown class takes whatever range a link declares."""
    scored, labels = [], {link: spelled_label(ontology.label(link), link) for link in {c[0] for c in candidates}}
    label_set = set(labels.values())
    said = [label for label in label_set if verbatim(grams, label)]
    # the direction that runs from the thing described: the first thing of a passive, the second of "who did it"
    passive = passive_verb(grams)
    described_first = False if made_into(grams) else None if not (agent == "first" or passive) else agent != "first"
    verb_named = agent == "first" and any(verb_said(verb.split()[0], label.split()[0])
                                          for label in labels.values() if label and verb)
    noun_named = verb_named and verb_noun_named(verb, labels.values())
    fallbacks = _fallback_nouns(grams, label_set)
    table_nouns = set(relation_nouns(grams))
    # "the birth location of": a phrase the table translates into a link's label says that label, not the
    # label inside it ("location")
    translated = [g for g in grams if " " in g and set(relation_nouns([g])) & label_set]
    for link, forward, s_class, t_class, fit in candidates:
        longer = [other for other in said if len(other) > len(labels[link])] + \
            [phrase for phrase in translated if labels[link] not in relation_nouns([phrase])] + \
            modified(grams, labels[link], said)
        if agent == "second":
            described_first = described_first_of_second_agent(verb, labels[link])
        elif agent == "first":
            # "who plays the saxophone": a link labelled as the thing it leads to runs from the doer where that
            # thing is no agent (the player's instrument); an agent so labelled is the doer (the tower's architect)
            described_first = True if _names_a_thing_done(ontology, labels[link], t_class) else \
                runs_from_the_doer(verb, labels[link], verb_named, noun_named)
        own_verb = agent is None and said_by_the_agent(passive, labels[link])
        direction = PASSIVE_FORWARD_BONUS if forward == described_first and not own_verb else 0.0
        wrong_way = own_verb if forward == described_first else labels[link].endswith(" by")
        if described_first is not None and wrong_way:
            direction = -PASSIVE_FORWARD_BONUS  # "founded by" read backwards would found the founder
        # a fallback is credited by the question's own words and by labels, not by a noun the table added that no
        # link is labelled with ("recording location" would say "location" for "recorded in")
        own_grams = [g for g in grams if g != labels[link] and (g not in table_nouns or g in label_set)] \
            if labels[link] in fallbacks else grams
        named = _range_named(ontology, labels[link], t_class) if ends_known and fit >= 0 else 0.0
        score = (similarity.get(link, 0.0) + _structure(ontology, link) + lexical(own_grams, labels[link], longer)
                 + comment_stems(grams, ontology, link) + fit + direction + named)
        scored.append(LinkChoice(link, forward, round(score, 4), s_class, t_class))
    best: dict[tuple[str, bool], LinkChoice] = {}
    for choice in sorted(scored, key=lambda c: -c.score):
        best.setdefault((choice.link, choice.forward), choice)
    return list(best.values())[:limit]


def _range_named(ontology: Ontology, label: str, range_class: str) -> float:
    """:data:`RANGE_NAMED_BONUS` for a link labelled as the class at its range end."""
    return RANGE_NAMED_BONUS if label and label.lower() == plain_label(ontology.label(range_class)).lower() else 0.0


def _names_a_thing_done(ontology: Ontology, label: str, range_class: str) -> bool:
    """Whether a link is labelled as its range, and that range is no agent: an "instrument", a "sport", an
    "award" is what the doer plays, does or wins; an "architect" is the doer."""
    if not _range_named(ontology, label, range_class):
        return False
    agents = [c for c in (class_named("agent", ontology), class_named("person", ontology)) if c]
    return not any(ontology.is_subclass(range_class, agent) for agent in agents)


def _fallback_nouns(grams: Sequence[str], labels: set[str]) -> set[str]:
    """The relation nouns a phrase means that label a candidate only after an earlier one did: "founded in"
    means a foundation place, and a location only where no link is labelled so.

    >>> sorted(_fallback_nouns(["founded in"], {"foundation place", "location"}))
    ['location']
    """
    said = [noun for noun in relation_nouns(grams) if noun in labels]
    return set(said[1:])


def rank_links(ontology: Ontology, index: OntologyIndex, grams: Sequence[str], gram_vectors: np.ndarray,
               source: str | None, target: str | None, *, limit: int = 10,
               agent: Agent = None, verb: str = "") -> list[LinkChoice]:
    """The best links joining a thing of class ``source`` to one of class ``target`` (None: unknown), best first.

    ``agent``: which thing does to the other what the phrase says. The first ("who created Goofy"): the
    ontology names that relation from the second, as it does a passive ("Goofy, created by whom"), unless a
    preposition follows the verb ("who works for Google": the doer's employer; ``verb`` holds both). The
    second ("which films did Spielberg direct", ``verb`` "direct"): a label that is the verb's doer noun runs
    from the first, a label that is the verb from the second.
    """
    candidates = _candidates(ontology, source, target)
    if not candidates:
        return []
    similarity = _similarities(index, list(dict.fromkeys(c[0] for c in candidates)), gram_vectors)
    return _scored(ontology, grams, similarity, candidates, limit, agent, verb, ends_known=bool(source and target))


def _declared_end(ontology: Ontology, choice: LinkChoice, middle: str) -> str | None:
    """The class ``choice``'s link declares at the end where ``middle`` stands."""
    link = ontology.get_link(choice.link)
    if link is None:
        return None
    # a choice names its classes in the link's own order, whichever way it is read
    return link.domain if choice.source_class == middle else link.range


def named_links(ontology: Ontology, grams: Sequence[str]) -> frozenset[str]:
    """The links whose whole label the phrase says as written: "whose home branch is in" names home branch."""
    return frozenset(link.iri for link in ontology.links
                     if len(label := plain_label(link.label)) > 2 and verbatim(grams, label))


def _narrower_steps(ontology: Ontology, known: str) -> list[tuple[str, bool, str, str]]:
    """``(link, forward, kind of known, declared other end)`` for the declared links that start (forward)
    or end at a kind of ``known``, not at ``known`` itself: "products manufactured in Eindhoven" are
    hardware products, the kind a production site holds for."""
    steps = []
    for link in ontology.links:
        if OWL_THING in (link.domain, link.range):
            continue
        if link.domain != known and ontology.is_subclass(link.domain, known):
            steps.append((link.iri, True, link.domain, link.range))
        if link.range != known and ontology.is_subclass(link.range, known):
            steps.append((link.iri, False, link.range, link.domain))
    return steps


def rank_paths(ontology: Ontology, index: OntologyIndex, grams: Sequence[str], gram_vectors: np.ndarray,
               source: str, target: str, narrow_source: bool = False) -> tuple[LinkChoice, str, LinkChoice] | None:
    """Two links through a class between, for two classes no single link joins ("offices in Germany":
    office → city → country). Only links that declare both ends count, so the way is the ontology's own.
    ``narrow_source``: the first step may start from a kind of ``source`` (a class word said generally).
    """
    declared = [link.iri for link in ontology.links if OWL_THING not in (link.domain, link.range)]
    similarity = _similarities(index, declared, gram_vectors)
    narrower: dict[str, list[tuple[str, bool, str]]] = {}  # by the declared end a middle class must be under
    for link, forward, kind, other in (_narrower_steps(ontology, source) if narrow_source else []):
        narrower.setdefault(other, []).append((link, forward, kind))
    best: tuple[float, LinkChoice, str, LinkChoice] | None = None
    for middle in (c.iri for c in ontology.classes):
        reaching = [(link, forward, kind, middle, -NARROWING_COST) if forward else
                    (link, forward, middle, kind, -NARROWING_COST)
                    for above in (ontology.ancestors(middle) if narrower else ())
                    for link, forward, kind in narrower.get(above, ())]
        first = _scored(ontology, grams, similarity, [c for c in _candidates(ontology, source, middle, False)
                                                      + reaching if c[0] in similarity], 1)
        second = _scored(ontology, grams, similarity, [c for c in _candidates(ontology, middle, target, False)
                                                       if c[0] in similarity], 1)
        if first and second:
            # among kinds the two links equally allow, the one they declare ("person", not "academic")
            declared = middle in (_declared_end(ontology, first[0], middle), _declared_end(ontology, second[0], middle))
            score = (first[0].score + second[0].score) / 2 + (DECLARED_MIDDLE_BONUS if declared else 0.0)
            if best is None or score > best[0]:
                best = (score, first[0], middle, second[0])
    return None if best is None else best[1:]


# How many first and last steps a three-link way considers at each end, best first.
THREE_LINK_BRANCHING = 8


def _steps_from(ontology: Ontology, grams: Sequence[str], similarity: dict[str, float],
                known: str) -> list[LinkChoice]:
    """The best declared links from ``known`` (first) to another class, one per class reached."""
    candidates = [c for c in _candidates(ontology, known, None, narrow=False) if c[0] in similarity]
    best: dict[str, LinkChoice] = {}
    for choice in _scored(ontology, grams, similarity, candidates, len(candidates)):
        other = choice.ends[1]
        if other != known and other != OWL_THING:
            best.setdefault(other, choice)
    return list(best.values())[:THREE_LINK_BRANCHING]


def _flipped(choice: LinkChoice) -> LinkChoice:
    """The same link seen from its other end."""
    return LinkChoice(choice.link, not choice.forward, choice.score, choice.source_class, choice.target_class)


def rank_three_link_paths(ontology: Ontology, index: OntologyIndex, grams: Sequence[str], gram_vectors: np.ndarray,
                          source: str, target: str) -> tuple[LinkChoice, str, LinkChoice, str, LinkChoice] | None:
    """Three declared links through two classes, for things that meet only through a record between
    them: "members who borrowed The Silent Almanac" are borrowers of loans of copies of that novel.

    Each end keeps its :data:`THREE_LINK_BRANCHING` best first steps, so the search stays small on
    a large ontology; the way whose three links fit the words best on average wins.
    """
    declared = [link.iri for link in ontology.links if OWL_THING not in (link.domain, link.range)]
    similarity = _similarities(index, declared, gram_vectors)
    best: tuple[float, LinkChoice, str, LinkChoice, str, LinkChoice] | None = None
    for first in _steps_from(ontology, grams, similarity, source):
        for last in _steps_from(ontology, grams, similarity, target):
            left, right = first.ends[1], last.ends[1]
            middle = _scored(ontology, grams, similarity, [c for c in _candidates(ontology, left, right, False)
                                                            if c[0] in similarity], 1)
            if not middle:
                continue
            score = (first.score + middle[0].score + last.score) / 3
            if best is None or score > best[0]:
                best = (score, first, left, middle[0], right, _flipped(last))
    return None if best is None else best[1:]

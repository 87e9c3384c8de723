"""The things a question names, found by evidence rather than generated: instances, names, classes, the asked-for thing.

Each :class:`Mention` covers a token span of the question and becomes one node
of the draft. What counts as evidence holds for any English question and any
ontology: a span that is an instance's label in the knowledge graph, a run of
capitalised words (a name), a class label (or its plural), a noun whose meaning
is close to a class label, and a leading "who"/"where" asking for a thing of
unknown class.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence

import numpy as np

from app.nl.appositions import merge_appositions
from app.nl.definitions import defined_as, shared_head_class
from app.nl.demonyms import country_of
from app.nl.focus import wh_focus
from app.nl.link_word_spans import of_link_spans, relation_noun_spans
from app.nl.lower_case_names import lower_case_names
from app.nl.link_word_things import asked_for, declared_range, link_word_ending_elsewhere, related_things
from app.nl.measures import MEASURED_BY
from app.nl.mention_types import Mention
from app.nl.name_spans import (
    MAX_NAME_WORDS,
    NOT_NOUNS,
    as_written,
    capitalised_classes,
    inside_longer_name,
    lower_case_objects,
    names,
    title_end,
)
from app.nl.mentions import class_mentions, class_named, derived_word, is_link_label, word_forms
from app.nl.paraphrases import kind_nouns, relation_nouns
from app.nl.retrieval import Candidate, OntologyIndex
from app.nl.spelling import misspelt_class
from app.nl.verb_slots import AFTER_VERB, in_idiom, verb_after_do, verb_slot
from app.nl.words import (ANY_PERSON, ANY_THING, COPULAS, DO_FORMS, POSSESSIVES, SIZE_SUPERLATIVES, is_verb_form,
                          tokens_of, word_before_articles, written_without_capitals)
from ontology_loaders.model import OWL_THING, Ontology

__all__ = ["CLASS_SIMILARITY", "find_mentions", "most_specific"]

# Cosine similarity above which a noun is read as a class the ontology labels otherwise
# ("movies" for film). Tuned on the dev split of benchmarks/natural.
CLASS_SIMILARITY = 0.6
# How much nearer in meaning a single word must be than the two-word compound it starts, to win.
COMPOUND_BONUS = 0.05
# A class label with one slip of the keyboard ("departmnet") is nearly as sure as the label spelt right.
MISSPELT_SCORE = 0.95

# Words before a noun that introduce a thing ("which films", "all the rivers", "a German lake").
_DETERMINERS = frozenset("a an the which what all many some any every each per of one".split())  # "per member"
_RELATION_BEFORE = COPULAS | {"the", "their", "its", "his", "her"}


def find_mentions(question: str, ontology: Ontology, index: OntologyIndex | None,
                  instances: Mapping[str, Sequence[tuple[str, tuple[str, ...]]]] | None = None) -> list[Mention]:
    """Every thing the question names, left to right, spans never overlapping.

    ``instances`` maps a lower-case instance label to its ``(IRI, types)``; without it,
    capitalised spans are names of unknown class.
    """
    tokens = tokens_of(question)
    taken = [False] * len(tokens)
    found: list[Mention] = []

    def take(mention: Mention) -> None:
        found.append(mention)
        for i in range(mention.start, mention.end):
            taken[i] = True

    for start, end in relation_noun_spans(tokens, ontology):
        # "the project lead of …", "the official languages of …": the thing that link reaches, not a project
        words = " ".join(tokens[start:end])
        reached = declared_range(words, ontology)
        # "the largest city in Canada": a city, the kind the label's own class word names within the range
        sized = class_named(" ".join(words.split()[1:]), ontology) if words.split()[0].lower() in SIZE_SUPERLATIVES \
            else None
        if sized and reached and ontology.is_subclass(sized, reached):
            reached = sized
        take(Mention(start, end, words, "related", class_iri=reached, score=0.8))
    of_links = of_link_spans(tokens, ontology)
    for start, end, domain, _ in of_links:
        # "translations of The Hidden Tide": the things that link starts from
        take(Mention(start, end, " ".join(tokens[start:end]), "related", class_iri=domain, score=0.8))
    demonyms = _demonyms(tokens, ontology)
    for mention in demonyms:
        take(mention)
    for mention in _instances(tokens, ontology, instances or {}):
        if not any(taken[mention.start:mention.end]) and not inside_longer_name(tokens, mention):
            take(mention)
    lowered = [t.lower() for t in tokens]
    for mention in class_mentions(question, ontology):
        if _container(lowered, mention.start, mention.end):
            continue
        if any(start == mention.end and mention.iri in reached for start, _, _, reached in of_links):
            taken[mention.start:mention.end] = [True] * (mention.end - mention.start)
            continue  # "the team members of the Platform team": the team is the one named after "of"
        if mention.new and not any(taken[mention.start:mention.end]):
            end = title_end(tokens, mention.start, mention.end)
            if end is not None and not any(taken[mention.start:end]):
                # "the Nobel Prize in Chemistry": a title headed by a class's label names one thing of it
                written = as_written(question, mention.start, end)
                take(Mention(mention.start, end, written if not written_without_capitals(tokens) else
                             _titled(written), "name", class_iri=mention.iri, score=0.8))
                continue
            take(Mention(mention.start, mention.end, " ".join(tokens[mention.start:mention.end]), "class",
                         class_iri=mention.iri))
    for mention in capitalised_classes(tokens, taken, ontology):
        take(mention)
    for mention in _everyone(lowered, taken, ontology):
        take(mention)
    for mention in names(tokens, taken, ontology):
        take(dataclasses.replace(mention, text=as_written(question, mention.start, mention.end)))
    for mention in ([] if instances else lower_case_names(tokens, taken, ontology)):
        # "john f. kennedy" keeps its period, as a knowledge graph's label does
        take(dataclasses.replace(mention, text=_titled(as_written(question, mention.start, mention.end))))
    for mention in related_things(tokens, taken, ontology):
        take(mention)
    if index is not None:
        for mention in _similar_classes(tokens, taken, index, frozenset(m.start for m in demonyms)):
            take(mention)
    concepts = _concepts(tokens, taken, ontology, instances or {})
    for mention in concepts:
        take(mention)
    for mention in lower_case_objects(tokens, taken, ontology):
        take(mention)
    focus = wh_focus(tokens, taken, found, ontology)
    if focus is not None:
        take(focus)
    found = [m for m in _things_of_kind(found, concepts, tokens, ontology) if not _generic_people(m, lowered)]
    found = _kinds_with_their_head(sorted(found, key=lambda m: (m.start, m.end)), ontology)
    return merge_appositions(found, lowered, ontology)


def _kinds_with_their_head(found: list[Mention], ontology: Ontology) -> list[Mention]:
    """"A capital city": a class word right before the word of a class above it names one thing,
    of the narrower class: the second word only says what kind of thing that is."""
    merged: list[Mention] = []
    for mention in found:
        last = merged[-1] if merged else None
        # ("which religion's people": a possessive's thing is another)
        if last is not None and last.kind == mention.kind == "class" and last.end == mention.start and \
                last.class_iri and mention.class_iri and last.class_iri != mention.class_iri and \
                last.text.split()[-1].lower() != "s" and ontology.is_subclass(last.class_iri, mention.class_iri):
            merged[-1] = dataclasses.replace(last, end=mention.end, text=f"{last.text} {mention.text}")
            continue
        merged.append(mention)
    return merged


def _titled(name: str) -> str:
    """A name typed in lower case, each word begun with a capital; a word the writer gave a capital of its own
    keeps its spelling ("iPhone").

    >>> _titled("john f. kennedy"), _titled("mcdonald's"), _titled("the iPhone")
    ('John F. Kennedy', "Mcdonald's", 'The iPhone')
    """
    return " ".join(word if word != word.lower() else re.sub(r"^([^\W\d_])", lambda m: m.group(1).upper(), word)
                    for word in name.split(" "))


def _everyone(lowered: Sequence[str], taken: Sequence[bool], ontology: Ontology) -> list[Mention]:
    """"Show me everyone in the Marketing department": every person, of the class labelled "person". "Married to
    someone born in France": one person, or whatever kind of one the link says ("music composed by someone":
    a musical artist), as for "who"."""
    person = class_named("person", ontology)
    return [Mention(i, i + 1, word, "class", class_iri=person if word.startswith("every") else None)
            for i, word in enumerate(lowered) if word in ANY_PERSON and not taken[i] and person]


def _generic_people(mention: Mention, lowered: Sequence[str]) -> bool:
    """"In which countries do people speak Japanese": "people" after "do" is anyone, the verb's subject, no thing.

    >>> _generic_people(Mention(4, 5, "people", "class"), "in which countries do people speak japanese".split())
    True
    """
    return mention.kind == "class" and mention.text.lower() == "people" and mention.start > 0 and \
        lowered[mention.start - 1] in DO_FORMS and mention.end < len(lowered)


_TOPIC_BEFORE = frozenset({"about", "on", "in", "of", "with", "for", "from", "by", "at", "under", "into", "as", "to",
                           # verbs whose object is a topic: "textbooks that cover astronomy"
                           "cover", "covers", "covered", "discuss", "discusses", "discussed", "concern", "concerns",
                           "treat", "treats", "explore", "explores", "explored"})


def _things_of_kind(found: list[Mention], concepts: Sequence[Mention], tokens: Sequence[str],
                    ontology: Ontology) -> list[Mention]:
    """"The cheapest monitor", "biographies by Ada Byrne": a category said as a noun means things of it.

    A topic or category word no class word follows is the head of its phrase: it stands for
    the things the ontology files under that category (products, works), and the category
    becomes an adjective of them, joined by the link that files them. One a class word
    follows is an adjective of that thing ("a crime novel").
    """
    starts = {m.start: m for m in found if m.kind == "class"}
    result = [m for m in found if m not in concepts]
    for concept in concepts:
        before = tokens[concept.start - 1].lower() if concept.start else ""
        # "books about astronomy": after a preposition it is the topic itself
        filed = None if concept.end in starts or concept.class_iri is None or before in _TOPIC_BEFORE else \
            categorised_class(concept.class_iri, ontology)
        if filed is None:
            # "a crime novel": before a class word it describes that thing, as an adjective does
            head = starts.get(concept.end)
            # ("the crime genre" is the genre itself: an apposition, not an adjective)
            describes = head is not None and not (concept.class_iri and head.class_iri and
                                                  ontology.is_subclass(concept.class_iri, head.class_iri))
            result.append(dataclasses.replace(concept, modifier=describes))
            continue
        result.append(dataclasses.replace(concept, end=concept.start, modifier=True))
        result.append(Mention(concept.start, concept.end, concept.text, "class", class_iri=filed, score=concept.score))
    return result


def categorised_class(category: str, ontology: Ontology) -> str | None:
    """The one class the ontology files under ``category`` by a declared link ("product" for "product
    category"); None when no class or several are."""
    filed = {link.domain for link in ontology.links if link.range == category and link.domain != OWL_THING
             and not ontology.is_subclass(link.domain, category)}
    return next(iter(filed)) if len(filed) == 1 else None


# "a list of clubs", "the number of films": the noun before "of" holds the things, it is not one of them.
_CONTAINERS = frozenset({"list", "lists", "number", "numbers", "names", "set", "group", "kind", "kinds", "type",
                         "types", "sort", "total"})


def _container(tokens: Sequence[str], start: int, end: int) -> bool:
    return end - start == 1 and tokens[start] in _CONTAINERS and tokens[end:end + 1] == ["of"]


def most_specific(types: Sequence[str], ontology: Ontology) -> str | None:
    known = [t for t in types if ontology.get_class(t) is not None]
    return max(known, key=lambda t: (len(ontology.ancestors(t)), t), default=None)


def _instances(tokens: Sequence[str], ontology: Ontology,
               instances: Mapping[str, Sequence[tuple[str, tuple[str, ...]]]]) -> list[Mention]:
    """Spans that are an instance's label, longest first; a lower-case span must be two words or more
    (a single lower-case word is far more often a common noun than a name: see :func:`_concepts`)."""
    found: list[Mention] = []
    position = 0
    while instances and position < len(tokens):
        for length in range(min(MAX_NAME_WORDS, len(tokens) - position), 0, -1):
            words = tokens[position:position + length]
            capitalised = any(w[:1].isupper() or w[:1].isdigit() for w in words) and not (
                position == 0 and length == 1)
            if not capitalised and length < 2:
                continue
            matches = instances.get(" ".join(words).lower()) or (
                None if capitalised else _plural_label(words, instances))
            if matches:
                iri, types = matches[0]
                found.append(Mention(position, position + length, " ".join(words), "instance",
                                     class_iri=most_specific(types, ontology), instance=iri))
                position += length
                break
        else:
            position += 1
    return found


def _plural_label(words: Sequence[str], instances: Mapping[str, Sequence[tuple[str, tuple[str, ...]]]]
                  ) -> Sequence[tuple[str, tuple[str, ...]]] | None:
    """The instance a lower-case phrase names in its plural: "a docking station" of the category "Docking
    stations", as "a laptop" is one of "Laptops"."""
    lower = " ".join(words).lower()
    return instances.get(lower + "s") or instances.get(lower + "es")


def _concepts(tokens: Sequence[str], taken: Sequence[bool], ontology: Ontology,
              instances: Mapping[str, Sequence[tuple[str, tuple[str, ...]]]]) -> list[Mention]:
    """Single lower-case words that are an instance's label: a topic or a genre ("books about astronomy").

    Read after the class words, so "sales" in "sales rep" stays in its class (a sales
    representative); never a small word, nor one that a class or link is labelled with ("a novel"), nor the
    first word of a class label ("poetry collections").
    """
    found = []
    for i, word in enumerate(tokens):
        lower = word.lower()
        if taken[i] or not (word.islower() or i == 0) or not word.isalpha() or len(word) < 4 or lower in NOT_NOUNS:
            continue
        # "the cheapest monitor" for the category "Monitors"
        matches = next((instances[form] for form in [*word_forms([lower]), lower + "s"] if form in instances), None)
        if matches and not _begins_a_class_label(tokens, i, ontology) and class_named(lower, ontology) is None and not is_link_label(lower, ontology):
            iri, types = matches[0]
            found.append(Mention(i, i + 1, word, "instance", class_iri=most_specific(types, ontology), instance=iri,
                                 score=0.8))
    return found


def _begins_a_class_label(tokens: Sequence[str], i: int, ontology: Ontology) -> bool:
    """Whether the word at ``i`` begins a class label of two to four words ("poetry collection", "American
    football player")."""
    return any(class_named(" ".join(tokens[i:end]), ontology) for end in range(i + 2, min(i + 4, len(tokens)) + 1))


def _demonyms(tokens: Sequence[str], ontology: Ontology) -> list[Mention]:
    """"Spanish authors", "a German lake": the country a demonym names, before the noun it describes.
    ("American football players" are of a kind the ontology labels so: no demonym.)"""
    found = []
    uncapitalised = written_without_capitals(tokens)  # "which greek parties": the writer capitalised nothing
    for i, word in enumerate(tokens[:-1]):
        # ("the greek revival": after "the", a lower-case demonym may begin a name)
        country = country_of(word, uncapitalised and not (i and tokens[i - 1].lower() == "the"))
        following = tokens[i + 1]
        in_name = i > 1 and tokens[i - 1][:1].isupper()  # "Hillel Slovak": the end of a name, no demonym
        if country and not in_name and not _begins_a_class_label(tokens, i, ontology) and following.isalpha() and following.islower() and \
                following not in NOT_NOUNS:
            found.append(Mention(i, i + 1, country, "name", score=0.8, modifier=True))
    return found


def _noun_positions(tokens: Sequence[str], taken: Sequence[bool], describing: frozenset[int] = frozenset(),
                    ontology: Ontology | None = None) -> list[int]:
    """Words that may name a kind of thing: after a determiner, or plural, or first in a command.

    ``describing``: positions of words that describe the next one (a demonym: "an Irish author"),
    which stand between a determiner and its noun like any adjective.
    """
    positions = []
    for i, word in enumerate(tokens):
        lower = word.lower()
        if taken[i] or lower in NOT_NOUNS or not word.isalpha() or (len(word) < 3 and not word.isupper()):
            continue
        if country_of(lower, uncapitalised=True) and tokens[i + 1:i + 2] and tokens[i + 1].isalpha():
            continue  # "the swedish covenant hospital": a demonym, however written, says where, not what
        # a determiner just before, or before one or two describing words ("the most expensive book")
        before = range(max(i - 3, 0), i)
        recent = [tokens[k].lower() for k in before]
        # "the Tartu branch": one name between the determiner and its noun describes it, as an adjective would
        named_before = i >= 2 and taken[i - 1] and tokens[i - 1][:1].isupper() and \
            tokens[i - 2].lower() in ("the", "our", "their", "its")
        blocked = any(taken[k] and k not in describing and not (named_before and k == i - 1) for k in before)
        right_after = bool(recent) and recent[-1] in _DETERMINERS
        if is_verb_form(lower) and not right_after:
            continue  # "the most films starring …": a participle after the noun, not a noun
        if i == len(tokens) - 1 and not right_after and any(t.lower() in DO_FORMS for t in tokens[:i]):
            continue  # "How many items does each branch hold?": the verb "does" waits for
        subject_before = i and taken[i - 1] or i >= 2 and tokens[i - 2].lower() in ("which", "what")
        if subject_before and not right_after and tokens[i + 1:i + 2] and tokens[i + 1].lower() in ("the", "a", "an"):
            continue  # "Which branch holds the most copies": after its subject and before an object, a verb
        # "American actor Tom Hanks": a title between a demonym and a name
        titled = i and country_of(tokens[i - 1]) and tokens[i + 1:i + 2] and tokens[i + 1][:1].isupper()
        # ("their home city": a possessive determines a noun one describing word stands before, unless the two words
        # are a link's label: "their home port", "their death place" are relations of theirs)
        describer = recent[-1] if len(recent) >= 2 and recent[-2] in POSSESSIVES and recent[-1].isalpha() else ""
        owned = bool(describer) and not (ontology is not None and any(
            is_link_label(words, ontology) for words in (f"{describer} {lower}", describer + lower)))
        determined = (any(w in _DETERMINERS for w in recent) or owned) and not blocked
        if i == 0 or right_after or titled or determined or (
                lower.endswith("s") and not lower.endswith("ss")):
            positions.append(i)
    return positions


def _part_of_the_verbs_noun(lowered: Sequence[str], i: int) -> bool:
    """"Who composed the music for …": the object completes the verb's relation noun ("music composer").

    >>> _part_of_the_verbs_noun("who composed the music for".split(), 3)
    True
    >>> _part_of_the_verbs_noun("who wrote the music for".split(), 3)
    False
    """
    k = word_before_articles(lowered, i)
    return k >= 0 and any(lowered[i] in noun.split() for noun in relation_nouns([lowered[k]]) if " " in noun)


def _near(found: Sequence[Candidate]) -> str | None:
    """The class nearest in meaning, when near enough to be read as the word's class."""
    return found[0].iri if found and found[0].score >= CLASS_SIMILARITY else None


def _weight(mention: Mention) -> float:
    """A class word's score, a noun compound's raised: it names its head ("football players"), which its
    first word alone ("football": sport) does not."""
    return mention.score + COMPOUND_BONUS * (mention.end - mention.start - 1)


def _names_head(words: Sequence[str], label: str) -> bool:
    """"members" for "library member": one word that is the head of the nearest class's label."""
    head = label.lower().split()[-1:] if label else []
    return len(words) == 1 and bool(head) and words[0].lower().rstrip("s") == head[0].rstrip("s")


# Suffixes that make a noun for a person from a field or a deed ("oceanographers", "physicists", "musicians",
# "engineers"), where the embedder hears only the field and can name a class of things (an ocean).
_PERSON_SUFFIXES = ("ist", "ists", "grapher", "graphers", "logist", "logists", "ician", "icians", "eer", "eers")


def _a_kind_of_person(word: str, vector: np.ndarray, found: list[Candidate],
                      index: OntologyIndex) -> list[Candidate]:
    """``found``, or where ``word`` names a person and ``found`` is no person, the nearest kind of person, or
    else the person class itself."""
    ontology = index.ontology
    person = class_named("person", ontology)
    if not word.endswith(_PERSON_SUFFIXES) or person is None or found[0].score >= CLASS_SIMILARITY and (
            found[0].iri == person or person in ontology.ancestors(found[0].iri)):
        return found
    kinds = index.classes.score(np.asarray(vector), [person, *sorted(ontology.descendants(person))])[:1]
    if kinds and kinds[0].score >= CLASS_SIMILARITY:
        return kinds
    return [Candidate(person, ontology.label(person), CLASS_SIMILARITY)]  # a person of a kind no label names


def _similar_classes(tokens: Sequence[str], taken: Sequence[bool], index: OntologyIndex,
                     describing: frozenset[int] = frozenset()) -> list[Mention]:
    """Nouns close in meaning to a class label ("movies" → film, "footballers" → soccer player)."""
    spans = []
    lowered = [t.lower() for t in tokens]
    for i in _noun_positions(tokens, taken, describing, index.ontology):
        if lowered[i] in MEASURED_BY and i and lowered[i - 1] in ("most", "least"):
            continue  # "the most populous city": an adjective of measure says what to sort by, no kind of thing
        if relation_nouns([lowered[i]]) and not kind_nouns(lowered[i]) and lowered[i + 1:i + 2] and \
                (lowered[i + 1] in AFTER_VERB or (i > 1 and tokens[i + 1][:1].isupper())):
            continue  # "which musician wrote the most books", "films star Tom Hanks": a relation's verb
        if i and lowered[i - 1] == "who" and lowered[i + 1:i + 2] and \
                (lowered[i + 1] in AFTER_VERB or tokens[i + 1][:1].isupper()):
            continue  # "who works at": a noun never follows "who" (creative works)
        if in_idiom(lowered, i) or _part_of_the_verbs_noun(lowered, i) or verb_slot(tokens, i) or \
                verb_after_do(tokens, i):
            continue  # "which branches hold a copy": a verb, though a library's "hold" is a reservation
        # "the spouse of …", "where the author is …", "whose creators are …", "are relatives to …": a link's own
        # word before "of" or a verb names a relation, not a thing
        if not (is_link_label(lowered[i], index.ontology) and i and lowered[i - 1] in _RELATION_BEFORE | {"whose"}
                and lowered[i + 1:i + 2] in (["of"], ["is"], ["was"], ["are"], ["were"], ["to"])):
            spans.append((i, i + 1))
        pair = f"{lowered[i]} {lowered[i + 1]}" if i + 1 < len(tokens) else ""
        # "soccer clubs" may name a kind of thing; "films directed" is a thing and its relation
        # "players play for": a relation's verb before its object ends the noun, it is no part of it
        verb_next = bool(relation_nouns([lowered[i + 1]])) and lowered[i + 2:i + 3] and (
            lowered[i + 2] in AFTER_VERB or tokens[i + 2][:1].isupper()) if pair else False  # "films star Tom Hanks"
        if pair and not taken[i + 1] and lowered[i + 1] not in NOT_NOUNS and not is_verb_form(lowered[i + 1]) and \
                not verb_next and not in_idiom(lowered, i + 1) and not (is_link_label(pair, index.ontology) and i and lowered[i - 1] in COPULAS):
            spans.append((i, i + 2))  # "are gold medalists" says a relation, "the gold medalists" may name things
    if not spans:
        return []
    texts = [" ".join(tokens[s:e]).lower() for s, e in spans]
    # "staff" is nearer "staffing agency" than "employee" for the embedder; the everyday noun says which
    said = [[text, *kind_nouns(text)] for text in texts]
    vectors = index.embed_many([t for alternatives in said for t in alternatives])
    best: dict[int, Mention] = {}
    offset = 0
    for (start, end), alternatives in zip(spans, said):
        hits = [h for v in vectors[offset:offset + len(alternatives)] for h in index.classes.search(np.asarray(v), 1)]
        offset += len(alternatives)
        found = sorted(hits, key=lambda h: -h.score)[:1]
        if end - start == 1 and found:
            found = _a_kind_of_person(lowered[start], vectors[offset - len(alternatives)], found, index)
        after_noun = start > 0 and taken[start - 1]  # "which librarian works in": a verb, not creative works
        if lowered[start] in ANY_THING:
            if end - start > 1:
                continue
            # no class of the ontology's but "thing", whatever the embedder finds near it: the link says which
            mention = Mention(start, end, tokens[start], "focus", score=CLASS_SIMILARITY)
        elif end - start == 1 and (fixed := misspelt_class(tokens[start], index.ontology)):
            # "departmnet": a slip of the keyboard on a class label, which the embedder cannot see through
            mention = Mention(start, end, tokens[start], "class", class_iri=fixed, score=MISSPELT_SCORE)
        elif end - start == 1 and not after_noun and (common := shared_head_class(tokens[start], index.ontology)):
            # "copies" alone: not the nearest kind of copy, but what every kind of copy is
            mention = Mention(start, end, tokens[start], "class", class_iri=common,
                              score=max(CLASS_SIMILARITY, found[0].score if found else 0.0))
        elif end - start == 1 and asked_for(lowered, start) and \
                link_word_ending_elsewhere(lowered[start], _near(found), index.ontology):
            # "To which religion does …": DBpedia's link "religion" ends at no class; "religious" persons are
            # only near it in meaning. The link's own word, asked for, names what it reaches ("Which
            # citizenship does Carla Hoffmann have": a country).
            mention = Mention(start, end, tokens[start], "related", score=CLASS_SIMILARITY,
                              class_iri=declared_range(lowered[start], index.ontology))
        elif found and (found[0].score >= CLASS_SIMILARITY or _names_head(tokens[start:end], found[0].label)) and \
                not (end - start == 1 and derived_word(lowered[start], found[0].label)):  # "music": no musical
            mention = Mention(start, end, " ".join(tokens[start:end]), "class", class_iri=found[0].iri,
                              score=found[0].score)
        elif end - start == 1 and (defined := defined_as(tokens[start], index.ontology)):
            # not close to any label, but the ontology's own definition of a class uses the word
            mention = Mention(start, end, tokens[start], "class", class_iri=defined, score=CLASS_SIMILARITY)
        else:
            continue
        if start not in best or _weight(mention) > _weight(best[start]):
            best[start] = mention
    chosen: list[Mention] = []
    for mention in sorted(best.values(), key=lambda m: -_weight(m)):
        if all(m.end <= mention.start or mention.end <= m.start for m in chosen):
            chosen.append(mention)
    return chosen

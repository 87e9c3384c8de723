"""Which words relate which things: the phrase between two mentions, and the English structure words.

"X and Y", "and published by …", "… the city where they were born", "Spanish authors": none of
it names an ontology. :mod:`app.nl.evidence` turns what these functions read into links.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from app.nl.comparisons import find_comparisons
from app.nl.given_names import looks_like_a_person
from app.nl.link_choice import content_words, implied_grams, phrase_grams
from app.nl.mention_types import Mention
from app.nl.mentions import is_link_label
from app.nl.name_compounds import is_name_compound
from app.nl.paraphrases import relation_nouns
from app.nl.verb_slots import AFTER_VERB
from app.nl.words import (ARTICLES, COPULAS, DO_FORMS, ENGLISH, HAVE_FORMS, POSSESSIVES, PREDICATE_VERBS,
                          PREPOSITIONS, SIZE_SUPERLATIVES, SUBJECT_PRONOUNS, command_opening, is_verb_form)
from ontology_loaders import Ontology

__all__ = ["AUXILIARIES", "back_clause", "clause_subject", "coordinated", "coordinated_verbs", "has_content",
           "opens_a_sentence", "predicate_of_the_whole", "relation_phrases", "said_of_both", "said_of_the_first",
           "same_subject", "set_aside_modifiers", "whose_continued", "words_between"]


def set_aside_modifiers(mentions: Sequence[Mention],
                         tokens: Sequence[str]) -> tuple[list[Mention], list[tuple[Mention, int]], list[str]]:
    """Adjectives that name a thing ("Spanish" in "novels by Spanish authors"), kept out of the chain.

    Each stays with the thing it describes, the mention right after it; the chain of
    relations runs past it ("novels by … authors"), and the words between things no longer
    hold it. Returns the chain's mentions, ``(modifier, index of its thing)`` pairs, and the
    tokens with the modifiers' words blanked. A modifier with no thing right after it is an
    ordinary name.
    """
    chain: list[Mention] = []
    modifiers: list[tuple[Mention, int]] = []
    unspoken = list(tokens)
    for k, mention in enumerate(mentions):
        following = mentions[k + 1] if k + 1 < len(mentions) else None
        if mention.modifier and following is not None and _describes(tokens[mention.end:following.start]) and \
                following.kind in ("class", "focus"):
            modifiers.append((mention, len(chain)))
            unspoken[mention.start:mention.end] = [""] * (mention.end - mention.start)
        elif mention.modifier and following is not None and following.start == mention.end and \
                following.kind in ("name", "instance") and following.class_iri:
            # "German chancellor Angela Merkel": the demonym describes a title the name already has; the name
            # says who, so the country adds no thing of its own
            unspoken[mention.start:mention.end] = [""] * (mention.end - mention.start)
        else:
            chain.append(dataclasses.replace(mention, modifier=False) if mention.modifier else mention)
        if mention.kind == "class" and mention.start and tokens[mention.start - 1].lower() in SIZE_SUPERLATIVES:
            # "the capital of the largest country": the size sorts the country; it says no relation ("largest city")
            unspoken[mention.start - 1] = ""
    return chain, modifiers, unspoken


def _describes(between: Sequence[str]) -> bool:
    """Whether the words between an adjective and its thing describe that thing too, as a kind of it ("Australian
    metalcore bands", "French impressionist painters"): a lower-case word or two, none small or a verb's form.

    >>> _describes([]), _describes(["metalcore"]), _describes(["who", "wrote"]), _describes(["living"])
    (True, True, False, False)
    """
    return len(between) <= 2 and all(w.isalpha() and w.islower() and w not in ENGLISH and not is_verb_form(w)
                                     for w in between)


_COORDINATORS = frozenset({"and", "or", "as", "well", "also", "both", "nor"})


_RELATIVES = frozenset({"where", "that", "which", "whom", "in", "at"})


def back_clause(tokens: Sequence[str], mentions: Sequence[Mention]) -> tuple[int, list[str]] | None:
    """"… died in the city where they were born": a clause after the last thing whose pronoun is the first.

    Its words relate the first thing to the last one a second time (a shared node), so they
    are kept apart from the words of the first link. Returns where the clause starts and its words.
    """
    if len(mentions) < 2 or mentions[-1].end < 0:
        return None
    start = mentions[-1].end
    lowered = [t.lower() for t in tokens[start:]]
    skip = 0
    while skip < len(lowered) and lowered[skip] in _RELATIVES:
        skip += 1
    if skip >= len(lowered) or lowered[skip] not in SUBJECT_PRONOUNS or not has_content(lowered[skip + 1:]):
        return None
    return start, list(tokens[start + skip + 1:])


AUXILIARIES = frozenset({"is", "are", "was", "were", "has", "have", "had", "does", "do", "did", "who", "that"})


_RELATIVE_PRONOUNS = frozenset({"who", "that", "which"})


def same_subject(words: Sequence[str]) -> bool:
    """Whether the words start a second predicate of the same subject: "and are …", "and published by …".

    A plain verb counts where a preposition or an article follows it, since no thing was found in
    its place: "who live in Munich and work in Berlin".

    >>> same_subject(["and", "published", "by", "a"]), same_subject(["and", "starring"]), same_subject(["and"])
    (True, True, False)
    >>> same_subject(["and", "work", "in"]), same_subject(["and", "the"]), same_subject(["and", "in"])
    (True, False, False)
    >>> same_subject(["and", "that", "person", "has"]), same_subject(["and", "that", "are"])
    (False, True)
    """
    lowered = [w.lower() for w in words[:3]]
    if len(lowered) < 2 or lowered[0] not in ("and", "but"):
        return False
    if lowered[1] in ("that", "this") and len(lowered) == 3 and lowered[2] not in AUXILIARIES and \
            not is_verb_form(lowered[2]):
        return False  # "and that person has a child": "that" points back to the person, no clause's subject
    plain_verb = len(lowered) == 3 and lowered[2] in AFTER_VERB and lowered[1].isalpha() and \
        lowered[1] not in ENGLISH
    return lowered[1] in AUXILIARIES or is_verb_form(lowered[1]) or plain_verb


def whose_continued(before: Sequence[str], words: Sequence[str], ontology: Ontology) -> bool:
    """"the mountain whose range is Sierra Nevada and parent mountain peak is Nevado de Toluca": a link's label
    and a copula after "and" say a second value of the thing "whose" was said of, as a second "whose" would."""
    lowered = [w.lower() for w in words]
    lowered = lowered[:-1] if lowered[-1:] and lowered[-1] in ARTICLES else lowered  # "… is the Gdansk office"
    return [w.lower() for w in before[:1]] == ["whose"] and len(lowered) > 2 and lowered[0] == "and" and \
        lowered[-1] in COPULAS and is_link_label(" ".join(lowered[1:-1]), ontology)


def coordinated_verbs(words: Sequence[str]) -> list[list[str]] | None:
    """"directed and produced by", "did … both direct and produce": two verbs joined by "and" between the same
    two things, each a relation of its own; a particle after the second belongs to both.

    >>> coordinated_verbs(["were", "directed", "and", "produced", "by"])
    [['were', 'directed', 'by'], ['produced', 'by']]
    >>> coordinated_verbs(["did", "both", "direct", "and", "produce"])
    [['did', 'direct'], ['produce']]
    >>> coordinated_verbs(["and"]), coordinated_verbs(["born", "in"]), coordinated_verbs(["who", "and", "the"])
    (None, None, None)
    >>> coordinated_verbs(["syndication", "and", "developed", "by"]), coordinated_verbs(["soylent", "and", "sold"])
    (None, None)
    >>> coordinated_verbs(["born", "and", "died", "in"]), coordinated_verbs(["lead", "and", "work", "on"])
    ([['born', 'in'], ['died', 'in']], [['lead', 'on'], ['work', 'on']])
    >>> coordinated_verbs(["directed", "by", "and", "starring"])
    [['directed', 'by'], ['starring']]
    """
    lowered = [w.lower() for w in words]
    if lowered.count("and") != 1:
        return None
    k = lowered.index("and")
    left = [w for w in words[:k] if w.lower() != "both"]
    right = list(words[k + 1:])
    tail = right[-1:] if len(right) == 2 and right[-1].lower() in PREPOSITIONS else []
    # "directed by and starring": the first verb's own particle stays with it
    own = left[-1:] if len(left) >= 2 and not tail and left[-1].lower() in PREPOSITIONS else []
    verbs = [w.lower() for w in (left[len(left) - len(own) - 1:len(left) - len(own)] + right[:1])]
    if len(verbs) < 2 or len(right) - len(tail) != 1 or any(not w.isalpha() or w in ENGLISH for w in verbs):
        return None
    # verbs as such ("born and died", "lead and work on"), or any after "did" ("did both direct and produce"):
    # never a name's word left between the things ("Broadcast syndication and developed by")
    particle = " ".join(w.lower() for w in tail)
    if not all(_verb_like(w, particle) for w in verbs) and not any(w.lower() in DO_FORMS for w in left):
        return None
    return [left + tail, right]


def _verb_like(word: str, particle: str) -> bool:
    """A participle, a past tense, or a verb the relation table knows (alone or with the particle)."""
    return is_verb_form(word) or (word.endswith("ed") and len(word) > 3) or \
        bool(relation_nouns([word, f"{word} {particle}".strip()]))


def clause_subject(tokens: Sequence[str], mentions: Sequence[Mention], i: int) -> int:
    """The thing whose clause "and …" after the ``i``-th thing continues.

    The nearest thing a relative pronoun follows ("authors who were born in Dublin and died
    in …": the authors); with none, the first thing, whose participles the rest hang on
    ("books written by authors born in Dublin and published by …": the books).
    """
    for k in range(i, -1, -1):
        after = mentions[k].end
        if 0 <= after < len(tokens) and tokens[after].lower() in _RELATIVE_PRONOUNS:
            return k
    return 0


def coordinated(tokens: Sequence[str], a: Mention, b: Mention, named: bool = False) -> bool:
    """Whether only "and", "or", "as well as" (and an article: "the Manhattan Project and the Nobel Prize")
    stand between two things of one kind; ``named``: a name and a known thing count as one kind.

    >>> one, two = Mention(0, 2, "Manhattan Project", "name"), Mention(4, 7, "Nobel Peace Prize", "name")
    >>> coordinated("Manhattan Project and the Nobel Peace Prize".split(), one, two)
    True
    """
    between = [t.lower() for t in tokens[a.end:b.start]]
    # an article only between names: "a soccer club, and the soccer club has …" points back, it adds none
    allowed = _COORDINATORS | ARTICLES if a.kind in ("name", "instance") else _COORDINATORS
    names = {"name", "instance"}
    return any(t in _COORDINATORS for t in between) and all(t in allowed for t in between) and \
        (a.kind == b.kind or named and {a.kind, b.kind} <= names)


def said_of_both(words: Sequence[str]) -> bool:
    """Whether the words after two coordinated things end in "the same", so each of them has the thing that
    follows and neither is the other's ("Do Prince Harry and Prince William have the same parents").

    >>> said_of_both(["have", "the", "same"]), said_of_both(["studied", "at", "the", "same"]), said_of_both(["have"])
    (True, True, False)
    """
    return [w.lower() for w in words[-2:]] == ["the", "same"]


def opens_a_sentence(tokens: Sequence[str], mention: Mention) -> bool:
    """A class word after a capitalised "The", "That" or "This" inside the question begins a sentence of its own."""
    return mention.kind == "class" and mention.start > 1 and tokens[mention.start - 1] in ("The", "That", "This")


def starts_own_clause(tokens: Sequence[str], a: Mention, b: Mention) -> bool:
    """"Ships that … in the country United States and persons who have …": after a bare "and", a class word
    with a relative clause of its own is a new thing of the question, not related to the thing before.

    >>> words = "ships in Spain and persons who died there".split()
    >>> starts_own_clause(words, Mention(2, 3, "Spain", "name"), Mention(4, 5, "persons", "class"))
    True
    """
    between = [t.lower() for t in tokens[a.end:b.start]]
    return between == ["and"] and b.kind == "class" and \
        [t.lower() for t in tokens[b.end:b.end + 1]] in (["who"], ["that"], ["which"])


# Verbs that take their relation from an "as" phrase: "used Solidus as currency", "has Berlin as capital".
_LIGHT_VERBS = frozenset("use used uses using have has had adopt adopted adopts choose chose chosen chooses pick "
                         "picked take took taken serve served serves name named".split())


def relation_phrases(tokens: Sequence[str], mentions: Sequence[Mention]) -> list[list[str]]:
    """For each pair of neighbouring mentions, the words that relate them.

    The words between them; for the last pair also the words after it ("does Jesse
    Eisenberg play in"). Where nothing but small words stands between, the verb at the
    end ("did Julia Roberts and Richard Gere play"), and for "X of Y" the first thing's
    own words ("the official languages of the Philippines").
    """
    phrases = []
    for i in range(len(mentions) - 1):
        a, b = mentions[i], mentions[i + 1]
        if is_name_compound(a, b):
            # "Which Pixar films won an Oscar": the name says whose the films are, and the opening asks for them;
            # "Which Penguin books were published in 2001": a passive with no agent of its own is the name's doing
            after = [t.lower() for t in tokens[b.end:b.end + 3]]
            passive = len(after) >= 2 and after[0] in COPULAS and is_verb_form(after[1]) and after[1].endswith("ed") \
                and after[2:] != ["by"]
            phrases.append([tokens[b.end + 1], "by"] if passive else [])
            continue
        owned = [t.lower() for t in tokens[b.end:b.end + 1]] == ["of"]  # "the project lead of …": a thing
        if b.kind == "related" and not content_words(_without_pointer(tokens[a.end:b.start], a)) and not owned and \
                not (i == len(mentions) - 2 and _theirs_with_a_verb(tokens, b)):
            phrases.append([b.text])  # "have a child": the word is the link; "directed a film": the verb is
            continue
        words = _without_describing_word(list(tokens[a.end:b.start]), b)
        # "Who preceded Barack Obama as president": a role after the verb's object says no relation of its own,
        # unless the verb says nothing but use ("countries that used Solidus as currency")
        as_a_role = has_content(words) and [t.lower() for t in tokens[b.end:b.end + 1]] == ["as"] and \
            not any(w.lower() in _LIGHT_VERBS for w in words)
        # "the designer of the Uzi develop": after "of", the verb at the end is not how the two relate
        if i == len(mentions) - 2 and [w.lower() for w in words if w.lower() not in ARTICLES] != ["of"] and \
                not predicate_of_the_whole(words, tokens[b.end:]) and not as_a_role:
            words += tokens[b.end:]  # "the mayor of Paris belong": the verb is the clause's, not "of"'s
        opening: list[str] = []
        if i == 0 and a.kind in ("instance", "name"):
            # "Who wrote The Winter Compass": "wrote" precedes nothing known; "Give me the" is said to the reader
            opening = list(tokens[min(command_opening(tokens), a.start):a.start])
            words = opening + words
        sized = a.kind == "related" and a.text.split()[0].lower() in SIZE_SUPERLATIVES  # "the largest city in"
        if a.kind == "related" and not has_content(words) and (sized or not implied_grams(
                [w for w in words if w.lower() not in AUXILIARIES])):
            # "how many children did Benjamin Franklin have": the word is the link; "whose home branch is in
            # Leipzig": the preposition is
            words = [a.text]
        elif not has_content(words) and not implied_grams(words):
            lowered = [w.lower() for w in words]
            if "of" in lowered or lowered in ([], ["s"]):
                # the thing's own words: "the mayor of", not the asked class of "which person is the mayor of";
                # but a name said right before the thing ("Pink Floyd albums") names no relation ("pink": colour)
                if lowered or a.kind not in ("instance", "name"):
                    own = a.end - len(a.text.split()) if a.kind in ("class", "related") else a.start
                    # "Is Michelle Obama the wife of": the words before the name are in these already
                    # ("the children of presidents of": the words before a class word are the previous thing's)
                    # ("which musicians were members of": one thing said twice; its words say no relation)
                    start = max(own - 2, mentions[i - 1].end if i and a.kind in ("class", "related") else 0,
                                own if a.start < own else 0)
                    # "Who illustrated the books of …": a verb before the article was the first pair's
                    # ("have the former players of …": the words after it are the thing's own; "who are the star
                    # of …": a copula says how the star relates)
                    articles = [k for k in range(start, own) if tokens[k].lower() in ARTICLES] if i else []
                    if articles and has_content(tokens[start:articles[-1]]):
                        start = articles[-1] + 1
                    words = list(tokens[start:a.end]) + words[len(opening):]
            elif not predicate_of_the_whole(words, tokens[mentions[-1].end:]):
                words += tokens[mentions[-1].end:]
        # ("Where is Angela Merkel from": "from" a person is their place, not what they made)
        made = words if a.kind == "focus" and a.text.lower() == "where" else _made_by_a_person(words, b)
        phrases.append(_where_it_happened(made, tokens, mentions, i))
    return phrases


def _without_describing_word(words: list[str], second: Mention) -> list[str]:
    """"Which instruments does the lead singer of Coldplay play": after "does", a word between an article and a
    class word describes it; the verb at the end says how the two relate, not "lead".

    >>> _without_describing_word(["does", "the", "lead"], Mention(5, 6, "singer", "class"))
    ['does', 'the']
    >>> _without_describing_word(["directed", "the"], Mention(5, 6, "film", "class"))
    ['directed', 'the']
    """
    if second.kind == "class" and len(words) >= 3 and words[-2].lower() in ARTICLES and words[-1].islower() and \
            words[-1] not in ENGLISH and not is_verb_form(words[-1]) and \
            [w.lower() for w in words[:-2]] in ([d] for d in DO_FORMS):
        return words[:-1]
    return words


def _where_it_happened(words: list[str], tokens: Sequence[str], mentions: Sequence[Mention], i: int) -> list[str]:
    """"Where was Microsoft founded", "In which city was Siemens founded", "the city where Siemens was founded":
    the place asked or said is where the event the verb ending the question says happened, as "founded in" says
    it, not who founded it. A verb in the present after a lone "where" says where something goes on ("Where do the
    New York Yankees play"), read by the words as they stand.

    >>> where = [Mention(0, 1, "Where", "focus"), Mention(2, 3, "Microsoft", "name")]
    >>> _where_it_happened(["was", "founded"], "Where was Microsoft founded".split(), where, 0)
    ['was', 'founded', 'in']
    >>> _where_it_happened(["is", "from"], "Where is Microsoft from".split(), where, 0)
    ['is', 'from']
    >>> _where_it_happened(["do", "play"], "Where do Yankees play".split(), where, 0)
    ['do', 'play']
    >>> which = [Mention(2, 3, "city", "class"), Mention(4, 5, "Siemens", "name")]
    >>> _where_it_happened(["was", "founded"], "In which city was Siemens founded".split(), which, 0)
    ['was', 'founded', 'in']
    >>> relative = [Mention(1, 2, "city", "class"), Mention(3, 4, "Siemens", "name")]
    >>> _where_it_happened(["where", "was", "founded"], "the city where Siemens was founded".split(), relative, 0)
    ['where', 'was', 'founded', 'in']
    """
    lowered = [t.lower() for t in tokens]
    last = tokens[-1] if tokens else ""
    if not words or words[-1] != last or mentions[i + 1].end >= len(tokens) or not last.islower() or \
            last in ENGLISH:
        return words
    first_pair = i == 0 and len(mentions) == 2
    asked_where = first_pair and mentions[0].start == 0 and lowered[0] == "where" and \
        (is_verb_form(last) or lowered[1] == "did")
    # "In which city was …": the opening preposition belongs to the verb at the end
    opened = first_pair and mentions[0].start == 2 and lowered[0] in _PLACE_PREPOSITIONS and \
        lowered[1] in ("which", "what") and is_verb_form(last)
    # "the city where Siemens was founded": a passive, or a past ("the city where Einstein died")
    relative = [w.lower() for w in words[:1]] == ["where"] and i == len(mentions) - 2 and \
        is_verb_form(last) and last.endswith("ed") and lowered[mentions[i].end:mentions[i].end + 1] == ["where"]
    if asked_where or relative:
        return [*words, "in"]
    return [*words, lowered[0]] if opened else words


# Prepositions that, opening "<preposition> which <class>", say where an event took place.
_PLACE_PREPOSITIONS = frozenset({"in", "at"})


def _made_by_a_person(words: list[str], second: Mention) -> list[str]:
    """"Songs from Bruce Springsteen", "letters from Abraham Lincoln": what comes from a person is theirs, as
    "by" says, not from a place.

    >>> _made_by_a_person(["from"], Mention(3, 5, "Bruce Springsteen", "name"))
    ['by']
    >>> _made_by_a_person(["from"], Mention(3, 4, "Liverpool", "name"))
    ['from']
    """
    if [w.lower() for w in words if w.lower() not in ARTICLES | COPULAS] == ["from"] and second.kind == "name" and \
            looks_like_a_person(second.text):
        return ["by"]
    return words


def predicate_of_the_whole(between: Sequence[str], after: Sequence[str]) -> bool:
    """"Which museum in Paris has the most visitors", "cities in Texas with more than …": a place said by a
    preposition alone, then "has", "is" or "with", which say something of the museum in Paris, not how the
    museum relates to Paris.

    >>> predicate_of_the_whole(["in"], "has the most visitors".split()), predicate_of_the_whole(["is"], ["born", "in"])
    (True, False)
    >>> predicate_of_the_whole(["by"], "have more than 300 pages".split())
    True
    >>> predicate_of_the_whole(["on", "the"], "are taller than 2 metres".split())
    True
    >>> predicate_of_the_whole(["in"], ["erupted", "", ""])  # "… in Japan erupted since 2000" (read apart)
    True
    """
    between = [w for w in between if w.lower() not in ARTICLES]  # "players on the Chicago Bulls are …"
    return len(between) == 1 and between[0].lower() in PREPOSITIONS and bool(after) and (
        after[0].lower() in PREDICATE_VERBS | {"with"} or _compares(after) or _a_last_verb(after))


def _a_last_verb(after: Sequence[str]) -> bool:
    """A verb that ends the question, less what was read apart: "which volcanos in Japan erupted" says the
    volcanos erupted; "authors born in Dublin" goes on, and says where the authors were born."""
    return is_verb_form(after[0]) and not any(w.isalnum() for w in after[1:])


def words_between(tokens: Sequence[str], first: Mention, second: Mention) -> list[str]:
    """The words between two things, with the "of" that ends a link's noun ("members of")."""
    own_of = ["of"] if first.kind == "related" and tokens[first.end - 1].lower() == "of" else []
    return own_of + list(tokens[first.end:second.start])


def said_of_the_first(between: Sequence[str], after: Sequence[str]) -> bool:
    """Whether the words after a second thing say something of the first: a predicate after a place
    (:func:`predicate_of_the_whole`), or a finite verb after "of" or "by": "employees of Halvard Robotics live
    in Munich", "projects led by Zara Vogel need UX design", "films by Steven Spielberg star Tom Hanks" (a
    participle, "books by authors born in Dublin", describes the second).

    >>> said_of_the_first(["of"], ["live", "in"]), said_of_the_first(["led", "by"], ["need"])
    (True, True)
    >>> said_of_the_first(["by"], ["born", "in"]), said_of_the_first(["of"], ["and"])
    (False, False)
    >>> said_of_the_first(["by"], ["star"]), said_of_the_first(["of", "the"], ["live", "in"])
    (True, True)
    """
    lowered = [w.lower() for w in between if w.lower() not in ("the", "a", "an")]
    if predicate_of_the_whole(between, after):
        return True
    if lowered[:1] in (["that"], ["who"], ["which"]) and after and after[0].lower() in PREDICATE_VERBS:
        return True  # "a work that is the theme of a show is composed by …": the relative clause has ended
    joined = lowered in (["of"], ["by"]) or (len(lowered) == 2 and lowered[1] == "by" and is_verb_form(lowered[0]))
    first = after[0].lower() if after else ""
    finite = first in PREDICATE_VERBS or (first.isalpha() and first not in ENGLISH and not is_verb_form(first))
    return joined and finite


def _compares(words: Sequence[str]) -> bool:
    """Whether the words open with a comparison ("higher than 8000 metres")."""
    found = find_comparisons(" ".join(words))
    return bool(found) and found[0].span[0] == 0


def _theirs_with_a_verb(tokens: Sequence[str], thing: Mention) -> bool:
    """"a skill that their project lead has": a link's word after a possessive is the owner's, and the verb after
    it says how it relates to the thing before.

    >>> _theirs_with_a_verb("a skill that their project lead has".split(), Mention(4, 6, "project lead", "related"))
    True
    """
    after = [t.lower() for t in tokens[thing.end:]]
    return thing.start > 0 and tokens[thing.start - 1].lower() in POSSESSIVES and \
        len(after) == 1 and (after[0] in HAVE_FORMS or is_verb_form(after[0]))


def _without_pointer(words: Sequence[str], thing: Mention) -> list[str]:
    """The words less "that <thing's word>", which only points back to it ("a person and that person has …").

    >>> _without_pointer("and that person has a".split(), Mention(0, 1, "person", "class"))
    ['and', 'has', 'a']
    """
    lowered = [w.lower() for w in words]
    for k in range(len(lowered) - 1):
        if lowered[k] in ("that", "this") and lowered[k + 1] == thing.text.lower():
            return list(words[:k]) + list(words[k + 2:])
    return list(words)


def has_content(words: Sequence[str]) -> bool:
    return bool(phrase_grams(words, whole=False))

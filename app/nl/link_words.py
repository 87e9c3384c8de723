"""Words beyond a relation phrase that name its link: a class word, a light verb's asked class, a place's class.

The phrase between two things is read by :mod:`app.nl.link_choice`; these add what the phrase leaves
to its ends: "in which country does the Ganges start" (source country), "to which party does the mayor
belong" (party), "a place in the country United States" (country), "which band has the most members"
(band member). Each returns extra words to compare with link labels, never a link itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.nl.kinds_of import kind_link_words
from app.nl.link_choice import content_words
from app.nl.mention_types import Mention
from app.nl.mentions import is_link_label, links_labelled
from app.nl.paraphrases import relation_nouns
from app.nl.plan import PREPOSITIONS
from app.nl.words import COPULAS
from ontology_loaders import OWL_THING, Ontology
from ontology_loaders.vocab import plain_label

__all__ = ["owned", "with_link_words"]


def end_named(grams: Sequence[str], first: Mention, second: Mention, tokens: Sequence[str],
              ontology: Ontology) -> list[str]:
    """A relation word with the class of either end: "in which country does the Ganges start" says
    source country, "the regions served by" region served. Ontologies often label a link so, and only a
    label said whole counts as named."""
    labels = [ontology.label(m.class_iri).lower() for m in (first, second) if m.class_iri and m.kind != "name"]
    # a noun the phrase means only after a first one ("founded in": foundation place, then location) says no
    # link with a class word either ("location city")
    fallbacks = set(relation_nouns(grams)[1:])
    joined = [f"{gram} {label}" for gram in grams if " " not in gram and gram not in fallbacks
              for label in labels if label not in gram]
    if first.class_iri and first.kind != "name":
        # "the regions served by …", "the river whose mouth …": the class word right before the relation word
        # (a word between says another link: "the band's former member" is no band member)
        label = ontology.label(first.class_iri).lower()
        following = [t.lower() for t in tokens[first.end:first.end + 2] if t.lower() not in _OWNING][:1]
        joined += [f"{label} {gram}" for gram in grams if [gram] == following and label not in gram]
    return [gram for gram in joined if is_link_label(gram, ontology)]


_OWNING = frozenset({"whose", "s"})


# Verbs that say only that two things go together, not how: the thing's own word must say which link.
_LIGHT_VERBS = frozenset({"belong", "belongs", "belonged", "play", "plays", "played", "located", "situated",
                          "lie", "lies", "part", "use", "uses", "used",
                          # "what religion does she follow / practise"
                          "follow", "follows", "followed", "practise", "practises", "practised", "practice",
                          "practices", "practiced"})


_SPATIAL = frozenset({"located", "situated", "lie", "lies"})


def named_by_asked(words: Sequence[str], asked: Mention, other: Mention, tokens: Sequence[str],
                    ontology: Ontology) -> list[str]:
    """"To which party does the mayor belong", "Which country is the Eiffel Tower in": when the words after the
    thing asked for say nothing of their own, its class word, if it spells a link's label, names that link."""
    # "the stadium where the Chicago Bears play" asks as "in which stadium do the Chicago Bears play" does
    relative = bool(words) and words[0].lower() == "where"
    if asked.kind not in ("class", "related") or asked.start < 1 or \
            tokens[asked.start - 1].lower() not in ("which", "what") and not relative:
        return []
    verbs = {w.lower() for w in content_words(words)}
    if not verbs <= _LIGHT_VERBS or (words and words[0].lower() in verbs):
        return []  # ("which countries use the euro": the thing asked is the verb's subject, no link's end)
    if (relative or other.start > 0 and tokens[other.start - 1].lower() in PREPOSITIONS) and verbs <= _SPATIAL:
        # "which museums are (located) in Amsterdam", "the stadium where UFC 140 is located": the preposition
        # or "where" relates them, the museums are no link;
        # ("what sports are played at …": the sport is the school's)
        return []
    return [asked.text.lower()] if is_link_label(asked.text.lower(), ontology) else []


def with_link_words(grams: list[str], words: Sequence[str], first: Mention, second: Mention,
                    tokens: Sequence[str], ontology: Ontology) -> list[str]:
    """The phrase's grams and the words its ends add. "What religion does she follow": a link's own word asked
    for names that link alone, and the light verb nothing more; a class word asked ("what movies does he play
    in") only adds its word to the verb's."""
    if kind_words := kind_link_words(words, first, second, ontology):
        return kind_words
    asked = named_by_asked(words, first, second, tokens, ontology)
    if asked and first.kind == "related":
        return asked
    which = first.kind == "class" and first.start > 0 and tokens[first.start - 1].lower() in ("which", "what") \
        and _labels_a_link_between(first, second, ontology)
    label = ontology.label(first.class_iri).lower() if (asked or which) and first.class_iri else ""
    if label in (meant := relation_nouns(grams)):
        # "Which instruments are played by Jimi Hendrix", "What record label released Thriller?": of all the verb
        # may mean, the class asked says which
        return [label, *(gram for gram in grams if gram not in meant and not relation_nouns([gram]))]
    return grams + end_named(grams, first, second, tokens, ontology) + \
        (asked or asked_link_word(first, tokens, ontology)) + named_by_place(words, second, tokens, ontology)


def _labels_a_link_between(asked: Mention, other: Mention, ontology: Ontology) -> bool:
    """Whether a link labelled as the class asked joins it to the other thing: "What record label released
    Thriller?" (a work's record label), not "Which customers bought desktops?" (an order's customer)."""
    if not asked.class_iri:
        return False

    def fits(end: str, class_iri: str) -> bool:
        return class_iri == OWL_THING or ontology.is_subclass(class_iri, end)  # an unknown class fits any end

    ends = (asked.class_iri, other.class_iri or OWL_THING)
    links = [link for iri in links_labelled(ontology.label(asked.class_iri).lower(), ontology)
             if (link := ontology.get_link(iri)) is not None]
    return any(fits(link.domain, a) and fits(link.range, b) for link in links for a, b in (ends, ends[::-1]))


def asked_link_word(asked: Mention, tokens: Sequence[str], ontology: Ontology) -> list[str]:
    """"Which ingredients do I need for carrot cake": a link's own word asked for is evidence for that link
    beside what the verb says ("need" alone would be a required skill)."""
    if asked.kind != "related" or asked.start < 1 or tokens[asked.start - 1].lower() not in ("which", "what"):
        return []
    links = links_labelled(asked.text.lower(), ontology)
    return [plain_label(ontology.label(links[0])).lower()] if links else []


_ARTICLES_AND_BE = frozenset({"the", "a", "an"}) | COPULAS


def named_by_place(words: Sequence[str], place: Mention, tokens: Sequence[str], ontology: Ontology) -> list[str]:
    """"A place in the country United States": with only "in" between, and the place's class word said, the
    link the ontology names after that class (country) is the one meant, if it has one. ("Breweries in
    Australia", with no class word, keep the link the preposition suggests.)"""
    if [w.lower() for w in words if w.lower() not in _ARTICLES_AND_BE] not in (["in"], ["at"]) or \
            not place.class_iri or place.kind == "related":
        return []
    label = ontology.label(place.class_iri).lower()
    said = f" {label} " in f" {' '.join(tokens[place.start:place.end]).lower()} "
    return [label] if said and place.kind != "class" and is_link_label(label, ontology) else []


def owned(words: Sequence[str], thing: Mention) -> list[str]:
    """"Which band has the most members": what a thing has may be the name of the link to it (band member)."""
    has = {w.lower() for w in words} & {"has", "have", "with"}
    return [thing.text.lower()] if has and thing.kind in ("class", "related") else []

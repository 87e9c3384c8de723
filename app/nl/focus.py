"""The thing a leading "who", "whom", "whose" or "where" asks for, when no class word says it.

"Who founded Apple": the founder, of the class the link declares; "who" prefers a person or an
agent, "where" a place. "Who is the mayor of Paris", "who is the parent company of …": the class
word after the copula is the thing asked for, and no focus is drafted.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.nl.mention_types import Mention
from app.nl.mentions import class_named
from app.nl.paraphrases import relation_nouns
from app.nl.words import COPULAS, DO_FORMS, ENGLISH, HAVE_FORMS, is_verb_form
from ontology_loaders import Ontology

__all__ = ["WH_THING", "asked_classes", "wh_focus"]

# What a leading wh-word asks for, as the words an ontology would label that class with, most specific first.
# "Who supplies the laptop" may ask for a company: people and organisations both do things.
_WHO = ("person", "agent", "organization", "organisation", "company")
WH_THING = {"who": _WHO, "whom": _WHO, "whose": _WHO, "where": ("place", "location")}

_POSSESSIVES = frozenset({"our", "my", "your"})
# "Who are some basketball players …": a quantifier before the class word still leaves it the thing asked for
_QUANTIFIERS = frozenset({"some", "any", "several", "various", "those", "these"})


def wh_focus(tokens: Sequence[str], taken: Sequence[bool], found: Sequence[Mention],
           ontology: Ontology) -> Mention | None:
    """A leading "who"/"where" that no class word follows: the asked-for thing.

    Its class is what its link declares; the ontology's class for what the word asks (a
    class labelled "person", say) is a hint that prefers links fitting it.
    """
    if not tokens or taken[0] or (tokens[0].lower() not in WH_THING and not _what_done(tokens, ontology)):
        return None
    first = min((m for m in found if m.kind in ("class", "related")), key=lambda m: m.start, default=None)
    wanted = asked_classes(tokens[0], ontology)
    # "whose" asks for the owner of what follows, never for that thing
    if tokens[0].lower() != "whose" and first is not None and _is_the_asked(tokens, first) and \
            not _asks_another_kind(tokens, first, wanted, ontology) or _where_kind(tokens, first):
        return None  # "who is the mayor of …", "who are our contacts at …": the class is the thing asked for
    return Mention(0, 1, tokens[0], "focus", hint=wanted[0] if wanted else None, score=0.9)


def _where_kind(tokens: Sequence[str], first: Mention | None) -> bool:
    """"Where did Angela Merkel go to university?": a class word ending a where-question, after its preposition,
    says what kind of place is asked for, and is the thing asked.

    >>> tokens = "Where did Angela Merkel go to university".split()
    >>> _where_kind(tokens, Mention(6, 7, "university", "class")), _where_kind(tokens, None)
    (True, False)
    """
    return first is not None and tokens[0].lower() == "where" and first.end == len(tokens) and \
        tokens[first.start - 1].lower() in ("to", "at", "a", "an")


def _asks_another_kind(tokens: Sequence[str], first: Mention, wanted: Sequence[str], ontology: Ontology) -> bool:
    """"Where was the wife of Barack Obama born", "Where did the children of John Lennon study": "where" asks a
    place, so a person said after it, then a verb, is the thing something is asked of, not the thing asked for.
    Without a verb ("Where is the stadium of …") the thing said is the answer, whatever its class."""
    lowered = [t.lower() for t in tokens]
    verb_follows = lowered[1:2] and (lowered[1] in DO_FORMS or lowered[1] in COPULAS and is_verb_form(lowered[-1]))
    return lowered[0] == "where" and bool(verb_follows) and bool(wanted) and first.class_iri is not None and \
        not any(ontology.is_subclass(first.class_iri, place) for place in wanted)


def _what_done(tokens: Sequence[str], ontology: Ontology) -> bool:
    """"What did Tolkien write?": "what" before a form of "do" asks for the thing that a verb the relation table
    knows reaches ("What does the weather look like" names no relation), or a last verb that begins a word of a
    link's label ("What does Project Orion deliver": deliverable).

    >>> none = Ontology()
    >>> _what_done("What did Tolkien write".split(), none), _what_done("What does the weather look like".split(), none)
    (True, False)
    >>> _what_done("What has Granite Bank bought".split(), none), _what_done("What has happened".split(), none)
    (True, False)
    >>> _what_done("What was written by Dan Brown".split(), none), _what_done("What is made by hand".split(), none)
    (True, False)
    >>> _what_done("What is Albert Einstein known for".split(), none)
    True
    """
    lowered = [t.lower() for t in tokens]
    if len(lowered) <= 2 or lowered[0] != "what":
        return False
    # "What has Granite Bank bought?": a perfect asks as "did" does; "What was written by Dan Brown", its passive
    perfect = lowered[1] in HAVE_FORMS and is_verb_form(lowered[-1])
    passive = lowered[1] in COPULAS and lowered[3:4] == ["by"] and is_verb_form(lowered[2]) and \
        tokens[4][:1].isupper() if len(tokens) > 4 else False
    # "What is Albert Einstein known for?": a passive whose particle ends the question
    stranded = lowered[1] in COPULAS and len(lowered) > 4 and bool(relation_nouns([" ".join(lowered[-2:])]))
    if not (lowered[1] in DO_FORMS or perfect or passive or stranded):
        return False
    return any(relation_nouns([" ".join(lowered[k:k + 2])]) or relation_nouns([lowered[k]])
               for k in range(2, len(lowered))) or _begins_a_link_word(lowered[-1], ontology)


def _begins_a_link_word(word: str, ontology: Ontology) -> bool:
    return len(word) > 3 and any(w.startswith(word) for link in ontology.links for w in link.label.lower().split())


def _is_the_asked(tokens: Sequence[str], first: Mention) -> bool:
    """Whether the first class word after a leading wh-word is the thing it asks for: only little words
    stand between them, or it is the noun of "who is the <words> <class> of …" ("the parent company of").

    >>> m = Mention(4, 5, "company", "class")
    >>> _is_the_asked("Who is the parent company of Halvard".split(), m)
    True
    >>> _is_the_asked("Who founded the parent company of Halvard".split(), m)
    False
    >>> _is_the_asked("Who is the oldest company".split(), m)
    True
    >>> _is_the_asked("Who is the oldest living company".split(), Mention(5, 6, "company", "class"))
    True
    >>> _is_the_asked("Who is the most famous company".split(), Mention(5, 6, "company", "class"))
    True
    >>> _is_the_asked("Who are some rich company".split(), Mention(3, 4, "company", "class"))
    True
    >>> _is_the_asked("Who are the team members of the Platform team".split(), Mention(4, 6, "members of", "related"))
    True
    """
    between = [t.lower() for t in tokens[1:first.start]]
    if all(t in ENGLISH | _POSSESSIVES | _QUANTIFIERS for t in between):
        return True
    if len(between) < 3 or between[0] not in COPULAS or between[1] not in ("the", "a", "an"):
        return False
    describing = between[2:]
    # "who is the most famous actor": "most" and its adjective; "the oldest living actor": a participle after it
    degree = describing[2:] if describing[:1] in (["most"], ["least"]) else describing[1:]
    if describing and (describing[0].endswith("est") or describing[0] in ("most", "least")) and \
            all(w.endswith(("est", "ing")) for w in degree):
        return True  # "who is the tallest basketball player"
    # "the team members of": a link's own "of" ends the mention
    of_after = "of" in (t.lower() for t in tokens[first.end - 1:first.end + 1])
    return of_after and len(describing) <= 2 and all(t.isalpha() and not is_verb_form(t) for t in describing)


def asked_classes(wh_word: str, ontology: Ontology) -> list[str]:
    """The ontology's classes for what a wh-word asks, most specific first: "who" → person, agent."""
    return [c for c in (class_named(word, ontology) for word in WH_THING.get(wh_word.lower(), ())) if c]

"""Which of the links the words rank best fits what the things joined are said to be: a "who" asks for a person,
a "where" for a place, and a name may say its own kind ("Frankfurt Airport") or the model may ("the Democratic
Party": a party). The words still choose among links nearly as good; these hints only pick among them.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.nl.focus import asked_classes
from app.nl.gazetteer import place_kind
from app.nl.given_names import looks_like_a_person
from app.nl.link_choice import LinkChoice
from app.nl.mention_types import Mention
from app.nl.mentions import class_named
from ontology_loaders import OWL_THING, Ontology

__all__ = ["NAME_KIND_MARGIN", "OWN_KIND_MARGIN", "PERSON_MARGIN", "fitting_hints"]

# How much weaker a link may be and still win for letting "who" be a person rather than a narrower agent.
PERSON_MARGIN = 0.1

# How much weaker a link may be and still win for reaching the kind the model says a name is; more where the
# name says it itself ("Frankfurt Airport"), which no 270M model's guess is as sure as.
NAME_KIND_MARGIN, OWN_KIND_MARGIN = 0.15, 0.3


def _first_fitting(ranked: Sequence[LinkChoice], first: Mention, second: Mention, ontology: Ontology,
                   names: bool, meant: frozenset[str] = frozenset()) -> LinkChoice | None:
    """The best link whose ends fit the hints: with ``names``, a name's kind too, within :data:`NAME_KIND_MARGIN`,
    or at any distance between links the words may equally mean (``meant``: "Who plays the saxophone": an
    instrument, not a role in a musical)."""
    named = [e for e, m in enumerate((first, second)) if names and m.kind == "name" and m.hint
             and not (ranked and _a_town_there(m, ranked[0].ends[e], ontology))]
    if names and not named:
        return None
    own = [e for e in named if (first, second)[e].hint_in_name]
    margin = OWN_KIND_MARGIN if own == named else NAME_KIND_MARGIN
    for choice in ranked:
        if named and choice.score < ranked[0].score - margin and not {choice.link, ranked[0].link} <= meant:
            continue
        # a link that says less of the name than the best one does (an agent's, not a team's) is no better fit,
        # unless the best cannot reach what the name says it is (an airport is no country); and the kind is no
        # reason to turn the best link round ("Where is Mount Everest")
        other = not named or choice is ranked[0] or choice.link != ranked[0].link and not any(
            ontology.is_subclass(ranked[0].ends[e], choice.ends[e]) and not _beyond(ranked[0], e, own, first, second,
                                                                                  ontology) for e in named)
        if other and _fits_hint(choice.ends[0], first, ontology, names) and \
                _fits_hint(choice.ends[1], second, ontology, names):
            return choice
    return None


def _beyond(best: LinkChoice, end: int, own: Sequence[int], first: Mention, second: Mention,
            ontology: Ontology) -> bool:
    """Whether the best link's end cannot hold what a name says of itself."""
    return end in own and not ontology.is_subclass((first, second)[end].hint, best.ends[end])


def _a_town_there(mention: Mention, class_iri: str, ontology: Ontology) -> bool:
    """Whether the name is a place the gazetteer knows, of a kind the link reaches: where the words make it a
    place ("bands from Liverpool"), the town it names is meant, whatever else the model says it is (a club)."""
    kind = place_kind(mention.text, said_to_be_a_place=True)
    place = class_named(kind, ontology) if kind else None
    return place is not None and class_iri != OWL_THING and ontology.is_subclass(place, class_iri)


def _fits_hint(class_iri: str, mention: Mention, ontology: Ontology, names: bool = True) -> bool:
    """Whether a class fits what the mention asks for; "who" asks for a person or any agent. A name's kind
    counts only where ``names``; a link that leaves that end open fits no kind in particular."""
    if mention.kind == "name" and mention.hint:
        return not names or class_iri != OWL_THING and ontology.is_subclass(mention.hint, class_iri)
    hints = asked_classes(mention.text, ontology) if mention.kind == "focus" else [mention.hint]
    return mention.hint is None or any(
        ontology.is_subclass(class_iri, hint) or ontology.is_subclass(hint, class_iri) for hint in hints if hint)


def _may_be_a_person(class_iri: str, person: str, ontology: Ontology) -> bool:
    """A person, a kind of person, or a class as general as an agent; never a narrower agent (a company)."""
    agent = class_named("agent", ontology)
    return ontology.is_subclass(class_iri, person) or ontology.is_subclass(person, class_iri) or \
        (agent is not None and ontology.is_subclass(agent, class_iri))


def fitting_hints(ranked: Sequence[LinkChoice], first: Mention, second: Mention,
                   ontology: Ontology, meant: frozenset[str] = frozenset()) -> LinkChoice | None:
    """The best link whose ends fit what a "who"/"where" asks for, and the kind a name is said to be; else the
    best link.

    "Who" asks first for a person: a link nearly as good as the best whose end may be a person ("Who is Sofia
    Vogel's manager": the one she reports to) beats one that makes the asked thing a narrower agent (a unit she
    heads).
    """
    person = class_named("person", ontology)
    # "who" asks for a person, and "Ada Byrne" is one ("what has Ada Byrne translated"); the question's "who"
    # is surer than a name's look ("Who is the author of Harry Potter": a book, whatever its name looks like)
    asked = [end for mention, end in ((first, 0), (second, 1))
             if mention.kind == "focus" and mention.text.lower() in ("who", "whom")]
    looks = [end for mention, end in ((first, 0), (second, 1))
             if mention.kind == "name" and looks_like_a_person(mention.text)]
    if person and ranked and not all(_may_be_a_person(ranked[0].ends[e], person, ontology) for e in asked + looks):
        for wanted in (asked + looks, asked):
            near = [c for c in ranked if c.score >= ranked[0].score - PERSON_MARGIN
                    and all(_may_be_a_person(c.ends[e], person, ontology) for e in wanted)]
            if near and wanted:
                return near[0]
    # the kind the model says a name is ("the Democratic Party": a party) picks among links nearly as good
    fitting = _first_fitting(ranked, first, second, ontology, names=True, meant=meant) or \
        _first_fitting(ranked, first, second, ontology, names=False)
    if fitting is not None:
        return fitting
    if asked and person:
        return None  # "Who borrowed the most items": no link makes a loan a "who"; a way through the loan reaches one
    return ranked[0] if ranked else None

"""What kind of thing a name is, asked of the language model: "Vienna" is a city, "Perl" a programming language.

With no instance data to look a name up in, only world knowledge can type it, and
a base model holds some: as a plain few-shot completion ("Paris is a city.") it names
the kind of most well-known things. It answers in its own words, which are then
matched to the classes the name's link allows (the declared end and its
subclasses): by label, by the answer's head word, then by meaning. An answer that
fits none of them changes nothing, so the draft stays valid. Forcing the answer
into the allowed labels token by token did worse: with hundreds of labels the
first token commits early ("John F Kennedy" became a university). The examples
are a fixed prefix shared by every call, so llama.cpp's prompt cache covers them
and a call decodes a few tokens.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Container

from app.nl.mentions import class_named, derived_word, word_forms
from app.nl.model_queue import shared_queue
from app.nl.paraphrases import kind_nouns
from grammar.backends import Backend, StopReason
from ontology_loaders import OWL_THING, Ontology

__all__ = ["NameTyper", "make_name_typer", "matched_class"]

#: ``(name, declared class IRI) -> class IRI`` or None when the model gives no usable answer.
NameTyper = Callable[[str, str], "str | None"]

# World facts in plain English, not any ontology's labels: the pattern to continue. Kinds recur and
# mix, since a base model copies the kind it saw last (when the last line was a university, so
# were "Aristotle" and "John F Kennedy"); with few kinds besides persons it answered "person" for
# Google and Italy, so works, bands, clubs and software stand beside them.
_FACTS = (("Tom Hanks", "person"), ("Paris", "city"), ("The Nile", "river"), ("IBM", "company"),
          ("The Rolling Stones", "band"), ("Pulp Fiction", "film"), ("Harvard University", "university"),
          ("Canada", "country"), ("Photoshop", "software"), ("Wonderwall", "song"), ("Python", "programming language"),
          ("La Liga", "football league"), ("Cleopatra", "person"), ("Great Expectations", "novel"),
          ("Lake Victoria", "lake"), ("Juventus", "football club"), ("Mount Everest", "mountain"),
          ("Seinfeld", "television series"), ("Vietnam War", "war"), ("Nairobi", "city"), ("Oracle", "company"),
          ("Air France", "airline"), ("Voyager 1", "space probe"), ("The Scream", "painting"),
          ("Charles Darwin", "person"), ("Japan", "country"))
# Said as sentences ("Paris is a city."), as a base model read such facts: its kinds came out right for 52 of
# 80 names where a list of "Paris: city" got 39 (benchmarks/bench_name_types.py).
_EXAMPLES = "".join(f"{name} is {'an' if kind[0] in 'aeiou' else 'a'} {kind}.\n" for name, kind in _FACTS)
# Lower-case words, as the examples answer ("n" ends the article "an"); a few tokens are enough for
# "programming language".
_ANSWER_GRAMMAR = 'root ::= "n"? " " [a-z] [a-z ]* ".\\n"'
_MAX_TOKENS = 10
# How close in meaning an answer must be to a class label when no label matches it as written.
ANSWER_SIMILARITY = 0.6
# Names the model is asked about per drafted question: a question naming more things than this (a pasted
# list, a repeat) keeps the declared class for the rest, rather than wait for the model on every name.
MAX_NAMES_ASKED = 4

#: ``(answer, allowed class IRIs) -> (class IRI, similarity)`` of the class closest in meaning, or None.
NearestClass = Callable[[str, list[str]], "tuple[str, float] | None"]


def matched_class(answer: str, choices: dict[str, str], nearest: NearestClass | None = None,
                  elsewhere: Container[str] = ()) -> str | None:
    """The allowed class an answer names: its label as written, singular, its head word, or the closest in meaning.

    ``elsewhere``: labels of classes that are not allowed. An answer that is one ("football club": soccer club,
    where the link admits only sports teams) names no allowed class, and the closest in meaning would be a
    forced fit (American football team).

    >>> choices = {"city": "C", "space mission": "M", "river": "R"}
    >>> matched_class("cities", choices), matched_class("manned space mission", choices), matched_class("ship", choices)
    ('C', 'M', None)
    >>> teams = {"sports team": "T", "american football team": "A"}
    >>> print(matched_class("football club", teams, lambda text, allowed: ("A", 0.9), elsewhere={"soccer club"}))
    None
    >>> matched_class("football club", {"soccer club": "S"}, elsewhere={"soccer club"})
    'S'
    """
    words = " ".join(answer.lower().split())
    forms = word_forms(words.split())
    for form in forms:
        if form in choices:
            return choices[form]
    for start in range(1, len(words.split())):
        head = " ".join(words.split()[start:])
        if head in choices:
            return choices[head]  # "manned space mission" is a space mission
    for noun in kind_nouns(words):
        if noun in choices:
            return choices[noun]  # "football club": the everyday word for what an ontology may label "soccer club"
    if any(form in elsewhere for form in [*forms, *kind_nouns(words)]):
        return None
    if nearest is not None and words:
        best = nearest(words, list(dict.fromkeys(choices.values())))
        if best is not None and best[1] >= ANSWER_SIMILARITY and not any(
                derived_word(words.split()[-1], label) for label, iri in choices.items() if iri == best[0]):
            return best[0]  # "religion" names no religious person
    return None


def _choices(ontology: Ontology, declared: str) -> dict[str, str]:
    """Label → class, for the declared end and every class under it; the more general class keeps a shared label."""
    choices: dict[str, str] = {}
    for class_iri in ontology.descendants(declared):
        label = " ".join(ontology.label(class_iri).lower().split())
        if class_iri != OWL_THING and label and label.isprintable():
            choices.setdefault(label, class_iri)
    return choices


def _as_person(answer: str | None, declared: str, ontology: Ontology, person: str | None = None) -> str | None:
    """A person's name stays a person: people hold many roles at once, and a name does not say which one is meant.

    "Stanley Kubrick" is a film director and a screenwriter; the question's link says which
    role counts, so the class stays the general one (the ontology's class labelled "person").
    """
    if answer is None:
        return None
    person = person or class_named("person", ontology)
    if person is None or not ontology.is_subclass(answer, person):
        return answer
    return person if ontology.is_subclass(person, declared) else declared


def make_name_typer(backend: Callable[[], Backend], ontology: Ontology, *, nearest: NearestClass | None = None,
                    timeout_s: float = 5.0, cancel: threading.Event | None = None) -> NameTyper:
    """A :data:`NameTyper` that asks the model ``backend()`` gives, in turn with every other model user.

    The model is fetched only when a name needs typing: a question whose names the
    knowledge graph resolves never loads it. ``nearest`` matches an answer that is no
    label to the closest allowed class in meaning.
    """

    person = class_named("person", ontology)
    labels = frozenset(" ".join(ontology.label(c.iri).lower().split()) for c in ontology.classes)
    # the prompt holds the name only, so one answer serves every class the name's link may allow
    answers: dict[str, str | None] = {}
    typed: dict[tuple[str, str], str | None] = {}

    def type_name(name: str, declared: str) -> str | None:
        said = " ".join(name.lower().split())
        if (said, declared) not in typed:
            if said not in answers and len(answers) >= MAX_NAMES_ASKED:
                return None
            typed[(said, declared)] = _typed(name, said, declared)
        return typed[(said, declared)]

    def _typed(name: str, said: str, declared: str) -> str | None:
        choices = _choices(ontology, declared)
        if len(choices) < 2:
            return None  # nothing to choose between
        if said not in answers:
            answers[said] = _asked(" ".join(name.split()))
        answer = answers[said]
        return None if answer is None else _as_person(matched_class(answer, choices, nearest, labels), declared,
                                                       ontology, person)

    def _asked(name: str) -> str | None:
        try:
            with shared_queue().turn(cancel=cancel):
                completion = backend().complete(_EXAMPLES + f"{name} is a", grammar=_ANSWER_GRAMMAR,
                                                max_tokens=_MAX_TOKENS, timeout_s=timeout_s, cancel=cancel)
        except (ValueError, ConnectionError):
            return None  # the draft keeps the declared class
        if completion.stop_reason not in (StopReason.STOP, StopReason.LENGTH):
            return None
        return completion.text.strip().removesuffix(".").removeprefix("n ")

    return type_name

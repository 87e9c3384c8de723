"""What kind of thing a name is, asked of the language model: "Vienna" is a city, "Perl" a programming language.

With no instance data to look a name up in, only world knowledge can type it, and
a base model holds some: as a plain few-shot completion ("Paris: city") it names
the kind of most well-known things. The grammar admits only the labels of the
classes the name's link allows (the declared end and its subclasses), so the
answer always keeps the draft valid. The examples are a fixed prefix shared by
every call, so llama.cpp's prompt cache covers them and a call decodes a few tokens.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from app.nl.model_queue import shared_queue
from grammar.backends import Backend, StopReason
from ontology_loaders import OWL_THING, Ontology

__all__ = ["NameTyper", "make_name_typer", "name_type_grammar"]

#: ``(name, declared class IRI) -> class IRI`` or None when the model gives no usable answer.
NameTyper = Callable[[str, str], "str | None"]

# World facts in plain English, not any ontology's labels: the pattern to continue.
_EXAMPLES = ("Paris: city\nCanada: country\nTom Hanks: person\nIBM: company\nThe Beatles: band\n"
             "Python: programming language\nThe Nile: river\nHarvard University: university\n")
_MAX_TOKENS = 8


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def name_type_grammar(labels: list[str]) -> str:
    """A GBNF grammar admitting exactly one of ``labels`` and the line's end.

    >>> name_type_grammar(["city", "country"])
    'root ::= " " ("city" | "country") "\\\\n"'
    """
    return f'root ::= " " ({" | ".join(_quoted(label) for label in labels)}) "\\n"'


def _choices(ontology: Ontology, declared: str) -> dict[str, str]:
    """Label → class, for the declared end and every class under it; the more general class keeps a shared label."""
    choices: dict[str, str] = {}
    for class_iri in ontology.descendants(declared):
        label = " ".join(ontology.label(class_iri).lower().split())
        if class_iri != OWL_THING and label and label.isprintable():
            choices.setdefault(label, class_iri)
    return choices


def _person_class(ontology: Ontology) -> str | None:
    return next((c.iri for c in ontology.classes if ontology.label(c.iri).lower() == "person"), None)


def _as_person(answer: str | None, declared: str, ontology: Ontology, person: str | None = None) -> str | None:
    """A person's name stays a person: people hold many roles at once, and a name does not say which one is meant.

    "Stanley Kubrick" is a film director and a screenwriter; the question's link says which
    role counts, so the class stays the general one (the ontology's class labelled "person").
    """
    if answer is None:
        return None
    person = person or _person_class(ontology)
    if person is None or not ontology.is_subclass(answer, person):
        return answer
    return person if ontology.is_subclass(person, declared) else declared


def make_name_typer(backend: Callable[[], Backend], ontology: Ontology, *, timeout_s: float = 5.0,
                    cancel: threading.Event | None = None) -> NameTyper:
    """A :data:`NameTyper` that asks the model ``backend()`` gives, in turn with every other model user.

    The model is fetched only when a name needs typing: a question whose names the
    knowledge graph resolves never loads it.
    """

    person = _person_class(ontology)

    def type_name(name: str, declared: str) -> str | None:
        choices = _choices(ontology, declared)
        if len(choices) < 2:
            return None  # nothing to choose between
        prompt = _EXAMPLES + f"{' '.join(name.split())}:"
        try:
            with shared_queue().turn(cancel=cancel):
                completion = backend().complete(prompt, grammar=name_type_grammar(sorted(choices)),
                                              max_tokens=_MAX_TOKENS, timeout_s=timeout_s, cancel=cancel)
        except (ValueError, ConnectionError):
            return None  # the draft keeps the declared class
        if completion.stop_reason not in (StopReason.STOP, StopReason.LENGTH):
            return None
        return _as_person(choices.get(completion.text.strip().lower()), declared, ontology, person)

    return type_name

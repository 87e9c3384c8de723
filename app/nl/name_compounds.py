"""A name right before a class word: "Apollo 14 astronauts", "Tolkien books", "Kubernetes skills".

No word between says how the two relate, so what the name is says it. A name of the thing's own kind is
one of those things where its own link made it so ("Which projects need Kubernetes skills"), and is left
unjoined for :func:`app.nl.shared_nodes.named_kind` to merge.
"""

from __future__ import annotations

from app.nl.gazetteer import place_kind
from app.nl.link_choice import implied_grams
from app.nl.mention_types import Mention
from app.nl.mentions import class_named
from app.nl.words import is_plural
from ontology_loaders import Ontology
from ontology_loaders.vocab import plain_label

__all__ = ["is_name_compound", "name_before_kind"]


def name_before_kind(name: Mention, thing: Mention, name_class: str | None, thing_class: str | None,
                     ontology: Ontology) -> list[str]:
    """The words that stand for the relation of a name and the class word right after it; empty where none do.

    The name's kind, where the model said one, is the link's word (the astronauts' space mission). A person's
    name, or one of no known kind, makes the things theirs, as "by" says ("Tolkien books": books by him).

    >>> from ontology_loaders.model import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Mission", label="space mission"),
    ...     OntologyClass(iri="ex:Skill", label="skill"), OntologyClass(iri="ex:Book", label="book")])
    >>> name_before_kind(Mention(2, 4, "Apollo 14", "name", hint="ex:Mission"), Mention(4, 5, "astronauts", "class"),
    ...                  None, None, onto)
    ['space mission']
    >>> name_before_kind(Mention(3, 4, "Kubernetes", "name"), Mention(4, 5, "skills", "class"), "ex:Skill",
    ...                  "ex:Skill", onto)
    []
    >>> "by" in name_before_kind(Mention(2, 3, "Tolkien", "name"), Mention(3, 4, "books", "class"), None, "ex:Book",
    ...                          onto)
    True
    """
    if not is_name_compound(name, thing):
        return []
    if name_class and thing_class and ontology.is_subclass(name_class, thing_class):
        return []  # its own link made it one of them
    # the model's kind, unless it is the thing's own: a guess copied from the word after the name ("Tolkien": a book)
    same = thing_class and name.hint and (ontology.is_subclass(name.hint, thing_class) or
                                          ontology.is_subclass(thing_class, name.hint))
    if name.hint and name.hint != class_named("person", ontology) and not same:
        return [plain_label(ontology.label(name.hint)).lower()]
    return implied_grams(["by"])


def is_name_compound(name: Mention, thing: Mention) -> bool:
    """Whether a name stands right before a class word in the plural, as English names a kind of things by
    whom they belong to ("Pixar films", "Tolkien novels"); "Jimmy wales" names a man."""
    return name.kind == "name" and thing.kind == "class" and name.end == thing.start and _plural(thing.text)


def _plural(words: str) -> bool:
    """Whether a class word is said in the plural; a place's name ending in -s is none ("Wales")."""
    last = words.lower().split()[-1] if words.split() else ""
    return (is_plural(last) or last in ("people", "men", "women", "children")) and \
        place_kind(words, said_to_be_a_place=False) is None

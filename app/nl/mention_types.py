"""A thing a question names: where it stands and what is known of it, shared by every reading step."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Mention"]


@dataclass(frozen=True)
class Mention:
    """One thing of the question: where it stands, and what is known of it."""

    start: int  # token offsets in the question
    end: int
    text: str
    kind: str  # "instance" | "name" | "class" | "focus" | "related" (a thing a link's word names)
    class_iri: str | None = None  # None: to be taken from the link that joins it
    instance: str | None = None  # the knowledge graph's IRI, for kind "instance"
    hint: str | None = None  # for kind "focus": the class the wh-word suggests, if the ontology has one
    hint_in_name: bool = False  # a name's hint is its own word ("Frankfurt Airport"), not the model's guess
    score: float = 1.0  # how sure the evidence is (1.0 for a label read as written)
    modifier: bool = False  # an adjective naming a thing the next thing relates to ("Spanish authors": Spain)
    said_to_be: bool = False  # "Is Cola a beverage?": the question asks whether the named thing is of its class
    named_as: str | None = None  # a link's word said to be a name no instance data holds ("whose spouse is X")

"""The class a lone "who" asks for, when an attribute the question names says it.

"Who has the highest salary?", "Who was born before 1980?": nothing is named but "who", and the attribute the
superlative or the bound names belongs to the class asked for.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.nl.asked_values import class_having
from app.nl.comparisons import bounded_labels
from app.nl.focus import asked_classes
from app.nl.mention_types import Mention
from app.nl.retrieval import OntologyIndex
from app.nl.superlatives import superlative_words
from ontology_loaders import Ontology

__all__ = ["focus_by_attribute"]


def focus_by_attribute(question: str, tokens: Sequence[str], mentions: list[Mention], ontology: Ontology,
                       index: OntologyIndex) -> list[Mention]:
    """"Who has the highest salary?", "Who was born before 1980?": with nothing named but "who", the thing asked
    for is of the class whose attribute the superlative or the bound names as written, when that class is what
    "who" may ask for. An attribute of a broader class is had by the person "who" asks for (DBpedia dates an
    animal's birth)."""
    if len(mentions) != 1 or mentions[0].kind != "focus":
        return mentions
    domain = class_having(superlative_words(tokens), ontology, index) or \
        next(filter(None, (class_having((label,), ontology, index) for label in bounded_labels(question))), None)
    focus = mentions[0]
    hints = asked_classes(focus.text, ontology)
    if domain is not None and not any(ontology.is_subclass(domain, hint) for hint in hints):
        domain = next((hint for hint in hints if ontology.is_subclass(hint, domain)), None)
    if domain is None:
        return mentions
    return [Mention(focus.start, focus.end, focus.text, "class", class_iri=domain, score=focus.score)]

""""The subsidiaries of Corvid Retail" where an ontology has only "parent organization": a relation said by
its inverse noun.

English names many relations from both ends (parent and subsidiary, mentor and mentee, successor and
predecessor), and an ontology often keeps one of them. Where the question says the one the ontology lacks,
it is said again by the one it has, from the other end: "the companies whose parent organization is
Corvid Retail", which the readings of "whose" already draft. Only a name may follow "of", and only a link
label that is a noun (no "successor of") is used. The table is English; the labels are the loaded
ontology's, so where it labels the noun itself ("subsidiary" in DBpedia) nothing is rewritten.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.graph.restate import plural_noun
from app.nl.mentions import is_link_label, links_labelled
from ontology_loaders import OWL_THING, Ontology
from ontology_loaders.vocab import plain_label

__all__ = ["inverse_nouns_as_whose"]

# (the noun in the singular, its plural), and the nouns of the relation seen from the other end
_INVERSES: Sequence[tuple[tuple[str, str], tuple[str, ...]]] = (
    (("subsidiary", "subsidiaries"), ("parent organization", "parent organisation", "parent company", "parent")),
    (("subcategory", "subcategories"), ("broader category", "parent category", "broader")),
    (("mentee", "mentees"), ("mentor",)),
    (("protégé", "protégés"), ("mentor",)),
    (("predecessor", "predecessors"), ("successor",)),
    (("successor", "successors"), ("predecessor",)),
)


def inverse_nouns_as_whose(question: str, ontology: Ontology) -> tuple[str, list[tuple[str, str]]]:
    """The question with "the <noun> of <Name>" said as "the <things> whose <inverse label> is <Name>", and
    what was read so.

    >>> from ontology_loaders.model import Link, OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Company", label="company")],
    ...                 links=[Link(iri="ex:p", label="parent organization", domain="ex:Company", range="ex:Company")])
    >>> inverse_nouns_as_whose("What are the subsidiaries of Corvid Retail?", onto)[0]
    'What are the companies whose parent organization is Corvid Retail?'
    >>> inverse_nouns_as_whose("Is Kite Media a subsidiary of Corvid Retail?", onto)[0]
    'Is Kite Media the company whose parent organization is Corvid Retail?'
    >>> inverse_nouns_as_whose("the subsidiaries of large companies", onto)[0]  # no name: left as it was
    'the subsidiaries of large companies'
    """
    read: list[tuple[str, str]] = []
    for (singular, plural), inverses in _INVERSES:
        # the words in any case, the name after them capitalised
        pattern = re.compile(rf"\b(?i:(?:(?:the|a|an)\s+)?({singular}|{plural})\s+of\s+)(?=(?:the\s+)?[A-Z0-9])")
        if not pattern.search(question) or is_link_label(singular, ontology) or is_link_label(plural, ontology):
            continue  # not said, or the ontology says it as it is
        found = _noun_link(inverses, ontology)
        if found is None:
            continue
        label, domain = found

        def as_whose(match: re.Match[str], label: str = label, domain: str = domain) -> str:
            things = plural_noun(domain) if match.group(1).lower() == plural else domain
            said = f"the {things} whose {label} is "
            read.append((match.group(0).strip(), said.strip()))
            return said

        question = pattern.sub(as_whose, question)
    return question, read


def _noun_link(labels: Sequence[str], ontology: Ontology) -> tuple[str, str] | None:
    """``(label, its domain's label)`` of the first link labelled one of ``labels`` with a declared domain."""
    for wanted in labels:
        for iri in links_labelled(wanted, ontology):
            link = ontology.get_link(iri)
            if link is not None and link.domain and link.domain != OWL_THING:
                return plain_label(link.label), plain_label(ontology.label(link.domain)).lower()
    return None

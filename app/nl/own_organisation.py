"""The asker's own organisation: "How many copies does the library own?", "Which periodicals does the library
subscribe to?", "How many employees does the company have?".

Said as the subject of "does the …" with no name, an organisation the question never introduced is the one
whose data this is, as "we" would be. A node for it would join an unrelated library (through an award it
presents) or ask for every company's employees by way of one more link. English, not any ontology: the class
need only be a kind of the one labelled "organization".
"""

from __future__ import annotations

from collections.abc import Sequence

from app.nl.mention_types import Mention
from app.nl.mentions import class_named
from app.nl.words import DO_FORMS
from ontology_loaders import Ontology

__all__ = ["without_own_organisation"]

# "Which employees joined the company in 2020?", "Who left the library last year?": the one whose data this is
_JOINING = frozenset({"join", "joins", "joined", "leave", "leaves", "left"})


def without_own_organisation(tokens: Sequence[str], mentions: Sequence[Mention],
                             ontology: Ontology) -> list[Mention]:
    """``mentions`` less "does the <organisation class word>" (or "joined the …", "left the …") said once in the singular, with no name after it,
    beside other things ("the band whose home town is …", "the airlines headquartered at …" are things asked
    about)."""
    organisation = class_named("organization", ontology) or class_named("organisation", ontology)
    if organisation is None or len(mentions) < 2:
        return list(mentions)
    kept = []
    for mention in mentions:
        own = (mention.kind == "class" and mention.class_iri is not None and mention.start > 1
               and tokens[mention.start - 2].lower() in DO_FORMS | _JOINING and tokens[mention.start - 1].lower() == "the"
               and mention.end - mention.start == 1 and not tokens[mention.start].lower().endswith("s")
               and ontology.is_subclass(mention.class_iri, organisation)
               and not _named_after(tokens, mention.end)
               and sum(m.class_iri == mention.class_iri for m in mentions) == 1)
        if not own:
            kept.append(mention)
    return kept if any(m.kind in ("class", "focus", "related") for m in kept) else list(mentions)


def _named_after(tokens: Sequence[str], end: int) -> bool:
    """"the company Halvard Robotics", "the library of Tartu": the words after say which one."""
    return end < len(tokens) and (tokens[end][:1].isupper() or tokens[end].lower() == "of")

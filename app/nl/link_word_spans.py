"""Where a link's label is said as a relation noun: "the project lead of Nova", "whose home branch is …".

Such words name the link, and the thing it reaches, not a thing of a class whose label they contain.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.nl.definitions import ends_a_class_label
from app.nl.mentions import class_named, link_spans, links_labelled, word_forms
from app.nl.words import ARTICLES, HAVE_FORMS, SIZE_SUPERLATIVES
from ontology_loaders.model import OWL_THING, Ontology

__all__ = ["of_link_spans", "relation_noun_spans"]


def relation_noun_spans(tokens: Sequence[str], ontology: Ontology) -> list[tuple[int, int]]:
    """Where a link label is said as a relation noun: before "of" ("the project lead of Project Nova", "the
    account manager for Kite Media"), after "whose" ("whose home branch is …") or after "have no" ("have no
    project lead"). A class word inside it names no thing. A one-word label counts where it is asked for
    first, or where the class that bears it is none its link reaches.

    >>> from ontology_loaders.model import Link
    >>> onto = Ontology(links=[Link(iri="ex:lead", label="project lead")])
    >>> relation_noun_spans("who is the project lead of Nova".split(), onto), relation_noun_spans(["projects"], onto)
    ([(3, 5)], [])
    """
    lowered = [t.lower() for t in tokens]
    return [(start, end) for start, end, iris in link_spans(lowered, ontology)
            if (end - start >= 2 or _asked_before_of(lowered, start, end, ontology)
                or lowered[start - 1:start] == ["the"] and _rules_out_its_class(lowered[start], iris, ontology))
            and (lowered[end:end + 1] == ["of"] or lowered[start - 1:start] == ["whose"]
                 # "the largest city in Canada": a size names no measure, and the ontology names the link
                 or end - start >= 2 and lowered[end:end + 1] == ["in"] and lowered[start] in SIZE_SUPERLATIVES
                 or end - start >= 2 and lowered[end:end + 1] == ["for"] and _asked_the(lowered, start)
                 or end - start >= 2 and _had(lowered, start))
            or _had_the_most(lowered, start, end) and class_named(lowered[start], ontology) is None]


_HAVING = HAVE_FORMS | {"with", "without"}


def _had(lowered: Sequence[str], start: int) -> bool:
    """"Which projects have no project lead", "customers with an account manager": what a thing has, said by a
    link's whole label, is the thing that link reaches (not a project).

    Without a determiner the label is said of something else: "musicals with music by …", "a film that has
    music composer as …".

    >>> _had("which projects have no project lead".split(), 4), _had("the project lead".split(), 1)
    (True, False)
    >>> _had("musicals with music by".split(), 2)
    False
    """
    before = lowered[max(start - 2, 0):start]
    return len(before) == 2 and before[0] in _HAVING and before[1] in ARTICLES | {"no", "any"}


def _had_the_most(lowered: Sequence[str], start: int, end: int) -> bool:
    """"Which person has the most children": a link's label counted at the question's end is the things that
    link reaches, as for a label of two words after "has the" (a class's word, "the most universities", is
    read as the class).

    >>> _had_the_most("which person has the most children".split(), 5, 6)
    True
    >>> _had_the_most("the most children".split(), 2, 3)
    False
    """
    before = lowered[max(start - 3, 0):start]
    return end == len(lowered) and len(before) == 3 and before[0] in _HAVING and before[1] == "the" and \
        before[2] in ("most", "fewest", "least")


def _asked_the(lowered: Sequence[str], start: int) -> bool:
    """"Who is the account manager for …", "the account manager for …": the words ask for the thing the label
    names. After "a work that is the opening theme for" they say what the work is, one thing."""
    return lowered[start - 1:start] == ["the"] and (start == 1 or lowered[max(start - 3, 0):start - 1] in (
        ["who", "is"], ["who", "was"], ["what", "is"], ["what", "was"], ["who", "are"]))


_ASKING_THE = (("what", "is", "the"), ("what", "are", "the"), ("what", "was", "the"), ("what", "were", "the"),
               ("give", "me", "the"), ("show", "me", "the"), ("list", "the"), ("name", "the"), ("tell", "me", "the"))


def _rules_out_its_class(word: str, iris: Sequence[str], ontology: Ontology) -> bool:
    """"Who is the employer of …": the word names the link, as DBpedia's class "employer" is none it reaches."""
    named, ends = class_named(word, ontology), [ontology.get_link(iri).range for iri in iris]
    return named is not None and not any(not end or ontology.is_subclass(named, end)
                                         or ontology.is_subclass(end, named) for end in ends)


def _asked_before_of(lowered: Sequence[str], start: int, end: int, ontology: Ontology) -> bool:
    """"What is the location of the Louvre": a one-word link label no class bears, asked for first, is what
    the question wants; elsewhere a one-word label is read by the words around it."""
    before = tuple(w for w in lowered[:start] if w != "all")  # "List all the children of …"
    if before[-3:] in (("name", "of", "the"), ("names", "of", "the")):
        before = before[:-3]  # "what are the names of the children of …"
    return end - start == 1 and before in _ASKING_THE and class_named(lowered[start], ontology) is None


def of_link_spans(tokens: Sequence[str], ontology: Ontology) -> list[tuple[int, int, str | None, frozenset[str]]]:
    """``(start, end, declared start class, declared end classes)`` where a noun and "of" say a link labelled
    "<noun> of" whose noun is no class label ("translations of", for the link "translation of").

    >>> from ontology_loaders.model import Link
    >>> onto = Ontology(links=[Link(iri="ex:t", label="translation of", domain="ex:Book", range="ex:Book")])
    >>> of_link_spans("Translations of The Hidden Tide".split(), onto), of_link_spans(["copies"], onto)
    ([(0, 2, 'ex:Book', frozenset({'ex:Book'}))], [])
    """
    found = []
    for i in range(len(tokens) - 2):  # "which team is Ben a member of": a stranded "of" names no thing after it
        word = tokens[i].lower()
        if tokens[i + 1].lower() != "of" or not word.isalpha() or ends_a_class_label(word, ontology):
            continue  # "print copies of": a class word ("print copy") before "of"
        links = next((found_links for form in word_forms([word])
                      if (found_links := links_labelled(f"{form} of", ontology))), ())
        declared = [link for iri in links if (link := ontology.get_link(iri))]
        domains = {link.domain for link in declared}
        if links:
            found.append((i, i + 2, domains.pop() if len(domains) == 1 and OWL_THING not in domains else None,
                          frozenset(link.range for link in declared if link.range)))
    return found

"""Three links through a record the words name: "books borrowed by members" meet through a loan of a copy.

An ontology often keeps an event as a thing of its own (a loan, a reservation, an order item), so the
two things a verb relates are three links apart. The general three-link search keeps only the few
best first steps of each end, and a book's best steps are its author and its publisher, never the
copy a loan holds. Here a link the words name (a loan's loaned item, a reservation's reserved item) is
fixed as the middle step, and only the steps from each end that reach it are ranked.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from app.nl.link_choice import LinkChoice, rank_links
from app.nl.retrieval import OntologyIndex
from ontology_loaders import OWL_THING, Ontology

__all__ = ["Path", "path_through"]

#: first step, class between, middle step, class between, last step (each oriented along the way)
Path = tuple[LinkChoice, str, LinkChoice, str, LinkChoice]


def path_through(ontology: Ontology, index: OntologyIndex, grams: Sequence[str], vectors: np.ndarray,
                 source: str, target: str, named: Iterable[str]) -> Path | None:
    """The best three-link way from ``source`` to ``target`` whose middle link is one of ``named``."""
    best: tuple[float, Path] | None = None
    for iri in sorted(named):
        link = ontology.get_link(iri)
        if link is None or OWL_THING in (link.domain, link.range):
            continue
        for left, right, forward in ((link.domain, link.range, True), (link.range, link.domain, False)):
            if left == source or right == target:
                continue  # one step shorter: a two-link way, which is ranked elsewhere
            first = rank_links(ontology, index, grams, vectors, source, left, limit=1)
            last = rank_links(ontology, index, grams, vectors, right, target, limit=1)
            if not first or not last:
                continue
            score = (first[0].score + last[0].score) / 2
            middle = LinkChoice(iri, forward, 1.0, link.domain, link.range)
            if best is None or score > best[0]:
                # a step may hold for a kind of the record's end only: the thing between is of that kind
                best = (score, (first[0], first[0].ends[1], middle, last[0].ends[0], last[0]))
    return None if best is None else best[1]

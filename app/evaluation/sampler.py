"""Sampling of ontology-valid prototype graphs (Kantz et al., Algorithm 1).

With instance counts, the seed link is drawn from the most used links in
proportion to their use, both ends are downgraded to a subclass weighted by
its instances, and the graph grows one node at a time: pick a node, a side
(outgoing or incoming) and a link attached to that side. Without instance
data every choice is uniform. Every draw goes through one ``random.Random``
over sorted candidates, so a seed gives the same graphs in every process
(string hashing, and so set order, changes between processes).
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Mapping, Sequence

from app.graph.model import PrototypeGraph, graph_from_indexed
from ontology_loaders import OWL_THING, Link, Ontology

__all__ = ["GraphSampler", "InstanceCounts", "sample_graphs"]

InstanceCounts = Mapping[str, Mapping[str, int]]
"""``{"classes": {iri: n}, "links": {iri: n}}``, as ``app.query.counts.instance_counts`` returns."""

_GOOD_LABEL = re.compile(r"^[A-Za-z][A-Za-z0-9 '()\-]{0,47}$")


def _good_label(label: str) -> bool:
    """Labels a question can carry: short, Latin letters, not an IRI or a code."""
    return bool(_GOOD_LABEL.match(label)) and "http" not in label


class GraphSampler:
    """Draws valid graphs of ``k`` nodes from one ontology.

    >>> from ontology_loaders.model import OntologyClass
    >>> onto = Ontology(
    ...     classes=[OntologyClass(iri="ex:Person", label="person"),
    ...              OntologyClass(iri="ex:City", label="city")],
    ...     links=[Link(iri="ex:birthPlace", label="birth place", domain="ex:Person", range="ex:City")])
    >>> graph = GraphSampler(onto).sample(2, random.Random(0))
    >>> [n.class_ for n in graph.nodes], [e.link for e in graph.edges]
    (['ex:Person', 'ex:City'], ['ex:birthPlace'])
    """

    def __init__(
        self,
        ontology: Ontology,
        instance_counts: InstanceCounts | None = None,
        *,
        top_links: int = 50,
        max_restarts: int = 25,
        stated_ends_only: bool = True,
    ) -> None:
        self.ontology = ontology
        self.max_restarts = max_restarts
        counts = instance_counts or {}
        self._class_counts: Mapping[str, int] = counts.get("classes", {}) or {}
        self._link_counts: Mapping[str, int] = counts.get("links", {}) or {}
        self.weighted = bool(self._link_counts) and any(v > 0 for v in self._link_counts.values())

        known = [c for c in ontology.classes if c.iri != OWL_THING]
        good = [c.iri for c in known if _good_label(c.label)]
        # Prefer well-labelled terms, but never make an ontology unusable for want of labels.
        self._usable_classes = frozenset(good or [c.iri for c in known])
        self._ends: dict[str, tuple[str, ...]] = {}

        links = [link for link in ontology.links if self._classes_under(link.domain) and self._classes_under(link.range)]
        if stated_ends_only:
            # A link with an unstated end joins any class to anything ("industry: a conifer");
            # keep such links out while the ontology has others.
            links = [link for link in links if OWL_THING not in (link.domain, link.range)] or links
        good_links = [link for link in links if _good_label(link.label)]
        self._links: tuple[Link, ...] = tuple(sorted(good_links or links, key=lambda link: link.iri))
        self._by_domain: dict[str, list[Link]] = defaultdict(list)
        self._by_range: dict[str, list[Link]] = defaultdict(list)
        for link in self._links:
            self._by_domain[link.domain].append(link)
            self._by_range[link.range].append(link)
        self._seed_links = self._pick_seed_links(top_links)

    # -- public --------------------------------------------------------------
    @property
    def links(self) -> tuple[Link, ...]:
        """The links the sampler may use (both ends resolve to usable classes)."""
        return self._links

    def sample(self, k: int, rng: random.Random) -> PrototypeGraph:
        """A valid graph of ``k`` nodes, or the largest found when the ontology allows no more."""
        if k < 1:
            raise ValueError(f"k must be at least 1, got {k}")
        if not self._links:
            if k == 1 and self._usable_classes:
                cls = rng.choice(sorted(self._usable_classes))
                return self._to_graph([cls], [])
            raise ValueError("the ontology has no link whose domain and range are known classes")
        best: tuple[list[str], list[tuple[int, str, int]]] | None = None
        for _ in range(self.max_restarts):
            classes, edges = self._grow(k, rng)
            if best is None or len(classes) > len(best[0]):
                best = (classes, edges)
            if len(classes) == k:
                break
        assert best is not None
        return self._to_graph(*best)

    # -- growth --------------------------------------------------------------
    def _grow(self, k: int, rng: random.Random) -> tuple[list[str], list[tuple[int, str, int]]]:
        seed = self._choose_link(self._seed_links, rng)
        if k == 1:
            return [self._downgrade(seed.domain, rng)], []
        classes = [self._downgrade(seed.domain, rng), self._downgrade(seed.range, rng)]
        edges = [(0, seed.iri, 1)]
        while len(classes) < k:
            options = [(i, side) for i in range(len(classes)) for side in ("out", "in")]
            rng.shuffle(options)
            for index, side in options:
                attachable = self._attachable(classes[index], side)
                if not attachable:
                    continue
                link = self._choose_link(attachable, rng)
                if side == "out":
                    classes.append(self._downgrade(link.range, rng))
                    edges.append((index, link.iri, len(classes) - 1))
                else:
                    classes.append(self._downgrade(link.domain, rng))
                    edges.append((len(classes) - 1, link.iri, index))
                break
            else:
                break  # no node can grow: a dead end of the ontology
        return classes, edges

    def _attachable(self, cls: str, side: str) -> list[Link]:
        index = self._by_domain if side == "out" else self._by_range
        found = {link.iri: link for anc in sorted(self.ontology.ancestors(cls)) for link in index.get(anc, ())}
        return [found[iri] for iri in sorted(found)]

    def _pick_seed_links(self, top_links: int) -> tuple[Link, ...]:
        if not self.weighted:
            return self._links
        used = [link for link in self._links if self._link_counts.get(link.iri, 0) > 0]
        used.sort(key=lambda link: (-self._link_counts[link.iri], link.iri))
        return tuple(used[:top_links]) or self._links

    def _choose_link(self, links: Sequence[Link], rng: random.Random) -> Link:
        if self.weighted:
            weights = [self._link_counts.get(link.iri, 0) for link in links]
            if any(weights):
                return rng.choices(list(links), weights=weights)[0]
        return rng.choice(list(links))

    def _classes_under(self, iri: str) -> tuple[str, ...]:
        """Usable classes at or below ``iri`` (owl:Thing itself never becomes a node)."""
        if iri not in self._ends:
            self._ends[iri] = tuple(sorted(c for c in self.ontology.descendants(iri) if c in self._usable_classes))
        return self._ends[iri]

    def _downgrade(self, iri: str, rng: random.Random) -> str:
        candidates = self._classes_under(iri)
        if self.weighted:
            weights = [self._class_counts.get(c, 0) for c in candidates]
            if any(weights):
                return rng.choices(candidates, weights=weights)[0]
        if iri in candidates and iri != OWL_THING and rng.random() < 0.5:
            # Without instance data, half the time keep the stated class: a uniform
            # draw over a deep hierarchy would almost never yield the general class.
            return iri
        return rng.choice(candidates)

    def _to_graph(self, classes: list[str], edges: list[tuple[int, str, int]]) -> PrototypeGraph:
        return graph_from_indexed([(self.ontology.label(cls), cls) for cls in classes], edges)


def sample_graphs(
    ontology: Ontology,
    k: int,
    n: int,
    *,
    seed: int,
    instance_counts: InstanceCounts | None = None,
    sampler: GraphSampler | None = None,
) -> list[PrototypeGraph]:
    """``n`` graphs of ``k`` nodes; the same seed gives the same list."""
    sampler = sampler or GraphSampler(ontology, instance_counts)
    rng = random.Random(f"{seed}:{k}")
    return [sampler.sample(k, rng) for _ in range(n)]

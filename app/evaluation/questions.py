"""Questions from sampled graphs: templated sentences, and their exact inverse.

The template reads every edge as "<subject> has <link> <object>", joined by
", and": "A person has birth place a city, and the city has country a
country." Nodes that share a class are told apart with "another" and
ordinals, so the sentence determines the graph and
:func:`parse_templated_question` can read it back. That inverse is a real,
deterministic extractor: it checks the harness end to end and gives the
ceiling a perfect pipeline would reach.
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache

from app.graph.model import Edge, PrototypeGraph, graph_from_indexed
from ontology_loaders.model import Ontology
from ontology_loaders.vocab import local_name

__all__ = ["leaks_iri", "parse_templated_question", "templated_question"]

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def _article(label: str) -> str:
    """English indefinite article by the usual spelling rules of thumb.

    >>> [_article(w) for w in ("album", "university", "European", "hour", "city")]
    ['an', 'a', 'a', 'an', 'a']
    """
    word = label.lower()
    if word.startswith(("uni", "use", "usu", "eu", "one", "once")):
        return "a"
    if word.startswith(("hour", "honest", "honor", "honour", "heir")):
        return "an"
    return "an" if word[:1] in ("a", "e", "i", "o", "u") else "a"


def _ordered_edges(graph: PrototypeGraph) -> list[Edge]:
    """Edges in an order where each one after the first touches a node already named."""
    remaining = list(graph.edges)
    ordered: list[Edge] = []
    named: set[str] = set()
    while remaining:
        index = next((i for i, e in enumerate(remaining) if e.source in named or e.target in named), 0)
        edge = remaining.pop(index)
        ordered.append(edge)
        named |= {edge.source, edge.target}
    return ordered


def templated_question(graph: PrototypeGraph, ontology: Ontology) -> str:
    """The graph as one templated sentence, using labels only.

    >>> from ontology_loaders.model import Link, OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Person", label="person"),
    ...                          OntologyClass(iri="ex:City", label="city")],
    ...                 links=[Link(iri="ex:birthPlace", label="birth place", domain="ex:Person", range="ex:City"),
    ...                        Link(iri="ex:knows", label="knows", domain="ex:Person", range="ex:Person")])
    >>> g = PrototypeGraph.model_validate({"nodes": [
    ...     {"id": "p1", "class": "ex:Person"}, {"id": "p2", "class": "ex:Person"}, {"id": "c", "class": "ex:City"}],
    ...     "edges": [{"source": "p1", "link": "ex:knows", "target": "p2"},
    ...               {"source": "p2", "link": "ex:birthPlace", "target": "c"}]})
    >>> templated_question(g, onto)
    'A person has knows another person, and the second person has birth place a city.'
    """
    labels = {n.id: ontology.label(n.class_).strip() for n in graph.nodes}
    same_label: dict[str, list[str]] = defaultdict(list)
    for node in graph.nodes:
        same_label[labels[node.id]].append(node.id)
    introduced: dict[str, int] = {}  # node id -> 1-based rank among its label's nodes
    count_by_label: dict[str, int] = defaultdict(int)

    def mention(node_id: str) -> str:
        label = labels[node_id]
        if node_id in introduced:
            if len(same_label[label]) > 1:
                return f"the {_ORDINALS[introduced[node_id] - 1]} {label}"
            return f"the {label}"
        count_by_label[label] += 1
        introduced[node_id] = count_by_label[label]
        return f"{_article(label)} {label}" if count_by_label[label] == 1 else f"another {label}"

    if not graph.edges:
        text = ", and ".join(f"there is {mention(n.id)}" for n in graph.nodes) or "there is nothing"
    else:
        clauses = []
        for edge in _ordered_edges(graph):
            subject = mention(edge.source)
            link = ontology.label(edge.link).strip()
            # "has taxon", not "has has taxon": a label that starts with its own verb keeps it.
            verb = "" if re.match(r"(has|is|was|had) ", link, re.IGNORECASE) else "has "
            clauses.append(f"{subject} {verb}{link} {mention(edge.target)}")
        isolated = [n.id for n in graph.nodes if n.id not in introduced]
        clauses += [f"there is {mention(node_id)}" for node_id in isolated]
        text = ", and ".join(clauses)
    return text[0].upper() + text[1:] + "."


@lru_cache(maxsize=8)
def _lexicon(ontology: Ontology) -> tuple[re.Pattern[str], dict[str, list[str]], dict[str, list[str]]]:
    class_iris: dict[str, list[str]] = defaultdict(list)
    for cls in sorted(ontology.classes, key=lambda c: c.iri):
        class_iris[cls.label.strip().lower()].append(cls.iri)
    link_iris: dict[str, list[str]] = defaultdict(list)
    for link in sorted(ontology.links, key=lambda item: item.iri):
        link_iris[link.label.strip().lower()].append(link.iri)

    def alternatives(labels: list[str]) -> str:
        return "|".join(re.escape(label) for label in sorted(labels, key=len, reverse=True) if label)

    mention = rf"(?:(?:a|an|another|the(?: (?:{'|'.join(_ORDINALS)}))?) (?:{alternatives(list(class_iris))}))"
    clause = re.compile(
        rf"^(?P<subject>{mention}) (?:has )?(?P<link>{alternatives(list(link_iris))}) (?P<object>{mention})$"
    )
    return clause, dict(class_iris), dict(link_iris)


def parse_templated_question(question: str, ontology: Ontology) -> PrototypeGraph:
    """Read a sentence of :func:`templated_question` back into a graph.

    Labels shared by several IRIs are resolved to the combination the link
    admits. Text that does not follow the template yields an empty graph.
    """
    clause_re, class_iris, link_iris = _lexicon(ontology)
    text = question.strip().rstrip(".?!").strip().lower()
    nodes: list[tuple[str, list[str]]] = []  # label, candidate IRIs, in order of introduction
    by_label: dict[str, list[int]] = defaultdict(list)
    triples: list[tuple[int, list[str], int]] = []

    def resolve(phrase: str) -> int | None:
        words = phrase.split(" ", 1)
        determiner, rest = words[0], words[1]
        if determiner in ("a", "an", "another"):
            if rest not in class_iris:
                return None
            nodes.append((rest, class_iris[rest]))
            by_label[rest].append(len(nodes) - 1)
            return len(nodes) - 1
        ordinal, _, label = rest.partition(" ")
        if ordinal in _ORDINALS and label in by_label:
            rank = _ORDINALS.index(ordinal)
            return by_label[label][rank] if rank < len(by_label[label]) else None
        return by_label[rest][0] if by_label.get(rest) else None

    for clause in text.split(", and "):
        match = clause_re.match(clause)
        if not match:
            return PrototypeGraph()
        subject = resolve(match["subject"])
        obj = resolve(match["object"])
        if subject is None or obj is None:
            return PrototypeGraph()
        triples.append((subject, link_iris[match["link"]], obj))

    chosen = [candidates[0] for _, candidates in nodes]
    edges: list[tuple[int, str, int]] = []
    for s, links, o in triples:
        fitting = [
            (link, cs, co)
            for link in links
            for cs in nodes[s][1]
            for co in nodes[o][1]
            if ontology.link_fits(link, cs, co)
        ]
        link, chosen[s], chosen[o] = fitting[0] if fitting else (links[0], chosen[s], chosen[o])
        edges.append((s, link, o))

    return graph_from_indexed([(label, cls) for (label, _), cls in zip(nodes, chosen)], edges)


_IRI_LIKE = re.compile(r"https?://|www\.|<[^>\s]*[:/][^>\s]*>|\b[a-z][a-z0-9]*:[A-Za-z_]\w*")


def leaks_iri(text: str, graph: PrototypeGraph | None = None) -> bool:
    """True when the text carries an IRI, a prefixed name, or a graph term's local name.

    >>> leaks_iri("Which person has dbo:birthPlace a city?")
    True
    >>> leaks_iri("Which people were born in a city?")
    False
    """
    if _IRI_LIKE.search(text):
        return True
    if graph is None:
        return False
    names = {local_name(n.class_) for n in graph.nodes} | {local_name(e.link) for e in graph.edges}
    # Only camelCase or underscored names are tell-tales; "city" is a plain word.
    tell_tales = {name for name in names if re.search(r"[a-z][A-Z]|_", name)}
    return any(re.search(rf"\b{re.escape(name)}\b", text) for name in tell_tales)

"""Yes/no attributes said as words: "unpaid invoices", "branches that have a café", "preferred suppliers".

A boolean attribute's label ("paid", "has café", "preferred supplier") standing in the
question, near a thing whose class has that attribute, makes a condition on it: true, or
false when the word is negated ("unpaid", "not available", "without a café"). The words
compared are the label's own, less the class's words ("preferred supplier" on a supplier is
said by "preferred") and small words ("has"). Nothing here names an ontology.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence

from app.graph.model import Constraint, ConstraintOp, Node, PrototypeGraph
from app.nl.mention_types import Mention
from app.nl.words import NEGATIONS, tokens_of
from ontology_loaders import OWL_THING, Ontology

__all__ = ["flag_readings", "flagged_things", "read_flags", "says_a_flag"]

XSD_BOOLEAN = "http://www.w3.org/2001/XMLSchema#boolean"
_SMALL = frozenset({"has", "have", "is", "are", "a", "an", "the", "of", "with", "be", "been", "being"})


def _plain(word: str) -> str:
    """Lower case without accents, so "cafe" says "café"."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))


def _words(text: str) -> list[str]:
    return [_plain(w) for w in tokens_of(text)]


def _said_by(label: str, class_label: str) -> list[str]:
    """The label's words that say the condition: not the class's own words, no small word."""
    own = set(_words(class_label)) | {w + "s" for w in _words(class_label)}
    return [w for w in _words(label) if w not in _SMALL and w not in own]


# Words that say the opposite of a label's first word: "part-time" is not "full-time".
_OPPOSITES = {"full": "part", "public": "private", "open": "closed"}


def _find(words: Sequence[str], tokens: Sequence[str], free: Sequence[bool]) -> tuple[int, bool] | None:
    """Where the words stand in the question (the first of them), and whether they are negated there.

    A word may be said in the plural; of three or more, the last, a head noun, may go unsaid: "EU members"
    says "EU member state".

    >>> _find(["eu", "member", "state"], ["which", "countries", "are", "eu", "members"], [True] * 5)
    (3, False)
    >>> _find(["open", "access"], ["which", "open", "books"], [True] * 3) is None
    True
    >>> _find(["full", "time"], ["which", "employees", "work", "part", "time"], [True] * 5)
    (3, True)
    """
    first = words[0]
    needed = words[1:-1] if len(words) >= 3 else words[1:]
    for i, token in enumerate(tokens):
        if not free[i]:
            continue
        negated_word = token in ("un" + first, "non" + first, "in" + first, _OPPOSITES.get(first))
        if token != first and not negated_word:
            continue
        rest = tokens[i + 1:i + 1 + 2 * len(words)]
        if any(w not in rest and w + "s" not in rest for w in needed):
            continue
        before = tokens[max(i - 3, 0):i]
        return i, negated_word or any(t in NEGATIONS for t in before)
    return None


# Words of a "Whether …" comment that say nothing by themselves: the question may say them or not.
_UNSAID = _SMALL | {"can", "could", "must", "may", "to", "in", "on", "at", "this", "its", "their", "still", "right",
                    "now", "currently"}


def _described_by(comment: str, class_label: str) -> list[str]:
    """The words a "Whether the <thing> <predicate>." comment says the condition with, less its thing.

    >>> _described_by("Whether the product is no longer sold.", "product")
    ['no', 'longer', 'sold']
    >>> _described_by("Whether the country belongs to the European Union.", "country")
    ['belongs', 'european', 'union']
    >>> _described_by("True if the station is accessible.", "station")
    []
    """
    words = _words(comment)
    if words[:1] != ["whether"]:
        return []
    said = _said_by(" ".join(words[1:]), class_label)
    return [w for w in said if w not in _UNSAID] if len(said) >= 2 else []


def _find_described(words: Sequence[str], tokens: Sequence[str],
                    free: Sequence[bool]) -> tuple[int, bool, int] | None:
    """Where a comment's words begin and end in the question, in order and close together, and whether they
    are negated. "no longer sold" is also said "not sold anymore", and "still sold" is its opposite.

    >>> q = "which products are no longer sold".split()
    >>> _find_described(["no", "longer", "sold"], q, [True] * 6)
    (5, False, 6)
    >>> _find_described(["no", "longer", "sold"], "which products are still sold".split(), [True] * 5)
    (4, True, 5)
    >>> _find_described(["belongs", "european", "union"], "which countries belong to the european union".split(),
    ...                 [True] * 7)
    (2, False, 7)
    """
    no_longer = words[:2] == ["no", "longer"]
    content = words[2:] if no_longer else list(words)
    if len(content) < (1 if no_longer else 2):
        return None
    for i, token in enumerate(tokens):
        if not free[i] or not _same_word(token, content[0]):
            continue
        window = tokens[i + 1:i + 1 + 2 * len(content)]
        if not _in_order(content[1:], window):
            continue
        before, after = tokens[max(i - 3, 0):i], tokens[i + len(content):i + len(content) + 2]
        negated = any(t in NEGATIONS for t in before)
        if no_longer:
            ceased = before[-2:] == ["no", "longer"] or (negated and any(t in ("anymore", "longer", "more")
                                                                         for t in after))
            if ceased or (before[-1:] == ["still"]):
                return i, not ceased, _end(content, tokens, i)
            continue
        return i, negated, _end(content, tokens, i)
    return None


def _end(words: Sequence[str], tokens: Sequence[str], start: int) -> int:
    """Where the words found from ``start`` end."""
    position = start + 1
    for word in words[1:]:
        position = next(j + 1 for j in range(position, len(tokens)) if _same_word(tokens[j], word))
    return position


def _same_word(token: str, word: str) -> bool:
    """"belong" says "belongs"; "sold" says "sold"."""
    return token == word or token.rstrip("s") == word.rstrip("s")


def _in_order(words: Sequence[str], window: Sequence[str]) -> bool:
    position = 0
    for word in words:
        position = next((j + 1 for j in range(position, len(window)) if _same_word(window[j], word)), -1)
        if position < 0:
            return False
    return True


def _flag_hits(tokens: Sequence[str], graph: PrototypeGraph, spans: Mapping[str, tuple[int, int]],
               ontology: Ontology, named: Sequence[bool]) -> list[tuple[str, Constraint, str, tuple[int, int]]]:
    tokens = [_plain(t) for t in tokens]
    free = [not t for t in named]
    found: dict[tuple[str, int], tuple[int, str, Constraint, str, tuple[int, int]]] = {}
    for node in graph.nodes:
        where = spans.get(node.id)
        for attribute in ontology.attributes_of(node.class_):
            if attribute.range != XSD_BOOLEAN:
                continue
            said = _said_by(ontology.label(attribute.iri), ontology.label(node.class_))
            hit = _find(said, tokens, free) if said else None
            if hit is not None:
                hit = (*hit, hit[0] + len(said))
            else:  # "products that are no longer sold": the comment's "Whether the product is …"
                said = _described_by(attribute.comment, ontology.label(node.class_))
                hit = _find_described(said, tokens, free) if said else None
            if hit is None:
                continue
            position, negated, end = hit
            distance = abs(position - where[0]) if where else len(tokens)
            key = (attribute.iri, position)
            if key not in found or distance < found[key][0]:
                constraint = Constraint(property=attribute.iri, op=ConstraintOp.EQ, value=not negated,
                                        datatype=XSD_BOOLEAN)
                found[key] = (distance, node.id, constraint, " ".join(said), (position, end))
    return [hit[1:] for hit in found.values()]


def read_flags(tokens: Sequence[str], graph: PrototypeGraph, spans: Mapping[str, tuple[int, int]],
               ontology: Ontology, named: Sequence[bool]) -> list[tuple[str, Constraint, str]]:
    """``(node id, constraint, words)`` for every yes/no attribute the question says of a node.

    ``tokens`` are the question's words, ``spans`` the nodes' token spans; ``named`` marks the
    tokens of names, which say nothing about attributes ("Active Learning Press").
    """
    return flag_readings(tokens, graph, spans, ontology, named)[0]


def flag_readings(tokens: Sequence[str], graph: PrototypeGraph, spans: Mapping[str, tuple[int, int]],
                  ontology: Ontology, named: Sequence[bool]) -> tuple[list[tuple[str, Constraint, str]], list[str]]:
    """What :func:`read_flags` reads, and the nodes of one link whose words are a yes/no attribute's: "countries
    that belong to the European Union" says no European Union of its own when a comment reads "Whether the
    country belongs to the European Union". A condition on such a node is left out with it."""
    hits = _flag_hits(tokens, graph, spans, ontology, named)
    degree = {node.id: sum(node.id in (e.source, e.target) for e in graph.edges) for node in graph.nodes}
    said = [node_id for node_id, (start, end) in spans.items() if degree.get(node_id) == 1
            and any(at <= start and end <= to and on != node_id for on, *_, (at, to) in hits)]
    return [hit[:3] for hit in hits if hit[0] not in said], said


def says_a_flag(tokens: Sequence[str], class_iri: str, ontology: Ontology) -> bool:
    """Whether the question says a yes/no attribute of a thing of ``class_iri`` ("unpaid invoices")."""
    graph = PrototypeGraph(nodes=(Node(id="thing", class_=class_iri),))
    return bool(read_flags(tokens, graph, {}, ontology, [False] * len(tokens)))


def flagged_things(tokens: Sequence[str], mentions: Sequence[Mention], ontology: Ontology) -> list[Mention]:
    """Things the question names only by a yes/no attribute of theirs: "Which orders were not paid?" says an
    invoice (what is paid), which one declared link joins to the orders. The thing stands where the attribute's
    words do, with the word that negates them, so that word negates the attribute and not the link."""
    mentioned = {m.class_iri for m in mentions if m.class_iri and m.class_iri != OWL_THING}
    plain = [_plain(t) for t in tokens]
    free = [not any(m.start <= i < m.end for m in mentions) for i in range(len(tokens))]
    found: list[Mention] = []
    for attribute in ontology.attributes if mentioned else ():
        holder = attribute.domain
        if attribute.range != XSD_BOOLEAN or not holder or holder == OWL_THING or any(
                ontology.is_subclass(c, holder) or ontology.is_subclass(holder, c) for c in mentioned):
            continue  # said of a thing the question names, which reads it there
        said = _said_by(ontology.label(attribute.iri), ontology.label(holder))
        hit = _find(said, plain, free) if said else None
        if hit is None or not any(_declared_between(holder, c, ontology) for c in mentioned):
            continue
        start = next((k for k in range(hit[0] - 1, max(hit[0] - 4, -1), -1) if plain[k] in NEGATIONS), hit[0]) \
            if hit[1] else hit[0]
        end = hit[0] + len(said)
        if not any(m.start < end and start < m.end for m in found):
            # "customers with unpaid orders": said before a thing, it is that thing's ("orders"), a modifier
            found.append(Mention(start, end, " ".join(tokens[start:end]), "class", class_iri=holder, score=0.8,
                                 modifier=True))
    return found


def _declared_between(a: str, b: str, ontology: Ontology) -> bool:
    """Whether a link declared for both ends joins things of ``a`` and ``b`` (or a kind of ``b``), either way."""
    return any(OWL_THING not in (link.domain, link.range) for kind in ontology.descendants(b) | {b}
               for link in ontology.links_between(a, kind) + ontology.links_between(kind, a))

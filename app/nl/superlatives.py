""""The most expensive book", "the longest audiobook": a superlative of an attribute sorts by it and keeps the first.

A superlative whose noun is a class ("the most books") is a count, handled where
counts are; this module reads the others. Which attribute is meant comes from the
adjective's meaning (MiniLM: "expensive" is near "list price"), among the number
and date attributes of the draft's nodes, with a preference for the node the
adjective stands before. Only English words are read here, never an ontology's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from app.caching import KeyedCache
from app.graph.model import Node, OrderBy, PrototypeGraph
from app.nl.measures import AMOUNTS, EVENT_DATES, general_twin, measured_by
from app.nl.mentions import class_named
from app.nl.retrieval import OntologyIndex
from app.nl.words import COPULAS, ENGLISH, HAVE_FORMS, PEOPLE, SIZE_SUPERLATIVES
from ontology_loaders import Ontology
from ontology_loaders.vocab import RDFS_LABEL, DatatypeKind, datatype_kind, plain_label, value_kind

__all__ = ["SortReading", "read_superlative", "sorted_amounts", "superlative_words"]

# Below this similarity between the adjective and every attribute, the superlative is left unread.
ATTRIBUTE_SIMILARITY = 0.3
# Where no table says what the adjective measures and no noun names a value ("the most famous actor"), only an
# attribute this near in meaning is read: else nothing is sorted by, rather than the nearest guess (victories).
UNMEASURED_SIMILARITY = 0.6
# The node the adjective stands right before is the one meant, unless another's attribute fits far better.
NEXT_NODE_BONUS = 0.1

# Words ending in "est" that are no superlative.
_NOT_SUPERLATIVE = frozenset({"interest", "forest", "request", "test", "west", "guest", "honest", "modest", "contest",
                              "protest", "harvest", "suggest", "digest", "arrest", "invest", "manifest", "chest",
                              "nest", "rest", "quest", "pest", "vest", "crest", "conquest", "inquest", "midwest"})
# For numbers, these mean the low end; every other superlative means the high end.
_LOW_NUMBER = frozenset({"cheapest", "smallest", "shortest", "lowest", "least", "fewest", "slowest", "lightest",
                         "youngest", "thinnest", "poorest", "worst", "nearest", "closest", "narrowest", "weakest",
                         "shallowest"})
# For dates, these mean the earliest; every other superlative means the latest.
_EARLY_DATE = frozenset({"oldest", "earliest", "first"})
# What a size adjective measures, said in words attributes are named with ("the biggest order": its value).
_MEASURES = {word: ("amount", "value") for word in SIZE_SUPERLATIVES}
_FILLERS = frozenset({"the", "a", "an", "of", "by", "in", "and", "paid"})
# After an event's verb, ending the question: which end of its dates is meant
_WHEN_WORDS = {"first": "first", "earliest": "earliest", "last": "latest", "latest": "latest", "recently": "latest"}
_RELATIVE = frozenset({"most", "least", "fewest"})
# Before a thing's noun, an ordinal of time ("the first album", "his last film"), but not a name's part ("first name")
_ORDINALS = {"first": "earliest", "last": "latest"}
_OWNERS = frozenset({"the", "his", "her", "their", "its", "s", "'s"})


@dataclass(frozen=True)
class SortReading:
    """The order a superlative asks for, and the words that said so."""

    order: OrderBy
    words: tuple[int, int]  # token span of the superlative and its adjective
    narrowed_to: str | None = None  # the kind of the sorted node's class that has the attribute ("heaviest": hardware)


def _superlative_at(lowered: Sequence[str], k: int) -> tuple[int, int, str] | None:
    """``(start, end, text)`` of a superlative at token ``k`` ("most expensive", "largest budget", "best paid",
    "weighs the most")."""
    word = lowered[k]
    if word in _RELATIVE and k >= 1 and lowered[k - 1] == "at":
        return None  # "at least 2 books", "at most 3": a bound, read as a comparison
    if word in _WHEN_WORDS and k + 1 == len(lowered) and k >= 1:
        # "who was hired first", "which member joined most recently": the date of the event the verb says
        verb = lowered[k - 2] if word == "recently" and lowered[k - 1] == "most" and k >= 2 else lowered[k - 1]
        if verb in EVENT_DATES:
            return lowered.index(verb, k - 2), k + 1, f"{_WHEN_WORDS[word]} {verb}"
    # ("a music genre … and the first music genre": the one said first, as a templated question refers back)
    if word in _ORDINALS and k >= 1 and lowered[k - 1] in _OWNERS and k + 1 < len(lowered) and \
            lowered[k + 1].isalpha() and lowered[k + 1] not in ENGLISH | {"names", "one", "time"} and \
            lowered[k + 1] not in lowered[:k]:
        return k, k + 1, _ORDINALS[word]  # "the first album of Queen": the earliest; "her last film": the latest
    if word in _RELATIVE and (k + 1 == len(lowered) or lowered[k + 1] in _FILLERS) and k >= 2 and \
            lowered[k - 1] == "the" and lowered[k - 2] not in _FILLERS:
        # "which product weighs the most": the verb says what is measured ("weighs": weight)
        verb = lowered[k - 2]
        return k - 2, k + 1, verb if word == "most" else f"least {verb}"
    if word in _RELATIVE and k + 1 < len(lowered) and lowered[k + 1] != "recently":
        # "the least inhabitants" keeps its word, which says the low end is meant
        return k, k + 2, lowered[k + 1] if word == "most" else f"{word} {lowered[k + 1]}"
    if word in ("best", "worst") or (word.endswith("est") and len(word) >= 6 and word not in _NOT_SUPERLATIVE):
        end = k + 1
        if end < len(lowered) and lowered[end] == "paid":
            end += 1  # "best-paid": a salary
        return k, end, " ".join(lowered[k:end])
    return None


def sorted_amounts(tokens: Sequence[str]) -> set[int]:
    """Positions of a superlative and the amount noun it sorts by ("which country has the largest population"):
    a value, not a thing of a class the noun may also label, and no link's word.

    >>> sorted(sorted_amounts("Which country has the largest population".split()))
    [4, 5]
    >>> sorted_amounts("the most populous country".split()), sorted_amounts("the largest cities".split())
    (set(), set())
    >>> sorted(sorted_amounts("Which city has the most inhabitants in France".split()))
    [4, 5]
    >>> sorted_amounts("What was the first album of Queen".split()), sorted_amounts("his first name".split())
    ({3}, set())
    >>> sorted_amounts("Which river is the longest in Africa".split())
    {4}
    >>> sorted_amounts("a work and a person and the first work has an author".split())
    set()
    """
    lowered = [t.lower() for t in tokens]
    found = set()
    for k in range(len(lowered)):
        at = _superlative_at(lowered, k)
        if at is not None and at[1] < len(lowered) and lowered[at[1]] in AMOUNTS:
            found.update(range(at[0], at[1] + 1))
        elif at is not None and at[2].split()[-1] in PEOPLE:  # "the most inhabitants": a population
            found.update(range(at[0], at[1]))
        elif at is not None and lowered[k] in _ORDINALS:  # "Madonna's first album": no first owner's word
            found.add(k)
        elif at is not None and _predicative(lowered, at) and measured_by(at[2].split()[-1]):
            found.update(range(at[0], at[1]))  # "which river is the longest in Africa": a length, no link's word
    return found


def _predicative(lowered: Sequence[str], at: tuple[int, int, str]) -> bool:
    """Whether a superlative is said after "is the" with no noun of its own ("is the longest in")."""
    start, end, _ = at
    return start >= 2 and lowered[start - 1] == "the" and lowered[start - 2] in COPULAS and \
        (end == len(lowered) or lowered[end] in _FILLERS)


def superlative_words(tokens: Sequence[str]) -> tuple[str, ...]:
    """What the question's first superlative measures, in words: its noun, else what its adjective or verb
    measures ("who has the highest salary": salary; "who earns the most": salary, income).

    >>> superlative_words("who has the highest salary".split()), superlative_words("who earns the most".split())
    (('salary',), ('salary', 'income'))
    >>> superlative_words("who was hired most recently".split())
    ('hire date', 'join date')
    """
    lowered = [t.lower() for t in tokens]
    for k in range(len(lowered)):
        found = _superlative_at(lowered, k)
        if found is None:
            continue
        _, end, adjective = found
        noun = lowered[end] if end < len(lowered) and lowered[end] not in _FILLERS else ""
        return (noun,) if noun else measured_by(adjective.split()[-1])
    return ()


def _descending(adjective: str, kind: DatatypeKind) -> bool:
    first = adjective.split()[0]
    if kind is DatatypeKind.DATE:
        return first not in _EARLY_DATE
    return first not in _LOW_NUMBER


def read_superlative(tokens: Sequence[str], graph: PrototypeGraph, spans: Mapping[str, tuple[int, int]],
                     ontology: Ontology, index: OntologyIndex) -> SortReading | None:
    """The attribute order a superlative in ``tokens`` asks of ``graph``'s nodes, or None.

    ``spans`` gives each node's token span, to find the node the adjective stands before.
    """
    if graph.aggregation is not None or graph.order_by:
        return None
    lowered = [t.lower() for t in tokens]
    taken = {i for start, end in spans.values() for i in range(start, end)}
    for k in range(len(lowered)):
        found = _superlative_at(lowered, k) if k not in taken else None
        if found is None:
            continue
        start, end, adjective = found
        if end <= len(lowered) and any(i in taken for i in range(start + 1, end)):
            continue  # "the most books": a count, not an attribute
        # "the largest budget": the noun after the adjective names the attribute too.
        noun = lowered[end] if end < len(lowered) and end not in taken and lowered[end] not in _FILLERS else ""
        if noun in AMOUNTS and end + 1 < len(lowered) and end + 1 not in taken and lowered[end + 1].isalpha() \
                and lowered[end + 1] not in _FILLERS | COPULAS:
            noun = f"{noun} {lowered[end + 1]}"  # "the highest population density"
        # "the oldest child of": a noun that names no value is what the superlative is said of, not its measure
        noun = noun if noun and _names_a_value(noun, ontology) else ""
        # "the highest mountain": height, elevation; "the highest budget": the noun says what is measured
        measures = _MEASURES.get(adjective) or (() if noun else measured_by(adjective))
        # "the largest lake": an attribute labelled with what the adjective measures, as written (area)
        amount = noun.split()[0] in AMOUNTS if noun else False
        labelled = (noun,) if amount else (() if noun else measured_by(adjective))
        counted = lowered[start] in _RELATIVE and _is_plural_noun(adjective.split()[-1])
        if adjective.split()[-1] in PEOPLE:
            # "the most inhabitants": a population; but "employs the most people": what the verb measures
            verb = lowered[start - 2] if start >= 2 and lowered[start - 1] == "the" else ""
            measures = labelled = (verb and measured_by(verb)) or ("population",)
        # the low end is said by "least", which is no part of what is measured
        said = " ".join(word for word in (adjective.removeprefix("least ").removeprefix("fewest "), noun, *measures)
                        if word)
        # "which river is the longest in Europe", "which city in Germany is the largest": said after "is",
        # the superlative is the subject's, the first thing said
        predicative = not noun and start >= 2 and lowered[start - 1] == "the" and lowered[start - 2] in COPULAS \
            and end not in {s for s, _ in spans.values()}  # "who is the youngest darts player": the player's
        # "which state of the USA has the highest population density": an amount is the subject's, as is a
        # superlative after "is"
        favoured = _said_after(0 if predicative or amount else end + len(noun.split()), spans)
        if start >= 2 and lowered[start - 1] == "the" and lowered[start - 2] in HAVE_FORMS:
            # "which city has the most inhabitants in France", "which of Tim Burton's films had the highest
            # budget": what a thing has is the subject's, the first thing said that is no one's possessor
            favoured = min((s for s in spans.items() if s[1][1] <= start - 2 and lowered[s[1][1]:s[1][1] + 1] != ["s"]),
                           key=lambda s: s[1][0], default=(favoured,))[0]
        unmeasured = not (measures or noun or counted)  # (what is labelled, when no noun, is measured too)
        reading = _best_attribute(said, favoured, graph, ontology, index, labelled, counted,
                                  UNMEASURED_SIMILARITY if unmeasured else ATTRIBUTE_SIMILARITY)
        if reading is not None and lowered[start] in _ORDINALS and _a_person(graph.node(reading[0]).class_, ontology):
            continue  # "the first wife of Henry VIII": the order of a marriage, which no date of a person says
        if reading is not None:
            node_id, attribute, kind, narrowed_to = reading
            attribute = general_twin(attribute, narrowed_to or graph.node(node_id).class_, ontology)
            order = OrderBy(node=node_id, property=attribute, descending=_descending(adjective, kind))
            return SortReading(order, (start, end + len(noun.split())), narrowed_to)
    return None


_value_words: KeyedCache[str, frozenset[str]] = KeyedCache(max_size=8)


def _names_a_value(noun: str, ontology: Ontology) -> bool:
    """Whether ``noun`` is an amount or a word of some attribute's label ("budget", "rating", the "credit" of
    "credit limit"), not only a relation's word ("child")."""
    words = _value_words.get_or_build(ontology.fingerprint, lambda: frozenset(
        word for attribute in ontology.attributes for word in plain_label(attribute.label).split()))
    first = noun.split()[0]
    return first in AMOUNTS or first in words


def _a_person(class_iri: str, ontology: Ontology) -> bool:
    person = class_named("person", ontology)
    return person is not None and ontology.is_subclass(class_iri, person)


def _is_plural_noun(word: str) -> bool:
    """"(the most) visitors", not "(the most) famous": a count of things, which only a number holds.

    >>> _is_plural_noun("visitors"), _is_plural_noun("famous"), _is_plural_noun("expensive")
    (True, False, False)
    """
    return word.endswith("s") and not word.endswith(("ss", "ous"))


def _said_after(after: int, spans: Mapping[str, tuple[int, int]]) -> str | None:
    return min((s for s in spans.items() if s[1][0] >= after), key=lambda s: s[1][0], default=(None,))[0]


def _best_attribute(text: str, favoured: str | None, graph: PrototypeGraph, ontology: Ontology,
                    index: OntologyIndex, measures: Sequence[str] = (), counted: bool = False,
                    least: float = ATTRIBUTE_SIMILARITY) -> tuple[str, str, DatatypeKind, str | None] | None:
    """The (node, attribute, kind, narrower class) whose number or date attribute is nearest ``text`` in meaning.

    An attribute labelled with one of ``measures`` as written wins over one merely near in meaning
    ("the highest mountain": elevation, not maximum elevation); a ``counted`` noun takes numbers only.
    The ``favoured`` node (the one the superlative stands before, or after "is") is preferred. Where no
    node's class has an attribute labelled with a measure, such an attribute of a kind of an unpinned node's
    class counts, and the node takes that kind ("which product is the heaviest": hardware products weigh).
    Nothing scoring below ``least`` is read.
    """
    vector = index.embed(text)
    kinds = (DatatypeKind.NUMBER,) if counted else (DatatypeKind.NUMBER, DatatypeKind.DATE)
    best: tuple[float, str, str, DatatypeKind, str | None] | None = None
    for narrower in (False, True):
        for node in graph.nodes:
            for class_iri, sortable in _sortable(node, ontology, kinds, measures if narrower else None):
                for candidate in index.attributes.score(vector, list(sortable)):
                    named = plain_label(ontology.label(candidate.iri)) in measures
                    score = candidate.score + (NEXT_NODE_BONUS if node.id == favoured else 0.0) + float(named)
                    if best is None or score > best[0]:
                        best = (score, node.id, candidate.iri, sortable[candidate.iri], class_iri if narrower else None)
        if not measures or best is not None and plain_label(ontology.label(best[2])) in measures:
            break  # an attribute labelled with the measure as written; no kind need be looked at
    if best is None or best[0] < least:
        return None
    return best[1:]


def _sortable(node: Node, ontology: Ontology, kinds: Sequence[DatatypeKind],
              measures: Sequence[str] | None) -> list[tuple[str, dict[str, DatatypeKind]]]:
    """The node's class and its number or date attributes; with ``measures``, instead each kind of an unpinned
    node's class and its attributes labelled with a measure that the class itself lacks. A year held as a number
    is still a time: "the oldest library" is the earliest founded."""
    if node.instances or any(c.property == RDFS_LABEL for c in node.constraints):
        return []  # one named thing: there is nothing to choose among ("the oldest child of Meryl Streep")
    if measures is None:
        return [(node.class_, {a.iri: value_kind(a.range, a.label) for a in ontology.attributes_of(node.class_)
                               if datatype_kind(a.range) in kinds})]
    own = {a.iri for a in ontology.attributes_of(node.class_)}
    found = []
    for class_iri in sorted(ontology.descendants(node.class_) - {node.class_}):
        sortable = {a.iri: value_kind(a.range, a.label) for a in ontology.attributes_of(class_iri)
                    if a.iri not in own and datatype_kind(a.range) in kinds and plain_label(a.label) in measures}
        if sortable:
            found.append((class_iri, sortable))
    return found

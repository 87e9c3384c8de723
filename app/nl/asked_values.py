"""Questions whose answer is a value of a thing: "How tall is Claudia Schiffer?", "What is the list price of
the Aurora 15 Laptop?", "When was the Borealis Tower launched?".

A prototype graph answers them by showing the attribute on the thing's node
(:attr:`app.graph.model.Node.shown`). This module reads, in English words only,
that a value is asked, in what words, and where the thing asked about begins; the
ontology's attribute is then the one nearest those words in meaning, among those
the thing's class has. No ontology's labels are written here, so the reading holds
on any ontology.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from app.graph.model import PrototypeGraph
from app.nl.comparisons import find_comparisons
from app.nl.figures import AFTER_VALUE, is_figure_word, trailing_figure
from app.nl.mention_types import Mention
from app.nl.measures import AMOUNTS, EVENT_DATES, MEASURED_BY, VALUE_NOUNS, VERB_MEASURES, general_twin
from app.nl.mentions import class_named, heads_link_labels, is_link_label, word_forms
from app.nl.paraphrases import relation_nouns
from app.nl.retrieval import OntologyIndex
from app.nl.words import DO_FORMS, ENGLISH, PEOPLE, TOKEN, is_plural, is_verb_form
from ontology_loaders import OWL_THING, RDFS_LABEL, Ontology
from ontology_loaders.vocab import local_name, plain_label

__all__ = ["ATTRIBUTE_SIMILARITY", "AskedValue", "asked_of", "asked_value", "class_having", "counted_by_attribute",
           "lacking_value", "measures_before", "nearest_attribute", "read_asked_value", "show_asked",
           "without_value_words"]

# Below this similarity between the question's words and every attribute, no value is read as asked.
ATTRIBUTE_SIMILARITY = 0.5
# A class word that asks a value must name the attribute more closely than that ("population").
SAID_ATTRIBUTE = 0.75

_WH = frozenset({"what", "which"})
_BE = frozenset({"is", "was", "are", "were"})
_ASKING = frozenset({"give", "tell", "show", "list", "name", "find"})  # "Give me the height of …"
# Words that ask for the thing itself, by the name every answer is shown with.
_THE_THING = frozenset({"name", "names", "full name"})
# How many live in a place: its population.
_LIVE = frozenset({"live", "lives", "living", "reside", "dwell"})
# Words that count things rather than name a value ("the total number of …").
_COUNTING = frozenset({"number", "count", "total", "amount", "list", "names"})


@dataclass(frozen=True)
class AskedValue:
    """A value the question asks for: the words that say which, and where the thing it belongs to begins."""

    words: tuple[str, ...]  # each a way to name the value ("weight", "mass")
    span: tuple[int, int]  # the tokens that asked it
    subject_from: int  # the thing asked about is the first one said at or after this token
    counted: bool = False  # "how many pages": were the words a class, things would be counted instead
    covers: bool = False  # the asking words name no thing, whatever class they spell ("how many people live")
    as_written: bool = False  # only a value labelled so will do: "still alive" is no birth date, near as it is


def asked_value(tokens: Sequence[str]) -> AskedValue | None:
    """The value ``tokens`` ask for, or None when the question asks for things, not a value.

    >>> asked_value("What is the list price of the Aurora 15 Laptop".split())
    AskedValue(words=('list price',), span=(3, 5), subject_from=6, counted=False, covers=False, as_written=False)
    >>> asked_value("What is Anna Dubois s job title".split())
    AskedValue(words=('job title',), span=(5, 7), subject_from=2, counted=False, covers=False, as_written=False)
    >>> asked_value("How tall is Claudia Schiffer".split()).words
    ('height',)
    >>> asked_value("When was Frank Herbert born".split()).words
    ('birth date', 'date of birth')
    >>> asked_value("how big is the total area of Bavaria".split()).words
    ('total area',)
    >>> asked_value("How tall is the tower of Pisa".split()).words
    ('height',)
    >>> asked_value("When was the death of Shakespeare".split())
    AskedValue(words=('death date', 'date of death'), span=(3, 4), subject_from=5, counted=False, covers=False, as_written=False)
    >>> asked_value("Is Frank Herbert still alive".split()).words
    ('death date', 'date of death')
    >>> asked_value("Which rivers flow into a German lake".split()) is None
    True
    """
    lowered = [t.lower() for t in tokens]
    if trailing_figure(lowered):
        lowered = lowered[:-2]  # "How much do engineers earn on average": the value is asked as without it
    if len(lowered) < 3:
        return None
    return _the_value_of(lowered) or _how_measured(lowered) or _when(lowered) or _alive(lowered)


def _the_value_of(lowered: Sequence[str]) -> AskedValue | None:
    """"What is the W of …", "Give me the W of …": a few words between "the" and "of"; or after a possessive.
    Said as a search, "the W of …" and "W of …" ask the same."""
    if lowered[0] in _WH and (lowered[1] in _BE or lowered[1] == "s"):  # "what's" is "what is"
        start = 2
    elif lowered[0] in _ASKING:
        start = 2 if lowered[1] == "me" else 1
    elif lowered[0] == "the":
        start = 0  # "the budget of each department", said as a search
    elif lowered[0] == "how" and lowered[2:4] in (["is", "the"], ["was", "the"]) and "of" in lowered[5:8] and \
            (lowered[1] == "much" or lowered[lowered.index("of", 5) - 1] in AMOUNTS):
        start = 3  # "How much is the population of …", "how big is the total area of …"; not "how tall is the
        # tower of Pisa", whose "tower" is the thing
    elif "of" in lowered[1:4] and not ENGLISH & set(lowered[:lowered.index("of")]):
        of = lowered.index("of")  # "salaries of engineers"; not "when was Tides of Dublin …"
        return AskedValue((" ".join(lowered[:of]),), (0, of), of + 1)
    else:
        return None
    if (lowered[start:start + 1] != ["the"] or "of" not in lowered[start:]) and "s" in lowered[start + 1:-1]:
        # "What is Anna Dubois's job title", "What is the Eiffel Tower's height": the words after the possessive
        owner_end = lowered.index("s", start + 1)
        if 1 <= len(lowered) - owner_end - 1 <= 4:
            return AskedValue((" ".join(lowered[owner_end + 1:]),), (owner_end + 1, len(lowered)), start)
    if start >= len(lowered) or lowered[start] != "the":
        return None
    if lowered[start + 1:start + 3] == ["number", "of"] and "of" in lowered[start + 4:start + 7]:
        # "the number of employees of Vireo Labs": a count the thing may have as a value of its own
        of = lowered.index("of", start + 4)
        return AskedValue((" ".join(lowered[start + 1:of]),), (start + 1, of), of + 1, counted=True)
    # "the average salary in the Finance department", "the highest salary by department": after a figure,
    # any preposition ends the value's words
    ends = AFTER_VALUE if start + 1 < len(lowered) and is_figure_word(lowered[start + 1]) else {"of"}
    of = next((i for i in range(start + 2, len(lowered)) if lowered[i] in ends), None)
    if of is None or of - start - 1 > 4:
        return None
    # "the total quantity ordered by Corvid Retail": the participle says how the things relate, not the value
    last = of - 1 if of - start - 1 >= 3 and lowered[of - 1].endswith("ed") and is_verb_form(lowered[of - 1]) else of
    return AskedValue((" ".join(lowered[start + 1:last]),), (start + 1, last), of + 1)


def _how_measured(lowered: Sequence[str]) -> AskedValue | None:
    """"How tall is …", "How much does … cost", "How many pages does … have"; "What does … cost" too.

    >>> _how_measured("what does the aurora 15 laptop cost".split()).words
    ('price', 'cost', 'budget')
    >>> _how_measured("how much revenue does granite bank make".split())
    AskedValue(words=('revenue',), span=(2, 3), subject_from=4, counted=False, covers=False, as_written=False)
    """
    if lowered[0] == "what" and lowered[1] in DO_FORMS and lowered[-1] in VERB_MEASURES:
        return AskedValue(VERB_MEASURES[lowered[-1]], (len(lowered) - 1, len(lowered)), 2)
    if lowered[0] != "how":
        return None
    adjective = lowered[1]
    if adjective in MEASURED_BY and lowered[2] in _BE:
        return AskedValue(MEASURED_BY[adjective], (0, 2), 3)
    if adjective == "much" and lowered[2] in DO_FORMS and lowered[-1] in VERB_MEASURES:
        return AskedValue(VERB_MEASURES[lowered[-1]], (len(lowered) - 1, len(lowered)), 3)
    # "How much revenue does …", "How many pages does …": a noun of at most three words, then "do"
    verb = next((k for k in range(3, min(6, len(lowered) - 1)) if lowered[k] in DO_FORMS), None)
    if adjective == "much" and verb is not None:
        # "How much revenue does Granite Bank make": the noun after "much" is the value, whatever the verb
        return AskedValue((" ".join(lowered[2:verb]),), (2, verb), verb + 1)
    if adjective == "many" and lowered[2] in PEOPLE and len(lowered) > 4 and lowered[3] in _LIVE and \
            lowered[4] == "in":
        return AskedValue(("population",), (2, 4), 5, covers=True)  # "How many people live in Poland"
    if adjective == "many" and lowered[-1] == "have" and verb is not None:
        counted = " ".join(lowered[2:verb])
        if counted in PEOPLE:  # "How many inhabitants does Maribor have"
            return AskedValue(("population",), (2, verb), verb + 1, covers=True)
        return AskedValue((f"number of {counted}",), (2, verb), verb + 1, counted=True)
    return None


def _when(lowered: Sequence[str]) -> AskedValue | None:
    """"When was X born", "In which year was X founded", "What year did X die": the date of an event."""
    if lowered[0] == "when" and lowered[1] in _BE | DO_FORMS:
        subject_from, year = 2, False
    elif lowered[0] in _WH and lowered[1] == "year" and lowered[2] in _BE | DO_FORMS:
        subject_from, year = 3, True
    elif lowered[0] == "in" and lowered[1] in _WH and len(lowered) > 3 and lowered[2] == "year" and \
            lowered[3] in _BE | DO_FORMS:
        subject_from, year = 4, True
    else:
        return None
    if lowered[subject_from] == "the" and "of" in lowered[subject_from + 2:subject_from + 5] and \
            lowered[-1] not in EVENT_DATES:
        # "When was the death of Shakespeare": the event is named, and its thing follows "of" (but "When was the
        # University of Oxford founded" names a thing, and its verb the event)
        of = lowered.index("of", subject_from + 2)
        event = " ".join(lowered[subject_from + 1:of])
        nouns = (event,) if event.endswith(("date", "year")) else (f"{event} date", f"date of {event}")
        return AskedValue(nouns, (subject_from + 1, of), of + 1)
    verb = lowered[-1]
    event = next((form for form in (verb, verb + "d", verb + "ed") if form in EVENT_DATES), None)
    nouns = EVENT_DATES[event] if event else (f"{verb} date",)
    words = tuple(noun.replace("date", "year") if year else noun for noun in nouns)
    return AskedValue(words, (len(lowered) - 1, len(lowered)), subject_from)


def _alive(lowered: Sequence[str]) -> AskedValue | None:
    """"Is Frank Herbert still alive?", "Is X dead?": whether a death date is known.

    >>> asked = _alive("is frank herbert still alive".split())
    >>> asked.words, asked.span, asked.subject_from, asked.as_written
    (('death date', 'date of death'), (3, 5), 1, True)
    """
    if lowered[0] not in _BE or lowered[-1] not in ("alive", "dead", "living"):
        return None
    start = len(lowered) - 2 if lowered[-2] == "still" else len(lowered) - 1
    return AskedValue(EVENT_DATES["died"], (start, len(lowered)), 1, as_written=True)


def nearest_attribute(words: Sequence[str], class_iri: str | None, ontology: Ontology, index: OntologyIndex,
                      at_least: float = ATTRIBUTE_SIMILARITY) -> tuple[str, float] | None:
    """The attribute of ``class_iri`` (of any class when None) that ``words`` name, with a score.

    A label said as written wins ("weight" names "weight (kg)"), or the IRI's own name ("headcount");
    otherwise the nearest in meaning to any of the words.
    """
    if class_iri is None or class_iri == OWL_THING:
        candidates = [a.iri for a in ontology.attributes]
    else:
        candidates = [a.iri for a in ontology.attributes_of(class_iri)]
    said = {w.lower() for w in words} | {w.lower().replace(" ", "") for w in words}
    said |= {noun for w in words for noun in VALUE_NOUNS.get(w.lower(), ())}  # "birthdays": a birth date
    said |= {form for w in words if w.strip() for form in word_forms(w.lower().split())}  # "the birth dates of"
    # "total population" names "population total" too: the same words in another order
    said_sets = {frozenset(w.split()) for w in said}
    named = [iri for iri in candidates if plain_label(ontology.label(iri)) in said or local_name(iri).lower() in said
             or frozenset(plain_label(ontology.label(iri)).split()) in said_sets]
    named = named or _class_prefixed(said, candidates, class_iri, ontology)
    if not named and class_iri not in (None, OWL_THING):
        named = _one_by_head(words, candidates, ontology)
    if named:
        return min(named, key=lambda iri: _specificity(iri, ontology)), 1.0
    best = None
    for vector in index.embed_many(list(words)):
        for candidate in index.attributes.score(vector, candidates)[:1]:
            if best is None or candidate.score > best.score:
                best = candidate
    if best is None or best.score < at_least:
        return None
    return best.iri, best.score


def _class_prefixed(said: set[str], candidates: Sequence[str], class_iri: str | None, ontology: Ontology) -> list[str]:
    """"The status of Project Orion": an attribute labelled with the thing's class word and the word said
    ("project status", "order status" of a sales order)."""
    if class_iri is None or class_iri == OWL_THING:
        return []
    class_words = {w for c in (class_iri, *ontology.ancestors(class_iri)) for w in plain_label(ontology.label(c)).split()}
    found = []
    for iri in candidates:
        *before, last = plain_label(ontology.label(iri)).split() or [""]
        if before and last in said and all(w in class_words for w in before):
            found.append(iri)
    return found


def _one_by_head(words: Sequence[str], candidates: Sequence[str], ontology: Ontology) -> list[str]:
    """"The (total) value of orders": the one attribute whose label ends in the head noun said ("net value"),
    where the other words name none ("total quantity" shares only "total").

    >>> from ontology_loaders.model import Attribute
    >>> onto = Ontology(attributes=[Attribute(iri="ex:net", label="net value"),
    ...                             Attribute(iri="ex:q", label="total quantity")])
    >>> _one_by_head(["total value"], ["ex:net", "ex:q"], onto), _one_by_head(["total"], ["ex:net", "ex:q"], onto)
    (['ex:net'], [])
    """
    heads = {w.lower().split()[-1] for w in words if w.split()}
    # "employees of …" are things; "their number of orders" is a count, not a number attribute
    heads = {head for head in heads if class_named(head, ontology) is None and head not in ("number", "numbers")}
    found = [iri for iri in candidates if _head(plain_label(ontology.label(iri))) in heads]
    return found if len(found) == 1 else []


def _head(label: str) -> str:
    """The noun a label is of: its last word, or the word before "of" ("number of employees": number)."""
    words = label.split() or [""]
    return words[words.index("of") - 1] if "of" in words[1:] else words[-1]


def class_having(words: Sequence[str], ontology: Ontology, index: OntologyIndex) -> str | None:
    """The class that has the attribute ``words`` name as written ("death date": DBpedia's Animal), or None
    when none is named so or it belongs to any thing."""
    named = nearest_attribute(words, None, ontology, index, at_least=1.0) if words else None
    domain = ontology.get_attribute(named[0]).domain if named else OWL_THING
    return domain if domain != OWL_THING and ontology.has_class(domain) else None


def _specificity(attribute: str, ontology: Ontology) -> int:
    """How many classes stand above the attribute's domain. Of attributes with one name, the most general
    is meant: it applies to every class below it, and one of a narrower class is a view of it in other
    units (DBpedia's "height (cm)" of a person beside "height")."""
    return len(ontology.ancestors(ontology.get_attribute(attribute).domain))


def asked_of(mentions: Sequence[Mention], asked: AskedValue) -> int | None:
    """The index of the mention the value belongs to: the first said where the thing asked about begins."""
    return next((i for i, m in enumerate(mentions) if m.start >= asked.subject_from), None)


def read_asked_value(tokens: Sequence[str], mentions: Sequence[Mention], ontology: Ontology,
                     index: OntologyIndex) -> tuple[AskedValue | None, list[Mention]]:
    """The value the question asks for, if any, and its mentions less the words that only asked it.

    Words that name a thing are no value: "How many employees does Halvard have" counts
    employees, "What is the capital of Canada" asks for a city.
    """
    asked = _also_without_figure(_without_the_name(asked_value(tokens)))
    if asked is not None and asked.words[0] in _THE_THING:
        # "What is the name of the wife of Bill Clinton": the wife, whose name every answer shows
        return None, [m for m in mentions if not asked.span[0] <= m.start < asked.span[1]]
    if asked is None or (not asked.covers and _names_things(asked, ontology)):
        return None, list(mentions)
    kept = without_value_words(mentions, asked, ontology, index)
    if asked.covers:
        kept = [m for m in kept if not asked.span[0] <= m.start < asked.span[1]]
    elif asked.counted:
        # "How many employees does Vireo Labs have": a named thing's own count of them, where it has one
        subject = asked_of(kept, asked)
        of = (kept[subject].class_iri,) if subject is not None and kept[subject].kind != "class" and \
            kept[subject].class_iri else ()
        kept = [m for m in kept if not (asked.span[0] <= m.start < asked.span[1] and
                                        counted_by_attribute(m, ontology, of))]
    if any(asked.span[0] <= m.start < asked.span[1] for m in kept):
        return None, list(mentions)
    return asked, kept


def _without_the_name(asked: AskedValue | None) -> AskedValue | None:
    """"the names and salaries of all engineers": every answer shows its name; the salary is the value asked.

    >>> _without_the_name(AskedValue(("names and salaries",), (2, 5), 6)).words
    ('salaries',)
    """
    first = asked.words[0].split() if asked is not None else []
    if len(first) < 3 or first[0] not in _THE_THING or first[1] != "and":
        return asked
    return dataclasses.replace(asked, words=(" ".join(first[2:]),), span=(asked.span[0] + 2, asked.span[1]))


def _also_without_figure(asked: AskedValue | None) -> AskedValue | None:
    """"the average page count": the value is found by its words without the figure word too, after them
    as said ("average rating" may be an attribute's own label).

    >>> _also_without_figure(AskedValue(("average page count",), (3, 6), 7)).words
    ('average page count', 'page count')
    """
    if asked is None:
        return None
    # ("total" stays: "the total area" may name an area of its own, as DBpedia's "area total")
    stripped = tuple(rest for words in asked.words if is_figure_word((parts := words.split(maxsplit=1))[0])
                     and parts[0] != "total" and len(parts) == 2 and (rest := parts[1]) not in asked.words)
    return dataclasses.replace(asked, words=(*asked.words, *stripped)) if stripped else asked



def counted_by_attribute(mention: Mention, ontology: Ontology, of: Sequence[str] = ()) -> str | None:
    """The attribute that counts what ``mention`` says, when no class is labelled with its words.

    "How many employees does Siemens have" asks DBpedia's "number of employees", since no class there is
    labelled "employee" ("employer" is only near in meaning); where "employee" is a class, the
    employees are things to count.

    >>> from ontology_loaders.model import Attribute, OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Employer", label="employer")],
    ...                 attributes=[Attribute(iri="ex:n", label="number of employees", domain="ex:Employer")])
    >>> counted_by_attribute(Mention(2, 3, "employees", "class", "ex:Employer", score=0.75), onto)
    'ex:n'
    >>> counted_by_attribute(Mention(2, 3, "employers", "class", "ex:Employer"), onto) is None
    True

    ``of``: the classes of the things compared. Where one of them has the count as an attribute, the
    attribute is meant even when the noun is a class ("companies with more than 1000 employees": their
    number of employees, not the employees the data happens to list).
    """
    if mention.kind != "class" or mention.score >= 1.0 and not of:
        return None
    head = mention.text.lower().split()[-1:]  # "a million inhabitants" counts inhabitants
    said = {f"number of {form}" for form in word_forms(head)} | {f"{form} count" for form in word_forms(head)}
    if head[0] in PEOPLE:
        said |= {"population", "population total"}  # "a million inhabitants"
    counting = [a for a in ontology.attributes if plain_label(a.label) in said]
    if class_named(mention.text, ontology):  # "more than 5 employees" of a department: employees to count
        counting = [a for a in counting if any(ontology.is_subclass(c, a.domain) for c in of)]
    return counting[0].iri if counting else None


def _names_things(asked: AskedValue, ontology: Ontology) -> bool:
    """Whether the words ask for things after all: a count ("the total number of members") or a link's
    label ("the region of", "the predecessor of"), which the relations read. An amount is always a value."""
    words = asked.words[0]
    compounds = {said for said in asked.words if " " in said}
    if words in AMOUNTS or compounds and any(plain_label(a.label) in compounds for a in ontology.attributes):
        return False  # "the (average) page count of …": an attribute's own label ("the number of …" still counts)
    # "the birth location of …": an everyday word for a link's label names things as the label does
    return words.split()[-1] in _COUNTING or (len(asked.words) == 1 and any(
        is_link_label(label, ontology) for label in (words, *relation_nouns([words])))) or \
        heads_link_labels(words, ontology) or \
        (is_plural(words) and class_named(words, ontology) is not None)  # "the members of ABBA", "the books of"


def without_value_words(mentions: Sequence[Mention], asked: AskedValue, ontology: Ontology,
                        index: OntologyIndex) -> list[Mention]:
    """``mentions`` less the class words that only say which value is asked: "the population of Cairo" asks
    Cairo's population, not a thing of the class Population.

    Such a word stands before the thing asked about and names one of its attributes closely
    (:data:`SAID_ATTRIBUTE`); a word for a link ("the capital of Canada") is never one.
    """
    subject = asked_of(mentions, asked)
    if subject is None or asked.counted:
        return list(mentions)
    subject_class = mentions[subject].class_iri
    kept = []
    for i, mention in enumerate(mentions):
        # a capitalised attribute name ("the ISBN of …") reads as a name at first
        before = i < subject and mention.kind in ("class", "name") and mention.end <= asked.subject_from
        said = before and nearest_attribute((mention.text.lower(),), subject_class, ontology, index, SAID_ATTRIBUTE)
        # "the publication date of …", "when was the publication of …": a word of an attribute's label as
        # written, inside the words that ask for it, though a class bears a like name (a publisher)
        within = before and asked.span[0] <= mention.start and mention.end <= asked.span[1]
        if not said and not (within and nearest_attribute(asked.words, subject_class, ontology, index, 1.0)):
            kept.append(mention)
    return kept


def show_asked(graph: PrototypeGraph, spans: Mapping[str, tuple[int, int]], asked: AskedValue,
               ontology: Ontology, index: OntologyIndex) -> tuple[PrototypeGraph, str, str] | None:
    """``graph`` with the asked value shown on its node, with that node's id and the attribute; None if none fits.

    A name whose guessed class has no such value takes the attribute's own class, so the draft stays valid.
    """
    node_id = min((n for n, (start, _) in spans.items() if start >= asked.subject_from),
                  key=lambda n: spans[n][0], default=None)
    node = graph.node(node_id) if node_id else None
    if node is None:
        return None
    at_least = 1.0 if asked.as_written else ATTRIBUTE_SIMILARITY
    found = nearest_attribute(asked.words, node.class_, ontology, index, at_least)
    head = next((n for n, (start, _) in spans.items() if start == spans[node.id][1]), None)
    if found is None and node.instances and head is not None:
        # "the average rating of fantasy novels": a known thing right before a class word describes it
        node = graph.node(head)
        node_id, found = node.id, nearest_attribute(asked.words, node.class_, ontology, index, at_least)
    guessed = any(c.property == RDFS_LABEL for c in node.constraints) and not node.instances
    if found is None and guessed:
        # a name typed by guess: a class that has the value is the better guess ("How much did X cost")
        found = nearest_attribute(asked.words, None, ontology, index, at_least)
    if found is None:
        return None
    attribute = found[0]
    update: dict[str, object] = {}
    domain = ontology.get_attribute(attribute).domain
    if not ontology.is_subclass(node.class_, domain):
        # a name left untyped (owl:Thing, the model out of time) takes the class that has the value
        if not ontology.has_class(domain):
            return None
        update["class_"] = domain
    # "the runtime of Toy Story": the general runtime, not a narrower twin in other units ("runtime (m)")
    attribute = general_twin(attribute, str(update.get("class_", node.class_)), ontology)
    update["shown"] = (*node.shown, attribute)
    nodes = tuple(node.model_copy(update=update) if n.id == node_id else n for n in graph.nodes)
    return graph.model_copy(update={"nodes": nodes}), node_id, attribute


def lacking_value(name: str, class_iri: str | None, asked: AskedValue, ontology: Ontology) -> str:
    """Why a value asked of one named thing cannot be drafted: its class has no such attribute.

    >>> from ontology_loaders.model import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Contact", label="contact person")])
    >>> "Tomas Jensen is a contact person, and this ontology gives a contact person no salary;" in lacking_value(
    ...     "Tomas Jensen", "ex:Contact", AskedValue(("salary",), (3, 4), 5), onto)
    True
    """
    kind = ontology.label(class_iri) if class_iri and class_iri != OWL_THING else None
    said = f"{name} is a {kind}, and this ontology gives a {kind}" if kind else f"this ontology gives {name}"
    return f"not understood: {said} no {asked.words[0]}; ask for another of its values, or build the graph " \
           "on the canvas"


def measures_before(question: str, mentions: Sequence[Mention], ontology: Ontology) -> frozenset[int]:
    """Where a class word right before a comparison (or its "of") opens an attribute label of another thing the
    question names: "Which cities have a population of more than one million" bounds the cities' population
    total; it names no thing of the class labelled "population".

    >>> from ontology_loaders.model import Attribute, OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:City", label="city")],
    ...                 attributes=[Attribute(iri="ex:p", label="population total", domain="ex:City")])
    >>> said = [Mention(1, 2, "cities", "class", "ex:City"), Mention(4, 5, "population", "class", "ex:Population")]
    >>> sorted(measures_before("Which cities have a population of more than one million", said, onto))
    [4]
    """
    starts = [m.start() for m in TOKEN.finditer(question)]
    firsts = {next((i for i, at in enumerate(starts) if at >= c.span[0]), -1) for c in find_comparisons(question)}
    lowered = [t.lower() for t in TOKEN.findall(question)]
    found = set()
    for mention in mentions:
        end = mention.end + 1 if lowered[mention.end:mention.end + 1] == ["of"] else mention.end
        if mention.kind != "class" or end not in firsts:
            continue
        words = mention.text.lower().split()
        labels = [plain_label(a.label).split() for other in mentions if other.class_iri not in (None, mention.class_iri)
                  for a in ontology.attributes_of(other.class_iri)]
        if any(label[:len(words)] == words for label in labels):
            found.add(mention.start)
    return frozenset(found)

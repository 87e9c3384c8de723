""""Mountains higher than 8000 metres", "members who joined after 2020": a comparison becomes a typed constraint.

The comparison words and the number are English, read here; which attribute they
compare comes from the words around them ("higher … metres" is near "elevation",
"joined" near "join date"), among the number attributes (for a number) or the date
attributes (for a year) of the draft's nodes. The value always fits the attribute's
datatype: a year on a date becomes a whole-day bound, never a bare number.
"""

from __future__ import annotations

import calendar
import datetime
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from app.graph.asked import is_open
from app.graph.dates import XSD_GYEAR, XSD_GYEARMONTH
from app.graph.model import Constraint, ConstraintOp, PrototypeGraph
from app.nl.act_dates import dated_by_verb, dated_clause_verb, event_dates_before
from app.nl.measures import EVENT_DATES, VERB_MEASURES, general_twin, measured_by
from app.nl.mention_types import Mention
from app.nl.mentions import word_forms
from app.nl.retrieval import OntologyIndex
from app.nl.relative_dates import relative_date_bounds
from app.nl.units import in_unit_of_label, unit_after
from app.nl.written_days import DATE_BOUNDS, written_days
from app.nl.words import ENGLISH, MONTHS, NUMBER_WORDS, PEOPLE, PREDICATE_VERBS, PREPOSITIONS, is_verb_form
from ontology_loaders import Ontology
from ontology_loaders.vocab import DatatypeKind, datatype_kind, plain_label, value_kind

__all__ = ["CURRENCIES", "Comparison", "CountReading", "bounded_labels", "compared_positions", "find_comparisons",
           "narrowed_for_comparisons", "read_comparisons", "read_count_conditions"]

# Below this similarity between the comparison's words and every attribute, the comparison is left unread.
ATTRIBUTE_SIMILARITY = 0.2
# The node named just before the comparison is the one compared, unless another's attribute fits far better.
NEAREST_NODE_BONUS = 0.1

_NUMBER = (r"(?:[$€£¥]\s?)?(\d[\d,]*(?:\.\d+)?|a(?=\s+(?:thousand|million|billion))|" + "|".join(NUMBER_WORDS) +
           r")(?:\s+(thousand|million|billion))?\b")
_SCALE = {"thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
_MORE = r"more|greater|higher|larger|bigger|taller|longer|heavier|older|over|above|exceeding"
_LESS = r"less|fewer|lower|smaller|shorter|lighter|younger|cheaper|under|below"
_NUMBER_FORMS = (
    (re.compile(rf"\b(?:{_MORE})(?:\s+than)?\s+{_NUMBER}", re.I), ">"),
    (re.compile(rf"\b(?:{_LESS})(?:\s+than)?\s+{_NUMBER}", re.I), "<"),
    (re.compile(rf"\bat\s+least\s+{_NUMBER}", re.I), ">="),
    (re.compile(rf"\bat\s+most\s+{_NUMBER}", re.I), "<="),
)
_MONTH = "(?:(" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?\s+)?"  # "after March 2024"
_YEAR_FORMS = tuple((re.compile(rf"\b(?:{words})\s+{_MONTH}(\d{{4}})\b", re.I), op)
                    for words, op in (*DATE_BOUNDS, (r"in|during|from", "in")))  # "orders from 2024"
# "in the 19th century", "in the 1990s": a span of years, as people count them (1800–1899)
_PERIOD_FORMS = (
    (re.compile(r"\bin\s+the\s+(\d{1,2})(?:st|nd|rd|th)\s+century\b", re.I), lambda n: (100 * (n - 1), 100 * n - 1)),
    (re.compile(r"\bin\s+the\s+(\d{3}0)s\b", re.I), lambda n: (n, n + 9)),
)
# "released between 1980 and 1990", "from 2001 to 2005": both years in the span
_YEAR_RANGES = (re.compile(r"\bbetween\s+(\d{4})\s+and\s+(\d{4})\b", re.I),
                re.compile(r"\bfrom\s+(\d{4})\s+(?:to|until|till)\s+(\d{4})\b", re.I))
# "a salary between 50000 and 70000", "from 10 to 20 kg": both numbers bound it
_NUMBER_RANGES = (re.compile(rf"\bbetween\s+{_NUMBER}\s+and\s+{_NUMBER}", re.I),
                  re.compile(rf"\bfrom\s+{_NUMBER}\s+(?:to|until|till)\s+{_NUMBER}", re.I))
# "older than 50": an age, which a knowledge graph keeps as a birth date, so a bound on the date it gives
_AGE_FORMS = re.compile(r"\b(older|younger)\s+than\s+(\d{1,3})(?:\s+years?)?(?:\s+old)?\b", re.I)
_CONTEXT_STOP = frozenset("a an the of in on at to by for with from and or is are was were be been who whom which "
                          "that than there have has had do does did more less at least most".split())


@dataclass(frozen=True)
class Comparison:
    """One comparison read from the question: its bounds, its kind, its character span and its words."""

    bounds: tuple[tuple[str, int | float | str], ...]  # (op, value); a year "in 2023" gives two
    kind: DatatypeKind
    span: tuple[int, int]
    words: str


def _number(digits: str, scale: str | None) -> int | float:
    """A number as digits or in words, with its scale.

    >>> _number("a", "million"), _number("ten", None), _number("2,500", None)
    (1000000, 10, 2500)
    """
    word = digits.lower()
    value = 1.0 if word == "a" else float(NUMBER_WORDS.get(word, digits.replace(",", "")))  # "a million"
    value *= _SCALE.get((scale or "").lower(), 1)
    return int(value) if value.is_integer() else value


def _year_bounds(op: str, year: int, month: int | None = None) -> tuple[tuple[str, str], ...]:
    """The day bounds of a year, or of one month of it.

    >>> _year_bounds("in", 2023), _year_bounds(">", 2024, 2), _year_bounds("<", 2024, 3)
    ((('>=', '2023-01-01'), ('<=', '2023-12-31')), (('>', '2024-02-29'),), (('<', '2024-03-01'),))
    """
    first = f"{year}-{month or 1:02d}-01"
    last = f"{year}-{month or 12:02d}-{calendar.monthrange(year, month or 12)[1]:02d}"
    if op == "in":
        return (">=", first), ("<=", last)
    # "after 2020" leaves out all of 2020; "before 2010" all of 2010.
    return ((op, last if op in (">", "<=") else first),)


@dataclass(frozen=True)
class CountReading:
    """"More than 5 employees" said of departments: count the employees of each department, keep those above 5."""

    counted: str
    per: str
    op: str
    value: int
    words: str


def find_comparisons(question: str) -> list[Comparison]:
    """Every comparison of the question, in order; a number may be compared once only.

    >>> [(c.bounds, c.kind.value) for c in find_comparisons("Mountains higher than 8000 metres")]
    [((('>', 8000),), 'number')]
    >>> [c.bounds for c in find_comparisons("cities with more than a million inhabitants, founded after 1900")]
    [(('>', 1000000),), (('>', '1900-12-31'),)]
    >>> [c.bounds for c in find_comparisons("invoices due after March 2024")]
    [(('>', '2024-03-31'),)]
    >>> [c.bounds for c in find_comparisons("writers born in the 19th century, cities with over two million people")]
    [(('>=', '1800-01-01'), ('<=', '1899-12-31')), (('>', 2000000),)]
    >>> [c.bounds for c in find_comparisons("films with a budget of at least $80 million")]
    [(('>=', 80000000),)]
    >>> [c.bounds for c in find_comparisons("films released in the 1990s")]
    [(('>=', '1990-01-01'), ('<=', '1999-12-31'))]
    >>> [c.bounds for c in find_comparisons("songs released between 1980 and 1990")]
    [(('>=', '1980-01-01'), ('<=', '1990-12-31'))]
    >>> [c.bounds for c in find_comparisons("a salary between 50,000 and 70,000")]
    [(('>=', 50000), ('<=', 70000))]
    >>> [(c.bounds[0][0], c.kind.value) for c in find_comparisons("managers older than 50")]
    [('<', 'date')]
    >>> [c.bounds for c in find_comparisons("invoices due before 2024-03-01, orders since 2023-02-30")]
    [(('<', '2024-03-01'),)]
    """
    found: list[Comparison] = [_age_bound(match) for match in _AGE_FORMS.finditer(question)]
    # "placed last year", "hired in the last two years": from the day the question is asked
    found += [Comparison(bounds, DatatypeKind.DATE, span, words)
              for bounds, span, words in relative_date_bounds(question)]
    taken: list[tuple[int, int]] = [c.span for c in found]
    for pattern, op in _NUMBER_FORMS:
        for match in pattern.finditer(question):
            if any(s <= match.start() < e for s, e in taken):
                continue
            found.append(Comparison(((op, _number(match.group(1), match.group(2))),), DatatypeKind.NUMBER,
                                    match.span(), match.group(0)))
            taken.append(match.span())
    for pattern, years in _PERIOD_FORMS:
        for match in pattern.finditer(question):
            first, last = years(int(match.group(1)))
            found.append(Comparison(((">=", f"{first:04d}-01-01"), ("<=", f"{last:04d}-12-31")), DatatypeKind.DATE,
                                    match.span(), match.group(0)))
            taken.append(match.span())
    for pattern in _YEAR_RANGES:
        for match in pattern.finditer(question):
            first, last = sorted((int(match.group(1)), int(match.group(2))))
            found.append(Comparison(((">=", f"{first:04d}-01-01"), ("<=", f"{last:04d}-12-31")), DatatypeKind.DATE,
                                    match.span(), match.group(0)))
            taken.append(match.span())
    for pattern in _NUMBER_RANGES:
        for match in pattern.finditer(question):
            if any(s <= match.start() < e for s, e in taken):
                continue
            low, high = sorted((_number(match.group(1), match.group(2)), _number(match.group(3), match.group(4))))
            found.append(Comparison(((">=", low), ("<=", high)), DatatypeKind.NUMBER, match.span(), match.group(0)))
            taken.append(match.span())
    for op, day, span, words in written_days(question):
        if day is not None:  # a day that cannot exist bounds nothing, not even its year
            found.append(Comparison(((op, day),), DatatypeKind.DATE, span, words))
        taken.append(span)
    for pattern, op in _YEAR_FORMS:
        for match in pattern.finditer(question):
            if any(s <= match.start(2) < e for s, e in taken):
                continue
            month = MONTHS[match.group(1).lower()] if match.group(1) else None
            found.append(Comparison(_year_bounds(op, int(match.group(2)), month), DatatypeKind.DATE, match.span(),
                                    match.group(0)))
            taken.append(match.span())
    return sorted(found, key=lambda c: c.span)


def _age_bound(match: re.Match[str]) -> Comparison:
    """"older than 50": born before this day 50 years ago; "younger than 30": after it."""
    today = datetime.date.today()
    years = int(match.group(2))
    day = today.replace(year=today.year - years, day=28 if (today.month, today.day) == (2, 29) else today.day)
    op = "<" if match.group(1).lower() == "older" else ">"
    return Comparison(((op, day.isoformat()),), DatatypeKind.DATE, match.span(), match.group(0))


def _context(question: str, comparison: Comparison) -> str:
    """The comparison's own word and those around it that say what is compared ("joined", "metres")."""
    before = re.findall(r"[^\W\d_]+", question[:comparison.span[0]])[-3:]
    after = re.findall(r"[^\W\d_]+", question[comparison.span[1]:])[:1]
    own = re.findall(r"[^\W\d_]+", comparison.words)[:1]
    words = [w for w in [*before, *own, *after] if w.lower() not in _CONTEXT_STOP]
    money = any(w.lower() in CURRENCIES for w in words) or any(sign in comparison.words for sign in "$€£¥")
    # "products that cost more than 1000": what the verb measures (price), not what is near a number
    measured = [noun for w in words for noun in VERB_MEASURES.get(w.lower().removesuffix("s"), ())]
    return " ".join(words + [noun for w in words for noun in EVENT_DATES.get(w.lower(), ())] + measured
                    + (["price", "value"] if money else []))


# "orders over 10000 euros": an amount of money is a price or a value, not a quantity
CURRENCIES = frozenset({"euro", "euros", "eur", "dollar", "dollars", "usd", "pound", "pounds", "gbp", "yen",
                         "franc", "francs", "chf"})



def compared_positions(tokens: Sequence[str], mentions: Sequence[Mention]) -> set[int]:
    """Token positions of the question's comparisons, with the attribute said before them ("with a salary above
    80000", "whose budget is over 1 million"): a condition on a thing, never words of how two things relate.

    >>> sorted(compared_positions("employees with a salary above 80000 in the Finance department".split(), []))
    [1, 2, 3, 4, 5]
    >>> sorted(compared_positions("books with more than 300 pages written by".split(), []))
    [1, 2, 3, 4, 5]
    """
    starts, offset = [], 0
    for token in tokens:
        starts.append(offset)
        offset += len(token) + 1
    named = {i for m in mentions for i in range(m.start, m.end)}
    opening = {m.start for m in mentions}
    found: set[int] = set()
    for comparison in find_comparisons(" ".join(tokens)):
        inside = [i for i, at in enumerate(starts) if comparison.span[0] <= at < comparison.span[1]]
        if not inside or inside[-1] + 1 in opening:
            continue  # "branches with fewer than 5 librarians": things counted, which the words do relate
        found.update(inside)
        # "with more than 300 pages by William Goldman": what is measured, no relation ("more than two official
        # languages": a word of the things counted, which the words relate)
        after = inside[-1] + 1
        if after < len(tokens) and tokens[after].isalpha() and tokens[after].lower() not in ENGLISH and \
                not is_verb_form(tokens[after]) and after + 1 not in opening:
            found.add(after)
        for j in range(inside[0] - 1, max(inside[0] - 5, -1), -1):
            if j in named:
                break
            if tokens[j].lower() in ("with", "whose", "having"):
                found.update(range(j, inside[0]))
                break
        if comparison.kind is DatatypeKind.DATE:  # "films released in 2010 were directed by …"
            found.update(set(dated_clause_verb(tokens, inside[0], inside[-1])) - named)
    return found


def read_comparisons(question: str, graph: PrototypeGraph, spans: Mapping[str, tuple[int, int]],
                     ontology: Ontology, index: OntologyIndex) -> list[tuple[str, Constraint, str]]:
    """``(node id, constraint, words)`` for every comparison an attribute of ``graph``'s nodes can take.

    ``spans`` gives each node's character span in ``question``, to prefer the node named just before.
    """
    readings = []
    named = _named_nodes(graph)
    for comparison in find_comparisons(question):
        if comparison.kind is DatatypeKind.NUMBER and _counted_node(question, comparison, spans) is not None:
            continue  # "more than ten caves": things counted, which no attribute holds
        nearest = _compared_node(question, comparison, spans, named)
        best = _best_attribute(_context(question, comparison), comparison.kind, nearest, graph, ontology, index,
                               _counted_labels(question, comparison) | _dated_labels(question, comparison)
                               | _dated_by_verb(question, comparison, graph, ontology), named)
        if best is None:
            continue
        node_id, attribute = best
        unit = unit_after(question[comparison.span[1]:]) if comparison.kind is DatatypeKind.NUMBER else None
        # "higher than 2 meters": the general height; "taller than 200 cm": its twin in centimetres
        attribute = general_twin(attribute, graph.node(node_id).class_, ontology, unit)
        datatype = ontology.get_attribute(attribute).range
        for op, value in comparison.bounds:
            if unit is not None and isinstance(value, (int, float)):
                value = in_unit_of_label(value, unit, ontology.label(attribute))  # "ten hours": 600 minutes
            readings.append((node_id, Constraint(property=attribute, op=ConstraintOp(op),
                                                 value=_in_datatype(value, datatype), datatype=datatype),
                             comparison.words))
    return readings


def narrowed_for_comparisons(question: str, graph: PrototypeGraph, spans: Mapping[str, tuple[int, int]],
                             ontology: Ontology) -> dict[str, str]:
    """Node id → the kind of its class that has what a comparative measures, where the class itself lacks it:
    "products heavier than 2 kg" are hardware products, the kind that has a weight (as "the heaviest
    product" is). Only one most general such kind will do; a pinned node keeps its class."""
    named = _named_nodes(graph)
    narrowed: dict[str, str] = {}
    for comparison in find_comparisons(question):
        measures = set(_measured(question, comparison)) if comparison.kind is DatatypeKind.NUMBER else set()
        node_id = _compared_node(question, comparison, spans, named) if measures else None
        node = graph.node(node_id) if node_id else None
        if node is None or node.instances or _measures(node.class_, measures, ontology):
            continue
        kinds = {c for c in ontology.descendants(node.class_) - {node.class_} if _measures(c, measures, ontology)}
        top = [c for c in kinds if not any(other != c and ontology.is_subclass(c, other) for other in kinds)]
        if len(top) == 1:
            narrowed[node.id] = top[0]
    return narrowed


def bounded_labels(question: str) -> tuple[str, ...]:
    """The attribute labels the question's comparisons name as written: "born before 1980" bounds a birth date,
    "with a salary above 90000" a salary.

    >>> bounded_labels("Who was born before 1980?"), bounded_labels("Who is taller than 2 metres?")
    (('birth date', 'date of birth'), ('height',))
    """
    labels: set[str] = set()
    for comparison in find_comparisons(question):
        measured = _measured(question, comparison) if comparison.kind is DatatypeKind.NUMBER else frozenset()
        labels |= _dated_labels(question, comparison) | measured
    return tuple(sorted(labels))


def _named_nodes(graph: PrototypeGraph) -> frozenset[str]:
    """The nodes that are one named thing: pinned, or matched by label."""
    return frozenset(n.id for n in graph.nodes if not is_open(n))


def _measured(question: str, comparison: Comparison) -> frozenset[str]:
    """What a comparison measures, in the words attributes are named with: its comparative's ("heavier":
    weight), or the verb's before it ("weighs more than 500 grams", "costs less than …").

    >>> sorted(_measured("products that weigh more than 2 kg", find_comparisons("products that weigh more than 2 kg")[0]))
    ['weight']
    >>> sorted(_measured("people with a salary above 90000", find_comparisons("people with a salary above 90000")[0]))
    ['salary']
    """
    before = [w for w in re.findall(r"[^\W\d_]+", question[:comparison.span[0]].lower()) if w != "of"][-1:]
    verb = next((v for w in before for v in (w, w.removesuffix("s"), w.removesuffix("ed")) if v in VERB_MEASURES), None)
    # "people with a salary above 90000", "a salary of more than …": the noun before the bound says what it measures
    noun = frozenset(w for w in before if w not in ENGLISH) if verb is None else frozenset()
    return frozenset(measured_by(comparison.words.split()[0])) | frozenset(VERB_MEASURES.get(verb or "", ())) | noun


def _measures(class_iri: str, measures: set[str], ontology: Ontology) -> bool:
    """Whether the class has an attribute named by one of ``measures``, whole or by its head ("annual base
    salary": salary)."""
    labels = [plain_label(a.label) for a in ontology.attributes_of(class_iri)]
    return any(label in measures or label.rsplit(" ", 1)[-1] in measures for label in labels)


_WITH = frozenset({"", "with", "having", "that have", "which have", "that has", "which has"})


def _counted_node(question: str, comparison: Comparison, spans: Mapping[str, tuple[int, int]]) -> str | None:
    """The node named right after the number, whose things the comparison counts ("more than two official
    languages"), or None."""
    for node_id, (start, _) in spans.items():
        between = question[comparison.span[1]:start].split() if start >= comparison.span[1] else None
        if between is not None and len(between) <= 2 and not any(w.lower() in _CONTEXT_STOP for w in between):
            return node_id
    return None


def read_count_conditions(question: str, spans: Mapping[str, tuple[int, int]]) -> list[CountReading]:
    """Each comparison that counts things ("departments with more than 5 employees"): what it counts, the
    node it is said of (each department is one group), and the bound on each group's count.

    >>> spans = {"department_1": (6, 17), "employee_1": (39, 48)}
    >>> read_count_conditions("Which departments have more than 5 employees", spans)
    [CountReading(counted='employee_1', per='department_1', op='>', value=5, words='more than 5')]
    """
    readings = []
    for comparison in find_comparisons(question):
        counted = _counted_node(question, comparison, spans) if comparison.kind is DatatypeKind.NUMBER else None
        per = _compared_node(question, comparison, spans) if counted else None
        [(op, value)] = comparison.bounds if len(comparison.bounds) == 1 else [(None, None)]
        if counted and per and per != counted and isinstance(value, int):
            readings.append(CountReading(counted, per, op, value, comparison.words))
    return readings


def _compared_node(question: str, comparison: Comparison, spans: Mapping[str, tuple[int, int]],
                   named: frozenset[str] = frozenset()) -> str | None:
    """The node named just before the comparison; but "cities in Texas with more than …", "mountains in Nepal
    higher than …" compare the cities and mountains: what follows qualifies the thing a place was said of.
    A ``named`` node is one thing, which no bound selects among: "films produced by Spielberg with a
    budget of at least …" bound the films."""
    before = sorted((s for s in spans.items() if s[1][1] <= comparison.span[0]), key=lambda s: s[1][1])
    if not before:
        return None
    nearest = before[-1]
    if nearest[0] in named and any(s[0] not in named for s in before):
        return next(s for s in reversed(before) if s[0] not in named)[0]
    if len(before) > 1:
        previous = before[-2]
        joined_by = question[previous[1][1]:nearest[1][0]].strip().lower()
        qualifier = question[nearest[1][1]:comparison.span[0]].strip().lower()
        if joined_by in PREPOSITIONS and (qualifier in _WITH or qualifier.split()[0] in PREDICATE_VERBS):
            return previous[0]
    return nearest[0]


def _in_datatype(value: str | int | float, datatype: str | None) -> str | int | float:
    """A day bound said as the attribute holds it: a year for a year ("founded in 1950": 1950).

    >>> _in_datatype("1950-12-31", XSD_GYEAR), _in_datatype("1950-12-31", XSD_GYEARMONTH), _in_datatype(8000, None)
    ('1950', '1950-12', 8000)
    >>> _in_datatype("1950-01-01", "http://www.w3.org/2001/XMLSchema#integer")
    1950
    """
    if isinstance(value, str) and datatype in (XSD_GYEAR, XSD_GYEARMONTH):
        year, month = value.split("-")[:2]
        return year if datatype == XSD_GYEAR else f"{year}-{month}"
    if isinstance(value, str) and datatype_kind(datatype) is DatatypeKind.NUMBER:
        return int(value.split("-")[0])  # a year held as a whole number ("year of incorporation")
    return value


def _counted_labels(question: str, comparison: Comparison) -> frozenset[str]:
    """The labels an attribute counting the noun after the number would bear: "more than 50000 employees" is
    compared on "number of employees" (or "employee count") where an attribute says so.

    >>> labels = _counted_labels("firms with over 500 employees", find_comparisons("firms with over 500 employees")[0])
    >>> "number of employees" in labels, "employee count" in labels, "number of firms" in labels
    (True, True, False)
    """
    after = re.findall(r"[^\W\d_]+", question[comparison.span[1]:])[:1]
    if comparison.kind is not DatatypeKind.NUMBER:
        return frozenset()
    # "higher than 8000 metres": what the comparative measures, as written (elevation, not maximum elevation)
    measured = _measured(question, comparison)
    if not after:
        return measured
    forms = word_forms([after[0].lower()])
    people = {"population", "population total"} if forms[0] in PEOPLE else set()  # "a million inhabitants"
    return frozenset({f"number of {form}" for form in forms} | {f"{form} count" for form in forms} | {forms[0]}
                     | people | measured)


def _dated_labels(question: str, comparison: Comparison) -> frozenset[str]:
    """The labels of the date a year bounds by the verb before it, or an age's birth date ("older than 50")."""
    if comparison.kind is not DatatypeKind.DATE:
        return frozenset()
    if _AGE_FORMS.fullmatch(comparison.words):
        return frozenset(EVENT_DATES["born"])
    return event_dates_before(question[:comparison.span[0]])


def _dated_by_verb(question: str, comparison: Comparison, graph: PrototypeGraph, ontology: Ontology) -> frozenset[str]:
    if comparison.kind is not DatatypeKind.DATE:
        return frozenset()
    return dated_by_verb(question[:comparison.span[0]], graph, ontology)


def _fits(datatype: str, label: str, kind: DatatypeKind) -> bool:
    """Whether an attribute can take a comparison of ``kind``: of that kind, or a year held as a number."""
    return datatype_kind(datatype) is kind or value_kind(datatype, label) is kind


def _best_attribute(text: str, kind: DatatypeKind, nearest: str | None, graph: PrototypeGraph, ontology: Ontology,
                    index: OntologyIndex, labels: frozenset[str] = frozenset(),
                    named: frozenset[str] = frozenset()) -> tuple[str, str] | None:
    """The (node, attribute) a comparison bounds: one labelled with ``labels`` as written, else the nearest
    in meaning to ``text``, preferring the node named just before. A ``named`` node is one thing, which no
    bound selects among: "orders placed by Corvid Retail in 2024" bound the orders' date, not the customer's."""
    if not text:
        return None
    vector = index.embed(text)
    best: tuple[float, str, str] | None = None
    choices = 0
    fitting_by_node = {node.id: [a.iri for a in ontology.attributes_of(node.class_) if _fits(a.range, a.label, kind)]
                       for node in graph.nodes}
    open_ones = [node for node in graph.nodes if node.id not in named and fitting_by_node[node.id]]
    for node in open_ones or graph.nodes:
        fitting = fitting_by_node[node.id]
        choices += len(fitting)
        for candidate in index.attributes.score(vector, fitting) if fitting else ():
            named = plain_label(ontology.label(candidate.iri)) in labels
            score = candidate.score + (NEAREST_NODE_BONUS if node.id == nearest else 0.0) + (1.0 if named else 0.0)
            if best is None or score > best[0]:
                best = (score, node.id, candidate.iri)
    # "that came out after 2010" names no attribute closely, but when the graph has a single date
    # attribute, that is the one a year can bound.
    needed = ATTRIBUTE_SIMILARITY if choices > 1 else ATTRIBUTE_SIMILARITY / 2
    if best is None or best[0] < needed:
        return None
    return best[1], best[2]

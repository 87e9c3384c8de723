"""What an adjective of size measures, in the plain nouns attributes are named with: "tall" is a height.

English only, shared by the readings of values ("how tall is …"), comparisons ("higher than …") and
superlatives ("the highest …"); no ontology's labels are written here.
"""

from __future__ import annotations

from app.nl.units import same_unit
from ontology_loaders import Ontology
from ontology_loaders.vocab import XSD, plain_label

__all__ = ["AMOUNTS", "EVENT_DATES", "MEASURED_BY", "VALUE_NOUNS", "VERB_MEASURES", "general_twin", "measured_by"]

# What "how <adjective>" measures, in the plain nouns attributes are named with.
MEASURED_BY = {
    "tall": ("height",), "high": ("height", "elevation"), "heavy": ("weight", "mass"), "deep": ("depth",),
    "long": ("length",), "big": ("size", "area"), "large": ("size", "area"), "wide": ("width",),
    "far": ("distance",), "old": ("age", "birth date"), "young": ("age", "birth date"), "expensive": ("price", "cost"),
    "fast": ("speed",), "populous": ("population",),
    # the low ends, which sort the same values the other way ("the cheapest monitor": its price)
    "cheap": ("price", "cost"), "low": ("height", "elevation"), "short": ("length", "height"),
    "small": ("size", "area"), "light": ("weight", "mass"), "shallow": ("depth",), "narrow": ("width",),
    "slow": ("speed",), "hot": ("temperature",), "cold": ("temperature",),
    # when a thing came to be: "the latest order", "the newest product", "the most recent invoice"
    **{word: ("date", "release date", "launch date", "start date") for word in ("new", "recent", "late", "early")},
}

# Nouns whose every answer is an amount: asked of a thing ("the population of Cairo") or sorted by ("the
# largest population"), they name a value even where a link bears the same name (DBpedia's "population"
# link leads to a class of population records, not to a number).
AMOUNTS = frozenset({noun for nouns in MEASURED_BY.values() for noun in nouns} |
                    {"population", "budget", "revenue", "salary", "price", "cost", "capacity", "density",
                     "altitude", "volume", "duration", "runtime", "income", "elevation", "area"})

# Everyday names of values, in the nouns attributes are named with: "the birthdays of all actors".
VALUE_NOUNS = {"birthday": ("birth date", "date of birth"), "birthdays": ("birth date", "date of birth"),
               "wage": ("salary",), "wages": ("salary",), "pay": ("salary",), "headcount": ("number of employees",)}

# What a verb of amount measures: "how much does X cost", "which employee earns the most".
VERB_MEASURES = {"cost": ("price", "cost", "budget"), "weigh": ("weight",), "earn": ("salary", "income"),
                 "make": ("salary", "income"), "spend": ("budget", "spending", "expenses"),
                 "employ": ("number of employees",)}  # "which company employs the most people"


# The date an event verb dates, in the nouns attributes are named with: "born after 1990" is a birth date
# (the embedder puts "born" nearer "hire date" than "date of birth").
EVENT_DATES = {word: nouns for words, nouns in (
    ("born", ("birth date", "date of birth")),
    ("died", ("death date", "date of death")),
    ("founded established incorporated", ("founding year", "year of incorporation")),
    ("formed", ("formation year", "founding year")),  # "when was Nirvana formed", "bands formed in 1990"
    ("hired joined employed", ("hire date", "join date")),
    # each its own date where an ontology has both; the other's, by meaning, where it has one
    ("released", ("release date",)),
    ("published", ("publication date",)),
    ("launched", ("launch date",)),
    ("built constructed erected completed", ("construction date", "completion date")),
    ("opened", ("opening date",)),
    ("closed", ("closing date",)),
    ("dissolved abolished disbanded", ("dissolution date", "dissolution year")),  # "when did the Ming dynasty dissolve"
    ("started began begun", ("start date",)),
    ("ordered placed place", ("order date",)),  # "how many orders did Corvid Retail place in 2023"
    ("bought purchased sold", ("order date", "purchase date", "sale date")),  # "customers who bought a laptop in …"
    ("borrowed loaned lent", ("loan date",)),
    ("reserved booked", ("reservation date", "booking date")),
    ("shipped delivered", ("shipping date", "delivery date")),
) for word in words.split()}


def measured_by(adjective: str) -> tuple[str, ...]:
    """What an adjective of size, or its comparative or superlative, measures: "high", "highest" → height, elevation.

    >>> measured_by("highest"), measured_by("heaviest"), measured_by("biggest"), measured_by("largest")
    (('height', 'elevation'), ('weight', 'mass'), ('size', 'area'), ('size', 'area'))
    >>> measured_by("newest")[0], measured_by("higher"), measured_by("bigger"), measured_by("earns")
    ('date', ('height', 'elevation'), ('size', 'area'), ('salary', 'income'))
    >>> measured_by("latest joined")
    ('hire date', 'join date')
    """
    word = adjective.lower()
    if " " in word:  # "latest joined" (most recently joined): what its last word measures
        return measured_by(word.split()[-1])
    if word in MEASURED_BY:
        return MEASURED_BY[word]
    if word in EVENT_DATES:  # "(who was) hired (first)": the date of that event
        return EVENT_DATES[word]
    if word.removesuffix("s") in VERB_MEASURES:  # "(which employee) earns (the most)"
        return VERB_MEASURES[word.removesuffix("s")]
    ending = next((e for e in ("est", "er") if word.endswith(e)), None)  # "highest", "higher"
    if ending is None:
        return ()
    stem = word[:-len(ending)]
    for base in (stem, stem + "e", stem[:-1] + "y" if stem.endswith("i") else "", stem[:-1]):
        if base in MEASURED_BY:
            return MEASURED_BY[base]
    return ()


def general_twin(attribute: str, class_iri: str, ontology: Ontology, unit: str | None = None) -> str:
    """Of the attributes of ``class_iri`` that bear ``attribute``'s name, the one declared most generally, with a
    standard datatype: a narrower twin is a view in other units (DBpedia's "height (cm)" of a person beside
    "height"). Sorting by either gives one order, and queries and gold answers use the general one. A ``unit``
    said with a number picks the twin labelled with it ("taller than 200 cm": "height (cm)")."""
    name = plain_label(ontology.label(attribute))
    twins = [a for a in ontology.attributes_of(class_iri) if plain_label(a.label) == name] or \
        [ontology.get_attribute(attribute)]
    in_unit = [a.iri for a in twins if unit and same_unit(unit, a.label)]
    if in_unit:
        return in_unit[0]
    return min(twins, key=lambda a: (len(ontology.ancestors(a.domain)), not a.range.startswith(XSD),
                                     a.iri != attribute)).iri

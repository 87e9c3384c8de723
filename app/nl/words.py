"""The words of a question: how it is split, which words are English, which are verb forms.

Kept apart from :mod:`app.nl.spans` so that the modules that read words (spans,
definitions, link choice) share one tokeniser without importing each other.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["ANY_THING", "ARTICLES", "ASKED_IN_PLACE", "COPULAS", "DO_FORMS", "ENGLISH", "HAVE_FORMS",
           "IRREGULAR_PLURALS", "MONTHS", "NEGATIONS", "PEOPLE", "POSSESSIVES", "PREDICATE_VERBS", "PREPOSITIONS",
           "TOKEN", "is_english", "is_verb_form", "noun_said_as_a_verb", "said_of_the_object", "tokens_of",
           "word_before", "word_before_articles"]

# A word of the question: letters and digits, split at anything else.
TOKEN = re.compile(r"[^\W_]+")
# English function words, the evidence that a question is English.
ENGLISH = frozenset(
    "a an the of in on at to by for with from and or is are was were be been has have had do does did who whom whose "
    "which what where when how many much me us all that this those these it its their his her than not no there "
    "give show list name tell".split())
# Forms of "be": before a participle they make a passive ("were directed by").
COPULAS = frozenset({"is", "are", "was", "were", "be", "been"})
# The forms of "do" that carry a question ("Which films did Spielberg direct?").
DO_FORMS = frozenset({"do", "does", "did"})
ARTICLES = frozenset({"the", "a", "an"})
# "their spouse", "their own children": a thing of the one said before
POSSESSIVES = frozenset({"their", "his", "her", "its"})
HAVE_FORMS = frozenset({"have", "has", "had"})
# Plurals without an "s": "Which people …" asks for many, as "which persons" does.
IRREGULAR_PLURALS = frozenset({"people", "children", "men", "women", "staff", "personnel", "mice", "geese"})
# A preposition that alone says how one thing relates to the next ("museums in Paris", "books by Tolkien").
PREPOSITIONS = frozenset({"in", "at", "from", "on", "near", "by", "with", "for", "about", "inside", "within"})
# Verbs that open what is said of a thing ("… has the most visitors", "… were released after 2000").
PREDICATE_VERBS = frozenset({"is", "are", "was", "were", "has", "have", "had"})
# Those who live in a place: how many of them is its population.
NUMBER_WORDS = {word: value for value, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())} | {"twenty": 20, "fifty": 50,
                                                                                      "hundred": 100}

# Superlatives of size, which do not say what is measured ("the largest city": by area? by population?)
SIZE_SUPERLATIVES = frozenset({"biggest", "largest", "smallest", "greatest"})
PEOPLE = frozenset({"people", "inhabitants", "residents", "citizens", "persons"})
# Words for any person: "Show me everyone in …", "married to someone born in France".
ANY_PERSON = frozenset({"everyone", "everybody", "someone", "somebody", "anyone", "anybody"})
# Pronouns a clause's subject is said again by: "… where they were born", "as they were born".
SUBJECT_PRONOUNS = frozenset({"they", "he", "she", "it"})


def written_without_capitals(tokens: Sequence[str]) -> bool:
    """Whether no word after the first begins with a capital ("I" aside): the writer did not mark names.

    >>> written_without_capitals("who directed pulp fiction".split()), written_without_capitals(["Who", "is", "Ada"])
    (True, False)
    """
    return not any(t[:1].isupper() and t != "I" for t in tokens[1:])
# "Foxconn makes how many things", "Boeing makes which aircraft": a statement asks its object where it stands
ASKED_IN_PLACE = frozenset({"which", "what", "how"})
# Words for a thing of any kind: "How many things are aired on BBC HD" asks for whatever the link reaches.
ANY_THING = frozenset({"thing", "things", "stuff", "entity", "entities", "object", "objects"})
# The months, by number, as English names them in dates ("after March 2024").
MONTHS = {name: number for number, names in enumerate(
    ("january jan", "february feb", "march mar", "april apr", "may", "june jun", "july jul", "august aug",
     "september sep sept", "october oct", "november nov", "december dec"), start=1) for name in names.split()}
# Words that deny what follows them ("unpaid" and "non-fiction" are read where they stand).
NEGATIONS = frozenset({"not", "no", "non", "without", "never", "isn", "aren", "wasn", "weren", "doesn", "don", "didn",
                       "haven", "hasn", "hadn", "couldn", "wouldn", "shouldn"})
# Function words of other languages a question is often asked in; none is an English word.
_FOREIGN = frozenset(
    "welche welcher welches wer wie wo wann der das und ist sind hat haben von mit auf für nicht ein eine einen "
    "qué que cuál cuáles quién quiénes dónde cuándo cuántos los las el del y es son por con una "
    "quel quels quelle quelles qui où est sont les des une et avec pour dans "
    "welke wie wat waar het een zijn van met voor niet quale quali chi dove sono della degli".split()) - ENGLISH


# "Give me all …", "Show me the …", "List …": a question's first word, then "me" or an article, is a
# command to the reader, not part of any relation.
READER_COMMANDS = frozenset({"name", "list", "give", "show", "tell", "count", "find", "state", "identify"})
_AFTER_A_COMMAND = frozenset({"me", "us", "all", "the", "every", "both", "some", "any"})


def command_opening(tokens: Sequence[str]) -> int:
    """How many first tokens tell the reader what to do.

    >>> command_opening("Give me all Apollo 14 astronauts".split()), command_opening("Who wrote Dune".split())
    (3, 0)
    """
    lowered = [t.lower() for t in tokens]
    if not lowered or lowered[0] not in READER_COMMANDS:
        return 0
    length = 1
    while length < len(lowered) and lowered[length] in _AFTER_A_COMMAND:
        length += 1
    return length


def word_before_articles(lowered: Sequence[str], start: int) -> int:
    """The position of the word before ``start`` and the articles right before it; -1 at the question's start.

    >>> word_before_articles("does the ganges start".split(), 2), word_before_articles("the ganges".split(), 1)
    (0, -1)
    """
    before = start - 1
    while before >= 0 and lowered[before] in ARTICLES:
        before -= 1
    return before


def tokens_of(question: str) -> list[str]:
    """The question's words, as :mod:`app.nl.mentions` counts them.

    >>> tokens_of("Who wrote The Winter Compass?")
    ['Who', 'wrote', 'The', 'Winter', 'Compass']
    """
    return TOKEN.findall(question)


def is_plural(word: str) -> bool:
    """Whether a lower-case word reads as a regular plural.

    >>> [is_plural(w) for w in ("books", "paris", "venus", "class", "days")]
    [True, False, False, False, False]
    """
    return word.endswith("s") and not word.endswith(("ss", "us", "is", "ys"))  # "paris", "venus": no plurals


def is_english(tokens: Sequence[str]) -> bool:
    """Whether a question reads as English: more English function words than those of other languages.

    Only words written in lower case count as evidence of another language, so a name
    ("Robert De Niro", "Rio de Janeiro") does not make a question foreign.

    >>> is_english("Welche Bücher schrieb Goethe".split()), is_english("Which books did Goethe write".split())
    (False, True)
    >>> is_english("Welche Mitarbeiter arbeiten in München".split()), is_english("Films by Robert De Niro".split())
    (False, True)
    """
    english = sum(t.lower() in ENGLISH for t in tokens)
    foreign = sum(t.lower() in _FOREIGN and (t.islower() or i == 0) for i, t in enumerate(tokens))
    return foreign == 0 or english > foreign


# Past participles that do not end in -ed: "born in Dublin and made in …".
_IRREGULAR_PARTICIPLES = frozenset(
    "born made built held led sold won known shown written given taken driven chosen drawn sung run brought "
    "bought taught found lost kept left sent spent told grown thrown worn begun broken spoken stolen "
    # past forms too short for the "-ed" rule, which keeps out "red" and "bed"
    "died tied fled bred paid laid".split())


def is_verb_form(word: str) -> bool:
    """A participle or gerund: "directed", "starring", "born"; never a short word like "red" or "seed".

    >>> [is_verb_form(w) for w in ("directed", "starring", "born", "red", "speed", "thing", "films")]
    [True, True, True, False, False, False, False]
    """
    word = word.lower()
    return word in _IRREGULAR_PARTICIPLES or (len(word) > 4 and word.endswith("ed") and not word.endswith("eed")) \
        or (len(word) > 5 and word.endswith("ing"))


def said_of_the_object(tokens: Sequence[str], start: int, end: int) -> bool:
    """Whether a link's label is said "<be> (the) <label> of": "X are children of Y" says that Y has X so, as "X
    is the author of Y" does, where "X has the alma mater of Y" says that X has Y.

    >>> said_of_the_object("actors are children of a singer".split(), 2, 3)
    True
    """
    before = [t for t in tokens[:start] if t not in ARTICLES][-1:]
    return bool(before) and before[0] in COPULAS and tokens[end:end + 1] == ["of"]


def noun_said_as_a_verb(tokens: Sequence[str], start: int, end: int, subject_end: int) -> bool:
    """Whether a one-word link label that is a noun ("mentor", "coach", "author") is said as the verb between
    the subject right before it and an object: "managers mentor an employee" says the managers are the
    employee's mentors, as "persons author a book" says they are its authors. A label that is a verb's form
    ("heads", "influenced") says what the subject does.

    >>> noun_said_as_a_verb("managers mentor an employee".split(), 1, 2, 1)
    True
    >>> noun_said_as_a_verb("managers heads an employee".split(), 1, 2, 1)
    False
    >>> noun_said_as_a_verb("managers whose mentor is an employee".split(), 2, 3, 1)
    False
    """
    word = tokens[start].lower() if end - start == 1 else ""
    return bool(word) and subject_end == start and not word.endswith("s") and not is_verb_form(word) and \
        [t.lower() for t in tokens[end:end + 1]] in (["a"], ["an"], ["the"], ["another"], ["other"])


def word_before(lowered: Sequence[str], position: int) -> str:
    """The word before ``position``, past an "own" that only stresses whose a thing is ("their own department").

    >>> word_before("their own department".split(), 2), word_before("their department".split(), 1)
    ('their', 'their')
    """
    before = lowered[position - 1] if position else ""
    return lowered[position - 2] if before == "own" and position > 1 else before

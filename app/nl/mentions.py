"""Class mentions: the spans of a question that name an ontology class outright.

A 270M model is unreliable at listing a question's things: it takes link
words for things ("has coemperor a monarch" → a node "coemperor") and drops
others. When the question names classes by their labels, reading them off is
exact, costs nothing, and lets the model spend its effort on the relations.

English articles say how many things there are: "a person" and "another
person" introduce one each, "the person" and "the first person" point back to
one already named, and a bare singular word after a verb ("has country a
country") is a link word, not a thing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from app.caching import KeyedCache
from app.nl.demonyms import country_of
from app.nl.verb_slots import in_idiom, verb_after_do, verb_ending_a_relative_clause, verb_slot
from app.nl.words import is_plural, noun_said_as_a_verb, said_of_the_object, word_before
from ontology_loaders.model import Ontology
from ontology_loaders.vocab import plain_label

__all__ = ["ClassMention", "class_labels", "class_mentions", "class_named", "derived_word", "heads_link_labels",
           "is_link_label", "link_mentions", "link_spans", "read_relations", "unlabelled_things", "word_forms"]

MAX_LABEL_WORDS = 6
_NEW = frozenset({"a", "an", "another", "some", "any", "each", "every", "which", "what", "all", "many", "two", "three",
                  "no"})
_BACK = frozenset({"the", "that", "this", "those", "these", "same", "first", "second", "third", "said", "its", "their"})
# A bare plural is a thing after these ("works whose…", "with persons who…"), a compound's tail otherwise.
_PLURAL_AFTER = _NEW | _BACK | frozenset({"", "with", "of", "and", "or", "for", "by", "to", "in", "on", "from", "are",
                                          "were", "did", "do", "have", "list", "all", "both", "name", "show", "give",
                                          "without"})
# "Name the mascot of …", "List the battles …": a question's first word, then an article or "me",
# is a command to the reader, not a class (DBpedia has the classes Name and List).
_COMMANDS = frozenset({"name", "list", "give", "show", "tell", "count", "find", "state", "identify"})
_AFTER_COMMAND = _NEW | _BACK | frozenset({"me", "us", "all", "both", "every"})
_IRREGULAR = {"people": "person", "children": "child", "men": "man", "women": "woman", "mice": "mouse",
              "geese": "goose", "feet": "foot", "teeth": "tooth", "media": "medium", "species": "species"}

# Keyed by ontology fingerprint: a few ontologies are loaded at once (samples, uploads, endpoints).
_class_labels: KeyedCache[str, dict[str, str]] = KeyedCache(max_size=8)
_link_labels: KeyedCache[str, dict[str, tuple[str, ...]]] = KeyedCache(max_size=8)


@dataclass(frozen=True)
class ClassMention:
    label: str  # the class label as the ontology spells it, lower case
    iri: str
    start: int  # token offsets in the question
    end: int
    new: bool  # introduces a thing (True) or points back to one already named (False)


def _normalise(text: str) -> str:
    return " ".join(re.findall(r"[^\W_]+", text.lower()))


def _label_index(ontology: Ontology) -> dict[str, str]:
    """Normalised class label → class IRI; a label two classes share is ambiguous and left out."""
    def build() -> dict[str, str]:
        index: dict[str, str] = {}
        ambiguous: set[str] = set()
        for cls in ontology.classes:
            label = _normalise(cls.label)
            if not label or len(label.split()) > MAX_LABEL_WORDS:
                continue
            if label in index and index[label] != cls.iri:
                ambiguous.add(label)
            index.setdefault(label, cls.iri)
        for label in ambiguous:
            del index[label]
        return index

    return _class_labels.get_or_build(ontology.fingerprint, build)


def _singular(word: str) -> list[str]:
    if word in _IRREGULAR:
        return [_IRREGULAR[word]]
    forms = []
    if word.endswith("ies") and len(word) > 4:
        forms.append(word[:-3] + "y")
    if word.endswith("es") and len(word) > 3:
        forms.append(word[:-2])
    if word.endswith("s") and not word.endswith("ss") and len(word) > 2:
        forms.append(word[:-1])
    return forms


def word_forms(words: list[str]) -> list[str]:
    """The words as written, then with the last word in each singular form it may have."""
    return [" ".join(words)] + [" ".join([*words[:-1], form]) for form in _singular(words[-1])]


def derived_word(word: str, label: str) -> bool:
    """Whether a one-word label is the adjective made from the word's root, or the word the adjective of the
    label's ("musical" of "music", "religious" of "religion"): an embedder puts them close, though one names a
    kind of thing and the other a quality. A spelling ("organization", "organisation") is the same word.

    >>> derived_word("music", "musical"), derived_word("religion", "religious"), derived_word("movies", "movie")
    (True, True, False)
    >>> derived_word("organizations", "organisation"), derived_word("musicians", "musical artist")
    (False, False)
    """
    word, label = word.lower(), label.lower()
    if " " in word or " " in label or label in word_forms([word]) or word in word_forms([label]):
        return False
    return len(word) >= _ROOT_LETTERS and word[:_ROOT_LETTERS] == label[:_ROOT_LETTERS] and \
        _adjective_ending(word) != _adjective_ending(label)


# How many first letters two words must share to come from one root ("relig"-ion, "relig"-ious).
_ROOT_LETTERS = 5
_ADJECTIVE_ENDINGS = ("al", "ous", "ive", "ary", "ful", "ish")


def _adjective_ending(word: str) -> str | None:
    return next((tail for tail in _ADJECTIVE_ENDINGS if word.endswith(tail)), None)


def _lookup(labels: dict[str, str], words: list[str]) -> tuple[str, bool] | None:
    """``(class IRI, whether the last word was plural)`` for words that spell a label; else None."""
    iri = labels.get(" ".join(words))
    if iri is not None:
        return iri, False
    for form in _singular(words[-1]):
        iri = labels.get(" ".join([*words[:-1], form]))
        if iri is not None:
            return iri, True
    return None


def _is_proper_name(words: list[str], label: str, position: int) -> bool:
    """Capitalised where the label is not (a sentence's first word aside, and a demonym, which English always
    capitalises: "American football players" though DBpedia writes "american football player")."""
    label_words = label.split()
    for offset, word in enumerate(words):
        if position + offset == 0 or not word[:1].isupper() or country_of(word):
            continue
        label_word = label_words[offset] if offset < len(label_words) else ""
        if not label_word[:1].isupper():
            return True
    return False


def _link_span_ends(tokens: list[str], ontology: Ontology) -> set[int]:
    """Token positions just after a link label ("has death place | the place")."""
    links = _link_label_index(ontology)
    ends: set[int] = set()
    for position in range(len(tokens)):
        for length in range(min(MAX_LABEL_WORDS, len(tokens) - position), 0, -1):
            words = tokens[position:position + length]
            if any(f in links for f in word_forms(words)):
                ends.add(position + length)
                break
    return ends


def class_mentions(question: str, ontology: Ontology) -> list[ClassMention]:
    """Class labels named in ``question``, longest first, left to right, with whether each is a new thing.

    >>> from ontology_loaders.model import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Person", label="person"),
    ...                          OntologyClass(iri="ex:University", label="university"),
    ...                          OntologyClass(iri="ex:Country", label="country")])
    >>> q = "a person and the child of a person have the alma mater of the same university"
    >>> [(m.label, m.new) for m in class_mentions(q, onto)]
    [('person', True), ('person', True), ('university', True)]
    >>> [(m.label, m.new) for m in class_mentions("A person has country a country, and the person has ...", onto)]
    [('person', True), ('country', True), ('person', False)]
    >>> [m.label for m in class_mentions("Which universities did people attend?", onto)]
    ['university', 'person']
    >>> [m.label for m in class_mentions("a person born in the Country of Georgia", onto)]
    ['person']
    >>> commands = Ontology(classes=[*onto.classes, OntologyClass(iri="ex:Name", label="name"),
    ...                              OntologyClass(iri="ex:List", label="list")])
    >>> [m.label for m in class_mentions("Name the university of a person", commands)]  # a command, not a class
    ['university', 'person']
    >>> [m.label for m in class_mentions("List all countries", commands)], [m.label for m in class_mentions("list", commands)]
    (['country'], ['list'])
    >>> from ontology_loaders.model import Link
    >>> with_link = Ontology(classes=onto.classes, links=[Link(iri="ex:country", label="country")])
    >>> [m.label for m in class_mentions("a person has country country", with_link)]  # no article after a link
    ['person', 'country']
    """
    labels = _label_index(ontology)
    original = re.findall(r"[^\W_]+", question)
    tokens = [t.lower() for t in original]
    after_link = _link_span_ends(tokens, ontology)
    found: list[ClassMention] = []
    seen: set[str] = set()
    position = 0
    while position < len(tokens):
        match = None
        for length in range(min(MAX_LABEL_WORDS, len(tokens) - position), 0, -1):
            spelled = _lookup(labels, tokens[position:position + length])
            if spelled is not None:
                match = (length, *spelled)
                break
        if match is None:
            position += 1
            continue
        length, iri, plural = match
        label = _normalise(ontology.label(iri))
        if position == 0 and length == 1 and tokens[0] in _COMMANDS and tokens[1:2] and \
                (tokens[1] in _AFTER_COMMAND or original[1][:1].isupper()):  # "List Tom Cruise's films"
            position += 1
            continue
        if length == 1 and not plural and (verb_slot(original, position) or in_idiom(tokens, position)
                                           or verb_after_do(original, position)
                                           or verb_ending_a_relative_clause(original, position)):
            position += 1  # "musicians play the guitar", "clubs that play in": a verb, not the class Play
            continue
        indefinite = position > 0 and tokens[position - 1] in ("a", "an")  # "of an University": no name takes "an"
        if not indefinite and _is_proper_name(original[position:position + length], ontology.label(iri), position):
            position += length  # "the United States" names an instance, not the class State
            continue
        before = word_before(tokens, position)
        # "the Berlin office": a determiner, one name word, then the class word
        named_before = _named_before(original, tokens, position)
        # "the tallest building", "the most expensive product": a superlative describes the thing it sorts
        superlative = position > 1 and (before.endswith("est") and tokens[position - 2] in _NEW | {"the"}
                                         or tokens[position - 2] in ("most", "least"))
        if before in _NEW or position == 0 or named_before or superlative or (position in after_link
                                                                              and iri not in seen):
            new: bool | None = True
        elif before in _BACK or (plural and before in _PLURAL_AFTER):
            new = iri not in seen
        elif position + length == len(tokens) and (before == "by" or tokens[0] == "where" and before in ("to", "at")):
            new = True  # "the average salary by department": each department; "where did she go to college"
        else:
            new = None  # a bare singular word after a verb or preposition is a link word
        if new is not None:
            found.append(ClassMention(label=label, iri=iri, start=position, end=position + length, new=new))
            seen.add(iri)
        position += length
    return found


def _named_before(original: Sequence[str], tokens: Sequence[str], position: int) -> bool:
    """"the Berlin office", "the Research and Development department": a determiner, a name of a few
    capitalised words, then the class word, which says what the name is.

    >>> words = "Which teams are part of the Research and Development department".split()
    >>> _named_before(words, [w.lower() for w in words], 9), _named_before(words, [w.lower() for w in words], 1)
    (True, False)
    >>> _named_before("The Sales department".split(), "the sales department".split(), 2)
    True
    """
    determiners = _NEW | {"the", "our", "their", "its", "his", "her"}
    k = position - 1
    while k >= 0 and position - k <= 5 and tokens[k] not in determiners and (
            original[k][:1].isupper() or tokens[k] in ("and", "of") and k > 0 and original[k - 1][:1].isupper()):
        k -= 1
    # (after a longer name, a capitalised class word is the name's own: "the Ceremonial County of Port of …")
    longer = k < position - 2 and not original[position][:1].islower()
    return position - 1 > k >= 0 and original[k + 1][:1].isupper() and tokens[k] in determiners and not longer


def class_labels(ontology: Ontology) -> dict[str, str]:
    """Every class label (normalised, lower case) the ontology gives one class only → that class."""
    return _label_index(ontology)


def class_named(word: str, ontology: Ontology) -> str | None:
    """The class whose label ``word`` is (in the singular or the plural); None when none or several are.

    >>> from ontology_loaders.model import OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Person", label="person"),
    ...                          OntologyClass(iri="ex:Academic", label="academic person")])
    >>> class_named("Person", onto), class_named("people", onto), class_named("academic persons", onto)
    ('ex:Person', 'ex:Person', 'ex:Academic')
    >>> class_named("director", onto) is None
    True
    """
    words = _normalise(word).split()
    found = _lookup(_label_index(ontology), words) if words else None
    return found[0] if found else None


def _link_label_index(ontology: Ontology) -> dict[str, tuple[str, ...]]:
    """Normalised link label → every link IRI with that label (validity picks among them later)."""
    def build() -> dict[str, tuple[str, ...]]:
        index: dict[str, list[str]] = {}
        for link in ontology.links:
            label = _normalise(plain_label(link.label))  # "creator (agent)" is said "creator"
            if label and len(label.split()) <= MAX_LABEL_WORDS:
                index.setdefault(label, []).append(link.iri)
            if label.startswith("has ") and len(label.split()) > 1:
                index.setdefault(label.removeprefix("has "), []).append(link.iri)  # "has component": a component
        return {k: tuple(v) for k, v in index.items()}

    return _link_labels.get_or_build(ontology.fingerprint, build)


def link_spans(tokens: list[str], ontology: Ontology) -> list[tuple[int, int, tuple[str, ...]]]:
    """``(start, end, link IRIs)`` of each link label in ``tokens``, longest first, left to right."""
    labels = _link_label_index(ontology)
    found = []
    position = 0
    while position < len(tokens):
        for length in range(min(MAX_LABEL_WORDS, len(tokens) - position), 0, -1):
            words = tokens[position:position + length]
            candidates = [" ".join(words)] + [" ".join([*words[:-1], form]) for form in _singular(words[-1])]
            iris = next((labels[c] for c in candidates if c in labels), None)
            if iris:
                found.append((position, position + length, iris))
                position += length
                break
        else:
            position += 1
    return found


def is_link_label(words: str, ontology: Ontology) -> bool:
    """Whether ``words`` (or their plural) spell a link's whole label: "spouse", "authors", "gold medalists".

    >>> from ontology_loaders.model import Link
    >>> onto = Ontology(links=[Link(iri="ex:spouse", label="spouse")])
    >>> is_link_label("spouses", onto), is_link_label("spice", onto)
    (True, False)
    """
    return bool(links_labelled(words, ontology))


def heads_link_labels(words: str, ontology: Ontology) -> bool:
    """Whether ``words`` are one plural noun that ends links' labels: "members" of "band member", "crew member"
    names things those links reach, though a value may be labelled with it too.

    >>> from ontology_loaders.model import Link
    >>> heads_link_labels("members", Ontology(links=[Link(iri="ex:m", label="band member")]))
    True
    """
    singular = words[:-1]
    return " " not in words and is_plural(words) and len(singular) > 2 and \
        any(plain_label(link.label).lower().split()[-1:] == [singular] for link in ontology.links)


def links_labelled(words: str, ontology: Ontology) -> tuple[str, ...]:
    """The links whose whole label ``words`` (or their plural) spell.

    >>> from ontology_loaders.model import Link
    >>> links_labelled("spouses", Ontology(links=[Link(iri="ex:spouse", label="spouse")]))
    ('ex:spouse',)
    """
    normalised = _normalise(words).split()
    labels = _link_label_index(ontology)
    return next((labels[form] for form in word_forms(normalised) if form in labels), ()) if normalised else ()


def link_mentions(question: str, ontology: Ontology) -> list[str]:
    """Link IRIs whose label the question names ("the child of", "the alma mater of"), in order of mention.

    >>> from ontology_loaders.model import Link
    >>> onto = Ontology(links=[Link(iri="ex:child", label="child"), Link(iri="ex:almaMater", label="alma mater")])
    >>> link_mentions("a person and the child of a person have the alma mater of the same university", onto)
    ['ex:child', 'ex:almaMater']
    >>> link_mentions("persons whose children went to school", onto)
    ['ex:child']
    """
    found: list[str] = []
    for _, _, iris in link_spans(_normalise(question).split(), ontology):
        found.extend(iri for iri in iris if iri not in found)
    return found


_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4}


def read_relations(question: str, ontology: Ontology) -> list[tuple[int, str, int]]:
    """Relations the question states with link labels between class labels, as ``(node, link, node)``.

    Nodes are numbered as the new mentions of :func:`class_mentions`. A link
    label joins the thing named last before it to the thing named first after
    it ("a ship has home port a place"); "the first ship" points back to the
    first ship named. The link must fit the two classes, read forwards or
    backwards; a label that fits neither way is left to the language model.

    >>> from ontology_loaders.model import Link, OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Person", label="person"),
    ...                          OntologyClass(iri="ex:University", label="university")],
    ...                 links=[Link(iri="ex:child", label="child", domain="ex:Person", range="ex:Person"),
    ...                        Link(iri="ex:almaMater", label="alma mater", domain="ex:Person", range="ex:University")])
    >>> read_relations("A person has child another person, and the first person has alma mater a university", onto)
    [(0, 'ex:child', 1), (0, 'ex:almaMater', 2)]
    >>> read_relations("a university whose alma mater is a person", onto)  # fits only backwards
    [(1, 'ex:almaMater', 0)]
    """
    tokens = [t.lower() for t in re.findall(r"[^\W_]+", question)]
    nodes: list[str] = []
    spans: list[tuple[int, int, int]] = []  # (start, end, node number) of every mention, back-references too
    for mention in class_mentions(question, ontology):
        if mention.new:
            nodes.append(mention.iri)
            spans.append((mention.start, mention.end, len(nodes) - 1))
            continue
        same = [i for i, iri in enumerate(nodes) if iri == mention.iri]
        ordinal = _ORDINALS.get(tokens[mention.start - 1] if mention.start else "")
        if same:
            spans.append((mention.start, mention.end, same[ordinal] if ordinal is not None and ordinal < len(same)
                          else same[-1]))
    relations: list[tuple[int, str, int]] = []
    for start, end, iris in link_spans(tokens, ontology):
        if any(s < end and start < e for s, e, _ in spans):
            continue  # the words name a class here ("has country a country" is read as a class)
        before = [node for _, e, node in spans if e <= start]
        after = [node for s, _, node in spans if s >= end]
        if not before or not after or before[-1] == after[0]:
            continue
        a, b = before[-1], after[0]
        forwards = [iri for iri in iris if ontology.link_fits(iri, nodes[a], nodes[b])]
        backwards = [iri for iri in iris if ontology.link_fits(iri, nodes[b], nodes[a])]
        if backwards and (said_of_the_object(tokens, start, end) or
                          noun_said_as_a_verb(tokens, start, end, max(e for _, e, _ in spans if e <= start))):
            forwards = []  # "Which actors are children of a singer", "managers mentor an employee": the other's
        if not forwards and tokens[end - 1] == "by":
            backwards = []  # "organisations founded by a person": read backwards, the person was founded
        relation = (a, forwards[0], b) if forwards else (b, backwards[0], a) if backwards else None
        if relation and relation not in relations:
            relations.append(relation)
        shared = _shared_by_coordination(tokens, spans, start, b)
        if forwards and shared is not None and shared != a and ontology.link_fits(forwards[0], nodes[shared], nodes[b]):
            relations.append((shared, forwards[0], b))
    return relations


def _shared_by_coordination(tokens: Sequence[str], spans: Sequence[tuple[int, int, int]], link_start: int,
                            target: int) -> int | None:
    """"A person and the child of a person have the alma mater of the same university": the first thing too.

    When the link's subject is "X and …" and its object is "the same Z", every conjunct has
    the link to that one Z; the first conjunct is the question's first thing. (A second "and
    has …" joins verbs, not things: "a person has child a person and has …" is not read so.)
    """
    target_start = next(s for s, _, node in spans if node == target)
    if len(spans) < 2 or target_start < 1 or tokens[target_start - 1] != "same":
        return None
    # "X and [the child of] Y …": the "and" joins the first two things, before any relation is said
    between = tokens[spans[0][1]:min(spans[1][0], link_start)]
    return spans[0][2] if "and" in between else None


_SKIP_AFTER_ARTICLE = frozenset({"same", "first", "second", "third", "other", "last", "very"})


def unlabelled_things(question: str, ontology: Ontology) -> list[str]:
    """Words that look like things but name no class or link label: "a film" (labelled "movie"), "the Dead Sea".

    They are what reading labels off the question misses, so the model lists
    the things of such a question itself.

    >>> from ontology_loaders.model import Link, OntologyClass
    >>> onto = Ontology(classes=[OntologyClass(iri="ex:Person", label="person"), OntologyClass(iri="ex:Sea", label="sea")],
    ...                 links=[Link(iri="ex:child", label="child")])
    >>> unlabelled_things("a person and the child of the same person", onto)
    []
    >>> unlabelled_things("a film whose director is a person", onto)
    ['film']
    >>> unlabelled_things("a child of a person", onto)  # a link's word after "a" names a thing
    ['child']
    >>> unlabelled_things("Which persons drowned in the Dead Sea?", onto)
    ['Dead']
    >>> unlabelled_things("Who drowned in the sea?", onto)  # what "who" asks for no label says
    ['Who']
    """
    classes, links = _label_index(ontology), _link_label_index(ontology)
    original = re.findall(r"[^\W_]+", question)
    tokens = [t.lower() for t in original]
    covered: dict[int, bool] = {}  # position -> covered by a class label (True) or only a link label (False)
    for position in range(len(tokens)):
        for length in range(min(MAX_LABEL_WORDS, len(tokens) - position), 0, -1):
            words = tokens[position:position + length]
            forms = word_forms(words)
            is_class = any(f in classes for f in forms)
            if is_class or any(f in links for f in forms):
                for p in range(position, position + length):
                    covered[p] = covered.get(p, False) or is_class
                break
    found = [original[0]] if tokens[:1] in (["who"], ["whom"], ["where"]) else []
    for position, word in enumerate(original):
        before = tokens[position - 1] if position else ""
        if position in covered:
            if not covered[position] and before in {"a", "an", "another"}:
                found.append(word)  # "a film": a thing whose word only a link carries (the class says "movie")
            continue
        if before in _SKIP_AFTER_ARTICLE and position > 1:
            before = tokens[position - 2]
        named = word[:1].isupper() and position > 0
        if named or (before in _NEW | {"the"} and word.lower() not in _SKIP_AFTER_ARTICLE and word.isalpha()):
            found.append(word)
    return found

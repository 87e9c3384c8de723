"""The plan of an evidence draft: its things, and the links that join them one pair at a time.

:class:`Plan` holds the question's mentions as numbered nodes and joins two of them by
the best link the words between them name (:mod:`app.nl.link_choice`), or by a way of
two or three links through classes between, and reports when nothing joins them. The
English the joins rely on (passives, possessives, prepositions that attach higher up)
is here; which pairs to join is :mod:`app.nl.evidence`'s.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from app.nl.clauses import AUXILIARIES
from app.nl.link_choice import (
    Agent,
    LinkChoice,
    comment_says,
    content_words,
    named_links,
    phrase_grams,
    rank_links,
    rank_paths,
    rank_three_link_paths,
)
from app.nl.hinted_links import fitting_hints
from app.nl.mention_types import Mention
from app.nl.mentions import word_forms
from app.nl.name_compounds import name_before_kind
from app.nl.paraphrases import relation_nouns
from app.nl.record_paths import path_through
from app.nl.retrieval import OntologyIndex
from app.nl.verb_links import verb_named, verb_says
from app.nl.words import ARTICLES, ASKED_IN_PLACE, COPULAS, DO_FORMS, HAVE_FORMS, is_verb_form
from ontology_loaders import OWL_THING, Ontology
from ontology_loaders.vocab import plain_label

__all__ = ["PREPOSITIONS", "SURE_LINK", "Plan"]

# An edge whose best link scores below this is reported as a guess.
SURE_LINK = 0.55
# How much better a step of a two-link way must fit the words than a weak single link, to be taken instead.
PATH_MARGIN = 0.2
# A link that fits the words below this, with another within the margin, is reported as a guess.
CLEAR_LINK = 0.7
TIE_MARGIN = 0.03
# How much better, on average, three links must fit the words than the best two, to be taken instead.
LONGER_WAY_MARGIN = 0.1
# A direct link this sure is kept though a relation noun of the words names another link, reached by a way.
IMPLIED_NAME_GIVES_WAY = 0.9


@dataclass
class Plan:
    """The draft's nodes (mentions, and classes a two-link way passes through) and its edges by node number."""

    mentions: list[Mention]
    classes: list[str | None]
    edges: list[tuple[int, LinkChoice, int, Sequence[str]]] = field(default_factory=list)
    missing: list[tuple[int, int]] = field(default_factory=list)
    same: dict[int, int] = field(default_factory=dict)  # a mention that is an earlier one again ("the same place")
    left_out: list[int] = field(default_factory=list)  # mentions no link joins well, reported, not drafted
    narrowing_names: bool = False  # while a second link joins two things already joined
    opening: str = ""  # the question's first word, in lower case ("did": the name after it does the verb)

    def join(self, i: int, j: int, grams: Sequence[str], vectors: Any, words: Sequence[str], ontology: Ontology,
             index: OntologyIndex, *, reattach: bool = True, by_path: bool = True) -> None:
        """Join node ``i`` to node ``j``: by the best single link, else by two links through a class between.

        When no single link joins them and the words are a prepositional phrase, a thing named
        earlier that one link joins to ``j`` takes them instead: "books about music by Portuguese
        writers" are books by those writers, "copies of The Hidden Tide at branches" copies at
        branches. ``reattach=False`` keeps the join to ``i`` (a modifier belongs to its noun).
        """
        # "books by Irish authors won an award": what no link joins to a thing named in a prepositional phrase
        # is said of the thing that phrase belongs to
        in_phrase = any(b == i and w and w[0].lower() in PREPOSITIONS for _, _, b, w in self.edges)
        # "movies starring Mickey Rourke were directed by Guy Ritchie", "the mayors of Berlin belonged to …": a
        # passive or a past verb after a name is said of the clause's thing, so that is tried first
        # ("people born in Vienna who died in Berlin": a relative clause after a name joined to an earlier thing
        # is that thing's, as a name takes no restrictive clause)
        passive_of_earlier = reattach and self.mentions[i].kind in ("instance", "name") and (
            _is_passive(words) or self._agent_of_a_participle(i) or
            bool(words) and is_verb_form(words[0].lower()) and self._object_of_a_preposition(i) or
            bool(words) and words[0].lower() in _RELATIVES and any(b == i for _, _, b, _ in self.edges))
        earlier = [k for k in range(i - 1, -1, -1) if self.mentions[k].kind in ("class", "focus")] \
            if reattach and words and (words[0].lower() in PREPOSITIONS or passive_of_earlier or in_phrase) else []
        # as said, or by a relation noun the words mean ("work in": works at), not as implied
        said = " ".join(words).lower()
        as_said = named_links(ontology, [said])
        named = as_said | named_links(ontology, relation_nouns(phrase_grams(words, whole=False)))
        by_verb = verb_named(words, ontology) if self.mentions[i].kind in ("focus", "class") else frozenset()
        for source in (earlier + [i] if passive_of_earlier else [i] + earlier):
            choice = self._choice(source, j, grams, vectors, words, ontology, index)
            if choice is not None:
                # a link only a relation noun names ("lead": heads) gives way to a direct link the words fit
                # well ("which projects does Elias Vogel lead": project lead)
                # "who reserved …": not an editor, though an editor reaches a novel directly; but a link declared
                # for exactly the two, or whose comment says the verb, is meant ("Which employees work in
                # Project Atlas?": its participants, not the employees of its client)
                verb_said = by_verb if not verb_says(words, ontology.label(choice.link)) else frozenset()
                through = named | verb_said if as_said or choice.score < IMPLIED_NAME_GIVES_WAY else frozenset()
                if through and choice.link not in through and not _says(words, ontology.label(choice.link)) and \
                        not _declared_for(choice, ontology) and not comment_says(words, ontology, choice.link) and \
                        self._join_by_path(i, j, grams, vectors, words, ontology, index, through=through,
                                           record=through if verb_said else frozenset()):
                    return  # "members whose home branch is in Leipzig": the link the words name, then one more
                nested_place = source != i and words[:1] and words[0].lower() in ("in", "at")
                if choice.score < SURE_LINK and by_path and (content_words(words) or nested_place) and \
                        self._join_by_path(
                        i, j, grams, vectors, words, ontology, index, better_than=choice.score + PATH_MARGIN):
                    # "librarians who work in Tartu": works at a branch located there, not born there;
                    # "librarians who work at branches in Portugal": the branches are there, through a city
                    return
                first, second = choice.ends
                # a link may hold only for a kind of the class named ("people who work at …": employees)
                self.classes[source] = _or_hint(first, self.mentions[source], ontology) \
                    if self.classes[source] != first else first
                self.classes[j] = _or_hint(second, self.mentions[j], ontology) if self.classes[j] != second else second
                self.edges.append((source, choice, j, words))
                return
        # "books borrowed by members": no link joins them, but the words may name a record's links between them
        if not self._join_by_path(i, j, grams, vectors, words, ontology, index, record=named | by_verb):
            self.missing.append((i, j))

    def _object_of_a_preposition(self, i: int) -> bool:
        """Whether a name was joined to a thing before it by a preposition ("the mayors of Berlin", "actors from
        Germany") or ends a relative clause ("people who won the Turing Award"): the name is no subject of a
        verb after it."""
        return any(b == i and w and (PREPOSITIONS & {w[0].lower(), w[-1].lower()} or w[0].lower() in _RELATIVES)
                   for _, _, b, w in self.edges)

    def _agent_of_a_participle(self, i: int) -> bool:
        """Whether a name is the agent or object of a participle said of an earlier thing ("films directed by
        Steven Spielberg won an Academy Award", "films starring Brad Pitt won an Oscar"): a name takes no
        restrictive clause, so what follows is said of that thing."""
        return any(b == i and w and (len(w) >= 2 and w[-1].lower() == "by" and is_verb_form(w[-2].lower())
                                     or w[-1].lower().endswith("ing") and is_verb_form(w[-1]))
                   for _, _, b, w in self.edges)

    def join_also(self, i: int, j: int, grams: Sequence[str], vectors: Any, words: Sequence[str], ontology: Ontology,
                  index: OntologyIndex, *, possessed: bool = False) -> None:
        """A second link between two things already joined ("directed and produced by"): kept only where one link
        joins them as their classes stand, never a way through another class. ``possessed``: the words say the
        second thing is the first's ("their home city"), so the best single link is it, however well a way
        through another class fits the words."""
        mentions, edges, missing, classes = len(self.mentions), len(self.edges), len(self.missing), list(self.classes)
        self.narrowing_names = True  # "directed by and starring Clint Eastwood": the director is an actor too
        self.join(i, j, grams, vectors, words, ontology, index, reattach=False, by_path=not possessed)
        self.narrowing_names = False
        narrowed = all(new == old or self.mentions[k].kind == "name" and old and ontology.is_subclass(new, old)
                       for k, (new, old) in enumerate(zip(self.classes, classes)))
        if len(self.mentions) > mentions or not narrowed or len(self.edges) != edges + 1:
            del self.mentions[mentions:], self.edges[edges:], self.missing[missing:]
            self.classes[:] = classes

    def _join_by_path(self, i: int, j: int, grams: Sequence[str], vectors: Any, words: Sequence[str],
                      ontology: Ontology, index: OntologyIndex, through: frozenset[str] = frozenset(),
                      better_than: float | None = None, record: frozenset[str] = frozenset()) -> bool:
        """Join ``i`` to ``j`` by two links through a class between (one of ``through`` where given; one
        whose best step scores above ``better_than`` where given), else by three where allowed: through a
        record one of whose links the words name (``record``), else the best three with no ``through``."""
        a = self.classes[i] or self._focus_start(i, through | record, ontology)
        b = self.classes[j]
        # only where no single link joins them may the class word stand for a kind of it
        general = self.mentions[i].kind in ("class", "focus", "related") and better_than is None and not through
        path = rank_paths(ontology, index, grams, vectors, a, b, narrow_source=general) if a and b else None
        if path is not None and through and not {path[0].link, path[-1].link} & through:
            path = None
        if path is None and a and b and better_than is None and record:
            # "Who reserved The Hidden Ferry?": the one who reserved meets the novel only through a reservation
            # of a copy of it
            path = path_through(ontology, index, grams, vectors, a, b, record)
        if a and b and better_than is None and (record or not through) and (path is None or not through and general):
            # "hardware products produced in Poland": made at a plant in a city of it, not owned by a citizen of it
            longer = rank_three_link_paths(ontology, index, grams, vectors, a, b)
            if path is None or longer is not None and _fit(longer) > _fit(path) + LONGER_WAY_MARGIN and \
                    self._names_a_new_link(longer, path):
                path = longer
        if path is None or (through and not {step.link for step in path[::2]} & through):
            return False
        if better_than is not None and max(step.score for step in path[::2]) <= better_than:
            return False
        self.classes[i] = path[0].ends[0]  # the kind of the class word the first step holds for
        ends = [i]
        for middle, step in zip(path[1:-1:2], path[::2]):
            known = self._neighbour(ends[-1], step, middle)
            if known is None:
                self.mentions.append(Mention(-1, -1, ontology.label(middle), "between", class_iri=middle, score=0.8))
                self.classes.append(middle)
                known = len(self.mentions) - 1
            ends.append(known)
        ends.append(j)
        self.edges += [(ends[n], link, ends[n + 1], words) for n, link in enumerate(path[::2])
                       if not self._has_edge(ends[n], link, ends[n + 1])]
        return True

    def _names_a_new_link(self, longer: Sequence[Any], shorter: Sequence[Any]) -> bool:
        """Whether the longer way holds a link the words name, better than any of the shorter way's, and not one
        the draft already has ("the branch in Leipzig has …": "in" is the branch's located in, said already)."""
        best = max(longer[::2], key=lambda step: step.score)
        return best.score >= SURE_LINK and best.score > _best_step(shorter) and \
            all(best.link != choice.link for _, choice, _, _ in self.edges)

    def _focus_start(self, i: int, through: frozenset[str], ontology: Ontology) -> str | None:
        """Where a way from a "who" no link has typed yet starts: "Who reserved The Hidden Ferry?" asks for a
        person, and the kind of person the link the verb names reaches (a member, who reserves)."""
        hint = self.mentions[i].hint if self.mentions[i].kind == "focus" else None
        if hint is None:
            return None
        ends = [end for iri in sorted(through) if (link := ontology.get_link(iri)) is not None
                for end in (link.domain, link.range) if end != hint and ontology.is_subclass(end, hint)]
        return ends[0] if ends else hint

    def _neighbour(self, k: int, step: LinkChoice, class_iri: str) -> int | None:
        """A node of ``class_iri`` that ``k`` already reaches by ``step``'s link: "the laptops that Granite
        Bank ordered" go on from the laptops already drafted, not from a second node like them."""
        for a, choice, b, _ in self.edges:
            for near, far, forward in ((a, b, choice.forward), (b, a, not choice.forward)):
                if near == k and choice.link == step.link and forward == step.forward and \
                        self.classes[far] == class_iri:
                    return far
        return None

    def _has_edge(self, a: int, step: LinkChoice, b: int) -> bool:
        return any((a, b) in ((x, y), (y, x)) and c.link == step.link for x, c, y, _ in self.edges)

    def _choice(self, i: int, j: int, grams: Sequence[str], vectors: Any, words: Sequence[str], ontology: Ontology,
                index: OntologyIndex) -> LinkChoice | None:
        agent = _agent_of(self.mentions[i], self.mentions[j], words, self.opening)
        where_is = self.mentions[i].kind == "focus" and self.mentions[i].text.lower() == "where" and words and \
            all(w.lower() in COPULAS | ARTICLES for w in words)
        if where_is:
            # "Where is Mount Everest": no verb says more than "where" does, which asks for a location
            grams = ["location"]
            vectors = index.embed_many(grams)
        if not words and not grams and (compound := name_before_kind(
                self.mentions[i], self.mentions[j], self.classes[i], self.classes[j], ontology)):
            grams, vectors = compound, index.embed_many(compound)  # "Apollo 14 astronauts", "Tolkien books"
        # "works for": the verb and its preposition; "does … direct": the verb after the auxiliary
        # ("Did Socrates influence Aristotle": the verb after the "did" that opens the question)
        said = words[1:] if words and self.opening in DO_FORMS and words[0].lower() == self.opening else words
        verb = " ".join(said[:2]) if agent == "first" else \
            next((w for w in words[1:] if w.lower() not in AUXILIARIES), "")
        ranked = rank_links(ontology, index, grams, vectors, self.classes[i], self.classes[j], agent=agent, verb=verb)
        # A thing a link's word names ("how many children", "what religion does she follow") is where that link
        # goes, never where it starts.
        named_by = [m for m in (self.mentions[i], self.mentions[j])
                    if m.kind == "related" and (list(words) == [m.text] or list(grams) == [m.text.lower()])]
        if named_by:
            # ... except a link said "<noun> of" ("translations of"), which starts at the thing it names
            starts = named_by[0].text.lower().endswith(" of")
            ranked = [c for c in ranked if c.forward == ((named_by[0] is self.mentions[j]) != starts)]
        ranked = [c for c in ranked if _reaches_its_word(c, self.mentions[i], self.mentions[j], ontology, words)]
        ranked = [c for c in ranked if self._may_narrow(i, c.ends[0]) and self._may_narrow(j, c.ends[1])]
        asked = self.mentions[i].text.lower() if self.mentions[i].kind == "focus" else ""
        if asked == "where" or asked == "what" and words and words[-1].lower() in PREPOSITIONS or \
                words and words[0].lower() == "where":
            # "Where does the Rhine start", "What is Berlin known for", "the country where the Nile ends": the
            # thing asked is where the other's link leads, when its words fit both ways
            # ("Where is the Nile river": the river's location, however the link's declared ends score)
            ranked = sorted(ranked, key=lambda c: (c.forward, -c.score) if where_is else (-c.score, c.forward))
        # "plays" may mean starring or an instrument: the links the table says the words mean are alternatives
        meant = named_links(ontology, relation_nouns(list(grams)))
        chosen = fitting_hints(_owner_first(ranked, words), self.mentions[i], self.mentions[j], ontology, meant)
        return _marked_if_contested(chosen, ranked)

    def _may_narrow(self, k: int, end_class: str) -> bool:
        """A named instance keeps its class; a class word may become a kind of it. A second link (:meth:`join_also`)
        keeps a class word's class ("their father": a parent, where only a man has a father link) and may narrow
        only a name, which its first link's class still admits."""
        if self.narrowing_names:
            return self.classes[k] in (None, end_class) or self.mentions[k].kind == "name"
        return self.classes[k] in (None, end_class) or self.mentions[k].kind in ("class", "focus", "related")


def _reaches_its_word(choice: LinkChoice, first: Mention, second: Mention, ontology: Ontology,
                      words: Sequence[str] = ()) -> bool:
    """Whether a link labelled with the word of a thing it names goes to that thing: "which ingredients do I
    need for carrot cake" are the cake's ingredients, not the things the ingredients are of. Where the words
    between say the noun again before "of", or both things are named by it, the link is the first one's: "the
    children of the children of Elvis"."""
    label = plain_label(ontology.label(choice.link)).lower()
    said_again = {form for noun in _owned_nouns(words) for form in word_forms([noun])}
    named = [mention.kind == "related" and not mention.text.lower().endswith(" of") and
             label in word_forms(mention.text.lower().split()) for mention in (first, second)]
    if named[0] and choice.forward:
        return False
    return not named[1] or named[0] or choice.forward or \
        bool(said_again & set(word_forms(second.text.lower().split())))


_RELATIVES = frozenset({"who", "that", "which"})

# Words that open a phrase which may attach to a thing named before the last one.
PREPOSITIONS = frozenset({"by", "at", "in", "from", "with", "for", "on", "about", "near", "of"})


def _agent_of(first: Mention, second: Mention, words: Sequence[str], opening: str = "") -> Agent:
    """Which of two things does what the verb between them says, when the question asks for the first.

    "Who created Goofy", "Which company owns Halvard Robotics", "Who reports to Elias Vogel", "Foxconn makes which
    products": the first, the subject of the verb after it, a past tense, a present one the relation table knows,
    or any after "who". "Did Shakespeare write Hamlet": the first, the subject of "did" (``opening``).
    "Who does Elias Vogel mentor", "Which films did Spielberg direct": the second, the subject of "does … <verb>".
    """
    lowered = [w.lower() for w in words]
    said = [w for w in lowered if w not in DO_FORMS | ARTICLES]  # (the words may hold the "did" before the name)
    if opening in DO_FORMS and first.kind in ("instance", "name") and first.start == 1 and \
            second.kind in ("instance", "name") and len(said) == 1 and said[0] not in PREPOSITIONS | COPULAS:
        return "first"
    asked = (first.kind == "focus" and first.text.lower() in ("who", "whom")) or \
        (first.kind == "class" and first.start <= 1) or \
        (first.kind in ("instance", "name") and first.start == 0 and bool(set(lowered[1:]) & ASKED_IN_PLACE))
    if not asked or not words:
        return None
    if second.kind in ("instance", "name") and len(lowered) >= 2 and (lowered[0] in DO_FORMS or lowered[0] in (
            HAVE_FORMS) and any(is_verb_form(w) for w in lowered[1:])):
        return "second"  # ("Which clubs has Ronaldo played for": "has … <participle>" as "did … <verb>")
    if lowered[1:2] == ["by"]:
        return None  # "TV series created by Matt Groening": a passive, said of the series
    verb = lowered[0]
    if verb.endswith("ed") and len(verb) > 4 or verb.endswith("s") and bool(relation_nouns([verb])):
        return "first"
    # "Who reports to Elias Vogel": after "who" a word in -s is its verb
    return "first" if first.kind == "focus" and _present_verb(verb) else None


def _present_verb(word: str) -> bool:
    return len(word) > 3 and word.endswith("s") and not word.endswith("ss") and \
        word not in COPULAS | DO_FORMS | {"has", "was"}



def _declared_for(choice: LinkChoice, ontology: Ontology) -> bool:
    """Whether the ontology declares the link for exactly the two classes it joins ("the project lead of …"
    is a project's, whatever verb says it)."""
    link = ontology.get_link(choice.link)
    return link is not None and OWL_THING not in (link.domain, link.range) and \
        (link.domain, link.range) == (choice.source_class, choice.target_class)


def _says(words: Sequence[str], label: str) -> bool:
    """Whether the words say every content word of a link's label, in some form ("work in": works in).

    >>> _says(["work", "in"], "works in"), _says(["work", "in"], "workplace"), _says(["of"], "part of")
    (True, False, False)
    >>> _says(["working", "in"], "works in"), _says(["running", "on"], "runs on")
    (True, True)
    """
    said = {form for w in content_words(words) for base in (w.lower(), *_verb_bases(w.lower()))
            for form in word_forms([base])}
    needed = content_words(label.split())
    return bool(needed) and all(said & set(word_forms([w.lower()])) for w in needed)


def _verb_bases(word: str) -> list[str]:
    """The plain forms a gerund may come from: "working" → work, "running" → run, "living" → live."""
    if not (word.endswith("ing") and len(word) > 5):
        return []
    base = word[:-3]
    doubled = [base[:-1]] if len(base) > 2 and base[-1] == base[-2] else []
    return [base, base + "e", *doubled]


def _is_passive(words: Sequence[str]) -> bool:
    """"were directed by", "was starring": a form of "be", then a participle.

    >>> _is_passive(["were", "directed", "by"]), _is_passive(["was", "starring"]), _is_passive(["directed"])
    (True, True, False)
    """
    lowered = [w.lower() for w in words]
    return len(lowered) >= 2 and lowered[0] in COPULAS and is_verb_form(lowered[1])


def _owned_nouns(words: Sequence[str]) -> list[str]:
    """The relation noun of "the successor of …" or "…'s vice president": the second thing owns the first.
    Before "of", the words after "the" may all say it: "the parent company of …".

    >>> _owned_nouns("the parent company of".split()), _owned_nouns(["s", "vice", "president"])
    (['company', 'parent'], ['president'])
    >>> _owned_nouns("are the children of the".split())  # the next thing's article is no part of the relation
    ['children']
    """
    lowered = [w.lower() for w in words]
    while len(lowered) > 2 and lowered[-1] in ARTICLES and lowered[-2] == "of":
        lowered.pop()
    if len(lowered) >= 2 and lowered[-1] == "of" and lowered[-2] not in AUXILIARIES:
        start = max((k + 1 for k, w in enumerate(lowered[:-1]) if w in ("the", "a", "an")), default=len(lowered) - 2)
        return [w for w in reversed(lowered[start:-1]) if w not in AUXILIARIES]
    if "s" in lowered[:-1]:  # "'s vice president", and "was …'s vice president" when a back clause joins it
        return [lowered[-1]]
    return []


def _owner_first(ranked: Sequence[LinkChoice], words: Sequence[str]) -> list[LinkChoice]:
    """Where the best link fits both ways, "the <noun> of X" and "X's <noun>" run it from X, the owner.

    "The successor of John F. Kennedy" is Kennedy's successor, not the one Kennedy succeeded; "the
    manager of Sofia Vogel" is the one she reports to, though the noun is not the link's label. The classes
    cannot tell these apart when the link declares neither end, or both ends fit both things. Nor may the kind
    a name is said to be turn such a link round where it passes over the best: "Who was the founder of Apple
    Inc.": a company, which the founder link leaves open, and the next link, "founded by", still runs from it.
    """
    if not ranked or not _owned_nouns(words):
        return list(ranked)
    twins = {(c.link, round(c.score, 6)) for c in ranked if not c.forward}
    return [c for c in ranked if not (c.forward and (c.link, round(c.score, 6)) in twins)]


def _or_hint(class_iri: str, mention: Mention, ontology: Ontology) -> str:
    """An end the link leaves open (owl:Thing), or declares wider than the class a wh-word asks for, takes that
    class: "who was born in Poland" asks for a person, though a birth place is declared for any animal."""
    if mention.hint and (class_iri == OWL_THING or ontology.is_subclass(mention.hint, class_iri)):
        return mention.hint
    return class_iri


def _marked_if_contested(chosen: LinkChoice | None, ranked: Sequence[LinkChoice]) -> LinkChoice | None:
    """The choice, marked as a guess where another link fits the words nearly as well and neither well: "Who
    is the CEO of Corvid Retail?" in an ontology with no such link (account manager 0.62, headquarters 0.60)."""
    if chosen is None or chosen.score >= CLEAR_LINK:
        return chosen
    rival = any(c.link != chosen.link and chosen.score - c.score < TIE_MARGIN for c in ranked)
    return dataclasses.replace(chosen, contested=True) if rival else chosen


def _fit(path: Sequence[Any]) -> float:
    """How well a way's links fit the words, on average."""
    return sum(step.score for step in path[::2]) / len(path[::2])


def _best_step(path: Sequence[Any]) -> float:
    return max(step.score for step in path[::2])

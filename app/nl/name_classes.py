"""Which class a named thing is of, where no instance data says so, and which words are two names, not one.

A name the knowledge graph resolves takes the instance's class. Otherwise, within the classes its link
allows: a gazetteer, its own words (:mod:`app.nl.name_kinds`), the model (:mod:`app.nl.name_types`),
then the embedder. A value asked of it by name ("When did X die": death date) narrows it to the
classes that have that value.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from app.nl.asked_values import AskedValue, asked_of, class_having
from app.nl.gazetteer import place_kind
from app.nl.given_names import looks_like_a_person
from app.nl.mention_types import Mention
from app.nl.mentions import class_named
from app.nl.name_kinds import kind_in_name, known_kind
from app.nl.name_types import NameTyper
from app.nl.plan import Plan
from app.nl.retrieval import OntologyIndex
from app.nl.spans import most_specific
from app.nl.words import ENGLISH, is_verb_form
from ontology_loaders import OWL_THING, Ontology

__all__ = ["NAME_CLASS_SIMILARITY", "NameResolver", "kinds_said", "like_the_first_name", "place_named",
           "refine_name_classes", "resolved", "split_coordinated_names", "type_by_value"]

#: ``(name) -> (instance IRI, types)`` of the knowledge graph's best match, or None.
NameResolver = Callable[[str], "tuple[str, tuple[str, ...]] | None"]

# How close a name must be to a class label to take that class instead of its link's declared end.
NAME_CLASS_SIMILARITY = 0.55


def place_named(mention: Mention, ontology: Ontology) -> str | None:
    """A name the gazetteer knows as a country or a large city takes that class before any link is chosen, so
    the link fits it ("Is Berlin the capital of Germany": Germany has the capital, it is none). So does a name
    "<class word> of <place>": "the University of Cambridge" is a university, "Bank of America" a bank."""
    if mention.kind != "name":
        return None
    place = place_kind(mention.text, said_to_be_a_place=False)
    # a region is typed within its link's end: DBpedia founds things in cities
    if place in ("continent", "country", "city"):
        return class_named(place, ontology)
    kind, of, where = mention.text.partition(" of ")
    if of and len(kind.split()) == 1 and place_kind(where, said_to_be_a_place=True):
        return class_named(kind, ontology)
    return None


def like_the_first_name(plan: Plan, first: int, second: int, ontology: Ontology) -> None:
    """"Who played for both Real Madrid and Barcelona": names said side by side for one link are of one kind, so
    where the first is no place the gazetteer knows, the second's city gives way, and it is typed as the first
    was, within the end of the link the words choose."""
    names = [plan.mentions[k] for k in (first, second)]
    kind, placed = plan.classes[first], plan.classes[second]
    if all(m.kind == "name" for m in names) and kind and placed and placed == place_named(names[1], ontology) and \
            place_named(names[0], ontology) is None and not ontology.is_subclass(kind, placed) and \
            not ontology.is_subclass(placed, kind):
        plan.classes[second] = None


def kinds_said(mentions: Sequence[Mention], ontology: Ontology, type_name: NameTyper | None,
               tokens: Sequence[str] = ()) -> list[Mention]:
    """Each untyped name with the kind the model says it is, as a hint for choosing its link among those the
    words fit nearly as well ("members of the Democratic Party": a party's, not a band's).

    Only a hint: a 270M model calls the Euro a person and Pink Floyd a film, so the words still choose the
    link, and the link's declared end bounds the name's class. A person is no hint: the model answers
    "person" for what it does not know.
    """
    if type_name is None:
        return list(mentions)
    person = class_named("person", ontology)
    hinted = []
    for mention in mentions:
        if mention.kind == "name" and mention.class_iri is None and place_named(mention, ontology) is None and \
                not looks_like_a_person(mention.text):
            # its own words first, as when the link is known ("the North Sea", which the model calls a river)
            kind = known_kind(mention.text, OWL_THING, ontology) or type_name(mention.text, OWL_THING)
            if kind is not None and kind != person:
                # surer than the gazetteer's or the model's kind, unless a noun after it is its head
                in_name = not _before_a_noun(mention, tokens) and kind == kind_in_name(mention.text, ontology)
                mention = dataclasses.replace(mention, hint=kind, hint_in_name=in_name)
        hinted.append(mention)
    return hinted


def _before_a_noun(name: Mention, tokens: Sequence[str]) -> bool:
    """Whether a lower-case word no verb or small word follows the name: the name then says which of that
    noun's things, not its own kind ("Daund Junction railway station", "the Apollo 14 astronauts")."""
    after = tokens[name.end] if name.end < len(tokens) else ""
    return after.isalpha() and after.islower() and after not in ENGLISH and not is_verb_form(after)


def type_by_value(plan: Plan, asked: AskedValue, ontology: Ontology, index: OntologyIndex) -> None:
    """A name nothing types yet may be of any class that has the value asked: the model says which kind
    it is ("Toy Story": a film), and the value is then looked for among that class's attributes.

    When the words name an attribute as written ("When did Elvis Presley die": death date), the name is
    one of the classes that have it, so the model chooses among those only.
    """
    subject = asked_of(plan.mentions, asked)
    if subject is None or plan.mentions[subject].kind != "name" or plan.classes[subject]:
        return
    says_its_kind = known_kind(plan.mentions[subject].text, OWL_THING, ontology)  # "the Brooklyn Bridge"
    plan.classes[subject] = (None if says_its_kind else class_having(asked.words, ontology, index)) or OWL_THING


def refine_name_classes(mentions: Sequence[Mention], classes: list[str | None], ontology: Ontology,
                         index: OntologyIndex, type_name: NameTyper | None = None) -> list[str | None]:
    """A name with no instance data takes, among the classes its link admits, the kind it is.

    ``type_name`` (the model's world knowledge) decides where given. Otherwise the embedder's
    does: the class closest to the name in meaning, above :data:`NAME_CLASS_SIMILARITY`. The
    link's declared end keeps either guess valid; without an answer it stays.
    """
    named = [i for i, m in enumerate(mentions) if m.kind == "name" and classes[i]]
    if not named:
        return classes
    refined = list(classes)
    for i in list(named):
        kind = known_kind(mentions[i].text, classes[i], ontology)
        if kind:
            refined[i] = kind  # "Heraklion", "North Sea": the name or a gazetteer says it, no model needed
            named.remove(i)
        elif looks_like_a_person(mentions[i].text):
            named.remove(i)  # "Jerry Seinfeld" where the link admits no person class: no guess beats its end
    if type_name is not None:
        answers = {i: type_name(mentions[i].text, classes[i]) for i in named}
        refined = [answers.get(i) or c for i, c in enumerate(refined)]
        named = [i for i in named if answers[i] is None]
    vectors = index.embed_many([mentions[i].text for i in named]) if named else []
    for i, vector in zip(named, vectors):
        allowed = [c for c in ontology.descendants(classes[i]) if c != OWL_THING]
        best = index.classes.score(vector, allowed)[:1]
        if best and best[0].score >= NAME_CLASS_SIMILARITY:
            refined[i] = best[0].iri
    return refined


def split_coordinated_names(tokens: Sequence[str], mentions: Sequence[Mention],
                             resolve_name: NameResolver | None) -> list[Mention]:
    """"Sonny and Cher", "both Titanic and Inception": two names, where "both" says so, where each part is a
    person's full name ("Larry David and Jerry Seinfeld") or a country or large city the gazetteer knows
    ("Germany and Austria"), or where the knowledge graph knows each part and not the whole ("Harold and
    Maude", a film, stays one)."""
    result: list[Mention] = []
    for mention in mentions:
        words = [t.lower() for t in tokens[mention.start:mention.end]]
        if mention.kind != "name" or "and" not in words[1:-1]:
            result.append(mention)
            continue
        cut = mention.start + words.index("and")
        parts = [(mention.start, cut), (cut + 1, mention.end)]
        texts = [" ".join(tokens[a:b]) for a, b in parts]
        both = mention.start > 0 and tokens[mention.start - 1].lower() in ("both", "either", "between")
        known = resolve_name is not None and resolve_name(mention.text) is None and \
            all(resolve_name(text) is not None for text in texts)
        people = all(looks_like_a_person(text) for text in texts)
        # "Germany and Austria", though "Trinidad and Tobago" is one country
        places = all(place_kind(text, said_to_be_a_place=False) for text in texts) and \
            not place_kind(mention.text, said_to_be_a_place=False)
        if both or people or known or places:
            result += [dataclasses.replace(mention, start=a, end=b, text=text) for (a, b), text in zip(parts, texts)]
        else:
            result.append(mention)
    return result


def resolved(mention: Mention, resolve_name: NameResolver, ontology: Ontology) -> Mention:
    if mention.kind != "name":
        return mention
    found = resolve_name(mention.text)
    if found is None:
        return mention
    iri, types = found
    return dataclasses.replace(mention, kind="instance", class_iri=most_specific(types, ontology), instance=iri,
                               score=0.9)

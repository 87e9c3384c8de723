"""One node for two mentions of one thing: "the same university as them", "the same city as Elvis Presley".

Run after the relations are drafted: "… studied at the same university as their spouse" gives the
first thing the link to that university too; "born in the same city as Elvis Presley" gives the name
the same link to that city, in place of whatever "as" alone was read as.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from app.nl.link_choice import LinkChoice, content_words, phrase_grams
from app.nl.mention_types import Mention
from app.nl.mentions import links_labelled
from app.nl.plan import SURE_LINK, Plan
from app.nl.retrieval import OntologyIndex
from app.nl.words import HAVE_FORMS, POSSESSIVES, SUBJECT_PRONOUNS, word_before
from ontology_loaders import Ontology

__all__ = ["as_their_own", "kind_before_kind", "named_kind", "same_as", "same_thing", "theirs"]

# Words before a noun that pick one of its things rather than say which kind: "their first album".
_PICKING = frozenset({"first", "second", "third", "last", "next", "previous", "only", "other"})

_BACK_PRONOUNS = frozenset({"them", "him", "her", "it", "they", "their", "his", "its", "theirs"})


def as_their_own(tokens: Sequence[str], first: Mention, second: Mention) -> bool:
    """"… born in the same city as their mother": the second thing is the first one's ("their mother"), and
    the shared thing is not joined to it by the words between.

    >>> t = "actors born in the same city as their mother".split()
    >>> as_their_own("people who have the same city as their mother".split(), Mention(5, 6, "city", "class"),
    ...              Mention(8, 9, "mother", "related"))
    False
    >>> as_their_own(t, Mention(5, 6, "city", "class"), Mention(8, 9, "mother", "related"))
    True
    >>> as_their_own(t, Mention(5, 6, "city", "class"), Mention(9, 10, "x", "class"))
    False
    """
    lowered = [t.lower() for t in tokens]
    # ("have the same place as their death place" says what that place is to them)
    return first.start >= 3 and lowered[first.start - 2:first.start] == ["the", "same"] and \
        lowered[first.start - 3] not in HAVE_FORMS and \
        second.start == first.end + 2 and lowered[first.end] == "as" and lowered[first.end + 1] in POSSESSIVES


def same_as(tokens: Sequence[str], plan: Plan, ontology: Ontology, index: OntologyIndex) -> None:
    """"… studied at the same university as them": the first thing has that link to it too (a shared node);
    "as they were born": the verb after the pronoun says the thing's other link to it."""
    lowered = [t.lower() for t in tokens]
    for i, choice, j, words in list(plan.edges):
        target = plan.mentions[j]
        after = lowered[target.end:target.end + 2] if target.end >= 0 else []
        if "same" in [w.lower() for w in words] and j + 1 < len(plan.mentions) and \
                as_their_own(tokens, target, plan.mentions[j + 1]):
            _same_as_theirs(plan, choice, j, words, ontology)
            continue
        if "same" in [w.lower() for w in words] and after[:1] == ["as"] and j + 1 < len(plan.mentions) and \
                plan.mentions[j + 1].start == target.end + 1:
            _same_as_named(plan, i, choice, j, words, ontology)
            continue
        if "same" not in [w.lower() for w in words] or len(after) < 2 or after[0] != "as" or \
                after[1] not in _BACK_PRONOUNS:
            continue
        clause = [w for w in lowered[target.end + 2:] if w.isalpha()]
        if after[1] in SUBJECT_PRONOUNS and content_words(clause):
            # "people who died in the same place as they were born": they were born there, by the verb said
            grams = phrase_grams(clause, whole=False) or phrase_grams(clause)
            plan.join_also(i, j, grams, index.embed_many(grams), clause, ontology, index)
            continue
        if i == 0:
            continue
        source_class, target_class = plan.classes[0], plan.classes[j]
        if source_class and target_class and ontology.link_fits(choice.link, source_class, target_class):
            twin = LinkChoice(choice.link, True, choice.score, source_class, target_class)
            plan.edges.append((0, twin, j, words))


def theirs(tokens: Sequence[str], plan: Plan, ontology: Ontology, index: OntologyIndex) -> None:
    """"Actors who starred in movies directed by their spouse": the director is the actors' spouse too.

    A link's word after a possessive pronoun, reached from a later thing by other words, is also the
    subject's: the first thing asked has that link to it, where one link joins them as their classes stand.
    So it is where the subject reached it by other words ("musicians who died in their home town").
    """
    lowered = [t.lower() for t in tokens]
    subject = next((k for k, m in enumerate(plan.mentions) if m.kind in ("class", "focus")), None)
    for i, choice, j, words in list(plan.edges):
        related = plan.mentions[j]
        owner = word_before(lowered, related.start)  # "their own children"
        # "in their home city": one lower-case word between says which of theirs, and how it is theirs
        # ("his first album" picks one of his albums, and is read as an order)
        describing = owner not in POSSESSIVES and related.kind == "class" and related.start > 1 and \
            lowered[related.start - 2] in POSSESSIVES and tokens[related.start - 1].isalpha() and \
            tokens[related.start - 1].islower() and owner not in _PICKING and not owner.endswith("est")
        joined = any({a, b} == {subject, j} and (a, b) != (i, j) for a, _, b, _ in plan.edges)
        # a class word too, when a later thing reached it ("authors who appeared at a festival in their own country")
        kinds = ("related", "class") if i != subject else ("related",)
        if subject is None or related.kind not in kinds or j == subject or \
                not (owner in POSSESSIVES or describing) or joined or \
                related.text.lower() in [w.lower() for w in words] or \
                i == subject and choice.link in links_labelled(related.text.lower(), ontology):
            continue
        said = [lowered[related.start - 1], related.text.lower()] if describing else [related.text.lower()]
        grams = phrase_grams(said) if describing else said
        plan.join_also(subject, j, grams, index.embed_many(grams), said, ontology, index, possessed=True)


def _same_as_named(plan: Plan, i: int, choice: LinkChoice, j: int, words: Sequence[str], ontology: Ontology) -> None:
    """"Singers born in the same city as Elvis Presley": the thing after "as" has the same link to that node,
    in place of whatever link "as" alone was read as."""
    k = j + 1
    # (and a way "as" alone was read as, through a thing between: a contact person's citizenship)
    ways = {m for m, mention in enumerate(plan.mentions) if mention.kind == "between" and
            {j, k} <= {end for a, _, b, _ in plan.edges if m in (a, b) for end in (a, b)}}
    plan.edges = [edge for edge in plan.edges if {edge[0], edge[2]} != {j, k} and not ways & {edge[0], edge[2]}]
    plan.missing = [pair for pair in plan.missing if set(pair) != {j, k}]
    # "authors born in the same country as Beatrix Lindqvist": born in a city of that country, as she was
    into = next(((a, c) for a, c, b, _ in plan.edges if b == i and plan.mentions[a].kind != "between"), None) \
        if plan.mentions[i].kind == "between" else None
    first = into[1] if into else choice
    if plan.classes[k] is None or plan.mentions[k].kind == "name":
        # a name takes the link's declared end, within which it is typed like any other name
        link = ontology.get_link(first.link)
        declared = (link.domain if first.forward else link.range) if link else None
        plan.classes[k] = declared or plan.classes[into[0] if into else i]
    if into is None:
        plan.edges.append((k, choice, j, words))
        return
    plan.mentions.append(dataclasses.replace(plan.mentions[i]))
    plan.classes.append(plan.classes[i])
    plan.edges += [(k, first, len(plan.mentions) - 1, words), (len(plan.mentions) - 1, choice, j, words)]


def _same_as_theirs(plan: Plan, choice: LinkChoice, j: int, words: Sequence[str], ontology: Ontology) -> None:
    """"… went to the same university as their spouse": the spouse went there too (the first thing's link
    to the spouse is drafted where the pair is joined)."""
    k = j + 1
    if plan.classes[k] and plan.classes[j] and ontology.link_fits(choice.link, plan.classes[k], plan.classes[j]) \
            and any(k in (a, b) for a, _, b, _ in plan.edges):
        plan.edges.append((k, LinkChoice(choice.link, True, choice.score, plan.classes[k], plan.classes[j]), j, words))


def same_thing(tokens: Sequence[str], plan: Plan) -> None:
    """"… a place …, and persons who have the same place as their death place": "the same <class>" with an
    earlier thing of that class is that thing; its links move to it (``plan.same`` records the merge)."""
    lowered = [t.lower() for t in tokens]
    for j, mention in enumerate(plan.mentions):
        if (again := _said_again(lowered, plan, j)) is not None:  # the thing said first may be mention 0
            _merge(plan, j, again)
            continue
        if mention.kind != "class" or mention.start < 2 or lowered[mention.start - 2:mention.start] != ["the", "same"]:
            continue
        earlier = [k for k in range(j) if plan.mentions[k].kind == "class" and plan.classes[k] == plan.classes[j]]
        if earlier and lowered[mention.end:mention.end + 1] == ["as"]:
            _merge(plan, j, earlier[-1])


def named_kind(plan: Plan, ontology: Ontology) -> None:
    """"Which projects need Kubernetes skills?": a name right before a plural class word that no link joins it to,
    and that its own link already makes a thing of that class, is one of those things by name.

    ("Apollo 14 astronauts" are others: a link joins the astronauts to the mission.)
    """
    for i, j in list(plan.missing):
        name, word = plan.mentions[i], plan.mentions[j]
        kind, named_class = plan.classes[j], plan.classes[i]
        if name.kind == "name" and word.kind == "class" and name.end == word.start and kind and named_class and \
                ontology.is_subclass(named_class, kind):
            _merge(plan, j, i)
            plan.missing = [pair for pair in plan.missing if pair != (i, i)]


def kind_before_kind(plan: Plan, ontology: Ontology) -> None:
    """"female German chancellors": a class word right before another, that no link joins to it better than a
    guess, says a kind the other's one class cannot; it is left out and reported, not joined by a guess ("aunt").
    A kind of the other's class ("software products") is the kind of thing meant: one node of it."""
    for a, choice, b, words in list(plan.edges):
        first, second = plan.mentions[a], plan.mentions[b]
        # (only set-aside modifiers between them: "female German chancellors")
        # (a thing joined to others too is no modifier: "… works whose author is an ice hockey player works …")
        joined_elsewhere = any(a in (c, d) for c, _, d, _ in plan.edges if (c, d) != (a, b))
        if first.kind == second.kind == "class" and (first.end == second.start or not any(words)) and \
                0 <= first.end <= second.start and choice.score < SURE_LINK and a not in plan.same and \
                not joined_elsewhere:
            plan.edges.remove((a, choice, b, words))
            narrower = first.end == second.start and first.class_iri and second.class_iri and \
                first.class_iri != second.class_iri and ontology.is_subclass(first.class_iri, second.class_iri)
            if narrower:
                plan.classes[b] = first.class_iri
            else:
                plan.left_out.append(a)
            _merge(plan, a, b)


def _said_again(lowered: Sequence[str], plan: Plan, j: int) -> int | None:
    """"… is composed by a person … The person has …": a class word after "the", "that" or "this" that
    starts a sentence's subject, with a thing of that class brought in earlier by "a", is that thing."""
    mention = plan.mentions[j]
    if mention.kind != "class" or mention.start < 1 or lowered[mention.start - 1] not in ("the", "that", "this") or \
            lowered[mention.end:mention.end + 1] in (["of"], ["who"], ["that"], ["which"]):
        return None
    earlier = [k for k in range(j) if plan.mentions[k].kind == "class" and plan.classes[k] == plan.classes[j]
               and plan.mentions[k].start > 0 and lowered[plan.mentions[k].start - 1] in ("a", "an")]
    return earlier[-1] if earlier else None


def _merge(plan: Plan, j: int, k: int) -> None:
    plan.same[j] = k
    plan.edges = [(k if a == j else a, choice, k if b == j else b, words) for a, choice, b, words in plan.edges]
    plan.missing = [(k if a == j else a, k if b == j else b) for a, b in plan.missing]


"""A draft built from evidence alone: the question's mentions as nodes, the words between them as links.

Natural questions rarely use the ontology's labels, and a 270M model imitates
its examples more than it reads ("born in" became whatever link it had copied
before). So before any model call, :func:`draft_from_evidence` reads the things
the question names (:mod:`app.nl.spans`), joins each to the next by the link
whose label is closest to the words between them (:mod:`app.nl.clauses` reads
which words those are, :mod:`app.nl.link_choice` ranks the links, :mod:`app.nl.plan`
joins the pairs, by ways of two or three links where one does not), and reports
for every node and edge the words it came from and how sure it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from app.errors import EditError
from app.graph.edits import make_constraint, remove_node
from app.graph.model import (
    Aggregation,
    Constraint,
    ConstraintOp,
    CountCondition,
    Edge,
    Node,
    PrototypeGraph,
    make_node_ids,
)
from app.nl.asked_values import (
    AskedValue,
    counted_by_attribute,
    lacking_value,
    measures_before,
    read_asked_value,
    show_asked,
)
from app.nl.clauses import (
    back_clause,
    clause_subject,
    coordinated,
    coordinated_verbs,
    opens_a_sentence,
    relation_phrases,
    said_of_both,
    said_of_the_first,
    same_subject,
    set_aside_modifiers,
    starts_own_clause,
    whose_continued,
    words_between,
)
from app.nl.comparisons import (
    CURRENCIES,
    compared_positions,
    find_comparisons,
    narrowed_for_comparisons,
    read_comparisons,
    read_count_conditions,
)
from app.nl.counting import counted, number_instead_of_count
from app.nl.draft_parts import A_WAY_BETWEEN, largest_valid_part
from app.nl.figures import read_figures
from app.nl.flags import flag_readings, flagged_things
from app.nl.labelled_values import labelled_conditions, split_labelled_values
from app.nl.link_choice import implied_grams, phrase_grams, rank_links
from app.nl.link_words import owned, with_link_words
from app.nl.kinds_of import kinds_of
from app.nl.lone_thing import one_thing_nothing_identifies
from app.nl.mention_types import Mention
from app.nl.orderings import read_ordering, said_limit
from app.nl.own_organisation import without_own_organisation
from app.nl.name_classes import (NameResolver, kinds_said, like_the_first_name, place_named, refine_name_classes,
                                  resolved, split_coordinated_names, type_by_value)
from app.nl.name_types import NameTyper
from app.nl.plan import SURE_LINK, Plan
from app.nl.retrieval import OntologyIndex
from app.nl.shared_nodes import as_their_own, kind_before_kind, named_kind, same_as, same_thing, theirs
from app.nl.shown_values import read_shown_values, shown_amounts
from app.nl.spans import find_mentions
from app.nl.superlatives import read_superlative, sorted_amounts
from app.nl.values import ValueWords, read_values
from app.nl.who_by_attribute import focus_by_attribute
from app.nl.words import NEGATIONS, TOKEN, is_english, tokens_of
from ontology_loaders import OWL_THING, RDFS_LABEL, Ontology

__all__ = ["EvidenceDraft", "draft_from_evidence"]

@dataclass
class EvidenceDraft:
    """The graph, and why: which words made each node and edge, which were left over, how sure it is."""

    graph: PrototypeGraph
    evidence: dict[str, str] = field(default_factory=dict)  # node id or "source link target" -> words
    used: list[str] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    confidence: float = 0.0
    messages: list[str] = field(default_factory=list)
    spans: dict[str, tuple[int, int]] = field(default_factory=dict)  # node id -> its words' token span


def draft_from_evidence(question: str, ontology: Ontology, index: OntologyIndex,
                        instances: Mapping[str, Sequence[tuple[str, tuple[str, ...]]]] | None = None,
                        resolve_name: NameResolver | None = None,
                        type_name: NameTyper | None = None, values: ValueWords | None = None) -> EvidenceDraft | None:
    """The evidence draft of ``question``, or None when it names nothing of the ontology (not understood).

    ``resolve_name`` looks a name up in the knowledge graph when no label matched it as written
    ("Halvard Robotics" for "Halvard Robotics sp. z o.o."). ``type_name`` says what kind of thing a name
    that nothing resolved is, among the classes its link allows (world knowledge, from the model).
    ``values`` are the knowledge graph's few-valued text attributes (:func:`app.nl.values.value_words`).
    """
    tokens = tokens_of(question)
    if not is_english(tokens):
        return None
    asked, mentions = _read_mentions(question, tokens, ontology, index, instances, resolve_name)
    mentions = kinds_said(mentions, ontology, type_name, tokens)
    mentions = focus_by_attribute(question, tokens, mentions, ontology, index)
    mentions, labelled = split_labelled_values(tokens, mentions, ontology)  # "with the job title Designer"
    mentions, modifiers, unspoken = set_aside_modifiers(mentions, tokens)
    if not mentions or (len(mentions) == 1 and mentions[0].kind != "class" and not modifiers and asked is None
                        and not mentions[0].said_to_be):
        return None  # nothing named, or only a name with nothing asked of it ("the weather in Lisbon")
    # "has the largest population in Europe", "with a salary above 80000 in": values name no link
    for position in sorted_amounts(tokens) | compared_positions(tokens, mentions):
        unspoken[position] = ""
    clause = back_clause(tokens, mentions)
    phrases = relation_phrases(unspoken[:clause[0]] if clause else unspoken, mentions)
    plan = Plan(list(mentions), [m.class_iri or place_named(m, ontology) for m in mentions], opening=tokens[0].lower())
    _join_pairs(plan, tokens, mentions, phrases, ontology, index)
    same_thing(tokens, plan)
    same_as(tokens, plan, ontology, index)
    theirs(tokens, plan, ontology, index)
    named_kind(plan, ontology)
    kind_before_kind(plan, ontology)
    if clause:
        _join_back(plan, clause[1], ontology, index)
    _join_modifiers(plan, modifiers, tokens, ontology, index)
    if not any(plan.classes) and asked is None:
        return None  # nothing the ontology knows, and no link the words name
    if asked is not None:
        type_by_value(plan, asked, ontology, index)
    plan.classes = refine_name_classes(plan.mentions, plan.classes, ontology, index, type_name)
    draft = _assemble(question, tokens, plan, ontology)
    shows = asked is not None and _shows_asked(tokens, draft, asked, ontology, index)
    # "the average salary of engineers", "the highest salary in the Finance department": one figure
    read_figures(tokens, draft, asked and asked.span, ontology)
    if asked is not None and not shows and draft.graph.aggregation is None and len(plan.mentions) == 1 \
            and plan.mentions[0].kind != "class":  # a lone name, and no value of it the ontology knows
        return EvidenceDraft(PrototypeGraph(), messages=[lacking_value(plan.mentions[0].text, plan.classes[0], asked,
                                                                       ontology)])
    _sorted_by_superlative(tokens, draft, ontology, index)
    read_ordering(tokens, draft, ontology, index)  # "the top 5 customers by revenue", "sorted by list price"
    _shows_beside(tokens, draft, ontology, index)
    _constrained_by_comparisons(question, tokens, draft, ontology, index)
    named = [any(m.start <= i < m.end for m in plan.mentions if m.kind in ("instance", "name"))
             for i in range(len(tokens))]
    flags, said = flag_readings(tokens, draft.graph, draft.spans, ontology, named)
    for node_id in said:
        _forget(draft, node_id)
    _add_conditions(draft, flags, tokens, ontology)
    if values:
        # a class word's head names the thing, not its status ("managers" is no job title here)
        heads = {m.end - 1 for m in plan.mentions if m.kind == "class" and m.end > 0}
        free = [n or i in heads for i, n in enumerate(named)]
        _add_conditions(draft, read_values(tokens, draft.graph, draft.spans, ontology, free, values), tokens, ontology)
    _add_conditions(draft, labelled_conditions(labelled, draft.graph, draft.spans), tokens, ontology)
    if one_thing_nothing_identifies(tokens, plan.mentions, draft.graph):
        return None  # "Are you a robot?": every robot would answer another question
    return draft


def _read_mentions(question: str, tokens: Sequence[str], ontology: Ontology, index: OntologyIndex,
                   instances: Mapping[str, Sequence[tuple[str, tuple[str, ...]]]] | None,
                   resolve_name: NameResolver | None) -> tuple[AskedValue | None, list[Mention]]:
    """The value the question asks, if any, and the things it names, resolved in the knowledge graph."""
    mentions = kinds_of(tokens, find_mentions(question, ontology, index, instances), ontology)
    mentions = split_coordinated_names(tokens, mentions, resolve_name)
    if resolve_name is not None:
        mentions = [resolved(m, resolve_name, ontology) for m in mentions]
    asked, mentions = read_asked_value(tokens, mentions, ontology, index)
    # "the largest population", "with their population": a value to sort by or show, no Population
    amounts = sorted_amounts(tokens) | shown_amounts(tokens)
    mentions = [m for m in mentions if not (m.kind == "class" and m.start in amounts)]
    mentions += flagged_things(tokens, mentions, ontology)  # "orders that were not paid": their invoices
    mentions.sort(key=lambda m: m.start)
    return asked, without_own_organisation(tokens, _without_compared_counts(question, mentions, ontology), ontology)


def _join_pairs(plan: Plan, tokens: Sequence[str], mentions: Sequence[Mention], phrases: Sequence[Sequence[str]],
                ontology: Ontology, index: OntologyIndex) -> None:
    """Join each thing to the next by the words between them, or to the thing whose clause they continue."""
    grams = [phrase_grams(words, whole=False) or implied_grams(words) + owned(words, mentions[i + 1])
             or phrase_grams(words) for i, words in enumerate(phrases)]
    grams = [with_link_words(gs, phrases[i], mentions[i], mentions[i + 1], tokens, ontology)
             for i, gs in enumerate(grams)]
    flat = [g for gs in grams for g in gs]
    vectors = index.embed_many(flat) if flat else []
    offset, partner, both = 0, {}, {}
    for i, pair_grams in enumerate(grams):
        pair_vectors = vectors[offset:offset + len(pair_grams)]
        offset += len(pair_grams)
        before = words_between(tokens, mentions[i - 1], mentions[i]) if i else []
        if i + 2 < len(mentions) and coordinated(tokens, mentions[i], mentions[i + 1], named=True) and \
                said_of_both(words_between(tokens, mentions[i + 1], mentions[i + 2])):
            both[i + 1] = i  # "Do Prince Harry and Prince William have the same parents": neither is the other's
            continue
        if i in partner and coordinated(tokens, mentions[i], mentions[i + 1]):
            # "films with Julia Roberts and Richard Gere": the second is joined as the first was, though a verb
            # follows it ("… and Angelina Jolie were released"): that is said of the pair's thing
            j, first_grams, first_vectors, first_words = partner[i]
            like_the_first_name(plan, i, i + 1, ontology)
            plan.join(j, i + 1, first_grams, first_vectors, first_words, ontology, index)
            partner[i + 1] = partner[i]
            continue
        if i in partner and (same_subject(phrases[i]) or whose_continued(before, phrases[i], ontology)):
            # "persons that are authors of a work and are gold medalists …", "books written by authors
            # born in Dublin and published by a company", "the mountain whose range is … and parent peak is …":
            # the clause's subject again
            subject = clause_subject(tokens, mentions, i)
            plan.join(subject, i + 1, pair_grams, pair_vectors, phrases[i], ontology, index)
            partner[i + 1] = (subject, pair_grams, pair_vectors, phrases[i])
            continue
        if i in partner and as_their_own(tokens, mentions[i], mentions[i + 1]):
            # "actors born in the same city as their mother": the actors' mother, not the city's
            subject = partner[i][0]
            plan.join(subject, i + 1, pair_grams, pair_vectors, phrases[i], ontology, index)
            partner[i + 1] = (subject, pair_grams, pair_vectors, phrases[i])
            continue
        if starts_own_clause(tokens, mentions[i], mentions[i + 1]) or opens_a_sentence(tokens, mentions[i + 1]):
            continue  # "… and persons who …", "… a headquarter. The person …": joined by their own clause
        # ("the currency of the country whose capital is Nairobi": "whose" says it of the country; a name takes no
        # such clause)
        whose_own = mentions[i].kind == "class" and tokens[mentions[i].end:mentions[i].end + 1] == ["whose"]
        if i and mentions[i].kind != "related" and not whose_own and \
                said_of_the_first(words_between(tokens, mentions[i - 1], mentions[i]), phrases[i]):
            # "which branch in Leipzig has the most books", "employees of Halvard Robotics live in Munich": the
            # branch has them, the employees live there
            plan.join(i - 1, i + 1, pair_grams, pair_vectors, phrases[i], ontology, index)
            partner[i + 1] = (i - 1, pair_grams, pair_vectors, phrases[i])
            continue
        # "films directed and produced by Clint Eastwood": a link for each verb
        first, *also = coordinated_verbs(phrases[i]) or [phrases[i]]
        own = phrase_grams(first, whole=False) or phrase_grams(first) if also else pair_grams
        own_vectors = index.embed_many(own) if also else pair_vectors
        for source in [i] + ([both[i]] if i in both else []):
            plan.join(source, i + 1, own, own_vectors, first, ontology, index)
        for words in also:
            own = phrase_grams(words, whole=False) or phrase_grams(words)
            plan.join_also(i, i + 1, own, index.embed_many(own), words, ontology, index)
        partner[i + 1] = (i, pair_grams, pair_vectors, phrases[i])


def _join_modifiers(plan: Plan, modifiers: Sequence[tuple[Mention, int]], tokens: Sequence[str],
                    ontology: Ontology, index: OntologyIndex) -> None:
    """Join each modifier's thing to it, by the link that says where a thing is from."""
    if not modifiers:
        return
    origin = [*implied_grams(["from"]), "country", "nationality"]  # "Danish films": their country
    origin_vectors = index.embed_many(origin)
    for modifier, thing in modifiers:
        plan.mentions.append(modifier)
        plan.classes.append(modifier.class_iri)
        words = tokens[modifier.start:modifier.end]
        grams, vectors = origin, origin_vectors
        if modifier.kind == "instance" and modifier.class_iri:
            # "monitors": products of the category, filed by the link to the category's class; "the Berlin
            # office": the office located in the city
            grams = [ontology.label(modifier.class_iri).lower(), *implied_grams(["in"])]
            vectors = index.embed_many(grams)
        plan.join(thing, len(plan.mentions) - 1, grams, vectors, words, ontology, index, reattach=False)


def _without_compared_counts(question: str, mentions: Sequence[Mention], ontology: Ontology) -> list[Mention]:
    """``mentions`` less a noun a comparison counts by an attribute: "more than 50000 employees" bounds the
    number of employees, and names no thing of a class merely near "employees" in meaning; nor is the money
    a comparison is in a thing ("a budget over 100 million dollars")."""
    token_starts = [m.start() for m in TOKEN.finditer(question)]
    after = set()
    for comparison in find_comparisons(question):
        following = [i for i, start in enumerate(token_starts) if start >= comparison.span[1]]
        if following:
            after.add(following[0])
    compared, measures = [m.class_iri for m in mentions if m.class_iri], measures_before(question, mentions, ontology)
    return [m for m in mentions if m.start not in measures and not (any(m.start <= a < m.end for a in after) and (
            m.text.lower() in CURRENCIES or
            counted_by_attribute(m, ontology, [c for c in compared if c != m.class_iri])))]


def _constrained_by_comparisons(question: str, tokens: Sequence[str], draft: EvidenceDraft, ontology: Ontology,
                                index: OntologyIndex) -> None:
    """"Higher than 8000 metres": each comparison an attribute can take becomes a constraint; its words are used."""
    chars = [m.span() for m in TOKEN.finditer(question)]
    spans = {node_id: (chars[start][0], chars[end - 1][1]) for node_id, (start, end) in draft.spans.items()}
    # "products heavier than 2 kg": hardware products, the kind that has a weight
    draft.graph = _with_classes(draft.graph, narrowed_for_comparisons(question, draft.graph, spans, ontology))
    _add_conditions(draft, read_comparisons(question, draft.graph, spans, ontology, index), tokens, ontology)
    _count_condition(question, tokens, draft, spans)


def _count_condition(question: str, tokens: Sequence[str], draft: EvidenceDraft,
                     spans: Mapping[str, tuple[int, int]]) -> None:
    """"Departments with more than 5 employees": the employees counted per department, groups above 5 kept.

    A question that already counts ("How many countries have more than ten caves") would need a count of
    counts, which one graph cannot say: the bound is left out, and the message says so.
    """
    readings = read_count_conditions(question, spans)
    if not readings:
        return
    reading = readings[0]  # one graph holds one count
    if draft.graph.aggregation is not None:
        draft.messages.append(f"left out: \u201c{reading.words}\u201d, a count within a count")
        return
    having = CountCondition(op=ConstraintOp(reading.op), value=reading.value)
    aggregation = Aggregation(count=reading.counted, group_by=(reading.per,), having=having)
    draft.graph = draft.graph.model_copy(update={"aggregation": aggregation})
    draft.evidence[f"count {reading.counted}"] = (f"\u201c{reading.words}\u201d \u2192 each {reading.per} with "
                                                 f"{reading.op} {reading.value} {reading.counted}")
    compared = set(TOKEN.findall(reading.words))
    draft.used = [t for t in tokens if t in draft.used or t in compared]
    draft.ignored = [t for t in draft.ignored if t not in compared]


def _add_conditions(draft: EvidenceDraft, readings: Sequence[tuple[str, Constraint, str]], tokens: Sequence[str],
                    ontology: Ontology) -> None:
    """Put each ``(node id, constraint, words)`` on its node; its words count as used, with their evidence.

    A value its attribute's datatype cannot hold is left out, so the draft stays valid.
    """
    readings = [r for r in readings if _holds(r[1])]
    if not readings:
        return
    nodes = []
    for node in draft.graph.nodes:
        extra = tuple(c for node_id, c, _ in readings if node_id == node.id)
        nodes.append(node.model_copy(update={"constraints": node.constraints + extra}) if extra else node)
    draft.graph = draft.graph.model_copy(update={"nodes": tuple(nodes)})
    compared: set[str] = set()
    for node_id, constraint, words in readings:
        key = f"{node_id} {constraint.property} {constraint.op.value}"
        draft.evidence[key] = f"\u201c{words}\u201d \u2192 {ontology.label(constraint.property)} " \
                              f"{constraint.op.value} {constraint.value}"
        compared.update(TOKEN.findall(words))
    draft.used = [t for t in tokens if t in draft.used or t in compared]
    draft.ignored = [t for t in draft.ignored if t not in compared]


def _forget(draft: EvidenceDraft, node_id: str) -> None:
    """The draft without a node, its edges, and what was said of them."""
    draft.graph = remove_node(draft.graph, node_id)
    for key in [k for k in draft.evidence if node_id in k.split()]:
        said = draft.evidence.pop(key)
        words = said.split(" \u2192")[0]  # the words a guess about the link quoted
        draft.messages = [m for m in draft.messages if not (m.startswith("a guess: ") and words in m)]
    draft.spans.pop(node_id, None)


def _with_classes(graph: PrototypeGraph, classes: Mapping[str, str]) -> PrototypeGraph:
    """``graph`` with the nodes in ``classes`` (node id → class) of those classes."""
    return graph.model_copy(update={"nodes": tuple(
        n.model_copy(update={"class_": classes[n.id]}) if n.id in classes else n for n in graph.nodes)})


def _holds(constraint: Constraint) -> bool:
    try:
        make_constraint(constraint.property, constraint.op.value, constraint.value, constraint.datatype)
    except EditError:
        return False
    return True


def _sorted_by_superlative(tokens: Sequence[str], draft: EvidenceDraft, ontology: Ontology,
                           index: OntologyIndex) -> None:
    """"The most expensive book": the draft sorts by that attribute and keeps the first; its words are used."""
    reading = read_superlative(tokens, draft.graph, draft.spans, ontology, index)
    if reading is None:
        return
    # "the three most expensive products" keep three
    draft.graph = draft.graph.model_copy(update={"order_by": (reading.order,),
                                                 "limit": said_limit(tokens, reading.words[0]) or 1})
    if reading.narrowed_to:  # "which product is the heaviest": the kind of product that has a weight
        draft.graph = _with_classes(draft.graph, {reading.order.node: reading.narrowed_to})
    start, end = reading.words
    words = " ".join(tokens[start:end])
    draft.evidence["order"] = f"\u201c{words}\u201d \u2192 sorted by {ontology.label(reading.order.property)}"
    draft.used = [t for t in tokens if t in draft.used or t in tokens[start:end]]
    draft.ignored = [t for t in draft.ignored if t not in tokens[start:end]]


def _shows_asked(tokens: Sequence[str], draft: EvidenceDraft, asked: AskedValue, ontology: Ontology,
                 index: OntologyIndex) -> bool:
    """"What is the list price of the Aurora 15 Laptop": the draft shows that value; its words are used."""
    shown = show_asked(draft.graph, draft.spans, asked, ontology, index)
    if shown is None:
        return False
    draft.graph, node_id, attribute = shown
    if (counted := draft.graph.aggregation) and counted.count == node_id and not counted.group_by:
        draft.graph = draft.graph.model_copy(update={"aggregation": None})  # "How many people live in the capital"
    start, end = asked.span
    draft.evidence[f"{node_id} shows"] = f"\u201c{' '.join(tokens[start:end])}\u201d \u2192 {ontology.label(attribute)}"
    draft.used = [t for i, t in enumerate(tokens) if t in draft.used or start <= i < end]
    draft.ignored = [t for t in draft.ignored if t not in tokens[start:end]]
    return True


def _shows_beside(tokens: Sequence[str], draft: EvidenceDraft, ontology: Ontology, index: OntologyIndex) -> None:
    """"List employees with their job titles": each value asked beside a thing is shown on it."""
    for value in read_shown_values(tokens, draft.graph, draft.spans, ontology, index):
        node = draft.graph.node(value.node)
        if value.attribute in node.shown:
            continue
        shown = node.model_copy(update={"shown": (*node.shown, value.attribute)})
        draft.graph = draft.graph.model_copy(update={"nodes": tuple(shown if n.id == node.id else n
                                                                    for n in draft.graph.nodes)})
        start, end = value.words
        draft.evidence[f"{node.id} shows {value.attribute}"] = \
            f"\u201c{' '.join(tokens[start:end])}\u201d \u2192 {ontology.label(value.attribute)}"
        draft.used = [t for i, t in enumerate(tokens) if t in draft.used or start <= i < end]
        draft.ignored = [t for t in draft.ignored if t not in tokens[start:end]]


def _join_back(plan: Plan, words: Sequence[str], ontology: Ontology, index: OntologyIndex) -> None:
    """The first thing's second link to the last thing, from the words of a clause about it."""
    last = len([m for m in plan.mentions if m.start >= 0]) - 1
    grams = phrase_grams(words, whole=False)
    if last <= 0 or not plan.classes[0] or not plan.classes[last] or not grams:
        return
    taken = {c.link for i, c, j, _ in plan.edges if {i, j} == {0, last}}
    ranked = [c for c in rank_links(ontology, index, grams, index.embed_many(grams), plan.classes[0],
                                    plan.classes[last]) if c.link not in taken]
    if ranked:
        plan.edges.append((0, ranked[0], last, list(words)))


def _node(mention: Mention, node_id: str, class_iri: str | None, ontology: Ontology) -> Node:
    class_iri = class_iri or OWL_THING
    label = ontology.label(class_iri) if class_iri != OWL_THING else mention.text
    if mention.instance:  # an instance, or a link's word said to be one ("whose home branch is the …")
        return Node(id=node_id, class_=class_iri, label=mention.text, instances=(mention.instance,))
    if mention.kind == "name" or mention.named_as:
        # No instance data to pin it to: the name becomes a label condition, and the message says so.
        return Node(id=node_id, class_=class_iri, label=label,
                    constraints=(Constraint(property=RDFS_LABEL, value=mention.named_as or mention.text),))
    return Node(id=node_id, class_=class_iri, label=label)


def _assemble(question: str, tokens: Sequence[str], plan: Plan, ontology: Ontology) -> EvidenceDraft:
    mentions, classes = plan.mentions, plan.classes
    labels = [ontology.label(c) if c and c != OWL_THING else m.text for m, c in zip(mentions, classes)]
    ids = make_node_ids(labels)
    draft = EvidenceDraft(PrototypeGraph())
    draft.spans = {node_id: (m.start, m.end) for m, node_id in zip(mentions, ids) if m.start >= 0}
    for mention, node_id in zip(mentions, ids):
        draft.evidence[node_id] = (f"{mention.kind}: \u201c{mention.text}\u201d" if mention.kind != "between"
                                   else A_WAY_BETWEEN)
    edges, scores = [], [m.score for m in mentions]
    for i, j in plan.missing:
        draft.messages.append(f"found no link between {labels[i]} and {labels[j]}")
    denied = set()
    for i, choice, j, words in plan.edges:
        source, target = (ids[i], ids[j]) if choice.forward else (ids[j], ids[i])
        # "employees who have no mentor", "films not directed by …": no such link may exist; what it
        # reaches is part of the condition, never a column
        negated = any(w.lower() in NEGATIONS for w in words) and mentions[i].kind != "between"
        if negated or ids[i] in denied:  # a way's later steps sit behind its first
            denied.add(ids[j])
        edges.append(Edge(source=source, link=choice.link, target=target, negated=negated))
        scores.append(min(1.0, choice.score))
        phrase = " ".join(w for w in words if w) or "(nothing between them)"
        draft.evidence[f"{source} {choice.link} {target}"] = f"\u201c{phrase}\u201d \u2192 {ontology.label(choice.link)}"
        if choice.score < SURE_LINK or choice.contested:
            draft.messages.append(f"a guess: \u201c{phrase}\u201d read as {ontology.label(choice.link)}")
    nodes = [_node(m, i, c, ontology).model_copy(update={"select": i not in denied})
             for k, (m, i, c) in enumerate(zip(mentions, ids, classes)) if k not in plan.same]
    for k in plan.same:  # "the same place": no node of its own, so nothing may be said of one
        draft.spans.pop(ids[k], None)
        draft.evidence.pop(ids[k], None)
    draft.graph = largest_valid_part(PrototypeGraph(nodes=tuple(nodes), edges=tuple(edges)), ontology,
                                     draft.evidence, draft.messages)
    draft.graph = counted(question, tokens, draft.graph, mentions, ids)
    if (number := number_instead_of_count(tokens, draft.graph, mentions, ids, ontology)) is not None:
        _forget(draft, number[0])
        draft.graph = draft.graph.model_copy(update={"aggregation": None, "order_by": (number[1],), "limit": 1})
    spoken = [m for m in mentions if m.start >= 0]
    covered = {i for m in spoken for i in range(m.start, m.end)} | {
        i for a, b in zip(spoken, spoken[1:]) for i in range(a.end, b.start)}
    for k in plan.left_out:  # "female chancellors": a kind no link says, left out and said so
        covered -= set(range(mentions[k].start, mentions[k].end))
        draft.messages.append(f"left out: \u201c{mentions[k].text}\u201d, which no link joins to "
                              f"{labels[plan.same.get(k, k)]}")
    # "Where was Barack Obama born": words before the first thing or after the last that a link's phrase took
    phrased = {w for _, _, _, words in plan.edges for w in words}
    covered |= {i for i, t in enumerate(tokens) if t in phrased and not spoken[0].start <= i < spoken[-1].end} \
        if spoken else set()
    draft.used = [t for i, t in enumerate(tokens) if i in covered]
    draft.ignored = [t for i, t in enumerate(tokens) if i not in covered]
    draft.confidence = round(min(scores, default=0.0), 3)
    draft.messages = list(dict.fromkeys(draft.messages))  # one message per fact
    return draft

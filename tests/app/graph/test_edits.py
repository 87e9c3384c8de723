"""Edit operations keep the graph valid; options list only what an edit accepts."""

from __future__ import annotations

import pytest

from app.graph import edits as editing
from app.errors import EditError
from app.graph.edits import History
from app.graph.model import PrototypeGraph
from app.graph.validate import validate_graph
from ontology_loaders.model import XSD, Attribute, Link, Ontology, OntologyClass

EX = "http://ex.org/"


@pytest.fixture(scope="module")
def onto() -> Ontology:
    return Ontology(
        classes=[
            OntologyClass(iri=EX + "Agent", label="agent"),
            OntologyClass(iri=EX + "Person", label="person", parents=(EX + "Agent",)),
            OntologyClass(iri=EX + "Athlete", label="athlete", parents=(EX + "Person",)),
            OntologyClass(iri=EX + "Place", label="place"),
            OntologyClass(iri=EX + "University", label="university"),
        ],
        links=[
            Link(iri=EX + "birthPlace", label="birth place", domain=EX + "Person", range=EX + "Place"),
            Link(iri=EX + "almaMater", label="alma mater", domain=EX + "Person", range=EX + "University"),
            Link(iri=EX + "child", label="child", domain=EX + "Person", range=EX + "Person"),
            Link(iri=EX + "related", label="related"),  # owl:Thing → owl:Thing
        ],
        attributes=[
            Attribute(iri=EX + "birthYear", label="birth year", domain=EX + "Person", range=XSD + "gYear"),
            Attribute(iri=EX + "height", label="height", domain=EX + "Athlete", range=XSD + "double"),
            Attribute(iri=EX + "active", label="active", domain=EX + "Person", range=XSD + "boolean"),
        ],
    )


@pytest.fixture()
def person_place(onto) -> PrototypeGraph:
    g = editing.add_node(PrototypeGraph(), EX + "Person", onto)
    return editing.add_node(g, EX + "Place", onto)


def test_add_node_gives_readable_unique_ids(onto):
    g = editing.add_node(PrototypeGraph(), EX + "Person", onto)
    g = editing.add_node(g, EX + "Person", onto)
    assert g.node_ids == ["person_1", "person_2"]
    assert g.node("person_1").label == "person"


def test_add_node_refuses_unknown_class(onto):
    with pytest.raises(EditError, match="not a class"):
        editing.add_node(PrototypeGraph(), EX + "Nope", onto)


def test_link_options_offer_both_directions_oriented(onto, person_place):
    options = editing.link_options(person_place, "place_1", "person_1", onto)
    oriented = {(o.source, o.link, o.target) for o in options}
    assert (("person_1", EX + "birthPlace", "place_1")) in oriented
    # owl:Thing links fit both ways; nothing else does
    assert ("place_1", EX + "related", "person_1") in oriented
    assert all(onto.link_fits(link, person_place.node(s).class_, person_place.node(t).class_)
               for s, link, t in oriented)
    assert all(link != EX + "almaMater" for _, link, _ in oriented)


def test_link_options_rank_specific_links_and_question_words_first(onto, person_place):
    options = editing.link_options(person_place, "person_1", "place_1", onto, question="where was she born")
    assert options[0].link == EX + "birthPlace"
    counted = editing.link_options(person_place, "person_1", "place_1", onto,
                                   counts={EX + "related": 1000, EX + "birthPlace": 1})
    assert counted[0].link == EX + "related"


def test_link_options_skip_links_already_drawn(onto, person_place):
    g = editing.add_edge(person_place, "person_1", EX + "birthPlace", "place_1", onto)
    assert all(o.link != EX + "birthPlace" for o in editing.link_options(g, "person_1", "place_1", onto))


def test_every_offered_link_is_accepted_and_valid(onto, person_place):
    for option in editing.link_options(person_place, "place_1", "person_1", onto):
        g = editing.add_edge(person_place, option.source, option.link, option.target, onto)
        assert validate_graph(g, onto).ok


def test_add_edge_refuses_wrong_direction(onto, person_place):
    with pytest.raises(EditError, match="does not go from place"):
        editing.add_edge(person_place, "place_1", EX + "birthPlace", "person_1", onto)


def test_remove_node_drops_its_edges_and_modifiers(onto, person_place):
    g = editing.add_edge(person_place, "person_1", EX + "birthPlace", "place_1", onto)
    g = PrototypeGraph.model_validate({**g.model_dump(mode="json"),
                                       "aggregation": {"count": "place_1", "group_by": ["person_1"]},
                                       "order_by": [{"node": "place_1"}]})
    out = editing.remove_node(g, "place_1")
    assert out.node_ids == ["person_1"] and not out.edges and out.aggregation is None and not out.order_by
    assert validate_graph(out, onto).ok


def test_flip_only_when_reversed_fits(onto, person_place):
    g = editing.add_edge(person_place, "person_1", EX + "birthPlace", "place_1", onto)
    assert not editing.can_flip(g, g.edges[0], onto)
    with pytest.raises(EditError):
        editing.flip_edge(g, "person_1", EX + "birthPlace", "place_1", onto)
    g = editing.add_edge(person_place, "person_1", EX + "related", "place_1", onto)
    flipped = editing.flip_edge(g, "person_1", EX + "related", "place_1", onto)
    assert (flipped.edges[0].source, flipped.edges[0].target) == ("place_1", "person_1")


def test_edge_flags_exclude_each_other(onto, person_place):
    g = editing.add_edge(person_place, "person_1", EX + "birthPlace", "place_1", onto)
    g = editing.set_edge_flags(g, "person_1", EX + "birthPlace", "place_1", optional=True)
    assert g.edges[0].optional and not g.edges[0].negated
    g = editing.set_edge_flags(g, "person_1", EX + "birthPlace", "place_1", negated=True)
    assert g.edges[0].negated and not g.edges[0].optional


def test_change_link_keeps_direction_and_validity(onto, person_place):
    g = editing.add_edge(person_place, "person_1", EX + "birthPlace", "place_1", onto)
    choices = editing.edge_link_options(g, "person_1", EX + "birthPlace", "place_1", onto)
    assert choices[0] == EX + "birthPlace" and EX + "related" in choices
    g2 = editing.change_link(g, "person_1", EX + "birthPlace", "place_1", EX + "related", onto)
    assert g2.edges[0].link == EX + "related"
    with pytest.raises(EditError):
        editing.change_link(g, "person_1", EX + "birthPlace", "place_1", EX + "almaMater", onto)


def test_class_change_options_only_keep_edges_valid(onto, person_place):
    g = editing.add_edge(person_place, "person_1", EX + "birthPlace", "place_1", onto)
    options = editing.class_change_options(g, "person_1", onto)
    # Agent cannot have a birth place, so generalising is not offered; Athlete is.
    assert options == {"parents": [], "children": [EX + "Athlete"]}
    alone = editing.class_change_options(person_place, "person_1", onto)
    assert alone["parents"] == [EX + "Agent"]
    g = editing.change_class(g, "person_1", EX + "Athlete", onto)
    assert g.node("person_1").class_ == EX + "Athlete" and g.node("person_1").label == "athlete"
    with pytest.raises(EditError):
        editing.change_class(g, "person_1", EX + "University", onto)


def test_generalising_refused_when_a_constraint_would_not_apply(onto):
    g = editing.add_node(PrototypeGraph(), EX + "Athlete", onto)
    c = editing.make_constraint(EX + "height", ">", "1.9", XSD + "double")
    g = editing.set_constraints(g, "athlete_1", [c], onto)
    assert editing.class_change_options(g, "athlete_1", onto)["parents"] == []
    with pytest.raises(EditError, match="constraint"):
        editing.change_class(g, "athlete_1", EX + "Person", onto)


def test_constraints_typed_by_datatype(onto):
    assert editing.make_constraint(EX + "height", ">=", "2", XSD + "double").value == 2
    assert editing.make_constraint(EX + "height", ">=", "1.85", XSD + "double").value == 1.85
    assert editing.make_constraint(EX + "active", "=", "no", XSD + "boolean").value is False
    assert editing.make_constraint(EX + "birthYear", "<", "1950", XSD + "gYear").value == "1950"
    for prop, op, value, dt in [
        (EX + "height", "contains", "1", XSD + "double"),    # text operator on a number
        (EX + "height", ">", "tall", XSD + "double"),
        (EX + "height", ">", "nan", XSD + "double"),
        (EX + "birthYear", "<", "last year", XSD + "gYear"),
        (EX + "active", "=", "maybe", XSD + "boolean"),
        (EX + "x", "=", "  ", XSD + "string"),
    ]:
        with pytest.raises(EditError):
            editing.make_constraint(prop, op, value, dt)


def test_attribute_options_follow_the_hierarchy(onto):
    person = [a["iri"] for a in editing.attribute_options(onto, EX + "Person")]
    athlete = [a["iri"] for a in editing.attribute_options(onto, EX + "Athlete")]
    assert EX + "height" not in person and EX + "height" in athlete
    assert person[0] == editing.LABEL_PROPERTY
    kinds = {a["iri"]: a["kind"] for a in editing.attribute_options(onto, EX + "Athlete")}
    assert kinds[EX + "height"] == "number" and kinds[EX + "birthYear"] == "date" and kinds[EX + "active"] == "boolean"


def test_set_constraints_refuses_foreign_attribute(onto, person_place):
    c = editing.make_constraint(EX + "birthYear", ">", "1900", XSD + "gYear")
    with pytest.raises(EditError, match="cannot have"):
        editing.set_constraints(person_place, "place_1", [c], onto)
    g = editing.set_constraints(person_place, "person_1", [c], onto)
    assert validate_graph(g, onto).ok


def test_pin_select_and_subclasses(onto, person_place):
    g = editing.pin_instances(person_place, "person_1", ["http://ex.org/r/Ada", "http://ex.org/r/Ada", " "])
    assert g.node("person_1").instances == ("http://ex.org/r/Ada",)
    with pytest.raises(EditError, match="not an IRI"):
        editing.pin_instances(person_place, "person_1", ["Ada Lovelace"])
    g = editing.set_select(g, "place_1", False)
    g = editing.set_include_subclasses(g, "person_1", True)
    assert not g.node("place_1").select and g.node("person_1").include_subclasses


def test_class_options_rank_label_matches_and_counts(onto):
    assert editing.class_options("universty", onto)[0].iri == EX + "University"
    empty = editing.class_options("", onto, counts={EX + "Place": 50, EX + "Person": 3})
    assert [o.iri for o in empty[:2]] == [EX + "Place", EX + "Person"]


def test_history_undo_redo_and_restore():
    a, b, c = {"nodes": ["a"]}, {"nodes": ["b"]}, {"nodes": ["c"]}
    h = History().record(a).record(b)  # current is c
    h, now = h.undo(c)
    assert now == b and h.future == (c,)
    h, now = h.redo(now)
    assert now == c and not h.can_redo
    h2, now = h.restore(c, 0)
    assert now == a and h2.past[-1] == c
    assert History.from_json(h2.to_json()) == h2
    with pytest.raises(EditError):
        History().undo(a)
    capped = History(limit=3)
    for i in range(10):
        capped = capped.record({"i": i})
    assert [p["i"] for p in capped.past] == [7, 8, 9]


def test_a_new_edit_forgets_redo():
    h = History().record({"n": 1})
    h, _ = h.undo({"n": 2})
    assert h.can_redo
    assert not h.record({"n": 1}).can_redo

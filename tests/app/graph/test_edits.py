"""Edit operations keep the graph valid and refuse what would break it."""

from __future__ import annotations

import pytest

from app.errors import EditError
from app.graph import edits as editing
from app.graph import suggestions
from app.graph.model import PrototypeGraph
from app.graph.validate import validate_graph
from app.query.compile import compile_sparql
from ontology_loaders import XSD

EX = "http://ex.org/"


def test_add_node_gives_readable_unique_ids(onto):
    g = editing.add_node(PrototypeGraph(), EX + "Person", onto)
    g = editing.add_node(g, EX + "Person", onto)
    assert g.node_ids == ["person_1", "person_2"]
    assert g.node("person_1").label == "person"


def test_add_node_refuses_unknown_class(onto):
    with pytest.raises(EditError, match="not a class"):
        editing.add_node(PrototypeGraph(), EX + "Nope", onto)


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


def _counted_with_bound(onto, person_place) -> PrototypeGraph:
    """People counted per birth place, places with more than 5 kept, most first."""
    g = editing.add_edge(person_place, "person_1", EX + "birthPlace", "place_1", onto)
    return PrototypeGraph.model_validate({**g.model_dump(mode="json"),
                                          "aggregation": {"count": "person_1", "group_by": ["place_1"],
                                                          "having": {"op": ">", "value": 5}},
                                          "order_by": [{"node": "count", "descending": True}]})


def test_removing_the_counted_node_drops_the_count_its_condition_and_its_sort(onto, person_place):
    g = _counted_with_bound(onto, person_place)
    out = editing.remove_node(g, "person_1")
    assert out.aggregation is None and out.order_by == ()
    assert validate_graph(out, onto).ok
    compile_sparql(out)  # a sort by the vanished count used to make this raise


def test_removing_a_group_node_keeps_the_count_and_its_condition(onto, person_place):
    g = _counted_with_bound(onto, person_place)
    out = editing.remove_node(g, "place_1")
    assert out.aggregation.group_by == () and out.aggregation.having == g.aggregation.having
    assert [o.node for o in out.order_by] == ["count"] and validate_graph(out, onto).ok
    assert "HAVING (COUNT(DISTINCT ?person_1) > 5)" in compile_sparql(out)


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
    choices = suggestions.edge_link_options(g, "person_1", EX + "birthPlace", "place_1", onto)
    assert choices[0] == EX + "birthPlace" and EX + "related" in choices
    g2 = editing.change_link(g, "person_1", EX + "birthPlace", "place_1", EX + "related", onto)
    assert g2.edges[0].link == EX + "related"
    with pytest.raises(EditError):
        editing.change_link(g, "person_1", EX + "birthPlace", "place_1", EX + "almaMater", onto)


def test_generalising_refused_when_a_constraint_would_not_apply(onto):
    g = editing.add_node(PrototypeGraph(), EX + "Athlete", onto)
    c = editing.make_constraint(EX + "height", ">", "1.9", XSD + "double")
    g = editing.set_constraints(g, "athlete_1", [c], onto)
    assert suggestions.class_change_options(g, "athlete_1", onto)["parents"] == []
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


def test_time_constraints_compare_times_of_day():
    """xsd:time is its own kind (not a date): ordered comparisons, an HH:MM:SS value."""
    assert editing.make_constraint(EX + "opens", "<", "09:30:00", XSD + "time").value == "09:30:00"
    assert ">=" in [op.value for op in editing.constraint_ops(XSD + "time")]
    assert "contains" not in [op.value for op in editing.constraint_ops(XSD + "time")]
    with pytest.raises(EditError, match="time of day"):
        editing.make_constraint(EX + "opens", "<", "2020-01-01", XSD + "time")


def test_a_date_is_refused_at_input_when_no_query_could_use_it():
    """What the compiler would refuse is refused here, with the reason; a year or a month is fine."""
    assert editing.make_constraint(EX + "born", "=", "1990", XSD + "date").value == "1990"
    assert editing.make_constraint(EX + "born", "<", "1990-05", XSD + "dateTime").value == "1990-05"
    for value, dt, reason in [("1990-13", XSD + "date", "month 13"), ("1990-02-30", XSD + "date", "day 30"),
                              ("1990-05", XSD + "gYear", "use YYYY"),
                              ("1990-05-03T10:00", XSD + "date", "is not a date")]:
        with pytest.raises(EditError, match=reason):
            editing.make_constraint(EX + "born", "=", value, dt)


def test_toggle_shown_adds_then_removes_an_attribute_of_the_class(dbo_ontology):
    graph = PrototypeGraph.model_validate({"nodes": [{"id": "person_1", "class": "http://dbpedia.org/ontology/Person"}]})
    shown = editing.toggle_shown(graph, "person_1", "http://dbpedia.org/ontology/birthDate", dbo_ontology)
    assert shown.node("person_1").shown == ("http://dbpedia.org/ontology/birthDate",)
    assert editing.toggle_shown(shown, "person_1", "http://dbpedia.org/ontology/birthDate", dbo_ontology) == graph
    with pytest.raises(EditError, match="has no"):
        editing.toggle_shown(graph, "person_1", "http://dbpedia.org/ontology/numberOfPages", dbo_ontology)

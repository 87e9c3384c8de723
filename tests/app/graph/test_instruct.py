"""Edit operations as data: the model, applying them through the editor's edits, and the difference."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.errors import EditError
from app.graph import edits
from app.graph.instruct import (
    AddConstraint,
    AddLink,
    AddNode,
    ChangeClass,
    Remove,
    Select,
    apply_operations,
    diff_graphs,
    parse_operations,
)
from app.graph.model import PrototypeGraph
from app.graph.validate import validate_graph
from ontology_loaders import RDFS_LABEL, XSD_STRING

EX = "http://ex.org/"


@pytest.fixture()
def family(onto) -> PrototypeGraph:
    g = edits.add_node(edits.add_node(PrototypeGraph(), EX + "Person", onto), EX + "Person", onto)
    g = edits.add_node(g, EX + "University", onto)
    g = edits.add_edge(g, "person_1", EX + "child", "person_2", onto)
    return edits.add_edge(g, "person_1", EX + "almaMater", "university_1", onto)


def test_operations_round_trip_through_json_by_their_op_key():
    ops = [AddNode(id="place_1", class_=EX + "Place"), AddLink(source="a", link=EX + "p", target="b"),
           AddConstraint(node="a", property=RDFS_LABEL, operator="contains", value="x"),
           ChangeClass(node="a", class_=EX + "Athlete"), Remove(node="a"),
           Remove(source="a", link=EX + "p", target="b"), Select(node="a", select=False)]
    data = [op.model_dump(mode="json") for op in ops]
    assert data[0] == {"op": "add_node", "id": "place_1", "class": EX + "Place"}
    assert parse_operations(data) == ops


def test_remove_names_a_node_or_a_whole_link_never_both_or_half():
    with pytest.raises(ValidationError):
        Remove()
    with pytest.raises(ValidationError):
        Remove(node="a", source="a", link=EX + "p", target="b")
    with pytest.raises(ValidationError):
        Remove(source="a", link=EX + "p")
    with pytest.raises(ValidationError):
        parse_operations([{"op": "explode", "node": "a"}])


def test_apply_adds_a_node_links_it_and_names_it(onto, family):
    ops = [AddNode(id="place_1", class_=EX + "Place"), AddLink(source="person_2", link=EX + "birthPlace",
                                                              target="place_1"),
           AddConstraint(node="place_1", property=RDFS_LABEL, value="Berlin")]
    after = apply_operations(family, ops, onto)
    place = after.node("place_1")
    assert place.class_ == EX + "Place" and place.label == "place"
    assert [(c.property, c.op.value, c.value, c.datatype) for c in place.constraints] == [
        (RDFS_LABEL, "=", "Berlin", XSD_STRING)]
    assert ("person_2", EX + "birthPlace", "place_1") in [(e.source, e.link, e.target) for e in after.edges]
    assert family.node("place_1") is None  # the input graph is untouched


def test_apply_types_constraint_values_by_the_attribute(onto, family):
    after = apply_operations(family, [ChangeClass(node="person_2", class_=EX + "Athlete"),
                                      AddConstraint(node="person_2", property=EX + "height", operator=">",
                                                    value="1.9")], onto)
    node = after.node("person_2")
    assert node.class_ == EX + "Athlete" and node.constraints[0].value == 1.9


def test_apply_removes_and_hides(onto, family):
    after = apply_operations(family, [Remove(node="person_2"), Select(node="university_1", select=False)], onto)
    assert after.node_ids == ["person_1", "university_1"]
    assert [(e.source, e.target) for e in after.edges] == [("person_1", "university_1")]
    assert after.node("university_1").select is False
    unlinked = apply_operations(family, [Remove(source="person_1", link=EX + "child", target="person_2")], onto)
    assert len(unlinked.edges) == 1 and unlinked.node("person_2") is not None


def test_apply_is_all_or_nothing_and_says_which_operation_failed(onto, family):
    with pytest.raises(EditError, match=r"operation 2 \(add_link\)"):
        apply_operations(family, [Select(node="person_1", select=False),
                                  AddLink(source="university_1", link=EX + "child", target="person_1")], onto)
    with pytest.raises(EditError, match="neither a subclass nor a parent"):
        apply_operations(family, [ChangeClass(node="person_1", class_=EX + "Place")], onto)
    with pytest.raises(EditError, match="not an attribute"):
        apply_operations(family, [AddConstraint(node="person_1", property=EX + "nope", value=1)], onto)


def test_diff_reports_added_removed_and_changed(onto, family):
    after = apply_operations(family, [Remove(node="person_2"), AddNode(id="place_1", class_=EX + "Place"),
                                      AddLink(source="person_1", link=EX + "birthPlace", target="place_1"),
                                      Select(node="university_1", select=False)], onto)
    diff = diff_graphs(family, after)
    assert diff.added_nodes == ("place_1",) and diff.removed_nodes == ("person_2",)
    assert diff.changed_nodes == ("university_1",)
    assert [(e.source, e.target) for e in diff.added_edges] == [("person_1", "place_1")]
    assert [(e.source, e.target) for e in diff.removed_edges] == [("person_1", "person_2")]
    assert not diff.is_empty() and diff_graphs(family, family).is_empty()


def test_diff_sees_edge_flag_and_modifier_changes(onto, family):
    flagged = edits.set_edge_flags(family, "person_1", EX + "child", "person_2", optional=True)
    diff = diff_graphs(family, flagged)
    assert [(e.source, e.optional) for e in diff.changed_edges] == [("person_1", True)]
    assert not diff.added_edges and not diff.removed_edges
    limited = family.model_copy(update={"limit": 5})
    assert diff_graphs(family, limited).modifiers_changed


def test_removing_the_counted_node_by_instruction_leaves_a_valid_graph_and_the_diff_says_so(onto, family):
    counted = PrototypeGraph.model_validate({**family.model_dump(mode="json"), "aggregation": {
        "count": "person_2", "group_by": ["person_1"], "having": {"op": ">", "value": 1}},
        "order_by": [{"node": "count", "descending": True}]})
    after = apply_operations(counted, [Remove(node="person_2")], onto)
    assert after.aggregation is None and after.order_by == () and validate_graph(after, onto).ok
    assert diff_graphs(counted, after).modifiers_changed


def test_the_diff_sees_a_changed_count_condition_alone(family):
    def bound(op: str) -> PrototypeGraph:
        return PrototypeGraph.model_validate({**family.model_dump(mode="json"), "aggregation": {
            "count": "person_2", "group_by": ["person_1"], "having": {"op": op, "value": 1}}})

    assert diff_graphs(bound(">"), bound(">=")).modifiers_changed
    assert diff_graphs(bound(">"), bound(">")).is_empty()

import pytest

from app.graph.model import Aggregation, Constraint, CountCondition, Edge, Node, OrderBy, PrototypeGraph
from app.graph.validate import ViolationCode, validate_graph
from ontology_loaders import RDFS_LABEL

DBO = "http://dbpedia.org/ontology/"


def node(node_id: str, cls: str, **kwargs) -> Node:
    return Node(id=node_id, class_=DBO + cls, **kwargs)


def codes(graph, ontology) -> list[str]:
    return [v.code.value for v in validate_graph(graph, ontology).violations]


def test_the_papers_example_graph_is_valid(dbo_ontology):
    graph = PrototypeGraph(
        nodes=(node("person_1", "Person"), node("person_2", "Person"), node("university_1", "University")),
        edges=(
            Edge(source="person_1", link=DBO + "child", target="person_2"),
            Edge(source="person_1", link=DBO + "almaMater", target="university_1"),
            Edge(source="person_2", link=DBO + "almaMater", target="university_1"),
        ),
    )
    report = validate_graph(graph, dbo_ontology)
    assert report.ok, report.messages()


def test_a_link_valid_through_the_hierarchy_is_accepted(dbo_ontology):
    # deathPlace has domain Animal; IceHockeyPlayer ⊑ … ⊑ Person ⊑ Animal.
    graph = PrototypeGraph(
        nodes=(node("player_1", "IceHockeyPlayer"), node("city_1", "City")),
        edges=(Edge(source="player_1", link=DBO + "deathPlace", target="city_1"),),
    )
    assert validate_graph(graph, dbo_ontology).ok


def test_every_violation_is_reported_at_once(dbo_ontology):
    graph = PrototypeGraph(
        nodes=(
            node("university_1", "University"),
            node("person_1", "Person", constraints=(Constraint(property=DBO + "numberOfStudents", value=5),)),
            node("ghost_1", "NoSuchClass"),
        ),
        edges=(
            Edge(source="university_1", link=DBO + "almaMater", target="person_1"),  # reversed
            Edge(source="person_1", link=DBO + "noSuchLink", target="university_1"),
            Edge(source="person_1", link=DBO + "child", target="nobody_1"),
        ),
        aggregation=Aggregation(count="person_9"),
    )
    report = validate_graph(graph, dbo_ontology)
    assert sorted(codes(graph, dbo_ontology)) == sorted([
        ViolationCode.UNKNOWN_ATTRIBUTE.value,
        ViolationCode.UNKNOWN_CLASS.value,
        ViolationCode.DOMAIN_RANGE.value,
        ViolationCode.UNKNOWN_LINK.value,
        ViolationCode.DANGLING_EDGE.value,
        ViolationCode.UNKNOWN_MODIFIER_NODE.value,
    ])
    reversed_edge = next(v for v in report.violations if v.code == ViolationCode.DOMAIN_RANGE)
    assert "alma mater goes from person to educational institution" in reversed_edge.message
    assert reversed_edge.allowed, "the message names the links that would fit"


def test_constraints_on_inherited_attributes_and_labels_are_valid(dbo_ontology):
    graph = PrototypeGraph(nodes=(node("player_1", "IceHockeyPlayer", constraints=(
        Constraint(property=DBO + "birthDate", op=">", value="1980-01-01"),
        Constraint(property=RDFS_LABEL, op="contains", value="Gretzky"),
    )),))
    assert validate_graph(graph, dbo_ontology).ok


def test_order_by_count_needs_an_aggregation(dbo_ontology):
    with_count = PrototypeGraph(nodes=(node("person_1", "Person"),), aggregation=Aggregation(count="person_1"),
                                order_by=(OrderBy(node="count", descending=True),))
    assert validate_graph(with_count, dbo_ontology).ok
    without = PrototypeGraph(nodes=(node("person_1", "Person"),), order_by=(OrderBy(node="count"),))
    assert codes(without, dbo_ontology) == ["unknown_modifier_node"]


def test_a_count_with_a_condition_is_valid_unless_no_count_can_meet_it(dbo_ontology):
    def counted(op: str, value: int) -> PrototypeGraph:
        return PrototypeGraph(
            nodes=(node("person_1", "Person"), node("university_1", "University")),
            edges=(Edge(source="person_1", link=DBO + "almaMater", target="university_1"),),
            aggregation=Aggregation(count="person_1", group_by=("university_1",),
                                    having=CountCondition(op=op, value=value)),
            order_by=(OrderBy(node="count", descending=True),))

    for op, value in ((">", 5), ("=", 0), ("<", 1), ("<=", 0), ("!=", 3)):
        assert validate_graph(counted(op, value), dbo_ontology).ok, (op, value)
    report = validate_graph(counted("<", 0), dbo_ontology)
    assert [(v.code.value, v.node) for v in report.violations] == [("bad_value", "person_1")]
    assert report.messages() == ["the count of person_1: a count is never fewer than 0, so no result would be left"]


def test_pinned_instances_must_be_iris(dbo_ontology):
    graph = PrototypeGraph(nodes=(node("country_1", "Country", instances=("http://dbpedia.org/resource/Canada", "not an iri")),))
    assert codes(graph, dbo_ontology) == ["bad_instance"]


def test_graph_model_rejects_duplicate_ids_and_bad_variable_names():
    with pytest.raises(ValueError, match="duplicate node ids: a_1"):
        PrototypeGraph(nodes=(node("a_1", "Person"), node("a_1", "Place")))
    with pytest.raises(ValueError):
        node("1; DROP", "Person")


def test_graph_json_round_trips_with_the_class_key():
    graph = PrototypeGraph(nodes=(node("person_1", "Person", instances=("http://dbpedia.org/resource/X",)),),
                           edges=(), limit=10)
    data = graph.model_dump(mode="json")
    assert data["nodes"][0]["class"] == DBO + "Person" and "class_" not in data["nodes"][0]
    assert PrototypeGraph.model_validate(data) == graph


def test_an_order_on_an_attribute_the_class_lacks_is_reported(dbo_ontology):
    graph = PrototypeGraph(nodes=(node("person_1", "Person"),),
                           order_by=(OrderBy(node="person_1", property="http://dbpedia.org/ontology/no_such"),))
    report = validate_graph(graph, dbo_ontology)
    assert not report.ok and "sorted by" in report.violations[0].message


@pytest.mark.parametrize(("attribute", "value", "fits"), [
    ("birthDate", "Engineers", False),  # a word where a date belongs
    ("birthDate", "1961-08", True),
    ("populationTotal", "many", False),
    ("populationTotal", 300000, True),
])
def test_a_value_that_does_not_fit_its_attributes_datatype_is_reported(dbo_ontology, attribute, value, fits):
    constraint = Constraint(property=DBO + attribute, op=">", value=value)
    graph = PrototypeGraph(nodes=(node("person_1", "Person", constraints=(constraint,)),))
    if attribute == "populationTotal":
        graph = PrototypeGraph(nodes=(node("city_1", "City", constraints=(constraint,)),))
    assert ("bad_value" in codes(graph, dbo_ontology)) is not fits


def test_a_shown_attribute_must_belong_to_the_nodes_class(dbo_ontology):
    shown = PrototypeGraph(nodes=(node("person_1", "Person", shown=(DBO + "birthDate",)),))
    assert validate_graph(shown, dbo_ontology).ok
    wrong = PrototypeGraph(nodes=(node("person_1", "Person", shown=(DBO + "numberOfPages",)),))
    assert codes(wrong, dbo_ontology) == ["unknown_attribute"]
    assert "to show" in validate_graph(wrong, dbo_ontology).violations[0].message


@pytest.mark.parametrize(("function", "attribute", "problem"), [
    ("avg", "height", None),
    ("sum", "height", None),
    ("min", "birthDate", None),  # the earliest date
    ("max", "birthDate", None),
    ("avg", "birthDate", "bad_value"),  # an average of dates means nothing
    ("sum", "birthName", "bad_value"),  # nor a sum of names
    ("max", "birthName", "bad_value"),
    ("avg", "numberOfPages", "unknown_attribute"),  # not a person's
])
def test_a_figure_is_of_an_attribute_of_its_node_whose_values_it_can_compute(dbo_ontology, function, attribute,
                                                                           problem):
    graph = PrototypeGraph(nodes=(node("person_1", "Person"),),
                           aggregation=Aggregation(count="person_1", function=function, property=DBO + attribute))
    assert codes(graph, dbo_ontology) == ([problem] if problem else [])


def test_the_model_keeps_a_figure_whole():
    with pytest.raises(ValueError, match="needs the attribute"):
        Aggregation(count="person_1", function="sum")
    with pytest.raises(ValueError, match="takes no attribute"):
        Aggregation(count="person_1", property=DBO + "height")
    with pytest.raises(ValueError, match="only a count can bound"):
        Aggregation(count="person_1", function="avg", property=DBO + "height", having=CountCondition(op=">", value=1))

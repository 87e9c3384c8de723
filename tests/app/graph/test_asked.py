"""The asked node of real evidence drafts on the three sample ontologies, and of graphs built by hand.

Real embedder, real sample stores; every question here takes the evidence path (no language model call).
"""

from __future__ import annotations

import pytest

from app.graph.asked import answer_nodes, asked_nodes, select_asked
from app.graph.model import PrototypeGraph
from app.nl.pipeline import extract_graph
from ontology_loaders import RDFS_LABEL

CO = "http://protograph.example/company/"
LIB = "http://protograph.example/library/"
DBO = "http://dbpedia.org/ontology/"


def _asked_classes(question: str, resources) -> list[str]:
    result = extract_graph(question, resources)
    assert "evidence" in result.timings_ms, "the test needs a draft read off the question"
    graph = select_asked(result.graph)
    return [n.class_ for n in graph.nodes if n.select]


@pytest.mark.parametrize(("question", "asked"), [
    ("Who works in the Finance department?", CO + "Employee"),
    # the named project comes first in the question, the skills are still what is asked
    ("Project Orion requires which skills?", CO + "Skill"),
    ("Anna Patel's skills", CO + "Skill"),
    ("Which offices are located in Germany?", CO + "Office"),  # not the city between office and country
    ("Which employees earn more than 170000?", CO + "Employee"),  # a condition does not name the node
])
def test_pas001_company_drafts_select_the_node_asked_for(company, question, asked) -> None:
    assert _asked_classes(question, company) == [asked]


def test_pas002_library_drafts_select_the_node_asked_for(library) -> None:
    assert _asked_classes("Which novels did Clara Rossi write?", library) == [LIB + "Novel"]


def test_pas003_a_node_named_by_its_label_is_not_asked(dbpedia_sample) -> None:
    result = extract_graph("Who composed the theme of Friends?", dbpedia_sample)
    named = [n.id for n in result.graph.nodes if any(c.property == RDFS_LABEL for c in n.constraints)]
    assert named, "the sample matches 'Friends' by label"
    graph = select_asked(result.graph)
    [asked] = [n.class_ for n in graph.nodes if n.select]
    assert dbpedia_sample.ontology.is_subclass(asked, DBO + "Person")  # the composer (a musical artist), not Friends
    assert not any(graph.node(n).select for n in named)


def test_pas004_a_ranked_count_answers_with_its_groups_only(company) -> None:
    graph = extract_graph("Which department has the most employees?", company).graph
    assert graph.aggregation is not None
    [department] = [n.id for n in graph.nodes if n.class_ == CO + "Department"]
    assert asked_nodes(graph) == (department,)
    assert answer_nodes(graph) == (department,)  # the count it ranked by is not an answer


def test_pas005_a_plain_count_is_its_own_answer(company) -> None:
    graph = extract_graph("How many employees work in the IT department?", company).graph
    assert graph.aggregation is not None and not graph.aggregation.group_by
    assert asked_nodes(graph) == ()
    assert select_asked(graph) == graph
    assert answer_nodes(graph) is None


def test_pas006_a_superlative_answers_with_the_thing_not_its_value(company) -> None:
    graph = extract_graph("What is the most populous city?", company).graph
    assert graph.order_by and graph.order_by[0].property == CO + "population"
    [city] = [n.id for n in graph.nodes if n.class_ == CO + "City"]
    assert answer_nodes(graph) == (city,)


def _graph(*nodes: dict, **modifiers) -> PrototypeGraph:
    return PrototypeGraph.model_validate({"nodes": list(nodes), **modifiers})


def test_pas007_label_named_first_node_is_skipped_and_all_named_keeps_the_graph() -> None:
    named = {"id": "city_1", "class": "http://e.org/City",
             "constraints": [{"property": RDFS_LABEL, "value": "Heraklion"}]}
    person = {"id": "person_1", "class": "http://e.org/Person"}
    assert asked_nodes(_graph(named, person)) == ("person_1",)
    pinned = {"id": "person_2", "class": "http://e.org/Person", "instances": ["http://e.org/Ada"]}
    both_named = _graph(named, pinned)
    assert asked_nodes(both_named) == ()
    assert select_asked(both_named) is both_named  # nothing open: the query keeps every column


def test_pas008_count_per_group_keeps_the_count_column() -> None:
    graph = _graph({"id": "d", "class": "http://e.org/D"}, {"id": "e", "class": "http://e.org/E"},
                   aggregation={"count": "e", "group_by": ["d"]})
    assert asked_nodes(graph) == ("d",)
    assert answer_nodes(graph) is None  # "how many per department": department and count are the answer

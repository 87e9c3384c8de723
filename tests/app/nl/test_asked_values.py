"""Questions whose answer is a value ("How tall is X?"): the words alone, then the real pipeline on three ontologies.

The samples run through their real embedded stores; DBpedia has no instance data, so its names stay
label conditions and the answer is the attribute shown on that node.
"""

from __future__ import annotations

import pytest

from app.graph.asked import answer_nodes, select_asked
from app.graph.validate import validate_graph
from app.graph.model import Constraint, Node, PrototypeGraph
from app.nl.asked_values import asked_value, read_asked_value, show_asked
from app.nl.pipeline import extract_graph
from app.query.embedded import EmbeddedStore
from components.text2sparql import pipeline_query
from ontology_loaders import OWL_THING

D = "http://dbpedia.org/ontology/"
RDFS_LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
LIB = "http://protograph.example/library/"
CO = "http://protograph.example/company/"


@pytest.mark.parametrize(("question", "words", "subject_from"), [
    ("What is the list price of the Aurora 15 Laptop", ("list price",), 6),
    ("Give me the height of Mount Everest", ("height",), 5),
    ("How heavy is the Borealis Tower", ("weight", "mass"), 3),
    ("How much does the Aurora 13 Laptop cost", ("price", "cost", "budget"), 3),
    ("What does the Aurora 13 Laptop weigh", ("weight",), 2),
    ("How many pages does War and Peace have", ("number of pages",), 4),
    ("When did Michael Jackson die", ("death date", "date of death"), 2),
    ("When was the Brooklyn Bridge completed", ("construction date", "completion date"), 2),
    ("How many people live in Poland", ("population",), 5),
    ("How many inhabitants does Maribor have", ("population",), 4),
    ("In which year was Rachel Stevens born", ("birth year", "year of birth"), 4),
])
def test_the_words_that_ask_a_value_and_where_its_thing_begins(question, words, subject_from) -> None:
    asked = asked_value(question.split())
    assert asked is not None and asked.words == words and asked.subject_from == subject_from


@pytest.mark.parametrize("question", ["Which rivers flow into a German lake", "Who wrote Hotel California",
                                      "How many books are there", "What is it"])
def test_questions_for_things_ask_no_value(question) -> None:
    assert asked_value(question.split()) is None


def test_counts_and_link_labels_ask_for_things(dbpedia) -> None:
    for question in ("Give me the total number of members of the Beatles", "What is the region of Tom Perriello"):
        assert read_asked_value(question.split(), [], dbpedia.ontology, dbpedia.index)[0] is None
    assert read_asked_value("What is the height of Tom Perriello".split(), [], dbpedia.ontology,
                            dbpedia.index)[0] is not None


def _answers(resources, question: str) -> set[str]:
    """The question's answer as the Text2SPARQL endpoint writes it, run on the sample's real store."""
    store = EmbeddedStore([resources.settings.kg[0]])
    try:
        rows = store.select(pipeline_query(question, resources)).bindings
    finally:
        store.close()
    return {value["value"] if isinstance(value, dict) else str(value) for row in rows for value in row.values()}


def test_a_value_of_a_named_product_is_shown_and_is_the_whole_answer(company) -> None:
    result = extract_graph("What is the list price of the Aurora 15 Laptop?", company)
    [node] = result.graph.nodes
    assert node.instances[0].endswith("Aurora_15_Laptop") and node.shown == (CO + "listPrice",)
    assert validate_graph(result.graph, company.ontology).ok
    assert "list price" in result.evidence[f"{node.id} shows"]
    assert answer_nodes(select_asked(result.graph)) == (f"{node.id}_listPrice",)
    assert _answers(company, "What is the list price of the Aurora 15 Laptop?") == {"1399"}  # xsd:decimal "1399.00", canonical


@pytest.mark.parametrize(("question", "attribute"), [
    ("How much does the Aurora 13 Laptop cost?", CO + "listPrice"),
    ("What does the Aurora 13 Laptop cost?", CO + "listPrice"),
    ("How heavy is the Borealis Tower?", CO + "weight"),
    ("What's the weight of the Borealis Tower?", CO + "weight"),
    ("What is the headcount of Halvard Robotics?", CO + "headcount"),  # the IRI's name, not its label
    ("When was the Borealis Tower 2 launched?", CO + "launchDate"),
])
def test_how_and_when_questions_ask_the_attribute_their_words_measure(company, question, attribute) -> None:
    [node] = extract_graph(question, company).graph.nodes
    assert node.instances and node.shown == (attribute,)


def test_library_values_of_books_and_people(library) -> None:
    [book] = extract_graph("How many pages does Almanacs of Utrecht have?", library).graph.nodes
    assert book.shown == (LIB + "pageCount",) and book.instances[0].endswith("Almanacs_of_Utrecht")
    assert _answers(library, "How many pages does Almanacs of Utrecht have?") == {"658"}
    [person] = extract_graph("When was Ada Barros born?", library).graph.nodes
    assert person.shown == (LIB + "birthDate",)


def test_a_dbpedia_name_takes_a_class_that_has_the_value(dbpedia) -> None:
    result = extract_graph("How tall is Claudia Schiffer?", dbpedia)
    [node] = result.graph.nodes
    # DBpedia has two "height" attributes; the general one is taken, not its view in cm (Person/height)
    assert node.shown == (D + "height",)
    assert [c.value for c in node.constraints] == ["Claudia Schiffer"]
    assert dbpedia.ontology.is_subclass(node.class_, D + "Person")
    assert validate_graph(result.graph, dbpedia.ontology).ok
    # a class word (Area) that only says which value is asked is no node of its own
    [country] = extract_graph("What is the area of Germany?", dbpedia).graph.nodes
    assert country.class_ == D + "Country" and [a.rsplit("/", 1)[-1] for a in country.shown] == ["area"]
    # an amount is a value even where a link bears its name (DBpedia's population leads to a Population)
    [city] = extract_graph("What is the population of Cairo?", dbpedia).graph.nodes
    assert city.class_ == D + "City" and city.shown == (D + "populationTotal",)


def test_a_name_left_untyped_takes_the_class_that_has_the_value(dbpedia) -> None:
    # the model out of time leaves the name a Thing; showing a person's speciality on it was invalid
    name = Node(id="thing_1", class_=OWL_THING, constraints=(Constraint(property=RDFS_LABEL, value="UNC Health Care"),))
    asked = asked_value("What are the specialities of the UNC Health Care".split())
    graph, node_id, attribute = show_asked(PrototypeGraph(nodes=(name,)), {"thing_1": (5, 9)}, asked,
                                           dbpedia.ontology, dbpedia.index)
    assert node_id == "thing_1" and graph.node(node_id).shown == (attribute,)
    assert graph.node(node_id).class_ != OWL_THING and validate_graph(graph, dbpedia.ontology).ok


def test_a_value_named_as_written_says_which_classes_a_name_may_be(dbpedia) -> None:
    # death date belongs to living things: the model chooses among them, so Elvis is no film
    result = extract_graph("When did Elvis Presley die?", dbpedia)
    [person] = result.graph.nodes
    assert dbpedia.ontology.is_subclass(person.class_, D + "Animal") and person.shown == (D + "deathDate",)
    assert validate_graph(result.graph, dbpedia.ontology).ok


def test_a_count_no_class_is_labelled_with_is_an_attribute(dbpedia, company) -> None:
    # DBpedia has no class "employee" (only "employer", near in meaning): its number of employees is asked
    result = extract_graph("How many employees does Siemens have?", dbpedia)
    [firm] = result.graph.nodes
    assert firm.shown == (D + "numberOfEmployees",) and result.graph.aggregation is None
    assert validate_graph(result.graph, dbpedia.ontology).ok
    # where "employee" is a class too, a company's own number of employees is still its count: the employees the
    # data happens to list are a few of them (28 of Halvard Robotics' 260)
    [firm] = extract_graph("How many employees does Halvard Robotics have?", company).graph.nodes
    assert firm.shown == (CO + "headcount",)


def test_words_that_name_a_thing_keep_the_relational_reading(company, dbpedia) -> None:
    counted = extract_graph("How many employees does the Finance department have?", company).graph
    assert counted.aggregation is not None and not any(n.shown for n in counted.nodes)
    capital = extract_graph("What is the capital of Canada?", dbpedia).graph
    assert capital.edges and not any(n.shown for n in capital.nodes)


def test_a_lone_name_with_no_value_the_ontology_knows_is_not_understood(company) -> None:
    result = extract_graph("What is the weather of Berlin?", company)
    assert result.not_understood and result.graph.is_empty()


def test_how_many_people_live_in_a_place_asks_its_population(dbpedia, company) -> None:
    [country] = extract_graph("How many people live in Poland?", dbpedia).graph.nodes
    # "people" names no thing here; a country's name needs no model to be typed a country
    assert country.class_ == D + "Country" and country.shown == (D + "populationTotal",)
    [city] = extract_graph("How many people live in Munich?", company).graph.nodes
    assert city.instances[0].endswith("Munich") and city.shown == (CO + "population",)


def test_dbpedias_sample_with_its_data_answers_a_value(dbpedia_sample) -> None:
    # the third ontology with instance data: the name is pinned, the answer is the date alone
    [person] = extract_graph("When was Alfred Hitchcock born?", dbpedia_sample).graph.nodes
    assert person.instances[0].endswith("Alfred_Hitchcock") and person.shown == (D + "birthDate",)
    assert _answers(dbpedia_sample, "When was Alfred Hitchcock born?") == {"1899-08-13"}


def test_a_capitalised_attribute_name_is_the_value_asked_not_a_name(library) -> None:
    [book] = extract_graph("What is the ISBN of Archives of Ghent?", library).graph.nodes
    assert book.instances[0].endswith("Archives_of_Ghent") and book.shown == (LIB + "isbn",)


def test_a_name_that_says_its_kind_keeps_it_though_the_value_belongs_elsewhere(dbpedia) -> None:
    # DBpedia declares completion dates for works; the bridge is still a bridge, and shows its own date
    [bridge] = extract_graph("When was the Brooklyn Bridge completed?", dbpedia).graph.nodes
    assert bridge.class_ == D + "Bridge" and len(bridge.shown) == 1

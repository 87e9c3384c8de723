"""Everyday relation phrases reach the link labelled with the relation noun they mean.

On the real DBpedia ontology and on a small ontology of another domain written
here, with the real packaged embedder: the table knows English, not ontologies.
"""

from __future__ import annotations

import pytest

from app.nl.embedding import load_embedder
from app.nl.evidence import draft_from_evidence
from app.nl.paraphrases import relation_nouns
from app.nl.pipeline import extract_graph
from app.nl.retrieval import build_index
from ontology_loaders.model import Link, Ontology, OntologyClass
from tests.app.nl.conftest import class_edges

D = "http://dbpedia.org/ontology/"
EX = "http://school.example/"
LIB = "http://protograph.example/library/"
CO = "http://protograph.example/company/"


def test_ppa001_verb_forms_and_particles_mean_their_relation_nouns() -> None:
    assert relation_nouns(["studied at"]) == ["alma mater", "education"]
    assert relation_nouns(["graduated from"]) == ["alma mater", "education"]
    assert relation_nouns(["lives in"]) == ["residence"]
    assert relation_nouns(["died from"]) == ["death cause"]
    assert relation_nouns(["died in"]) == ["death place"]
    assert relation_nouns(["wife"]) == ["spouse"]
    assert relation_nouns(["designed by"]) == ["architect", "designer"]
    assert relation_nouns(["founded in"]) == ["foundation place", "founding place", "location"]


def test_ppa002_a_phrase_the_table_does_not_know_adds_nothing() -> None:
    assert relation_nouns(["directed by", "the", "weather"]) == []


@pytest.fixture(scope="module")
def school(tmp_path_factory):
    """A fourth domain: people, schools, towns and firms, labelled with relation nouns only."""
    def cls(name: str, label: str) -> OntologyClass:
        return OntologyClass(iri=EX + name, label=label)

    def link(name: str, label: str, domain: str, range_: str) -> Link:
        return Link(iri=EX + name, label=label, domain=EX + domain, range=EX + range_)

    ontology = Ontology(
        classes=[cls("Pupil", "pupil"), cls("School", "school"), cls("Town", "town"), cls("Firm", "firm")],
        # each pair of classes has rivals, so the phrase must choose: "went to" is nearer "visited" than "alma mater"
        links=[link("almaMater", "alma mater", "Pupil", "School"), link("visited", "visited", "Pupil", "School"),
               link("sponsor", "sponsor", "Pupil", "School"), link("residence", "residence", "Pupil", "Town"),
               link("birthPlace", "birth place", "Pupil", "Town"), link("deathPlace", "death place", "Pupil", "Town"),
               link("employer", "employer", "Pupil", "Firm"), link("client", "client of", "Pupil", "Firm"),
               link("spouse", "spouse", "Pupil", "Pupil"), link("mentor", "mentor", "Pupil", "Pupil"),
               link("schoolTown", "town", "School", "Town")])
    return ontology, build_index(ontology, load_embedder(None), tmp_path_factory.mktemp("school-index"))


@pytest.mark.parametrize(("question", "link"), [
    ("pupils who went to a school", "almaMater"),
    ("pupils who graduated from a school", "almaMater"),
    ("pupils who live in a town", "residence"),
    ("pupils who work for a firm", "employer"),
    ("pupils who are married to a pupil", "spouse"),
])
def test_ppa003_on_an_ontology_of_another_domain(school, question: str, link: str) -> None:
    ontology, index = school
    draft = draft_from_evidence(question, ontology, index)
    assert draft is not None
    assert [edge.link for edge in draft.graph.edges] == [EX + link]


@pytest.mark.parametrize(("question", "link"), [
    ("Which scientists went to Harvard?", "almaMater"),
    ("What movies does Jesse Eisenberg play in?", "starring"),
    ("Which albums were released by Pink Floyd?", "artist"),
])
def test_ppa004_on_dbpedia_with_no_model_call(dbpedia, question: str, link: str) -> None:
    result = extract_graph(question, dbpedia)
    assert [edge.link for edge in result.graph.edges] == [D + link]
    assert "raw_nodes" not in result.timings_ms and "evidence" in result.timings_ms  # no model call


@pytest.mark.parametrize(("question", "link", "subject"), [
    # a passive describes its subject by the agent: the link runs from the thing created
    ("TV series created by Matt Groening", "creator", "TelevisionShow"),
    ("Which books were written by Danielle Steel?", "author", "Book"),
    # "Slovak" ends a name here, it is no demonym; a bare "die" asks for the place
    ("Where did Hillel Slovak die?", "deathPlace", "Person"),
])
def test_ppa005_passives_and_bare_verbs_on_dbpedia(dbpedia, question: str, link: str, subject: str) -> None:
    graph = extract_graph(question, dbpedia).graph
    [edge] = graph.edges
    assert (edge.link, graph.node(edge.source).class_) == (D + link, D + subject)


@pytest.mark.parametrize(("question", "links"), [
    ("How many museums does Paris have?", ["location"]),  # a place has what is located in it
    ("How many children did Benjamin Franklin have?", ["child"]),  # unless a link's word names what it has
    ("In which city does Sylvester Stallone live?", ["residence"]),
    ("In which films did Julia Roberts as well as Richard Gere play?", ["starring", "starring"]),
    ("Which actors directed a film they starred in?", ["director", "starring"]),  # the verb, not the word "film"
])
def test_ppa006_verbs_said_apart_from_their_particle(dbpedia, question: str, links: list[str]) -> None:
    graph = extract_graph(question, dbpedia).graph
    assert sorted(edge.link for edge in graph.edges) == sorted(D + link for link in links)


def test_ppa007_an_everyday_kind_word_names_the_class_its_label_means(dbpedia, company) -> None:
    # "footballers" is nearer "american football player" for the embedder; "staff" nearer "staffing agency"
    graph = extract_graph("Footballers born in Buenos Aires", dbpedia).graph
    assert D + "SoccerPlayer" in {node.class_ for node in graph.nodes}
    graph = extract_graph("Staff who work at the Austin Sales Office", company).graph
    assert "http://protograph.example/company/Employee" in {node.class_ for node in graph.nodes}


def test_ppa008_a_relations_verb_before_its_object_is_no_class(dbpedia) -> None:
    graph = extract_graph("Which musician wrote the most books?", dbpedia).graph
    assert {(graph.node(e.source).class_, e.link, graph.node(e.target).class_) for e in graph.edges} == {
        (D + "Book", D + "author", D + "MusicalArtist")}


def test_ppa009_an_idiom_names_no_thing_and_managing_is_heading(library, company) -> None:
    graph = extract_graph("Which festivals took place in Tartu?", library).graph
    assert [edge.link.rsplit("/", 1)[1] for edge in graph.edges] == ["festivalCity"]  # no node for "place"
    graph = extract_graph("Who manages the Customer Support department?", company).graph
    assert [edge.link.rsplit("/", 1)[1] for edge in graph.edges] == ["heads"]


def test_ppa010_a_demonym_says_the_things_country(dbpedia) -> None:
    graph = extract_graph("Give me all Danish movies.", dbpedia).graph
    assert [(graph.node(e.source).class_, e.link) for e in graph.edges] == [(D + "Film", D + "country")]


@pytest.mark.parametrize(("question", "link"), [
    # "who" did the deed to the named thing: the link is named from the thing ("creator"), and "who" may be
    # any agent, not only a person
    ("Who created Goofy?", "creator"),
    ("Who discovered Ceres?", "discoverer"),
])
def test_ppa011_who_did_it_takes_the_link_named_from_the_thing_done(dbpedia, question: str, link: str) -> None:
    graph = extract_graph(question, dbpedia).graph
    [edge] = graph.edges
    assert edge.link == D + link
    assert not graph.node(edge.target).constraints  # the asked "who" is the link's end, the name its start


def test_ppa012_who_designed_it_is_its_architect(dbpedia) -> None:
    graph = extract_graph("Who designed the Brooklyn Bridge?", dbpedia).graph
    assert [edge.link for edge in graph.edges] == [D + "architect"]


@pytest.mark.parametrize(("sample", "question", "expected"), [
    # "who" may ask for a company: suppliers supply
    ("company", "Who supplies the Aurora 15 Laptop?", {(CO + "HardwareProduct", CO + "suppliedBy", CO + "Supplier")}),
    ("company", "Who is in charge of Project Orion?", {(CO + "Project", CO + "projectLead", CO + "Employee")}),
    # a direct link the words fit well is kept, though "lead" also names "heads" (a department's)
    ("company", "Which projects does Elias Vogel lead?", {(CO + "Project", CO + "projectLead", CO + "Manager")}),
    # who sold is the seller: the sales agent, not the party sold to
    ("company", "Who sold the most orders?", {(CO + "SalesOrder", CO + "salesAgent", CO + "SalesRepresentative")}),
    # a relation noun the words mean names the first step of a way ("looked after by": account manager)
    ("company", "Customers looked after by someone in the Austin Sales Office",
     {(CO + "Customer", CO + "accountManager", CO + "SalesRepresentative"),
      (CO + "SalesRepresentative", CO + "workplace", CO + "Office")}),
    ("library", "Which books were translated by Ana Ferreira?",
     {(LIB + "Book", LIB + "translatedBy", LIB + "Translator")}),
    # "did … translate": she does it, and a passive label ("translated by") runs from the books to her
    ("library", "Which books did Ana Ferreira translate?", {(LIB + "Book", LIB + "translatedBy", LIB + "Translator")}),
    # everyday kind words: poems are poetry collections, not poets; writers are authors
    ("library", "Poems by Quinn Castel", {(LIB + "PoetryCollection", LIB + "writtenBy", LIB + "Poet")}),
])
def test_ppa013_everyday_phrases_of_people_and_business(request, sample, question, expected) -> None:
    graph = extract_graph(question, request.getfixturevalue(sample)).graph
    assert class_edges(graph) == expected


def test_ppa014_football_is_soccer_unless_american(dbpedia) -> None:
    classes = {n.class_ for n in extract_graph("Which football players were born in Rome?", dbpedia).graph.nodes}
    assert D + "SoccerPlayer" in classes
    graph = extract_graph("Which American football players were born in Texas?", dbpedia).graph
    # the demonym is part of the class's label: no country United States beside it
    assert D + "AmericanFootballPlayer" in {n.class_ for n in graph.nodes} and len(graph.nodes) == 2


@pytest.mark.parametrize(("question", "link"), [
    ("Who succeeded Barack Obama?", "successor"),
    ("Who preceded Angela Merkel?", "predecessor"),
])
def test_ppa015_who_came_after_or_before_someone(dbpedia, question, link) -> None:
    graph = extract_graph(question, dbpedia).graph
    [edge] = graph.edges
    named = next(n.id for n in graph.nodes if n.constraints)
    assert (edge.link, edge.source) == (D + link, named)  # the named person's successor is the one asked


@pytest.mark.parametrize(("question", "link"), [
    # where something ends or starts: a river's mouth, a route's start; a river's start is still its source
    ("How many rivers end in the Indian Ocean?", "riverMouth"),
    ("Which railway lines start at South Station?", "routeStart"),
    ("Which rivers start in Switzerland?", "source"),
    # a grave or a tomb is a resting place
    ("Where is the tomb of Karl Marx?", "restingPlace"),
])
def test_ppa016_where_a_thing_ends_or_starts_and_where_someone_lies(dbpedia, question, link) -> None:
    [edge] = extract_graph(question, dbpedia).graph.edges
    assert edge.link == D + link


@pytest.mark.parametrize(("question", "ontology", "link"), [
    # a person appears in a film; an article appears where it is published
    ("In which films did Meg Ryan appear?", "dbpedia", D + "starring"),
    ("Which articles appeared in Northern Review?", "library", "http://protograph.example/library/publishedIn"),
])
def test_ppa017_appear_in_says_where_one_is_seen(request, question, ontology, link) -> None:
    [edge] = extract_graph(question, request.getfixturevalue(ontology)).graph.edges
    assert edge.link == link


@pytest.mark.parametrize(("question", "ontology", "link"), [
    # "written in" a language is that language, not an author; "runs on" a system is its operating system
    ("Which books were written in French?", "dbpedia", D + "language"),
    ("Which software runs on Linux?", "dbpedia", D + "operatingSystem"),
    # where the ontology labels the link "runs on" itself, that link
    ("Which software runs on the Summit Workstation?", "company", "http://protograph.example/company/runsOn"),
])
def test_ppa018_written_in_a_language_and_running_on_a_system(request, question, ontology, link) -> None:
    [edge] = extract_graph(question, request.getfixturevalue(ontology)).graph.edges
    assert edge.link == link

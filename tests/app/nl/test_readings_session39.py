"""English readings of session 39 on the evidence path: "the <noun> of X" runs every link that fits both ways
from X, not only the best one, so the kind a name is said to be cannot turn the next link round ("Who was the
founder of Apple Inc.?"); a relative clause after a name is said of the thing the name was joined to ("people
born in Vienna who died in Berlin"); "died" is a verb. Real embedder, real model, real ontologies (DBpedia and
a small vocabulary written here)."""

from __future__ import annotations

import pytest

from tests.app.nl.conftest import drafted, named_end, vocabulary

D = "http://dbpedia.org/ontology/"
FIRMS = "http://protograph.example/firms/"

# Founders: "founder" declares neither end and "founded by" no subject, so both fit both ways.
_FIRMS = """
ex:Agent a owl:Class ; rdfs:label "agent" .
ex:Person a owl:Class ; rdfs:label "person" ; rdfs:subClassOf ex:Agent .
ex:Organisation a owl:Class ; rdfs:label "organisation" ; rdfs:subClassOf ex:Agent .
ex:Company a owl:Class ; rdfs:label "company" ; rdfs:subClassOf ex:Organisation .
ex:City a owl:Class ; rdfs:label "city" .
ex:founder a owl:ObjectProperty ; rdfs:label "founder" .
ex:foundedBy a owl:ObjectProperty ; rdfs:label "founded by" ; rdfs:range ex:Agent .
ex:headquarter a owl:ObjectProperty ; rdfs:label "headquarter" ; rdfs:domain ex:Organisation ; rdfs:range ex:City .
ex:birthPlace a owl:ObjectProperty ; rdfs:label "birth place" ; rdfs:domain ex:Person ; rdfs:range ex:City .
ex:deathPlace a owl:ObjectProperty ; rdfs:label "death place" ; rdfs:domain ex:Person ; rdfs:range ex:City .
ex:twinCity a owl:ObjectProperty ; rdfs:label "twin city" ; rdfs:domain ex:City ; rdfs:range ex:City .
"""


@pytest.fixture(scope="module")
def firms(tmp_path_factory):
    return vocabulary(tmp_path_factory, FIRMS, _FIRMS)


@pytest.mark.parametrize(("fixture", "question", "links"), [
    # before, the person asked was founded by the company ("Inc." says it is a company, which "founder" leaves open)
    ("dbpedia", "Who was the founder of Apple Inc.?", {D + "founder", D + "foundedBy"}),
    ("dbpedia", "Who is the founder of Pixar Studios?", {D + "founder", D + "foundedBy"}),
    ("firms", "Who was the founder of Corvid Inc.?", {FIRMS + "founder", FIRMS + "foundedBy"}),
])
def test_rd400_the_noun_of_a_name_runs_every_twin_link_from_the_name(request, fixture, question, links) -> None:
    link, end = named_end(drafted(request, fixture, question))
    assert link in links and end == "source"


def _links_from_the_asked(graph) -> set[str]:
    named = {n.id for n in graph.nodes if n.constraints or n.instances}
    return {e.link for e in graph.edges if e.source not in named and e.target in named}


@pytest.mark.parametrize(("fixture", "question", "base"), [
    # before, Berlin was south of Vienna: the clause was read as Vienna's
    ("dbpedia", "Give me all people born in Vienna who died in Berlin.", D),
    ("dbpedia", "Give me all people born in Vienna that died in Berlin.", D),
    ("firms", "Give me all people born in Vienna who died in Berlin.", FIRMS),
    # before, "died" was no verb, so what followed Vienna was Vienna's
    ("dbpedia", "Which scientists born in Vienna died in Berlin?", D),
])
def test_rd401_a_clause_after_a_name_is_said_of_the_thing_before(request, fixture, question, base) -> None:
    graph = drafted(request, fixture, question)
    assert len(graph.edges) == 2 and _links_from_the_asked(graph) == {base + "birthPlace", base + "deathPlace"}

"""English readings of session 39 on the evidence path: "the <noun> of X" runs every link that fits both ways
from X, not only the best one, so the kind a name is said to be cannot turn the next link round ("Who was the
founder of Apple Inc.?"). Real embedder, real model, real ontologies (DBpedia and a small vocabulary written
here)."""

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

"""Searching classes, links and attributes by meaning with the real embedder: the sample and the real DBpedia ontology."""

from __future__ import annotations

import pytest

from app.graph import edits, suggestions
from app.graph.model import PrototypeGraph
from app.nl.embedding import load_embedder
from app.nl.retrieval import build_index
from app.settings import Settings

D = "http://dbpedia.org/ontology/"


@pytest.fixture(scope="module")
def embedder():
    return load_embedder(None)


@pytest.fixture(scope="module", params=["sample", "dbo"])
def searched(request, embedder):
    """(ontology, index) for the DBpedia sample and for the real DBpedia ontology, vectors cached as the app does."""
    ontology = request.getfixturevalue("sample_ontology" if request.param == "sample" else "dbo_ontology")
    return ontology, build_index(ontology, embedder, Settings().cache_dir("index"))


def test_musician_finds_musical_artist_by_meaning(searched):
    ontology, index = searched
    found = suggestions.class_options("musician", ontology, index)
    top = [o.iri for o in found[:5]]
    assert D + "MusicalArtist" in top, [o.label for o in found[:5]]
    assert next(o for o in found if o.iri == D + "MusicalArtist").by == "meaning"
    assert len(found) > 10


def test_movie_star_finds_actor(searched):
    ontology, index = searched
    assert D + "Actor" in [o.iri for o in suggestions.class_options("movie star", ontology, index)[:3]]


def test_place_of_birth_finds_birth_place_among_the_links(searched):
    ontology, index = searched
    graph = edits.add_node(edits.add_node(PrototypeGraph(), D + "Person", ontology), D + "City", ontology)
    options = suggestions.link_options(graph, "person_1", "city_1", ontology)
    typed = suggestions.search_link_options(options, "place of birth", ontology, index)
    assert typed[0].link == D + "birthPlace" and typed[0].by == "meaning"


def test_born_finds_the_birth_date(searched):
    ontology, index = searched
    found = suggestions.attribute_search(ontology, D + "Person", "born", index)
    assert D + "birthDate" in [o.iri for o in found[:3]], [o.label for o in found[:5]]

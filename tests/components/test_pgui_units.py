"""Callback logic without a browser: converters, URL state, sources, view helpers."""

from __future__ import annotations

import base64
import socket

import pytest
from dash import html, no_update

from app.graph.history import History
from app.graph.model import PrototypeGraph
from app.settings import Settings
from components import ids
from components.callbacks import commit, resources_for
from components.elements import auto_layout, edge_from_id, graph_to_elements, positions_from_elements
from app.errors import USER_ERRORS, SourceError
from app.sources import save_upload, settings_for_source
from components.urlstate import decode_hash, encode_hash
from components.views import link_choice, node_panel_state, stage_strip, strip_data
from ontology_loaders import XSD, Attribute, Link, Ontology, OntologyClass

EX = "http://ex.org/"
ONTO = Ontology(
    classes=[OntologyClass(iri=EX + "Person", label="person"), OntologyClass(iri=EX + "Place", label="place"),
             OntologyClass(iri=EX + "City", label="city", parents=(EX + "Place",))],
    links=[Link(iri=EX + "birthPlace", label="birth place", domain=EX + "Person", range=EX + "Place")],
    attributes=[Attribute(iri=EX + "age", label="age", domain=EX + "Person", range=XSD + "integer")],
)
GRAPH = PrototypeGraph.model_validate({
    "nodes": [
        {"id": "person_1", "class": EX + "Person", "constraints": [{"property": EX + "age", "op": ">", "value": 30}]},
        {"id": "place_1", "class": EX + "Place", "instances": [EX + "r/Paris"], "select": False},
    ],
    "edges": [{"source": "person_1", "link": EX + "birthPlace", "target": "place_1", "optional": True}],
})


def test_elements_show_labels_ids_and_styles():
    elements = graph_to_elements(GRAPH, ONTO)
    person, place, edge = elements
    assert person["data"]["label"].splitlines()[:3] == ["person", "?person_1", "age > 30"]
    assert "constrained" in person["classes"]
    assert "constant" in place["classes"] and "hidden" in place["classes"]
    assert place["data"]["label"].splitlines()[2] == "= Paris"
    assert edge["data"]["label"] == "birth place (optional)" and edge["classes"] == "optional"
    assert edge_from_id(edge["data"]["id"]) == ("person_1", EX + "birthPlace", "place_1")


def test_a_shown_attribute_is_named_on_its_node():
    shown = PrototypeGraph.model_validate({"nodes": [{"id": "person_1", "class": EX + "Person",
                                                      "instances": [EX + "r/Ada"], "shown": [EX + "age"]}]})
    [person] = graph_to_elements(shown, ONTO)
    assert person["data"]["label"].splitlines()[2:] == ["= Ada", "shows age"]


def test_positions_survive_edits_and_newcomers_go_right():
    moved = {"person_1": {"x": 500.0, "y": 40.0}, "place_1": {"x": 900.0, "y": 40.0}}
    elements = graph_to_elements(GRAPH, ONTO, moved)
    assert positions_from_elements(elements) == moved
    bigger = PrototypeGraph.model_validate({**GRAPH.model_dump(mode="json"),
                                            "nodes": [*GRAPH.model_dump(mode="json")["nodes"],
                                                      {"id": "city_1", "class": EX + "City"}]})
    found = positions_from_elements(graph_to_elements(bigger, ONTO, moved))
    assert found["city_1"]["x"] > 900 and found["person_1"] == moved["person_1"]


def test_auto_layout_points_edges_right_and_handles_cycles():
    layout = auto_layout(GRAPH)
    assert layout["person_1"]["x"] < layout["place_1"]["x"]
    cyclic = PrototypeGraph.model_validate({
        "nodes": [{"id": "a", "class": "x:A"}, {"id": "b", "class": "x:B"}],
        "edges": [{"source": "a", "link": "x:p", "target": "b"}, {"source": "b", "link": "x:p", "target": "a"}]})
    assert set(auto_layout(cyclic)) == {"a", "b"}


def test_url_hash_round_trip_and_hostile_input():
    source = {"kind": "sample", "name": "dbpedia_sample"}
    fragment = encode_hash(GRAPH.model_dump(mode="json"), source)
    found = decode_hash(fragment)
    assert PrototypeGraph.model_validate(found["graph"]) == GRAPH and found["source"] == source
    assert decode_hash("#g=" + "A" * 20_000) == {"graph": None, "source": None}
    bomb = base64.urlsafe_b64encode(__import__("zlib").compress(b"[" * 5_000_000)).decode()
    assert decode_hash("#g=" + bomb)["graph"] is None
    assert encode_hash({"nodes": []}, None) == ""


def test_sources_map_to_settings_and_refuse_foreign_paths(tmp_path):
    base = Settings(data_dir=tmp_path)
    with pytest.raises(SourceError):
        settings_for_source(base, {"kind": "upload", "path": "/etc/passwd"})
    with pytest.raises(SourceError):
        settings_for_source(base, {"kind": "endpoint", "url": "file:///etc/passwd"})
    with pytest.raises(SourceError):
        settings_for_source(base, {"kind": "sample", "name": "../../etc"})
    payload = "data:text/turtle;base64," + base64.b64encode(b"<http://a> <http://b> <http://c> .").decode()
    source = save_upload(base, "mine.ttl", payload)
    assert settings_for_source(base, source).kg == [settings_for_source(base, source).ontology[0]]
    with pytest.raises(SourceError, match="expected one of"):
        save_upload(base, "notes.docx", payload)


def test_commit_records_history_only_on_change():
    before = GRAPH.model_dump(mode="json")
    assert commit(before, GRAPH, None) == (no_update, no_update)
    after = PrototypeGraph()
    graph_json, history_json = commit(before, after, {"past": [], "future": [{"x": 1}]})
    assert graph_json == after.model_dump(mode="json")
    restored = History.from_json(history_json)
    assert restored.past[-1] == before and not restored.future


def test_link_choice_preselects_a_single_fit():
    options, value, hint = link_choice(GRAPH, "place_1", "person_1", ONTO)
    assert len(options) == 0 or value is None  # the edge is already drawn
    fresh = PrototypeGraph.model_validate({"nodes": GRAPH.model_dump(mode="json")["nodes"]})
    options, value, hint = link_choice(fresh, "place_1", "person_1", ONTO)
    assert value == options[0]["value"] and "Exactly one" in hint
    assert link_choice(fresh, "person_1", None, ONTO)[0] == []


def test_node_panel_offers_subclasses_and_typed_attributes():
    state = node_panel_state(GRAPH, "place_1", ONTO)
    assert [o["value"] for o in state["class_options"]] == [EX + "Place", EX + "City"]
    assert "select" not in state["flags"] and state["instances"] == [EX + "r/Paris"]
    person = node_panel_state(GRAPH, "person_1", ONTO)
    assert person["attributes"][EX + "age"]["kind"] == "number"


def test_stage_strip_renders_each_stage_with_time():
    class Stages:
        raw = None
        candidates = {"person_1": []}
        constrained_graph = GRAPH
        cleanup = []

    class Result:
        stages = Stages()
        graph = GRAPH
        timings_ms = {"raw_nodes": 100.0, "raw_edges": 50.0, "retrieval": 20.0, "cleanup": 1.0, "total": 200.0}

    data = strip_data(Result())
    assert data["timings_ms"] == {"raw": 150.0, "candidates": 20.0, "cleaned": 1.0}
    figures = stage_strip(data, ONTO)
    assert len(figures) == 4 and all(isinstance(f, html.Figure) for f in figures)
    assert "150 ms" in str(figures[0]) and "–" in str(figures[2])


def test_stage_strip_shows_the_evidence_of_a_draft_read_from_the_question():
    class Result:
        stages = None
        graph = GRAPH
        timings_ms = {"evidence": 12.0, "total": 12.0}
        evidence = {"person_1": "class: \u201cpeople\u201d", f"person_1 {EX}knows person_2": "\u201cfriends of\u201d"}
        confidence = 0.42
        ignored_words = ["Which"]

    data = strip_data(Result())
    figures = stage_strip(data, ONTO)
    text = str(figures)
    assert len(figures) == 4 and "12 ms" in text
    assert "people" in text and "friends of" in text and "(0.42 of 1)" in text and "Which" in text


def test_ids_are_unique():
    values = [v for k, v in vars(ids).items() if k.isupper() and isinstance(v, str)]
    assert len(values) == len(set(values))


def test_unreachable_endpoint_gives_a_clear_user_error(tmp_path):
    with socket.socket() as sock:  # a port that was free a moment ago: nothing listens there
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}/query"
    with pytest.raises(USER_ERRORS) as caught:
        resources_for(Settings(data_dir=tmp_path, endpoint_allow=[url]), {"kind": "endpoint", "url": url}).ontology
    assert url in str(caught.value) and "unreachable" in str(caught.value)

"""What the panels share: binding settings, graph commits, error text, and the node and edge edit wrappers."""

from __future__ import annotations

import inspect

from dash import no_update

from app.errors import EditError
from app.graph.history import History
from components.callbacks.ask import ask
from components.callbacks.common import (
    bind,
    commit,
    edge_edit,
    error_text,
    load_graph,
    node_edit,
)


def test_bind_keeps_the_name_and_the_source_dash_hashes(settings):
    bound = bind(ask, settings=settings)
    assert bound.__name__ == "ask" and inspect.getsource(bound) == inspect.getsource(ask)


def test_commit_records_history_only_on_change(works):
    assert commit(works, load_graph(works), None) == (no_update, no_update)
    graph, history = commit(works, load_graph(None), None)
    assert graph == load_graph(None).model_dump(mode="json") and History.from_json(history).past[-1] == works


def test_error_text_is_the_first_line_or_the_class_name():
    assert error_text(EditError("no such node\nmore detail")) == "no such node"
    assert error_text(ValueError()) == "ValueError"


def test_node_edit_applies_only_to_an_inspected_node(settings, sample, works):
    def rename(graph, node_id, _ontology):
        raise EditError(f"cannot touch ?{node_id}")

    assert node_edit(rename, settings=settings, graph_data=works, history=None, target="edge:a|p|b",
                     source=sample) == (no_update,) * 3
    assert node_edit(rename, settings=settings, graph_data=works, history=None, target="node:work_1",
                     source=sample) == (no_update, no_update, "cannot touch ?work_1")


def test_edge_edit_reads_the_edge_from_the_inspector_value(settings, sample, works):
    seen = []

    def unchanged(graph, source_id, link, target_id):
        seen.append((source_id, link, target_id))
        return graph, None

    target = "edge:work_1|http://dbpedia.org/ontology/author|ice_hockey_player_1"
    assert edge_edit(unchanged, settings=settings, graph_data=works, history=None, target=target, source=sample,
                     message="x") == (no_update,) * 5
    assert seen == [("work_1", "http://dbpedia.org/ontology/author", "ice_hockey_player_1")]
    assert edge_edit(unchanged, settings=settings, graph_data=works, history=None, target="node:work_1",
                     source=sample, message="x") == (no_update,) * 5

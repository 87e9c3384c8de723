"""The SPARQL tab, called directly: the compiled query, the editor toggle, applying an edited query."""

from __future__ import annotations

from dash import html, no_update

from app.graph.history import History
from components.callbacks.common import compile_query, load_graph
from components.callbacks.sparql_editor import (
    apply_sparql,
    show_sparql,
    toggle_sparql_editor,
)


def test_show_sparql_fills_the_text_and_the_editor(settings, works):
    text, editor = show_sparql(works, settings=settings)
    assert text == editor == compile_query(load_graph(works), settings) and "SELECT" in text
    assert show_sparql(None, settings=settings) == ("", "")


def test_toggle_sparql_editor_opens_and_closes():
    assert toggle_sparql_editor(1, True) == (False, "Close the editor")
    assert toggle_sparql_editor(2, False) == (True, "Edit the query")


def test_apply_sparql_turns_an_edited_query_into_the_graph(settings, sample, works):
    query = show_sparql(works, settings=settings)[0]
    graph, history, message = apply_sparql(1, query, None, None, sample, settings=settings)
    assert load_graph(graph).nodes and message == "Applied to the graph." and History.from_json(history).can_undo
    assert apply_sparql(1, query, graph, history, sample, settings=settings) == (no_update, no_update, "No change.")


def test_apply_sparql_refuses_bad_syntax_and_foreign_links(settings, sample, works):
    broken = apply_sparql(1, "SELECT WHERE {", works, None, sample, settings=settings)
    assert broken[:2] == (no_update, no_update) and isinstance(broken[2], html.Span)
    foreign = show_sparql(works, settings=settings)[0].replace("dbo:author", "dbo:homePort")
    refused = apply_sparql(1, foreign, works, None, sample, settings=settings)
    assert refused[:2] == (no_update, no_update) and refused[2].children.startswith("Not applied: ")

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


def test_show_sparql_limits_rows_only_by_the_graphs_own_limit(settings, works):
    # The table pages through every row, so the query shown must not cap them either.
    assert "LIMIT" not in show_sparql(works, settings=settings)[0]
    limited = load_graph(works).model_copy(update={"limit": 3}).model_dump(mode="json")
    assert show_sparql(limited, settings=settings)[0].rstrip().endswith("LIMIT 3")


def test_the_shown_query_applied_back_leaves_the_graph_as_it_was(settings, sample, works):
    # Reading the shown query back must not pin a row cap (or anything else) on the graph.
    limited = load_graph(works).model_copy(update={"limit": 3}).model_dump(mode="json")
    for graph in (works, limited):
        query = show_sparql(graph, settings=settings)[0]
        assert apply_sparql(1, query, graph, None, sample, settings=settings) == (no_update, no_update, "No change.")
    unlimited = show_sparql(limited, settings=settings)[0].replace("LIMIT 3", "")
    applied, _, message = apply_sparql(1, unlimited, limited, None, sample, settings=settings)
    assert message == "Applied to the graph." and load_graph(applied).limit is None


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

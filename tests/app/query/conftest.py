"""Helpers shared by the query-layer tests."""

from __future__ import annotations

import pytest


def _rows(results) -> list[tuple]:
    return sorted(tuple(sorted((k, v["value"]) for k, v in b.items())) for b in results.bindings)


@pytest.fixture(scope="session")
def rows_of():
    """``rows_of(results)``: the rows as sorted (variable, value) tuples, to compare two engines' answers."""
    return _rows

"""Partial dates: what may be typed, and the range a year or a month stands for."""

from __future__ import annotations

import pytest

from app.graph.dates import date_bounds, date_problem
from ontology_loaders.vocab import XSD


@pytest.mark.parametrize(("text", "datatype", "bounds"), [
    ("1990", "date", ("1990-01-01", "1991-01-01")),
    ("1990-02", "date", ("1990-02-01", "1990-03-01")),
    ("1999-12", "date", ("1999-12-01", "2000-01-01")),
    ("1990", "dateTime", ("1990-01-01T00:00:00", "1991-01-01T00:00:00")),
    ("2024-02-29", "dateTime", ("2024-02-29T00:00:00", "2024-03-01T00:00:00")),
    ("1990", "gYearMonth", ("1990-01", "1991-01")),
    ("1990-05-03", "date", None),
    ("1990-05-03T10:00:00Z", "dateTime", None),
    ("1990", "gYear", None),
    ("1990", "string", None),
])
def test_a_partial_date_is_a_half_open_range(text, datatype, bounds):
    assert date_bounds(text, XSD + datatype) == bounds


@pytest.mark.parametrize(("text", "datatype", "problem"), [
    ("1990-13", "date", "month 13 does not exist"),
    ("1990-02-30", "date", "day 30 does not exist"),
    ("2023-02-29", "dateTime", "day 29 does not exist"),
    ("1990-05", "gYear", "use YYYY"),
    ("1990-05-03T10:00", "dateTime", "use YYYY, YYYY-MM, YYYY-MM-DD or YYYY-MM-DDThh:mm:ss"),
    ("1990-05-03T10:00:00", "date", "is not a date"),
    ("May 1990", "date", "is not a date"),
])
def test_a_value_no_range_can_stand_for_is_refused(text, datatype, problem):
    assert problem in (date_problem(text, XSD + datatype) or "")


@pytest.mark.parametrize("text", ["1990", "1990-05", "1990-05-03", "1990-05-03+02:00", "-0044-03-15"])
def test_dates_that_fit_pass(text):
    assert date_problem(text, XSD + "date") is None and date_problem("anything", XSD + "string") is None

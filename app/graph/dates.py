"""Date values of constraints: what a user may type, and the range a partial date stands for.

A user types ``1990`` or ``1990-05`` for a date attribute and means the whole
year or month. For ``xsd:date``, ``xsd:dateTime`` and ``xsd:gYearMonth`` such a
partial value is a half-open range ``[start, end)``, written in the
attribute's own lexical form; every other value must already be in that form.
"""

from __future__ import annotations

import re
from datetime import date

from ontology_loaders.vocab import XSD

__all__ = ["DATE_DATATYPES", "date_bounds", "date_problem"]

XSD_DATE, XSD_DATETIME = XSD + "date", XSD + "dateTime"
XSD_GYEAR, XSD_GYEARMONTH = XSD + "gYear", XSD + "gYearMonth"
DATE_DATATYPES = frozenset({XSD_DATE, XSD_DATETIME, XSD_GYEAR, XSD_GYEARMONTH})

_PARTIAL = re.compile(r"^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$")
_ZONE = r"(Z|[+-]\d{2}:\d{2})?"
_FULL = {
    XSD_DATE: re.compile(rf"^-?\d{{4,}}-(\d{{2}})-(\d{{2}}){_ZONE}$"),
    XSD_DATETIME: re.compile(rf"^-?\d{{4,}}-(\d{{2}})-(\d{{2}})T\d{{2}}:\d{{2}}:\d{{2}}(\.\d+)?{_ZONE}$"),
    XSD_GYEAR: re.compile(rf"^-?\d{{4,}}{_ZONE}$"),
    XSD_GYEARMONTH: re.compile(rf"^-?\d{{4,}}-(\d{{2}}){_ZONE}$"),
}
# How much of YYYY-MM-DD each datatype takes as a whole value; anything shorter is a range.
_PARTS = {XSD_DATE: 3, XSD_DATETIME: 4, XSD_GYEAR: 1, XSD_GYEARMONTH: 2}
_FORMS = {XSD_DATE: "YYYY, YYYY-MM or YYYY-MM-DD", XSD_DATETIME: "YYYY, YYYY-MM, YYYY-MM-DD or YYYY-MM-DDThh:mm:ss",
          XSD_GYEAR: "YYYY", XSD_GYEARMONTH: "YYYY or YYYY-MM"}


def _partial(text: str, datatype: str) -> tuple[int, int | None, int | None] | None:
    """Year, month and day of a value shorter than the datatype's whole form; ``None`` otherwise."""
    match = _PARTIAL.match(text)
    if match is None:
        return None
    year, month, day = int(match[1]), match[2] and int(match[2]), match[3] and int(match[3])
    given = 1 + (month is not None) + (day is not None)
    if given >= _PARTS[datatype]:
        return None
    return year, month, day


def date_problem(text: str, datatype: str | None) -> str | None:
    """Why ``text`` cannot be a value of the date datatype ``datatype``; ``None`` when it can.

    >>> date_problem("1990", XSD + "date") is None, date_problem("1990-13", XSD + "date")
    (True, "'1990-13' is not a date: month 13 does not exist")
    >>> date_problem("1990-05", XSD + "gYear")
    "'1990-05' is not a year: use YYYY"
    """
    if datatype not in DATE_DATATYPES:
        return None
    what = "a year" if datatype == XSD_GYEAR else "a date"
    parts = _partial(text, datatype)
    full = _FULL[datatype].match(text)
    if parts is None and full is None:
        return f"{text!r} is not {what}: use {_FORMS[datatype]}"
    if parts is not None:
        year, month, day = parts
    else:
        year = 2000  # a leap year: the year of a whole value is not checked here
        month = int(full[1]) if datatype != XSD_GYEAR else None
        day = int(full[2]) if datatype in (XSD_DATE, XSD_DATETIME) else None
    if month is not None and not 1 <= month <= 12:
        return f"{text!r} is not {what}: month {month} does not exist"
    if day is not None:
        try:
            date(max(year, 1), month or 1, day)
        except ValueError:
            return f"{text!r} is not {what}: day {day} does not exist in that month"
    return None


def date_bounds(text: str, datatype: str | None) -> tuple[str, str] | None:
    """``(start, end)`` in ``datatype``'s lexical form when ``text`` is a partial date; else ``None``.

    >>> date_bounds("1990", XSD + "date")
    ('1990-01-01', '1991-01-01')
    >>> date_bounds("1990-12", XSD + "dateTime")
    ('1990-12-01T00:00:00', '1991-01-01T00:00:00')
    >>> date_bounds("1990-05-03", XSD + "date") is None
    True
    """
    if datatype not in DATE_DATATYPES or date_problem(text, datatype) is not None:
        return None
    parts = _partial(text, datatype)
    if parts is None:
        return None
    year, month, day = parts
    try:
        if day is not None:
            start = date(year, month, day)
            end = date.fromordinal(start.toordinal() + 1)
        elif month is not None:
            start = date(year, month, 1)
            end = date(year + month // 12, month % 12 + 1, 1)
        else:
            start, end = date(year, 1, 1), date(year + 1, 1, 1)
    except (ValueError, OverflowError):  # year 0 or past 9999: left to the lexical check
        return None
    return _lexical(start, datatype), _lexical(end, datatype)


def _lexical(day: date, datatype: str) -> str:
    if datatype == XSD_GYEARMONTH:
        return f"{day.year:04d}-{day.month:02d}"
    text = f"{day.year:04d}-{day.month:02d}-{day.day:02d}"
    return text + "T00:00:00" if datatype == XSD_DATETIME else text

"""Dates said from today: "last year", "this month", "in the last two years", "over the past 6 months".

Each becomes the day bounds of that span, counted from the day the question is asked, so "orders placed
last year" asked in 2026 bounds the order date to 2025. English only; no ontology is named here.
"""

from __future__ import annotations

import calendar
import datetime
import re

from app.nl.words import NUMBER_WORDS

__all__ = ["relative_date_bounds"]

_COUNT = r"(\d{1,3}|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + ")"
# "in the last two years", "over the past 6 months", "within the last year": from that long ago until today
_RECENT = re.compile(rf"\b(?:in|during|over|within|for)\s+the\s+(?:last|past|previous)\s+(?:{_COUNT}\s+)?"
                     r"(years?|months?|weeks?|days?)\b(?!\s+of\b)", re.I)  # "the last year of the war" is no span
# "last year", "this month", "next year": that calendar span
_CALENDAR = re.compile(r"\b(last|previous|this|current|next)\s+(year|month)\b(?!\s+of\b)", re.I)
_SHIFT = {"last": -1, "previous": -1, "this": 0, "current": 0, "next": 1}

Bounds = tuple[tuple[str, str], ...]


def relative_date_bounds(question: str,
                         today: datetime.date | None = None) -> list[tuple[Bounds, tuple[int, int], str]]:
    """``(bounds, character span, words)`` of every date the question says from today.

    >>> day = datetime.date(2026, 11, 27)
    >>> [b for b, _, _ in relative_date_bounds("Which orders were placed last year?", day)]
    [(('>=', '2025-01-01'), ('<=', '2025-12-31'))]
    >>> [b for b, _, _ in relative_date_bounds("projects started in the last two years", day)]
    [(('>=', '2024-11-27'), ('<=', '2026-11-27'))]
    >>> [b for b, _, _ in relative_date_bounds("invoices paid this month", day)]
    [(('>=', '2026-11-01'), ('<=', '2026-11-30'))]
    >>> [b for b, _, _ in relative_date_bounds("hired over the past 6 months", day)]
    [(('>=', '2026-05-27'), ('<=', '2026-11-27'))]
    >>> relative_date_bounds("Who ruled in the last year of the war?", day)
    []
    """
    today = today or datetime.date.today()
    found = []
    for match in _RECENT.finditer(question):
        count = match.group(1)
        n = 1 if count is None else int(count) if count.isdigit() else NUMBER_WORDS[count.lower()]
        start = _back(today, n, match.group(2).lower().rstrip("s"))
        found.append((((">=", start.isoformat()), ("<=", today.isoformat())), match.span(), match.group(0)))
    taken = [span for _, span, _ in found]
    for match in _CALENDAR.finditer(question):
        if any(s <= match.start() < e for s, e in taken):
            continue
        shift, unit = _SHIFT[match.group(1).lower()], match.group(2).lower()
        if unit == "year":
            year = today.year + shift
            first, last = datetime.date(year, 1, 1), datetime.date(year, 12, 31)
        else:
            first = _months_on(today.replace(day=1), shift)
            last = first.replace(day=calendar.monthrange(first.year, first.month)[1])
        found.append((((">=", first.isoformat()), ("<=", last.isoformat())), match.span(), match.group(0)))
    return sorted(found, key=lambda f: f[1])


def _back(today: datetime.date, n: int, unit: str) -> datetime.date:
    if unit == "day":
        return today - datetime.timedelta(days=n)
    if unit == "week":
        return today - datetime.timedelta(weeks=n)
    return _months_on(today, -n * (12 if unit == "year" else 1))


def _months_on(day: datetime.date, months: int) -> datetime.date:
    """The same day ``months`` later (earlier when negative), or the month's last day where it has no such day."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    return day.replace(year=year, month=month + 1, day=min(day.day, calendar.monthrange(year, month + 1)[1]))

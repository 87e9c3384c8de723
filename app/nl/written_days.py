"""Days as people write them, "on 4 July 1950", "before March 3rd, 2021", "due 2024-03-01", read as the ISO day
they name."""

from __future__ import annotations

import datetime
import re

from app.nl.words import MONTHS

__all__ = ["DATE_BOUNDS", "DAY_OF_MONTH", "written_days"]

# The words that bound a date, and how: "after 2020", "since March 2024", "due before 2024-03-01".
DATE_BOUNDS = ((r"after|later\s+than", ">"), (r"since", ">="), (r"before|earlier\s+than|prior\s+to", "<"),
               (r"until|up\s+to", "<="))
# "4", "3rd": a day of a month as written
DAY_OF_MONTH = r"\d{1,2}(?:st|nd|rd|th)?"
_MONTH = "(" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"  # the same, its number caught
_FORMS = tuple(
    (re.compile(rf"\b(?:{words})\s+(?:{form})\b", re.I), op, order)
    for words, op in (*DATE_BOUNDS, ("on", "="))
    for form, order in ((rf"(?:the\s+)?{_DAY}(?:\s+of)?\s+{_MONTH},?\s+(\d{{4}})", "dmy"),
                        (rf"{_MONTH}\s+{_DAY},?\s+(\d{{4}})", "mdy"),
                        (r"(\d{4})-(\d{2})-(\d{2})", "ymd")))


def written_days(question: str) -> list[tuple[str, str | None, tuple[int, int], str]]:
    """Each day written out or in ISO form, bounded as its preposition says: (op, ISO day, span, words). A day
    that cannot exist has None for its day: it bounds nothing, not even its year.

    >>> [(op, day) for op, day, _, _ in written_days("born on 4 July 1950, died before March 3rd, 2021")]
    [('=', '1950-07-04'), ('<', '2021-03-03')]
    >>> [day for _, day, _, _ in written_days("on the 1st of May 1990, on 31 February 1990, on May 1990")]
    ['1990-05-01', None]
    >>> [(op, day) for op, day, _, _ in written_days("due before 2024-03-01, since 2023-02-30")]
    [('<', '2024-03-01'), ('>=', None)]
    """
    found = []
    for pattern, op, order in _FORMS:
        for match in pattern.finditer(question):
            day, month, year = {"dmy": match.groups(), "mdy": (match[2], match[1], match[3]),
                                "ymd": (match[3], match[2], match[1])}[order]
            try:
                iso = datetime.date(int(year), int(month) if month.isdigit() else MONTHS[month.lower()],
                                    int(day)).isoformat()
            except ValueError:
                iso = None
            found.append((op, iso, match.span(), match.group(0)))
    return sorted(found, key=lambda day: day[2])

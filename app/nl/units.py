"""A number said in one unit, compared with an attribute that holds another: "audiobooks longer than ten
hours" against a "duration (minutes)" is more than 600.

An attribute's unit is read from its label, where ontologies put it in parentheses ("weight (kg)",
"height (cm)"); the question's from the word after the number. Only units of one kind are converted
(a length never becomes a time); an attribute whose label says no unit is compared as said.
"""

from __future__ import annotations

import re

__all__ = ["in_unit_of_label", "same_unit", "unit_after"]

# Each unit word, with its kind and its size in the kind's base unit.
_UNITS: dict[str, tuple[str, float]] = {}
for _kind, _table in (
    ("time", {"s": 1, "sec": 1, "second": 1, "seconds": 1, "m": 60, "min": 60, "mins": 60, "minute": 60,
              "minutes": 60, "h": 3600, "hour": 3600, "hours": 3600, "day": 86400, "days": 86400}),
    ("length", {"mm": 0.001, "millimetre": 0.001, "millimetres": 0.001, "millimeter": 0.001, "millimeters": 0.001,
                "cm": 0.01, "centimetre": 0.01, "centimetres": 0.01, "centimeter": 0.01, "centimeters": 0.01,
                "metre": 1, "metres": 1, "meter": 1, "meters": 1, "km": 1000, "kilometre": 1000,
                "kilometres": 1000, "kilometer": 1000, "kilometers": 1000}),
    ("mass", {"g": 0.001, "gram": 0.001, "grams": 0.001, "kg": 1, "kilogram": 1, "kilograms": 1, "kilo": 1,
              "kilos": 1, "t": 1000, "tonne": 1000, "tonnes": 1000, "ton": 1000, "tons": 1000}),
):
    for _word, _size in _table.items():
        _UNITS[_word] = (_kind, float(_size))
# "m" is minutes in a duration's label and metres in a question ("2 m"): a label's "m" is read by its kind
_LENGTH_M = ("length", 1.0)


def unit_after(text: str) -> str | None:
    """The unit word that starts ``text`` ("hours long" → "hours"), or None.

    >>> unit_after(" hours long"), unit_after(" meters."), unit_after(" books")
    ('hours', 'meters', None)
    """
    found = re.match(r"\s*([^\W\d_]+)", text)
    word = found.group(1).lower() if found else ""
    return word if word in _UNITS and word != "m" else None


def _label_unit(label: str, said_kind: str | None = None) -> tuple[str, float] | None:
    inside = re.search(r"\(([^)]*)\)\s*$", label)
    word = inside.group(1).strip().lower() if inside else ""
    if word == "m" and said_kind == "length":
        return _LENGTH_M
    return _UNITS.get(word)


def same_unit(unit: str, label: str) -> bool:
    """Whether the attribute labelled ``label`` holds values in ``unit`` ("200 cm" and "height (cm)").

    >>> same_unit("cm", "height (cm)"), same_unit("centimetres", "height (cm)"), same_unit("meters", "height (cm)")
    (True, True, False)
    """
    said = _UNITS.get(unit)
    return said is not None and _label_unit(label, said[0]) == said


def in_unit_of_label(value: float, unit: str | None, label: str) -> float:
    """``value`` said in ``unit``, in the unit the attribute's label names; as said when either is unknown.

    >>> in_unit_of_label(10, "hours", "duration (minutes)"), in_unit_of_label(2, "meters", "height (cm)")
    (600, 200)
    >>> in_unit_of_label(2, "meters", "height"), in_unit_of_label(5, "kg", "duration (minutes)")
    (2, 5)
    """
    said = _UNITS.get(unit or "")
    held = _label_unit(label, said[0] if said else None)
    if said is None or held is None or said[0] != held[0]:
        return value
    converted = round(value * said[1] / held[1], 6)
    return int(converted) if converted == int(converted) else converted

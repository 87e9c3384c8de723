"""The System Usability Scale (Brooke 1996): ten statements, five answers each, one 0–100 score."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["SUS_ITEMS", "SUS_LABELS", "SUS_SCALE", "sus_score"]

#: Brooke's wording, with "system" as in the original questionnaire.
SUS_ITEMS: tuple[str, ...] = (
    "I think that I would like to use this system frequently.",
    "I found the system unnecessarily complex.",
    "I thought the system was easy to use.",
    "I think that I would need the support of a technical person to be able to use this system.",
    "I found the various functions in this system were well integrated.",
    "I thought there was too much inconsistency in this system.",
    "I would imagine that most people would learn to use this system very quickly.",
    "I found the system very cumbersome to use.",
    "I felt very confident using the system.",
    "I needed to learn a lot of things before I could get going with this system.",
)

SUS_SCALE: tuple[int, ...] = (1, 2, 3, 4, 5)
#: Labels of the scale's ends and middle, keyed by answer.
SUS_LABELS: dict[int, str] = {
    1: "Strongly disagree",
    2: "Disagree",
    3: "Neither agree nor disagree",
    4: "Agree",
    5: "Strongly agree",
}


def sus_score(answers: Sequence[int]) -> float:
    """The SUS score: odd items minus 1, 5 minus even items, the sum times 2.5.

    Odd items are worded positively and even items negatively, hence the two rules.

    >>> sus_score([5, 1, 5, 1, 5, 1, 5, 1, 5, 1])
    100.0
    >>> sus_score([3] * 10)
    50.0
    >>> sus_score([4, 2, 4, 2, 4, 2, 4, 2, 4, 2])
    75.0
    >>> sus_score([3] * 9)
    Traceback (most recent call last):
    ...
    ValueError: SUS needs exactly 10 answers, got 9
    >>> sus_score([3] * 9 + [6])
    Traceback (most recent call last):
    ...
    ValueError: SUS answer 10 must be one of 1-5, got 6
    """
    answers = list(answers)
    if len(answers) != len(SUS_ITEMS):
        raise ValueError(f"SUS needs exactly {len(SUS_ITEMS)} answers, got {len(answers)}")
    for number, answer in enumerate(answers, start=1):
        # bool is an int subclass; True is not an answer.
        if isinstance(answer, bool) or not isinstance(answer, int) or answer not in SUS_SCALE:
            raise ValueError(f"SUS answer {number} must be one of 1-5, got {answer!r}")
    total = sum(a - 1 if number % 2 else 5 - a for number, a in enumerate(answers, start=1))
    return total * 2.5

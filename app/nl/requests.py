"""Requests that are not questions about the data: "tell me a joke about librarians", "a pizza place near me",
"why is the sky blue", "sing me a song", "turn off the lights", "are you a robot".

A knowledge graph holds things and their relations; it writes no jokes and does not know
where the user is. Such a request may still name a class ("librarians"), and answering it
with every librarian would be a confident answer to another question. English, not any
ontology: the request's own noun (the joke) must be a thing the question's mentions cover.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from app.nl.mention_types import Mention

__all__ = ["asks_for_something_else", "may_ask_for_something_else"]

_REQUEST_VERBS = frozenset({"tell", "give", "write", "recommend", "suggest", "find", "show", "make", "sing", "draw",
                            "compose", "book", "order", "send", "translate", "explain"})
# Requests to make or do something, never to look something up: "sing me a song" asks for no song of the data.
# An assistant's chores, which no word of a question about the data opens with: "turn off the lights", "remind
# me to call", "convert 10 miles".
_CHORES = frozenset({"sing", "draw", "cook", "bake", "play", "turn", "set", "remind", "convert", "summarize",
                     "summarise", "call", "schedule", "wake", "buy", "pay", "remember", "install", "download",
                     "translate", "explain", "compose"})
# ... and these, which are nouns as often ("book", "order"), only with "me" or an article after them.
_MAKING_VERBS = _CHORES | {"write", "book", "order", "send"}
# "Can you list …", "do you know who …": a request to look something up, the rest of which is the question.
_LOOKING_UP = frozenset({"tell", "show", "list", "give", "find", "name", "get", "count", "know", "search", "look",
                         "fetch", "return", "display", "identify", "enumerate", "please", "see"})
_AUXILIARIES = frozenset({"are", "am", "do", "can", "could", "would", "will", "did", "have", "were", "should",
                          "shall"})
# "Which is better, cats or dogs": an opinion.
_OPINIONS = frozenset({"better", "worse", "nicer", "cooler", "prettier"})
_FORECASTS = [[wh, "will"] for wh in ("who", "what", "which", "when", "where", "how")]
_ARTICLES = frozenset({"a", "an", "some", "any", "one"})
_DESCRIBING = frozenset({"good", "nice", "great", "best", "cheap", "funny", "short", "quick", "new", "little",
                         "nearby", "local", "decent", "fun", "cool", "random", "famous", "real"})
_NOT_THINGS = frozenset({"list", "number", "table", "count", "overview", "few", "couple", "lot"})
_WHERE_THE_USER_IS = (("near", "me"), ("around", "me"), ("close", "to", "me"), ("near", "here"), ("nearest", "me"),
                      ("my", "house"), ("my", "home"), ("my", "place"), ("my", "location"), ("from", "here"))
# A time told from now is a forecast or a plan: "what will the stock market do next week", "rain tomorrow".
_WHEN_THE_USER_IS = (("tomorrow",), ("tonight",), ("next", "week"), ("next", "month"), ("this", "evening"),
                     ("right", "now"))
# Life's great questions, which no data answers, though a name may hold the same words ("the meaning of Life").
_LIFES_QUESTIONS = (("meaning", "of", "life"), ("purpose", "of", "life"), ("meaning", "of", "it", "all"),
                    ("meaning", "of", "existence"))


def _requested_noun(lowered: Sequence[str]) -> int | None:
    """Where the noun of "tell me a (good) joke …" stands, or None when the question is no such request."""
    if not lowered or lowered[0] not in _REQUEST_VERBS:
        return None
    position = 1
    if position < len(lowered) and lowered[position] in ("me", "us"):
        position += 1
    if position >= len(lowered) or lowered[position] not in _ARTICLES:
        return None
    position += 1
    while position < len(lowered) and lowered[position] in _DESCRIBING:
        position += 1
    return position if position < len(lowered) else None


def _never_a_query(tokens: Sequence[str]) -> bool:
    """A reason, an opinion, a forecast, the user's own place or time, words to the assistant or an errand for
    it: whatever things the question names, no query of the data answers it."""
    lowered = [t.lower() for t in tokens]
    return _asks_why(lowered) or _unanswerable_by_data(tokens) or _to_the_assistant(lowered) or _a_chore(lowered)


def _unanswerable_by_data(tokens: Sequence[str]) -> bool:
    """The asker's own place or time, or life's great questions; a name's words are none ("the Tonight Show").

    >>> [_unanswerable_by_data(q.split()) for q in ("Will it rain tonight", "Who hosts the Tonight Show")]
    [True, False]
    """
    said = [t.lower() if i == 0 or not t[:1].isupper() else t for i, t in enumerate(tokens)]
    text = f" {' '.join(said)} "
    return any(f" {' '.join(words)} " in text for words in _WHERE_THE_USER_IS + _WHEN_THE_USER_IS + _LIFES_QUESTIONS)


def _to_the_assistant(lowered: Sequence[str]) -> bool:
    """"Are you a robot?", "Can you write a poem?", "How are you?", "What should I name my dog?": said to the
    assistant, or of the asker's own life, not asked of the data.

    "Can you list …" and "Do you know who …" ask to look something up, and stay questions.

    >>> _to_the_assistant("can you write a poem".split()), _to_the_assistant("could you list all films".split())
    (True, False)
    """
    if "your" in lowered:
        return True  # "What's your favourite colour?"
    for position, word in enumerate(lowered[:3]):
        if word in ("you", "i") and position and lowered[position - 1] in _AUXILIARIES:
            return (lowered[position + 1] if position + 1 < len(lowered) else "") not in _LOOKING_UP
    return False


def _a_chore(lowered: Sequence[str]) -> bool:
    """"Turn off the lights", "Play some relaxing music", "Please set an alarm": an errand for an assistant."""
    words = lowered[1:] if lowered[:1] == ["please"] else lowered
    return bool(words) and words[0] in _CHORES


def _asks_why(lowered: Sequence[str]) -> bool:
    """"Why is the sky blue?": a reason, which no graph of things and links holds; "which is better": an
    opinion; "who will win": a forecast."""
    return bool(lowered) and (lowered[0] == "why" or lowered[:2] in _FORECASTS or (
        lowered[0] in ("which", "what", "who") and lowered[1:2] in (["is"], ["are"]) and
        bool(_OPINIONS & set(lowered[2:4]))))


def may_ask_for_something_else(tokens: Sequence[str]) -> bool:
    """The cheap test, before any mention is looked for."""
    return _never_a_query(tokens) or _requested_noun([t.lower() for t in tokens]) is not None


def asks_for_something_else(tokens: Sequence[str], mentions: Callable[[], Sequence[Mention]]) -> bool:
    """Whether the question asks for something a knowledge graph cannot give.

    ``mentions()`` gives the things the question names (called only when needed).

    >>> from app.nl.mention_types import Mention
    >>> librarians = [Mention(6, 7, "librarians", "class", class_iri="ex:Librarian")]
    >>> asks_for_something_else("tell me a joke about librarians".split(), lambda: librarians)
    True
    >>> asks_for_something_else("give me a librarian who works in Oslo".split(),
    ...                         lambda: [Mention(3, 4, "librarian", "class", class_iri="ex:Librarian")])
    False
    >>> asks_for_something_else("give me a list of librarians".split(), lambda: librarians)
    False
    >>> asks_for_something_else("sing me a song".split(), lambda: [Mention(3, 4, "song", "class", class_iri="ex:Song")])
    True
    """
    if _never_a_query(tokens):
        return True
    lowered = [t.lower() for t in tokens]
    noun = _requested_noun(lowered)
    if noun is None or lowered[noun] in _NOT_THINGS:
        return False
    return lowered[0] in _MAKING_VERBS or not any(m.start <= noun < m.end for m in mentions())

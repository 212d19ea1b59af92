"""How much: amounts in digits or number words ("deal one damage", "draw two cards", "a
card"), signed stats ("+2/+2", "-1/-1"), the mark that pays an ability ("M,", "Mark:"; and
:func:`mark_cost`, the database's "m," written as the card prints it), and what "for each
..." counts ("other Imp in play", "creature you control").
"""

from __future__ import annotations

import re

from .keywords import card_kind
from .parts import part

# -- amounts -------------------------------------------------------------------------------

NUMBER_WORDS = {
    "a single": 1,
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
AMOUNT = r"(?:\d+|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"


@part("amount", str)
def amount(word: str) -> int:
    """A number written in digits or in words ("3", "three", "a")."""
    word = word.strip().lower()
    return NUMBER_WORDS[word] if word in NUMBER_WORDS else int(word)


SIGNED = r"[+-]\d+"
# The cost of an ability paid by marking the card, as the texts write it: "M,", "M", "M:",
# "Mark:" (then the ability, after a space).
MARK = r"(?:M\b[,:]?|Mark ?[,:])"


def signed(text: str) -> int:
    return int(text)


# -- counts ---------------------------------------------------------------------------------

_COUNT = re.compile(
    r"(?P<other>other )?(?P<kind>.+?)"
    r"(?: (?P<where>in play|you control|(?:an opponent|your opponents|opponents) controls?"
    r"|in your graveyard|in your hand|attached to (?:it|me|this creature)"
    r"|in the same city or army|in the same city|in my city or army|in my city))?"
)
_SCOPES = {
    "": "in_play",
    "in play": "in_play",
    "you control": "yours",
    "an opponent controls": "theirs",
    "your opponents control": "theirs",
    "opponents control": "theirs",
    "in your graveyard": "grave",
    "in your hand": "hand",
    "in the same city or army": "here",
    "in the same city": "here",
    "in my city or army": "here",
    "in my city": "here",
}
_KIND = re.compile(r"(?:[a-z]+ ){0,2}[a-z]+")
_NOT_COUNTED = frozenset(
    {"on", "in", "of", "to", "the", "it", "me", "that", "this", "counter", "counters"}
    | {"sacrificed", "damage", "point", "points", "time", "times", "player", "opponent"}
)
# The resource cards of the card's controller, as the texts count them.
_RESOURCES = re.compile(r"resources?(?: cards?)?(?: you (?:control|have|own))?")


@part("count", str)
def count_of(words: str) -> str | None:
    """What "for each ..." (or "the number of ...") counts, as ``Effect.count`` says it:
    "other Imp in play" -> "other_in_play:imp", "enchantment attached to it" ->
    "attached:enchantment", "creature you control" -> "yours:creature", "Orc an opponent
    controls" -> "theirs:orc", "creature card in your graveyard" -> "grave:creature",
    "card in your hand" -> "hand:", "resource card you control" -> "resources:"; plural
    or singular; None for words it cannot count."""
    text = " ".join(words.lower().split())
    if _RESOURCES.fullmatch(text):
        return "resources:"
    m = _COUNT.fullmatch(text)
    if not m:
        return None
    if not _KIND.fullmatch(m["kind"]) or set(m["kind"].split()) & _NOT_COUNTED:
        return None  # "fire counter on me", "sacrificed creature": counted elsewhere
    where = m["where"] or ""
    if where.startswith("attached"):
        kind = card_kind(m["kind"])
        return None if m["other"] or kind is None else f"attached:{kind}"
    scope = _SCOPES[where]
    if scope in ("grave", "hand"):
        if m["other"]:
            return None
        if m["kind"] in ("card", "cards"):
            return f"{scope}:"
        kind = card_kind(re.sub(r" cards?$", "", m["kind"]))
    else:  # "other Gaian card in the same city or army": of any card type
        kind = card_kind(re.sub(r"(?<=[a-z]) cards?$", "", m["kind"]))
    if kind is None:
        return None
    return f"{'other_' if m['other'] else ''}{scope}:{kind}"


_MARK_COST = re.compile(r"(?<![A-Za-z'’])m,(?=\s)")


def mark_cost(text: str) -> str:
    """A card's text with its mark cost as the card prints it: the database writes the
    mark symbol "M," on most cards and "m," on some ("m, Mark two Soldiers..."); the card
    itself shows one symbol."""
    return _MARK_COST.sub("M,", text)

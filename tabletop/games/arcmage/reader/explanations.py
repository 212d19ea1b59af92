"""Explanations of a reading: what a sentence no reader read lacks (:func:`missing`, for
``tabletop coverage``), and how each sentence of a card was read (:class:`Reading`, for
``tabletop explain``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .restrictions import read_restriction

# -- what a sentence lacks ----------------------------------------------------------------------

# The parts the grammar and the rules do not have yet, each with words that show a sentence
# needs it, in the order they are told (``tabletop coverage`` says them for the text it
# leaves to the players). A guide for contributors, not a reading: it never enforces. A
# restriction or a prevention is named only for a sentence ``restrictions`` does not read.
RESTRICTION = "a rule-changing passive or restriction"
MISSING = [
    (
        r"\b(?:when|whenever|if) (?:i|this card|me) (?:die|dies|leave|leaves|am put|"
        r"am destroyed|am in the graveyard|'m in the graveyard)",
        "a trigger: when the card dies or leaves play",
    ),
    (
        r"\bwhenever\b|\bwhen (?:you|a|an|another|any|target|the|enchanted|my)\b|\beach time\b",
        "a trigger: when something else happens",
    ),
    (r"\bat the (?:start|beginning|end) of\b", "a trigger: the start or end of a phase"),
    (
        r"\b(?:target|each|every|any|a|that) (?:player|opponent)s?\b|\bplayers?\b|"
        r"\bopponents?\b|\bhe/she\b",
        "a player as target or object",
    ),
    (r"\bx\b|\bfor each\b|\bas many\b", "an amount the text defines (X, for each)"),
    (r"(?<![+-]\d/[+-]\d )\b(?!\+)[a-z]+ counters?\b", "counters other than +N/+N"),
    (
        r"^(?:sacrifice|discard|remove|pay)\b[^.]*:|\b(?:sacrifice|discard)\b",
        "sacrifice or discard as a cost or an effect",
    ),
    (
        r"\b(?:can't|cannot|can not|can only|only|unless|instead|prevent|prevents|doubled?|"
        r"loses? all|forbidden)\b",
        RESTRICTION,
    ),
]
# Parts told only when none of the above is: a sentence with a trigger the rules lack may
# also name a city or a token, and its trigger is what is missing.
MISSING_ELSE = [
    (r"\btokens?\b", "a token in this wording"),
    (r"\bsearch\b|\breveal\b|\bshuffle\b", "a search or reveal in this wording"),
    (r"\benchant(?:ed|ment)?\b|\battach", "an Enchantment's wording"),
    (r"\bmove\b|\bmoving\b|\bcity\b|\bcities\b|\bresidents?\b", "a city or movement phrase"),
]
_MISSING = [(re.compile(p), why) for p, why in MISSING]
_MISSING_ELSE = [(re.compile(p), why) for p, why in MISSING_ELSE]
UNKNOWN = "a phrase the reader does not know yet"


def missing(text: str) -> list[str]:
    """What the grammar or the rules lack to enforce ``text`` (sentences left to the
    players), each part once, in :data:`MISSING`'s order (else :data:`MISSING_ELSE`'s);
    :data:`UNKNOWN` when no part tells."""
    words = " ".join(text.lower().split())
    for table in (_MISSING, _MISSING_ELSE):
        found = [
            why
            for pattern, why in table
            if pattern.search(words) and (why != RESTRICTION or _unread_restriction(pattern, words))
        ]
        if found:
            return found
    return [UNKNOWN]


def _unread_restriction(pattern: re.Pattern[str], words: str) -> bool:
    """Whether a sentence of ``words`` says a restriction or a prevention no reader of
    them reads (``restrictions``: one the grammar reads lacks something else)."""
    for sentence in re.split(r"(?<=\.)\s+", words):
        if pattern.search(sentence) and not any(
            read_restriction(sentence, static, enchantment) is not None
            for static, enchantment in ((True, False), (True, True), (False, False))
        ):
            return True
    return False


@dataclass(frozen=True)
class Reading:
    """How one sentence of a card was read: by which reader (``""``: by none) into which
    abilities (as the reader gave them, before consecutive sentences are merged), under
    which of a city's Levels (None: none), and whether the card keeps that reading (``kept``:
    a reading the whole text cannot use, such as a city's text outside its Levels, leaves
    the sentence to be played by hand)."""

    words: str
    reader: str
    abilities: list[dict[str, Any]]
    level: int | None = None
    kept: bool = False

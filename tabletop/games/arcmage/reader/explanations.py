"""Explanations of a reading: what a sentence no reader read lacks (:func:`missing`, for
``tabletop coverage``), and how each sentence of a card was read (:class:`Reading`, for
``tabletop explain``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .amounts import count_of
from .costs import read_cost
from .restrictions import read_restriction
from .triggers import AT_TURN, GOES, TRIGGERS

# -- what a sentence lacks ----------------------------------------------------------------------

AMOUNT_DEFINED = "an amount the text defines (X, for each)"
# The amounts a text defines that the grammar reads (``amounts.count_of``): "for each
# <things>", "X is the number of <things>"; an X that one of the latter defines.
_FOR_EACH = re.compile(r"\bfor each ([^.,;:]+?)(?= and |, |[.;:]|$)")
_X_IS = re.compile(r"\b(?:where )?x is (?:equal to )?the number of ([^.,;:]+)")


def _amounts_read(words: str) -> bool:
    """Whether every amount ``words`` define ("for each ...", "X ...") is one the grammar
    counts: then a sentence left unread lacks something else."""
    defined = [m[1] for m in _X_IS.finditer(words)]
    rest = _X_IS.sub(" ", words)
    if defined and not all(count_of(d) for d in defined):
        return False
    if defined:
        rest = re.sub(r"\bx\b", " ", rest)
    counts = [m[1] for m in _FOR_EACH.finditer(rest)]
    if not all(count_of(c) for c in counts):
        return False
    return not re.search(r"\bx\b|\bfor each\b|\bas many\b", _FOR_EACH.sub(" ", rest))


# Parts the engine itself lacks, told alone when a sentence shows one: what else it says
# may be read already, and this is what stands in the way.
MISSING_FIRST = [
    (r'\b(?:gains?|gets?|has|have):\s*"', "an ability given in quotes (a card's text granted)"),
    (
        r"\bwould\b[^.]*\binstead\b",
        'a replacement: what would happen done otherwise ("would ... instead")',
    ),
    (
        r"\bany graveyard\b|\b(?:an opponent's|target player's|each player's|another player's) "
        r"graveyard\b[^.]*\binto (?:play|your army)",
        "a card of another player's graveyard put into play (control apart from ownership)",
    ),
    (
        r"\b(?:i'm|i am|while i am) in (?:the|your|a) graveyard\b|\bon top of me\b",
        "a trigger while the card is in the graveyard",
    ),
    (
        r"\b(?:players?|each player|opponents?|each opponent|you) can only "
        r"(?:have|unmark|control)\b",
        "a limit on what players may have or unmark",
    ),
]
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
    (r"\bx\b|\bfor each\b|\bas many\b", AMOUNT_DEFINED),
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
# The openings of a sentence the parts read (a turn starting or ending, another card
# going, the card blocked, blocking or moved, a cost before the colon): what a sentence
# lacks is in the words after them.
_OWN = "|".join(
    re.escape(w) for w, when in TRIGGERS.items() if when in ("blocked", "block", "moved")
)
_HEADS = [
    re.compile(p + r"\s*", re.IGNORECASE)
    for p in (AT_TURN, GOES, rf"When(?:ever)? I(?: |(?=['’]))(?:{_OWN}),?")
]
_MISSING_FIRST = [(re.compile(p), why) for p, why in MISSING_FIRST]
_MISSING = [(re.compile(p), why) for p, why in MISSING]
_MISSING_ELSE = [(re.compile(p), why) for p, why in MISSING_ELSE]
UNKNOWN = "a phrase the reader does not know yet"


def missing(text: str) -> list[str]:
    """What the grammar or the rules lack to enforce ``text`` (sentences left to the
    players), each part once: what the engine lacks (:data:`MISSING_FIRST`), else the
    grammar's parts in :data:`MISSING`'s order (else :data:`MISSING_ELSE`'s);
    :data:`UNKNOWN` when no part tells."""
    words = _unread_part(" ".join(text.split())).lower()
    for table in (_MISSING_FIRST, _MISSING, _MISSING_ELSE):
        found = [
            why
            for pattern, why in table
            if pattern.search(words)
            and not (why == AMOUNT_DEFINED and _amounts_read(words))
            and (why != RESTRICTION or _unread_restriction(pattern, words))
        ]
        if found:
            return found
    return [UNKNOWN]


def _unread_part(text: str) -> str:
    """A sentence without the trigger or the cost it opens with that the parts read ("When
    another creature dies, ...", "M, Sacrifice a Goblin: ...")."""
    for head in _HEADS:
        m = head.match(text)
        if m:
            return text[m.end() :]
    cost, colon, rest = text.partition(":")
    cost = re.sub(r"^(?:M|Mark)\b,?\s*", "", cost, flags=re.IGNORECASE)
    if colon and cost and read_cost(cost) is not None:
        return rest.strip()
    return text


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
    # the parts of the grammar that read it (``parts.Part``), outer parts first
    parts: tuple[Any, ...] = ()

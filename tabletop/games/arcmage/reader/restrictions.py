"""Restrictions and prevention, composed of a subject (a reach), a "cannot" and what it
forbids, or a shield, and how long it lasts: "Target creature cannot block this turn.",
"Opposing creatures with flying cannot block.", "I can't be blocked by Goblins.", "I can
only be blocked by creatures with ranged.", "I don't unmark during your unmark phase.",
"Creatures cannot move into or out of target city this turn.", "All movement to or from my
city is forbidden." (``Effect`` ``forbid``, ``freeze``); "Prevent the next 3 damage that
would be dealt to target creature this turn.", "Prevent all damage dealt to me by
creatures without flying." (``Effect`` ``prevent``). :func:`read_restriction` reads a
sentence of them, as a passive or as a one-off, ``None`` for words it cannot read.

A restriction is a ``forbid``: no keyword, grant or "can" lifts it ("No, not, can't etc.
always outweigh can"). A one-off one says how long it lasts ("this turn", "until end of
turn", "until your next turn"); a passive one holds while its card is in play.
"""

from __future__ import annotations

import re

from ..abilities import Effect
from .amounts import AMOUNT, amount
from .keywords import card_kind, keyword
from .parts import one_of, part
from .reaches import _KEYWORD_WORDS, Reach, _for_cards, reach

_NOT = r"(?:can't|cannot|can not|may not|doesn't|does not|don't|do not)"
# How long a one-off restriction or shield lasts (``Effect.until``).
_DURATIONS = {
    "this turn": "",
    "until end of turn": "",
    "until the end of the turn": "",
    "until the end of this turn": "",
    "until your next turn": "next_turn",
    "until the start of your next turn": "next_turn",
    "until the beginning of your next turn": "next_turn",
}
_DURATION = one_of(_DURATIONS)
_LASTS = re.compile(rf"(?:(?P<pre>{_DURATION}),? (?P<rest>.+)|(?P<body>.+?) (?P<post>{_DURATION}))")
# The condition of a passive, asked each time it matters (``Effect.only_if``).
_CONDITION = re.compile(
    r"(?P<what>.+?),? (?:as long as|while) your army has more creatures than (?:the|that) "
    r"(?:city's|creature's) controller's army"
)
# What a "cannot" forbids, as the texts write the verbs (``abilities.FORBIDS``).
_VERBS = {"attack": "attack", "block": "block", "defend": "block", "move": "move"}
_VERB = "|".join(_VERBS)
_FORBID = re.compile(
    rf"(?P<subj>.+?) {_NOT} (?:"
    rf"(?P<verbs>(?:{_VERB})(?:(?:,| or| and|, or) (?:{_VERB}))*)"
    r"|(?P<blocked>be (?:blocked|defended against)(?: by (?P<by>.+))?)"
    r"|(?P<unmark>unmark during (?:its|their|his|her|my|your|his or her) (?:controller'?s'? )?"
    rf"(?P<next>next )?(?:(?P<un>{AMOUNT}) )?unmark phases?)"
    r"|move (?:in)?to or (?:out of|from) (?P<city>.+))"
)
_ONLY = re.compile(
    r"(?P<subj>.+?) can (?:only be (?:blocked|defended against)|be (?:blocked|defended against)"
    r" only) by (?P<only>.+)"
)
_MOVEMENT = re.compile(
    r"(?:all movement (?:in)?to (?:and|or) (?:out of|from) (?P<city>.+?) is (?:forbidden|"
    r"prohibited)|no creatures? (?:can|may) move (?:in)?to or (?:out of|from) (?P<city2>.+))"
)
_PREVENT = re.compile(
    rf"prevent (?:(?P<all>all)|the next (?P<n>{AMOUNT})|(?P<n2>{AMOUNT})) (?P<combat>combat )?"
    r"damage (?:that would be )?(?:(?:dealt|done) )?(?P<side>to|by) (?P<obj>.+?)"
    r"(?: by (?P<dealer>.+))?"
)
# Creatures of some kinds, with or without a keyword ("creatures without flying").
_WITH = re.compile(rf"(?P<kinds>.+?) (?P<with>with|without) (?P<kw>{_KEYWORD_WORDS})")
# The creature an Enchantment is on, and the city.
_ENCHANTED = frozenset(
    {"enchanted creature", "the enchanted creature", "enchanted city", "the enchanted city"}
)


def kinds_of(words: str) -> str | None:
    """The kinds of card words name, each with a keyword it has or lacks ("creatures with
    flying" -> "creature +flying", "Elves or Goblins without ranged" -> "elf|goblin
    !ranged"), as ``rules.keywords.fits`` reads them; None for words that name no kind."""
    out = []
    for alt in re.split(r",? or ", words):
        m = _WITH.fullmatch(alt)
        kinds = card_kind(m["kinds"] if m else alt)
        if kinds is None:
            return None
        said = (" +" if m["with"] == "with" else " !") + keyword(m["kw"]) if m else ""
        out += [k + said for k in kinds.split("|")]
    return "|".join(out)


def _subject(words: str, static: bool, enchantment: bool) -> Reach | None:
    """Who a restriction or a shield reaches: a reach of cards, a group with a keyword
    ("opposing creatures with flying"), or, an Enchantment's passive, what it is on."""
    if (
        static
        and enchantment
        and (words in _ENCHANTED or words in ("target creature", "target city"))
    ):
        return Reach("target", "city" if "city" in words else "creature")
    r = _for_cards(reach(words))
    if r is None:
        m = _WITH.fullmatch(words)
        r = _for_cards(reach(m["kinds"])) if m else None
        if r is None or r.to in ("target", "self", "home") or not m:
            return None
        said = ("+" if m["with"] == "with" else "!") + keyword(m["kw"])
        subtype = "|".join(f"{alt} {said}".strip() for alt in (r.subtype or "").split("|"))
        return Reach(r.to, subtype=subtype)
    if r.to == "target" and static:
        return None  # a passive's "target" is an Enchantment's creature alone
    if r.to == "about" and static:
        return None  # "that creature": what a one-off ability is about, never a passive's
    return r


def _city(words: str, static: bool, enchantment: bool) -> Reach | None:
    """The city whose movement is forbidden: "target city", "my city", "me" (a city's own)."""
    if words in ("me", "this city"):
        return Reach("self")
    r = _subject(words, static, enchantment)
    if r is None or not (r.to == "home" or (r.to == "target" and "city" in r.target)):
        return None
    return r


@part(
    "restriction",
    lambda got: "/".join(e.do + (f" {e.keyword}" if e.keyword else "") for e in got[1]),
)
def read_restriction(
    sentence: str, static: bool, enchantment: bool = False
) -> tuple[Reach, list[Effect]] | None:
    """What a restriction or a shield forbids or prevents, and whom: as a passive
    (``static``: while the card is in play, no duration said; an ``enchantment``'s reaches
    what it is on) or as a one-off (for the duration it says: this turn, until end of
    turn, until your next turn; a shield said with none lasts this turn). None for words
    that say none."""
    text = " ".join(sentence.strip().rstrip(".").lower().split())
    lasts = _LASTS.fullmatch(text)
    until = None
    if lasts:
        until = _DURATIONS[lasts["pre"] or lasts["post"]]
        text = lasts["rest"] or lasts["body"]
    if static and until is not None:
        return None  # a passive holds while its card is in play
    only_if = ""
    cond = _CONDITION.fullmatch(text)
    if cond:
        if not (static and enchantment):
            return None  # "the city's controller": of the city an Enchantment is on
        text, only_if = cond["what"], "army:more"
    got = _read(text, static, enchantment)
    if got is None:
        return None
    r, effects = got
    if only_if and r.to != "target":
        return None
    if not static and until is None and any(e.do == "forbid" for e in effects):
        return None  # a one-off "cannot" says how long it lasts
    if not static and until is not None and any(e.do == "freeze" for e in effects):
        return None  # the unmark phases it skips are its duration
    update = {k: v for k, v in (("until", until), ("only_if", only_if)) if v}
    return r, [e.model_copy(update=update) for e in effects]


def _read(text: str, static: bool, enchantment: bool) -> tuple[Reach, list[Effect]] | None:
    m = _PREVENT.fullmatch(text)
    if m:
        n = amount(m["n"] or m["n2"]) if not m["all"] else 0
        r = _subject(m["obj"], static, enchantment)
        against = kinds_of(m["dealer"]) if m["dealer"] else ""
        if r is None or against is None or (against and m["side"] != "to") or (static and n):
            return None
        made = Effect(
            do="prevent",
            to=r.to,
            subtype=r.subtype,
            amount=n,
            dealt=m["side"],
            combat=bool(m["combat"]),
            against=against,
        )
        return r, [made]
    m = _MOVEMENT.fullmatch(text)
    if m:
        r = _city(m["city"] or m["city2"], static, enchantment)
        return r and (r, [Effect(do="forbid", to=r.to, keyword="movement")])
    m = _ONLY.fullmatch(text)
    if m:
        r = _subject(m["subj"], static, enchantment)
        unless = kinds_of(m["only"])
        if r is None or not unless or not static:
            return None
        return r, [
            Effect(do="forbid", to=r.to, subtype=r.subtype, keyword="be_blocked", unless=unless)
        ]
    m = _FORBID.fullmatch(text)
    if not m:
        return None
    if m["city"]:  # "creatures cannot move into or out of target city"
        if m["subj"] not in ("creatures", "all creatures", "no creature"):
            return None
        r = _city(m["city"], static, enchantment)
        return r and (r, [Effect(do="forbid", to=r.to, keyword="movement")])
    r = _subject(m["subj"], static, enchantment)
    if r is None or r.to == "home" or "city" in r.target:
        return None
    if m["verbs"]:
        said = dict.fromkeys(_VERBS[v] for v in re.split(r",? (?:or|and) |, ", m["verbs"]))
        return r, [Effect(do="forbid", to=r.to, subtype=r.subtype, keyword=k) for k in said]
    if m["unmark"]:
        if bool(m["next"] or m["un"]) == static:
            return None  # a passive: each unmark phase; a one-off: the next ones
        if static:  # "I don't unmark during your unmark phase"
            return r, [Effect(do="forbid", to=r.to, subtype=r.subtype, keyword="unmark")]
        n = amount(m["un"]) if m["un"] else 1
        return r, [Effect(do="freeze", to=r.to, subtype=r.subtype, amount=n)]
    against = kinds_of(m["by"]) if m["by"] else ""
    if against is None or (against and not static):
        return None  # a one-off holds against every creature, or is not read
    made = Effect(do="forbid", to=r.to, subtype=r.subtype, keyword="be_blocked", against=against)
    return r, [made]

"""What an ability costs besides marking the card, written before a colon ("Remove a fire
counter:", "put a -1/-1 counter on me:", "discard an enchantment card from your hand:",
"discard two cards:", "sacrifice a Goblin:", "sacrifice a resource card:", "sacrifice me:",
"lose 1 defense point on a city:", "pay 2:"), read into the cost fields of
``cards.Ability``.
"""

from __future__ import annotations

import re

from ..abilities import MARKERS
from .amounts import AMOUNT, amount
from .keywords import _NOT_TYPES, card_kind, creature_kinds
from .parts import part

# -- costs ---------------------------------------------------------------------------------

# What an ability costs besides marking the card, written before a colon ("M, Remove a fire
# counter: ...", "M, put a -1/-1 counter on me: ...").
_COST = re.compile(
    rf"remove (?P<rn>{AMOUNT}) (?P<rname>[a-z]+) counters?(?: from (?:me|this card))?"
    rf"|put (?:(?P<sn>{AMOUNT}) -1/-1 counters?)?(?:(?: and )?(?:an?|one) "
    r"(?P<pname>[a-z]+) (?:counter|marker))? on (?:me|myself|this card)"
    rf"|discard (?P<dn>{AMOUNT}) (?P<dkind>[a-z ]+?)(?: from your hand)?"
    r"|sacrifice (?P<self>me|myself|this card)"
    rf"|sacrifice (?P<rsn>{AMOUNT}) resource cards?"
    rf"|sacrifice (?P<xn>{AMOUNT}) (?P<xkind>[a-z ]+?)(?: you control)?"
    rf"|(?:lose (?P<ln>{AMOUNT}) defen[cs]e points? (?:on|of|from) (?:a|one of your) "
    rf"cit(?:y|ies)(?: you control)?|(?:your|a) city (?:you control )?loses (?P<ln2>{AMOUNT}) "
    r"defen[cs]e points?)"
    r"|(?:pay )?(?P<power>\d+)"
)


@part("cost", lambda got: ", ".join(f"{k} {v}" for k, v in got.items()))
def read_cost(words: str) -> dict[str, object] | None:
    """An ability's cost as ``cards.Ability`` fields ("remove a fire counter" ->
    ``cost_counter`` "fire", ``cost_counters`` 1; "put a -1/-1 counter on me" ->
    ``cost_shrink`` 1, "... and a loyalty marker on me" ``cost_put`` "loyalty" too; "discard
    an enchantment card from your hand" -> ``cost_discard`` "enchantment", "discard two
    cards" ``cost_discard`` "card" and ``cost_discards`` 2; "sacrifice two Goblins you
    control" -> ``cost_sacrifice`` "2:goblin"; "sacrifice a resource card" ->
    ``cost_resources`` 1; "sacrifice me" -> ``cost_self``; "lose 1 defense point on a city"
    -> ``cost_defense`` 1; "2" or "pay 2" -> ``cost_power`` 2), or None."""
    said = " ".join(words.strip().split())
    m = _COST.fullmatch(said.lower())
    if not m:
        return None
    if m["rname"]:
        if m["rname"] in _NOT_TYPES or m["rname"] in MARKERS:
            return None
        return {"cost_counter": m["rname"], "cost_counters": amount(m["rn"])}
    if m["dkind"]:  # "discard an enchantment card from your hand", "discard two cards"
        words = re.sub(r" cards?$", "", m["dkind"]) if m["dkind"] not in ("card", "cards") else ""
        kinds = card_kind(words) if words else "card"
        n = amount(m["dn"])
        if not kinds or n > 5:
            return None
        return {"cost_discard": kinds, **({"cost_discards": n} if n > 1 else {})}
    if m["self"]:  # "sacrifice me"
        return {"cost_self": True}
    if m["rsn"]:  # "sacrifice a resource card"
        return {"cost_resources": amount(m["rsn"])}
    if m["xkind"]:  # "sacrifice a creature", "sacrifice two Goblins you control"
        kinds = creature_kinds(m["xkind"])
        start = m.start("xkind")
        # a creature type is written with a capital ("an Orc"): "sacrifice a forest" names
        # no creature
        if kinds is None or (kinds and not said[start].isupper() and "creature" not in kinds):
            return None
        n = amount(m["xn"])
        return {"cost_sacrifice": f"{n}:{kinds or 'creature'}"} if 1 <= n <= 9 else None
    if m["ln"] or m["ln2"]:  # "lose 1 defense point on a city": a city of the player's choice
        return {"cost_defense": amount(m["ln"] or m["ln2"])}
    if m["power"]:
        return {"cost_power": int(m["power"])}
    if not (m["sn"] or m["pname"]):
        return None
    out: dict[str, object] = {"cost_shrink": amount(m["sn"])} if m["sn"] else {}
    if m["pname"]:  # "and a loyalty marker"
        if m["pname"] in _NOT_TYPES or m["pname"] in MARKERS:
            return None
        out["cost_put"] = m["pname"]
    return out

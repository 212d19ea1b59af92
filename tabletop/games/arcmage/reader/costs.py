"""What an ability costs besides marking the card, written before a colon ("Remove a fire
counter:", "put a -1/-1 counter on me:", "discard an enchantment card from your hand:",
"pay 2:"), read into the cost fields of ``cards.Ability``.
"""

from __future__ import annotations

import re

from ..abilities import MARKERS
from .amounts import AMOUNT, amount
from .keywords import _NOT_TYPES, card_kind
from .parts import part

# -- costs ---------------------------------------------------------------------------------

# What an ability costs besides marking the card, written before a colon ("M, Remove a fire
# counter: ...", "M, put a -1/-1 counter on me: ...").
_COST = re.compile(
    rf"remove (?P<rn>{AMOUNT}) (?P<rname>[a-z]+) counters?(?: from (?:me|this card))?"
    rf"|put (?:(?P<sn>{AMOUNT}) -1/-1 counters?)?(?:(?: and )?(?:an?|one) "
    r"(?P<pname>[a-z]+) (?:counter|marker))? on (?:me|myself|this card)"
    r"|discard an? (?P<dkind>[a-z ]+?) from your hand"
    r"|(?:pay )?(?P<power>\d+)"
)


@part("cost", lambda got: ", ".join(f"{k} {v}" for k, v in got.items()))
def read_cost(words: str) -> dict[str, object] | None:
    """An ability's cost as ``cards.Ability`` fields ("remove a fire counter" ->
    ``cost_counter`` "fire", ``cost_counters`` 1; "put a -1/-1 counter on me" ->
    ``cost_shrink`` 1, "... and a loyalty marker on me" ``cost_put`` "loyalty" too; "discard
    an enchantment card from your hand" -> ``cost_discard``
    "enchantment"; "2" or "pay 2" -> ``cost_power`` 2), or None."""
    m = _COST.fullmatch(" ".join(words.strip().lower().split()))
    if not m:
        return None
    if m["rname"]:
        if m["rname"] in _NOT_TYPES or m["rname"] in MARKERS:
            return None
        return {"cost_counter": m["rname"], "cost_counters": amount(m["rn"])}
    if m["dkind"]:  # "discard an enchantment card from your hand"
        words = m["dkind"]
        kinds = "card" if words == "card" else card_kind(words.removesuffix(" card"))
        return {"cost_discard": kinds} if kinds else None
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

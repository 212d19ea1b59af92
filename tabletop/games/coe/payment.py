"""C.O.E's resources and how a cost is paid with them.

"Resources can be individually rested once per turn to play additional cards." A cost is paid
by resting whole resource cards of the cost's type: "When a Resources that is worth 2 or more
is tapped to play a card below its value, the resource is considered completely used", "if you
play a 5 cost card and tap a resource worth 2, you only require 3 more resources". Enchanted
"can also count as Shells or Mana when used as a resource", but "When Arsenal cards refer to
specific resources (like through the use of Pay effects) Enchanted shells cannot be used".

Pure functions on ``Resource`` values, so the rules, the table and the bots ask the same
questions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal, NamedTuple

MANA, SHELLS, ENCHANTED = "mana", "shells", "enchanted"
KINDS = (MANA, SHELLS, ENCHANTED)
Kind = Literal["mana", "shells", "enchanted"]
KIND_NAMES = {MANA: "Mana", SHELLS: "Shells", ENCHANTED: "Enchanted"}
# A cost any type pays ("pay 3 resources", Scenario Pardon): not a type a card is built as.
ANY = "any"


class Resource(NamedTuple):
    """One resource card: its id, the type it was built as, what it is worth, and whether it
    has been rested this turn."""

    card: int
    kind: str
    value: int
    rested: bool = False


def usable(resources: Iterable[Resource], kind: str, named: bool = False) -> list[Resource]:
    """The unrested resources that may pay a cost of ``kind``: of that type, or Enchanted
    unless the cost names its type (``named``: a Pay effect); every type for ``ANY``."""
    return [
        r
        for r in resources
        if not r.rested
        and r.value > 0
        and (
            r.kind == kind
            or kind == ANY
            or (r.kind == ENCHANTED and not named and kind in (MANA, SHELLS))
        )
    ]


def can_pay(resources: Iterable[Resource], kind: str, amount: int, named: bool = False) -> bool:
    if amount <= 0:
        return True
    return sum(r.value for r in usable(resources, kind, named)) >= amount


def choose(
    resources: Sequence[Resource], kind: str, amount: int, named: bool = False
) -> tuple[Resource, ...] | None:
    """The resources to rest for a cost: the least worth lost over the cost, then the fewest
    Enchanted (which could have paid either type), then the fewest cards, then the first
    built. None when they cannot pay; () for a cost of nothing."""
    if amount <= 0:
        return ()
    pool = usable(resources, kind, named)
    if sum(r.value for r in pool) < amount:
        return None
    # Best choice reaching each total (capped at ``amount``: beyond it, more is only lost),
    # over the resources in the order they were built.
    # A total below the cost is its worth, so nothing is lost yet.
    best: dict[int, tuple[tuple[int, int, int, tuple[int, ...]], tuple[Resource, ...]]] = {
        0: ((0, 0, 0, ()), ())
    }
    for i, r in enumerate(pool):
        for total, ((_, enchanted, n, order), chosen) in list(best.items()):
            if total >= amount:
                continue
            reached = total + r.value
            score = (
                max(0, reached - amount),
                enchanted + (r.kind == ENCHANTED),
                n + 1,
                (*order, i),
            )
            key = min(reached, amount)
            held = best.get(key)
            if held is None or score < held[0]:
                best[key] = (score, (*chosen, r))
    found = best.get(amount)
    return None if found is None else found[1]


def lost(chosen: Iterable[Resource], amount: int) -> int:
    """What a payment wastes: the worth of the rested cards above the cost."""
    return max(0, sum(r.value for r in chosen) - amount)


def problem(
    resources: Sequence[Resource],
    chosen: Sequence[int],
    kind: str,
    amount: int,
    named: bool = False,
) -> str | None:
    """Why resting the resources ``chosen`` (card ids) does not pay ``amount`` of ``kind``,
    in the rulebook's words; None if it does. A payment may lose worth on its last card, but
    not rest a card it did not need."""
    by_card = {r.card: r for r in resources}
    if len(set(chosen)) != len(chosen) or any(c not in by_card for c in chosen):
        return "C.O.E: pay with resources from your resource area, each once"
    picked = [by_card[c] for c in chosen]
    if any(r.rested for r in picked):
        return "C.O.E: a resource is rested once per turn; it pays again next turn"
    name = KIND_NAMES.get(kind, "resources of any type")
    for r in picked if kind != ANY else ():
        if r.kind == ENCHANTED and named:
            return f"C.O.E: a cost that names {name} cannot be paid with Enchanted resources"
        if r.kind != kind and r.kind != ENCHANTED:
            return (
                f"C.O.E: resources spent must match the card's resource type ({name}; "
                f"Enchanted counts as either)"
            )
    worth = sum(r.value for r in picked)
    if worth < amount:
        return f"C.O.E: the cost is {amount} {name}; these resources are worth {worth}"
    if any(worth - r.value >= amount for r in picked):
        return "C.O.E: rest only the resources the cost needs (ruling 10)"
    return None

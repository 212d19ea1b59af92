"""ARC-mage's resources and paying: a card's cost, the unmarked resources of each faction,
paying a cost with loyalty by marking them, producing resources, and whether an ability's
cost (resources, a creature to sacrifice) can be paid."""

from __future__ import annotations

from typing import Any

from ....engine import Event, Events, GameState
from ..vocabulary import FACTION_NAMES, faction_word, kinds_words
from .keywords import is_type, statics
from .state import (
    FACTIONS,
    HAND,
    R_COST,
    R_LOYALTY,
    RES,
    A,
    all_creatures,
    card_of,
    cities,
    creatures,
    data,
    name,
    resource_count,
    who,
)

# -- resources and paying -------------------------------------------------------------------------


def pays_x(card: Any) -> bool:
    """Whether an X is paid to play the card: it costs X, or its text lets its player pay X
    more for X more targets (ruling 103)."""
    return card.cost_x or any(a.more_per_x for a in card.abilities)


def cost_of(state: GameState, cid: int, x: int = 0) -> int:
    """A card's cost (with X), less what the owner's passive discounts take off it."""
    card = card_of(state, cid)
    cost = (card.cost or 0) + (x if pays_x(card) else 0)
    if cost:
        owner = state.cards[cid].owner
        for source, e, _anchor in statics(state, "discount"):
            if state.cards[source].owner == owner and is_type(card, e.subtype):
                cost -= e.amount
    return max(0, cost)


def available(state: GameState, seat: int) -> dict[str, int]:
    """Resources the seat can still spend this turn, per faction: produced and unspent,
    plus unmarked resource cards."""
    out = dict(data(state).pool[seat])
    cards = state.cards
    for f in FACTIONS:
        n = sum(1 for c in state.zones[(seat, RES[f])] if not cards[c].turned)
        if n:
            out[f] = out.get(f, 0) + n
    return out


def can_pay(
    state: GameState,
    seat: int,
    cost: int,
    loyalty: int,
    faction: str,
    have: dict[str, int] | None = None,
) -> str | None:
    """Why the seat cannot pay ``cost`` with ``loyalty`` of it in ``faction``, or None
    (``have``: what ``available`` gives, when it is known already)."""
    if have is None:
        have = available(state, seat)
    if sum(have.values()) < cost:
        return f"{R_COST}: it costs {cost} and you have {sum(have.values())}"
    if have.get(faction, 0) < min(loyalty, cost):
        return (
            f"{R_LOYALTY}: {min(loyalty, cost)} of it in {FACTION_NAMES.get(faction, faction)}"
            f" resources, and you have {have.get(faction, 0)}"
        )
    return None


def _spend(state: GameState, seat: int, faction: str, n: int) -> int:
    """Spend up to ``n`` of one faction (produced first, then marking cards); how many."""
    pool = data(state).pool[seat]
    spent = min(n, pool.get(faction, 0))
    if spent:
        pool[faction] -= spent
        if not pool[faction]:
            del pool[faction]
    for c in state.zones[(seat, RES[faction])]:
        if spent >= n:
            break
        inst = state.cards[c]
        if not inst.turned:
            inst.turned = True
            spent += 1
    return spent


def pay(state: GameState, seat: int, cost: int, loyalty: int, faction: str, events: Events) -> None:
    """Pay by marking resource cards (ruling: Tabletop chooses them): the loyalty from the
    card's own faction; the rest one at a time, each from whichever other faction has the
    most left (so as many factions as possible stay open), the card's own faction last;
    resources already produced this turn are spent before cards are marked."""
    own = min(loyalty, cost)
    paid = _spend(state, seat, faction, own) if own else 0
    left = cost - paid
    while left > 0:
        have = available(state, seat)
        others = sorted(
            (f for f in have if have[f] > 0 and f != faction),
            key=lambda f: (-have[f], FACTIONS.index(f)),
        )
        f = others[0] if others else faction
        got = _spend(state, seat, f, 1)
        if not got:
            break
        left -= got
    if cost:
        events.append(Event("pay", f"{who(state, seat)} pays {cost}", seat=seat, value=(cost,)))


def produce(state: GameState, seat: int, faction: str, n: int, events: Events) -> None:
    pool = data(state).pool[seat]
    pool[faction] = pool.get(faction, 0) + n
    events.append(
        Event(
            "info",
            f"{who(state, seat)} produces {n} "
            f"{faction_word(faction)} resource{'s' if n > 1 else ''}",
            seat=seat,
        )
    )


# -- what an ability costs ------------------------------------------------------------------------


def _cost_cards(state: GameState, seat: int, source: int, ability: Any) -> list[int]:
    """The creatures that may be marked to pay an ability's ``cost_mark``, the cards of the
    hand that may be discarded for its ``cost_discard``, the creatures other than its card
    that may be sacrificed for its ``cost_sacrifice`` (ruling 90), or the cities that may
    lose its ``cost_defense``."""
    cards = state.cards
    if ability.cost_discard:
        kinds = "" if ability.cost_discard == "card" else ability.cost_discard
        return [c for c in state.zones[(seat, HAND)] if is_type(cards[c].card, kinds)]
    if ability.cost_sacrifice and ability.when != "play":
        kinds = ability.cost_sacrifice.partition(":")[2]
        return [c for c in creatures(state, seat) if c != source and is_type(cards[c].card, kinds)]
    if ability.cost_defense:
        return list(cities(state, seat))
    return [
        c
        for c in creatures(state, seat)
        if c != source and not cards[c].turned and is_type(cards[c].card, ability.cost_subtype)
    ]


def cost_count(ability: Any) -> int:
    """How many cards an ability's player chooses to pay for it (``_cost_cards``): creatures
    marked or sacrificed, cards discarded, or one city losing defense."""
    if ability.cost_discard:
        return ability.cost_discards
    if ability.cost_sacrifice and ability.when != "play":
        return int(ability.cost_sacrifice.partition(":")[0])
    return 1 if ability.cost_defense else ability.cost_mark


def _price(state: GameState, ability: Any) -> int:
    """Resources an ability's ``pay_per`` asks: one for each card of that name in play."""
    if not ability.pay_per:
        return 0
    return sum(1 for c in all_creatures(state) if state.cards[c].card.name == ability.pay_per)


def _can_pay_ability(state: GameState, seat: int, source: int, ability: Any) -> str | None:
    """Why the seat cannot pay an ability's costs besides marking its card, if it cannot."""
    if ability.cost_resources:
        have = resource_count(state, seat)
        if have < ability.cost_resources:
            return f"{A}: sacrifice {ability.cost_resources} resource cards (you have {have})"
    if ability.cost_mark and len(_cost_cards(state, seat, source, ability)) < ability.cost_mark:
        return (
            f"{A}: mark {ability.cost_mark} unmarked {ability.cost_subtype or 'creature'}"
            "s you control"
        )
    if ability.cost_counters:
        have = state.cards[source].counters.get(ability.cost_counter, 0)
        if have < ability.cost_counters:
            return (
                f"{A}: remove {ability.cost_counters} {ability.cost_counter} "
                f"counter{'s' * (ability.cost_counters > 1)} from {name(state, source)} "
                f"(it has {have})"
            )
    n = cost_count(ability)
    if ability.cost_discard and len(_cost_cards(state, seat, source, ability)) < n:
        kinds = ability.cost_discard
        noun = "card" if kinds == "card" else f"{kinds_words(kinds)} card"
        return f"{A}: discard {_a(noun) if n == 1 else f'{n} {noun}s'} from your hand"
    if ability.cost_sacrifice and ability.when != "play":
        have = len(_cost_cards(state, seat, source, ability))
        kinds = kinds_words(ability.cost_sacrifice.partition(":")[2])
        if have < n:
            return (
                f"{A} (ruling 90): sacrifice {n} {kinds}{'s' * (n > 1)} you control other than "
                f"{name(state, source)} (you have {have})"
            )
    if ability.cost_defense and not _cost_cards(state, seat, source, ability):
        return f"{A} (ruling 91): lose {ability.cost_defense} defense on a city you control"
    price = _price(state, ability) + ability.cost_power
    if price:
        return can_pay(state, seat, price, 0, "none")
    return None


def _a(words: str) -> str:
    return f"{'an' if words[:1].lower() in tuple('aeiou') else 'a'} {words}"

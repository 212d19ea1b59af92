"""EoC's Preparation Phase, its essences and creatures: Summon an Essence (one a turn, hand
to pool), moving essences between the pool and the cards they pay for (the creation cost
always satisfied), and Create a Creature (at most 3, exhausted when first created). Playing
spells is in ``spells``, spell abilities in ``abilities``."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ....engine import Action, Event, Events, GameState, act
from ....engine import abilities as ab
from ..cards import GRAY
from .damage import lends, overwhelmed
from .essence import (
    _pay_problem,
    attach,
    cheapest,
    cost_text,
    essence_pool,
    paid,
    pays,
    supply,
    to_pool,
)
from .state import (
    CREATURES,
    HAND,
    MAX_CREATURES,
    POOL,
    R_ATTACH_TO,
    R_BACK_TO_POOL,
    R_FROM_HAND,
    R_FROM_POOL,
    R_MOVE_ESSENCE,
    R_ONE_ESSENCE,
    R_STAY_PAID,
    R_SUMMON,
    R_THREE,
    SPELLS,
    E,
    P,
    active,
    actives,
    changed,
    creatures,
    data,
    name,
    spells_in_play,
    who,
)

# -- the Preparation Phase ---------------------------------------------------------------------


def _gen_summon(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).summoned[seat]:
        return
    seen = set()
    cards = state.cards
    for cid in state.zones[(seat, HAND)]:
        inst = cards[cid]
        card = inst.card
        if card.type == "essence" and inst.known and card.name not in seen:
            seen.add(card.name)
            yield act(state, "summon", seat, (cid,))


def _check_summon(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets or action.words:
        return f'{E}: summon one Essence card (summon "Essence")'
    inst = state.cards[action.cards[0]]
    if inst.zone != (action.seat, HAND) or inst.card.type != "essence":
        return R_SUMMON
    if data(state).summoned[action.seat]:
        return R_ONE_ESSENCE
    return None


def _exec_summon(state: GameState, action: Action, events: Events) -> None:
    seat, cid = action.seat, action.cards[0]
    data(state).summoned[seat] = True
    state.move(cid, (seat, POOL))
    events.append(
        Event(
            "move",
            f"{who(state, seat)} summons {name(state, cid)} to the Essence Pool",
            seat=seat,
            cards=(cid,),
            value=((seat, HAND), (seat, POOL)),
        )
    )


def hosts(state: GameState, seat: int) -> list[int]:
    """The seat's cards that essences may be attached to: its active creatures and its
    spells on the field."""
    return actives(state, seat) + spells_in_play(state, seat)


def _gen_attach(state: GameState, seat: int) -> Iterator[Action]:
    """The essence moves offered: giving back to the pool an essence a card does not need,
    and attaching an essence of a type from the pool where it frees a Gray one (which could
    then pay anything else). Attaching more than a card needs, or any other exchange, or a
    move straight from card to card, is legal too: the table does it when a player drags
    so, but it is not offered again as a move of its own (nothing it opens is not opened by
    these). Essences of one name in one place are one move."""
    mine = overpaid(state, seat)
    if not mine:
        return
    cards = state.cards
    typed: dict[str, int] | None = None
    for h, spare, have, gray in mine:
        for cid in spare:
            yield act(state, "attach", seat, (cid,), (), ("pool",))
        if gray is None:
            continue
        if typed is None:
            typed = {}
            for cid in state.zones[(seat, POOL)]:
                card = cards[cid].card
                if card.essence != GRAY:
                    typed.setdefault(card.name, cid)
        cost = cards[h].card.cost
        for pid in typed.values():
            p = cards[pid].card
            more = dict(have)
            more[p.essence] = more.get(p.essence, 0) + p.value
            if _frees(cost, more, gray):
                yield act(state, "attach", seat, (pid,), (h,))


Overpaid = tuple[int, tuple[int, ...], dict[str, int], Any]


def overpaid(state: GameState, seat: int) -> tuple[Overpaid, ...]:
    """The seat's active cards paid with more essence than they cost, or with a Gray
    essence, the only cards an essence move is offered from; each with the essences on it
    that may go back to the pool (one of each name), what those on it provide, and its Gray
    essence if it has one. Worked out again only when an essence has been attached or
    returned, or a card destroyed."""
    d = data(state)
    if d.slack[0] != d.paid:
        d.slack = (d.paid, {})
    found = d.slack[1].get(seat)
    if found is None:
        found = d.slack[1][seat] = _overpaid(state, seat)
    return found


def _overpaid(state: GameState, seat: int) -> tuple[Overpaid, ...]:
    cards = state.cards
    mine = []
    for zone in (CREATURES, SPELLS):
        ids = state.zones[(seat, zone)]
        given: dict[int, int] = {}
        grays: set[int] = set()
        for cid in ids:
            inst = cards[cid]
            h = inst.attached_to
            if h is not None:
                card = inst.card
                if card.type == "essence":
                    given[h] = given.get(h, 0) + card.value
                    if card.essence == GRAY:
                        grays.add(h)
        for h, total in given.items():
            # Paid exactly with no Gray on it (most cards): nothing to give back or free.
            if (total <= cards[h].card.value and h not in grays) or (
                zone == CREATURES and not active(state, h)
            ):
                continue
            on = [c for c in ids if cards[c].attached_to == h and cards[c].card.type == "essence"]
            cost = cards[h].card.cost
            have = supply(cards[c].card for c in on)
            spare = []
            seen = set()
            gray = None
            for cid in on:
                card = cards[cid].card
                if card.essence == GRAY:
                    gray = card
                if card.name not in seen:
                    seen.add(card.name)
                    if _frees(cost, have, card):
                        spare.append(cid)
            mine.append((h, tuple(spare), have, gray))
    return tuple(mine)


def _frees(cost: Mapping[str, int], provided: Mapping[str, int], essence: Any) -> bool:
    """Whether ``cost`` stays paid by ``provided`` less ``essence``."""
    less = dict(provided)
    less[essence.essence] -= essence.value
    return pays(cost, less)


def _check_attach(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if (
        len(action.cards) != 1
        or len(action.targets) + len(action.words) != 1
        or (action.words and action.words != ("pool",))
    ):
        return (
            f'{E}: move one essence onto one card, or back to the pool (attach "Essence" -> "Card")'
        )
    cid = action.cards[0]
    inst = state.cards[cid]
    if (
        inst.owner != seat
        or inst.card.type != "essence"
        or inst.zone[1] not in (POOL, CREATURES, SPELLS)
    ):
        return f"{E}, {P}: once active in the Essence Pool, Essence Cards may be moved"
    if action.targets:
        host = action.targets[0]
        if host not in hosts(state, seat):
            return R_ATTACH_TO
        if inst.attached_to == host:
            return (
                f"{R_MOVE_ESSENCE}: {name(state, inst.id)} is attached to "
                f"{name(state, host)} already"
            )
    elif inst.zone[1] == POOL:
        return f"{R_BACK_TO_POOL}: {name(state, inst.id)} is in the Essence Pool already"
    old = inst.attached_to
    if old is not None and not paid(state, old, without=cid):
        return (
            f"{R_STAY_PAID}: {name(state, old)} needs {cost_text(state.cards[old].card.cost)}"
            f" and would be left underpaid"
        )
    return None


def _exec_attach(state: GameState, action: Action, events: Events) -> None:
    seat, cid = action.seat, action.cards[0]
    inst = state.cards[cid]
    src = inst.zone
    old = inst.attached_to
    frm = f" from {name(state, old)}" if old is not None else ""
    if action.targets:
        host = action.targets[0]
        attach(state, cid, host)
        text = f"{who(state, seat)} attaches {name(state, inst.id)}{frm} to {name(state, host)}"
    else:
        to_pool(state, cid)
        text = f"{who(state, seat)} returns {name(state, inst.id)}{frm} to the Essence Pool"
    events.append(Event("move", text, seat=seat, cards=(cid,), value=(src, inst.zone)))


def _gen_create(state: GameState, seat: int) -> Iterator[Action]:
    if len(creatures(state, seat)) >= MAX_CREATURES:
        return
    pool = state.zones[(seat, POOL)]
    if not pool:
        return
    cards = state.cards
    # One of each creature in hand (a hidden card is no creature the seat knows of).
    held = {}
    for c in reversed(state.zones[(seat, HAND)]):
        card = cards[c].card
        if card.type == "creature":
            held[card.name] = c
    if not held:
        return
    have = essence_pool(state, seat)
    for cid in reversed(held.values()):
        cost = cards[cid].card.cost
        if not pays(cost, have.supply):
            continue
        pay = cheapest(state, cost, have)
        if pay is not None:
            yield act(state, "create", seat, (cid, *pay))


def _check_create(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if not action.cards or action.targets or action.words:
        return (
            f'{E}: create one creature with the essences that pay it (create "Creature", '
            '"Essence"...)'
        )
    inst = state.cards[action.cards[0]]
    if inst.zone != (seat, HAND) or inst.card.type != "creature":
        return f"{R_FROM_HAND}: create a Creature Card from your hand"
    if len(creatures(state, seat)) >= MAX_CREATURES:
        return R_THREE
    return _pay_problem(state, seat, inst.card.cost, action.cards[1:], R_FROM_POOL)


def _exec_create(state: GameState, action: Action, events: Events) -> None:
    seat, cid = action.seat, action.cards[0]
    inst = state.cards[cid]
    state.move(cid, (seat, CREATURES))
    changed(state, cid)
    inst.turned = True  # "exhausted when they are first created"
    for e in action.cards[1:]:
        attach(state, e, cid)
    paid_with = ", ".join(name(state, e) for e in action.cards[1:])
    events.append(
        Event(
            "move",
            f"{who(state, seat)} creates {name(state, inst.id)} (paid with "
            f"{paid_with}); it is exhausted this turn",
            seat=seat,
            cards=action.cards,
            value=((seat, HAND), (seat, CREATURES)),
        )
    )
    ab.emit(state, events, ab.ENTERS, cid, seat)
    if lends(state, cid):
        overwhelmed(state, events)

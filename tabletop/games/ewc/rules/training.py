"""The Training Phase (the rulebook's Training Points and Playing Cards): activating a card
in play (turning it 90°) for 1 TP, and putting a card from the hand into play by paying its
cost in TP."""

from __future__ import annotations

from collections.abc import Iterator

from ....engine import Action, Event, Events, GameState, act
from .state import (
    ALLIES,
    FIELD,
    HAND,
    HERO,
    R_ALLY_ALIVE,
    R_COST,
    R_TP_NOT_HERO,
    R_TP_ONCE,
    R_TURNED,
    data,
    holds_ally,
    name,
)

# -- Training: TP and playing cards ----------------------------------------------------------


def _gen_tp(state: GameState, seat: int) -> Iterator[Action]:
    cards = state.cards
    for cid in state.zones[(seat, FIELD)]:
        if not cards[cid].turned:
            yield act(state, "tp", seat, (cid,))


def _check_tp(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets:
        return "EWC: activate one card at a time for TP"
    inst = state.cards[action.cards[0]]
    if inst.zone in ((action.seat, HERO), (action.seat, ALLIES)):
        return R_TP_NOT_HERO
    if inst.zone != (action.seat, FIELD):
        return f"EWC, Training Points: {name(state, inst.id)} is not a card you have in play"
    if inst.turned:
        if inst.id in data(state).for_tp:
            return R_TP_ONCE
        return R_ALLY_ALIVE if holds_ally(state, inst.id) else R_TURNED
    return None


def _exec_tp(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    cid = action.cards[0]
    d = data(state)
    state.cards[cid].turned = True
    d.for_tp.add(cid)
    d.tp[seat] += 1
    events.append(
        Event(
            "turn",
            f"{state.seat_names[seat]} activates {name(state, cid)} for 1 TP ({d.tp[seat]} TP)",
            seat=seat,
            cards=(cid,),
            value=("tp", d.tp[seat]),
        )
    )


def _gen_play(state: GameState, seat: int) -> Iterator[Action]:
    tp = data(state).tp[seat]
    cards = state.cards
    for cid in state.zones[(seat, HAND)]:
        inst = cards[cid]
        if inst.known and inst.card.cost <= tp:
            yield act(state, "play", seat, (cid,))


def _check_play(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets:
        return "EWC: put one card into play at a time"
    inst = state.cards[action.cards[0]]
    if inst.zone != (action.seat, HAND):
        return f"EWC, Playing Cards: {name(state, inst.id)} is not in your hand"
    tp = data(state).tp[action.seat]
    if inst.card.cost > tp:
        return f"{R_COST} ({name(state, inst.id)} costs {inst.card.cost} TP, you have {tp})"
    return None


def _exec_play(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    cid = action.cards[0]
    card = state.cards[cid].card
    d = data(state)
    d.tp[seat] -= card.cost
    state.move(cid, (seat, FIELD))
    events.append(
        Event(
            "move",
            f"{state.seat_names[seat]} puts {card.name} into play for "
            f"{card.cost} TP ({d.tp[seat]} TP left)",
            seat=seat,
            cards=(cid,),
            value=((seat, HAND), (seat, FIELD)),
        )
    )

"""ARC-mage's devotion: the residents that may devote a city, and at the end of Tactics
the Levels the devoted cities reach."""

from __future__ import annotations

from ....engine import Event, Events, GameState
from .keywords import is_type, silenced
from .lifecycle import mark
from .stack import _once
from .state import (
    GRAVE,
    REMOVED,
    card_of,
    cities,
    data,
    home,
    in_play,
    loyalty_marks,
    name,
    residents,
    who,
)
from .triggers import queue, queue_when

# -- devotion ------------------------------------------------------------------------------------


def _devotees(state: GameState, seat: int, city: int) -> list[int]:
    cards = state.cards
    return [c for c in residents(state, city) if cards[c].owner == seat and not cards[c].turned]


def grave_offerings(state: GameState, seat: int, city: int) -> list[int]:
    """The cards of the seat's graveyard it may remove from the game as it devotes to the
    city, their loyalty marks adding to the devotion, if the city's rule lets it ("You may
    remove House of Nobles cards from your graveyard from the game", ruling 68)."""
    card = state.cards[city].card
    kinds = next(
        (
            e.subtype
            for a in card.abilities
            if a.when == "static"
            for e in a.effects
            if e.do == "devote_grave"
        ),
        None,
    )
    if kinds is None:
        return []
    cards = state.cards
    return [c for c in state.zones[(seat, GRAVE)] if is_type(cards[c].card, kinds)]


def _can_devote_any(state: GameState, seat: int) -> bool:
    return any(
        (_devotees(state, seat, c) or grave_offerings(state, seat, c))
        and c not in data(state).devoted
        for c in cities(state, seat)
    )


def _counts_double(state: GameState, cid: int) -> bool:
    """Whether a creature's devotion counts double ("My devotion towards the city counts
    double"), unless it has lost its abilities."""
    card = state.cards[cid].card
    return any(
        e.do == "double_devotion" for a in card.abilities if a.when == "static" for e in a.effects
    ) and not silenced(state, cid)


def finish_devotion(state: GameState, events: Events) -> None:
    d = data(state)
    city, devotees = d.tactic
    d.tactic = None
    if not in_play(state, city):
        return
    seat = state.cards[city].owner
    total = 0
    offered = set(grave_offerings(state, seat, city))
    for r in devotees:
        inst = state.cards[r]
        if r in offered:  # out of the game, its loyalty marks adding to the devotion
            state.move(r, (seat, REMOVED))
            total += inst.card.loyalty or 0
            events.append(
                Event(
                    "info",
                    f"{name(state, r)} leaves {who(state, seat)}'s graveyard for "
                    f"{name(state, city)}'s devotion",
                    seat=seat,
                    cards=(r,),
                )
            )
        elif home(state, r) == city and not inst.turned:
            mark(state, r, events, " (devotion)")
            total += loyalty_marks(state, r) * (2 if _counts_double(state, r) else 1)
            queue_when(state, r, "devote", seat)
    d.devotion[city] = total
    events.append(
        Event(
            "devotion",
            f"{name(state, city)} devotion {total}",
            seat=seat,
            cards=(city,),
            value=(total,),
        )
    )
    levels = sorted(
        (a.level, i)
        for i, a in enumerate(card_of(state, city).abilities)
        if a.when == "level" and a.level <= total
    )
    for level, i in levels:
        ability = card_of(state, city).abilities[i]
        if _once(ability):
            queue(state, city, i, seat)
        else:
            events.append(
                Event(
                    "ability", f"{name(state, city)}: Level {level} holds", seat=seat, cards=(city,)
                )
            )

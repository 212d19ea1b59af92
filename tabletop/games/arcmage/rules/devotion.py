"""ARC-mage's devotion: the residents that may devote a city, and at the end of Tactics
the Levels the devoted cities reach."""

from __future__ import annotations

from ....engine import Event, Events, GameState
from .keywords import silenced
from .lifecycle import mark, queue, queue_when
from .stack import _once
from .state import card_of, cities, data, home, in_play, loyalty_marks, name, residents

# -- devotion ------------------------------------------------------------------------------------


def _devotees(state: GameState, seat: int, city: int) -> list[int]:
    cards = state.cards
    return [c for c in residents(state, city) if cards[c].owner == seat and not cards[c].turned]


def _can_devote_any(state: GameState, seat: int) -> bool:
    return any(
        _devotees(state, seat, c) and c not in data(state).devoted for c in cities(state, seat)
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
    for r in devotees:
        inst = state.cards[r]
        if home(state, r) == city and not inst.turned:
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

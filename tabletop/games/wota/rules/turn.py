"""The setup's last steps and the turn's phases (the rulebook's 3, Game Setup, Steps 4 and 5,
and 4, Turn Structure): a player saying it has placed its cards, the coin for the first
player; the Draw Phase (an empty deck hurts the Mystic Stone), the Main Phase's 3 action
points, and the End Phase, where the statuses of the active player's cards run their course
(5, Status Effects). Steps 2 and 3 (the decks, the opening hands) are the game's
``new_game``, in the package's ``__init__``; the table of phases is in ``phases``."""

from __future__ import annotations

from collections.abc import Iterator

from ....engine import Action, Event, Events, GameState, enter_phase
from ..cards import STATUS_RULES, UNTIL_END_PHASE
from .effects import damage, draw
from .state import (
    AP_PER_TURN,
    DECK,
    NO_DRAW_DAMAGE,
    R_STONE_FIRST,
    SQUARES,
    data,
    name,
    occupant,
    on_board,
    who,
)

# -- setup ------------------------------------------------------------------------------


def _setup_enter(state: GameState, events: Events) -> None:
    state.active = 0


def _coin_enter(state: GameState, events: Events) -> None:
    """ "Decide who goes first through ... a coin flip": heads, Player 1 goes first."""
    face = state.rng.randint(0, 1)
    first = 0 if face == 0 else 1
    data(state).first = first
    state.active = first
    state.turn = 1
    events.append(
        Event(
            "coin",
            f"The coin shows {'heads' if face == 0 else 'tails'}: {who(state, first)} goes first",
            seat=first,
            value=("first", face),
        )
    )


def _gen_ready(state: GameState, seat: int) -> Iterator[Action]:
    yield Action("ready", seat)


def _check_ready(state: GameState, action: Action) -> str | None:
    stone = data(state).stones[action.seat]
    return R_STONE_FIRST if not on_board(state, stone) else None


def _exec_ready(state: GameState, action: Action, events: Events) -> None:
    d = data(state)
    d.ready[action.seat] = True
    events.append(
        Event("info", f"{who(state, action.seat)} has placed their cards", seat=action.seat)
    )
    waiting = [s for s in state.seats_from(action.seat) if not d.ready[s]]
    if waiting:
        state.active = waiting[0]
    else:
        enter_phase(state, "coin", events)


# -- the turn ----------------------------------------------------------------------------


def _draw_enter(state: GameState, events: Events) -> None:
    d = data(state)
    d.cast = [False] * state.seats  # "once per player turn": a new player turn
    seat = state.active
    if state.zones[(seat, DECK)]:
        draw(state, seat, 1, events)
    elif d.stones[seat] >= 0:
        stone = d.stones[seat]
        events.append(
            Event(
                "info",
                f"{who(state, seat)} cannot draw: the Mystic Stone takes {NO_DRAW_DAMAGE} damage",
                seat=seat,
            )
        )
        damage(state, stone, NO_DRAW_DAMAGE, events, by=stone)


def _main_enter(state: GameState, events: Events) -> None:
    data(state).ap = AP_PER_TURN


def _end_enter(state: GameState, events: Events) -> None:
    """Statuses of the active player's cards run their course at its End Phase."""
    seat = state.active
    d = data(state)
    d.ap = 0
    for sq in SQUARES:
        cid = occupant(state, sq)
        if cid is None:
            continue
        inst = state.cards[cid]
        if inst.owner != seat:
            continue
        for status in STATUS_RULES:  # the rulebook's order: the log reads the same every run
            if status in UNTIL_END_PHASE and inst.counters.pop(status, None):
                events.append(
                    Event(
                        "status",
                        f"{name(state, inst.id)} is no longer {status.capitalize()}",
                        seat=seat,
                        cards=(cid,),
                        value=(status, 0),
                    )
                )
        turns = inst.counters.get("poisoned", 0)
        if turns:
            if turns <= 1:
                del inst.counters["poisoned"]
            else:
                inst.counters["poisoned"] = turns - 1
            events.append(Event("info", f"{name(state, inst.id)} suffers the poison", seat=seat))
            damage(state, cid, 1, events, by=cid)
            if state.over:
                return
    state.active = 1 - seat
    state.turn += 1

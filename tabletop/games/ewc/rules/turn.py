"""The turn's five phases as they begin (the rulebook's phases: Ready, Draw, Training, Combat,
Pass Turn): cards readying (not one that holds an Ally in play), the draw, the Hero's free
TP, and the Pass Turn Phase, where TP are lost, play passes to the next Hero still in the
game, and a game with every deck empty and nothing changing ends in a stalemate (ruling 6).
The table of phases is in ``phases``."""

from __future__ import annotations

from ....engine import Event, Events, GameState, end_game
from .effects import draw
from .state import (
    ALLIES,
    DECK,
    FIELD,
    HAND,
    STALEMATE_ROUNDS,
    alive_seats,
    data,
    holds_ally,
    life,
    name,
)

# -- the five phases -------------------------------------------------------------------------


def _ready_enter(state: GameState, events: Events) -> None:
    seat = state.active
    d = data(state)
    readied = []
    for cid in state.zones[(seat, FIELD)]:
        inst = state.cards[cid]
        if inst.turned and not holds_ally(state, cid):
            inst.turned = False
            readied.append(cid)
    d.for_tp -= set(readied)
    if readied:
        events.append(
            Event(
                "ready",
                f"{state.seat_names[seat]} readies " + ", ".join(name(state, c) for c in readied),
                seat=seat,
                cards=tuple(readied),
            )
        )


def _draw_enter(state: GameState, events: Events) -> None:
    draw(state, state.active, 1, events)


def _training_enter(state: GameState, events: Events) -> None:
    # "Your Hero provides you with one TP for free"
    data(state).tp[state.active] = 1
    events.append(
        Event(
            "tp",
            f"{state.seat_names[state.active]} has 1 TP from their Hero",
            seat=state.active,
            value=(1,),
        )
    )


def _pass_enter(state: GameState, events: Events) -> None:
    d = data(state)
    seat = state.active
    d.tp[seat] = 0  # "TP cannot be stored for later turns"
    d.next_bonus[seat] = 0
    d.attacked.clear()
    if _stalemate(state):
        end_game(
            state,
            (),
            events,
            f"by stalemate: every deck is empty and {STALEMATE_ROUNDS} "
            "whole rounds went by with no card played or lost and no Hero brought lower "
            "(ruling)",
        )
        return
    following = [s for s in state.seats_from(seat) if s != seat and not d.out[s]]
    if following:
        state.active = following[0]
        state.turn += 1


def _stalemate(state: GameState) -> bool:
    """Ruling 6: every deck empty, and STALEMATE_ROUNDS whole rounds in which no card left a
    hand, no card came into or left play, and no Hero's Life went below the lowest it had
    been since the decks ran out. Called as each turn ends."""
    d = data(state)
    z = state.zones
    seats = range(state.seats)
    if any(z[(s, DECK)] for s in seats):
        d.low, d.quiet = None, 0  # a card put back into a deck starts the count afresh
        return False
    lives = tuple(life(state, d.heroes[s]) for s in seats)
    mark = (
        tuple(d.out),
        tuple(len(z[(s, HAND)]) for s in seats),
        tuple(len(z[(s, FIELD)]) for s in seats),
        tuple(len(z[(s, ALLIES)]) for s in seats),
    )
    if d.low is None or mark != d.mark or any(a < b for a, b in zip(lives, d.low, strict=True)):
        d.low = lives if d.low is None else tuple(map(min, lives, d.low))
        d.mark = mark
        d.quiet = 0
        return False
    d.quiet += 1
    return d.quiet >= STALEMATE_ROUNDS * len(alive_seats(state))

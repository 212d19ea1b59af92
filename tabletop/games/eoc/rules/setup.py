"""EoC's Start the Game: the opening hand, the hand with no playable creature revealed
and redrawn (up to 2 times: the third hand is final), and the coin that decides who goes
first. (Playing the Vanquisher in Stage 1, shuffling and the first draw are the game's
``new_game``.)"""

from __future__ import annotations

from collections.abc import Iterator

from ....engine import Action, Event, Events, GameState, close_window, open_window
from .essence import pays, supply
from .state import DECK, HAND, MAX_REDRAWS, OPENING_HAND, R_REDRAW, E, data, draw, name, who

# -- setup: hands, redraws, the coin -------------------------------------------------------


def playable(state: GameState, seat: int) -> bool:
    """ "A playable creature in your hand (1 creature and the essence to create it)": a
    creature whose creation cost the Essence cards in the same hand pay."""
    cards = [state.cards[c].card for c in state.zones[(seat, HAND)]]
    provided = supply(c for c in cards if c.type == "essence")
    return any(pays(c.cost, provided) for c in cards if c.type == "creature")


def _ask_redraws(state: GameState, events: Events) -> None:
    """Every seat whose hand has no playable creature reveals it and is asked to redraw,
    Player 1 first (windows stack: the last opened is answered first)."""
    d = data(state)
    for seat in reversed(range(state.seats)):
        if d.redraws[seat] < MAX_REDRAWS and not playable(state, seat):
            _reveal_unplayable(state, seat, events)


def _reveal_unplayable(state: GameState, seat: int, events: Events) -> None:
    """ "Reveal your hand to your opponent": as soon as the hand is known to have no
    playable creature (that it has none is what the revealing shows)."""
    hand = tuple(state.zones[(seat, HAND)])
    names = ", ".join(name(state, c) for c in hand)
    events.append(
        Event(
            "reveal",
            f"{who(state, seat)} has no playable creature and reveals their hand: {names}",
            seat=seat,
            cards=hand,
            reveals=hand,
        )
    )
    open_window(state, seat, "redraw", events)


def _deal_enter(state: GameState, events: Events) -> None:
    _ask_redraws(state, events)


def _gen_redraw(state: GameState, seat: int) -> Iterator[Action]:
    yield Action("redraw", seat)


def _check_redraw(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if data(state).redraws[seat] >= MAX_REDRAWS:
        return f"{E}, Start the Game: this can be repeated up to 2 times: the 3rd hand is final"
    if playable(state, seat):
        return f"{R_REDRAW} (this hand has one)"
    return None


def _exec_redraw(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    d = data(state)
    close_window(state)
    hand = list(state.zones[(seat, HAND)])
    for c in hand:
        state.move(c, (seat, DECK))
    state.shuffle((seat, DECK))
    d.redraws[seat] += 1
    draw(state, seat, OPENING_HAND, events)
    n = d.redraws[seat]
    final = " (the third hand is final)" if n == MAX_REDRAWS else ""
    events.append(
        Event(
            "info", f"{who(state, seat)} shuffles it back and draws 7 new cards{final}", seat=seat
        )
    )
    if n < MAX_REDRAWS and not playable(state, seat):
        _reveal_unplayable(state, seat, events)


def _coin_enter(state: GameState, events: Events) -> None:
    """ "Flip a coin to decide who goes first": heads, Player 1."""
    face = state.rng.randint(0, 1)
    first = face
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

"""The rulebook's Setup: keeping the 2 cards drawn or replacing any of them (once, only at the
setup), then the roll for the first player (the Battle die plus the Hero's SPD, ties rolling
again) and the Heroes' abilities that take effect once setup is complete. Placing the Hero,
its starting cards and its Ally tokens, shuffling and drawing the 2 cards are the game's
``new_game``, in the package's ``__init__``."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ....engine import Action, Event, Events, GameState, act, next_phase
from .effects import draw
from .state import DECK, HAND, R_SETUP_ONCE, data, face_text, face_value, hero, name

# -- setup -------------------------------------------------------------------------------------


def _setup_enter(state: GameState, events: Events) -> None:
    state.active = 0


def _after_keep(state: GameState, events: Events) -> None:
    d = data(state)
    for seat in state.seats_from(state.active):
        if not d.kept[seat]:
            state.active = seat
            return
    next_phase(state, events)


def _gen_keep(state: GameState, seat: int) -> Iterator[Action]:
    yield Action("keep", seat)


def _check_keep(state: GameState, action: Action) -> str | None:
    return R_SETUP_ONCE if data(state).kept[action.seat] else None


def _exec_keep(state: GameState, action: Action, events: Events) -> None:
    data(state).kept[action.seat] = True
    events.append(
        Event("info", f"{state.seat_names[action.seat]} keeps their hand", seat=action.seat)
    )
    _after_keep(state, events)


def _gen_replace(state: GameState, seat: int) -> Iterator[Action]:
    hand = state.zones[(seat, HAND)]
    for n in range(1, len(hand) + 1):
        for chosen in combinations(hand, n):
            yield act(state, "replace", seat, chosen)


def _check_replace(state: GameState, action: Action) -> str | None:
    if data(state).kept[action.seat]:
        return R_SETUP_ONCE
    if not action.cards:
        return "EWC, Setup: name the cards to put at the bottom of your deck (or keep)"
    if len(set(action.cards)) != len(action.cards):
        return "EWC, Setup: each card is put at the bottom once"
    for cid in action.cards:
        if state.cards[cid].zone != (action.seat, HAND):
            return f"EWC, Setup: {name(state, cid)} is not in your hand"
    return None


def _exec_replace(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    for cid in action.cards:
        state.move(cid, (seat, DECK))
    n = len(action.cards)
    names = ", ".join(name(state, c) for c in action.cards)
    who = state.seat_names[seat]
    events.append(
        Event(
            "move",
            f"{who} puts {names} at the bottom of their deck",
            seat=seat,
            cards=action.cards,
            value=((seat, HAND), (seat, DECK)),
            secret=f"{who} puts {n} card{'s' * (n > 1)} at the bottom of their deck",
            seen_by=frozenset({seat}),
        )
    )
    draw(state, seat, n, events)
    data(state).kept[seat] = True
    _after_keep(state, events)


# -- first player and hero abilities -----------------------------------------------------------


def _initiative_enter(state: GameState, events: Events) -> None:
    contenders = list(range(state.seats))
    while True:
        totals = {}
        for seat in contenders:
            face = state.rng.randint(1, 6)
            speed = hero(state, seat).card.speed
            totals[seat] = face_value(face) + speed
            events.append(
                Event(
                    "roll",
                    f"{state.seat_names[seat]} rolls {face_text(face)} + SPD {speed} = "
                    f"{totals[seat]}",
                    seat=seat,
                    value=("initiative", face, totals[seat]),
                )
            )
        best = max(totals.values())
        leaders = [s for s, t in totals.items() if t == best]
        if len(leaders) == 1:
            break
        events.append(
            Event(
                "info",
                "Tie for first player: "
                + " and ".join(state.seat_names[s] for s in leaders)
                + " roll again",
            )
        )
        contenders = leaders
    first = leaders[0]
    d = data(state)
    d.first = first
    state.active = first
    state.turn = 1
    events.append(Event("info", f"{state.seat_names[first]} goes first", seat=first))
    # "This ability takes effect after Setup is complete and first player is decided."
    for seat in state.seats_from(first):
        card = hero(state, seat).card
        for e in card.ability:
            if e.do == "draw":
                events.append(
                    Event(
                        "info",
                        f"{card.name}'s ability: draw {e.count}",
                        seat=seat,
                        cards=(d.heroes[seat],),
                    )
                )
                draw(state, seat, e.count, events)

"""What every game's hidden-information tests check, written once: seeded random games in
which, after every action, nothing a seat is shown depends on the cards it cannot see.

"Shown" is everything the seat's table is built from: its view, the events as its log
renders them, who is asked to act (a hot-seat curtain comes down for them), the decisions
open to it with their menu labels, who may interrupt, and the table's badges, live stats,
zoom lines and combat arrows, status plates, seat titles, prompts and buttons. Each action
is also played in possible worlds where the cards the seat cannot see are dealt otherwise
(:func:`tabletop.engine.invariants.redeal`); any difference is a leak. Interruptions
("respond") are tried now and then, as a player would.

The cards dealt otherwise are those the game hides from the seat and, besides, those the
rulebook makes private to it (``private_zones.py``, written apart from the game's own zone
declarations): a zone the game wrongly declares public is still redealt, and what the seat
is shown of it differs between worlds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop.engine import (
    HIDDEN,
    DeckList,
    Game,
    GameState,
    Match,
    legal_actions,
    pick_decks,
    responses,
    to_act,
    view,
)
from tabletop.engine.invariants import observation, observation_leaks

from .private_zones import Watch, private_or_hidden


def table_observation(state: GameState, events: Sequence, seat: int) -> tuple:
    """:func:`observation`, plus what the game's table shows built from the view."""
    spec = state.game.table()
    seen = view(state, seat)
    decisions = legal_actions(state) if to_act(state) == seat else []
    return (
        *observation(state, events, seat),
        tuple(tuple(spec.badges(seen, inst)) for _, inst in sorted(seen.cards.items())),
        tuple(
            (spec.live_stats(seen, inst), tuple(spec.card_state(seen, inst)))
            for _, inst in sorted(seen.cards.items())
            if inst.card is not HIDDEN
        ),
        tuple(spec.combat(seen)),
        tuple(tuple(spec.status(seen, s)) for s in range(seen.seats)),
        tuple(spec.seat_title(seen, s) for s in range(seen.seats)),
        spec.prompt(seen, seat),
        spec.window_title(seen, seat, ""),
        tuple(spec.action_label(seen, a) for a in decisions),
        tuple((b.label, b.action.key() if b.action else None) for b in spec.buttons(seen, seat))
        if to_act(state) == seat
        else (),
    )


def play_checking_leaks(
    game: Game,
    seed: int,
    seats: int | None = None,
    worlds: int = 2,
    max_actions: int = 400,
    respond_odds: float = 0.1,
    decks: Sequence[DeckList] | None = None,
) -> int:
    """Play one seeded random game, checking every action for leaks; returns the number of
    actions checked (of ``seats``: the fewest the game takes unless said). A leak fails with
    the seed and the last actions."""
    seats = seats or game.min_seats
    match = Match(game, decks or pick_decks(game, seats, seed), seed)
    state = match.state
    watch = Watch(state, match.setup_events)
    hidden = private_or_hidden(watch)
    rng = random.Random(seed)
    checked = 0
    while not state.over and state.turn <= game.turn_cap() and checked < max_actions:
        interrupts = responses(state)
        if interrupts and rng.random() < respond_odds:
            action = rng.choice(interrupts)
        else:
            action = rng.choice(legal_actions(state))
        leaks = observation_leaks(state, action, rng, worlds, table_observation, hidden)
        assert not leaks, f"seed {seed}: {leaks}\nafter {match.record.actions[-6:]}"
        watch.observe(state, match.apply(action))
        checked += 1
    return checked

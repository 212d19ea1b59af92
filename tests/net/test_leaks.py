"""Nothing a seat may not see crosses the wire to it: every message a joined player is sent
after an action is the same in every possible world where the cards it cannot see are
dealt otherwise (``engine.invariants.observation_leaks``, as the leak checks at one screen
do); and the views a player receives in whole games played over loopback are, message by
message, the views its seat has at one screen."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.engine import Match, legal_actions, parse, pick_decks, responses, view
from tabletop.engine.invariants import observation_leaks
from tabletop.games import registry
from tabletop.net.codec import Codec
from tabletop.net.host import update

from ..games.private_zones import Watch, private_or_hidden
from .helpers import hosted

GAMES = list(registry())


def play_checking_messages(game, seed: int, max_actions: int, seats: int | None = None) -> int:
    seats = seats or game.min_seats
    match = Match(game, pick_decks(game, seats, seed), seed)
    state = match.state
    codec = Codec(game)
    watch = Watch(state, match.setup_events)
    hidden = private_or_hidden(watch)
    rng = random.Random(seed)

    def message(st, events, seat):  # the bytes the host sends that seat
        return json.dumps(update(codec, st, seat, events, at=0), sort_keys=True)

    checked = 0
    while not state.over and checked < max_actions:
        interrupts = responses(state)
        if interrupts and rng.random() < 0.1:
            action = rng.choice(interrupts)
        else:
            action = rng.choice(legal_actions(state))
        leaks = observation_leaks(state, action, rng, 2, message, hidden)
        assert not leaks, f"seed {seed}: {leaks}\nafter {match.record.actions[-6:]}"
        watch.observe(state, match.apply(action))
        checked += 1
    return checked


@pytest.mark.parametrize("game_id", GAMES)
def test_no_message_tells_a_seat_what_it_may_not_see(game_id):
    assert play_checking_messages(registry()[game_id], 7, max_actions=120) > 20


@pytest.mark.parametrize("game_id", [g for g in GAMES if registry()[g].max_seats > 2])
def test_no_message_of_a_bigger_table_tells_a_seat_what_it_may_not_see(game_id):
    game = registry()[game_id]
    assert play_checking_messages(game, 8, max_actions=60, seats=game.max_seats) > 10


@pytest.mark.parametrize("game_id", ["ewc", "arcmage"])
def test_each_view_a_joined_player_receives_is_its_seats_view_then(game_id):
    game = registry()[game_id]
    results, players, _ = hosted(game, ["remote", "remote"], 4, keep_views=True)
    record = results[0].record
    for played in players:
        assert played.views, "no view was received"
        replay = Match(game, record.decks, record.seed)
        done = 0
        for at, snapshot in played.views:
            while done < at:
                replay.apply(parse(replay.state, record.actions[done]))
                done += 1
            assert snapshot == view(replay.state, played.seat).snapshot()

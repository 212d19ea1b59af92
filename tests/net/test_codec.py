"""A seat's view crosses the wire whole: what the client decodes is the view the seat has
at one screen, for every game, and nothing outside the codec's closed list decodes."""

from __future__ import annotations

import json

import pytest

from tabletop.bots import make
from tabletop.engine import Match, pick_decks, to_act, view
from tabletop.games import registry
from tabletop.net.codec import Codec, WireError

GAMES = list(registry())


def positions(game, seed: int, actions: int = 120):
    match = Match(game, pick_decks(game, game.min_seats, seed), seed)
    bots = [make("random", seed + s) for s in range(game.min_seats)]
    for _ in range(actions):
        if match.state.over:
            return
        seat = to_act(match.state)
        yield match.state, seat
        match.apply(bots[seat](match.view(seat)))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_sent_over_the_wire_is_the_view_the_seat_has(game_id):
    game = registry()[game_id]
    codec = Codec(game)
    for state, _ in positions(game, 3):
        for s in range(state.seats):
            v = view(state, s)
            sent = json.loads(json.dumps(codec.view(v)))
            got = codec.decode_view(sent)
            assert got.snapshot() == v.snapshot()
            assert got.rng == v.rng  # the same random numbers for a bot looking ahead


@pytest.mark.parametrize(
    "value, why",
    [
        ({"o": ["engine.state.GameState", {}]}, "not a class"),
        ({"o": ["os.system", {}]}, "not a class"),
        ({"n": ["engine.abilities.Modifier", [1]]}, "of 1 values"),
        ({"o": ["engine.state.Prompt", {"__class__": 1}]}, "attributes it does not have"),
        ({"c": "No Such Card"}, "no card"),
        ({"x": ["engine.state.Prompt", {}]}, "no value is tagged"),
        ({"x": 1}, "not \\[class, fields\\]"),
        ({"d": [[{"l": []}, 1]]}, "cannot be a key"),
        ([1, 2], "neither plain nor tagged"),
    ],
)
def test_a_value_outside_the_closed_list_is_refused_saying_why(value, why):
    with pytest.raises(WireError, match=why):
        Codec(registry()["ewc"]).decode(value)


def test_a_view_whose_zones_do_not_hold_its_cards_is_refused():
    game = registry()["ewc"]
    codec = Codec(game)
    state, seat = next(positions(game, 1))
    sent = codec.view(view(state, seat))
    sent["zones"] = {"d": []}
    with pytest.raises(WireError, match="zones"):
        codec.decode_view(sent)

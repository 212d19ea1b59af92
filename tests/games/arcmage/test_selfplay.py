"""Whole ARC-mage games with the starter decks: 300 seeded random games without an
exception or a lost card, records that replay exactly, views that hide what they must, and
the greedy bot's ARC-mage evaluation beating random play."""

import pytest

from tabletop.bots import random_bot
from tabletop.engine import GameRecord, Match, pick_decks, to_act, view
from tabletop.games import get
from tabletop.verbs.selfplay import run

from ..selfplay_checks import play_random_game

GAME = get("arcmage")
CHUNK = 100


@pytest.mark.parametrize("first", range(0, 300, CHUNK))
def test_300_seeded_random_games_finish_with_every_card_in_exactly_one_zone(first):
    for seed in range(first, first + CHUNK):
        state = play_random_game(GAME, seed, leak_every=5)
        assert state.over, f"seed {seed} reached the turn cap"


def test_three_and_four_seat_games_play_to_an_end():
    """The engine plays free-for-all with more seats (the table seats two)."""
    for seats in (3, 4):
        for seed in range(10):
            state = play_random_game(GAME, seed, seats)
            assert state.over and len(state.winners) <= 1


def test_a_replayed_record_reaches_the_identical_final_state():
    """The game actually played, by bots deciding from their views, against its record
    saved, read back and replayed."""
    for seed in range(10):
        bots = [random_bot(seed), random_bot(seed + 1)]
        match = Match(GAME, pick_decks(GAME, 2, seed), seed)
        state = match.state
        while not state.over and state.turn <= GAME.turn_cap():
            seat = to_act(state)
            match.apply(bots[seat](view(state, seat)))
        record = GameRecord.model_validate_json(match.record.model_dump_json())
        again = record.replay(GAME)
        assert again.snapshot() == state.snapshot()
        assert (again.over, again.winners) == (state.over, state.winners)


def test_greedy_beats_random_in_most_games():
    a = run(GAME, games=4, seed=300, bot_names=["greedy", "random"]).wins[0]
    b = run(GAME, games=4, seed=400, bot_names=["random", "greedy"]).wins[1]
    assert a + b >= 0.75 * 8

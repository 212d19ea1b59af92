"""Whole War of the Arcane games: 500 seeded random games without an exception or a lost
card, records that replay exactly, views that hide what they must."""

import pytest

from tabletop.bots import random_bot
from tabletop.engine import GameRecord, Match, pick_decks, to_act, view
from tabletop.games import get
from tabletop.verbs.selfplay import run

from ..selfplay_checks import play_random_game

GAME = get("wota")
CHUNK = 100


@pytest.mark.parametrize("first", range(0, 500, CHUNK))
def test_500_seeded_random_games_finish_with_every_card_in_exactly_one_zone(first):
    for seed in range(first, first + CHUNK):
        state = play_random_game(GAME, seed, leak_every=4)
        assert state.over, f"seed {seed} reached the turn cap"


def test_a_replayed_record_reaches_the_identical_final_state():
    for seed in range(10):
        match = Match(GAME, pick_decks(GAME, 2, seed), seed)
        state = match.state
        bots = [random_bot(seed), random_bot(seed + 1)]
        while not state.over and state.turn <= GAME.turn_cap():
            match.apply(bots[to_act(state)](view(state, to_act(state))))
        text = match.record.model_dump_json()
        replayed = GameRecord.model_validate_json(text).replay(GAME)
        assert replayed.snapshot() == state.snapshot()
        assert state.over and replayed.winners == state.winners


def test_greedy_beats_random_in_most_games():
    a = run(GAME, games=12, seed=300, bot_names=["greedy", "random"]).wins[0]
    b = run(GAME, games=12, seed=400, bot_names=["random", "greedy"]).wins[1]
    assert a + b >= 0.75 * 24

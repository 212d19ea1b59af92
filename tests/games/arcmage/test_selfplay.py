"""Whole ARC-mage games with the starter decks: 500 seeded random games without an
exception or a lost card, records that replay exactly, views that hide what they must, and
the greedy bot's ARC-mage evaluation beating random play."""

import random

import pytest

from tabletop.bots import random_bot
from tabletop.engine import Match, legal_actions, to_act, view
from tabletop.engine.invariants import view_leaks, zone_problems
from tabletop.games import get
from tabletop.selfplay import pick_decks, play_game, run

GAME = get("arcmage")
CHUNK = 100


@pytest.mark.parametrize("first", range(0, 500, CHUNK))
def test_500_seeded_random_games_finish_with_every_card_in_exactly_one_zone(first):
    for seed in range(first, first + CHUNK):
        match = Match(GAME, pick_decks(GAME, 2, seed), seed)
        state = match.state
        rng = random.Random(seed)
        while not state.over and state.turn <= GAME.turn_cap():
            if state.turn % 5 == 0:
                seat = to_act(state)
                assert view_leaks(state, view(state, seat), seat) == []
            match.apply(rng.choice(legal_actions(state, verify=True)))
            problems = zone_problems(state) + GAME.invariants(state)
            assert not problems, f"seed {seed}: {problems}\n{match.record.actions[-5:]}"
        assert state.over, f"seed {seed} reached the turn cap"


def test_three_and_four_seat_games_play_to_an_end():
    """The engine plays free-for-all with more seats (the table seats two)."""
    for seats in (3, 4):
        for seed in range(10):
            match = Match(GAME, pick_decks(GAME, seats, seed), seed)
            rng = random.Random(seed)
            while not match.state.over:
                match.apply(rng.choice(legal_actions(match.state, verify=True)))
                assert not zone_problems(match.state) + GAME.invariants(match.state)
            assert len(match.state.winners) <= 1


def test_a_replayed_record_reaches_the_identical_final_state():
    for seed in range(10):
        result = play_game(GAME, pick_decks(GAME, 2, seed), seed,
                           [random_bot(seed), random_bot(seed + 1)])
        assert result.record.replay(GAME).snapshot() == result.record.replay(GAME).snapshot()
        assert result.record.replay(GAME).winners == result.winners


def test_greedy_beats_random_in_most_games():
    a = run(GAME, games=4, seed=300, bot_names=["greedy", "random"]).wins[0]
    b = run(GAME, games=4, seed=400, bot_names=["random", "greedy"]).wins[1]
    assert a + b >= 0.75 * 8

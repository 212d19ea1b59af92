"""The offline measure of the Hard player's choices (``python -m tabletop.bots.oracle``): its
positions, the choice it replays, and the regrets it reports."""

import random

import pytest

from tabletop.bots.oracle import compare, hard_choice, play_out, positions, values
from tabletop.bots.search import SMALL
from tabletop.engine import legal_actions, to_act


def _record(*raws, prior=None):
    return {
        "phase": "main",
        "legal": len(raws),
        "moves": [f"move {i}" for i in range(len(raws))],
        "prior": prior or [float(len(raws) - i) for i in range(len(raws))],
        "raws": [list(r) for r in raws],
    }


def test_oracle_positions_are_the_acting_seats_own_view_in_its_own_turn_with_a_choice():
    found = positions("ewc", 3)
    assert len(found) == 3
    for sight in found:
        seat = to_act(sight)
        assert sight.active == seat and sight.turn > 2
        assert len(legal_actions(sight)) > 1
        assert any(not inst.known for inst in sight.cards.values())  # a view: decks unseen


def test_oracle_answer_positions_are_decisions_in_the_other_seats_turn():
    for sight in positions("ewc", 2, answers=True):
        assert sight.active != to_act(sight) and sight.turn > 2
        assert len(legal_actions(sight)) > 1


def test_an_oracle_plays_the_normal_players_best_moves_out_round_by_round():
    sight = positions("ewc", 1)[0]
    record = play_out(sight, 3, 2, random.Random(1))
    assert len(record["moves"]) == 2 and len(record["raws"]) == 2
    assert all(len(row) == 3 for row in record["raws"])
    assert record["prior"][0] >= record["prior"][1]  # the Normal player's choice first


def test_an_oracle_plays_out_as_far_as_the_horizon_it_is_given(monkeypatch):
    from tabletop.bots import oracle

    reached = []

    def play_on(world, seat, since, rng, turns=1, dice=0, **kw):
        reached.append(turns)
        return True

    monkeypatch.setattr(oracle, "play_on", play_on)
    play_out(positions("ewc", 1)[0], 2, 2, random.Random(1), horizon=2)
    assert reached and set(reached) == {2}


def test_the_replayed_choice_is_the_move_that_played_out_best_by_the_margin_asked():
    steady = _record([0.0] * 4, [1.0] * 4, [5.0] * 4)
    assert hard_choice(steady, range(4), halving=False) == 2
    assert hard_choice(steady, range(4)) == 2  # halved after three rounds, the better stays
    assert hard_choice(steady, range(2)) == 0  # two rounds prove nothing
    late = _record([0.0] * 4, [2.0, 2.0, 2.0, 0.0], [1.0, 1.0, 1.0, 9.0])
    assert hard_choice(late, range(4), halving=False) == 2
    assert hard_choice(late, range(4)) == 1  # behind after three rounds: not played on
    unfit = _record([0.0] * 4, [1.0] * 4, [5.0, 5.0, None, 5.0])
    assert hard_choice(unfit, range(4)) == 1  # a move a deal does not allow is dropped
    near = _record([0.0, 1.0] * 2, [0.0, 1.0] * 2)
    assert hard_choice(near, range(4)) == 0  # no better at all: the Normal player's


def test_a_choice_judged_on_the_rounds_it_was_made_on_regrets_less_than_the_margin():
    rng = random.Random(3)
    for _ in range(30):
        record = _record(*[[rng.gauss(0, 1) for _ in range(6)] for _ in range(4)])
        worth = values(record)
        chosen = hard_choice(record, range(6), halving=False)
        assert max(worth) - worth[chosen] < SMALL + 1e-9


def test_regrets_are_judged_by_the_second_oracle():
    chooser = [_record([0.0] * 8, [3.0] * 8, [1.0] * 8)]  # says the second move is best
    judge = [_record([0.0] * 8, [1.0] * 8, [3.0] * 8)]  # says the third is
    got = compare(chooser, judge, round_counts=(8,), repeats=1)
    assert got["normal"] > 0.0
    assert got["oracle"] > 0.0  # the chooser's best is not the judge's
    assert got["hard z0 8 rounds"] == pytest.approx(got["oracle"])
    assert compare(judge, judge, round_counts=(8,), repeats=1)["oracle"] == 0.0


def test_two_oracles_of_other_positions_are_not_compared():
    with pytest.raises(ValueError, match="same positions"):
        compare([_record([0.0], [1.0])], [_record([0.0])])

"""The fuzzer: passes on every registered game, and catches what it is meant to catch."""

import pytest

from tabletop.cli import main
from tabletop.fuzz import run
from tabletop.games import get, registry
from tabletop.games.ewc import rules


@pytest.mark.parametrize("game_id", sorted(registry()))
def test_a_short_fuzz_of_every_game_finds_nothing(game_id):
    result = run(get(game_id), games=25, seed=9)
    assert result.broken is None, result.broken.report()
    assert result.games == 25 and result.illegal_tried > 0


def test_a_lost_card_is_reported_with_its_seed_and_actions(monkeypatch):
    original = rules.draw

    def leaky_draw(state, seat, count, events):
        original(state, seat, count, events)
        hand = state.zones[(seat, rules.HAND)]
        if state.turn == 3 and hand:
            hand.pop()  # the card is in no zone any more

    monkeypatch.setattr(rules, "draw", leaky_draw)
    result = run(get("ewc"), games=5, seed=1)
    assert result.broken is not None
    assert "is in no zone" in result.broken.problem
    assert result.broken.seed == 1 and result.broken.actions
    assert result.broken.actions[0].startswith("P")


def test_a_refusal_that_changes_the_state_is_reported(monkeypatch):
    move = rules.MOVES["play"]

    def meddling_check(state, action):
        reason = move.check(state, action)
        if reason is not None:
            state.data.next_bonus[action.seat] += 1
        return reason

    monkeypatch.setitem(rules.MOVES, "play", move.__class__(
        "play", move.generate, meddling_check, move.execute, exact=True))
    result = run(get("ewc"), games=3, seed=2)
    assert result.broken is not None
    assert "changed the state" in result.broken.problem


def test_a_generator_that_disagrees_with_its_check_is_reported(monkeypatch):
    move = rules.MOVES["tp"]

    def every_card(state, seat):  # turned cards too: their check refuses them
        for cid in state.zones[(seat, rules.FIELD)]:
            yield rules.act(state, "tp", seat, (cid,))

    monkeypatch.setitem(rules.MOVES, "tp", move.__class__(
        "tp", every_card, move.check, move.execute, exact=True))
    result = run(get("ewc"), games=3, seed=3)
    assert result.broken is not None
    assert "GeneratorError" in result.broken.problem


def test_the_fuzz_verb_exits_non_zero_on_a_break(monkeypatch, capsys):
    monkeypatch.setattr(rules, "heal", lambda state, seat, amount, events: setattr(
        rules.hero(state, seat), "damage", -5))
    assert main(["fuzz", "--game", "ewc", "--games", "30", "--seed", "4"]) == 1
    err = capsys.readouterr().err
    assert "negative damage" in err and "actions that reproduce it:" in err

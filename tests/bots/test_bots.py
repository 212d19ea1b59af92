"""The bots: legal moves only, from their own view only; greedy beats random."""

import pytest

from tabletop.bots import greedy_bot, make, random_bot
from tabletop.engine import HIDDEN, apply, check, legal_actions, pick_decks, to_act, view
from tabletop.games import get
from tabletop.verbs.selfplay import run

GAME = get("ewc")


def test_greedy_beats_random_in_most_games():
    summary = run(GAME, games=24, seed=100, bot_names=["greedy", "random"])
    greedy_first = summary.wins[0]
    summary = run(GAME, games=24, seed=200, bot_names=["random", "greedy"])
    greedy_second = summary.wins[1]
    assert greedy_first + greedy_second >= 0.75 * 48


def test_bots_choose_legal_actions_from_their_view():
    state = GAME.new_game(pick_decks(GAME, 2, 5), 5)
    bots = [greedy_bot(), random_bot(9)]
    for _ in range(300):
        if state.over:
            break
        seat = to_act(state)
        action = bots[seat](view(state, seat))
        assert check(state, action) is None
        apply(state, action)


def test_a_bots_decision_does_not_depend_on_what_it_cannot_see():
    """Two games that differ only in the opponent's hand and deck look the same to the bot,
    so it makes the same choice in both."""
    state = GAME.new_game(pick_decks(GAME, 2, 7), 7)
    while to_act(state) != 0 or state.phase != "training":
        apply(state, legal_actions(state)[0])
    other = state.clone()
    hidden = other.zones[(1, "hand")] + other.zones[(1, "deck")]
    cards = [other.cards[c].card for c in hidden]
    for cid, card in zip(hidden, reversed(cards), strict=True):
        other.cards[cid].card = card
    assert view(other, 0).snapshot() == view(state, 0).snapshot()
    assert all(view(state, 0).cards[c].card is HIDDEN for c in hidden)
    assert greedy_bot()(view(state, 0)) == greedy_bot()(view(other, 0))


def test_unknown_bot_names_are_refused():
    with pytest.raises(KeyError, match="random, greedy"):
        make("clever")

"""Every phase in which a player acts says, in one line, what can be done now: the open
window's title, the choice being made, or the game's prompt for the phase."""

import random

import pytest

from tabletop.engine import Match, legal_actions, pick_decks, to_act, view
from tabletop.games import get

GAMES = ("ewc", "wota", "arcmage", "eoc", "coe")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_decision_of_every_phase_has_words_for_what_can_be_done(game_id):
    game = get(game_id)
    spec = game.table()
    silent = set()
    for seed in (1, 2):
        match = Match(game, pick_decks(game, 2, seed), seed)
        state, rng = match.state, random.Random(seed)
        for _ in range(400):
            if state.over:
                break
            seat = to_act(state)
            seen = view(state, seat)
            if (
                not state.prompts
                and spec.selection(seen, seat) is None
                and not spec.prompt(seen, seat)
            ):
                silent.add(state.phase)
            match.apply(rng.choice(legal_actions(state)))
    assert not silent, f"{game.name}: no words in the {', '.join(sorted(silent))} phase"

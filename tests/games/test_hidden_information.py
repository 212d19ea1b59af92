"""Every game, seeded random games: after every action, nothing a seat is shown depends on
the cards it may not see (its view, its log, who is asked to act, its decisions and their
labels, badges, status plates, prompts, buttons, who may interrupt). See
``tests/games/hidden_checks.py`` for how "shown" and "depends" are checked."""

import pytest

from tabletop.games import registry

from .hidden_checks import play_checking_leaks

GAMES = sorted(registry())


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("game_id", GAMES)
def test_no_seat_is_shown_what_it_may_not_see(game_id, seed):
    game = registry()[game_id]
    assert play_checking_leaks(game, seed, max_actions=600) > 20


@pytest.mark.parametrize("game_id", [g for g in GAMES if registry()[g].max_seats > 2])
def test_no_seat_of_a_bigger_table_is_shown_what_it_may_not_see(game_id):
    game = registry()[game_id]
    assert play_checking_leaks(game, 7, seats=game.max_seats, max_actions=400) > 20

"""Every game, seeded random games: after every action, nothing a seat is shown depends on
the cards it may not see (its view, its log, who is asked to act, its decisions and their
labels, badges, status plates, prompts, buttons, who may interrupt). See
``tests/games/hidden_checks.py`` for how "shown" and "depends" are checked."""

import pytest

from tabletop.engine import can_see
from tabletop.games import registry

from .hidden_checks import play_checking_leaks

GAMES = sorted(registry())


# Three seeds a game; one for a way of playing another game (its rules are the other's,
# checked at three, and its bigger table below).
SEEDED = [(g, s) for g in GAMES for s in ((1, 2, 3) if registry()[g].variant_of is None else (1,))]


@pytest.mark.parametrize(("game_id", "seed"), SEEDED)
def test_no_seat_is_shown_what_it_may_not_see(game_id, seed):
    game = registry()[game_id]
    assert play_checking_leaks(game, seed, max_actions=600) > 20


@pytest.mark.parametrize("game_id", [g for g in GAMES if registry()[g].max_seats > 2])
def test_no_seat_of_a_bigger_table_is_shown_what_it_may_not_see(game_id):
    game = registry()[game_id]
    assert play_checking_leaks(game, 7, seats=game.max_seats, max_actions=400) > 20


@pytest.mark.parametrize("game_id", GAMES)
def test_a_card_id_tells_nothing_of_the_hidden_card_behind_it(game_id):
    """Ids name the very card in actions and logs, so the card behind an id a seat cannot
    see must vary from game to game (a card made at a fixed id and never shuffled, like a
    Mystic Stone placed face down, would be known by its id)."""
    game = registry()[game_id]
    first = sorted(d for d in game.card_set().decks if d not in game.card_set().imported)[0]
    deck = game.card_set().decks[first]
    names: dict[tuple[int, int], list[str]] = {}
    for seed in range(1, 16):
        state = game.new_game([deck] * game.min_seats, seed)
        for seat in range(state.seats):
            for cid, inst in state.cards.items():
                if not can_see(state, seat, cid):
                    names.setdefault((seat, cid), []).append(inst.card.name)
    fixed = {key: n[0] for key, n in names.items() if len(n) >= 8 and len(set(n)) == 1}
    assert not fixed, f"always the same card behind these ids: {sorted(fixed.items())[:5]}"

"""Whole ARC-mage games with the five real arcmage.org decks, imported as a player imports
them (``tabletop import arcmage``): 1,250 seeded random games, each deck in 500 of them
against each of the others in turn, without an exception or a lost card, every game's
invariants kept and what each seat is shown checked for leaks along the way. The extract is
read from ``../shared/arcmage`` (or ``ARCMAGE_DATA``), never copied; without it these tests
are skipped."""

import pytest

from tabletop.games import get

from ..selfplay_checks import play_random_game

GAME = get("arcmage")
CHUNK = 125
GAMES = 1250  # 500 for each of the five decks


def test_the_five_real_decks_import_and_are_legal(real_decks):
    assert sorted(d.name for d in real_decks) == [
        "Ablaze",
        "Brothers in Arms",
        "Dunefolk",
        "Enchanted World",
        "Gaian love for life",
    ]
    assert all(GAME.deck_rules(d, GAME.card_set().cards) == [] for d in real_decks)


def pairing(game: int, decks: int = 5) -> tuple[int, int]:
    """The two decks of seeded game ``game``: the first by turns, the second each of the
    others in turn, so that over ``decks`` x 250 games each deck plays 500, as often first
    as second, against every other deck alike."""
    first = game % decks
    return first, (first + 1 + (game // decks) % (decks - 1)) % decks


def test_each_real_deck_plays_500_of_the_games_against_each_other_deck_alike():
    counts = [0] * 5
    faced: dict[tuple[int, int], int] = {}
    for g in range(GAMES):
        a, b = pairing(g)
        assert a != b
        counts[a] += 1
        counts[b] += 1
        faced[a, b] = faced.get((a, b), 0) + 1
    assert counts == [500] * 5
    assert len(faced) == 20 and max(faced.values()) - min(faced.values()) <= 1


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_1250_seeded_random_games_with_the_real_decks_keep_every_card_and_secret(real_decks, first):
    for seed in range(first, first + CHUNK):
        a, b = pairing(seed)
        state = play_random_game(GAME, seed, leak_every=5, decks=[real_decks[a], real_decks[b]])
        assert state.over or state.turn > GAME.turn_cap(), f"seed {seed}"

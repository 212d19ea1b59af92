"""Whole ARC-mage games with the five real arcmage.org decks, imported as a player imports
them (``tabletop import arcmage``): 300 seeded random games without an exception or a lost
card, every game's invariants kept. The extract is read from ``../shared/arcmage`` (or
``ARCMAGE_DATA``), never copied; without it these tests are skipped."""

import random

import pytest

from tabletop.games import get
from tabletop.games.arcmage import library

from ..arcmage_library import real_data
from ..selfplay_checks import play_random_game

GAME = get("arcmage")
CHUNK = 100


@pytest.fixture(scope="module")
def real_decks(tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    mp = pytest.MonkeyPatch()
    mp.setenv("TABLETOP_HOME", str(home))
    mp.setattr(GAME, "_card_set", None)
    data = real_data()
    library.import_files(GAME, [data / "cards.json", data / "decks.json"])
    card_set = GAME.card_set()
    yield [card_set.decks[d] for d in sorted(card_set.imported)]
    mp.undo()
    GAME._card_set = None


def test_the_five_real_decks_import_and_are_legal(real_decks):
    assert sorted(d.name for d in real_decks) == [
        "Ablaze",
        "Brothers in Arms",
        "Dunefolk",
        "Enchanted World",
        "Gaian love for life",
    ]
    assert all(GAME.deck_rules(d, GAME.card_set().cards) == [] for d in real_decks)


@pytest.mark.parametrize("first", range(0, 300, CHUNK))
def test_300_seeded_random_games_with_the_real_decks_keep_every_card(real_decks, first):
    for seed in range(first, first + CHUNK):
        decks = random.Random(seed).sample(real_decks, 2)
        state = play_random_game(GAME, seed, leak_every=5, decks=decks)
        assert state.over or state.turn > GAME.turn_cap(), f"seed {seed}"

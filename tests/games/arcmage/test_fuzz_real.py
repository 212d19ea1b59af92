"""Every pairing of the five real arcmage.org decks, fuzzed as ``tabletop fuzz`` fuzzes
them (:func:`tabletop.verbs.fuzz.play`: every generated action verified, refused actions
tried, every invariant after every action) with the possible-world check on **every**
action, not every fifth: after each one, nothing any seat is shown (its view, its log, the
decisions offered, and what its table draws from them: ``hidden_checks.table_observation``)
may depend on the cards it cannot see.

The 20 ordered pairs (each deck against each other, in both seat orders) are one test each,
so that the workers of ``pytest -n`` share them; each plays ``SEEDS`` seeded games (about 3 s
of CPU a game: the 60 games take about 200 s of CPU, under two minutes on two workers). The
decks are imported as a player imports them (the ``real_decks``
fixture); without the extract these tests are skipped."""

import pytest

from tabletop.games import get
from tabletop.verbs.fuzz import play

from ..hidden_checks import table_observation
from .conftest import REAL_DECKS

GAME = get("arcmage")
PAIRS = [(a, b) for a in REAL_DECKS for b in REAL_DECKS if a != b]
SEEDS = 3  # games of each ordered pair
FIRST_SEED = 70_000  # apart from the self-play games' seeds (0-1249)


def short(deck: str) -> str:
    return deck.removeprefix("imported-")


@pytest.mark.parametrize(
    ("first", "second"), PAIRS, ids=[f"{short(a)}-v-{short(b)}" for a, b in PAIRS]
)
def test_every_pairing_of_the_real_decks_fuzzes_clean_checking_every_action_for_leaks(
    real_decks, first, second
):
    start = FIRST_SEED + PAIRS.index((first, second)) * SEEDS
    for seed in range(start, start + SEEDS):
        played = play(GAME, seed, [first, second], leak_every=1, observe=table_observation)
        assert played.broken is None, played.broken.report()
        assert played.winners or played.capped, f"seed {seed}"


def test_the_pairings_are_each_deck_against_each_other_in_both_seat_orders():
    assert len(PAIRS) == len(set(PAIRS)) == 20
    for a in REAL_DECKS:
        for b in REAL_DECKS:
            assert ((a, b) in PAIRS) == (a != b)

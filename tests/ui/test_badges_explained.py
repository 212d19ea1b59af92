"""Every badge a card carries is explained in words where the player reads the card (the
hover panel): "◆ overpaid by 1 essence", not "◆ +1". Checked on every card in play at
seeded positions of every game, and for each game's own kinds of badge."""

from __future__ import annotations

import re

import pytest

from tabletop.engine import HIDDEN
from tabletop.games import registry
from tabletop.tablespec import Badge

from .test_layout_fits import CASES, mid_game

WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_every_badge_reads_as_words_in_the_hover_panel(app, game_id, seats):
    seen = 0
    for seed, turns in ((3, 4), (7, 8), (11, 12), (2, 12)):
        table = mid_game(app, game_id, 1.0, seats, seed, turns)
        for inst in table.view.cards.values():
            if inst.card is HIDDEN:
                continue
            lines = table.spec.card_state(table.view, inst)
            for badge in table.spec.badges(table.view, inst):
                said = Badge(*badge).said()
                seen += 1
                assert len(WORD.findall(said)) >= 2, (game_id, inst.card.name, said)
                if lines:
                    assert said in lines, (said, lines)
    # Each game with badges shows some at its fewest seats (EWC marks cards by turning them;
    # a team format's are ARC-mage's).
    game = registry()[game_id]
    assert seen or game_id == "ewc" or game.variant_of or seats > game.min_seats


def test_a_badge_without_its_meaning_says_its_own_words():
    assert Badge("◆", "+1", (0, 0, 0)).said() == "◆ +1"
    assert Badge("◆", "+1", (0, 0, 0), "◆ overpaid by 1 essence").said() == (
        "◆ overpaid by 1 essence"
    )

"""A gesture that does nothing legal says why, in every game: a click or a drag of each of
the player's cards onto each card at seeded positions is answered with the move that works
("Drag ... onto a place that lights up", "Right-click ... for what it may do"), or the
rule that refuses it in the rulebook's words, never "nothing to do"."""

from __future__ import annotations

import pytest

from tabletop.engine import HIDDEN

from .test_layout_fits import GAMES, mid_game

POSITIONS = ((3, 4), (7, 8))


def _words(table) -> list[tuple[str, str]]:
    """What each click and each drop of a card of the near seat would say (gesture, words),
    where it says something rather than acting."""
    out = []
    mine = [
        cid
        for cid, inst in table.view.cards.items()
        if inst.card is not HIDDEN and table.handles(cid) and cid in table.sprites
    ]
    others = [cid for cid in table.sprites if table.view.cards[cid].card is not HIDDEN]
    for cid in mine:
        meaning = table.click_meaning(cid)
        if meaning.words:
            out.append((f"click {cid}", meaning.words))
        for target in others[:: max(1, len(others) // 12)]:
            if target == cid:
                continue
            meaning = table.drop_meaning(cid, table.sprites[target].rect().center)
            if meaning.words:
                out.append((f"drop {cid} on {target}", meaning.words))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_every_gesture_that_does_nothing_says_why(app, game_id):
    said = []
    for seed, turns in POSITIONS:
        table = mid_game(app, game_id, 1.0, seed=seed, turns=turns)
        if not table.human_to_act():
            continue
        said += _words(table)
    assert said  # the positions give gestures that do nothing legal
    for gesture, words in said:
        assert "nothing to do" not in words.lower(), (gesture, words)
        assert words.startswith(("Drag ", "Drop ", "Right-click ")) or ":" in words, (
            gesture,
            words,
        )

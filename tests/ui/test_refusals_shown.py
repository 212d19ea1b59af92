"""Every refusal of every game (``tabletop refusals``), shown where the table shows it (the
red message box over the log) at the largest text size in a 1280×720 window: it wraps
inside the log's column and leaves the log readable below it."""

from __future__ import annotations

import pytest

from tabletop.games import registry
from tabletop.services.settings import UI_SCALES
from tabletop.ui import theme

from ..games.test_refusals import refusals
from .test_layout_fits import mid_game

LOG_LINES_LEFT = 8  # lines of the log still shown under the longest refusal


def _family(game_id: str) -> list[str]:
    """The game and its formats: one table shows the refusals of them all."""
    return [g for g, game in registry().items() if g == game_id or game.variant_of == game_id]


@pytest.mark.parametrize("game_id", ("ewc", "wota", "arcmage", "eoc", "coe"))
def test_every_refusal_fits_the_message_box_and_leaves_the_log_readable(app, game_id):
    table = mid_game(app, game_id, max(UI_SCALES))
    lay = table.layout
    line = theme.font(lay.px(12)).get_linesize()
    reasons = {e.example for g in _family(game_id) for e in refusals(g).met.values()}
    assert reasons
    for reason in sorted(reasons, key=len, reverse=True):
        table.say(reason)
        assert table.message() == (reason, theme.DANGER)
        box = table._message_rect()
        assert lay.log.contains(box), reason
        left = lay.log.bottom - box.bottom - lay.px(6) - lay.px(34)
        assert left >= LOG_LINES_LEFT * line, (reason, left // line)
        table.draw(app.screen)  # and it draws

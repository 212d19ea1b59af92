"""The monkey: 5,000 random gestures per game on the real table."""

import pygame
import pytest

from tabletop.games import get, registry
from tabletop.monkey import run


@pytest.mark.parametrize("game_id", sorted(registry()))
def test_5000_random_gestures_leave_the_game_valid_and_playable(game_id):
    result = run(get(game_id), events=5000, seed=11)
    pygame.display.quit()
    assert not result.failure, result.failure
    assert result.events == 5000
    assert result.actions > 0 and result.refusals > 0  # it both played and was refused
    assert result.finished_by_bots

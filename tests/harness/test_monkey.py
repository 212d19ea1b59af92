"""The monkey: random gestures mixed with gestures aimed at legal actions, on the real
hot-seat table, play whole games through the mouse and keys."""

import pygame
import pytest

from tabletop.games import get, registry
from tabletop.ui.table import TableScene
from tabletop.verbs import monkey
from tabletop.verbs.monkey import run

# Seeds whose first game is short, so that each run takes a few seconds (any seed plays
# whole games; a game the list does not name runs with seed 1).
SEEDS = {"arcmage": 3, "arcmage_aminduna": 5, "arcmage_giant": 2, "ewc": 6, "wota": 3}


@pytest.mark.parametrize("game_id", sorted(registry()))
def test_aimed_gestures_play_a_whole_game_through_the_table(game_id):
    result = run(get(game_id), events=3000, seed=SEEDS.get(game_id, 1), games=1)
    pygame.display.quit()
    assert not result.failure, result.failure
    assert result.ends["won"] == 1, result.as_dict()  # played to its end, not conceded
    assert result.random_events > 0  # mashing between the aimed gestures
    assert result.hits > 0 and not result.misses, result.notes
    assert result.actions >= result.hits
    assert result.per_game[0] == result.actions
    assert result.finished_by_bots


@pytest.mark.parametrize(("game_id", "seats"), [("ewc", 4), ("arcmage", 3)])
def test_three_or_four_people_at_one_screen_play_through_the_table(game_id, seats):
    result = run(get(game_id), events=400, seed=3, seats=seats)
    pygame.display.quit()
    assert not result.failure, result.failure
    assert result.hits > 0 and not result.misses and not result.unreachable, result.notes
    assert result.finished_by_bots


def test_a_gesture_that_does_not_make_its_action_is_an_aimed_miss(monkeypatch):
    monkeypatch.setattr(TableScene, "_release", lambda self, pos, button: None)  # deaf
    monkeypatch.setattr(monkey, "STALL", 8)
    result = run(get("wota"), events=60, seed=3, random_share=0.0, games=1)
    pygame.display.quit()
    assert not result.failure, result.failure
    assert result.ends["conceded"] == 1  # a game where nothing comes of its gestures
    assert result.misses, result.as_dict()
    # the buttons and keys still work (they act on the press); every card gesture misses
    assert all(k.split()[0] in ("click", "drag", "right-click", "mark") for k in result.misses)
    assert "made nothing" in result.notes[0]


def test_a_legal_action_no_gesture_makes_is_unreachable_and_the_game_is_conceded(monkeypatch):
    monkeypatch.setattr(TableScene, "bar", lambda self: [])  # no buttons: no End, no Pass
    result = run(get("ewc"), events=40, seed=6, random_share=0.0, games=1)
    pygame.display.quit()
    assert not result.failure, result.failure
    assert result.unreachable["keep"] > 0
    assert result.ends["conceded"] == 1
    assert "no gesture makes" in result.notes[0]

"""Every game's table, mid-game against the computer, at every text size of Settings, lays
out in a 1280×720 window: no label, badge, pile count, status plate or button overlaps
another, words stay inside their plates and pills (a pile's name inside its pile), no card
goes under the phase bar, and nothing leaves the window."""

import itertools

import pygame
import pytest

from tabletop.bots import make as make_bot
from tabletop.engine import Match, pick_decks, to_act
from tabletop.games import get
from tabletop.services.settings import UI_SCALES
from tabletop.ui.table import Setup, TableScene

GAMES = ("ewc", "wota", "arcmage", "eoc", "coe")
SEED = 3
TURNS = 4


def mid_game(app, game_id: str, scale: float) -> TableScene:
    """A game played greedy against greedy for some turns, then shown to Player 1 against
    the computer at Player 1's next decision, at the text size ``scale``."""
    game = get(game_id)
    decks = pick_decks(game, 2, SEED)
    bots = [make_bot("greedy", SEED), make_bot("greedy", SEED + 1)]
    match = Match(game, decks, SEED)
    state = match.state
    while not state.over and (state.turn <= TURNS or to_act(state) != 0):
        seat = to_act(state)
        match.apply(bots[seat](match.view(seat)))
    app.settings = app.settings.model_copy(update={"ui_scale": scale})
    table = TableScene(
        app,
        Setup(game, decks, ["human", "greedy"], SEED, actions=list(match.record.actions)),
        instant=True,
    )
    app.go(table)
    table.settle()
    return table


def labels(app, table):
    table.drawn = []
    table.flashes = []  # outcomes come and go: the layout is what is checked
    table._board = None  # the felt and the piles' names too, drawn once per window size
    table.draw(pygame.Surface(app.size))
    return list(table.drawn)


SOLID = {"plate", "pile count", "badge", "bar title", "phase", "thinking", "button", "hand count"}


@pytest.mark.parametrize("scale", UI_SCALES)
@pytest.mark.parametrize("game_id", GAMES)
def test_the_table_lays_out_without_overlaps_at_every_text_size(app, game_id, scale):
    table = mid_game(app, game_id, scale)
    assert not table.state.over and table.human_to_act()
    drawn = labels(app, table)
    assert any(d.kind == "button" for d in drawn) and any(d.kind == "plate" for d in drawn)
    window = pygame.Rect(0, 0, *app.size)
    problems = []
    for d in drawn:
        if not window.contains(d.rect):
            problems.append(f"{d.kind} {d.rect} leaves the window")
        if d.within is not None and not d.within.contains(d.rect):
            problems.append(f"{d.kind} {d.rect} spills out of {d.within}")
    for a, b in itertools.combinations([d for d in drawn if d.kind in SOLID], 2):
        if not a.rect.colliderect(b.rect):
            continue
        if a.kind == b.kind == "badge" and (
            a.card == b.card
            or table.sprites[a.card].rect().colliderect(table.sprites[b.card].rect())
        ):
            continue  # one card's column, or cards a crowded row lays over each other
        problems.append(f"{a.kind} {a.rect} overlaps {b.kind} {b.rect}")
    for sprite in table.sprites.values():
        if not window.contains(sprite.rect()):
            problems.append(f"card {sprite.cid} {sprite.rect()} leaves the window")
        if sprite.rect().colliderect(table.layout.bar):
            problems.append(f"card {sprite.cid} {sprite.rect()} goes under the phase bar")
    hand = table.state.zones[(table.near, "hand")]
    for cid in hand:  # a hand enlarged by the text size rises no higher than its room
        others = [s.rect() for s in table.sprites.values() if s.cid not in hand]
        if table.sprites[cid].rect().collidelist(others) >= 0:
            problems.append(f"hand card {cid} {table.sprites[cid].rect()} covers a card")
    assert not problems, "\n".join(problems)

"""Posting real mouse events at the table."""

from __future__ import annotations

import pygame

from tabletop.engine import to_act, view
from tabletop.games import get
from tabletop.ui.table import Setup, TableScene

GAME = get("ewc")
DECKS = GAME.card_set().decks


def click(app, pos, button=1):
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.pump()


def hover(app, pos):
    """The mouse moved to ``pos``, no button down."""
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    app.pump()


def drag(app, start, end, steps=6):
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.pump()
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
        )
        app.pump()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.pump()


def key(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.pump()


def settle(app, seconds=1.5):
    app.pump(frames=int(seconds * 60))


def until_idle(app, table, limit=20.0):
    """Pump frames until everything the table was playing out has played out."""
    for _ in range(int(limit * 60)):
        if not table.timeline and not any(s.moving for s in table.sprites.values()):
            return
        app.pump()
    raise AssertionError("the table never settled")


def take_screen(app, table: TableScene, limit: float = 10.0) -> None:
    """Pump frames until the seat to act has the screen: the hot-seat curtain comes down
    once the last move has been seen, and is lifted by a click."""
    for _ in range(int(limit * 60)):
        seat = to_act(table.state)
        if table.curtain is not None:
            click(app, (640, 360))
        elif (
            seat is None or table.seats[seat].is_bot or (table.near == seat and not table.timeline)
        ):
            return
        else:
            app.pump()
    raise AssertionError("the seat to act never got the screen")


def until_curtain(app, table: TableScene, limit: float = 10.0) -> None:
    """Pump frames until the hot-seat curtain comes down (once the last move was seen)."""
    for _ in range(int(limit * 60)):
        if table.curtain is not None:
            return
        app.pump()
    raise AssertionError("the curtain never came down")


def pause_button(table: TableScene, label: str):
    """The pause menu's button whose words begin with ``label``."""
    return next(b for b in table._pause_buttons() if b.label.startswith(label))


def concede(app, table: TableScene) -> None:
    """Esc, Concede, and yes: the seat to act gives up."""
    if not table.paused:
        key(app, pygame.K_ESCAPE)
    click(app, pause_button(table, "Concede").rect.center)
    click(app, pause_button(table, "Yes").rect.center)


def hotseat(app, seed=1, p1="ember_vanguard", p2="windrunner", first=0) -> TableScene:
    """A hot-seat table, both hands kept, Player ``first + 1`` in its Training Phase."""
    table = TableScene(app, Setup(GAME, [DECKS[p1], DECKS[p2]], ["human", "human"], seed))
    app.go(table)
    table.state.rng.force(*(6, 1) if first == 0 else (1, 6))
    app.pump()
    for _ in (0, 1):
        take_screen(app, table)
        button = next(b for b in table._buttons() if b.label == "Keep hand")
        click(app, button.rect.center)
        app.pump()
    until_idle(app, table)
    take_screen(app, table)
    assert table.state.phase == "training" and table.near == first
    return table


def refresh(table: TableScene) -> None:
    """After a test changes the state by hand, show it."""
    table.view = view(table.state, table.near)
    table._sync(snap=True)


def centre(table: TableScene, cid: int):
    return table.sprites[cid].rect().center


def deck_choice(app, game_name: str):
    """From the title screen to a game's deck choice for two players at one screen, by
    clicks."""
    from tabletop.ui.scenes import DeckScene, TitleScene

    def at(label):
        return next(b for b in app.scene.buttons if b.label == label).rect.center

    app.go(TitleScene(app))
    click(app, at("New game"))
    click(app, at(game_name))
    click(app, at("Two players (hot-seat)"))
    assert isinstance(app.scene, DeckScene)
    return app.scene

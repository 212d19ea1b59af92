"""The window and its loop: events in, scenes updated, frames drawn only when needed."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame

from .widgets import Scene

FPS = 60
# With nothing moving the loop sleeps a frame between looks at the event queue. (pygame's
# event.wait(timeout) polls inside and costs ~2.5% of a core by itself; sleeping costs 0.3%
# and answers input within one frame. Measured in docs/benchmarks.md.)
IDLE_SLEEP = 1 / FPS


class InputState:
    """The mouse as the UI last saw it in events (posted events do not move the real mouse,
    so the UI never asks ``pygame.mouse`` where it is)."""

    def __init__(self):
        self.pos = (-1, -1)
        self.buttons = set()
        self.shift = False

    def feed(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in (pygame.K_LSHIFT,
                                                                         pygame.K_RSHIFT):
            self.shift = event.type == pygame.KEYDOWN
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pos = tuple(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.buttons.add(event.button)
        elif event.type == pygame.MOUSEBUTTONUP:
            self.buttons.discard(event.button)


class App:
    def __init__(self, size: tuple[int, int] = (1280, 720), title: str = "Tabletop"):
        pygame.display.init()
        pygame.font.init()
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(title)
        pygame.key.set_repeat(0)
        self.input = InputState()
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        self.first_frame_at_wall: float | None = None  # time.time() of the first frame
        self.scene: Scene = Scene(self)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def go(self, scene: Scene) -> None:
        self.scene = scene
        scene.dirty = True

    def quit(self) -> None:
        self.running = False

    def dispatch(self, event: pygame.event.Event) -> None:
        self.input.feed(event)
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            self.resize((max(640, event.w), max(360, event.h)))
        elif event.type == pygame.WINDOWSIZECHANGED:
            self.resize(self.screen.get_size())
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        else:
            self.scene.handle(event)

    def resize(self, size: tuple[int, int]) -> None:
        if size != self.screen.get_size():
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.scene.resize(self.screen.get_size())
        self.scene.dirty = True

    def toggle_fullscreen(self) -> None:
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            return  # not every video driver can (the dummy one cannot)
        self.resize(self.screen.get_size())

    def step(self, dt: float) -> bool:
        """Update the scene by ``dt`` seconds and draw it if anything changed."""
        scene = self.scene
        scene.update(dt)
        if self.scene is not scene:
            return self.step(0.0)
        if not scene.dirty:
            return False
        scene.draw(self.screen)
        scene.dirty = False
        pygame.display.flip()
        self.frames += 1
        if self.first_frame_at_wall is None:
            self.first_frame_at_wall = time.time()
        return True

    def pump(self, frames: int = 1, dt: float = 1 / FPS) -> None:
        """Handle queued events and advance ``frames`` steps of ``dt`` (for tests)."""
        for _ in range(frames):
            for event in pygame.event.get():
                self.dispatch(event)
            self.step(dt)

    def run(self, quit_at_end: bool = True) -> None:
        last = time.perf_counter()
        while self.running:
            if self.scene.busy() or self.scene.dirty:
                self.clock.tick(FPS)
            else:
                time.sleep(IDLE_SLEEP)
            events = pygame.event.get()
            for event in events:
                self.dispatch(event)
            now = time.perf_counter()
            self.step(min(0.1, now - last))
            last = now
        self.running = True
        if quit_at_end:
            pygame.quit()

    def save(self, path: str | Path) -> None:
        pygame.image.save(self.screen, str(path))


def run_app() -> int:
    from .scenes import TitleScene

    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
    app = App()
    app.go(TitleScene(app))
    app.run()
    return 0


def play_to(app: App, table, turns: int, limit: int = 5_000) -> None:
    """Let the bots of a table play (no animation time) until ``turns`` turns have begun
    or the game ends."""
    for _ in range(limit):
        if table.state.over or table.state.turn > turns:
            break
        table.step_instant()
    table.update(0.0)


def screenshot(game_id: str, seed: int, turns: int, out: str | Path,
               size: tuple[int, int] = (1280, 720), bots: tuple[str, str] = ("greedy", "greedy")
               ) -> Path:
    """Play ``turns`` turns bot against bot through the table and save the window."""
    from ..games import get
    from ..selfplay import pick_decks
    from .table import Setup, TableScene

    app = App(size)
    game = get(game_id)
    setup = Setup(game, pick_decks(game, 2, seed), list(bots), seed)
    table = TableScene(app, setup, instant=True)
    app.go(table)
    play_to(app, table, turns)
    table.settle()
    hero = next(iter(table.view.zones.get((table.near, "hero"), ())), None)
    if hero is not None:
        table.zoomed = table.view.cards[hero].card
    table.dirty = True
    app.step(0.0)
    path = Path(out)
    app.save(path)
    return path

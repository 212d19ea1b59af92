"""``tabletop monkey``: a person mashing the interface, simulated.

Drives the real table (hot-seat, so every click belongs to someone) with seeded random
mouse moves, clicks, right-clicks, drags between random points, wheel turns, key presses
(Esc, Space, F11, Enter, letters) and window resizes. After every event the game's state
must still be valid. When the monkey ends a game (conceding from the menu, say) a new one
starts. At the end, bots take both seats and must play the game to its end through the same
table: the game is still playable.
"""

from __future__ import annotations

import random
import time
import traceback
from dataclasses import dataclass

import pygame

from .engine import Game
from .engine.invariants import zone_problems
from .selfplay import pick_decks


@dataclass
class MonkeyResult:
    game: str
    events: int = 0
    games_started: int = 0
    actions: int = 0
    refusals: int = 0
    finished_by_bots: bool = False
    seconds: float = 0.0
    failure: str = ""

    def as_dict(self) -> dict:
        return {"game": self.game, "events": self.events, "games_started": self.games_started,
                "actions_applied": self.actions, "refusals_shown": self.refusals,
                "finished_by_bots": self.finished_by_bots, "seconds": round(self.seconds, 1),
                "ok": not self.failure}


KEYS = (pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_SPACE, pygame.K_F11, pygame.K_RETURN,
        pygame.K_a, pygame.K_z, pygame.K_r)


class Monkey:
    def __init__(self, game: Game, seed: int, app=None):
        from .ui.app import App

        self.game = game
        self.rng = random.Random(seed)
        self.seed = seed
        self.app = app or App((1280, 720))
        self.result = MonkeyResult(game.id)
        self.table = None
        self._new_table()

    def _new_table(self) -> None:
        from .ui.table import Setup, TableScene

        s = self.seed * 1000 + self.result.games_started
        decks = pick_decks(self.game, 2, s)
        self.table = TableScene(self.app, Setup(self.game, decks, ["human", "human"], s))
        self.app.go(self.table)
        self.result.games_started += 1

    # -- one random gesture --------------------------------------------------------------
    def _point(self) -> tuple[int, int]:
        w, h = self.app.size
        sprites = list(self.table.sprites.values()) if self.app.scene is self.table else []
        if sprites and self.rng.random() < 0.5:
            r = self.rng.choice(sprites).rect()
            return r.centerx, r.centery
        return self.rng.randrange(w), self.rng.randrange(h)

    def _post(self, kind, **attrs) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def gesture(self) -> None:
        roll = self.rng.random()
        if roll < 0.30:
            self._post(pygame.MOUSEMOTION, pos=self._point(), rel=(0, 0), buttons=(0, 0, 0))
        elif roll < 0.55:
            pos = self._point()
            self._post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            self._post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            self._post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        elif roll < 0.62:
            pos = self._point()
            self._post(pygame.MOUSEBUTTONDOWN, pos=pos, button=3)
            self._post(pygame.MOUSEBUTTONUP, pos=pos, button=3)
        elif roll < 0.80:
            a, b = self._point(), self._point()
            self._post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
            for k in range(1, 5):
                p = (a[0] + (b[0] - a[0]) * k // 4, a[1] + (b[1] - a[1]) * k // 4)
                self._post(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))
                self.app.pump(frames=1, dt=0.02)
            self._post(pygame.MOUSEBUTTONUP, pos=b, button=1)
        elif roll < 0.85:
            self._post(pygame.MOUSEWHEEL, x=0, y=self.rng.choice((-1, 1)), flipped=False,
                       pos=self._point())
        elif roll < 0.97:
            self._post(pygame.KEYDOWN, key=self.rng.choice(KEYS), mod=0, unicode="",
                       scancode=0)
        else:
            w, h = self.rng.randrange(640, 1921), self.rng.randrange(360, 1081)
            self._post(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))

    # -- the run -----------------------------------------------------------------------
    def check(self) -> None:
        state = self.table.state
        problems = zone_problems(state) + self.game.invariants(state)
        if problems:
            raise AssertionError("invalid state: " + "; ".join(problems[:3]))

    def run(self, events: int) -> MonkeyResult:
        from .ui.table import TableScene

        start = time.perf_counter()
        try:
            for i in range(events):
                before = len(self.table.match.record.actions)
                toasts = self.table.toast
                self.gesture()
                self.app.pump(frames=2, dt=0.05)
                self.result.events = i + 1
                self.result.actions += len(self.table.match.record.actions) - before
                if self.table.toast is not None and self.table.toast is not toasts:
                    self.result.refusals += 1
                self.check()
                if self.app.scene is not self.table or not isinstance(self.app.scene,
                                                                       TableScene):
                    self._new_table()
            self.finish_with_bots()
        except Exception:
            self.result.failure = (f"seed {self.seed}, event {self.result.events}:\n"
                                   + traceback.format_exc())
        self.result.seconds = time.perf_counter() - start
        return self.result

    def finish_with_bots(self) -> None:
        """Hand both seats to bots and play the current game out through the table."""
        from .bots import make
        from .ui.seats import BotSeat

        table = self.table
        table.paused = False
        table.curtain = None
        table.menu = None
        table.drag = table.press = None
        table.seats = [BotSeat(make("greedy", 1), "greedy"), BotSeat(make("random", 2), "random")]
        table.instant = True
        table.timeline.clear()
        for _ in range(20_000):
            if table.state.over or table.state.turn > self.game.turn_cap():
                break
            table.step_instant()
            table.dirty = True
            self.app.step(0.0)
            self.check()
        self.result.finished_by_bots = table.state.over or \
            table.state.turn > self.game.turn_cap()
        if not self.result.finished_by_bots:
            raise AssertionError("the bots could not finish the game")


def run(game: Game, events: int, seed: int, app=None) -> MonkeyResult:
    return Monkey(game, seed, app).run(events)

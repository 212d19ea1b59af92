"""What covers the table: the hot-seat curtain (down between two people's turns, once
the last move has been seen) and the pause menu with the questions it asks (ending a
phase with points unspent, conceding, quitting). Quitting to the title is the scene's
own (``TableScene._quit``): it leads to another screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...engine import CONCEDE, Action, to_act
from .. import theme
from ..seats import BotSeat
from ..widgets import Button, draw_wrapped
from .parts import HANDOVER

if TYPE_CHECKING:
    from . import TableScene


class OverlayMixin:
    """The hot-seat curtain and the pause menu."""

    def _holding(self) -> bool:
        """The last move's result is still playing out or being read (a roll landing, a hit
        shown): the hot-seat curtain waits for it, so both players see how it went."""
        if self.instant:
            return False
        if self.clock - self.acted_at < HANDOVER:
            return True
        return any(not d.landed for d in self.dice) or bool(self.flashes)

    def _hand_over(self, seat: int) -> None:
        """Cover the screen for the next player (hot-seat)."""
        self.seen_upto[self.near] = len(self.events)
        self.curtain = seat
        self.menu = None
        self.drag = self.press = None
        self.dirty = True

    def _lift_curtain(self) -> None:
        """The player the curtain named takes the screen: its own view, what happened while
        it was away marked in the log, and the last result shown again."""
        seat, self.curtain = self.curtain, None
        assert seat is not None
        self._set_near(seat)
        self.since = self.seen_upto.get(seat)
        self.log_scroll = 0
        if self.since is not None:
            outcomes = [
                e for e in self.events[self.since :] if e.kind == "outcome" and e.shown_to(seat)
            ]
            if outcomes:
                self._outcome(outcomes[-1])

    def _draw_curtain(self, surface: pygame.Surface) -> None:
        lay = self.layout
        surface.fill((12, 14, 16))
        name = self.state.seat_names[self.curtain]
        mid = (lay.size[0] // 2, lay.size[1] // 2)
        theme.draw_text(
            surface,
            f"Pass to {name}",
            (mid[0], mid[1] - lay.px(20)),
            lay.px(40),
            theme.GOLD,
            "title",
            anchor="center",
        )
        theme.draw_text(
            surface,
            "click to continue",
            (lay.size[0] // 2, lay.size[1] // 2 + lay.px(30)),
            lay.px(18),
            theme.INK_DIM,
            anchor="center",
        )

    def _end(self, action: Action) -> None:
        """End the phase; first ask, when that leaves points unspent that could still buy
        something (unless Settings turned the question off)."""
        waste = (
            self.spec.unspent(self.view, self.near, self.legal())
            if self.app.settings.ask_unspent
            else None
        )
        if waste is None:
            self.attempt(self._real(action))
            return
        self.ending = (action, waste)
        self.paused = True
        self._ask("end")

    def _end_anyway(self) -> None:
        action = self.ending[0] if self.ending is not None else None
        self._resume()
        if action is not None:
            self.attempt(self._real(action))

    def _pause_items(self) -> list[tuple[str, Callable[[], object] | None]]:
        """The menu's choices, or the two answers to the question it asks."""
        if self.confirm == "end":
            return [
                (f"Yes, {self.spec.end_label(self.view)}", self._end_anyway),
                ("No, keep playing", self._resume),
            ]
        if self.confirm == "concede":
            return [
                (f"Yes, {self.state.seat_names[self._conceder()]} concedes", self._concede),
                ("No, play on", self._unconfirm),
            ]
        if self.confirm == "quit":
            return [("Yes, quit to the title", self._quit), ("No, play on", self._unconfirm)]
        concede = (
            "Concede"
            if not self._hotseat_humans()
            else f"Concede ({self.state.seat_names[self._conceder()]})"
        )
        return [
            ("Resume", self._resume),
            ("Settings", self._settings),
            (concede, None if self.state.over else lambda: self._ask("concede")),
            ("Quit to title", lambda: self._ask("quit")),
        ]

    def _pause_top(self) -> int:
        """Where the menu's first button sits below its panel's top (below the title, and
        the question when one is asked)."""
        return self.layout.px(70 if self.confirm is None else 130)

    def _pause_buttons(self) -> list[Button]:
        items = self._pause_items()
        box = self._pause_box(len(items))
        bh, step = self.layout.px(44), self.layout.px(56)
        out = []
        for i, (label, fn) in enumerate(items):
            r = pygame.Rect(0, 0, box.width - self.layout.px(60), bh)
            r.midtop = (box.centerx, box.top + self._pause_top() + i * step)
            out.append(Button(r, label, fn))
        return out

    def _pause_box(self, rows: int | None = None) -> pygame.Rect:
        """The menu's panel, in the middle of the window (over the curtain too)."""
        rows = len(self._pause_items()) if rows is None else rows
        r = pygame.Rect(
            0,
            0,
            self.layout.px(380),
            self._pause_top() + rows * self.layout.px(56) + self.layout.px(18),
        )
        r.center = (self.layout.size[0] // 2, self.layout.size[1] // 2)
        return r

    def _question(self) -> str:
        if self.confirm == "end" and self.ending is not None:
            return (
                f"{self.spec.end_label(self.view)} with {self.ending[1]} unspent? "
                "(Settings can turn this question off.)"
            )
        if self.confirm == "concede":
            who = self.state.seat_names[self._conceder()]
            return f"Concede the game? {who} loses it, and the game ends now."
        saved = (
            " The game is saved: Continue on the title screen resumes it."
            if self.setup.save and not self.state.over
            else ""
        )
        return f"Leave the table?{saved}"

    def _ask(self, what: str) -> None:
        self.confirm = what
        self.dirty = True

    def _unconfirm(self) -> None:
        self.confirm = None
        self.dirty = True

    def _conceder(self) -> int:
        """Who concedes from the menu: the person whose decision it is (the one the curtain
        names, in hot-seat), or the person at the bottom of the screen."""
        seat = to_act(self.state)
        if seat is not None and not self.seats[seat].is_bot:
            return seat
        return self.near

    def _resume(self) -> None:
        self.paused = False
        self.confirm = None
        self.ending = None
        self.dirty = True

    def _settings(self) -> None:
        from ..settings_scene import SettingsScene

        self.app.go(SettingsScene(self.app, back=self._back_from_settings))

    def _back_from_settings(self) -> TableScene:
        self.speed = self.app.settings.speed
        self.resize(self.app.size)  # the text and card size may have changed
        return self

    def _concede(self) -> None:
        self.paused = False
        self.confirm = None
        seat = self._conceder()
        self.curtain = None
        for s in self.seats:
            if isinstance(s, BotSeat):
                s.cancel()
        self.timeline.clear()
        self.attempt(Action(CONCEDE, seat))

    def _draw_pause(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(self.layout.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box = self._pause_box()
        theme.panel(surface, box, fill=(26, 30, 34), radius=self.layout.px(10))
        heading = "Before you go on" if self.confirm == "end" else "Paused"
        theme.draw_text(
            surface,
            heading,
            (box.centerx, box.top + self.layout.px(22)),
            self.layout.px(24),
            theme.GOLD,
            "title",
            anchor="midtop",
        )
        if self.confirm is not None:
            draw_wrapped(
                surface,
                self._question(),
                pygame.Rect(
                    box.left + self.layout.px(24),
                    box.top + self.layout.px(64),
                    box.width - self.layout.px(48),
                    self.layout.px(60),
                ),
                self.layout.px(15),
                theme.INK,
                center=True,
            )
        for button in self._pause_buttons():
            button.draw(surface, self.app.input.pos, self.layout.px(16))

"""The settings screen: one row per setting; click a value to change it (right-click goes
back). Every change applies at once and is saved."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..bots import LEVELS
from ..games import registry
from ..services.decks import choosable
from ..services.settings import ANIMATION, UI_SCALES
from . import theme
from .widgets import Button, ButtonScene, Scene

WINDOW_SIZES = ((1024, 576), (1280, 720), (1600, 900), (1920, 1080))
# Room a desktop keeps for a window's title bar and its own panels.
DECORATIONS = (0, 64)


def window_sizes(display: tuple[int, int] | None) -> list[tuple[int, int]]:
    """The window sizes Settings offers on a display of size ``display`` (None: unknown,
    every one): those whose window, with its title bar, fits on it; the smallest at
    least."""
    if display is None:
        return list(WINDOW_SIZES)
    room = (display[0] - DECORATIONS[0], display[1] - DECORATIONS[1])
    fits = [s for s in WINDOW_SIZES if s[0] <= room[0] and s[1] <= room[1]]
    return fits or [WINDOW_SIZES[0]]


def _next(options: list, current, step: int):
    i = options.index(current) if current in options else -1
    return options[(i + step) % len(options)]


class SettingsScene(ButtonScene):
    def __init__(self, app, back: Callable[[], Scene]):
        self.back = back
        self.message = ""
        self.rows: list[tuple[str, str, Callable[[int], None]]] = []
        self.general = 0  # how many rows are general settings (the rest choose decks)
        super().__init__(app)

    # -- the settings, as rows: (name, value shown, change by +1 / -1) -------------------------
    def settings_rows(self) -> list[tuple[str, str, Callable[[int], None]]]:
        st = self.app.settings
        w, h = self.app.size
        rows = [
            ("Window size", f"{w} × {h}", self._window),
            (
                "Full screen (F11)",
                "On" if st.fullscreen else "Off",
                lambda step: self.app.toggle_fullscreen(),
            ),
            (
                "Animation",
                st.animation.capitalize(),
                lambda step: self._set("animation", _next(list(ANIMATION), st.animation, step)),
            ),
            ("Sound", "On" if st.sound else "Off", lambda step: self._set("sound", not st.sound)),
            (
                "Text and card size",
                f"{round(st.ui_scale * 100)} %",
                lambda step: self._set("ui_scale", _next(list(UI_SCALES), st.ui_scale, step)),
            ),
            (
                "Computer opponent",
                LEVELS[st.bot],
                lambda step: self._set("bot", _next(list(LEVELS), st.bot, step)),
            ),
            (
                "With people: ask to answer",
                "Only when I can (faster, less private)"
                if st.answer_only_when_able
                else "At every chance (private)",
                lambda step: self._set("answer_only_when_able", not st.answer_only_when_able),
            ),
            (
                "Ask before ending with points unspent",
                "On" if st.ask_unspent else "Off",
                lambda step: self._set("ask_unspent", not st.ask_unspent),
            ),
        ]
        self.general = len(rows)
        for game in registry().values():
            if game.variant_of is not None:
                continue  # a team format: its decks are chosen on its deck screen
            decks = choosable(game)
            ids = list(decks)
            chosen = st.decks.get(game.id, [])
            for seat in range(2):
                current = (
                    chosen[seat]
                    if len(chosen) > seat and chosen[seat] in decks
                    else ids[seat % len(ids)]
                )
                rows.append(
                    (
                        f"{game.name}: Player {seat + 1}'s deck",
                        decks[current].name,
                        lambda step, g=game.id, s=seat, c=current, i=ids: self._deck(
                            g, s, _next(i, c, step)
                        ),
                    )
                )
        return rows

    def _set(self, name: str, value) -> None:
        setattr(self.app.settings, name, value)
        self._saved()
        if name == "sound" and value:
            self.app.sound.play("card")

    def _saved(self) -> None:
        problem = self.app.save_settings()  # applies everywhere, then keeps them
        self.message = problem or ""
        self.layout_buttons()

    def _window(self, step: int) -> None:
        if self.app.settings.fullscreen:
            self.message = "Leave full screen (F11) to choose a window size."
            self.layout_buttons()
            return
        size = _next(window_sizes(self.app.display_size()), tuple(self.app.size), step)
        self.app.resize(size)
        self._saved()

    def _deck(self, game_id: str, seat: int, deck_id: str) -> None:
        game = registry()[game_id]
        ids = list(choosable(game))
        chosen = list(self.app.settings.decks.get(game_id, []))
        while len(chosen) < 2:
            chosen.append(ids[len(chosen) % len(ids)])
        chosen[seat] = deck_id
        self.app.settings.decks[game_id] = chosen
        self._saved()

    # -- the screen --------------------------------------------------------------------------
    def layout_buttons(self) -> None:
        """One column of rows, label left of its value; when they do not fit the window's
        height, the general settings and the deck choices side by side."""
        w, h = self.app.size
        self.rows = self.settings_rows()
        self.buttons = []
        bh, gap, top = self.s(40), self.s(8), self.s(110)
        font = theme.font(self.s(17))
        fits = top + len(self.rows) * (bh + gap) <= h - self.s(64)
        columns = [self.rows] if fits else [self.rows[: self.general], self.rows[self.general :]]
        width = self.s(360) if fits else self.s(260)
        label = [max(font.size(name)[0] for name, _, _ in col) + self.s(20) for col in columns]
        total = sum(label) + width * len(columns) + self.s(40) * (len(columns) - 1)
        x = (w - total) // 2 if not fits else w // 2 + self.s(20) - label[0]
        for col, lw in zip(columns, label, strict=True):
            for i, (_, value, change) in enumerate(col):
                rect = pygame.Rect(x + lw, top + i * (bh + gap), width, bh)
                self.buttons.append(Button(rect, value, lambda c=change: c(1)))
            x += lw + width + self.s(40)
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            for (_, _, change), b in zip(self.rows, self.buttons, strict=True):
                if b.hit(event.pos):
                    change(-1)
                    return
        super().handle(event)

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.go(self.back())

    def resize(self, size) -> None:
        self.layout_buttons()

    def cards_changed(self) -> None:
        self.layout_buttons()  # imported decks join the deck rows

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill(theme.BG)
        theme.draw_text(
            surface,
            "Settings",
            (w // 2, self.s(56)),
            self.s(36),
            theme.GOLD,
            "title",
            anchor="center",
        )
        mouse = self.app.input.pos
        for (name, _, _), b in zip(self.rows, self.buttons, strict=True):
            theme.draw_text(
                surface,
                name,
                (b.rect.left - self.s(20), b.rect.centery),
                self.s(17),
                theme.INK,
                anchor="midright",
            )
            b.draw(surface, mouse, self.s(16))
        note = self.message or (
            "Click a value to change it (right-click to go back a "
            "step). Changes apply at once and are kept."
        )
        theme.draw_text(
            surface,
            note,
            (w // 2, h - self.s(44)),
            self.s(14),
            theme.DANGER if self.message else theme.INK_DIM,
            anchor="center",
        )
        self.draw_back_button(surface)

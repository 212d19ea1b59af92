"""A deck's problems, every one readable: the first few a line each where the deck builder
shows whether the deck is legal, and a button under them that opens the whole list over
the deck, each problem in full (wrapped), scrolled by the wheel when there are more than
it can hold. A click anywhere, or Esc, closes it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..engine import counted
from . import theme
from .widgets import Button

INLINE = 2  # problems a line each, under the deck's summary


class ProblemList:
    """The problems of a deck, in its block ``rect`` (:meth:`layout`); the whole list opens
    in ``room`` (the deck's panel), from the block's top down."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.open = False
        self.scroll = 0  # pixels of the open list scrolled past
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.room = pygame.Rect(0, 0, 0, 0)
        self.button: Button | None = None  # opens (and closes) the whole list
        self.s: Callable[[float], int] = lambda v: max(1, round(v))
        self.size = 13  # the problems' text, in pixels

    # -- what it holds ------------------------------------------------------------------------
    def show(self, problems: list[str]) -> None:
        """The deck's problems now (closed when there are none left)."""
        self.problems = [p[:1].upper() + p[1:] for p in problems]
        if not self.problems:
            self.open = False
        self._place_button()

    def line_height(self) -> int:
        return theme.font(self.size).get_linesize()

    def height(self) -> int:
        """The block's height: the inline problems and the button under them."""
        return INLINE * self.line_height() + self.s(4) + self.button_height()

    def button_height(self) -> int:
        return self.line_height() + self.s(8)

    def inline(self) -> list[tuple[str, bool]]:
        """The problems shown a line each, as drawn (cut with an ellipsis where too long),
        and whether each was cut."""
        f = theme.font(self.size)
        out = []
        for problem in self.problems[:INLINE]:
            line = theme.clipped(problem, f, self.rect.width)
            out.append((line, line != problem))
        return out

    def hidden(self) -> bool:
        """Whether a problem is not read in full in the block (one more, or one cut)."""
        return len(self.problems) > INLINE or any(cut for _, cut in self.inline())

    # -- where things are ---------------------------------------------------------------------
    def layout(
        self, rect: pygame.Rect, room: pygame.Rect, s: Callable[[float], int], size: int
    ) -> None:
        self.rect, self.room, self.s, self.size = rect, room, s, size
        self._place_button()

    def _place_button(self) -> None:
        if not self.problems or not self.hidden():
            self.button = None
            return
        n = len(self.problems)
        label = f"Read all {counted(n, 'problem')}" if n > 1 else "Read it in full"
        rect = pygame.Rect(
            self.rect.left,
            self.rect.top + INLINE * self.line_height() + self.s(4),
            min(self.rect.width, theme.width(label, self.size, "bold") + self.s(36)),
            self.button_height(),
        )
        self.button = Button(rect, label, self.toggle)

    def list_rect(self) -> pygame.Rect:
        """Where the open list is drawn: from the block's top down, as tall as it needs
        (at most to the bottom of its room)."""
        pad = self.s(12)
        rect = pygame.Rect(self.room.left + self.s(6), self.rect.top - pad, 0, 0)
        rect.width = self.room.width - self.s(12)
        rect.height = min(self._content_height() + 2 * pad, self.room.bottom - self.s(6) - rect.top)
        return rect

    def _paragraphs(self) -> list[list[str]]:
        f = theme.font(self.size)
        width = self.room.width - self.s(12) - 2 * self.s(12) - self._indent()
        return [theme.wrap(p, f, width) for p in self.problems]

    def _indent(self) -> int:
        """Where a problem's words start, right of its number."""
        return theme.width(f"{len(self.problems)}.", self.size, "bold") + self.s(8)

    def _heading(self) -> int:
        return theme.font(self.size + self.s(2), "bold").get_linesize() + self.s(8)

    def _content_height(self) -> int:
        step = self.line_height()
        lines = sum(len(p) for p in self._paragraphs())
        gaps = self.s(6) * max(0, len(self.problems) - 1)
        return self._heading() + lines * step + gaps + step + self.s(6)  # and the way out

    def _most_scroll(self) -> int:
        rect = self.list_rect()
        return max(0, self._content_height() + 2 * self.s(12) - rect.height)

    # -- input --------------------------------------------------------------------------------
    def toggle(self) -> None:
        self.open = not self.open and bool(self.problems)
        self.scroll = 0
        self._place_button()

    def handle(self, event: pygame.event.Event, mouse: tuple[int, int]) -> bool:
        """Take an event while the list is open; whether it was the list's. A click closes
        it (inside it too: the list has nothing to press), Esc closes it, the wheel over it
        scrolls it."""
        if not self.open:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            self.toggle()
            return True
        if event.type == pygame.MOUSEWHEEL and self.list_rect().collidepoint(mouse):
            step = self.line_height() * 2
            self.scroll = max(0, min(self._most_scroll(), self.scroll - event.y * step))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.toggle()
            return True
        return False

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        """The block: the first problems, a line each, and the button to read them all."""
        step = self.line_height()
        y = self.rect.top
        for line, _ in self.inline():
            surface.blit(theme.text(line, self.size, theme.DANGER), (self.rect.left, y))
            y += step
        if self.button is not None:
            self.button.draw(surface, mouse, self.size)

    def draw_list(self, surface: pygame.Surface) -> None:
        """The whole list, open over the deck."""
        if not self.open:
            return
        s = self.s
        rect = self.list_rect()
        pad = s(12)
        theme.panel(surface, rect.move(s(3), s(3)), fill=(0, 0, 0), edge=None, alpha=110)
        theme.panel(surface, rect, fill=(34, 24, 24), edge=theme.DANGER, radius=s(8))
        clip = surface.get_clip()
        inner = rect.inflate(-2 * pad, -2 * pad)
        surface.set_clip(inner)
        f = theme.font(self.size)
        step = f.get_linesize()
        y = inner.top - self.scroll
        heading = f"Not legal yet: {counted(len(self.problems), 'problem')}"
        theme.draw_text(surface, heading, (inner.left, y), self.size + s(2), theme.GOLD, "bold")
        y += self._heading()
        indent = self._indent()
        for i, lines in enumerate(self._paragraphs(), 1):
            theme.draw_text(surface, f"{i}.", (inner.left, y), self.size, theme.DANGER, "bold")
            for line in lines:
                surface.blit(f.render(line, True, theme.INK), (inner.left + indent, y))
                y += step
            y += s(6)
        theme.draw_text(
            surface,
            "Click anywhere or press Esc to close",
            (inner.left, y),
            self.size - s(1),
            theme.INK_DIM,
        )
        surface.set_clip(clip)
        most = self._most_scroll()
        if most:  # more above or below: say so, and where the page is
            track = pygame.Rect(rect.right - s(8), inner.top, s(4), inner.height)
            pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=s(2))
            thumb = track.copy()
            thumb.height = max(s(16), track.height * rect.height // (rect.height + most))
            thumb.top = track.top + (track.height - thumb.height) * self.scroll // most
            pygame.draw.rect(surface, theme.INK_DIM, thumb, border_radius=s(2))

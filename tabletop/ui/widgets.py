"""Buttons, menus and the scene base: small pieces every screen uses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from . import theme


class Scene:
    """A screen. The app feeds it events, calls ``update(dt)`` and draws it when dirty.

    ``busy()`` says the scene needs frames even without input (an animation, a bot
    thinking); when no scene is busy or dirty the app sleeps until the next event.

    Files dropped onto the window are the app's to import (a card database) unless the
    scene ``takes_files`` itself."""

    takes_files = False

    def __init__(self, app):
        self.app = app
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def busy(self) -> bool:
        return False

    def resize(self, size: tuple[int, int]) -> None:
        self.dirty = True

    def closing(self) -> None:
        """The window is about to close: keep whatever should outlive it."""

    def cards_changed(self) -> None:
        """Cards or decks were imported: show the new ones."""
        self.dirty = True

    def controls(self) -> list[pygame.Rect]:
        """Where the scene's buttons are: a notice drawn over the scene keeps clear of them."""
        return [b.rect for b in getattr(self, "buttons", ())]


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    on_click: Callable[[], Any] | None
    key: str = ""  # a shortcut shown after the label
    detail: str = ""  # a second, dimmer line
    selected: bool = False

    @property
    def enabled(self) -> bool:
        return self.on_click is not None

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int], size: int = 15) -> None:
        hot = self.enabled and self.rect.collidepoint(mouse)
        fill = (
            theme.BUTTON_HOT
            if hot or self.selected
            else (theme.BUTTON if self.enabled else theme.BUTTON_OFF)
        )
        edge = theme.HIGHLIGHT if self.selected else theme.PANEL_EDGE
        theme.panel(surface, self.rect, fill=fill, edge=edge, radius=max(4, self.rect.height // 5))
        color = theme.INK if self.enabled else theme.INK_DIM
        label = self.label + (f"  [{self.key}]" if self.key else "")
        room = self.rect.width - max(12, self.rect.height // 2)
        if self.detail:
            img = fitted(label, room, size, color, "bold")
            surface.blit(img, img.get_rect(midbottom=(self.rect.centerx, self.rect.centery - 1)))
            img = fitted(self.detail, room, max(10, size - 3), theme.INK_DIM)
            surface.blit(img, img.get_rect(midtop=(self.rect.centerx, self.rect.centery + 2)))
        else:
            img = fitted(label, room, size, color, "bold")
            surface.blit(img, img.get_rect(center=self.rect.center))

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


class Menu:
    """A right-click menu: a column of choices at a point; a click elsewhere closes it."""

    def __init__(
        self,
        pos: tuple[int, int],
        items: list[tuple[str, Callable[[], Any] | None]],
        bounds: pygame.Rect,
        size: int = 14,
        title: str = "",
    ):
        self.items = items
        self.size = size
        self.title = title
        f = theme.font(size)
        width = (
            max(
                [f.size(label)[0] for label, _ in items]
                + [theme.font(size, "bold").size(title)[0] if title else 0]
            )
            + 24
        )
        self.row = f.get_linesize() + 10
        height = self.row * (len(items) + (1 if title else 0)) + 8
        rect = pygame.Rect(pos[0], pos[1], width, height)
        rect.clamp_ip(bounds)
        self.rect = rect

    def item_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        i = (pos[1] - self.rect.top - 4) // self.row - (1 if self.title else 0)
        return i if 0 <= i < len(self.items) else None

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        theme.panel(surface, self.rect.move(3, 3), fill=(0, 0, 0), edge=None, alpha=90)
        theme.panel(surface, self.rect, fill=(34, 40, 46), radius=6)
        y = self.rect.top + 4
        if self.title:
            theme.draw_text(
                surface, self.title, (self.rect.left + 12, y + 5), self.size, theme.GOLD, "bold"
            )
            y += self.row
        hot = self.item_at(mouse)
        for i, (label, action) in enumerate(self.items):
            row = pygame.Rect(self.rect.left + 2, y, self.rect.width - 4, self.row)
            if i == hot and action is not None:
                pygame.draw.rect(surface, theme.BUTTON_HOT, row, border_radius=4)
            color = theme.INK if action is not None else theme.INK_DIM
            theme.draw_text(
                surface, label, (row.left + 10, row.centery), self.size, color, anchor="midleft"
            )
            y += self.row

    def click(self, pos: tuple[int, int]) -> bool:
        """Run the item under ``pos``; True if the click landed on the menu."""
        i = self.item_at(pos)
        if i is not None and self.items[i][1] is not None:
            self.items[i][1]()
        return self.rect.collidepoint(pos)


def fitted(
    words: str, width: int, size: int, color: tuple[int, int, int], style: str = "regular"
) -> pygame.Surface:
    """One line of words no wider than ``width``: smaller (down to four points less), then
    cut with an ellipsis (a long puzzle title on its button, say)."""
    for s in range(size, max(8, size - 4) - 1, -1):
        if theme.width(words, s, style) <= width:
            return theme.text(words, s, color, style)
    small = max(8, size - 4)
    f = theme.font(small, style)
    cut = words
    while cut and f.size(cut.rstrip() + "…")[0] > width:
        cut = cut[:-1]
    return theme.text(cut.rstrip() + "…", small, color, style)


def draw_wrapped(
    surface: pygame.Surface,
    words: str,
    rect: pygame.Rect,
    size: int,
    color=theme.INK,
    style: str = "regular",
    center: bool = False,
) -> int:
    """Draw ``words`` wrapped into ``rect``; returns the height used."""
    f = theme.font(size, style)
    y = rect.top
    for line in theme.wrap(words, f, rect.width):
        img = f.render(line, True, color)
        r = (
            img.get_rect(midtop=(rect.centerx, y))
            if center
            else img.get_rect(topleft=(rect.left, y))
        )
        surface.blit(img, r)
        y += f.get_linesize()
    return y - rect.top

"""Buttons, menus and the scene base: small pieces every screen uses."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
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


MUTED_HOT = (78, 84, 90)  # a muted button under the mouse, or chosen


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    on_click: Callable[[], Any] | None
    key: str = ""  # a shortcut shown after the label
    detail: str = ""  # a second, dimmer line
    selected: bool = False
    hint: bool = True  # the key shown after the label (it works either way)
    cut: bool = False  # as last drawn: its words did not fit it whole
    # Greyed though it can be pressed: a choice that is there to say why it cannot be
    # used (a draft deck, chosen, says its problem); chosen, it is edged in red.
    muted: bool = False

    @property
    def enabled(self) -> bool:
        return self.on_click is not None

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int], size: int = 15) -> None:
        hot = self.enabled and self.rect.collidepoint(mouse)
        if self.muted:
            fill = MUTED_HOT if hot or self.selected else theme.BUTTON_OFF
        elif hot or self.selected:
            fill = theme.BUTTON_HOT
        else:
            fill = theme.BUTTON if self.enabled else theme.BUTTON_OFF
        edge = (
            (theme.DANGER if self.muted else theme.HIGHLIGHT) if self.selected else theme.PANEL_EDGE
        )
        theme.panel(surface, self.rect, fill=fill, edge=edge, radius=max(4, self.rect.height // 5))
        lit = self.enabled and not (self.muted and not (hot or self.selected))
        color = theme.INK if lit else theme.INK_DIM
        label = self.label + (f"  [{self.key}]" if self.key and self.hint else "")
        room = self.rect.width - max(12, self.rect.height // 2)
        # Whether its words had to be cut to fit (a layout check reads it): wider than the
        # button even four points smaller, or taller than it.
        self.cut = not fits(label, room, size, "bold")
        if self.detail:
            img = fitted(label, room, size, color, "bold")
            surface.blit(img, img.get_rect(midbottom=(self.rect.centerx, self.rect.centery - 1)))
            tall = img.get_height()
            img = fitted(self.detail, room, max(10, size - 3), theme.INK_DIM)
            surface.blit(img, img.get_rect(midtop=(self.rect.centerx, self.rect.centery + 2)))
            self.cut |= tall + img.get_height() > self.rect.height
        else:
            img = fitted(label, room, size, color, "bold")
            surface.blit(img, img.get_rect(center=self.rect.center))
            self.cut |= img.get_height() > self.rect.height

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


def click(buttons: Iterable[Button], pos: tuple[int, int]) -> bool:
    """Press the first enabled button under ``pos``; whether there was one."""
    for b in buttons:
        if b.hit(pos):
            b.on_click()
            return True
    return False


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


DOT = " · "  # between the parts of a line of facts ("Kael, the Ember Knight · 31 cards")
_DOTS = re.compile(r"(?:^|\s)·(?:\s|$)")  # a middle dot between words, not inside one


def dotted(*parts: str) -> str:
    """The parts there are, joined by middle dots: an empty part leaves no stray dot
    ("· 7 cards"). A part that is itself dotted (a game's summary of a deck, "Kael · 7
    cards", whose hero may be missing) is taken apart first, so its empty parts go too."""
    pieces = (piece.strip() for part in parts for piece in _DOTS.split(part))
    return DOT.join(piece for piece in pieces if piece)


def fits(words: str, width: int, size: int, style: str = "regular") -> bool:
    """Whether :func:`fitted` shows ``words`` whole (at most four points smaller)."""
    return any(theme.width(words, s, style) <= width for s in range(size, max(8, size - 4) - 1, -1))


def fitted(
    words: str, width: int, size: int, color: tuple[int, int, int], style: str = "regular"
) -> pygame.Surface:
    """One line of words no wider than ``width``: smaller (down to four points less), then
    cut with an ellipsis (a long puzzle title on its button, say)."""
    for s in range(size, max(8, size - 4) - 1, -1):
        if theme.width(words, s, style) <= width:
            return theme.text(words, s, color, style)
    small = max(8, size - 4)
    return theme.text(theme.clipped(words, theme.font(small, style), width), small, color, style)


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


class TextField:
    """One line of text the player types into (a search, a deck's name): printable keys
    add to it, Backspace takes the last character off, Ctrl+Backspace or Ctrl+U clears
    it. Typed characters come from the key events (``event.unicode``)."""

    def __init__(self, text: str = "", placeholder: str = "", limit: int = 80):
        self.text = text
        self.placeholder = placeholder
        self.limit = limit
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.focused = False

    def key(self, event: pygame.event.Event) -> bool:
        """Take a key press if it edits the text; whether it did."""
        ctrl = event.mod & pygame.KMOD_CTRL
        if event.key == pygame.K_BACKSPACE or (ctrl and event.key == pygame.K_u):
            if not self.text:
                return event.key == pygame.K_BACKSPACE
            self.text = "" if ctrl else self.text[:-1]
            return True
        char = getattr(event, "unicode", "")
        if ctrl or not char or not char.isprintable() or len(self.text) >= self.limit:
            return False
        self.text += char
        return True

    def draw(self, surface: pygame.Surface, size: int, label: str = "") -> None:
        theme.panel(
            surface,
            self.rect,
            fill=(14, 18, 20),
            edge=theme.HIGHLIGHT if self.focused else theme.PANEL_EDGE,
            radius=max(4, self.rect.height // 5),
        )
        pad = max(8, self.rect.height // 3)
        x = self.rect.left + pad
        if label:
            img = theme.text(label, size, theme.INK_DIM)
            surface.blit(img, img.get_rect(midleft=(x, self.rect.centery)))
            x += img.get_width() + pad // 2
        room = self.rect.right - pad - x
        shown = self.text or self.placeholder
        color = theme.INK if self.text else theme.INK_DIM
        img = fitted(shown, room, size, color)
        if self.text and theme.width(self.text, size) > room:  # the end of a long text
            img = theme.text(theme.clipped(self.text, theme.font(size), room, True), size, color)
        at = img.get_rect(midleft=(x, self.rect.centery))
        surface.blit(img, at)
        if self.focused:
            caret = at.right + 1 if self.text else x
            h = theme.font(size).get_height()
            pygame.draw.line(
                surface,
                theme.INK,
                (caret, self.rect.centery - h // 2),
                (caret, self.rect.centery + h // 2),
                max(1, size // 12),
            )


class Dialog:
    """A question over a screen: a title, a few lines, an optional text field, and a row of
    buttons (label, what it does). Enter takes the first button, Esc the last."""

    def __init__(
        self,
        title: str,
        words: str,
        buttons: list[tuple[str, Callable[[], Any]]],
        field: TextField | None = None,
    ):
        self.title = title
        self.words = words
        self.choices = buttons
        self.field = field
        if field is not None:
            field.focused = True
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []

    def layout(self, size: tuple[int, int], s: Callable[[float], int]) -> None:
        w, h = size
        height = s(230) if self.field is not None else s(190)
        self.rect = pygame.Rect(0, 0, s(560), height)
        self.rect.center = (w // 2, h // 2)
        if self.field is not None:
            self.field.rect = pygame.Rect(
                self.rect.left + s(24), self.rect.top + s(110), self.rect.width - s(48), s(38)
            )
        n = len(self.choices)
        bw, gap = s(150), s(14)
        left = self.rect.centerx - (n * bw + (n - 1) * gap) // 2
        self.buttons = [
            Button(
                pygame.Rect(left + i * (bw + gap), self.rect.bottom - s(58), bw, s(40)),
                label,
                fn,
                key="Enter" if i == 0 else ("Esc" if i == n - 1 and n > 1 else ""),
            )
            for i, (label, fn) in enumerate(self.choices)
        ]

    def handle(self, event: pygame.event.Event) -> None:
        """Every event goes to the dialog while it is up."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            click(self.buttons, event.pos)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.choices[0][1]()
            elif event.key == pygame.K_ESCAPE:
                self.choices[-1][1]()
            elif self.field is not None:
                self.field.key(event)

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int], s: Callable[[float], int]):
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        theme.panel(surface, self.rect, fill=(28, 34, 38), edge=theme.GOLD, radius=s(10))
        theme.draw_text(
            surface,
            self.title,
            (self.rect.centerx, self.rect.top + s(30)),
            s(22),
            theme.GOLD,
            "bold",
            anchor="center",
        )
        draw_wrapped(
            surface,
            self.words,
            pygame.Rect(self.rect.left + s(24), self.rect.top + s(52), self.rect.width - s(48), 60),
            s(15),
            theme.INK,
            center=True,
        )
        if self.field is not None:
            self.field.draw(surface, s(17))
        for b in self.buttons:
            b.draw(surface, mouse, s(16))


def _at_text_size(method):
    """``method`` run with the fonts at the screen's text size."""

    @functools.wraps(method)
    def at_size(self, *args, **kwargs):
        with theme.text_scale(self.text_size()):
            return method(self, *args, **kwargs)

    at_size._scaled = True
    return at_size


class ButtonScene(Scene):
    """A screen of buttons, laid out in a 1280×720 design scaled to the window; its words
    follow the player's text size (Settings), in every method a screen has that lays out,
    draws or reads the mouse and keys."""

    FOLLOWS = ("layout_buttons", "draw", "handle", "key", "update")

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        for name in cls.FOLLOWS:
            method = cls.__dict__.get(name)
            if method is not None and not getattr(method, "_scaled", False):
                setattr(cls, name, _at_text_size(method))

    def text_size(self) -> float:
        return self.app.settings.ui_scale

    def __init__(self, app):
        super().__init__(app)
        self.buttons: list[Button] = []
        self.back_button: Button | None = None  # drawn by screens that Esc leaves
        self.layout_buttons()

    def s(self, v: float) -> int:
        """A length in design units, in pixels."""
        return max(1, round(v * min(self.app.size[0] / 1280, self.app.size[1] / 720)))

    def layout_buttons(self) -> None:
        raise NotImplementedError

    def resize(self, size) -> None:
        self.layout_buttons()

    def key(self, event: pygame.event.Event) -> None:
        pass

    def draw_back_button(self, surface: pygame.Surface) -> None:
        """A Back button in the bottom-left corner, doing what Esc does here."""
        rect = pygame.Rect(0, 0, self.s(120), self.s(34))
        rect.bottomleft = (self.s(16), self.app.size[1] - self.s(12))
        self.back_button = Button(rect, "Back", self._escape, key="Esc")
        self.back_button.draw(surface, self.app.input.pos, self.s(14))

    def _escape(self) -> None:
        self.key(
            pygame.event.Event(
                pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0
            )
        )

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            back = [self.back_button] if self.back_button is not None else []
            if click([*self.buttons, *back], event.pos):
                return
        elif event.type == pygame.MOUSEMOTION:
            self.dirty = True  # hover highlights follow the mouse
        elif event.type == pygame.KEYDOWN:
            self.key(event)

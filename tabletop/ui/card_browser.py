"""The deck builder's card browser: every card of a game in a grid, narrowed by a search of
names and text as the player types and by filters on what the game says of its cards
(``Game.card_facts``: type, faction or essence, cost...), scrolled a row at a time, with a
highlight the arrow keys move."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ..engine import Game
from . import theme
from .cards import CardArt
from .widgets import Button, TextField, dotted


def _value_order(value: str) -> tuple:
    """Numbers in their order, then words in theirs ("2" < "10" < "Gaian")."""
    head = value.split("+")[0]
    return (0, int(head), value) if head.isdigit() else (1, 0, value.casefold())


class CardBrowser:
    """The cards to pick from, in ``rect`` (laid out by :meth:`layout`): the search field,
    a row of filter buttons, a line saying how many cards show, and the grid."""

    ROWS = 3  # the grid's rows (as many columns as fit, made in ``layout``)

    def __init__(self, game: Game, art: CardArt):
        self.game = game
        self.art = art
        self.search = TextField("", "Type to search names and text", 60)
        self.search.focused = True
        known = game.card_set().cards
        self.cards = sorted(known.values(), key=self._order)
        self.facts = {c.name: dict(game.card_facts(c)) for c in self.cards}
        self.texts = {c.name: f"{c.name}\n{c.text}".casefold() for c in self.cards}
        headings: dict[str, set[str]] = {}
        for facts in self.facts.values():
            for heading, value in facts.items():
                headings.setdefault(heading, set()).add(value)
        self.facets = {h: sorted(v, key=_value_order) for h, v in headings.items() if len(v) > 1}
        self.chosen: dict[str, str | None] = dict.fromkeys(self.facets)
        self.shown: list[Any] = []
        self.scroll = 0  # the first row shown
        self.highlight = 0  # in the shown cards
        self.columns = 6
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.facet_buttons: list[tuple[str, Button]] = []
        self.card_size = (0, 0)
        self.grid_top = 0
        self.gap = 0
        self.s: Callable[[float], int] = lambda v: max(1, round(v))  # design units, in pixels
        self.changed: Callable[[], None] = lambda: None  # the owner's "draw again"
        self.refilter()

    def _order(self, card: Any) -> tuple:
        cost = self.game.card_cost(card)
        return (card.type, -1 if cost is None else cost, card.name.casefold())

    # -- what is shown ------------------------------------------------------------------------
    def refilter(self) -> None:
        """The cards the search and the filters let through, the highlight kept in them."""
        words = self.search.text.casefold().split()
        self.shown = [
            c
            for c in self.cards
            if all(w in self.texts[c.name] for w in words)
            and all(v is None or self.facts[c.name].get(h) == v for h, v in self.chosen.items())
        ]
        self.highlight = max(0, min(self.highlight, len(self.shown) - 1))
        self.scroll = max(0, min(self.scroll, self.last_scroll()))

    def last_scroll(self) -> int:
        rows = -(-len(self.shown) // self.columns)
        return max(0, rows - self.ROWS)

    def cycle(self, heading: str, step: int) -> None:
        """The next value of a filter (all, then each value in turn)."""
        options: list[str | None] = [None, *self.facets[heading]]
        i = options.index(self.chosen[heading])
        self.chosen[heading] = options[(i + step) % len(options)]
        self.refilter()
        self.layout(self.rect, self.s)

    def scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(self.last_scroll(), self.scroll + rows))

    def move_highlight(self, step: int) -> str | None:
        """The highlight moved by ``step`` cards (kept in view); the card it is now on."""
        if not self.shown:
            return None
        self.highlight = max(0, min(len(self.shown) - 1, self.highlight + step))
        row = self.highlight // self.columns
        if row < self.scroll:
            self.scroll = row
        elif row >= self.scroll + self.ROWS:
            self.scroll = row - self.ROWS + 1
        return self.shown[self.highlight].name

    def highlighted(self) -> str | None:
        return self.shown[self.highlight].name if self.shown else None

    def pick(self, name: str) -> None:
        """The highlight on a card (one clicked)."""
        self.highlight = next(i for i, c in enumerate(self.shown) if c.name == name)

    # -- where things are ---------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, s: Callable[[float], int]) -> None:
        self.rect, self.s = rect, s
        self.search.rect = pygame.Rect(rect.left, rect.top + s(4), rect.width, s(36))
        self.facet_buttons = []
        n = max(1, len(self.facets))
        gap = s(6)
        bw = (rect.width - gap * (n - 1)) // n
        for i, heading in enumerate(self.facets):
            button = pygame.Rect(rect.left + i * (bw + gap), rect.top + s(46), bw, s(32))
            value = self.chosen[heading]
            self.facet_buttons.append(
                (
                    heading,
                    Button(
                        button,
                        f"{heading}: {value or 'all'}",
                        lambda hd=heading: self.cycle(hd, 1),
                        selected=value is not None,
                    ),
                )
            )
        self.grid_top = rect.top + s(106)
        self.gap = gap = s(10)
        # Three rows of cards, as wide as their height allows (six to a row at most).
        ch = (rect.bottom - self.grid_top - 2 * gap) // 3
        cw = min(round(ch / 1.4), (rect.width - gap * 5) // 6)
        self.columns = max(1, (rect.width + gap) // (cw + gap))
        self.scroll = min(self.scroll, self.last_scroll())
        self.card_size = (cw, round(cw * 1.4))
        self.changed()

    def cell(self, i: int) -> pygame.Rect:
        """Where the i-th card shown sits in the grid (it may be scrolled out)."""
        cw, ch = self.card_size
        row, col = divmod(i, self.columns)
        return pygame.Rect(
            self.rect.left + col * (cw + self.gap),
            self.grid_top + (row - self.scroll) * (ch + self.gap),
            cw,
            ch,
        )

    def visible(self) -> range:
        first = self.scroll * self.columns
        return range(first, min(len(self.shown), first + self.ROWS * self.columns))

    def card_at(self, pos: tuple[int, int]) -> str | None:
        for i in self.visible():
            if self.cell(i).collidepoint(pos):
                return self.shown[i].name
        return None

    def facet_at(self, pos: tuple[int, int]) -> str | None:
        return next((h for h, b in self.facet_buttons if b.rect.collidepoint(pos)), None)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, mouse: tuple[int, int], counts: dict[str, int]):
        s = self.s
        self.search.draw(surface, s(16), "Search")
        for _, b in self.facet_buttons:
            b.draw(surface, mouse, s(14))
        n = len(self.shown)
        total = len(self.cards)
        said = f"{n} of {total} cards" if n != total else f"{total} cards"
        hint = dotted(
            "click or drag onto the deck to add", "right-click for more", "wheel to scroll"
        )
        theme.draw_text(
            surface,
            dotted(said, hint),
            (self.rect.left, self.rect.top + s(92)),
            s(13),
            theme.INK_DIM,
            anchor="midleft",
        )
        if not self.shown:
            theme.draw_text(
                surface,
                "No card matches: change the search or a filter.",
                (self.rect.centerx, self.grid_top + s(60)),
                s(16),
                theme.INK_DIM,
                anchor="center",
            )
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(pygame.Rect(0, self.grid_top, 10**5, 10**5)))
        for i in self.visible():
            card = self.shown[i]
            rect = self.cell(i)
            surface.blit(self.art.face(card, self.card_size), rect)
            n = counts.get(card.name, 0)
            if i == self.highlight:
                pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(s(6), s(6)), s(3), s(6))
            if n:
                badge = pygame.Rect(0, 0, s(34), s(24))  # clear of the cost, over the emblem
                badge.midright = (rect.right + s(4), rect.top + round(rect.height * 0.2))
                theme.panel(surface, badge, fill=theme.GOLD, edge=theme.INK_DARK, radius=s(10))
                theme.draw_text(
                    surface,
                    f"×{n}",
                    badge.center,
                    s(14),
                    theme.INK_DARK,
                    "bold",
                    anchor="center",
                )
        surface.set_clip(clip)
        rows = -(-len(self.shown) // self.columns)
        if rows > self.ROWS:  # where the page is in the whole
            track = pygame.Rect(
                self.rect.right + s(3), self.grid_top, s(5), self.rect.bottom - self.grid_top
            )
            pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=s(2))
            thumb = track.copy()
            thumb.height = max(s(20), track.height * self.ROWS // rows)
            thumb.top = track.top + (track.height - thumb.height) * self.scroll // max(
                1, self.last_scroll()
            )
            pygame.draw.rect(surface, theme.INK_DIM, thumb, border_radius=s(2))

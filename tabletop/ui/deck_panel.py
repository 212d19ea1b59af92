"""The deck builder's deck: its size, the game's summary of it (``Game.deck_summary``,
``Game.deck_details``), whether it is legal (its problems, :mod:`.problem_list`), its cost
curve, and its cards, a row each, scrolled with the wheel. Its words are drawn at the
player's text size (Settings' ``ui_scale``), each part as tall as that makes it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ..engine import DeckList, Game, counted
from . import theme
from .problem_list import ProblemList
from .widgets import dotted, fitted

CURVE_TOP = 7  # the cost curve's last column counts this cost and more
SUMMARY_LINES = 3  # the game's summary and what the deck is made of, at most


class DeckPanel:
    """The deck being built, in ``rect`` (laid out by :meth:`layout`). ``counts`` is the
    builder's own dictionary of card names to copies (changed in place); ``cards`` the
    game's cards in the browser's order, the order the rows keep."""

    def __init__(self, game: Game, counts: dict[str, int], cards: list[Any]):
        self.game = game
        self.counts = counts
        self.order = {c.name: i for i, c in enumerate(cards)}
        self.facts = {c.name: dict(game.card_facts(c)) for c in cards}
        self.costs = any(game.card_cost(c) is not None for c in cards)  # a cost curve
        self.scroll = 0  # the first row shown
        self.problem_list = ProblemList()
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.summary_rect = pygame.Rect(0, 0, 0, 0)
        self.curve_rect = pygame.Rect(0, 0, 0, 0)
        self.list_top = 0
        self.row_h = 1
        self.scale = 1.0
        self.s: Callable[[float], int] = lambda v: max(1, round(v))

    def t(self, v: float) -> int:
        """A text size (or a length that holds text), at the player's text size: never
        under 10 pixels, however small the window."""
        return max(10, self.s(v * self.scale))

    def layout(self, rect: pygame.Rect, s: Callable[[float], int], scale: float = 1.0) -> None:
        """Top down: the size, the summary, the problems, the curve, the rows; each as tall
        as its words at the text size ``scale``."""
        self.rect, self.s, self.scale = rect, s, scale
        t = self.t
        x, width = rect.left + s(14), rect.width - s(28)
        top = rect.top + s(10) + theme.font(t(20), "bold").get_linesize() + s(2)
        line = theme.font(t(13)).get_linesize()
        self.summary_rect = pygame.Rect(x, top, width, SUMMARY_LINES * line)
        block = pygame.Rect(x, self.summary_rect.bottom + s(8), width, 0)
        self.problem_list.layout(block, rect, s, max(11, t(13)))
        block.height = self.problem_list.height()
        below = block.bottom + s(10)
        if self.costs:
            self.curve_rect = pygame.Rect(x, below, width, t(36) + s(44))
            below = self.curve_rect.bottom + s(8)
        self.list_top = below
        self.row_h = t(24)
        self.scroll = max(0, min(self.scroll, len(self.rows()) - self.list_rows()))

    # -- what it holds ------------------------------------------------------------------------
    def kinds(self, deck: DeckList) -> str:
        """How many cards of each type the deck holds ("1 hero · 12 weapons"), the most
        first."""
        by_type: dict[str, int] = {}
        for name, n in deck.cards.items():
            if name in self.facts:
                kind = self.facts[name].get("Type", "card").lower()
                by_type[kind] = by_type.get(kind, 0) + n
        ranked = sorted(by_type.items(), key=lambda kn: -kn[1])
        return dotted(*(counted(n, kind) for kind, n in ranked))

    def summary(self, deck: DeckList) -> list[str]:
        """The lines under the deck's size: the game's summary of it, then what it is made
        of and what the game adds (each part only where there is one)."""
        if not deck.cards:
            return ["Empty: add cards from the left."]
        lines = [
            dotted(self.game.deck_summary(deck)),
            dotted(self.kinds(deck), self.game.deck_details(deck)),
        ]
        return [line for line in lines if line]

    def rows(self) -> list[tuple[str, int]]:
        """The deck's cards in the browser's order, with their counts."""
        return sorted(
            ((n, c) for n, c in self.counts.items() if c > 0),
            key=lambda nc: self.order.get(nc[0], len(self.order)),
        )

    def list_rows(self) -> int:
        return max(1, (self.rect.bottom - self.s(8) - self.list_top) // self.row_h)

    def row_at(self, pos: tuple[int, int]) -> str | None:
        if not self.rect.collidepoint(pos) or pos[1] < self.list_top:
            return None
        i = (pos[1] - self.list_top) // self.row_h + self.scroll
        rows = self.rows()
        if 0 <= i < len(rows) and i - self.scroll < self.list_rows():
            return rows[i][0]
        return None

    def scroll_by(self, rows: int) -> None:
        most = max(0, len(self.rows()) - self.list_rows())
        self.scroll = max(0, min(most, self.scroll + rows))

    # -- drawing ------------------------------------------------------------------------------
    def draw(
        self,
        surface: pygame.Surface,
        mouse: tuple[int, int],
        deck: DeckList,
        hot: bool,
        pressed: bool,
    ) -> None:
        """The panel; ``hot``: a card dragged from the browser is over it; ``pressed``: a
        button is down (no row lights up under the mouse). The open list of problems is
        drawn over it by :meth:`ProblemList.draw_list`, once everything else is."""
        s, t = self.s, self.t
        box = self.rect
        theme.panel(
            surface,
            box,
            fill=(16, 20, 22),
            edge=theme.LEGAL if hot else theme.PANEL_EDGE,
            radius=s(8),
        )
        x = self.summary_rect.left
        theme.draw_text(
            surface, counted(deck.size(), "card"), (x, box.top + s(10)), t(20), theme.INK, "bold"
        )
        f = theme.font(t(13))
        lines = theme.wrap("\n".join(self.summary(deck)), f, self.summary_rect.width)
        if len(lines) > SUMMARY_LINES:
            lines = [
                *lines[: SUMMARY_LINES - 1],
                theme.clipped(" ".join(lines[SUMMARY_LINES - 1 :]), f, self.summary_rect.width),
            ]
        y = self.summary_rect.top
        for line in lines:
            surface.blit(f.render(line, True, theme.INK_DIM), (x, y))
            y += f.get_linesize()
        if self.problem_list.problems:
            self.problem_list.draw(surface, mouse)
        else:
            at = (x, self.problem_list.rect.top)
            theme.draw_text(surface, "Legal: ready to play", at, t(15), theme.LEGAL, "bold")
        if self.costs:
            self._draw_curve(surface, self.curve_rect)
        rows = self.rows()
        first = self.scroll
        y = self.list_top
        cards = self.game.card_set().cards
        width = self.summary_rect.width
        for name, n in rows[first : first + self.list_rows()]:
            row = pygame.Rect(box.left + s(6), y, box.width - s(12), self.row_h - s(2))
            if row.collidepoint(mouse) and not pressed:
                pygame.draw.rect(surface, theme.BUTTON, row, border_radius=s(4))
            cost = self.game.card_cost(cards[name]) if name in cards else None
            theme.draw_text(
                surface, f"{n}×", (x, row.centery), t(14), theme.GOLD, "bold", anchor="midleft"
            )
            img = fitted(name, width - t(70), t(14), theme.INK)
            surface.blit(img, img.get_rect(midleft=(x + t(34), row.centery)))
            if cost is not None:
                theme.draw_text(
                    surface,
                    str(cost),
                    (box.right - s(16), row.centery),
                    t(14),
                    theme.INK_DIM,
                    anchor="midright",
                )
            y += self.row_h
        if len(rows) > self.list_rows():
            last = min(len(rows), first + self.list_rows())
            theme.draw_text(
                surface,
                f"rows {first + 1}–{last} of {len(rows)} (scroll)",
                (box.right - s(12), box.top + s(20)),
                t(12),
                theme.INK_DIM,
                anchor="midright",
            )

    def _draw_curve(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """How many cards of each cost the deck holds (the last column: that cost or more)."""
        s = self.s
        cards = self.game.card_set().cards
        counts = [0] * (CURVE_TOP + 1)
        for name, n in self.counts.items():
            cost = self.game.card_cost(cards[name]) if name in cards else None
            if cost is not None:
                counts[min(cost, CURVE_TOP)] += n
        t = self.t
        heading = theme.draw_text(surface, "Cost curve", rect.topleft, t(13), theme.INK_DIM)
        # the tallest bar's count under the heading, the costs under the bars
        top = heading.bottom + theme.font(t(11)).get_linesize()
        base = rect.bottom - theme.font(t(12)).get_linesize() - s(2)
        most = max(counts) or 1
        bw = rect.width // len(counts)
        for cost, n in enumerate(counts):
            bar = pygame.Rect(rect.left + cost * bw + s(4), 0, bw - s(8), 0)
            bar.height = round((base - top) * n / most)
            bar.bottom = base
            if n:
                pygame.draw.rect(surface, theme.BUTTON_HOT, bar, border_radius=s(3))
                above = (bar.centerx, bar.top - s(1))
                theme.draw_text(surface, str(n), above, t(11), theme.INK, anchor="midbottom")
            label = f"{cost}+" if cost == CURVE_TOP else str(cost)
            theme.draw_text(
                surface, label, (bar.centerx, base + s(2)), t(12), theme.INK_DIM, anchor="midtop"
            )

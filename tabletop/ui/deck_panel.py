"""The deck builder's deck: its size, the game's summary of it (``Game.deck_summary``,
``Game.deck_details``), whether it is legal, its cost curve, and its cards, a row each,
scrolled with the wheel."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ..engine import DeckList, Game, counted
from . import theme
from .widgets import dotted, draw_wrapped, fitted

CURVE_TOP = 7  # the cost curve's last column counts this cost and more


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
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.list_top = 0
        self.row_h = 1
        self.s: Callable[[float], int] = lambda v: max(1, round(v))

    def layout(self, rect: pygame.Rect, s: Callable[[float], int]) -> None:
        self.rect, self.s = rect, s
        self.row_h = s(24)
        self.list_top = rect.top + (s(250) if self.costs else s(160))
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
        problems: list[str],
        hot: bool,
        pressed: bool,
    ) -> None:
        """The panel; ``hot``: a card dragged from the browser is over it; ``pressed``: a
        button is down (no row lights up under the mouse)."""
        s = self.s
        box = self.rect
        theme.panel(
            surface,
            box,
            fill=(16, 20, 22),
            edge=theme.LEGAL if hot else theme.PANEL_EDGE,
            radius=s(8),
        )
        x = box.left + s(14)
        width = box.width - s(28)
        theme.draw_text(
            surface,
            f"{deck.size()} cards",
            (x, box.top + s(10)),
            s(20),
            theme.INK,
            "bold",
        )
        draw_wrapped(
            surface,
            "\n".join(self.summary(deck)),
            pygame.Rect(x, box.top + s(38), width, s(54)),
            s(13),
            theme.INK_DIM,
        )
        y = box.top + s(98)
        if problems:
            shown = problems[:3]
            if len(problems) > 3:
                shown = [*problems[:2], f"and {len(problems) - 2} more problems"]
            for line in shown:
                img = fitted(line[0].upper() + line[1:], width, s(13), theme.DANGER)
                surface.blit(img, (x, y))
                y += s(18)
        else:
            theme.draw_text(surface, "Legal: ready to play", (x, y), s(15), theme.LEGAL, "bold")
        self._draw_curve(surface, pygame.Rect(x, box.top + s(154), width, s(84)))
        rows = self.rows()
        first = self.scroll
        y = self.list_top
        cards = self.game.card_set().cards
        for name, n in rows[first : first + self.list_rows()]:
            row = pygame.Rect(box.left + s(6), y, box.width - s(12), self.row_h - s(2))
            if row.collidepoint(mouse) and not pressed:
                pygame.draw.rect(surface, theme.BUTTON, row, border_radius=s(4))
            cost = self.game.card_cost(cards[name]) if name in cards else None
            theme.draw_text(
                surface, f"{n}×", (x, row.centery), s(14), theme.GOLD, "bold", anchor="midleft"
            )
            img = fitted(name, width - s(70), s(14), theme.INK)
            surface.blit(img, img.get_rect(midleft=(x + s(34), row.centery)))
            if cost is not None:
                theme.draw_text(
                    surface,
                    str(cost),
                    (box.right - s(16), row.centery),
                    s(14),
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
                s(12),
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
        if not self.costs:
            return  # a game without costs has no curve
        theme.draw_text(surface, "Cost curve", (rect.left, rect.top), s(13), theme.INK_DIM)
        top = rect.top + s(18)
        base = rect.bottom - s(16)
        most = max(counts) or 1
        bw = rect.width // len(counts)
        for cost, n in enumerate(counts):
            bar = pygame.Rect(rect.left + cost * bw + s(4), 0, bw - s(8), 0)
            bar.height = round((base - top) * n / most)
            bar.bottom = base
            if n:
                pygame.draw.rect(surface, theme.BUTTON_HOT, bar, border_radius=s(3))
                above = (bar.centerx, bar.top - s(1))
                theme.draw_text(surface, str(n), above, s(11), theme.INK, anchor="midbottom")
            label = f"{cost}+" if cost == CURVE_TOP else str(cost)
            theme.draw_text(
                surface, label, (bar.centerx, base + s(2)), s(12), theme.INK_DIM, anchor="midtop"
            )

"""The board in pixels: the game's areas (in the 1280×720 design) scaled to the window.

Positions scale with the window's width and height separately; card sizes scale by the
smaller of the two, so cards keep their shape. The right-hand column (zoom and log) and the
phase bar are the table's own and the same for every game.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..engine import ZoneKey
from ..tablespec import DESIGN, Area, TableSpec

PLAY_W = 1010  # design x where the right-hand column starts
ZOOM = (1018, 8, 254, 356)
LOG = (1018, 370, 254, 342)  # the message box, when there is one, takes its top


@dataclass
class Placed:
    key: ZoneKey
    area: Area
    rect: pygame.Rect
    slots: list[pygame.Rect]
    size: tuple[int, int]


class Layout:
    def __init__(
        self, spec: TableSpec, size: tuple[int, int], near: int, seats: int, scale: float = 1.0
    ):
        self.size = size
        self.sx = size[0] / DESIGN[0]
        self.sy = size[1] / DESIGN[1]
        # The player's UI scale enlarges text and cards (lengths from px()); the areas keep
        # their places, and a card never grows taller than its area.
        self.s = min(self.sx, self.sy) * scale
        self.cards = {
            k: (max(8, round(w * self.s)), max(11, round(h * self.s)))
            for k, (w, h) in spec.card_sizes.items()
        }
        far = (near + 1) % seats
        self.bar = self.rect(spec.bar)
        self.placed: list[Placed] = []
        areas = spec.layout_areas(near)
        rects = [self.rect(area.rect) for area in areas]
        for area, rect in zip(areas, rects, strict=True):
            seat = near if area.side == "near" else far if area.side == "far" else None
            ceiling = 0
            if area.grow_up:  # up to the phase bar or the area above, never over them
                above = [
                    r.bottom
                    for r in (*rects, self.bar)
                    if r.bottom <= rect.top and r.left < rect.right and rect.left < r.right
                ]
                ceiling = max(above, default=0) + self.px(2)
            self.placed.append(
                Placed(
                    (seat, area.zone),
                    area,
                    rect,
                    [self.rect(r) for r in area.slots],
                    self._fit(self.cards[area.size], rect, ceiling),
                )
            )
        self.by_key = {p.key: p for p in self.placed}
        self.zoom = self.rect(ZOOM)
        self.log = self.rect(LOG)
        # The seat panels sit between fixed areas: their width follows the window only.
        self.status_width = max(1, round(spec.status_width * min(self.sx, self.sy)))
        self.play = pygame.Rect(0, 0, round(PLAY_W * self.sx), size[1])
        self.status = {side: self.point(spec.status_anchor(side)) for side in ("near", "far")}
        self.near, self.far = near, far

    def _fit(self, size: tuple[int, int], rect: pygame.Rect, ceiling: int) -> tuple[int, int]:
        """A card enlarged by the UI scale grows no taller than its area (but never
        shrinks below its size at scale 1), or, where the area lets it rise above, than the
        room up to ``ceiling``."""
        w, h = size
        room = rect.bottom - ceiling if ceiling else rect.height
        limit = max(room, round(h * min(self.sx, self.sy) / self.s))
        if h > limit:
            return max(8, round(w * limit / h)), limit
        return size

    def rect(self, r) -> pygame.Rect:
        x, y, w, h = r
        return pygame.Rect(
            round(x * self.sx), round(y * self.sy), round(w * self.sx), round(h * self.sy)
        )

    def point(self, p) -> tuple[int, int]:
        return round(p[0] * self.sx), round(p[1] * self.sy)

    def px(self, v: float) -> int:
        """A length in design units, in pixels (by the uniform scale)."""
        return max(1, round(v * self.s))

    def crowded(self, placed: Placed, turned: list[bool]) -> bool:
        """Whether a row's cards must overlap to fit."""
        if placed.area.style != "row":
            return False
        w, h = placed.size
        rest = turned[len(placed.slots) :]
        return sum(h if t else w for t in rest) + self.px(6) * (len(rest) - 1) > placed.rect.width

    def arrange(self, placed: Placed, turned: list[bool]) -> list[tuple[float, float]]:
        """Centres of the cards of a zone, in order (turned cards lie sideways)."""
        n = len(turned)
        w, h = placed.size
        rect = placed.rect
        out: list[tuple[float, float]] = []
        style = placed.area.style
        if style == "pile":
            return [rect.center] * n
        if style == "peek":
            step = self.px(12)
            return [(rect.centerx - step * (n - 1 - i), rect.centery) for i in range(n)]
        for i in range(min(n, len(placed.slots))):
            out.append(placed.slots[i].center)
        rest = turned[len(out) :]
        if not rest:
            return out
        gap = self.px(6)
        widths = [h if t else w for t in rest]
        # A card taller than its area (the UI scale, in an area that lets cards rise) keeps
        # its bottom edge on the area's.
        cy = rect.bottom - h / 2 if h > rect.height else rect.centery
        total = sum(widths) + gap * (len(rest) - 1)
        if total <= rect.width:
            x = rect.left if placed.area.align == "left" else rect.centerx - total / 2
            for width in widths:
                out.append((x + width / 2, cy))
                x += width + gap
        else:
            # Crowded: overlap evenly so the last card still ends inside the area.
            span = rect.width - widths[-1]
            step = span / max(1, len(rest) - 1)
            for i, width in enumerate(widths):
                out.append((rect.left + i * step + width / 2, cy))
        return out

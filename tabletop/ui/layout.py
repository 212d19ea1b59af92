"""The board in pixels: the game's areas (in the 1280×720 design) scaled to the window.

Positions scale with the window's width and height separately; card sizes scale by the
smaller of the two, so cards keep their shape. The right-hand column (zoom and log) and the
phase bar are the table's own and the same for every game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ..engine import ZoneKey
from ..tablespec import DESIGN, Area, Rect, TableSpec

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


class _Columns:
    """The far side cut into ``k`` columns side by side: a design rect of the far side, in
    column ``i`` (its x and width shrunk ``k`` times about the side's left edge)."""

    def __init__(self, left: float, width: float, bottom: float, k: int):
        self.left, self.width, self.bottom, self.k = left, width, bottom, k

    def box(self, i: int) -> Rect:
        """Column ``i`` whole, from the top of the table to the far side's bottom."""
        step = self.width / self.k
        return (self.left + i * step, 0, step, self.bottom)

    def __call__(self, r: Rect, i: int) -> Rect:
        x, y, w, h = r
        step = self.width / self.k
        return (self.left + i * step + (x - self.left) / self.k, y, w / self.k, h)

    def right(self, i: int) -> float:
        return self.left + (i + 1) * self.width / self.k


def _columns(spec: TableSpec, areas: Sequence[Area], k: int) -> _Columns | None:
    """The columns of the far side for ``k`` other seats (None: one other, the side whole)."""
    far = [a.rect for a in areas if a.side == "far"]
    if k < 2 or not far:
        return None
    if spec.opponents_band is not None:
        x, _, w, h = spec.opponents_band
        return _Columns(x, w, h, k)
    left = min(r[0] for r in far)
    right = max(r[0] + r[2] for r in far)
    return _Columns(left, right - left, max(r[1] + r[3] for r in far), k)


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
        # The other seats clockwise from the near one. With two, the other has the game's far
        # side; with more, the far side is cut into as many columns, one each, its cards
        # drawn small (everything reads large on hover).
        self.others = [(near + i) % seats for i in range(1, seats)]
        far = self.others[0] if self.others else near
        self.bar = self.rect(spec.bar)
        self.placed: list[Placed] = []
        areas: list[tuple[Area, int | None, Rect, tuple[Rect, ...], str]] = []
        columns = _columns(spec, spec.layout_areas(near), len(self.others))
        boxes = [columns.box(i) for i in range(len(self.others))] if columns else []
        fitted = [spec.opponent_areas(box) for box in boxes]
        for area in spec.layout_areas(near):
            if area.side == "far" and columns is not None:
                for i, seat in enumerate(self.others):
                    if fitted[i] is not None:
                        continue  # the game's own layout for one of several opponents
                    small = "small" if area.size == "board" else area.size
                    slots = tuple(columns(r, i) for r in area.slots)
                    areas.append((area, seat, columns(area.rect, i), slots, small))
                continue
            seat = near if area.side == "near" else far if area.side == "far" else None
            areas.append((area, seat, area.rect, area.slots, area.size))
        for seat, own in zip(self.others, fitted, strict=False):
            for area in own or ():
                areas.append((area, seat, area.rect, area.slots, area.size))
        rects = [self.rect(r) for _, _, r, _, _ in areas]
        for (area, seat, _, slots, size_name), rect in zip(areas, rects, strict=True):
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
                    [self.rect(r) for r in slots],
                    self._fit(self.cards[size_name], rect, ceiling),
                )
            )
        self.by_key = {p.key: p for p in self.placed}
        self.zoom = self.rect(ZOOM)
        self.log = self.rect(LOG)
        # The seat panels sit between fixed areas: their width follows the window only.
        self.status_width = max(1, round(spec.status_width * min(self.sx, self.sy)))
        self.play = pygame.Rect(0, 0, round(PLAY_W * self.sx), size[1])
        # Each seat's status plate: where it is drawn, and how wide it may be.
        self.plates: dict[int, tuple[tuple[int, int], int]] = {
            near: (self.point(spec.status_anchor("near")), 0)
        }
        anchor = spec.status_anchor("far")
        for i, seat in enumerate(self.others):
            if columns is None:
                self.plates[seat] = (self.point(anchor), 0)
                continue
            if fitted[i] is not None:
                x, y, room = spec.opponent_status(boxes[i])
            else:
                x, y, _, _ = columns((*anchor, 0, 0), i)
                room = columns.right(i) - x - 4
            self.plates[seat] = (self.point((x, y)), round(room * self.sx))
        # How tall each plate may be: down to the first area, or the bar, under it.
        self.plate_room: dict[int, int] = {}
        for seat, ((x, y), room) in self.plates.items():
            w = min(self.status_width, room) if room else self.status_width
            below = [
                r.top
                for r in (*(p.rect for p in self.placed), self.bar)
                if r.top > y and r.left < x + w and x < r.right
            ]
            self.plate_room[seat] = min(below, default=size[1]) - y - self.px(1)
            # A row or fan the plate lies on keeps its cards beside it: cut at its edge.
            plate = self.plate_rect(seat, grown=False)
            for p in self.placed:
                if p.area.style == "pile" or not p.rect.colliderect(plate):
                    continue
                r = p.rect.copy()
                if plate.centerx < r.centerx:
                    r.width -= plate.right + self.px(4) - r.left
                    r.left = plate.right + self.px(4)
                else:
                    r.width = plate.left - self.px(4) - r.left
                if r.width >= p.size[0]:  # else a card could not lie there at all
                    p.rect = r
        # How wide each may grow, where its items need it: into free room on its right, up
        # to the next area or the edge of the play (a narrow plate keeps to its column).
        self.plate_most: dict[int, int] = {}
        for seat, ((x, _), room) in self.plates.items():
            plate = self.plate_rect(seat, grown=False)
            if room:
                self.plate_most[seat] = plate.width
                continue
            beside = [
                r.left
                for r in (*(p.rect for p in self.placed), self.bar)
                if r.left >= plate.right and r.top < plate.bottom and plate.top < r.bottom
            ]
            edge = min(beside, default=self.play.right) - self.px(4)
            self.plate_most[seat] = max(plate.width, edge - x)
        self.near, self.far = near, far

    def plate_rect(self, seat: int, grown: bool = True) -> pygame.Rect:
        """Where a seat's status plate lies: at its anchor, as wide as a plate is there (as
        wide as it may grow, with ``grown``), as tall as the room above the next area."""
        (x, y), room = self.plates[seat]
        w = min(self.status_width, room) if room else self.status_width
        if grown:
            w = self.plate_most[seat]
        return pygame.Rect(x, y, w, min(self.px(56), self.plate_room[seat]))

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
        if style == "peek":  # a fan leftwards from the last card: never past its area
            room = rect.centerx - placed.size[0] / 2 - rect.left
            step = min(self.px(12), max(1.0, room / (n - 1))) if n > 1 else 0
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

"""The d6, drawn: pips on faces 1–5, and the game's Icon on the face it names; a roll tumbles
for about half a second and lands on its face."""

from __future__ import annotations

import math
import random

import pygame

from . import theme

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.24), (0.73, 0.24), (0.27, 0.5), (0.73, 0.5), (0.27, 0.76), (0.73, 0.76)],
}
ROLL_SECONDS = 0.55

_cache: dict[tuple, pygame.Surface] = {}
theme.remember(_cache.clear)


def die_face(
    face: int,
    size: int,
    icon_face: int | None = None,
    color: tuple[int, int, int] = (245, 243, 236),
) -> pygame.Surface:
    """One face of the die, cached. The Icon face is gold with a star, unmistakable."""
    key = (face, size, icon_face, color)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(3, size // 6)
    icon = face == icon_face
    body = (232, 188, 72) if icon else color
    pygame.draw.rect(surf, (0, 0, 0, 90), surf.get_rect().move(2, 2), border_radius=radius)
    pygame.draw.rect(surf, body, surf.get_rect().inflate(-2, -2), border_radius=radius)
    pygame.draw.rect(
        surf,
        (40, 36, 30),
        surf.get_rect().inflate(-2, -2),
        max(1, size // 24),
        border_radius=radius,
    )
    if icon:
        c = size / 2
        points = []
        for i in range(10):
            r = size * (0.36 if i % 2 == 0 else 0.15)
            a = -math.pi / 2 + i * math.pi / 5
            points.append((c + r * math.cos(a), c + r * math.sin(a)))
        pygame.draw.polygon(surf, (110, 40, 30), points)
        pygame.draw.polygon(surf, (60, 20, 10), points, max(1, size // 32))
    else:
        pip = max(2, size // 11)
        for px, py in PIPS[face]:
            pygame.draw.circle(surf, (30, 28, 26), (int(px * size), int(py * size)), pip)
    surf = surf.convert_alpha()
    _cache[key] = surf
    return surf


class Toss:
    """Something thrown on the table: in the air for ROLL_SECONDS after ``delay``, then
    lying there for ``hold`` seconds."""

    hold = 2.2

    def __init__(self, delay: float):
        self.t = -delay

    @property
    def landed(self) -> bool:
        return self.t >= ROLL_SECONDS

    @property
    def finished(self) -> bool:
        return self.t >= ROLL_SECONDS + self.hold

    def update(self, dt: float) -> None:
        self.t += dt


class DieRoll(Toss):
    """A die tumbling to ``face`` at ``pos`` (its centre), then showing it with its total."""

    def __init__(
        self,
        face: int,
        pos: tuple[int, int],
        size: int,
        icon_face: int | None,
        label: str = "",
        delay: float = 0.0,
        seed: int = 0,
        anchor: tuple[int | None, int | None] | None = None,
    ):
        super().__init__(delay)
        self.anchor = anchor  # (the card it was rolled for, the seat): the table places it
        self.face = face
        self.pos = pos
        self.size = size
        self.icon_face = icon_face
        self.label = label
        self.rng = random.Random(seed)
        self.shown = self.rng.randint(1, 6)
        self.spin = self.rng.choice((-1, 1))
        self._flip = 0.0

    def update(self, dt: float) -> None:
        super().update(dt)
        if 0 <= self.t < ROLL_SECONDS:
            self._flip += dt
            if self._flip >= 0.06:
                self._flip = 0.0
                self.shown = self.rng.choice([f for f in range(1, 7) if f != self.shown])

    def box(self) -> pygame.Rect:
        """Where the landed die and its total lie."""
        die = pygame.Rect(0, 0, self.size, self.size)
        die.center = self.pos
        if not self.label:
            return die
        w, h = theme.font(max(10, self.size // 2), "bold").size(self.label)
        tag = pygame.Rect(0, 0, w, h)
        tag.midleft = (self.pos[0] + self.size // 2 + 6, self.pos[1])
        return die.union(tag.inflate(10, 4))

    def draw(self, surface: pygame.Surface) -> None:
        if self.t < 0:
            return
        if self.landed:
            img = die_face(self.face, self.size, self.icon_face)
            surface.blit(img, img.get_rect(center=self.pos))
            if self.label:
                tag = theme.text(self.label, max(10, self.size // 2), theme.INK, "bold")
                box = tag.get_rect(midleft=(self.pos[0] + self.size // 2 + 6, self.pos[1]))
                theme.panel(surface, box.inflate(10, 4), alpha=215, radius=6)
                surface.blit(tag, box)
            return
        k = self.t / ROLL_SECONDS
        angle = (1 - k) * 720 * self.spin
        hop = abs(math.sin(k * math.pi * 3)) * self.size * 0.5 * (1 - k)
        img = pygame.transform.rotate(die_face(self.shown, self.size, self.icon_face), angle)
        surface.blit(img, img.get_rect(center=(self.pos[0], int(self.pos[1] - hop))))


class CoinFlip(Toss):
    """A coin spinning for a moment, then showing its face (0 heads ♛, 1 tails ✦)."""

    hold = 2.5

    def __init__(
        self, face: int, pos: tuple[int, int], size: int, label: str = "", delay: float = 0.0
    ):
        super().__init__(delay)
        self.face = face
        self.pos = pos
        self.size = size
        self.label = label

    def _side(self, face: int) -> pygame.Surface:
        key = ("coin", face, self.size)
        surf = _cache.get(key)
        if surf is None:
            s = self.size
            surf = pygame.Surface((s, s), pygame.SRCALPHA)
            pygame.draw.circle(surf, (120, 90, 20), (s // 2, s // 2), s // 2)
            pygame.draw.circle(surf, (232, 196, 92), (s // 2, s // 2), s // 2 - max(2, s // 14))
            glyph = theme.font(int(s * 0.55), "plain").render(
                "♛" if face == 0 else "✦", True, (110, 60, 20)
            )
            surf.blit(glyph, glyph.get_rect(center=(s // 2, s // 2)))
            surf = _cache[key] = surf.convert_alpha()
        return surf

    def draw(self, surface: pygame.Surface) -> None:
        if self.t < 0:
            return
        if self.landed:
            img = self._side(self.face)
            surface.blit(img, img.get_rect(center=self.pos))
            if self.label:
                tag = theme.text(self.label, max(10, self.size // 3), theme.INK, "bold")
                box = tag.get_rect(midleft=(self.pos[0] + self.size // 2 + 8, self.pos[1]))
                theme.panel(surface, box.inflate(12, 6), alpha=215, radius=6)
                surface.blit(tag, box)
            return
        k = self.t / ROLL_SECONDS
        turns = k * 5
        squash = abs(math.cos(turns * math.pi))
        side = self._side(int(turns + 0.5) % 2)
        w = max(2, int(self.size * squash))
        img = pygame.transform.smoothscale(side, (w, self.size))
        hop = math.sin(k * math.pi) * self.size
        surface.blit(img, img.get_rect(center=(self.pos[0], int(self.pos[1] - hop))))

"""Card sprites, drawn by the app (no art exists): frame, title, cost, type line, a type
emblem, the printed text and the stats; and a card back. Every surface is converted and
cached by (card, size); rotated variants are cached too, so the table only ever blits."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import NamedTuple

import pygame

from ..tablespec import CardBack, Face, TableSpec
from . import theme

Live = tuple[tuple[str, str, int], ...] | None
RAISED = (150, 235, 140)  # a stat above its printed value, on the dark stats strip
LOWERED = (255, 128, 112)  # below it (buffs lost, damage taken)
LIVE_FACES = 400  # cached faces past which those printed with live values are let go


def cost_pill(cost: str, title: pygame.Rect) -> tuple[pygame.Rect, int]:
    """Where a card's cost goes on its title bar, and its font size: a coin the bar's height
    wide, or a pill as wide as the cost's words (EoC's "3 Dark, 1 Gray" as symbols), at most
    half the bar, the words as large as fit it."""
    h = title.height
    most = title.width // 2
    size = theme.fit_size(cost, most - h // 2, int(h * 0.8), 6, "bold")
    pill = pygame.Rect(0, 0, max(h, min(most, theme.width(cost, size, "bold") + h // 2)), h)
    pill.midright = (title.right, title.centery)
    return pill, size


def _shade(color: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return tuple(max(0, min(255, int(c * k))) for c in color)  # type: ignore[return-value]


class CardArt:
    def __init__(self, spec: TableSpec):
        self.spec = spec
        self._faces: dict[tuple, pygame.Surface] = {}
        self._backs: dict[tuple, pygame.Surface] = {}
        self._turned: dict[tuple, pygame.Surface] = {}
        self._face_data: dict[int, Face] = {}
        self._bodies: dict[tuple, pygame.Rect] = {}

    def clear(self) -> None:
        self._faces.clear()
        self._backs.clear()
        self._turned.clear()
        self._bodies.clear()

    def face_of(self, card) -> Face:
        key = id(card)
        face = self._face_data.get(key)
        if face is None:
            face = self._face_data[key] = self.spec.face(card)
        return face

    def _forget_live(self) -> None:
        self._faces = {k: v for k, v in self._faces.items() if k[2] is None}
        self._turned = {k: v for k, v in self._turned.items() if k[-1] is None}

    def body(self, card, size: tuple[int, int]) -> pygame.Rect:
        """Where a card's badges go (its face's body, see :class:`Regions`), measured once
        per card and size."""
        key = (id(card), size)
        rect = self._bodies.get(key)
        if rect is None:
            rect = self._bodies[key] = regions(self.face_of(card), size).body
        return rect

    # -- cached surfaces ---------------------------------------------------------------
    def face(self, card, size: tuple[int, int], live: Live = None) -> pygame.Surface:
        """The card's face; ``live``: its stats as they stand now (label, value, trend),
        printed in place of the printed ones, raised in green and lowered in red."""
        key = (id(card), size, live)
        surf = self._faces.get(key)
        if surf is None:
            if live is not None and len(self._faces) > LIVE_FACES:
                self._forget_live()  # values come and go all game: keep the printed faces
            face = self.face_of(card)
            if live is not None:
                face = replace(
                    face,
                    stats=tuple((label, value) for label, value, _ in live),
                    trend=tuple(t for _, _, t in live),
                )
            surf = self._faces[key] = render_face(face, size)
        return surf

    def back(self, size: tuple[int, int], marked: bool = False) -> pygame.Surface:
        key = (size, marked)
        surf = self._backs.get(key)
        if surf is None:
            surf = self._backs[key] = render_back(size, marked, self.spec.back)
        return surf

    def image(
        self,
        card,
        size: tuple[int, int],
        face_up: bool,
        angle: int = 0,
        marked: bool = False,
        live: Live = None,
    ) -> pygame.Surface:
        """The card as drawn at rest: its face (with its ``live`` stats) or back (marked: a
        face-down card of the seat looking, which it may read), turned ``angle`` degrees to
        the right (0, 90, 180 or 270: rested, upside down, or both)."""
        base = self.face(card, size, live) if face_up else self.back(size, marked)
        if not angle:
            return base
        key = (id(card) if face_up else None, size, face_up, marked, angle, live)
        surf = self._turned.get(key)
        if surf is None:
            surf = self._turned[key] = pygame.transform.rotate(base, -angle).convert_alpha()
        return surf


def render_back(
    size: tuple[int, int], marked: bool = False, back: CardBack | None = None
) -> pygame.Surface:
    """A game's card back: its pattern on its colours, its emblem, and its name where the
    card is large enough to read it."""
    back = back or CardBack()
    w = size[0]
    surf = pygame.Surface(size, pygame.SRCALPHA)
    r = max(3, w // 14)
    pygame.draw.rect(surf, back.edge, surf.get_rect(), border_radius=r)
    inner = surf.get_rect().inflate(-max(4, w // 10), -max(4, w // 10))
    field = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(field, back.field, field.get_rect(), border_radius=max(2, r - 2))
    step = max(4, w // 8)
    fw, fh = inner.size
    if back.pattern == "rings":
        c = (fw // 2, fh // 2)
        for radius in range(step, int(math.hypot(fw, fh) / 2) + step, step):
            pygame.draw.circle(field, back.lines, c, radius, 1)
    else:
        for x in range(-fh, fw + fh, step):
            pygame.draw.line(field, back.lines, (x, fh - 1), (x + fh, 0), 1)
            if back.pattern == "lattice":
                pygame.draw.line(field, back.lines, (x, 0), (x + fh, fh - 1), 1)
    # keep the pattern inside the rounded field
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(2, r - 2))
    field.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(field, inner)
    pygame.draw.rect(surf, theme.GOLD, inner, max(1, w // 40), border_radius=max(2, r - 2))
    emblem = theme.font(max(8, w // 3), "plain").render(back.emblem, True, theme.GOLD)
    at = emblem.get_rect(center=inner.center)
    label = (
        theme.font(max(7, w // 9), "bold").render(back.word, True, theme.GOLD)
        if back.word and w >= 60
        else None
    )
    if label is not None and label.get_width() <= inner.width - 4:  # the name, if it fits
        at.centery -= label.get_height() // 2
        plate = label.get_rect(midtop=(inner.centerx, at.bottom)).inflate(6, 2)
        pygame.draw.rect(surf, back.edge, plate, border_radius=3)
        surf.blit(label, label.get_rect(center=plate.center))
    surf.blit(emblem, at)
    if marked:  # the owner's own face-down card: an eye in a gold frame
        pygame.draw.rect(surf, theme.HIGHLIGHT, surf.get_rect(), max(2, w // 28), border_radius=r)
        eye = theme.font(max(8, w // 4), "plain").render("◉", True, theme.HIGHLIGHT)
        surf.blit(eye, eye.get_rect(midbottom=(w // 2, surf.get_height() - max(3, w // 12))))
    pygame.draw.rect(surf, (8, 10, 16), surf.get_rect(), 1, border_radius=r)
    return surf.convert_alpha()


class Regions(NamedTuple):
    """Where a face's parts lie on a card of a size (card coordinates)."""

    inner: pygame.Rect  # inside the frame
    title: pygame.Rect  # the title bar
    type_h: int  # the type line's height, under the title bar
    stats: pygame.Rect | None  # the stats strip along the bottom
    footer_h: int  # a footer under the stats (the zoom only)
    two_line: bool  # stats labelled above their values (small cards with many stats)

    @property
    def body(self) -> pygame.Rect:
        """Between the type line and the stats: the text (and on the zoom the art band);
        the table lays a card's badges here, never over its title or its stats."""
        top = self.title.bottom + self.type_h + 1
        bottom = self.stats.top if self.stats else self.inner.bottom - self.footer_h
        return pygame.Rect(self.inner.left, top, self.inner.width, max(0, bottom - top))


def regions(face: Face, size: tuple[int, int]) -> Regions:
    w, h = size
    big = w >= 160
    pad = max(3, w // 22)
    inner = pygame.Rect(0, 0, w, h).inflate(-2 * pad, -2 * pad)
    title_h = max(12, int(h * (0.085 if big else 0.125)))
    title = pygame.Rect(inner.left, inner.top, inner.width, title_h)
    type_h = max(9, int(h * (0.05 if big else 0.085)))
    two_line = not big and len(face.stats) > 2
    footer_h = max(8, int(h * 0.045)) if face.footer and big else 0
    stats = None
    if face.stats:
        stats_h = max(11, int(h * (0.07 if big else 0.18 if two_line else 0.11)))
        stats = pygame.Rect(inner.left, inner.bottom - footer_h - stats_h, inner.width, stats_h)
    return Regions(inner, title, type_h, stats, footer_h, two_line)


def render_face(face: Face, size: tuple[int, int]) -> pygame.Surface:
    """Lay out a card face. Small cards give the text the room; the zoom adds an art band.
    A stat whose ``face.trend`` is up or down is printed in green or red."""
    w, h = size
    big = w >= 160
    r = max(3, w // 14)
    parts = regions(face, size)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, face.color, surf.get_rect(), border_radius=r)
    inner = parts.inner
    pygame.draw.rect(surf, theme.PAPER, inner, border_radius=max(2, r - 2))

    # Title bar, with the cost in a gold coin at the right.
    title_rect = parts.title
    title_h = title_rect.height
    pygame.draw.rect(
        surf,
        _shade(face.color, 0.55),
        title_rect,
        border_top_left_radius=max(2, r - 2),
        border_top_right_radius=max(2, r - 2),
    )
    coin = 0
    if face.cost is not None:
        # A gold coin; a cost of several parts (EoC's "3 Dark, 1 Gray") a pill as wide as
        # its words, at most half the title bar (its words smaller, never cut).
        pill, size = cost_pill(face.cost, title_rect)
        num = theme.font(size, "bold").render(face.cost, True, theme.INK_DARK)
        coin = pill.width
        if coin == title_h:
            pygame.draw.circle(surf, theme.GOLD, pill.center, coin // 2)
            pygame.draw.circle(surf, (120, 90, 20), pill.center, coin // 2, 1)
        else:
            pygame.draw.rect(surf, theme.GOLD, pill, border_radius=title_h // 2)
            pygame.draw.rect(surf, (120, 90, 20), pill, 1, border_radius=title_h // 2)
        surf.blit(num, num.get_rect(center=pill.center))
    room = title_rect.width - coin - 4
    f, lines = theme.fit_text(
        face.title, room, title_h, int(title_h * 0.8), minimum=6, style="bold"
    )
    if len(lines) > 1 or f.size(lines[0])[0] > room:  # squeeze onto one line, never clip
        size = theme.fit_size(face.title, room, max(6, int(title_h * 0.8)), 6, "bold")
        f, lines = theme.font(size, "bold"), [face.title]
    name = f.render(lines[0], True, theme.INK)
    surf.blit(name, name.get_rect(midleft=(title_rect.left + 3, title_rect.centery)))

    y = title_rect.bottom
    # Type line.
    type_h = parts.type_h
    tf, tlines = theme.fit_text(
        face.type_line, inner.width - 4, type_h, int(type_h * 0.85), minimum=6
    )
    tl = tf.render(tlines[0], True, _shade(face.color, 0.6))
    surf.blit(tl, (inner.left + 3, y + 1))
    y += type_h + 1

    # Stats along the bottom: "STR 3" cells; on small cards the label sits over the value.
    two_line, footer_h = parts.two_line, parts.footer_h
    bottom = inner.bottom - footer_h
    if parts.stats is not None:
        srect = parts.stats
        stats_h = srect.height
        pygame.draw.rect(
            surf,
            _shade(face.color, 0.35),
            srect,
            border_bottom_left_radius=max(2, r - 2) if not footer_h else 0,
            border_bottom_right_radius=max(2, r - 2) if not footer_h else 0,
        )
        cell = srect.width / len(face.stats)
        for i, (label, value) in enumerate(face.stats):
            cx = srect.left + cell * (i + 0.5)
            trend = face.trend[i] if i < len(face.trend) else 0
            ink = RAISED if trend > 0 else LOWERED if trend < 0 else theme.INK
            if two_line:
                lab = theme.font(max(6, int(stats_h * 0.38))).render(label, True, (200, 200, 190))
                surf.blit(lab, lab.get_rect(midtop=(cx, srect.top)))
                size = theme.fit_size(value, cell - 2, int(stats_h * 0.55), 6, "bold")
                val = theme.font(size, "bold").render(value, True, ink)
                surf.blit(val, val.get_rect(midbottom=(cx, srect.bottom + 1)))
                continue
            size = theme.fit_size(f"{label} {value}", cell - 4, int(stats_h * 0.72), 6, "bold")
            font = theme.font(size, "bold")
            lab = font.render(f"{label} ", True, theme.INK)
            val = font.render(value, True, ink)
            at = lab.get_rect(center=(cx - val.get_width() / 2, srect.centery))
            surf.blit(lab, at)
            surf.blit(val, val.get_rect(midleft=(at.right, srect.centery)))
        bottom = srect.top
    if footer_h:
        ff = theme.font(int(footer_h * 0.85))
        img = ff.render(face.footer, True, _shade(face.color, 0.5))
        surf.blit(img, img.get_rect(midbottom=(inner.centerx, inner.bottom)))

    # Art band (the zoom only) with the type's emblem.
    if big:
        band = pygame.Rect(inner.left + 4, y + 2, inner.width - 8, int(h * 0.30))
        for i in range(band.height):
            k = 0.55 + 0.45 * i / band.height
            pygame.draw.line(
                surf,
                _shade(face.color, k),
                (band.left, band.top + i),
                (band.right - 1, band.top + i),
            )
        glyph = theme.font(int(band.height * 0.6), "plain").render(
            face.emblem, True, _shade(face.color, 1.6)
        )
        surf.blit(glyph, glyph.get_rect(center=band.center))
        y = band.bottom + 4
    else:
        glyph = theme.font(max(7, type_h), "plain").render(
            face.emblem, True, _shade(face.color, 0.8)
        )
        surf.blit(glyph, glyph.get_rect(topright=(inner.right - 2, y - type_h - 1)))

    # The printed text, as large as fits.
    box = pygame.Rect(inner.left + 3, y + 1, inner.width - 6, bottom - y - 3)
    if face.text and box.height > 6:
        f, lines = theme.fit_text(
            face.text, box.width, box.height, int(h * (0.05 if big else 0.085)), minimum=7
        )
        ty = box.top
        for line in lines:
            img = f.render(line, True, theme.INK_DARK)
            surf.blit(img, (box.left, ty))
            ty += f.get_linesize()
    pygame.draw.rect(surf, (10, 10, 10), surf.get_rect(), 1, border_radius=r)
    return surf.convert_alpha()

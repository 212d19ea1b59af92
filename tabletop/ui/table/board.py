"""Drawing the board: each frame in order (``draw``), the felt and the areas' outlines
and names, the cards (lit, dimmed, outlined, turning over), the piles' counts, the
badges and damage on a card, and the notes of what was drawn where (for the layout
check)."""

from __future__ import annotations

import math

import pygame

from ...engine import HIDDEN
from .. import theme
from ..dice import DieRoll
from .parts import FLIP_SECONDS, Drawn, Sprite


class BoardMixin:
    """The frame, the felt and its areas, and the cards on it."""

    def _ring(self, surface: pygame.Surface, rect: pygame.Rect, color) -> None:
        """A card outlined: lit as a legal place, red as refused or attacked."""
        lay = self.layout
        ring = rect.inflate(lay.px(6), lay.px(6))
        pygame.draw.rect(surface, color, ring, lay.px(3), border_radius=lay.px(6))

    def _note(
        self,
        kind: str,
        rect: pygame.Rect,
        within: pygame.Rect | None = None,
        card: int | None = None,
    ) -> None:
        if self.drawn is not None:
            self.drawn.append(Drawn(kind, pygame.Rect(rect), within, card))

    def draw(self, surface: pygame.Surface) -> None:
        if self.drawn is not None:
            self.drawn.clear()
        if self.curtain is not None:
            self._draw_curtain(surface)
            if self.paused:  # the menu comes above everything, the curtain included
                self._draw_pause(surface)
            return
        surface.blit(self._board_surface(), (0, 0))
        self._draw_status(surface)
        self._draw_cards(surface)
        self._draw_out(surface)
        self._draw_arrow(surface)
        for d in self.dice:
            d.draw(surface)
            if isinstance(d, DieRoll) and d.landed:
                self._note("dice", d.box())
        self._draw_bar(surface)
        self._draw_zoom(surface)
        self._draw_log(surface)
        self._draw_message(surface)
        for f in self.flashes:
            self._draw_flash(surface, f)
        if self.drag is not None:
            self._draw_sprite(surface, self.sprites[self.drag[0]], lifted=True)
        if self.menu is not None:
            self.menu.draw(surface, self.app.input.pos)
        if self.paused:
            self._draw_pause(surface)

    def draw_still(self, surface: pygame.Surface) -> None:
        """The table as it lies, for the game-over screen: without the damage still floating
        up from cards that have gone."""
        floating = self.flashes
        self.flashes = [f for f in floating if not f.rise]
        try:
            self.draw(surface)
        finally:
            self.flashes = floating

    def _board_surface(self) -> pygame.Surface:
        """The felt, the halves and the area outlines: drawn once per window size."""
        if self._board is not None:
            return self._board
        lay = self.layout
        surf = pygame.Surface(lay.size).convert()
        surf.fill(theme.BG)
        pygame.draw.rect(surf, theme.FELT, lay.play)
        half = pygame.Rect(
            lay.play.left, lay.bar.bottom, lay.play.width, lay.size[1] - lay.bar.bottom
        )
        pygame.draw.rect(surf, (34, 64, 53), half)
        for placed in lay.placed:
            if placed.area.fill is not None:
                pygame.draw.rect(surf, placed.area.fill, placed.rect, border_radius=lay.px(4))
                pygame.draw.rect(surf, theme.FELT_EDGE, placed.rect, 1, border_radius=lay.px(4))
                theme.draw_text(
                    surf,
                    placed.area.label,
                    (placed.rect.left + lay.px(4), placed.rect.bottom - lay.px(2)),
                    lay.px(10),
                    (150, 160, 150),
                    anchor="bottomleft",
                )
                continue
            if placed.area.style == "row" and placed.area.size == "board":
                for r in [*placed.slots, placed.rect]:
                    pygame.draw.rect(
                        surf,
                        theme.FELT_EDGE,
                        r.inflate(lay.px(6), lay.px(6)),
                        1,
                        border_radius=lay.px(8),
                    )
            elif placed.area.style == "pile":
                pygame.draw.rect(
                    surf,
                    theme.FELT_EDGE,
                    placed.rect.inflate(lay.px(6), lay.px(6)),
                    1,
                    border_radius=lay.px(8),
                )
            if placed.area.style == "pile":  # its name, as small as it must be to fit
                room = placed.rect.width - lay.px(4)
                size = theme.fit_size(placed.area.label, room, lay.px(12))
                words = theme.draw_text(
                    surf,
                    placed.area.label,
                    placed.rect.center,
                    size,
                    theme.INK_DIM,
                    anchor="center",
                )
                self._note("pile name", words, placed.rect)
            elif "{whose}" in placed.area.label:  # whose row this is, under its cards
                theme.draw_text(
                    surf,
                    self.area_label(placed),
                    (placed.rect.right - lay.px(4), placed.rect.bottom),
                    lay.px(12),
                    (110, 140, 120),
                    anchor="bottomright",
                )
        self._board = surf
        return surf

    def area_label(self, placed) -> str:
        """An area's label, "{whose}" in it naming the seat whose area it is."""
        label = placed.area.label
        if "{whose}" in label:
            seat = placed.key[0] if placed.key[0] is not None else self.layout.near
            label = label.replace("{whose}", self.whose(seat))
        return label

    def _draw_cards(self, surface: pygame.Surface) -> None:
        lay = self.layout
        dragged = self.drag[0] if self.drag else None
        legal_cards, legal_zones = self.drag_targets
        for key in legal_zones:
            placed = lay.by_key.get(key)
            if placed is not None:
                pygame.draw.rect(
                    surface,
                    theme.LEGAL,
                    placed.rect.inflate(lay.px(8), lay.px(8)),
                    lay.px(3),
                    border_radius=lay.px(8),
                )
        playable, unusable = self.hand_guide()
        moving = []
        piles = {p.key for p in lay.placed if p.area.style == "pile"}
        shared = {p.key for p in lay.placed if p.area.sides}
        waiting = {p.key for p in lay.placed if p.area.style == "peek"}
        for sprite in sorted(self.sprites.values(), key=lambda s: s.z):
            if sprite.cid == dragged:
                continue
            if sprite.moving:
                moving.append(sprite)
                continue
            inst = self.view.cards.get(sprite.cid)
            if inst is not None and inst.zone in piles:
                ids = self.view.zones[inst.zone]
                if sprite.cid not in ids[-2:]:
                    continue
            self._draw_sprite(
                surface,
                sprite,
                lifted=sprite.cid in self.selected,
                dim=(inst is not None and inst.zone in waiting) or sprite.cid in unusable,
            )
            r = sprite.rect()
            if inst is not None and inst.zone in shared:
                # On a space both sides share, whose card it is: blue near, red far.
                color = theme.NEAR_SIDE if inst.owner == self.near else theme.FAR_SIDE
                pygame.draw.rect(
                    surface,
                    color,
                    r.inflate(lay.px(4), lay.px(4)),
                    lay.px(2),
                    border_radius=lay.px(6),
                )
            if sprite.cid in legal_cards:
                self._ring(surface, r, theme.LEGAL)
            elif self.refused is not None and sprite.cid == self.refused[0]:
                self._ring(surface, r, theme.DANGER)
            elif self.hinted is not None and sprite.cid in self.hinted[0]:
                pygame.draw.rect(
                    surface,
                    theme.GOLD,
                    r.inflate(lay.px(8), lay.px(8)),
                    lay.px(4),
                    border_radius=lay.px(6),
                )
            elif sprite.cid in playable:  # usable now: lit, in the hand brightly
                in_hand = inst is not None and inst.zone == (self.near, "hand")
                pygame.draw.rect(
                    surface,
                    theme.LEGAL if in_hand else (120, 200, 150),
                    r.inflate(lay.px(4), lay.px(4)) if in_hand else r.inflate(lay.px(2), lay.px(2)),
                    lay.px(3) if in_hand else 1,
                    border_radius=lay.px(6),
                )
            if sprite.cid == self.hover and self.drag is None:
                pygame.draw.rect(
                    surface, theme.INK, r.inflate(lay.px(2), lay.px(2)), 1, border_radius=lay.px(6)
                )
        for sprite in moving:
            self._draw_sprite(surface, sprite)
        for placed in lay.placed:  # an empty row says what goes there
            if (
                placed.area.style == "row"
                and placed.area.fill is None
                and placed.area.label
                and not self.view.zones.get(placed.key)
                and placed.area.size == "board"
                and "{whose}" not in placed.area.label
            ):
                theme.draw_text(
                    surface,
                    placed.area.label,
                    placed.rect.center,
                    lay.px(12),
                    (96, 120, 104),
                    anchor="center",
                )
        for placed in lay.placed:
            if placed.area.style == "pile":
                n = len(self.view.zones.get(placed.key, ()))
                if n:
                    self._draw_count(surface, placed.rect, placed.area.label, n)

    def _draw_count(
        self, surface: pygame.Surface, rect: pygame.Rect, label: str, n: int
    ) -> pygame.Rect:
        """A pile's count on its top card, inside the pile: "Deck 33" on one line where it
        fits, else the name over the number, the name as small as it must be."""
        lay = self.layout
        room = rect.width - lay.px(4)
        one = theme.text(f"{label} {n}", lay.px(13), theme.INK, "bold")
        if one.get_width() + lay.px(12) <= room or not label:
            box = one.get_rect(center=rect.center).inflate(lay.px(12), lay.px(6))
            theme.panel(surface, box, fill=(10, 12, 14), alpha=200, radius=lay.px(8))
            surface.blit(one, one.get_rect(center=rect.center))
            self._note("pile count", box)
            return box
        size = theme.fit_size(label, room - lay.px(6), lay.px(11))
        name = theme.text(label, size, theme.INK)
        num = theme.text(str(n), lay.px(14), theme.INK, "bold")
        w = min(room, max(name.get_width(), num.get_width()) + lay.px(6))
        box = pygame.Rect(0, 0, w, name.get_height() + num.get_height() + lay.px(2))
        box.center = rect.center
        theme.panel(surface, box, fill=(10, 12, 14), alpha=200, radius=lay.px(6))
        surface.blit(name, name.get_rect(midtop=(box.centerx, box.top + lay.px(1))))
        surface.blit(num, num.get_rect(midbottom=(box.centerx, box.bottom)))
        self._note("pile count", box)
        return box

    def hand_guide(self) -> tuple[set[int], set[int]]:
        """While the near seat is to act: the cards it can use now (lit: in the hand, what
        it can play or pay for, Armor or a Reaction when attacked), and the hand's cards it
        cannot (dimmed). Cards a choice may mark (a mulligan) are usable."""
        if not self.human_to_act() or self.drag is not None:
            return set(), set()
        usable = {a.cards[0] for a in self.legal() if a.cards}
        sel = self.spec.selection(self.view, self.near)
        if sel is not None:
            for zone in sel.zones:
                usable.update(self.view.zones.get((self.near, zone), ()))
        hand = self.view.zones.get((self.near, "hand"), ())
        return usable, {c for c in hand if c not in usable}

    def _draw_sprite(
        self, surface: pygame.Surface, sprite: Sprite, lifted: bool = False, dim: bool = False
    ) -> None:
        inst = self.view.cards.get(sprite.cid)
        if inst is None:
            return
        card = inst.card
        live = self._live(inst) if sprite.face_up else None
        if sprite.angle in (0.0, 90.0, 180.0, 270.0):  # at rest: cached
            img = self.art.image(
                card, sprite.size, sprite.face_up, int(sprite.angle), sprite.marked, live
            )
        else:  # turning
            base = self.art.image(card, sprite.size, sprite.face_up, 0, sprite.marked, live)
            img = pygame.transform.rotate(base, -sprite.angle)
        began = self.flips.get(sprite.cid)
        if began is not None:  # turning over: narrowing to its edge, then widening again
            k = abs(math.cos(math.pi * min(1.0, (self.clock - began) / FLIP_SECONDS)))
            img = pygame.transform.smoothscale(
                img, (max(1, round(img.get_width() * k)), img.get_height())
            )
        rect = img.get_rect(center=(round(sprite.x), round(sprite.y)))
        if lifted:
            rect.move_ip(0, -self.layout.px(14))
            shadow = rect.move(self.layout.px(4), self.layout.px(6))
            theme.panel(
                surface, shadow, fill=(0, 0, 0), edge=None, alpha=90, radius=self.layout.px(6)
            )
        surface.blit(img, rect)
        if dim:  # waiting off the table (behind the Hero): shaded
            theme.panel(
                surface, rect, fill=(0, 0, 0), edge=None, alpha=110, radius=self.layout.px(5)
            )
        if lifted and sprite.cid in self.selected:
            pygame.draw.rect(
                surface,
                theme.HIGHLIGHT,
                rect.inflate(4, 4),
                self.layout.px(3),
                border_radius=self.layout.px(6),
            )
        body = (
            self._body(sprite, rect)
            if sprite.face_up
            else rect.inflate(-self.layout.px(8), -self.layout.px(8))
        )
        if inst.damage > 0 and self.spec.shows_damage(inst):
            self._draw_damage(surface, body, inst.damage)
        badges = (
            self.spec.badges(self.view, inst) if inst.counters or self.spec.badges_always else ()
        )
        self._draw_badges(surface, body, badges, sprite.cid)

    def _live(self, inst) -> tuple | None:
        """A face-up card's stats as they stand now (None: as printed)."""
        if inst.card is HIDDEN:
            return None
        return self.spec.live_stats(self.view, inst)

    def _body(self, sprite: Sprite, rect: pygame.Rect) -> pygame.Rect:
        """The part of a drawn card between its type line and its stats, turned as the card
        lies: where its badges and damage go, clear of its name and its values."""
        inst = self.view.cards[sprite.cid]
        w, h = sprite.size
        body = self.art.body(inst.card, sprite.size)
        angle = int(sprite.angle) % 360 if sprite.angle in (0.0, 90.0, 180.0, 270.0) else 0
        x, y, bw, bh = body
        if angle == 90:  # turned to the right: the card's left edge is on top
            x, y, bw, bh = h - y - bh, x, bh, bw
        elif angle == 180:
            x, y = w - x - bw, h - y - bh
        elif angle == 270:
            x, y, bw, bh = y, w - x - bw, bh, bw
        inset = self.layout.px(2)
        return pygame.Rect(
            rect.left + x + inset,
            rect.top + y + inset,
            max(1, bw - 2 * inset),
            max(1, bh - 2 * inset),
        )

    def _draw_badges(self, surface: pygame.Surface, body: pygame.Rect, badges, cid: int) -> None:
        """A card's badges, from the top left of its body: down the card while there is room,
        then in a second column; never over its title or stats."""
        x, y = body.left, body.top
        column = 0
        for symbol, words, color, *_ in badges:
            tag = theme.text(f"{symbol}{words}", self.layout.px(12), theme.INK, "bold")
            if tag.get_width() + self.layout.px(6) > body.width:
                # a card too small for the words: the symbol (and a count), or the words'
                # start when there is no symbol; the hover panel says the rest
                count = words.split(" ", 1)[0]
                short = symbol + (count if count.isdigit() else "")
                f = theme.font(self.layout.px(12), "bold")
                if not short.strip():
                    short = theme.clipped(words, f, max(f.size("W…")[0], body.width - 6))
                tag = f.render(short, True, theme.INK)
            box = tag.get_rect(topleft=(x, y)).inflate(self.layout.px(6), self.layout.px(2))
            box.topleft = (x, y)
            if box.bottom > body.bottom and y > body.top:  # the column is full: the next one
                x, y = x + column + self.layout.px(2), body.top
                box.topleft = (x, y)
                column = 0
            theme.panel(surface, box, fill=color, edge=(10, 10, 10), radius=self.layout.px(5))
            surface.blit(tag, tag.get_rect(center=box.center))
            self._note("badge", box, card=cid)
            column = max(column, box.width)
            y = box.bottom + self.layout.px(2)

    def _draw_damage(self, surface: pygame.Surface, body: pygame.Rect, damage: int) -> None:
        """Damage on a card whose live stats do not count it (EoC's, weighed against its
        DEF): a red counter at the top right of its body."""
        r = self.layout.px(11)
        c = (body.right - r, body.top + r)
        pygame.draw.circle(surface, theme.DANGER, c, r)
        pygame.draw.circle(surface, (60, 10, 10), c, r, 1)
        theme.draw_text(
            surface, str(damage), c, self.layout.px(13), theme.INK, "bold", anchor="center"
        )

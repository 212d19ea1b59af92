"""What is shown over the board for a while: dice and coins (placed beside their cards),
an outcome's banner (on the bar, or a clear place of its own), damage floating up from
a card, and the arrows of an attack, a block or a hint."""

from __future__ import annotations

import math

import pygame

from ...engine import Event
from .. import theme
from ..dice import ROLL_SECONDS, CoinFlip, DieRoll
from .parts import Flash


class EffectsMixin:
    """Dice, banners, damage floats and arrows."""

    def _add_die(self, e: Event, delay: float) -> None:
        which, face, total = e.value
        size = self.layout.px(44)
        anchor = (e.cards[0] if e.cards else None, e.seat)
        die = DieRoll(
            face,
            self._die_pos(anchor, size),
            size,
            self.spec.icon_face,
            label=str(total),
            delay=delay,
            seed=len(self.events),
            anchor=anchor,
        )
        if self.quick:
            die.t = ROLL_SECONDS
        if which == "initiative":
            die.hold = 3.0
        else:
            die.hold = 60.0  # an attack's dice stay until its outcome
        self.dice.append(die)

    def _die_pos(self, anchor: tuple[int | None, int | None], size: int) -> tuple[int, int]:
        """Where a die rolled for a card lies: beside the card's place, on the first side
        where it and its total cover no other card (right, left, below, above); a die of no
        card, beside its seat's status plate. Asked again when the board turns or resizes,
        so dice stay with their cards."""
        lay = self.layout
        cid, seat = anchor
        sprite = self.sprites.get(cid) if cid is not None else None
        if sprite is None:
            (sx, sy), _ = lay.plates.get(seat, lay.plates[lay.near])
            return (min(sx + lay.px(300), lay.play.right - size * 2), sy + lay.px(20))
        r = sprite.rect()
        r.center = (round(sprite.target[0]), round(sprite.target[1]))  # its place
        gap = size // 2 + lay.px(8)
        spots = [
            (r.right + gap, r.centery),
            (r.left - gap - size, r.centery),
            (r.centerx, r.bottom + gap),
            (r.centerx, r.top - gap),
        ]
        others = [o.rect() for o in self.sprites.values() if o is not sprite and not o.moving]
        others += [lay.plate_rect(seat) for seat in lay.plates]  # nor a seat's plate
        bar = lay.bar
        for x, y in spots:
            box = pygame.Rect(0, 0, size * 2 + lay.px(12), size).move(x - size // 2, y - size // 2)
            if lay.play.contains(box) and not box.colliderect(bar) and box.collidelist(others) < 0:
                return (x, y)
        return (min(spots[0][0], lay.play.right - size * 2), spots[0][1])

    def _place_dice(self) -> None:
        """Dice follow their cards when the board turns to the other seat or resizes."""
        for die in self.dice:
            if isinstance(die, DieRoll) and die.anchor is not None:
                die.pos = self._die_pos(die.anchor, die.size)

    def _add_coin(self, e: Event, delay: float) -> None:
        bar = self.layout.bar
        size = self.layout.px(48)
        words = e.text.split(": ", 1)[-1]
        coin = CoinFlip(
            e.value[1], (bar.left + round(bar.width * 0.45), bar.centery - size), size, words, delay
        )
        if self.quick:
            coin.t = ROLL_SECONDS
        self.dice.append(coin)

    def _outcome(self, e: Event) -> None:
        words = e.text.split(":")[0]
        color = theme.GOLD if e.value[0] == "hit" else theme.INK_DIM
        # On the bar, between the phase names and the buttons, as large as fits there.
        lay = self.layout
        free = self.bar_layout().free
        size = lay.px(26)
        while size > lay.px(15) and theme.font(size, "title").size(words)[0] + size > free.width:
            size -= 1
        at = free.center
        if theme.font(size, "title").size(words)[0] + size > free.width:
            # No room on the bar (its buttons and phases fill it): a place of its own over
            # the board, just above the bar or below it or mid-board, clear of the bar and
            # of the seats' plates.
            size = lay.px(22)
            w, h = theme.font(size, "title").size(words)
            box = pygame.Rect(0, 0, w + size, h + size // 2)
            gap = lay.px(3) + box.height // 2
            solid = [lay.bar, lay.log, lay.zoom, *(lay.plate_rect(s) for s in lay.plates)]
            window = pygame.Rect(0, 0, *lay.size)
            at = (lay.play.centerx, lay.bar.top - gap)
            for dy in range(0, lay.play.height, lay.px(4)):  # the nearest clear place
                above = (lay.play.centerx, lay.bar.top - gap - dy)
                below = (lay.play.centerx, lay.bar.bottom + gap + dy)
                clear = []
                for p in (above, below):
                    box.center = p
                    if window.contains(box) and box.collidelist(solid) < 0:
                        clear.append(p)
                if clear:
                    at = clear[0]
                    break
        self.flashes = [f for f in self.flashes if f.rise]  # one outcome at a time
        self.flashes.append(Flash(words, at, color, size, 2.2))
        for d in self.dice:
            d.hold = min(d.hold, max(0.0, d.t - ROLL_SECONDS) + 2.0)
        self.arrow_left = 2.0

    def _damage(self, e: Event) -> None:
        sprite = self.sprites.get(e.cards[0])
        if sprite is None or not e.value or e.value[0] <= 0:
            return
        self.app.sound.play("hit")
        r = sprite.rect()
        self.flashes.append(
            Flash(
                f"-{e.value[0]}",
                r.center,
                theme.DANGER,
                self.layout.px(28),
                1.4,
                rise=self.layout.px(40),
            )
        )

    def _point(self, source: int, target: int, seconds: float | None) -> None:
        """An arrow from ``source`` to ``target`` (an attack just declared, a hint), for
        ``seconds`` or until the attack is over; it goes as soon as either card moves."""
        self.arrow, self.arrow_left = (source, target), seconds
        self.arrow_zones = tuple(
            self.view.cards[c].zone if c in self.view.cards else None for c in self.arrow
        )

    def tethers(self) -> list[tuple[int, int, str]]:
        """The arrows drawn now: the fight the rules hold (every attacker to what it attacks,
        every defender to the attacker it blocks), and an attack just made or hinted, while
        its cards stay where they were."""
        out = [
            t for t in self.spec.combat(self.view) if t[0] in self.sprites and t[1] in self.sprites
        ]
        if self.arrow is not None:
            zones = tuple(
                self.view.cards[c].zone if c in self.view.cards else None for c in self.arrow
            )
            if zones != self.arrow_zones:  # a card left (into the graveyard): so does its arrow
                self.arrow = self.arrow_left = None
            elif all(c in self.sprites for c in self.arrow) and not any(
                t[:2] == self.arrow for t in out
            ):
                out.append((*self.arrow, "attack"))
        return out

    def _draw_arrow(self, surface: pygame.Surface) -> None:
        lay = self.layout
        for a, b, kind in sorted(self.tethers(), key=lambda t: t[2] == "block"):
            ra, rb = self.sprites[a].rect(), self.sprites[b].rect()
            # from edge to edge: over neither card's face more than it must be
            line = (ra.center, rb.center)
            out = ra.clipline(*line)
            into = rb.clipline(*line)
            start = out[1] if out else ra.center
            end = into[0] if into else rb.center
            dx, dy = end[0] - start[0], end[1] - start[1]
            length = math.hypot(dx, dy)
            if length < lay.px(8):  # touching: a ring around the attacked card says it
                self._ring(surface, rb, theme.DANGER)
                continue
            ux, uy = dx / length, dy / length
            color = theme.DANGER if kind == "attack" else theme.BLOCK
            width = lay.px(5) if kind == "attack" else lay.px(4)
            head = lay.px(14)
            tip = end
            base = (tip[0] - ux * head, tip[1] - uy * head)
            mid = (round((start[0] + base[0]) / 2), round((start[1] + base[1]) / 2))
            if kind == "attack" or length > 3 * head:  # (side by side: the shield alone)
                pygame.draw.line(surface, (0, 0, 0), start, base, width + 4)
                pygame.draw.line(surface, color, start, base, width)
                left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
                right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
                pygame.draw.polygon(surface, color, [tip, left, right])
                pygame.draw.polygon(surface, (0, 0, 0), [tip, left, right], 1)
            else:
                mid = (round((start[0] + end[0]) / 2), round((start[1] + end[1]) / 2))
            if kind == "block":  # a shield on the tether: this defender blocks that attacker
                r = lay.px(9)
                x, y = mid
                shield = [
                    (x - r, y - r),
                    (x + r, y - r),
                    (x + r, y),
                    (x, y + r + r // 2),
                    (x - r, y),
                ]
                pygame.draw.polygon(surface, theme.BLOCK, shield)
                pygame.draw.polygon(surface, (10, 10, 10), shield, max(1, lay.px(2)))

    def _draw_flash(self, surface: pygame.Surface, f: Flash) -> None:
        k = f.age / f.ttl
        img = theme.text(f.words, f.size, f.color, "title")
        pos = (f.pos[0], round(f.pos[1] - f.rise * k))
        box = img.get_rect(center=pos)
        if not f.rise:
            self._note("banner", box.inflate(f.size, f.size // 2))
            theme.panel(
                surface,
                box.inflate(f.size, f.size // 2),
                fill=(10, 12, 14),
                alpha=200,
                edge=f.color,
                radius=f.size // 2,
            )
        else:
            shadow = theme.text(f.words, f.size, (0, 0, 0), "title")
            surface.blit(shadow, box.move(2, 2))
        surface.blit(img, box)

"""The seats' status plates (title and numbers, as large as fit; an opponent's hand
count), and a seat out of the game greyed, with the words on its plate."""

from __future__ import annotations

import pygame

from .. import theme


class PlatesMixin:
    """Status plates and the seats out of the game."""

    def _draw_status(self, surface: pygame.Surface) -> None:
        lay = self.layout
        for seat, ((x, y), room) in lay.plates.items():
            side = "near" if seat == lay.near else "far"
            # A plate as tall as the text size makes it, where the board leaves the room;
            # else smaller, its words with it (the areas keep their places).
            k = min(1.0, lay.plate_room.get(seat, lay.size[1]) / lay.px(56))

            def px(v: float, k: float = k) -> int:
                return max(1, round(lay.px(v) * k))

            active = seat == self.view.active and not self.state.over
            items = self.spec.status(self.view, seat)
            title = self.spec.seat_title(self.view, seat)
            # The words as large as fit the plate's width, which the layout keeps clear (a
            # plate grows only when even its first item does not fit).
            width = lay.plate_rect(seat, grown=False).width
            # a narrow plate (one of several opponents) may go a size smaller still
            sizes = ((18, 12), (16, 11), (14, 10), *(((12, 9),) if room else ()))
            while True:
                for value_size, label_size in sizes:
                    need = self._status_width(items, px(value_size), px(label_size), k)
                    if need <= width:
                        break
                if need <= lay.plate_most.get(seat, width) or len(items) < 2:
                    break  # it fits, or grows into free room beside it
                items = items[:-1]  # the rest is on the board itself (its piles' counts)
            w = max(width, need)
            h = px(56)
            box = pygame.Rect(x, y, w, h)
            self.plates[seat] = box
            theme.panel(
                surface,
                box,
                fill=(22, 30, 30),
                edge=theme.GOLD if active else theme.PANEL_EDGE,
                alpha=225,
            )
            self._note("plate", box)
            r = theme.draw_text(
                surface,
                title,
                (box.left + px(10), box.top + px(5)),
                px(14),
                theme.GOLD if active else theme.INK,
                "bold",
            )
            self._note("plate text", r, box)
            cx = box.left + px(10)
            for label, value in items:
                if label:
                    r = theme.draw_text(
                        surface,
                        label,
                        (cx, box.bottom - px(6)),
                        px(label_size),
                        theme.INK_DIM,
                        anchor="bottomleft",
                    )
                    self._note("plate text", r, box)
                    cx = r.right + px(5)
                r = theme.draw_text(
                    surface,
                    value,
                    (cx, box.bottom - px(4)),
                    px(value_size),
                    theme.INK,
                    "bold",
                    anchor="bottomleft",
                )
                self._note("plate text", r, box)
                cx = r.right + px(16)
            placed = lay.by_key.get((seat, "hand"))
            if side == "far" and placed is not None and placed.area.style != "pile":
                n = len(self.view.zones[(seat, "hand")])
                r = theme.draw_text(
                    surface,
                    f"Hand {n}",
                    (placed.rect.right, placed.rect.centery),
                    lay.px(12),
                    theme.INK_DIM,
                    anchor="midright",
                )
                self._note("hand count", r)

    def _status_width(
        self, items: list[tuple[str, str]], value_size: int, label_size: int, k: float = 1.0
    ) -> int:
        """The width a status plate needs for its items at these sizes (its spacing made
        ``k`` times smaller, with the plate)."""
        lay = self.layout

        def px(v: float) -> int:
            return max(1, round(lay.px(v) * k))

        w = px(10)
        for label, value in items:
            if label:
                w += theme.width(label, label_size) + px(5)
            w += theme.width(value, value_size, "bold") + px(16)
        return w - px(6)

    def _draw_out(self, surface: pygame.Surface) -> None:
        """A seat out of the game (three or four players): its areas and its plate greyed,
        the word on its plate."""
        if not self.out_order or self.state.over:
            return
        lay = self.layout
        greyed = [p.rect for p in lay.placed if p.key[0] in self.out_order]
        for rect in greyed:
            theme.panel(surface, rect, fill=(20, 22, 24), edge=None, radius=4, alpha=170)
        for sprite in self.sprites.values():  # its cards outside those areas (a card turned
            # past its area's edge, one in a place of its own), as grey
            inst = self.view.cards.get(sprite.cid)
            if inst is None or inst.zone[0] not in self.out_order:
                continue
            shade = sprite.rect()
            if not any(rect.contains(shade) for rect in greyed):
                theme.panel(surface, shade, fill=(20, 22, 24), edge=None, radius=4, alpha=170)
        for seat in self.out_order:
            plate = self.plates.get(seat)
            if plate is None:
                continue
            theme.panel(surface, plate, fill=(20, 22, 24), edge=None, radius=4, alpha=150)
            self._note("out", plate)
            # its numbers no longer count: the words in their place, under its name
            row = pygame.Rect(plate.left, plate.centery, plate.width, plate.height // 2)
            theme.panel(surface, row.inflate(-lay.px(4), -lay.px(2)), fill=(24, 28, 30), edge=None)
            theme.draw_text(
                surface,
                "Out of the game",
                (plate.left + lay.px(10), row.centery),
                lay.px(14),
                theme.DANGER,
                "bold",
                anchor="midleft",
            )

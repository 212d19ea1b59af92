"""The state the table shows: the near seat's view of the game, and where each card's
sprite lies in it (the areas of the layout, the cards tucked under others)."""

from __future__ import annotations

from ...engine import HIDDEN, GameState, view
from ..layout import Layout
from .parts import Sprite


class ShownMixin:
    """The shown view and the card sprites placed in it."""

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def quick(self) -> bool:
        """No animation time: results shown at once (animation off, or a tool's table)."""
        return self.instant or self.speed == 0.0

    def _layout(self, near: int, size: tuple[int, int] | None = None) -> Layout:
        return Layout(
            self.spec, size or self.app.size, near, self.state.seats, self.app.settings.ui_scale
        )

    def shown_view(self) -> GameState:
        """What the table shows: the game as the near seat sees it."""
        return view(self.state, self.near)

    def _set_near(self, seat: int) -> None:
        self.near = seat
        self.zoomed = None  # what the other seat last read is not for this one's eyes
        self.zoomed_id = None
        self.hover = None
        self.layout = self._layout(seat)
        self.view = self.shown_view()
        self.selected.clear()
        self._board = None
        self._log_cache = None
        self._sync(snap=True)
        self._place_dice()

    def _sync(self, snap: bool = False) -> None:
        """Point every card sprite at its place in the shown view."""
        self._legal = None
        seen = set()
        z = 0
        for placed in self.layout.placed:
            ids = self.view.zones.get(placed.key, ())
            insts, centres, depth = self._arranged(placed, ids, z)
            for i, (inst, centre) in enumerate(zip(insts, centres, strict=True)):
                face_up = inst.card is not HIDDEN and not inst.face_down
                marked = inst.face_down and inst.owner == self.near and inst.card is not HIDDEN
                angle = (90.0 if inst.turned else 0.0) + (180.0 if placed.area.flip else 0.0)
                size = self._fitted_to_slot(placed, centre, inst.turned)
                sprite = self.sprites.get(inst.id)
                if sprite is None or snap:
                    sprite = self.sprites[inst.id] = Sprite(
                        inst.id, centre, size, angle, face_up, depth[i], marked
                    )
                else:
                    sprite.target = centre
                    sprite.tangle = angle
                    sprite.size = size
                    sprite.face_up = face_up
                    sprite.marked = marked
                    sprite.z = depth[i]
                seen.add(inst.id)
            z += len(insts)
        for cid in [c for c in self.sprites if c not in seen]:
            del self.sprites[cid]
        self.dirty = True

    @staticmethod
    def _fitted_to_slot(placed, centre, turned: bool) -> tuple[int, int]:
        """A card's size in its place: a card turned sideways in a slot of its own (C.O.E's
        rested characters) as much smaller as keeps it inside its slot, clear of its
        neighbours'."""
        w, h = placed.size
        if not turned or not placed.slots:
            return placed.size
        slot = next((s for s in placed.slots if s.collidepoint(centre)), None)
        if slot is None or h <= slot.width:
            return placed.size
        k = slot.width / h
        return max(8, round(w * k)), max(11, round(h * k))

    def _arranged(self, placed, ids, z: int) -> tuple[list, list, dict[int, int]]:
        """The cards of one area in drawing order, their centres and their depths (from
        ``z`` up).

        In an area that tucks, a card attached to another card of the area (an essence
        paying for a creature) is tucked under it: behind it, its top edge showing above the
        card's, one step higher for each card tucked there before it."""
        cards = self.view.cards
        insts = [cards[c] for c in ids]
        present = {i.id for i in insts if i.attached_to not in ids} if placed.area.tuck else set()
        hosts, tucked = [], {}
        for i in insts:
            if i.attached_to in present:
                tucked.setdefault(i.attached_to, []).append(i)
            else:
                hosts.append(i)
        turned = [i.turned for i in hosts]
        centres = self.layout.arrange(placed, turned)
        # A crowded row is stacked right over left, so each card shows its right edge:
        # where a card turned 90° to the right carries its title.
        order = (
            range(len(hosts) - 1, -1, -1)
            if self.layout.crowded(placed, turned)
            else range(len(hosts))
        )
        w, h = placed.size
        bar = self.layout.bar
        # Tucked cards peek upwards, never under the phase bar when it lies above the row.
        ceiling = bar.bottom + self.layout.px(2) if bar.bottom <= placed.rect.top + h else 0
        out, where = [], []
        for k in order:
            host = hosts[k]
            hx, hy = centres[k]
            # A tucked card's bottom edge hides a step above the host's (a turned host is
            # lower than the card behind it: that card shows more above, nothing below).
            bottom = hy + (w if host.turned else h) / 2
            under = tucked.get(host.id, ())
            room = bottom - h - ceiling  # above the host, for the steps of its tucked cards
            step = min(self.layout.px(11), room / len(under)) if under else 0
            step = max(step, self.layout.px(4))  # each still shows a sliver
            for j, inst in enumerate(under):  # the first peeks highest, drawn furthest back
                out.append(inst)
                where.append((hx, bottom - step * (len(under) - j) - h / 2))
            out.append(host)
            where.append((hx, hy))
        return out, where, {i: z + i for i in range(len(out))}

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = self._layout(self.near, size)
        self.art.clear()
        self._board = None
        self._log_cache = None
        self.menu = None
        self._sync(snap=True)
        self._place_dice()

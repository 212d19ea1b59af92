"""The panels at the side: the hover panel (the card read, with its state in play),
the message box (a refusal, or what the seat is asked) and the log under it, scrolled
with the wheel and marking the lines that came while it was scrolled up."""

from __future__ import annotations

import pygame

from ...engine import HIDDEN, counted
from .. import theme
from ..widgets import draw_wrapped, fitted


class PanelMixin:
    """The hover panel, the message box and the log."""

    zoom_hint = (
        "Hover over a card to read it. Drag cards to play or attack; click a card "
        "in play to activate it; right-click for its actions."
    )

    def zoom_state(self) -> tuple[tuple | None, list[str]]:
        """The zoomed card's stats as they stand and its state in words, while it is face up
        in play in the near seat's view (None, []: the card as printed)."""
        inst = self.view.cards.get(self.zoomed_id) if self.zoomed_id is not None else None
        if inst is None or inst.card is not self.zoomed or inst.card is HIDDEN:
            return None, []
        lines = self.spec.card_state(self.view, inst)
        for a, b, kind in self.tethers():  # what it is doing in the fight under way
            other = b if a == inst.id else a if b == inst.id else None
            if other is None:
                continue
            seen = self.view.cards[other].card
            name = seen.name if seen is not HIDDEN else "a face-down card"
            if kind == "block":
                lines.append(f"Blocking {name}" if a == inst.id else f"Blocked by {name}")
            else:
                lines.append(f"Attacking {name}" if a == inst.id else f"Attacked by {name}")
        return self._live(inst), lines

    def _draw_zoom(self, surface: pygame.Surface) -> None:
        lay = self.layout
        theme.panel(surface, lay.zoom, fill=(16, 20, 22), radius=lay.px(8))
        card = self.zoomed
        if card is None or card is HIDDEN:
            draw_wrapped(
                surface,
                self.zoom_hint,
                lay.zoom.inflate(-lay.px(24), -lay.px(60)),
                lay.px(14),
                theme.INK_DIM,
                center=True,
            )
            return
        live, lines = self.zoom_state()
        size = self.layout.cards["zoom"]
        box = lay.zoom.inflate(-lay.px(8), -lay.px(8))
        line_h = theme.font(lay.px(13)).get_linesize()
        room = min(len(lines), 4) * line_h + lay.px(6) if lines else 0
        box.height -= room  # its state in words under the card
        # The card as large as the panel holds it (a larger text size makes it larger).
        k = min(1.0, box.width / size[0], box.height / size[1])
        size = (round(size[0] * k), round(size[1] * k))
        img = self.art.face(card, size, live)
        at = img.get_rect(center=box.center)
        surface.blit(img, at)
        self._note("zoom card", at, lay.zoom)
        if lines:
            shown = lines if len(lines) <= 4 else [*lines[:3], f"and {len(lines) - 3} more"]
            y = at.bottom + lay.px(4)
            width = lay.zoom.width - lay.px(24)
            for line in shown:
                img = fitted(line, width, lay.px(13), theme.INK)
                surface.blit(img, (lay.zoom.left + lay.px(12), y))
                self._note(
                    "zoom words", img.get_rect(topleft=(lay.zoom.left + lay.px(12), y)), lay.zoom
                )
                y += line_h

    def message(self) -> tuple[str, tuple[int, int, int]] | None:
        """What the message box says: a refusal (red) or what the seat is asked (gold)."""
        if self.toast is not None:
            return self.toast[0], self.toast[2]
        if self.human_to_act():
            prompt = self.state.top_prompt
            sel = self.spec.selection(self.view, self.near)
            if prompt is not None:
                title = self.game.windows[prompt.name].title
                return self.spec.window_title(self.view, self.near, title), theme.GOLD
            if sel is not None:
                return sel.prompt, theme.GOLD
            words = self.spec.prompt(self.view, self.near)
            if words:
                return words, theme.GOLD
        return None

    def _message_font(self, words: str) -> theme.SafeFont:
        """The message's font: as large as keeps it to two fifths of the log's panel (a long
        prompt at a large text size a little smaller), so the log under it stays readable."""
        lay = self.layout
        for size in (14, 13, 12, 11):
            f = theme.font(lay.px(size), "bold")
            lines = theme.wrap(words, f, lay.log.width - lay.px(24))
            if len(lines) * f.get_linesize() + lay.px(18) <= lay.log.height * 2 // 5:
                break
        return f

    def _message_rect(self) -> pygame.Rect | None:
        msg = self.message()
        if msg is None:
            return None
        lay = self.layout
        f = self._message_font(msg[0])
        lines = theme.wrap(msg[0], f, lay.log.width - lay.px(24))
        h = len(lines) * f.get_linesize() + lay.px(18)
        return pygame.Rect(lay.log.left, lay.log.top, lay.log.width, h)

    def _draw_message(self, surface: pygame.Surface) -> None:
        msg = self.message()
        box = self._message_rect()
        if msg is None or box is None:
            return
        words, color = msg
        lay = self.layout
        self._note("message", box, lay.log)
        theme.panel(
            surface,
            box,
            fill=(30, 22, 20) if color == theme.DANGER else (30, 28, 18),
            edge=color,
            radius=lay.px(8),
        )
        f = self._message_font(words)
        y = box.top + lay.px(9)
        for line in theme.wrap(words, f, box.width - lay.px(24)):
            img = f.render(line, True, color)
            surface.blit(img, (box.left + lay.px(12), y))
            y += f.get_linesize()

    def _chat_room(self) -> int:
        """The height a chat line takes under the log (none at one screen)."""
        return 0

    def _draw_chat(self, surface: pygame.Surface, above: pygame.Rect) -> None:
        """The chat line, under the log's panel ``above`` (a networked table's)."""

    def _draw_log(self, surface: pygame.Surface) -> None:
        lay = self.layout
        box = lay.log
        msg = self._message_rect()
        if msg is not None:
            box = pygame.Rect(
                box.left, msg.bottom + lay.px(6), box.width, box.bottom - msg.bottom - lay.px(6)
            )
        chat = self._chat_room()
        if chat:  # a line to type into, under the log
            box = pygame.Rect(box.left, box.top, box.width, box.height - chat)
            self._draw_chat(surface, box)
        theme.panel(surface, box, fill=(16, 20, 22), radius=lay.px(8))
        theme.draw_text(
            surface,
            "Log",
            (box.left + lay.px(10), box.top + lay.px(6)),
            lay.px(13),
            theme.GOLD,
            "bold",
        )
        inner = box.inflate(-lay.px(16), -lay.px(34)).move(0, lay.px(10))
        size = lay.px(12)
        self._note("log", inner, lay.log)
        key = (len(self.events), self.near, inner.width, size, self.since)
        if self._log_cache is None or self._log_cache[0] != key:
            f = theme.font(size)
            lines: list[tuple[str, bool]] = []
            for i, e in enumerate(self.events):
                if i == self.since and i < len(self.events):
                    lines.append(("— while you were away —", True))
                if not e.shown_to(self.near):
                    continue
                header = e.kind in ("phase", "ended", "win")
                for line in theme.wrap(e.text_for(self.near), f, inner.width - lay.px(8)):
                    lines.append((line, header))
                    header = False
            self._log_cache = (key, lines)
        lines = self._log_cache[1]
        step = theme.font(size).get_linesize()
        new = len(lines) - self.log_lines
        self.log_lines = len(lines)
        if self.log_scroll > 0 and new > 0:  # scrolled up: keep to the lines being read
            # (the mark, when it comes, takes the room of the two lowest lines shown)
            self.log_scroll += new + (2 if not self.log_unread else 0)
            self.log_unread += new
        fit = inner.height // step - (2 if self.log_unread else 0)  # room for the mark
        self.log_scroll = min(
            max(self.log_scroll, 1 if self.log_unread else 0), max(0, len(lines) - fit)
        )
        if self.log_scroll == 0:
            self.log_unread = 0
        end = len(lines) - self.log_scroll
        self.log_top = max(0, end - fit)  # the first line shown
        shown = lines[self.log_top : end]
        y = inner.top
        clip = surface.get_clip()
        surface.set_clip(inner)
        for line, header in shown:
            theme.draw_text(
                surface,
                line,
                (inner.left + (0 if header else lay.px(8)), y),
                size,
                theme.GOLD if header else theme.INK,
                "bold" if header else "regular",
            )
            y += step
        surface.set_clip(clip)
        self.log_jump = None
        if self.log_unread:
            words = f"{counted(self.log_unread, 'new line')} below ↓"
            img = theme.text(words, lay.px(12), theme.INK_DARK, "bold")
            mark = img.get_rect(midbottom=(inner.centerx, box.bottom - lay.px(6)))
            mark = mark.inflate(lay.px(16), lay.px(6))
            pygame.draw.rect(surface, theme.GOLD, mark, border_radius=mark.height // 2)
            surface.blit(img, img.get_rect(center=mark.center))
            self.log_jump = mark

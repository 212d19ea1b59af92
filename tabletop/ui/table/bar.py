"""The phase bar: its title, the phase pills, the "is thinking" words and its buttons
(``bar``), laid in a strip of their own that never covers the title or the phases
(``bar_layout``, ``_bar_strip``, ``_bar_place``); what has no room goes to the More menu.
The Respond button and its menu of who answers are here too."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ...engine import END, PASS, RESPOND, Action, make, responses, to_act
from .. import theme
from ..widgets import Button, Menu
from .parts import MORE, BarButton, BarLayout


class BarMixin:
    """The phase bar and its buttons."""

    def controls(self) -> list[pygame.Rect]:
        return [b.rect for b in self._buttons()]

    def _buttons(self) -> list[Button]:
        return [b.button for b in self.bar()]

    def _keyed(self) -> list[Button]:
        """Every button of the bar a key may press: those shown, and those in its More menu."""
        return [b.button for entry in self.bar() for b in (entry, *entry.more)]

    def bar(self) -> list[BarButton]:
        """The buttons of the bar, right to left, each with what a click on it does."""
        wanted: list[tuple[str, Callable | None, str, Action | None, Sequence[Action]]] = []

        def add(
            label: str,
            fn,
            key: str = "",
            action: Action | None = None,
            options: Sequence[Action] = (),
        ) -> None:
            wanted.append((label, fn, key, action, options))

        def sends(label: str, action: Action | None, key: str = "") -> None:
            """A button that sends ``action`` (disabled when there is none)."""
            add(
                label,
                (lambda: self.attempt(self._real(action))) if action is not None else None,
                key,
                action,
            )

        def ends() -> None:
            """Ending the phase: asked first when it would leave points unspent."""
            action = make(self.state, END, self.near)
            add(self.spec.end_label(self.view), lambda: self._end(action), "Space", action)

        responders = self._responders()
        if len(responders) > 1 and len(self.seats) > 2:
            # three or four at one screen: one button, a menu of who answers
            answers = [Action(RESPOND, seat) for seat in responders]
            add("Respond", lambda: self._offer_responders(answers), "R", options=answers)
        else:
            for seat in responders:
                label = (
                    "Respond"
                    if not self._hotseat_humans()
                    else f"Respond ({self.state.seat_names[seat]})"
                )
                add(label, lambda seat=seat: self._respond(seat), "R", Action(RESPOND, seat))
        for label, fn, key in self.table_buttons():
            add(label, fn, key)
        if not self.human_to_act():
            return self._bar_strip(wanted)
        kinds = {a.kind for a in self.legal()}
        sel = self.spec.selection(self.view, self.near)
        if self.state.prompts and PASS in kinds:
            sends(self.spec.pass_label(self.view), make(self.state, PASS, self.near), "Space")
        elif sel is not None:
            chosen = self._marked(sel)
            sends(
                sel.label.format(n=len(chosen), s="" if len(chosen) == 1 else "s"),
                make(self.state, sel.kind, self.near, chosen)
                if chosen and not sel.target
                else None,
            )
            if sel.target and END in kinds:  # the marked cards are optional then
                ends()
        elif END in kinds:
            ends()
        for b in self.spec.buttons(self.view, self.near):
            if b.options:
                add(
                    b.label,
                    lambda o=b.options: self._offer(o, self.app.input.pos),
                    b.key,
                    options=b.options,
                )
                continue
            sends(b.label, b.action, b.key)
        if self.state.active == self.near and self.state.turn > 0:
            # Offered all through the seat's own turn; when it cannot, a press says why.
            add("Undo", self.undo, "Ctrl+Z")
        add("Hint", self.hint, "H")
        return self._bar_strip(wanted)

    def thinking_words(self, seat: int) -> str:
        """What the bar says while a seat played elsewhere decides (dots follow)."""
        return f"{self.known_as(seat)} is thinking"

    def table_buttons(self) -> list[tuple[str, Callable[[], None], str]]:
        """Buttons of the table's own, beside the game's (none at one screen)."""
        return []

    def _bar_room(self) -> int:
        """The width the bar's buttons may take: all of the bar but its title, the phases at
        their smallest (the lit one named, the others as dots) and the "is thinking" words."""
        lay = self.layout
        bar = lay.bar
        title = self._bar_title_rect()
        _, right = self._pills(title.right + lay.px(12), 12, 8, True)
        seat = to_act(self.state)
        if seat is not None and self.seats[seat].is_bot:
            right += theme.width(f"{self.thinking_words(seat)}...", lay.px(13)) + lay.px(10)
        return bar.right - lay.px(6) - (right + lay.px(10))

    def _bar_strip(self, wanted) -> list[BarButton]:
        """The bar's buttons, right to left, each as wide as its words: their own strip,
        never over the title or the phases. Where they do not fit, the font shrinks, then
        the keys' hints go (the keys still work), then the last buttons (Hint and Undo
        first, which have keys of their own) move to a "More" menu, the first (ending the
        phase, passing) staying on the bar."""
        lay = self.layout
        room = self._bar_room()
        gap = lay.px(8)

        def widths(labels: Sequence[str], size: int) -> list[int]:
            return [max(lay.px(84), theme.width(t, size, "bold") + lay.px(28)) for t in labels]

        def fits(labels: Sequence[str]) -> int | None:
            for size in (14, 13, 12, 11):
                if sum(widths(labels, lay.px(size))) + gap * len(labels) <= room:
                    return lay.px(size)
            return None

        keyed = [label + (f"  [{key}]" if key else "") for label, _, key, _, _ in wanted]
        bare = [label for label, *_ in wanted]
        for labels, keys in ((keyed, True), (bare, False)):
            size = fits(labels)
            if size is not None:
                return self._bar_place(wanted, labels, size, keys)
        for shown in range(len(wanted) - 1, 0, -1):
            labels = [*bare[:shown], MORE]
            size = fits(labels)
            if size is not None or shown == 1:
                return self._bar_place(
                    wanted[:shown], labels, size or lay.px(11), False, wanted[shown:]
                )
        return self._bar_place(wanted, bare, lay.px(11), False)

    def _bar_place(
        self, wanted, labels: Sequence[str], size: int, keys: bool, more=()
    ) -> list[BarButton]:
        """The buttons laid right to left at ``size``, their keys' hints shown or not, and
        a "More" button for the ``more`` left off the bar (its menu holds them)."""
        lay = self.layout
        bar = lay.bar
        h = bar.height - lay.px(8)
        x = bar.right - lay.px(6)
        out: list[BarButton] = []
        rows = list(wanted)
        if more:
            rows.append((MORE, lambda: self._offer_more(more), "", None, ()))
        for (label, fn, key, action, options), text in zip(rows, labels, strict=True):
            width = max(lay.px(84), theme.width(text, size, "bold") + lay.px(28))
            x -= width
            rect = pygame.Rect(x, bar.top + lay.px(4), width, h)
            button = Button(rect, label, fn, key, hint=keys)
            if label == MORE:
                # What the menu holds, for a reader of the bar (a key, the monkey): the
                # actions of its rows, and its buttons with their keys, placed nowhere.
                options = [a for _, _, _, a, _ in more if a is not None]
                hidden = [
                    BarButton(Button(pygame.Rect(rect.center, (0, 0)), m[0], m[1], m[2]), m[3])
                    for m in more
                ]
                out.append(BarButton(button, None, options, size, hidden))
            else:
                out.append(BarButton(button, action, options, size))
            x -= lay.px(8)
        return out

    def _offer_more(self, more) -> None:
        """The menu of the buttons the bar had no room for, with their keys."""
        items = [(label + (f"  [{key}]" if key else ""), fn) for label, fn, key, _, _ in more]
        pos = self.app.input.pos
        self.menu = Menu(pos, items, self.layout.play, self.layout.px(14))
        self.offered = [action for _, _, _, action, _ in more]
        self.dirty = True

    def _responders(self) -> list[int]:
        """The people at this screen who may interrupt now, as the rules let them: the
        Respond button is theirs. Whether a seat may is public (the phase, an open window),
        so the button shows the same whatever that seat holds."""
        if self.paused or self.curtain is not None or not self.driving or self.state.over:
            return []
        seats = [a.seat for a in responses(self.state) if not self.seats[a.seat].is_bot]
        return seats if self._hotseat_humans() else [s for s in seats if s == self.near]

    def _offer_responders(self, answers: Sequence[Action]) -> None:
        """A menu of the people who may answer now, each by name."""
        items: list[tuple[str, Callable[[], object] | None]] = [
            (f"{self.state.seat_names[a.seat]} responds", lambda s=a.seat: self._respond(s))
            for a in answers
        ]
        pos = self.app.input.pos
        self.menu = Menu(pos, items, self.layout.play, self.layout.px(14), "Who answers?")
        self.offered = list(answers)
        self.dirty = True

    def _respond(self, seat: int) -> None:
        """A person interrupts: its answer window opens (behind the curtain, in hot-seat)."""
        self.attempt(Action(RESPOND, seat))

    def bar_title(self) -> str:
        """Who the phase bar names: whose turn it is, or, while another seat answers in it,
        that seat."""
        active, acting = self.view.active, to_act(self.state)
        if acting is None or acting == active:
            return self.known_as(active)
        return f"{self.known_as(acting)} to answer"

    def _bar_title_rect(self) -> pygame.Rect:
        """Where the bar's title goes: at its left, at most a fifth of the bar wide (a
        longer name is clipped)."""
        lay = self.layout
        w = min(theme.width(self.bar_title(), lay.px(14), "bold"), lay.bar.width // 5)
        h = theme.font(lay.px(14), "bold").get_linesize()
        r = pygame.Rect(lay.bar.left + lay.px(12), 0, w, h)
        r.centery = lay.bar.centery
        return r

    def _pills(
        self, x: int, size: int, pad: int, dots: bool
    ) -> tuple[list[tuple[str, pygame.Rect, bool, bool]], int]:
        """The phase pills from ``x`` at a font ``size`` and padding (the unlit ones as dots,
        with ``dots``), and where they end."""
        lay = self.layout
        shown = list(self.spec.turn_phases)
        if self.view.phase not in shown:
            shown.insert(0, self.view.phase)  # setup steps, lit before the turn phases
        lit_name = self.phase_lit or self.view.phase
        pill_h = theme.font(lay.px(13)).get_linesize() + lay.px(6)
        pills: list[tuple[str, pygame.Rect, bool, bool]] = []
        for name in shown:
            lit = name == lit_name
            if dots and not lit:
                r = pygame.Rect(x, 0, lay.px(10), lay.px(10))
            else:
                label = self.game.phases[name].title.replace(" Phase", "")
                w = theme.width(label, lay.px(size), "bold" if lit else "regular")
                r = pygame.Rect(x, 0, w + 2 * lay.px(pad), pill_h)
            r.centery = lay.bar.centery
            pills.append((name, r, lit, dots and not lit))
            x = r.right + lay.px(6 if not dots else 5)
        return pills, x

    def bar_layout(self, bars: list[BarButton] | None = None) -> BarLayout:
        """The phase bar laid out: its title, the phase pills (name, place, lit, shown as a
        dot), the "is thinking" words, and the free stretch between them and the buttons.
        The buttons keep their own strip at the right (made to fit beside the title and the
        smallest pills, see :meth:`_bar_strip`); the pills make room for them, first
        smaller, then as dots with only the lit phase named, so none is ever covered."""
        lay = self.layout
        bar = lay.bar
        title_rect = self._bar_title_rect()
        bars = self.bar() if bars is None else bars
        right = min([b.button.rect.left for b in bars], default=bar.right) - lay.px(10)
        thinking = None
        seat = to_act(self.state)
        if seat is not None and self.seats[seat].is_bot:
            words = theme.text(f"{self.thinking_words(seat)}...", lay.px(13))
            thinking = words.get_rect(midright=(right, bar.centery))
            right = thinking.left - lay.px(10)
        pills: list[tuple[str, pygame.Rect, bool, bool]] = []
        size = 13
        for size, pad, dots in ((13, 10, False), (12, 6, False), (12, 8, True)):
            pills, x = self._pills(title_rect.right + lay.px(12), size, pad, dots)
            if x <= right:
                break
        start = pills[-1][1].right + lay.px(8) if pills else title_rect.right + lay.px(8)
        free = pygame.Rect(start, bar.top, max(0, right - start), bar.height)
        return BarLayout(title_rect, pills, lay.px(size), thinking, free)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        lay = self.layout
        bar = lay.bar
        theme.panel(surface, bar, fill=(18, 22, 24), radius=lay.px(8))
        bars = self.bar()  # once a frame: the layout and the drawing share it
        laid = self.bar_layout(bars)
        f = theme.font(lay.px(14), "bold")
        title = f.render(theme.clipped(self.bar_title(), f, laid.title.width), True, theme.GOLD)
        surface.blit(title, title.get_rect(midleft=laid.title.midleft))
        self._note("bar title", laid.title, bar)
        phases = self.game.phases
        for name, pill, lit, dot in laid.pills:
            if dot:  # the phases around the lit one, as dots
                pygame.draw.circle(surface, theme.INK_DIM, pill.center, pill.width // 2, 1)
                continue
            label = phases[name].title.replace(" Phase", "")
            img = theme.text(
                label,
                laid.pill_size,
                theme.INK_DARK if lit else theme.INK_DIM,
                "bold" if lit else "regular",
            )
            if lit:
                pygame.draw.rect(surface, theme.GOLD, pill, border_radius=pill.height // 2)
            else:
                pygame.draw.rect(surface, (44, 50, 54), pill, 1, border_radius=pill.height // 2)
            surface.blit(img, img.get_rect(center=pill.center))
            self._note("phase", pill, bar)
            self._note("phase words", img.get_rect(center=pill.center), pill)
        if laid.thinking is not None:
            self._note("thinking", laid.thinking, bar)
            seat = to_act(self.state)
            dots = "." * (1 + int(self.clock * 3) % 3)
            theme.draw_text(
                surface,
                f"{self.thinking_words(seat)}{dots}",
                laid.thinking.topleft,
                lay.px(13),
                theme.INK_DIM,
            )
        mouse = self.app.input.pos
        for b in bars:
            b.button.draw(surface, mouse, b.size)
            self._note("button", b.button.rect, bar)

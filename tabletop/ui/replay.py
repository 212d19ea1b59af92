"""The replay viewer: a finished game's record played on the real table, one action at a
time, forward and back, from either seat's side or with both hands open, with a slider to
jump anywhere."""

from __future__ import annotations

import pygame

from ..engine import GameState, Match, Visibility, parse, view
from ..games import registry
from ..services.saves import SaveFile
from . import theme
from .table import Setup, TableScene
from .widgets import Button, click

STEP_SECONDS = 0.9  # between actions while playing


class ReplayScene(TableScene):
    zoom_hint = (
        "Hover over a card to read it. Left and Right step through the game, Home "
        "and End jump, Space plays it, V changes whose view you see; drag the "
        "slider to jump anywhere."
    )

    def __init__(self, app, save: SaveFile):
        record = save.record
        game = registry()[record.game]
        self.save = save
        self.actions = list(record.actions)
        self.open_hands = False
        self.playing = False
        self.wait = 0.0
        self.sliding = False
        setup = Setup(
            game, list(record.decks), ["human"] * len(record.decks), record.seed, curtain=False
        )
        super().__init__(app, setup)
        self.driving = False
        self.last_words = "the game set up"  # the last action shown, in words

    @property
    def pos(self) -> int:
        """How many of the record's actions the table shows played."""
        return len(self.match.record.actions)

    def shown_view(self) -> GameState:
        v = view(self.state, self.near)
        if self.open_hands:  # every hand face up; decks stay hidden
            for (_, name), ids in self.state.zones.items():
                if self.game.zones[name].visibility is Visibility.OWNER:
                    for cid in ids:
                        v.cards[cid] = self.state.cards[cid].copy()
        return v

    # -- moving through the record ---------------------------------------------------------
    def forward(self) -> None:
        if self.pos < len(self.actions) and not self.timeline:
            action = parse(self.state, self.actions[self.pos])
            self.last_words = self.words(self.shown_view(), action)
            self._apply(action)

    def words(self, before: GameState, action) -> str:
        """An action of the record in words, as the seat whose view is shown could know
        it (a card it could not see stays unnamed), with who took it."""
        who = before.seat_names[action.seat] if action.seat is not None else ""
        label = self.spec.words(before, action)
        return f"{who}: {label}" if who else label

    def back(self) -> None:
        self.jump(self.pos - 1)

    def jump(self, to: int) -> None:
        """Show the game after ``to`` actions, at once."""
        to = max(0, min(len(self.actions), to))
        match = Match(self.game, self.setup.decks, self.setup.seed)
        events = list(match.setup_events)
        self.last_words = "the game set up"
        for i, text in enumerate(self.actions[:to]):
            action = parse(match.state, text)
            if i == to - 1:
                self.match = match  # (the view as the near seat had it, before the action)
                self.last_words = self.words(self.shown_view(), action)
            events += match.apply(action)
        self.match = match
        self.events = events
        self.timeline.clear()
        self.dice.clear()
        self.flashes.clear()
        self.arrow = self.arrow_left = None
        self.over_wait = None
        self._log_cache = None
        self.view = self.shown_view()
        self._sync(snap=True)
        self.dirty = True

    def cycle_view(self) -> None:
        """Player 1's side, Player 2's side, both hands open."""
        if self.open_hands:
            self.open_hands = False
            self._set_near(0)
        elif self.near + 1 < self.state.seats:
            self._set_near(self.near + 1)
        else:
            self.open_hands = True
            self._set_near(0)
        self.jump(self.pos)  # the last action in words as this view knows it

    def view_label(self) -> str:
        if self.open_hands:
            return "Both hands open"
        return f"{self.state.seat_names[self.near]}'s view"

    # -- time and input ----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.playing and not self.timeline:
            self.wait -= dt
            if self.wait <= 0:
                if self.pos >= len(self.actions):
                    self.playing = False
                else:
                    self.forward()
                    self.wait = STEP_SECONDS
            self.dirty = True

    def busy(self) -> bool:
        return self.playing or super().busy()

    def _key(self, event: pygame.event.Event) -> None:
        keys = {
            pygame.K_RIGHT: self.forward,
            pygame.K_LEFT: self.back,
            pygame.K_HOME: lambda: self.jump(0),
            pygame.K_END: lambda: self.jump(len(self.actions)),
            pygame.K_v: self.cycle_view,
            pygame.K_SPACE: self.toggle_play,
        }
        if event.key in keys and not self.paused:
            keys[event.key]()
            self.dirty = True
        else:
            super()._key(event)

    def undo(self) -> None:  # Ctrl+Z in a replay: a step back
        self.back()

    def toggle_play(self) -> None:
        self.playing = not self.playing
        self.wait = 0.0
        if self.playing and self.pos >= len(self.actions):
            self.jump(0)

    def handle(self, event: pygame.event.Event) -> None:
        if not self.paused:
            track = self._track()
            if (
                event.type == pygame.MOUSEBUTTONDOWN
                and event.button == 1
                and track.inflate(0, self.layout.px(16)).collidepoint(event.pos)
            ):
                self.sliding = True
                self._slide(event.pos[0])
                return
            if event.type == pygame.MOUSEMOTION and self.sliding:
                self._slide(event.pos[0])
                return
            if event.type == pygame.MOUSEBUTTONUP and self.sliding:
                self.sliding = False
                return
            if (
                event.type == pygame.MOUSEBUTTONDOWN
                and event.button == 1
                and click(self._buttons(), event.pos)
            ):
                self.dirty = True
                return
        super().handle(event)

    def _slide(self, x: int) -> None:
        track = self._track()
        frac = (x - track.left) / max(1, track.width)
        to = round(max(0.0, min(1.0, frac)) * len(self.actions))
        if to != self.pos:
            self.jump(to)

    def _buttons(self) -> list[Button]:
        bar = self.layout.bar
        h = bar.height - self.layout.px(8)
        px = self.layout.px
        items = [
            ("|◀", lambda: self.jump(0), px(44)),
            ("◀", self.back, px(44)),
            ("Pause" if self.playing else "Play", self.toggle_play, px(70)),
            ("▶", self.forward, px(44)),
            ("▶|", lambda: self.jump(len(self.actions)), px(44)),
            (self.view_label(), self.cycle_view, px(170)),
        ]
        out = []
        x = bar.right - px(6) - sum(w for _, _, w in items) - px(6) * (len(items) - 1)
        for label, fn, width in items:
            out.append(Button(pygame.Rect(x, bar.top + px(4), width, h), label, fn))
            x += width + px(6)
        return out

    def _pause_buttons(self) -> list[Button]:
        box = self._pause_box()
        bh = self.layout.px(44)
        out = []
        for i, (label, fn) in enumerate(
            (
                ("Resume", self._resume),
                ("Settings", self._settings),
                ("Back to replays", self._leave),
            )
        ):
            r = pygame.Rect(0, 0, box.width - self.layout.px(60), bh)
            r.midtop = (box.centerx, box.top + self.layout.px(70) + i * (bh + self.layout.px(12)))
            out.append(Button(r, label, fn))
        return out

    def _leave(self) -> None:
        from .scenes import SavesScene

        self.app.go(SavesScene(self.app, "replays"))

    # -- drawing: the replay's place and slider where the table's messages go ----------------
    def message(self) -> tuple[str, tuple[int, int, int]] | None:
        return (f"Replay · action {self.pos} of {len(self.actions)}\n{self.last_words}", theme.GOLD)

    def _message_rect(self) -> pygame.Rect | None:
        lay = self.layout
        return pygame.Rect(lay.log.left, lay.log.top, lay.log.width, lay.px(96))

    def _track(self) -> pygame.Rect:
        box = self._message_rect()
        px = self.layout.px
        return pygame.Rect(box.left + px(14), box.bottom - px(20), box.width - px(28), px(6))

    def _draw_message(self, surface: pygame.Surface) -> None:
        box = self._message_rect()
        lay = self.layout
        theme.panel(surface, box, fill=(30, 28, 18), edge=theme.GOLD, radius=lay.px(8))
        words, _ = self.message()
        head, _, last = words.partition("\n")
        theme.draw_text(
            surface,
            head,
            (box.left + lay.px(12), box.top + lay.px(8)),
            lay.px(14),
            theme.GOLD,
            "bold",
        )
        f = theme.font(lay.px(12))
        line = theme.wrap(last, f, box.width - lay.px(24))[:2]
        y = box.top + lay.px(30)
        for text in line:
            surface.blit(f.render(text, True, theme.INK), (box.left + lay.px(12), y))
            y += f.get_linesize()
        track = self._track()
        pygame.draw.rect(surface, (60, 64, 66), track, border_radius=track.height // 2)
        frac = self.pos / max(1, len(self.actions))
        done = track.copy()
        done.width = round(track.width * frac)
        pygame.draw.rect(surface, theme.GOLD, done, border_radius=track.height // 2)
        pygame.draw.circle(
            surface, theme.HIGHLIGHT, (track.left + done.width, track.centery), lay.px(8)
        )

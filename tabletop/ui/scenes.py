"""The screens around the table: title, choose a game, a mode, the decks; game over."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from ..engine import Game
from ..games import registry
from . import theme
from .table import Setup, TableScene
from .widgets import Button, Scene, draw_wrapped

MODES = (("hotseat", "Two players (hot-seat)",
          "Two people, one screen; hands hidden between turns"),
         ("computer", "Versus computer", "You against the greedy bot"))


class ButtonScene(Scene):
    """A screen of buttons, laid out in a 1280×720 design scaled to the window."""

    def __init__(self, app):
        super().__init__(app)
        self.buttons: list[Button] = []
        self.layout_buttons()

    def s(self, v: float) -> int:
        """A length in design units, in pixels."""
        return max(1, round(v * min(self.app.size[0] / 1280, self.app.size[1] / 720)))

    def layout_buttons(self) -> None:
        raise NotImplementedError

    def resize(self, size) -> None:
        self.layout_buttons()

    def key(self, event: pygame.event.Event) -> None:
        pass

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    b.on_click()
                    return
        elif event.type == pygame.MOUSEMOTION:
            self.dirty = True  # hover highlights follow the mouse
        elif event.type == pygame.KEYDOWN:
            self.key(event)


class MenuScene(ButtonScene):
    """A title, a column of buttons and an optional line under them; Esc goes back."""

    title = ""
    subtitle = ""

    def __init__(self, app, back: Callable[[], Scene] | None = None):
        self.back = back
        super().__init__(app)

    def entries(self) -> list[tuple[str, str, Callable[[], None] | None]]:
        return []

    def layout_buttons(self) -> None:
        w, h = self.app.size
        entries = self.entries()
        bw, bh = self.s(520), self.s(62)
        top = h // 2 - (len(entries) * (bh + self.s(12))) // 2 + self.s(40)
        self.buttons = []
        for i, (label, detail, fn) in enumerate(entries):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midtop = (w // 2, top + i * (bh + self.s(12)))
            self.buttons.append(Button(rect, label, fn, detail=detail))
        self.dirty = True

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE and self.back:
            self.app.go(self.back())

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill(theme.BG)
        pygame.draw.rect(surface, theme.FELT, pygame.Rect(0, self.s(70), w, self.s(150)))
        theme.draw_text(surface, self.title, (w // 2, self.s(110)), self.s(44), theme.GOLD,
                        "title", anchor="center")
        if self.subtitle:
            theme.draw_text(surface, self.subtitle, (w // 2, self.s(170)), self.s(18),
                            theme.INK_DIM, anchor="center")
        mouse = self.app.input.pos
        for b in self.buttons:
            b.draw(surface, mouse, self.s(18))
        if self.back:
            theme.draw_text(surface, "Esc: back", (self.s(16), h - self.s(12)), self.s(13),
                            theme.INK_DIM, anchor="bottomleft")


class TitleScene(MenuScene):
    title = "Tabletop"
    subtitle = "Indie trading-card games, with the rules enforced"

    def entries(self):
        return [("New game", "", lambda: self.app.go(GameScene(self.app))),
                ("Quit", "", self.app.quit)]


class GameScene(MenuScene):
    title = "Choose a game"

    def __init__(self, app):
        super().__init__(app, back=lambda: TitleScene(app))

    def entries(self):
        out = []
        for game in registry().values():
            detail = game.tagline
            out.append((game.name, detail, lambda g=game: self.app.go(ModeScene(self.app, g))))
        return out


class ModeScene(MenuScene):
    subtitle = "How will you play?"

    def __init__(self, app, game: Game):
        self.game = game
        self.title = game.name
        super().__init__(app, back=lambda: GameScene(app))

    def entries(self):
        return [(label, words, lambda m=mode: self.app.go(DeckScene(self.app, self.game, m)))
                for mode, label, words in MODES]


class DeckScene(ButtonScene):
    """One column of ready-made decks per seat; pick one each, then start."""

    def __init__(self, app, game: Game, mode: str):
        self.game = game
        self.mode = mode
        self.decks = game.card_set().decks
        ids = sorted(self.decks)
        self.choice = [ids[0], ids[1 % len(ids)]]
        self.error = ""
        super().__init__(app)

    def seat_label(self, seat: int) -> str:
        if self.mode == "computer":
            return "You" if seat == 0 else "Computer"
        return f"Player {seat + 1}"

    def layout_buttons(self) -> None:
        w, h = self.app.size
        self.buttons = []
        ids = sorted(self.decks)
        bw, bh = self.s(400), self.s(62)
        for seat in range(2):
            cx = w // 2 + (seat * 2 - 1) * self.s(230)
            for i, deck_id in enumerate(ids):
                deck = self.decks[deck_id]
                rect = pygame.Rect(0, 0, bw, bh)
                rect.midtop = (cx, self.s(150) + i * (bh + self.s(10)))
                hero = self._lead(deck)
                self.buttons.append(Button(rect, deck.name, lambda s=seat, d=deck_id:
                                           self._pick(s, d), detail=hero,
                                           selected=self.choice[seat] == deck_id))
        start = pygame.Rect(0, 0, self.s(300), self.s(56))
        start.midbottom = (w // 2, h - self.s(30))
        self.buttons.append(Button(start, "Start", self._start, key="Enter"))
        self.dirty = True

    def _lead(self, deck) -> str:
        """The first card a deck lists is its face (a Hero, a Vanquisher...)."""
        return next(iter(deck.cards), "")

    def _pick(self, seat: int, deck_id: str) -> None:
        self.choice[seat] = deck_id
        self.layout_buttons()

    def _start(self) -> None:
        seats = ["human", "human"] if self.mode == "hotseat" else ["human", "greedy"]
        decks = [self.decks[d] for d in self.choice]
        for deck in decks:
            problems = self.game.validate_deck(deck)
            if problems:
                self.error = f"{deck.name}: {problems[0]}"
                self.dirty = True
                return
        setup = Setup(self.game, decks, seats, random.randrange(1, 2**31))
        self.app.go(new_table(self.app, setup))

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.go(ModeScene(self.app, self.game))
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._start()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill(theme.BG)
        theme.draw_text(surface, f"{self.game.name}: choose the decks", (w // 2, self.s(50)),
                        self.s(32), theme.GOLD, "title", anchor="center")
        for seat in range(2):
            cx = w // 2 + (seat * 2 - 1) * self.s(230)
            theme.draw_text(surface, self.seat_label(seat), (cx, self.s(115)), self.s(20),
                            theme.INK, "bold", anchor="center")
        mouse = self.app.input.pos
        for b in self.buttons:
            b.draw(surface, mouse, self.s(17))
        for seat in range(2):
            cx = w // 2 + (seat * 2 - 1) * self.s(230)
            words = self.decks[self.choice[seat]].description
            below = max(b.rect.bottom for b in self.buttons[:-1]) + self.s(16)
            draw_wrapped(surface, words, pygame.Rect(cx - self.s(200), below, self.s(400),
                                                     self.s(80)), self.s(15), theme.INK_DIM,
                         center=True)
        if self.error:
            theme.draw_text(surface, self.error, (w // 2, h - self.s(100)), self.s(15),
                            theme.DANGER, anchor="center")
        theme.draw_text(surface, "Esc: back", (self.s(16), h - self.s(12)), self.s(13),
                        theme.INK_DIM, anchor="bottomleft")


def new_table(app, setup: Setup) -> TableScene:
    return TableScene(app, setup, on_over=lambda table: app.go(GameOverScene(app, table)))


class GameOverScene(ButtonScene):
    """The final table, dimmed, with who won and the way on."""

    def __init__(self, app, table: TableScene):
        self.table = table
        state = table.state
        if state.winners:
            names = " and ".join(state.seat_names[s] for s in state.winners)
            humans = [i for i, seat in enumerate(table.seats) if not seat.is_bot]
            if len(humans) == 1:
                self.headline = "You win!" if humans[0] in state.winners else "The computer wins"
            else:
                self.headline = f"{names} {'wins' if len(state.winners) == 1 else 'win'}!"
        else:
            self.headline = "A draw"
        # Why it ended: what happened just before the win (a Hero falling, a concession).
        wins = [i for i, e in enumerate(table.events) if e.kind == "win"]
        self.detail = table.events[wins[-1] - 1].text_for(table.near) if wins and wins[-1] else ""
        self.snapshot: pygame.Surface | None = None
        super().__init__(app)

    def layout_buttons(self) -> None:
        w, h = self.app.size
        self.buttons = []
        for i, (label, fn) in enumerate((("Play again", self._again),
                                         ("Back to title", self._title))):
            rect = pygame.Rect(0, 0, self.s(300), self.s(54))
            rect.midtop = (w // 2, h // 2 + self.s(40) + i * self.s(66))
            self.buttons.append(Button(rect, label, fn))
        self.snapshot = None
        self.dirty = True

    def resize(self, size) -> None:
        self.table.resize(size)
        self.layout_buttons()

    def _again(self) -> None:
        old = self.table.setup
        setup = Setup(old.game, old.decks, old.seats, random.randrange(1, 2**31))
        self.app.go(new_table(self.app, setup))

    def _title(self) -> None:
        self.app.go(TitleScene(self.app))

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self._title()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        if self.snapshot is None:
            self.snapshot = pygame.Surface((w, h)).convert()
            self.table.paused = False
            self.table.draw(self.snapshot)
            shade = pygame.Surface((w, h), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 160))
            self.snapshot.blit(shade, (0, 0))
        surface.blit(self.snapshot, (0, 0))
        theme.draw_text(surface, self.headline, (w // 2, h // 2 - self.s(70)), self.s(52),
                        theme.GOLD, "title", anchor="center")
        if self.detail:
            theme.draw_text(surface, self.detail, (w // 2, h // 2 - self.s(20)), self.s(18),
                            theme.INK, anchor="center")
        mouse = self.app.input.pos
        for b in self.buttons:
            b.draw(surface, mouse, self.s(18))

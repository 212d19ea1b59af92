"""Deck choice: which deck each seat plays, and who plays it, before a game starts.

The screen that leads here and the table it starts are the subclass's to name
(``scenes.DeckScene``), so that this module stays out of the screens' loop of imports.
"""

from __future__ import annotations

import pygame

from ..engine import DeckList, Game, counted
from ..services.saves import JOINING
from . import theme
from .widgets import Button, ButtonScene, dotted, fitted

NETWORK = "network"  # the mode of a game hosted for people on other computers
OWN_DECK = "remote:own"  # (network) a person joining, who brings a deck of their own


class DeckChoiceScene(ButtonScene):
    """One column of decks per seat (the player's own, then the game's own and those
    imported); pick one each, then start. A draft (a deck of the player's that is not legal
    yet) can be picked too, and then says why it cannot be played: Start waits until every
    seat's deck is legal, so it never plays a deck other than the one shown chosen. A game
    for more than two has a Players button (two to four), and every seat says who plays it:
    a person, or the computer at a level (a click steps through them). A long list scrolls
    with the mouse wheel."""

    FULL = 5  # up to this many decks get full-size buttons
    VISIBLE = 7  # more than this many scroll

    def __init__(self, app, game: Game, mode: str, seats: int = 2):
        self.app = app
        self.game = game
        self.mode = mode
        self.count = max(game.min_seats, min(seats, game.max_seats))
        # Who plays each seat: "human" or a computer's level. Hot-seat: people everywhere;
        # versus the computer: you first, the computer in the others.
        bot = app.settings.bot
        self.who = ["human" if mode == "hotseat" or i == 0 else bot for i in range(game.max_seats)]
        if mode == NETWORK:  # the host here, people joining in the other seats
            self.who = ["human", *[JOINING] * (game.max_seats - 1)]
        self.scroll = 0
        self.error = ""
        self.load_decks()
        super().__init__(app)

    def load_decks(self) -> None:
        from ..services import decks as store

        card_set = self.game.card_set()
        listing = store.listing(self.game)
        self.entries = listing.by_id()
        self.decks = {i: e.deck for i, e in self.entries.items()}
        # Each deck in a few true words (its face card, its make-up), under its name; a
        # draft of the player's, why it cannot be played yet.
        self.summaries = {
            i: f"Draft: {e.problems[0]}" if e.problems else dotted(self.game.deck_summary(e.deck))
            for i, e in self.entries.items()
        }
        # Imported data that had to be left out, deck files that could not be read.
        self.notes = list(card_set.notes) + listing.unreadable[:1]
        ids = [i for i, e in self.entries.items() if e.legal]
        self.choice = [ids[i % len(ids)] for i in range(self.game.max_seats)]
        remembered = self.app.settings.decks.get(self.game.id, [])
        for seat, deck_id in enumerate(remembered[: self.game.max_seats]):
            if deck_id in ids:  # the decks last played (or set in Settings)
                self.choice[seat] = deck_id

    def cards_changed(self) -> None:
        chosen = list(self.choice)
        self.load_decks()
        for seat, deck_id in enumerate(chosen):
            if deck_id in self.decks:  # a draft chosen stays chosen (and says why it waits)
                self.choice[seat] = deck_id
        self.layout_buttons()

    def seat_label(self, seat: int) -> str:
        if (
            self.count == 2
            and self.mode != NETWORK
            and self.who[0] == "human"
            and self.who[1] != "human"
        ):
            return "You" if seat == 0 else "Computer"
        team = self.game.seat_team(seat, self.count)
        return dotted(f"Player {seat + 1}", team)

    def who_label(self, seat: int) -> str:
        from ..bots import LEVELS

        who = self.who[seat]
        if self.mode == NETWORK:
            if who == "human":
                return "You, at this computer"
            if who == JOINING:
                return "A person joining"
            if who == OWN_DECK:
                return "A person joining, with their deck"
        return "A person" if who == "human" else f"Computer: {LEVELS[who]}"

    def column_x(self, seat: int) -> int:
        """The centre of a seat's column."""
        w = self.app.size[0]
        if self.count == 2:
            return w // 2 + (seat * 2 - 1) * self.s(230)
        step = self.s(1200) // self.count
        return w // 2 - step * (self.count - 1) // 2 + seat * step

    def layout_buttons(self) -> None:
        w, h = self.app.size
        self.buttons = []
        ids = list(self.decks)
        self.scroll = max(0, min(self.scroll, len(ids) - self.VISIBLE))
        bw = self.s(400) if self.count == 2 else self.s(1200) // self.count - self.s(16)
        bh, gap = (self.s(62), self.s(10)) if len(ids) <= self.FULL else (self.s(44), self.s(6))
        many = self.game.max_seats > 2 or self.mode == NETWORK  # who plays each seat
        top = self.s(196) if many else self.s(150)
        for seat in range(self.count):
            cx = self.column_x(seat)
            if many:
                rect = pygame.Rect(0, 0, bw, self.s(34))
                rect.midtop = (cx, self.s(130))
                self.buttons.append(
                    Button(rect, self.who_label(seat), lambda s=seat: self._step_who(s, 1))
                )
            if self.column_note(seat):  # no deck to choose here
                continue
            for i, deck_id in enumerate(ids[self.scroll : self.scroll + self.VISIBLE]):
                deck = self.decks[deck_id]
                rect = pygame.Rect(0, 0, bw, bh)
                rect.midtop = (cx, top + i * (bh + gap))
                self.buttons.append(
                    Button(
                        rect,
                        deck.name,
                        lambda s=seat, d=deck_id: self._pick(s, d),
                        detail=self.summaries[deck_id],
                        selected=self.choice[seat] == deck_id,
                        muted=not self.entries[deck_id].legal,
                    )
                )
        if many:
            players = pygame.Rect(0, 0, self.s(200), self.s(40))
            players.topleft = (self.s(24), self.s(30))
            self.buttons.append(
                Button(players, f"Players: {self.count}", lambda: self._step_count(1), key="P")
            )
        build = pygame.Rect(0, 0, self.s(200), self.s(40))
        build.topright = (w - self.s(24), self.s(30))
        self.buttons.append(Button(build, "Your decks", self._decks, key="D"))
        start = pygame.Rect(0, 0, self.s(300), self.s(56))
        start.midbottom = (w // 2, h - self.s(30))
        if self.drafts():  # greyed until every seat's deck is legal
            self.buttons.append(Button(start, "Start", None))
        else:
            self.buttons.append(Button(start, "Start", self._start, key="Enter"))
        self.dirty = True

    def _step_count(self, step: int) -> None:
        """Two, three or four players (as many as the game takes), round again."""
        low, high = self.game.min_seats, self.game.max_seats
        self.count = low + (self.count - low + step) % (high - low + 1)
        self.layout_buttons()

    def _step_who(self, seat: int, step: int) -> None:
        from ..bots import LEVELS

        options = ["human", *LEVELS]
        if self.mode == NETWORK:  # the host's own seat is the first; the others join or not
            if seat == 0:
                return
            options = [JOINING, OWN_DECK, *LEVELS]
        self.who[seat] = options[(options.index(self.who[seat]) + step) % len(options)]
        self.layout_buttons()

    def _decks(self) -> None:
        """The deck builder's list of decks; back here, with a deck built there to choose."""
        from .decks_scene import DecksScene

        game, mode, count = self.game, self.mode, self.count
        self.app.go(
            DecksScene(self.app, game, back=lambda: type(self)(self.app, game, mode, count))
        )

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and len(self.decks) > self.VISIBLE:
            self.scroll -= event.y
            self.layout_buttons()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            for b in self.buttons:  # a right-click steps back
                if b.hit(event.pos) and b.label.startswith(("A person", "Computer")):
                    seat = next(
                        s for s in range(self.count) if abs(self.column_x(s) - b.rect.centerx) < 2
                    )
                    self._step_who(seat, -1)
                    return
                if b.hit(event.pos) and b.label.startswith("Players"):
                    self._step_count(-1)
                    return
        super().handle(event)

    def leave(self) -> None:
        """Esc: back to the screen before (the subclass knows which)."""
        raise NotImplementedError

    def play(self, decks: list[DeckList], seats: list[str]) -> None:
        """Start: a new game of these decks, played by these seats (the subclass makes the
        table)."""
        raise NotImplementedError

    def _pick(self, seat: int, deck_id: str) -> None:
        self.choice[seat] = deck_id
        self.layout_buttons()

    def drafts(self) -> list[int]:
        """The seats whose chosen deck is a draft (not legal: it cannot be played)."""
        return [
            s
            for s in range(self.count)
            if not self.column_note(s) and not self.entries[self.choice[s]].legal
        ]

    def column_note(self, seat: int) -> str:
        """What a seat's column says in place of its decks, where it has none to choose (a
        person joining who brings their own); empty where it has."""
        if self.mode == NETWORK and self.who[seat] == OWN_DECK:
            return "They choose their deck when they join; the host checks it is legal."
        return ""

    def why_not(self, seat: int) -> str:
        """Why a seat's chosen draft cannot be played: its first problem, in full."""
        problems = self.entries[self.choice[seat]].problems
        more = f", and {counted(len(problems) - 1, 'more problem')}" if len(problems) > 1 else ""
        name = self.decks[self.choice[seat]].name
        return f"“{name}” is a draft: {problems[0]}{more}."

    def waiting(self) -> str:
        """What Start waits for, when a seat has chosen a draft."""
        seats = self.drafts()
        if not seats:
            return ""
        whose = ["your" if self.seat_label(s) == "You" else f"Player {s + 1}'s" for s in seats]
        decks = f"{' and '.join(whose)} deck{'s are drafts' if len(seats) > 1 else ' is a draft'}"
        return (
            f"Start waits: {decks}. Choose a legal deck, or finish "
            f"{'them' if len(seats) > 1 else 'it'} in Your decks [D]."
        )

    def _start(self) -> None:
        if self.drafts():  # Start is greyed, and the screen says why
            self.dirty = True
            return
        seats = self.who[: self.count]
        decks = [self.decks[d] for d in self.choice[: self.count]]
        for deck in decks:
            problems = self.game.validate_deck(deck)
            if problems:
                self.error = f"{deck.name}: {problems[0]}"
                self.dirty = True
                return
        remembered = self.app.settings.decks.get(self.game.id, [])
        chosen = list(self.choice[: self.count]) + remembered[self.count :]
        if remembered != chosen:
            self.app.settings.decks[self.game.id] = chosen
            self.app.save_settings()
        self.play(decks, seats)

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.leave()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._start()
        elif event.key == pygame.K_d:
            self._decks()
        elif event.key == pygame.K_p and self.game.max_seats > 2:
            self._step_count(1)

    def draw(self, surface: pygame.Surface) -> None:
        w = self.app.size[0]
        surface.fill(theme.BG)
        # between the Players and Your decks buttons (a team format's name is long)
        words = f"{self.game.name}: choose the decks"
        if theme.width(words, self.s(32), "title") > w - self.s(500):
            words = self.game.name
        title = fitted(words, w - self.s(500), self.s(32), theme.GOLD, "title")
        surface.blit(title, title.get_rect(center=(w // 2, self.s(50))))
        for seat in range(self.count):
            theme.draw_text(
                surface,
                self.seat_label(seat),
                (self.column_x(seat), self.s(115)),
                self.s(20),
                theme.INK,
                "bold",
                anchor="center",
            )
        mouse = self.app.input.pos
        for b in self.buttons:
            b.draw(surface, mouse, self.s(17 if self.count == 2 else 15))
        decks = [b for b in self.buttons if b.detail]
        below = max((b.rect.bottom for b in decks), default=self.s(150)) + self.s(16)
        # Over Start, in red: what it waits for, a problem starting, what was left out.
        start = self.buttons[-1].rect
        f = theme.font(self.s(14))
        words = " ".join([self.waiting() or self.error, *self.notes]).strip()
        lines = theme.wrap(words, f, w - self.s(120))[:3] if words else []
        said = start.top - self.s(10) - len(lines) * f.get_linesize()
        for i, line in enumerate(lines):
            img = f.render(line, True, theme.DANGER)
            surface.blit(img, img.get_rect(midtop=(w // 2, said + i * f.get_linesize())))
        # Under each seat's decks: the chosen deck's description, or why a draft waits,
        # as large as the room down to the red words (or Start) lets it be.
        room = (said if lines else start.top) - self.s(8) - below
        width = self.s(400) if self.count == 2 else self.s(1200) // self.count - self.s(16)
        for seat in range(self.count):
            cx = self.column_x(seat)
            legal = self.entries[self.choice[seat]].legal
            text = self.decks[self.choice[seat]].description if legal else self.why_not(seat)
            y = below
            if self.column_note(seat):  # where its decks would be
                text, legal, y = self.column_note(seat), True, self.s(210)
            size = self.s(15 if self.count == 2 else 13)
            font, wrapped = theme.fit_text(text, width, room, size, max(9, self.s(11)))
            for i, line in enumerate(wrapped):
                img = font.render(line, True, theme.INK_DIM if legal else theme.DANGER)
                surface.blit(img, img.get_rect(midtop=(cx, y + i * font.get_linesize())))
        if len(self.decks) > self.VISIBLE:
            first, n = self.scroll + 1, len(self.decks)
            last = min(n, self.scroll + self.VISIBLE)
            theme.draw_text(
                surface,
                f"{first}–{last} of {n} decks (scroll for more)",
                (w // 2, min(b.rect.top for b in decks) - self.s(12)),
                self.s(13),
                theme.INK_DIM,
                anchor="midbottom",
            )
        self.draw_back_button(surface)

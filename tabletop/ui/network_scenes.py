"""The screens of a game played across computers: hosting it (the decks and who plays each
seat), the lobby where the host shows its address and code and everyone waits for the
others, and joining one (an address and a code).

The host's own table joins its host over the loopback address, as everyone else does
(:mod:`tabletop.net.hosted`), so the same table serves every seat. The host keeps the
game's save: Continue hosts it again, with a new code, and waits for the others.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pygame

from ..engine import DeckList, Game, Match
from ..net.beacon import Heard, Listener
from ..net.hosted import PORT, Hosted, addresses
from ..net.remote import Remote, Said, Update, read_address
from ..services.saves import HUMAN, JOINING
from . import theme
from .deck_choice import NETWORK, OWN_DECK, DeckChoiceScene
from .widgets import Button, ButtonScene, TextField, draw_wrapped

# Where a host listens: every address of this computer, on the usual port if it is free.
# (The tests listen on the loopback address only.)
LISTEN: tuple[str, tuple[int, ...]] = ("0.0.0.0", (PORT, 0))


def new_seed() -> int:
    """A new game's seed."""
    return random.randrange(1, 2**31)


def _title(app, message: str = ""):
    from .scenes import TitleScene

    return TitleScene(app, message)


class Saver:
    """Keeps a hosted game's save as a table at one screen does (``Keeper``), the host's own
    seat named "human". Called on the host's thread after each action."""

    def __init__(self, app, path: Path | None = None):
        self.kept = app.store.keeper(path)
        self.hosted: Hosted | None = None
        self.here = 0  # the host's own seat

    def seats(self) -> list[str]:
        kinds = list(self.hosted.host.seats) if self.hosted is not None else []
        return [HUMAN if s == self.here else kind for s, kind in enumerate(kinds)]

    def __call__(self, match: Match) -> None:
        from ..system.logs import log

        try:
            self.kept(match.record, self.seats(), match.state)
        except OSError as e:  # the game plays on; the log says why it is not kept
            log.warning("could not save the network game %s: %s", self.kept.path, e)


def host_game(
    app,
    game: Game,
    decks: list[DeckList | None],
    seats: list[str],
    seed: int,
    actions: Sequence[str] = (),
    save_path: Path | None = None,
) -> None:
    """Host a game (``seats``: the host's own seat "human", the others "remote" or a
    computer level) and go to its lobby; a port that cannot be opened is said."""
    here = seats.index(HUMAN)
    saver = Saver(app, save_path)
    hosted = Hosted(
        game,
        [JOINING if s == HUMAN else s for s in seats],
        decks,
        seed,
        actions=list(actions),
        on_change=saver,
        own_seat=here,
    )
    saver.hosted, saver.here = hosted, here
    try:
        hosted.start(*LISTEN)
    except OSError as e:
        app.go(_title(app, f"The game could not be hosted: {e.strerror or e}"))
        return
    remote = Remote("127.0.0.1", hosted.port, hosted.own_code, seat=here, name="host")
    app.go(LobbyScene(app, remote, game.name, hosted))


class HostScene(DeckChoiceScene):
    """Deck choice for a game hosted on the network: each seat's deck, and who plays it
    (you at this computer, a person joining, or the computer at a level)."""

    def __init__(self, app, game: Game, seats: int = 2):
        super().__init__(app, game, NETWORK, seats)

    def leave(self) -> None:
        """Esc: back to the game's ways of playing."""
        from ..games import registry
        from .scenes import ModeScene

        home = registry().get(self.game.variant_of or "", self.game)
        self.app.go(ModeScene(self.app, home))

    def play(self, decks: list[DeckList], seats: list[str]) -> None:
        own = [s == OWN_DECK for s in seats]  # their player brings the deck
        host_game(
            self.app,
            self.game,
            [None if o else d for d, o in zip(decks, own, strict=True)],
            [JOINING if o else s for s, o in zip(seats, own, strict=True)],
            new_seed(),
        )


class LobbyScene(ButtonScene):
    """Waiting for the game to begin: on the host, the addresses and the code to give the
    others, and which seats have joined; on a joining computer, that it has joined, and,
    where the host left the seat's deck open, the player's decks to choose one from. The
    table opens with the first view of the game."""

    SHOWN = 5  # decks listed at once (more scroll)

    def __init__(self, app, remote: Remote, name: str, hosted: Hosted | None = None):
        self.remote = remote
        self.hosted = hosted
        self.name = name
        self.seat: int | None = None
        self.where = addresses() if hosted is not None else []
        self.offer: list[DeckList] = []  # the decks it may bring, while it chooses
        self.brought = ""  # what was said of the deck it brings
        self.error = ""  # the host's refusal of it
        self.scroll = 0
        self.seen: tuple = ()  # (the host) who had joined, and chosen decks, when last drawn
        super().__init__(app)

    def layout_buttons(self) -> None:
        w, h = self.app.size
        rect = pygame.Rect(0, 0, self.s(240), self.s(48))
        rect.midbottom = (w // 2, h - self.s(30))
        label = "Stop hosting" if self.hosted is not None else "Leave"
        self.buttons = [Button(rect, label, self._cancel, key="Esc")]
        self.scroll = max(0, min(self.scroll, len(self.offer) - self.SHOWN))
        for i, deck in enumerate(self.offer[self.scroll : self.scroll + self.SHOWN]):
            r = pygame.Rect(0, 0, self.s(460), self.s(50))
            r.midtop = (w // 2, self.s(250) + i * self.s(58))
            detail = self.remote.game.deck_summary(deck) if self.remote.game else ""
            self.buttons.append(Button(r, deck.name, lambda d=deck: self._bring(d), detail=detail))
        self.dirty = True

    def _bring(self, deck: DeckList) -> None:
        self.remote.choose(deck)
        self.brought, self.error = f"Bringing {deck.name}...", ""
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and len(self.offer) > self.SHOWN:
            self.scroll -= event.y
            self.layout_buttons()
            return
        super().handle(event)

    def _cancel(self) -> None:
        self.remote.close()
        if self.hosted is not None:
            self.hosted.stop()
        self.app.go(_title(self.app))

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self._cancel()

    def busy(self) -> bool:
        return False

    def closing(self) -> None:
        self.remote.close()
        if self.hosted is not None:
            self.hosted.stop()

    def update(self, dt: float) -> None:
        messages = self.remote.poll()
        for i, m in enumerate(messages):
            if isinstance(m, Update):
                self._begin(m, messages[i + 1 :])
                return
            if isinstance(m, Said) and m.kind == "welcome":
                self.seat = m.seat
                if m.choose_deck and self.remote.game is not None:
                    from ..services.decks import choosable

                    self.offer = list(choosable(self.remote.game).values())
                    self.layout_buttons()
                self.dirty = True
            elif isinstance(m, Said) and m.kind == "deck":
                self.offer, self.brought = [], f"You bring {m.text}."
                self.layout_buttons()
            elif isinstance(m, Said) and m.kind == "refused":
                self.error, self.brought = m.text[:1].upper() + m.text[1:] + ".", ""
                self.dirty = True
            elif isinstance(m, Said) and m.kind == "bye":
                self.closing()
                self.app.go(_title(self.app, f"Could not join: {m.text}."))
                return
        if self.hosted is not None:  # who has joined (it changes on the host's thread)
            seen = (frozenset(self.hosted.joined()), tuple(sorted(self.hosted.host.chosen)))
            if seen != self.seen:
                self.seen, self.dirty = seen, True

    def _begin(self, first: Update, rest: list) -> None:
        from .scenes import GameOverScene
        from .table.network import NetTableScene

        app = self.app
        table = NetTableScene(
            app,
            self.remote,
            first,
            self.hosted,
            on_over=lambda t: app.go(GameOverScene(app, t)),
        )
        for m in rest:  # what came with the first view: for the table
            if isinstance(m, Update):
                table.backlog.append(m)
            else:
                table._heard(m)
        app.go(table)

    def lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the lobby says, line by line, with each line's colour."""
        hosted = self.hosted
        if hosted is None:
            seat = f" as Player {self.seat + 1}" if self.seat is not None else ""
            out = [(f"Joined {self.remote.host}:{self.remote.port}{seat}.", theme.INK)]
            if self.offer:
                out.append(("Choose the deck you bring:", theme.GOLD))
            elif self.brought:
                out.append((self.brought, theme.INK))
            if self.error:
                out.append((self.error, theme.DANGER))
            if not self.offer:
                out.append(("The game begins once every seat is taken.", theme.INK_DIM))
            return out
        out = [
            ("Others join at " + " or ".join(f"{a}:{hosted.port}" for a in self.where), theme.INK)
        ]
        joined = hosted.joined()
        for s, kind in enumerate(hosted.host.seats):
            if kind == JOINING:
                here = s == self.remote.seat
                state = "you" if here else "joined" if s in joined else "waiting to join..."
                if hosted.host.decks[s] is None:  # its player brings the deck
                    brought = hosted.host.chosen.get(s)
                    state += f", brings {brought.name}" if brought else ", choosing a deck"
                color = theme.INK if s in joined else theme.GOLD
                out.append((f"Player {s + 1}: {state}", color))
            else:
                out.append((f"Player {s + 1}: the computer ({kind})", theme.INK_DIM))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = self.app.size
        surface.fill(theme.BG)
        title = f"Hosting {self.name}" if self.hosted else f"Joining {self.name}"
        theme.draw_text(
            surface, title, (w // 2, self.s(60)), self.s(32), theme.GOLD, "title", anchor="center"
        )
        y = self.s(120)
        if self.hosted is not None:
            theme.draw_text(
                surface, "Join code", (w // 2, y), self.s(16), theme.INK_DIM, anchor="center"
            )
            theme.draw_text(
                surface,
                " ".join(self.hosted.code),
                (w // 2, y + self.s(44)),
                self.s(44),
                theme.GOLD,
                "bold",
                anchor="center",
            )
            y += self.s(100)
        for text, color in self.lines():
            height = draw_wrapped(
                surface,
                text,
                pygame.Rect(self.s(80), y, w - self.s(160), self.s(60)),
                self.s(18),
                color,
                center=True,
            )
            y += height + self.s(10)
        if self.hosted is not None:
            draw_wrapped(
                surface,
                "On another computer: Join a game, then this address and the code. Players "
                "elsewhere need a way to reach this computer on that port (docs/network.md).",
                pygame.Rect(self.s(120), y + self.s(16), w - self.s(240), self.s(60)),
                self.s(14),
                theme.INK_DIM,
                center=True,
            )
        for b in self.buttons:
            b.draw(surface, self.app.input.pos, self.s(17))


class JoinScene(ButtonScene):
    """Join a game hosted on another computer: its address and its code (the seat last
    taken at that game is asked for again, so a player who dropped sits back down). The
    games announced on this network are listed under them: a click on one fills in its
    address, and the code is all there is left to type."""

    LISTED = 3  # games listed at most

    last: tuple[str, int, str, int] | None = None  # host, port, code, seat: this session's

    def __init__(self, app):
        last = JoinScene.last
        self.address = TextField(f"{last[0]}:{last[1]}" if last else "", "192.168.1.20", 80)
        self.code = TextField(last[2] if last else "", "ABC123", 12)
        self.address.focused = True
        self.error = ""
        self.found: list[Heard] = []
        self.looked = 0.0  # seconds since the list was last read
        super().__init__(app)
        # listening while this screen is shown (it stops itself once another is)
        self.shown = False
        self.listener = Listener(alive=lambda: app.scene is self or not self.shown)

    def layout_buttons(self) -> None:
        w, _ = self.app.size
        self.address.rect = pygame.Rect(0, 0, self.s(520), self.s(46))
        self.address.rect.midtop = (w // 2, self.s(190))
        self.code.rect = pygame.Rect(0, 0, self.s(520), self.s(46))
        self.code.rect.midtop = (w // 2, self.s(290))
        join = pygame.Rect(0, 0, self.s(240), self.s(52))
        join.midtop = (w // 2, self.s(384))
        self.buttons = [Button(join, "Join", self._join, key="Enter")]
        for i, heard in enumerate(self.found[: self.LISTED]):
            rect = pygame.Rect(0, 0, self.s(520), self.s(48))
            rect.midtop = (w // 2, self.s(500) + i * self.s(56))
            said = heard.said
            seats = f"{said.open} seat{'s' if said.open != 1 else ''} open"
            self.buttons.append(
                Button(
                    rect,
                    f"{said.name} on {said.computer}",
                    lambda h=heard: self._pick(h),
                    detail=f"{heard.where} · {seats}",
                )
            )
        self.dirty = True

    def update(self, dt: float) -> None:
        self.shown = True
        self.looked += dt
        if self.looked < 0.5:
            return
        self.looked = 0.0
        found = self.listener.games()
        if [(h.where, h.said) for h in found] != [(h.where, h.said) for h in self.found]:
            self.found = found
            self.layout_buttons()

    def _pick(self, heard: Heard) -> None:
        """A game from the list: its address filled in, the code next to type (a code
        typed for another address cleared)."""
        if self.address.text.strip() != heard.where:
            self.code.text = ""
        self.address.text = heard.where
        self.address.focused, self.code.focused = False, True
        self.error = ""
        self.dirty = True

    def _leave(self, scene) -> None:
        self.listener.stop()
        self.app.go(scene)

    def closing(self) -> None:
        self.listener.stop()

    def _join(self) -> None:
        try:
            host, port = read_address(self.address.text, PORT)
        except ValueError as e:
            self.error = str(e)
            self.dirty = True
            return
        code = self.code.text.strip().upper()
        if not code:
            self.error = "type the game's code, as the host's lobby shows it"
            self.dirty = True
            return
        last = JoinScene.last
        seat = last[3] if last and last[:3] == (host, port, code) else None
        remote = Remote(host, port, code, seat=seat)
        self._leave(JoiningScene(self.app, remote))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for field in (self.address, self.code):
                field.focused = field.rect.collidepoint(event.pos)
            self.dirty = True
        super().handle(event)

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self._leave(_title(self.app))
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._join()
        elif event.key == pygame.K_TAB:
            self.address.focused, self.code.focused = self.code.focused, self.address.focused
        else:
            field = self.address if self.address.focused else self.code
            field.key(event)
            self.error = ""
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = self.app.size
        surface.fill(theme.BG)
        theme.draw_text(
            surface, "Join a game", (w // 2, self.s(60)), self.s(32), theme.GOLD, "title",
            anchor="center",
        )  # fmt: skip
        theme.draw_text(
            surface,
            "Pick a game on this network below, or type the address the host's lobby shows.",
            (w // 2, self.s(110)),
            self.s(16),
            theme.INK_DIM,
            anchor="center",
        )
        for field, label in ((self.address, "Address"), (self.code, "Code")):
            theme.draw_text(
                surface,
                label,
                (field.rect.left, field.rect.top - self.s(8)),
                self.s(15),
                theme.INK,
                "bold",
                anchor="bottomleft",
            )
            field.draw(surface, self.s(18))
        if self.error:
            draw_wrapped(
                surface,
                self.error[:1].upper() + self.error[1:] + ".",
                pygame.Rect(self.s(160), self.s(344), w - self.s(320), self.s(36)),
                self.s(15),
                theme.DANGER,
                center=True,
            )
        theme.draw_text(
            surface,
            "Games on this network",
            (w // 2, self.s(490)),
            self.s(15),
            theme.INK,
            "bold",
            anchor="midbottom",
        )
        if not self.found:
            quiet = (
                f"They cannot be listed here: {self.listener.error}."
                if self.listener.error
                else "None heard yet: a host's lobby announces its game here."
            )
            theme.draw_text(
                surface, quiet, (w // 2, self.s(510)), self.s(14), theme.INK_DIM, anchor="midtop"
            )
        for b in self.buttons:
            b.draw(surface, self.app.input.pos, self.s(17))
        self.draw_back_button(surface)


class JoiningScene(LobbyScene):
    """The lobby of a joining computer, which remembers the seat it was given (to ask for
    it again after a drop)."""

    def __init__(self, app, remote: Remote):
        super().__init__(app, remote, "a game")

    def update(self, dt: float) -> None:
        if self.remote.game is not None:
            self.name = self.remote.game.name
        super().update(dt)
        if self.seat is not None:
            r = self.remote
            JoinScene.last = (r.host, r.port, r.code, self.seat)


def resume_hosted(app, save, path: Path) -> None:
    """Continue a saved network game: host it again (a new code) and wait for the others."""
    from ..games import registry

    record = save.record
    host_game(
        app,
        registry()[record.game],
        list(record.decks),
        list(save.seats),
        record.seed,
        actions=list(record.actions),
        save_path=path,
    )

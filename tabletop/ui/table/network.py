"""The table of a game played across computers: the same table, driven by the host.

This program holds only what its seat is sent (:class:`~tabletop.net.remote.Remote`): the
seat's view, the events as the seat is told them, and its decisions. The table draws that
view as it draws a local one; a gesture's action goes to the host in its text form, and the
host's answer comes back as the next update (played out as a local move is) or as a refusal
with the rule's reason (the card slides back). Nothing here waits on the network: each
frame takes what has arrived. The other seats are people (or the computer) elsewhere: no
curtain, no computer player here. Undo asks the host; the hint is worked out here, from the
seat's own view; a line of chat goes to every seat and comes back into the log.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future

import pygame

from ...engine import PASS, Action, Event, GameState, parse
from ...net.remote import Remote, Said, Update
from .. import theme
from ..seats import BotSeat, Human
from ..widgets import Scene, TextField
from . import TableScene
from .parts import Setup

CHAT_LIMIT = 200  # characters a line of chat may hold (the wire's own limit)
REJOIN_TRIES = 4  # times a table joins again by itself when its connection breaks
REJOIN_PAUSE = 2.0  # seconds between two tries


class Elsewhere:
    """A seat played on another computer (or by the host's computer player): not played
    at this screen, so the table says it is deciding while it is to act."""

    is_bot = True
    name = "remote"


class Joined:
    """The game as this seat holds it, in the place a local table keeps its ``Match``: the
    last view the host sent."""

    def __init__(self, first: Update):
        self.state: GameState = first.view
        self.setup_events: list[Event] = []


def clean(text: str) -> str:
    """Another player's words as the log may show them: printable characters only."""
    return "".join(c for c in text if c.isprintable())[:CHAT_LIMIT]


class NetTableScene(TableScene):
    """A seat of a game hosted on the network (``hosted``: this program is the host too,
    and closing the table ends the game for everyone)."""

    again = False  # "Play again" is the host's to offer, as a new game to join

    def __init__(
        self,
        app,
        remote: Remote,
        first: Update,
        hosted=None,
        instant: bool = False,
        on_over: Callable[[TableScene], None] | None = None,
    ):
        Scene.__init__(self, app)
        from ..cards import CardArt

        assert remote.game is not None and remote.seat is not None
        self.remote = remote
        self.hosted = hosted
        self.game = remote.game
        self.spec = self.game.table()
        self.art = CardArt(self.spec)
        near = remote.seat
        count = first.view.seats
        self.setup = Setup(
            self.game, [], ["human" if s == near else "remote" for s in range(count)], 0
        )
        self.last = first  # the latest update shown (or being played out)
        self.match = Joined(first)
        self.events: list[Event] = list(first.events)
        self.out_order: list[int] = []
        self.plates: dict[int, pygame.Rect] = {}
        self._note_out()
        self.host = None
        self.seats = [Human() if s == near else Elsewhere() for s in range(count)]
        self.hinting = False
        self.hint_job: tuple[int, Future] | None = None
        self.walk = None
        self.solved = False
        self.hinted = None
        self.near = near
        self.hotseat = False
        self.sent: Action | None = None  # an action on its way to the host
        self.backlog: list[Update] = []  # updates that wait for the one playing out
        self.gone: str | None = None  # why the connection ended, once it has
        # (tries made, when to try next): joining again by itself after the connection broke
        self.rejoin: tuple[int, float] | None = None
        self.chat = TextField("", "Say something (T)", CHAT_LIMIT)
        self._begin(instant, on_over)

    # -- what the table shows and may do ---------------------------------------------------

    def shown_view(self) -> GameState:
        return self.match.state  # the near seat's view already: nothing more to hide

    def human_to_act(self) -> bool:
        if self.state.over or self.timeline or self.backlog or self.paused or self.sent:
            return False
        if self.rejoin is not None:  # no decision while the connection is being made again
            return False
        return self.last.to_act == self.near and bool(self.last.legal)

    def legal(self) -> list[Action]:
        """The seat's decisions, as the host sent them (read against its view)."""
        if not self.human_to_act():
            return []
        if self._legal is None or self._legal[0] != self.last.at:
            self._legal = (self.last.at, [parse(self.state, t) for t in self.last.legal])
        return self._legal[1]

    def _responders(self) -> list[int]:
        if self.paused or self.state.over or self.sent or self.backlog or self.rejoin:
            return []
        return [self.near] if self.last.may_respond else []

    def known_as(self, seat: int) -> str:
        return "You" if seat == self.near else self.state.seat_names[seat]

    def attempt(self, action: Action) -> bool:
        """Send the action to the host; its answer is the next update, or a refusal with
        the rule's reason (then the card slides back)."""
        if self.sent is not None or self.gone is not None:
            return False
        self.sent = action
        self.remote.act(action._replace(labels=self.state.cards).exact(), self.last.at)
        self.menu = None
        self.selected.clear()
        self.toast = None
        self.hinted = None
        self.app.sound.play("card")
        self.dirty = True
        return True

    def undo(self) -> None:
        """Ask the host to take back this seat's last action (its refusal says why not)."""
        if self.state.over or self.paused or self.gone is not None:
            return
        if self.timeline or self.backlog or self.sent is not None:
            self.say("Wait for the table to settle")
            return
        self.remote.undo()

    def hint(self) -> None:
        """What the computer at its hardest would do here, worked out on this computer from
        this seat's own view (shown, never played)."""
        if self.hint_job is not None or self.state.over or self.paused:
            return
        if not self.human_to_act():
            self.say("A hint is for your own decisions: wait until you are to act.")
            return
        from ...bots import make

        bot = make("hard", self.last.at)
        self.hint_job = (self.last.at, BotSeat.pool().submit(bot, self.state))
        self.hinting = True
        self.say("Thinking about your move...", 3.0, theme.GOLD)

    def _hint_ready(self) -> None:
        if self.hint_job is None or not self.hint_job[1].done():
            return
        (at, job), self.hint_job = self.hint_job, None
        self.hinting = False
        try:
            action = job.result()
        except Exception as e:  # a hint that failed is said, never raised
            self.say(f"No hint this time: {e}")
            return
        if at != self.last.at or not self.human_to_act():
            return  # the game moved on while it thought
        self.say(f"The computer would: {self.spec.words(self.view, action)}", 6.0, theme.GOLD)
        self.hinted = ((*action.cards, *action.targets), 6.0)
        if action.cards and action.targets:
            self._point(action.cards[0], action.targets[0], 6.0)
        self.dirty = True

    def autosave(self, now: bool = False) -> None:
        """The host keeps the game's save; a joined seat keeps nothing."""

    def closing(self) -> None:
        self.remote.close()
        if self.hosted is not None:
            self.hosted.stop()  # the game ends for everyone, saved where it stands

    def busy(self) -> bool:
        return self._animating() or bool(self.backlog) or self.hint_job is not None

    # -- what arrives ----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Each frame, whatever the table is doing (the menu open, a roll playing out):
        what the host sent is taken in. Updates wait their turn in ``backlog``; refusals,
        chat and goodbyes are heard at once."""
        if self.rejoin is not None and time.monotonic() >= self.rejoin[1] and self.gone is None:
            self._join_again()
        for message in self.remote.poll():
            if isinstance(message, Update):
                if self.rejoin is not None:  # back in its seat, where the game is
                    self.rejoin = None
                    self.say("Joined again.", 2.5, theme.GOLD)
                self.backlog.append(message)
            else:
                self._heard(message)
        super().update(dt)

    def _take_turns(self, dt: float) -> None:
        """The next update, once the one before has played out; the end of the game, or of
        the connection."""
        if self.backlog and not self.timeline:
            self._received(self.backlog.pop(0))
        if self.human_to_act():
            self._pass_for(self.near)
        if self.state.over and not self.timeline and not self.backlog:
            self._finish(dt)
        elif self.gone is not None and not self.backlog:
            self._left()

    def _received(self, update: Update) -> None:
        moved = update.at != self.last.at
        self.last = update
        self.match.state = update.view
        self._legal = None
        self._passable = None
        if moved:  # (the same moment told again, a player come or gone: what was sent waits)
            self.sent = None
            self.menu = None
            self.selected.clear()
        events = list(update.events)
        self.events.extend(events)
        self._note_out()
        self._log_cache = None
        self.acted_at = self.clock
        if events and any(e.shown_to(self.near) and e.kind != "info" for e in events):
            self.app.sound.play("card")
        self._play(events)
        self.dirty = True

    def _heard(self, message: Said) -> None:
        if message.kind == "refused":
            refused, self.sent = self.sent, None
            self.say(message.text[:1].upper() + message.text[1:])
            self.refused = (refused.cards[0] if refused and refused.cards else None, 1.2)
            self._sync()
        elif message.kind == "chat" and message.seat is not None:
            seats = self.state.seat_names
            who = seats[message.seat] if 0 <= message.seat < len(seats) else "?"
            self.events.append(Event("info", f"{who}: “{clean(message.text)}”"))
            self._log_cache = None
            self.dirty = True
        elif message.kind == "bye":
            tries = self.rejoin[0] if self.rejoin is not None else 0
            broke = message.lost or self.rejoin is not None  # (or a try found no host yet)
            if broke and self.hosted is None and tries < REJOIN_TRIES and not self.state.over:
                self.rejoin = (tries, time.monotonic() + (REJOIN_PAUSE if tries else 0.0))
                self.sent = None  # whether it arrived, the game as it is will tell
                self.say("The connection to the host was lost: joining again...", 30.0)
                return
            self.gone = message.text or "the host has ended the game"

    def _join_again(self) -> None:
        """A new connection to the same host, asking for this seat with the same code."""
        tries, _ = self.rejoin
        old = self.remote
        self.remote = Remote(old.host, old.port, old.code, seat=self.near, name=old.name)
        self.rejoin = (tries + 1, float("inf"))  # (until it answers, or says goodbye)

    def _left(self) -> None:
        """The connection ended before the game did: back to the title, saying why."""
        from ..scenes import TitleScene

        if self.state.over:
            return
        self.closing()
        if self.hosted is not None and self.hosted.error is not None:
            why = f"the game stopped on an error ({self.hosted.error}); the log has the details"
            self.app.go(TitleScene(self.app, f"The network game ended: {why}."))
            return
        again = "" if self.hosted else " Join again with the same address and code to sit down."
        self.app.go(TitleScene(self.app, f"The network game ended: {self.gone}.{again}"))

    def _pass_for(self, seat: int) -> bool:
        """Pass at once a window in which passing is all the seat may do, only where the
        player chose speed over privacy in Settings: the others, on their screens, can then
        tell when it could answer. Otherwise it is asked whatever it holds, as in hot-seat."""
        prompt = self.state.top_prompt
        if not self.app.settings.answer_only_when_able or prompt is None:
            return False
        if prompt.name == self.game.respond_window:
            return False  # a player who asked to answer is shown its hand, whatever it holds
        legal = self.legal()
        if [a.kind for a in legal] != [PASS]:
            return False
        return self.attempt(legal[0])

    # -- waiting for others, handing a seat over -------------------------------------------

    def message(self) -> tuple[str, tuple[int, int, int]] | None:
        if self.toast is None and self.last.waiting and not self.state.over:
            names = " and ".join(self.state.seat_names[s] for s in self.last.waiting)
            how = (
                f" They join at port {self.hosted.port} with the code {self.hosted.code}."
                if self.hosted is not None
                else ""
            )
            return f"Waiting for {names} to join again.{how}", theme.GOLD
        if self.sent is not None and self.toast is None:
            return "Sent to the host...", theme.INK_DIM
        return super().message()

    def thinking_words(self, seat: int) -> str:
        if seat in self.last.waiting:  # its player has gone: nobody is thinking
            return f"Waiting for {self.state.seat_names[seat]}"
        return super().thinking_words(seat)

    def table_buttons(self) -> list[tuple[str, Callable[[], None], str]]:
        """On the host's table: a seat whose player has gone can be handed to the computer."""
        if self.hosted is None or self.state.over:
            return []
        level = self.app.settings.bot
        return [
            (
                f"Computer plays {self.state.seat_names[s]}",
                lambda s=s: self.hosted.hand_over(s, level),
                "",
            )
            for s in self.last.waiting
        ]

    def _question(self) -> str:
        if self.confirm != "quit":
            return super()._question()
        if self.hosted is not None:
            return (
                "Leave the table? The game ends for everyone; it is saved: Continue on the "
                "title screen hosts it again."
            )
        return "Leave the game? Your seat waits: join again with the code to take it back."

    # -- chat ------------------------------------------------------------------------------

    def _chat_room(self) -> int:
        return self.layout.px(34)

    def _draw_chat(self, surface: pygame.Surface, below: pygame.Rect) -> None:
        lay = self.layout
        self.chat.rect = pygame.Rect(below.left, below.bottom + lay.px(4), below.width, lay.px(30))
        self.chat.draw(surface, lay.px(12))

    def handle(self, event: pygame.event.Event) -> None:
        if self.chat.focused and event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                text = self.chat.text.strip()
                if text:
                    self.remote.chat(text)
                self.chat.text = ""
                self.chat.focused = False
            elif event.key == pygame.K_ESCAPE:
                self.chat.focused = False
            else:
                self.chat.key(event)
            self.dirty = True
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.paused:
            inside = self.chat.rect.collidepoint(event.pos)
            if inside or self.chat.focused:
                self.chat.focused = inside
                self.dirty = True
                if inside:
                    return
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_t, pygame.K_SLASH)
            and not self.paused
        ):
            self.chat.focused = True
            self.dirty = True
            return
        super().handle(event)

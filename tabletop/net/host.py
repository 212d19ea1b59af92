"""The host: the one process where a networked game runs, and its referee.

The host keeps the whole game (a :class:`~tabletop.engine.Match`). Each player joining
from another computer is given a seat; after every action it is sent its seat's view and
the events as its seat is told them (``codec``), the actions open to it when it is to act,
and whether it may step in now. What it sends back is an action in its text form, which
the host reads against the real game and checks as it checks a local player's: an action
for another seat, or one the rules refuse, comes back refused with its reason.

Seats are ``remote`` (a player joining), or a computer player at a level, played here. A
joined player that drops (its connection lost, its program closed) leaves its seat open:
the game waits until it joins again with the code, into its seat, and finds the game where
it was. A player that sends what is not a message, more than a message may hold, or
messages faster than anyone plays, is dropped, and the host says why.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import __version__
from ..bots import make, wants_to_respond
from ..engine import (
    RESPOND,
    Action,
    DeckList,
    Event,
    Game,
    GameRecord,
    GameState,
    Match,
    check,
    legal_actions,
    parse,
    responses,
)
from ..engine import to_act as seat_to_act
from ..engine import view as seat_view
from ..services.saves import JOINING
from .codec import Codec
from .wire import (
    FROM_PLAYER,
    PROTOCOL,
    Act,
    Chat,
    Deck,
    Hello,
    WireClosed,
    cards_digest,
    player_message,
    receive,
    send,
)

REMOTE = JOINING  # a seat played by a person joining (as a save names it too)
_MOVED_ON = "the game moved on before that action arrived: look again"
_ASKING = "wait: another player is deciding whether to step in"
_NOT_ASKED = "nothing asked you whether you step in now"
HELLO_WAIT = 10.0  # seconds a new connection has to say hello
# A player's allowance of messages: a burst of this many, then this many a second (a person
# clicks a few times a second), and more for each view it is sent (a computer player
# answers each at once).
BURST, RATE, PER_UPDATE = 60, 10.0, 2


def join_code() -> str:
    """A short code a joining player types: six letters and digits, none that look alike."""
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    return "".join(secrets.choice(alphabet) for _ in range(6))


@dataclass
class _Player:
    seat: int
    writer: asyncio.StreamWriter
    answers: bool  # a computer player: the host waits for it to step in, or not
    name: str = ""
    tokens: float = BURST
    at: float = field(default_factory=time.monotonic)
    sent: int = 0  # bytes sent to it

    def spend(self) -> bool:
        """One message's worth of its allowance (False: it sends too fast)."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.at) * RATE)
        self.at = now
        self.tokens -= 1
        return self.tokens >= 0


@dataclass
class GameOver:
    seed: int
    winners: tuple[int, ...]
    turns: int
    actions: int
    capped: bool
    record: GameRecord


class Host:
    """A game hosted for players on other computers (``seats``: ``remote`` or a bot level,
    one per seat); ``games`` games in a row, each seed the one before plus one."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[str],
        decks: Sequence[DeckList | None],
        seed: int,
        code: str | None = None,
        games: int = 1,
        bot_seed: int = 0,
        log: Callable[[str], None] = print,
        actions: Sequence[str] = (),
        on_change: Callable[[Match], None] | None = None,
        kept: dict[int, str] | None = None,
    ):
        if not game.min_seats <= len(seats) <= game.max_seats:
            raise ValueError(
                f"{game.name} is played by {game.min_seats} to {game.max_seats} players, "
                f"not {len(seats)}"
            )
        if len(decks) != len(seats):
            raise ValueError(f"{len(seats)} seats and {len(decks)} decks")
        for s, (kind, deck) in enumerate(zip(seats, decks, strict=True)):
            if kind != REMOTE:
                make(kind)  # a bot that does not exist: KeyError naming the bots
                if deck is None:
                    raise ValueError(f"seat {s + 1} is the computer's, here: it needs a deck")
        # A seat's deck, or None: its player brings one (``chosen``, once it has).
        self.game, self.seats, self.decks = game, list(seats), list(decks)
        self.chosen: dict[int, DeckList] = {}
        self.seed, self.games, self.log = seed, games, log
        self.resume = list(actions)  # a saved game's record: the first game goes on from it
        self.on_change = on_change  # told after every action taken or taken back (saving)
        self.code = code or join_code()
        # Seats kept for one player each, who joins with the seat's own code (the host's
        # own table): the game's code never takes them.
        self.kept = {s: c.upper() for s, c in (kept or {}).items()}
        self.codec = Codec(game)
        self.bot_seed = bot_seed
        self.bots = {
            s: make(level, bot_seed + s) for s, level in enumerate(seats) if level != REMOTE
        }
        self.players: dict[int, _Player] = {}
        self.match: Match | None = None
        self.results: list[GameOver] = []
        self.changed = asyncio.Event()  # an action was taken, or a player came or went
        self.answers: dict[int, asyncio.Queue] = {}  # a bot player's "respond" or "stay"
        self.pending_events: list = []  # the events no player has been told yet
        self.asking: int | None = None  # the seat asked whether it steps in now
        self.actions = 0
        self.moment = -1  # what an update is up to: one more for each action or undo
        self.bytes = 0
        self.server: asyncio.Server | None = None
        self.port = 0
        self.hello_wait = HELLO_WAIT

    # -- serving --------------------------------------------------------------------------

    async def serve(
        self,
        bind: str = "0.0.0.0",
        port: int = 0,
        hand_over: str | None = None,
        after: float = 60.0,
    ) -> list[GameOver]:
        """Listen, play the games, say goodbye; the results. The first line logged names the
        port (the one the system chose, for port 0) and the code. ``hand_over``: the level
        of the computer player that takes a seat its player has left for ``after`` seconds
        in a game (none: the game waits for the player)."""
        if hand_over is not None:
            make(hand_over)  # a bot that does not exist: KeyError naming the bots, at once
        self.server = await asyncio.start_server(self._connected, bind, port)
        self.port = self.server.sockets[0].getsockname()[1]
        self.log(f"hosting {self.game.id} on port {self.port}, code {self.code}")
        watch = asyncio.create_task(self._watch(hand_over, after)) if hand_over else None
        try:
            for n in range(self.games):
                await self._play(self.seed + n)
        finally:  # (ended, or stopped: the window that hosts it closed)
            if watch is not None:
                watch.cancel()
            self.server.close()  # no one else may join
            for p in list(self.players.values()):
                await self._close(p, "the host has ended the game")
            await self.server.wait_closed()
        return self.results

    async def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        player = None
        try:
            player = await self._join(reader, writer)
            if player is None:
                return
            while True:
                body = await receive(reader, FROM_PLAYER)
                if not player.spend():
                    raise WireClosed("it sent messages faster than anyone plays")
                try:
                    message = player_message(body)
                except ValueError as e:
                    raise WireClosed(str(e)) from None
                await self._heard(player, message)
        except WireClosed as e:
            if player is not None and self.players.get(player.seat) is player:
                self.log(f"seat {player.seat + 1} left: {e}")
                await self._close(player, f"dropped: {e}")
        except ConnectionError as e:  # gone before it said anything the host could read
            if player is not None and self.players.get(player.seat) is player:
                self.log(f"seat {player.seat + 1} left: {e}")
                await self._close(player, "dropped")
        except asyncio.CancelledError:
            return  # the host is closing: it has said goodbye to everyone
        finally:
            writer.close()

    async def _join(self, reader, writer) -> _Player | None:
        await send(writer, self._greeting())
        try:
            body = await asyncio.wait_for(receive(reader, FROM_PLAYER), self.hello_wait)
            hello = player_message(body)
        except (TimeoutError, WireClosed, ValueError) as e:
            self.log(f"a connection that did not say hello was closed ({e or 'silent'})")
            return None
        problem = self._refusal(hello)
        if problem is not None:
            await send(writer, {"type": "bye", "reason": problem})
            self.log(f"refused a player: {problem}")
            return None
        seat = self._seat_for(hello)
        if seat is None:
            await send(writer, {"type": "bye", "reason": "every seat of this game is taken"})
            return None
        player = _Player(seat, writer, answers=hello.name.startswith("bot:"), name=hello.name)
        self.players[seat] = player
        # one queue a seat keeps: a round that asked it before it dropped waits on it still
        self.answers.setdefault(seat, asyncio.Queue())
        self.log(f"seat {seat + 1} joined ({hello.name or 'a player'})")
        await self._send(player, self._welcome(seat))
        if self.match is not None:
            await self._send(player, self._update(seat, []))
            await self._tell_waiting(seat)
        self.changed.set()
        return player

    def _refusal(self, hello: Hello) -> str | None:
        if hello.protocol != PROTOCOL:
            return (
                f"this host runs Tabletop {__version__}, speaking protocol {PROTOCOL}; your "
                f"Tabletop {hello.version} speaks protocol {hello.protocol}: join with a "
                f"Tabletop that speaks protocol {PROTOCOL}"
            )
        if hello.game != self.game.id:
            return f"this host plays {self.game.name}, not {hello.game}"
        if hello.cards != cards_digest(self.game):
            return (
                f"your {self.game.name} cards differ from the host's (a card file imported on "
                "one computer only): both need the same card files"
            )
        code = hello.code.strip().upper().encode()
        codes = [self.code, *self.kept.values()]
        if not any(hmac.compare_digest(code, c.encode()) for c in codes):
            return "that is not this game's code"
        return None

    def _seat_for(self, hello: Hello) -> int | None:
        free = [s for s, kind in enumerate(self.seats) if kind == REMOTE and s not in self.players]
        code = hello.code.strip().upper().encode()
        for seat, kept in self.kept.items():  # its own code: that seat, and no other
            if hmac.compare_digest(code, kept.encode()):
                return seat if seat in free else None
        free = [s for s in free if s not in self.kept]
        if hello.seat is not None:
            return hello.seat if hello.seat in free else None
        return free[0] if free else None

    async def _close(self, player: _Player, reason: str) -> None:
        if self.players.get(player.seat) is player:
            del self.players[player.seat]
        with contextlib.suppress(ConnectionError, RuntimeError):
            await send(player.writer, {"type": "bye", "reason": reason})
        player.writer.close()
        await self._tell_waiting(player.seat)
        self.changed.set()

    async def _tell_waiting(self, came_or_went: int) -> None:
        """A player came or went in a game: the others are shown whom the game waits for
        (the same moment of the game, nothing new in it)."""
        if self.match is None or self.match.state.over:
            return
        for p in list(self.players.values()):
            if p.seat != came_or_went:
                await self._send(p, self._update(p.seat, []))

    # -- what players say -----------------------------------------------------------------

    async def _heard(self, player: _Player, message: Hello | Act | Chat) -> None:
        if isinstance(message, Chat):
            for p in list(self.players.values()):
                await self._send(p, {"type": "chat", "seat": player.seat, "text": message.text})
            return
        if isinstance(message, Hello):
            raise WireClosed("it said hello twice")
        if isinstance(message, Deck):
            refusal = self._take_deck(player.seat, message)
            answer = {"type": "deck", "name": message.name}
            await self._send(
                player, answer if refusal is None else {"type": "refused", "reason": refusal}
            )
            return
        asked = self.asking == player.seat
        if message.action == "undo":  # a person taking back its own last action
            refusal = self._undo(player.seat)
            if refusal is not None:
                await self._send(player, {"type": "refused", "reason": refusal})
            return
        if message.action == "stay":  # a computer player that will not step in now
            if asked:
                self.answers[player.seat].put_nowait(None)
            else:
                await self._send(player, {"type": "refused", "reason": _NOT_ASKED})
            return
        if self.asking is not None and not (asked and "respond" in message.action):
            await self._send(player, {"type": "refused", "reason": _ASKING})
            return
        if message.at is not None and message.at != self._at():
            # decided on a view the game has moved past (an action crossed it on the way)
            await self._send(player, {"type": "refused", "reason": _MOVED_ON})
            return
        refusal = self._take(player.seat, message.action)
        if refusal is not None:
            await self._send(player, {"type": "refused", "reason": refusal})

    def _take(self, seat: int, text: str) -> str | None:
        """Carry out a player's action, or say why not."""
        match = self.match
        if match is None or match.state.over:
            return "no game is being played now"
        try:  # the cards named as the seat sees them (a face-down card: "Hidden card")
            action = parse(seat_view(match.state, seat), text, seat)
        except Exception as e:  # a text the notation cannot read: its message says why
            return f"that is not an action: {e}"
        action = action._replace(labels=match.state.cards)  # the record names them all
        if action.seat != seat:
            return f"you play seat {seat + 1}, not seat {action.seat + 1}"
        if action.kind == RESPOND and self.asking == seat:  # its answer to the round
            self.answers[seat].put_nowait(action)
            return None
        problem = self._check(action)
        if problem is not None:
            return problem
        self._apply(action)
        return None

    def _take_deck(self, seat: int, message: Deck) -> str | None:
        """The deck a player brings to its seat, where the host left the choice open; or why
        not (the host chose it, a game is under way, or it is not a legal deck)."""
        if self.decks[seat] is not None:
            return "the host chose this seat's deck"
        if self.match is not None and not self.match.state.over:
            return "the game has begun: the deck is chosen"
        deck = DeckList(name=message.name, cards=dict(message.cards))
        problems = self.game.validate_deck(deck)
        if problems:
            return f"{deck.name}: {problems[0]}"
        self.chosen[seat] = deck
        self.log(f"seat {seat + 1} plays {deck.name}")
        self.changed.set()
        return None

    def _ready(self) -> bool:
        """Every joining seat taken, and every deck left open chosen: the game may begin."""
        joined = len(self.players) >= self.seats.count(REMOTE)
        return joined and all(d is not None or s in self.chosen for s, d in enumerate(self.decks))

    def _at(self) -> int:
        """The moment the game is at: one more for each action taken or taken back, so an
        action decided on a view before an undo is never taken after it."""
        return self.moment

    def _undo(self, seat: int) -> str | None:
        """Take back ``seat``'s last action where the rules let it, as at one table (its
        words told to that seat alone: the others read that an action was taken back)."""
        match = self.match
        if match is None or self.asking is not None:
            return "nothing can be taken back now"
        why = match.why_not_undo(seat)
        if why is not None:
            return why
        seen = seat_view(match.state, seat)
        taken = self.game.table().words(seen, parse(match.state, match.record.actions[-1]))
        match.undo()
        who = match.state.seat_names[seat]
        self.pending_events.append(
            Event(
                "info",
                f"{who} takes back: {taken}",
                seat=seat,
                secret=f"{who} takes back an action",
                seen_by=frozenset({seat}),
            )
        )
        self._moved()
        return None

    def _moved(self) -> None:
        self.moment += 1
        if self.on_change is not None:
            self.on_change(self.match)
        self.changed.set()

    def _check(self, action: Action) -> str | None:
        return check(self.match.state, action)

    def _apply(self, action: Action) -> None:
        events = self.match.apply(action)
        self.actions += 1
        self.pending_events.extend(events)
        self._moved()

    # -- the game -------------------------------------------------------------------------

    async def _play(self, seed: int) -> None:
        game = self.game
        while not self._ready():  # everyone joins first, with a deck
            self.changed.clear()
            await self.changed.wait()
        decks = [d if d is not None else self.chosen[s] for s, d in enumerate(self.decks)]
        self.match = match = Match(game, decks, seed, undo=True)
        self.moment = 0
        self.pending_events = list(match.setup_events)
        resume, self.resume = self.resume, []
        for text in resume:  # a saved game, played again to where it was left
            self.pending_events += match.apply(parse(match.state, text))
        for p in list(self.players.values()):
            await self._send(p, self._welcome(p.seat))
        cap = game.turn_cap()
        loop = asyncio.get_running_loop()
        # (``match.state`` read afresh each time: an undo puts back an earlier state)
        while not match.state.over and match.state.turn <= cap:
            await self._broadcast()
            seat = seat_to_act(match.state)
            before, taken = self._at(), self.actions
            if seat in self.bots:
                v = match.view(seat)
                action = await loop.run_in_executor(None, self.bots[seat], v)
                self._apply(action)
            while self._at() == before and seat not in self.bots:  # a player's action,
                self.changed.clear()  # however long it takes (or its seat handed over)
                await self.changed.wait()
            if self.actions != taken and not match.state.over:  # (not after an undo)
                await self._respond_round(seat)
        state = match.state
        await self._broadcast()
        self.results.append(
            GameOver(
                seed,
                state.winners if state.over else (),
                state.turn,
                self.actions,
                not state.over,
                match.record,
            )
        )
        self.log(f"game {len(self.results)} over: {self._said_result(state)}")

    async def hand_over(self, seat: int, level: str) -> None:
        """The computer, at ``level``, plays ``seat`` from now on (its player has gone)."""
        if self.seats[seat] != REMOTE:
            raise ValueError(f"seat {seat + 1} is not a player's joining from elsewhere")
        self.bots[seat] = make(level, self.bot_seed + seat)
        self.seats[seat] = level
        player = self.players.get(seat)
        if player is not None:
            await self._close(player, "the host handed your seat to the computer")
        queue = self.answers.get(seat)
        if queue is not None:
            queue.put_nowait(None)  # a round waiting on its answer goes on
        self.log(f"seat {seat + 1} is played by the computer ({level})")
        await self._tell_waiting(seat)
        self.changed.set()

    async def _watch(self, level: str, after: float) -> None:
        """Hand each player's seat to the computer once it has been empty for ``after``
        seconds of a game."""
        gone: dict[int, float] = {}
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(min(after, 0.5) / 2)
            if self.match is None or self.match.state.over:
                continue
            now = loop.time()
            for seat, kind in enumerate(self.seats):
                if kind == REMOTE and seat not in self.players:
                    if now - gone.setdefault(seat, now) >= after:
                        await self.hand_over(seat, level)
                else:
                    gone.pop(seat, None)

    async def _respond_round(self, acted: int | None) -> None:
        """After an action: the seats the rules let step in now are asked, clockwise from
        the one that acted, as at one table (``bots.responder``); a computer player here
        decides at once, one joined from elsewhere answers "respond" or "stay"."""
        state = self.match.state
        if acted is None:
            return
        may = {a.seat for a in responses(state)}
        for seat in state.seats_from(acted):
            if seat == acted or seat not in may:
                continue
            if seat in self.bots:
                if wants_to_respond(self.bots[seat], seat_view(state, seat), seat):
                    self._apply(Action(RESPOND, seat))
                    return
                continue
            player = self.players.get(seat)
            if player is None or not player.answers:
                continue  # a person steps in with its own button, whenever it likes
            self.asking = seat  # the others wait for its answer, as at one table
            try:
                await self._broadcast()
                answer = await self.answers[seat].get()
            finally:
                self.asking = None
            if answer is not None and self._check(answer) is None:
                self._apply(answer)
                return

    async def _broadcast(self) -> None:
        events, self.pending_events = self.pending_events, []
        for p in list(self.players.values()):
            await self._send(p, self._update(p.seat, events))

    async def _send(self, player: _Player, message: dict[str, Any]) -> None:
        try:
            n = await send(player.writer, message, pack=True)
        except (ConnectionError, RuntimeError):
            return  # its reader notices it gone
        player.sent += n
        self.bytes += n
        if message["type"] == "update":  # what it may answer
            player.tokens = min(BURST, player.tokens + PER_UPDATE)

    def _greeting(self) -> dict[str, Any]:
        """What a connection is told first: the program, the protocol and the game."""
        return {
            "type": "host",
            "protocol": PROTOCOL,
            "version": __version__,
            "game": self.game.id,
            "name": self.game.name,
        }

    def _welcome(self, seat: int) -> dict[str, Any]:
        return {
            "type": "welcome",
            "protocol": PROTOCOL,
            "version": __version__,
            "game": self.game.id,
            "seat": seat,
            "seats": len(self.seats),
            "games": len(self.results),
            # its deck is its own to bring (``deck``), and none is chosen yet
            "choose_deck": self.decks[seat] is None and seat not in self.chosen,
        }

    def _update(self, seat: int, events: list) -> dict[str, Any]:
        player = self.players.get(seat)
        waiting = [s for s, k in enumerate(self.seats) if k == REMOTE and s not in self.players]
        return update(
            self.codec,
            self.match.state,
            seat,
            events,
            at=self._at(),
            asking=self.asking,
            person=player is not None and not player.answers,
            waiting=waiting,
        )

    def _said_result(self, state) -> str:
        if not state.over:
            return "a draw at the turn limit"
        if not state.winners:
            return "a draw"
        return "won by " + ", ".join(f"seat {w + 1}" for w in state.winners)


def update(
    codec: Codec,
    state: GameState,
    seat: int,
    events: Sequence[Event],
    at: int,
    asking: int | None = None,
    person: bool = True,
    waiting: Sequence[int] = (),
) -> dict[str, Any]:
    """What ``seat`` is sent after an action (``at``: the actions taken so far): its view,
    the events as it is told them, the seat to act (none while the computer player
    ``asking`` decides whether it steps in), its decisions when it is to act, whether it
    may step in now (a person whenever the rules let it; a computer player when asked),
    and the seats the game waits for."""
    acting = seat_to_act(state) if asking is None else None
    if asking is not None:
        may_respond = asking == seat
    else:
        may_respond = person and acting != seat and seat in {a.seat for a in responses(state)}
    seen = seat_view(state, seat)
    # its decisions as it may read them: a card it cannot see named as the view names it
    mine = (
        [a._replace(labels=seen.cards).exact() for a in legal_actions(state)]
        if acting == seat
        else []
    )
    return {
        "type": "update",
        "at": at,
        "view": codec.view(seen),
        "events": codec.events(events, seat),
        "to_act": acting,
        "legal": mine,
        "may_respond": may_respond,
        "over": state.over,
        "winners": list(state.winners),
        "waiting": list(waiting),
    }

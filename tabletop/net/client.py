"""A player joining a hosted game: connects, says hello with the code, and plays its seat
from what the host sends (its view, the events it is told, its decisions).

Headless, a computer player plays the seat (``tabletop join HOST:PORT --code C --bot
normal``): it decides on the view it was sent as it decides on a local one, drawing its
random numbers from that view (:class:`Steady`), and answers each chance to step in
("respond" or "stay"). Everything the host sends is read as
untrusted: frames are bounded, the view is decoded by the closed ``codec``.
"""

from __future__ import annotations

import asyncio
import json
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field

from .. import __version__
from ..bots import make, wants_to_respond
from ..engine import DeckList, Game, GameState
from .codec import Codec, WireError
from .wire import (
    FROM_HOST,
    PROTOCOL,
    WireClosed,
    deck_message,
    hello,
    host_message,
    receive,
    send,
)


class NoSuchDeck(Exception):
    """The deck a computer player was told to bring is not one of the game's."""


class JoinRefused(ConnectionError):
    """The host would not seat this player, or ended its game: ``reason`` says why."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


async def _greeted(reader: asyncio.StreamReader) -> Game:
    """The game the host plays, from its greeting; :class:`JoinRefused` for a host this
    program cannot play with."""
    from ..games import registry

    m = host_message(await receive(reader, FROM_HOST, packed=True))
    if m["type"] == "bye":
        raise JoinRefused(str(m.get("reason", "")))
    if m["type"] != "host":
        raise JoinRefused("that is not a Tabletop host")
    if m.get("protocol") != PROTOCOL:
        raise JoinRefused(
            f"the host runs Tabletop {m.get('version')}, speaking protocol {m.get('protocol')}; "
            f"this is Tabletop {__version__}, speaking protocol {PROTOCOL}: both need a "
            "Tabletop that speaks the same protocol"
        )
    game = registry().get(str(m.get("game")))
    if game is None:
        raise JoinRefused(f"the host plays {m.get('name')!r}, which this Tabletop does not have")
    return game


@dataclass
class Played:
    """What a joined player saw: its seat, each game's winners, the last view."""

    seat: int = -1
    results: list[tuple[int, ...]] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    chat: list[tuple[int, str]] = field(default_factory=list)
    view: GameState | None = None
    views: list[tuple[int, tuple]] = field(default_factory=list)  # (at, snapshot), if kept
    bye: str = ""
    received: int = 0  # bytes on the wire
    # Seconds from sending an action to receiving the update that shows it taken.
    round_trips: list[float] = field(default_factory=list)


def _read(codec: Codec, m: dict) -> GameState:
    """The view an update carries (its events read too): :class:`WireClosed` for one that
    cannot be read."""
    try:
        codec.decode_events(m["events"])
        return codec.decode_view(m["view"])
    except (WireError, KeyError) as e:
        raise WireClosed(f"the host sent a view that cannot be read: {e}") from None


def _deck(game: Game, deck: DeckList | str | None) -> DeckList:
    """The deck a computer player brings: as given, by its id, or the game's first."""
    decks = game.card_set().decks
    if isinstance(deck, DeckList):
        return deck
    if deck is None:
        return next(iter(decks.values()))
    if deck not in decks:
        raise NoSuchDeck(f"{game.name} has no deck {deck!r} (its decks: {', '.join(decks)})")
    return decks[deck]


class Steady:
    """A computer player whose every decision depends only on the view it is given: its
    random numbers are drawn afresh from its seed and a digest of that view, as the wire
    encodes it (in one order, whatever the program). A player that drops, or whose program
    is killed, and joins again decides from then on as it would have."""

    def __init__(self, level: str, seed: int, codec: Codec):
        make(level)  # a bot that does not exist: KeyError naming the bots
        self.level, self.seed, self.codec = level, seed, codec

    def __call__(self, view: GameState):
        text = json.dumps(self.codec.view(view), separators=(",", ":"), sort_keys=True)
        digest = zlib.crc32(text.encode("utf-8"))
        return make(self.level, self.seed * 1_000_003 + digest)(view)


async def join(
    host: str,
    port: int,
    code: str,
    bot: str = "normal",
    bot_seed: int = 0,
    seat: int | None = None,
    stop_after: int | None = None,
    keep_views: bool = False,
    log: Callable[[str], None] = lambda _: None,
    deck: DeckList | str | None = None,
) -> Played:
    """Join the game at ``host:port`` and play a seat with the bot ``bot`` until the host
    says goodbye (or, ``stop_after``, after that many updates: a player that drops);
    ``keep_views``: the snapshot of each view received, for the tests; ``deck``: the deck
    it brings where the host leaves the choice to it, or its id among the game's decks
    (the game's first deck, if none; :class:`NoSuchDeck` for an id the game lacks)."""
    reader, writer = await asyncio.open_connection(host, port)
    out = Played()
    try:
        game = await _greeted(reader)
        codec = Codec(game)
        decide = Steady(bot, bot_seed, codec)
        brought = _deck(game, deck)  # (before it takes a seat: a deck it lacks ends it here)
        await send(writer, hello(game, code, seat, name=f"bot:{bot}"))
        updates = 0
        answered = None  # the update it last answered (``at``)
        sent: tuple[int, float] | None = None  # the action on its way: (at, when)
        while True:
            sizes: list[int] = []
            body = await receive(reader, FROM_HOST, packed=True, counted=sizes)
            out.received += sizes[0]
            m = host_message(body)
            kind = m["type"]
            if kind == "bye":
                out.bye = str(m.get("reason", ""))
                if out.seat < 0:
                    raise JoinRefused(out.bye)
                return out
            if kind == "welcome":
                out.seat = int(m["seat"])
                if m.get("choose_deck"):  # the host left the deck to it
                    await send(writer, deck_message(brought))
                answered = None  # a new game: its moments count from 0
                out.views.clear()
                log(f"seated at seat {out.seat + 1}")
            elif kind == "chat":
                out.chat.append((int(m["seat"]), str(m["text"])))
            elif kind == "refused":
                out.refusals.append(str(m["reason"]))
                log(f"refused: {m['reason']}")
            elif kind == "update":
                updates += 1
                at = m["at"]
                if sent is not None and at > sent[0]:  # its action taken, and shown
                    out.round_trips.append(time.perf_counter() - sent[1])
                    sent = None
                deciding = at != answered and (m["to_act"] == out.seat or m["may_respond"])
                if deciding or keep_views or m["over"]:  # a computer player reads what it uses
                    out.view = view = _read(codec, m)
                if keep_views:  # of the last game only
                    out.views.append((at, view.snapshot()))
                if m["over"]:
                    out.results.append(tuple(m["winners"]))
                elif at == answered:
                    pass  # the same moment told again (a player joined): answered already
                elif m["to_act"] == out.seat:
                    answered = at
                    action = decide(view)
                    await send(writer, {"type": "act", "action": action.exact(), "at": at})
                    sent = (at, time.perf_counter())
                elif m["may_respond"]:
                    answered = at
                    steps_in = wants_to_respond(decide, view, out.seat)
                    said = f"P{out.seat + 1}: respond" if steps_in else "stay"
                    await send(writer, {"type": "act", "action": said, "at": at})
                if stop_after is not None and updates >= stop_after:
                    return out
    except (KeyError, TypeError, ValueError) as e:  # a message without what its type holds
        raise WireClosed(f"the host sent a message that cannot be read ({e!r})") from None
    finally:
        writer.close()

"""A joined player's connection for a program whose main loop must never wait on the
network: the table's.

:class:`Remote` runs the connection on a thread of its own (its own asyncio loop): it
connects, says hello, reads every message the host sends and decodes it there (a view takes
milliseconds to read), and hands the results over in a queue. The table calls
:meth:`Remote.poll` once a frame, which never blocks, and :meth:`Remote.act` to send an
action, which returns at once.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from dataclasses import dataclass, field

from ..engine import DeckList, Event, Game, GameState
from .client import JoinRefused, _greeted, _read
from .codec import Codec
from .wire import FROM_HOST, WireClosed, deck_message, frame, hello, host_message, receive

CONNECT_WAIT = 10.0  # seconds to wait for a host to answer


def read_address(text: str, port: int | None = None) -> tuple[str, int]:
    """A host's address as a player types it ("192.168.1.20:47823", "[::1]:4000"): its name
    and port; ``port`` is the one taken when none is said (None: one must be said).
    ``ValueError`` saying what is wrong."""
    text = text.strip()
    if not text:
        raise ValueError("type the host's address, as its lobby shows it")
    host, sep, said = text.rpartition(":")
    if not sep or "]" in said:  # no port said (or an IPv6 address in brackets, no port)
        if port is None:
            raise ValueError(f"{text!r} is not HOST:PORT (a port from 1 to 65535)")
        host, said = text, str(port)
    host = host.strip("[]")
    if not host or any(c.isspace() for c in host):
        raise ValueError(f"{text!r} is not an address")
    if not said.isdigit() or not 0 < int(said) < 65536:
        raise ValueError(f"{said!r} is not a port (a number from 1 to 65535)")
    return host, int(said)


@dataclass(frozen=True)
class Update:
    """What the seat is shown after an action (``host.update``), read."""

    at: int
    view: GameState
    events: tuple[Event, ...]
    to_act: int | None
    legal: tuple[str, ...]
    may_respond: bool
    over: bool
    winners: tuple[int, ...]
    waiting: tuple[int, ...]


@dataclass(frozen=True)
class Said:
    """Anything else the host says: ``kind`` is welcome (``choose_deck``: the seat's deck is
    its player's to bring), deck (the deck brought is taken: ``text`` names it), chat,
    refused or bye (``lost``: the connection broke, rather than the host ending it)."""

    kind: str
    text: str = ""
    seat: int | None = None
    choose_deck: bool = False
    lost: bool = False  # (bye) the connection broke: the host did not end it


@dataclass
class Remote:
    """A connection to a host, for a person at a table (``poll`` each frame)."""

    host: str
    port: int
    code: str
    seat: int | None = None  # the seat to take again, after a drop
    name: str = ""
    inbox: queue.Queue = field(default_factory=queue.Queue)

    def __post_init__(self):
        self.game: Game | None = None  # the game the host plays, once it has greeted
        self.loop: asyncio.AbstractEventLoop | None = None
        self.task: asyncio.Task | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.closed = threading.Event()
        self.thread = threading.Thread(target=self._run, name="network", daemon=True)
        self.thread.start()

    # -- what the table calls -------------------------------------------------------------

    def poll(self) -> list[Update | Said]:
        """Everything received since the last call (never waits)."""
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def act(self, action: str, at: int | None = None) -> None:
        """Send an action in its text form (returns at once)."""
        self._send({"type": "act", "action": action, "at": at})

    def choose(self, deck: DeckList) -> None:
        """Bring ``deck`` to the seat, where the host left the choice open (taken: a
        ``deck`` message; not: a refusal saying why)."""
        self._send(deck_message(deck))

    def undo(self) -> None:
        """Ask the host to take back this seat's last action (refused with its reason where
        the rules do not let it)."""
        self._send({"type": "act", "action": "undo"})

    def chat(self, text: str) -> None:
        self._send({"type": "chat", "text": text[:200]})

    def close(self) -> None:
        """Leave the game (the seat waits for this player to join again)."""
        loop = self.loop
        if loop is not None and not self.closed.is_set():
            loop.call_soon_threadsafe(self._hang_up)
        self.thread.join(5)

    # -- the network thread ---------------------------------------------------------------

    def _send(self, message: dict) -> None:
        loop, writer = self.loop, self.writer
        if loop is None or writer is None or self.closed.is_set():
            return
        data = frame(message)
        loop.call_soon_threadsafe(writer.write, data)

    def _hang_up(self) -> None:
        if self.writer is not None:
            self.writer.close()
        elif self.task is not None:  # still connecting
            self.task.cancel()

    def _run(self) -> None:
        try:
            asyncio.run(self._serve())
        except JoinRefused as e:
            self.inbox.put(Said("bye", e.reason))
        except TimeoutError:
            self.inbox.put(Said("bye", f"no host answered at {self.host}:{self.port}"))
        except (OSError, WireClosed) as e:
            if self.game is None:  # it never greeted: nothing is hosted there
                why = getattr(e, "strerror", None) or e
                self.inbox.put(Said("bye", f"no host answered at {self.host}:{self.port} ({why})"))
            else:
                self.inbox.put(Said("bye", f"the connection to the host was lost ({e})", lost=True))
        except asyncio.CancelledError:
            pass
        finally:
            self.closed.set()

    async def _serve(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.task = asyncio.current_task()
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(self.host, self.port), CONNECT_WAIT
        )
        try:
            game = self.game = await _greeted(reader)
            codec = Codec(game)
            writer.write(frame(hello(game, self.code, self.seat, self.name)))
            self.writer = writer
            while True:
                m = host_message(await receive(reader, FROM_HOST, packed=True))
                kind = m["type"]
                if kind == "update":
                    view = _read(codec, m)
                    self.inbox.put(
                        Update(
                            at=int(m["at"]),
                            view=view,
                            events=tuple(codec.decode_events(m["events"])),
                            to_act=m["to_act"],
                            legal=tuple(str(a) for a in m["legal"]),
                            may_respond=bool(m["may_respond"]),
                            over=bool(m["over"]),
                            winners=tuple(m["winners"]),
                            waiting=tuple(m["waiting"]),
                        )
                    )
                elif kind == "bye":
                    self.inbox.put(Said("bye", str(m.get("reason", ""))))
                    return
                elif kind == "welcome":
                    self.seat = int(m["seat"])
                    choose = bool(m.get("choose_deck", False))
                    self.inbox.put(Said("welcome", seat=self.seat, choose_deck=choose))
                elif kind == "deck":
                    self.inbox.put(Said("deck", str(m.get("name", ""))[:80]))
                elif kind in ("chat", "refused"):
                    text = str(m.get("text", m.get("reason", "")))
                    self.inbox.put(Said(kind, text, m.get("seat")))
        except (KeyError, TypeError, ValueError) as e:
            raise WireClosed(f"the host sent a message that cannot be read ({e})") from None
        finally:
            writer.close()

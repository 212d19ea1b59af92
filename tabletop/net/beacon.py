"""Games announced on the local network: a host says, once a second, that it hosts a game
with seats open; the join screen lists what it hears, so a player picks a game rather than
typing an address.

An announcement is one UDP datagram of JSON, broadcast on the host's network
(255.255.255.255, port :data:`PORT`). It names the game, the host computer, the port to
join at and how many seats are open, never the join code: hearing a game is not being let
in. What is heard is untrusted like every message: a datagram over :data:`LIMIT` bytes, or
one that is not an announcement, is ignored; the address joined is the one the datagram came
from (an announcement cannot point players at another computer); and no more than
:data:`MOST` games are kept, so a flood of them cannot grow the list without end.

(python-zeroconf's DNS-SD would do the same over multicast. A broadcast beacon is a page of
the standard library, reaches the same machines, and keeps the one-file build free of a
library with compiled parts and a licence of its own: docs/network.md.)
"""

from __future__ import annotations

import json
import socket
import threading
import time
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .. import __version__
from .wire import PROTOCOL

PORT = 47824  # where announcements are sent and heard
LIMIT = 1024  # bytes an announcement may take
MOST = 32  # games kept at once
EVERY = 1.0  # seconds between two announcements
FORGET = 3.5  # seconds after which a game not heard again is taken off the list
# Where a host sends its announcements, and where the join screen listens for them (the
# tests use the loopback address).
SEND_TO = ("255.255.255.255", PORT)
HEAR_ON = ("0.0.0.0", PORT)


class Announcement(BaseModel):
    """A game hosted, as its host announces it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: Literal["tabletop"] = "tabletop"
    protocol: int
    version: str = Field(max_length=40)
    game: str = Field(max_length=60)
    name: str = Field(max_length=80)  # the game's name, as the host's program has it
    computer: str = Field(max_length=60)  # the host computer's name
    port: int = Field(gt=0, lt=65536)
    open: int = Field(ge=0, le=8)  # seats waiting for a player


@dataclass(frozen=True)
class Heard:
    """A game heard on the network: where to join it, and what it said."""

    address: str
    said: Announcement
    at: float  # time.monotonic() when last heard

    @property
    def where(self) -> str:
        return f"{self.address}:{self.said.port}"


def computer_name() -> str:
    """This computer's name, as others will read it (printable, at most 60 characters)."""
    name = "".join(c for c in socket.gethostname() if c.isprintable())
    return name[:60] or "a computer"


class Beacon:
    """Announces a hosted game while it has seats open (``open()`` says how many), on a
    thread of its own, until :meth:`stop`."""

    def __init__(self, game, port: int, open_seats, send_to: tuple[str, int] | None = None):
        self.game, self.port, self.open_seats = game, port, open_seats
        self.send_to = send_to or SEND_TO
        self.stopped = threading.Event()
        self.sent = 0
        self.thread = threading.Thread(target=self._run, name="beacon", daemon=True)
        self.thread.start()

    def message(self) -> bytes:
        said = Announcement(
            protocol=PROTOCOL,
            version=__version__,
            game=self.game.id,
            name=self.game.name[:80],
            computer=computer_name(),
            port=self.port,
            open=max(0, min(8, self.open_seats())),
        )
        return said.model_dump_json().encode("utf-8")

    def _run(self) -> None:
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        except OSError:
            return
        with sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
            while not self.stopped.is_set():
                try:
                    if self.open_seats() > 0:
                        sock.sendto(self.message(), self.send_to)
                        self.sent += 1
                except OSError:  # no network just now: the next announcement may go
                    pass
                self.stopped.wait(EVERY)

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join(2)


def read(data: bytes) -> Announcement | None:
    """An announcement, or None for a datagram that is not one (ignored, whatever it holds)."""
    if len(data) > LIMIT:
        return None
    try:
        said = Announcement.model_validate(json.loads(data.decode("utf-8")))
    except (ValueError, ValidationError, UnicodeDecodeError, RecursionError):
        return None
    return said if said.protocol == PROTOCOL else None


class Listener:
    """Hears announcements on a thread of its own; :meth:`games` lists those heard lately.
    It stops at :meth:`stop`, or once ``alive()`` says so (the screen it lists for is gone)."""

    def __init__(self, hear_on: tuple[str, int] | None = None, alive=None):
        self.hear_on = hear_on or HEAR_ON
        self.alive = alive or (lambda: True)
        self.heard: dict[tuple[str, int], Heard] = {}
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.error = ""
        self.sock: socket.socket | None = None
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if hasattr(socket, "SO_REUSEPORT"):  # two programs on one computer both hear
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            sock.bind(self.hear_on)
            sock.settimeout(0.25)
            self.sock = sock
        except OSError as e:
            self.error = e.strerror or str(e)
            return
        self.thread = threading.Thread(target=self._run, name="listener", daemon=True)
        self.thread.start()

    @property
    def port(self) -> int:
        return self.sock.getsockname()[1] if self.sock is not None else 0

    def _run(self) -> None:
        assert self.sock is not None
        while not self.stopped.is_set():
            if not self.alive():
                self.stop()
                return
            try:
                data, (address, _) = self.sock.recvfrom(LIMIT + 1)
            except TimeoutError:
                continue
            except OSError:
                return
            said = read(data)
            if said is None:
                continue
            key = (address, said.port)
            with self.lock:
                if key not in self.heard and len(self.heard) >= MOST:
                    self._forget(time.monotonic())
                    if len(self.heard) >= MOST:
                        continue
                self.heard[key] = Heard(address, said, time.monotonic())

    def _forget(self, now: float) -> None:
        for key in [k for k, h in self.heard.items() if now - h.at > FORGET]:
            del self.heard[key]

    def games(self) -> list[Heard]:
        """The games heard in the last few seconds with seats open, by game and computer."""
        with self.lock:
            self._forget(time.monotonic())
            found = [h for h in self.heard.values() if h.said.open > 0]
        return sorted(found, key=lambda h: (h.said.name, h.said.computer, h.where))

    def stop(self) -> None:
        self.stopped.set()
        if self.sock is not None:
            self.sock.close()

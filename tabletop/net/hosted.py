"""A game hosted from the desktop program: the :class:`~tabletop.net.host.Host` running on a
thread of its own, beside the window.

The person hosting plays like everyone else: their table joins the host over the loopback
address, as a player from another computer would (:class:`~tabletop.net.remote.Remote`),
so every seat, theirs too, is shown only what it may see and refused by the same referee.
The screen reads here who has joined and who the game waits for, and hands an empty seat
to the computer. :meth:`Hosted.stop` ends the game for everyone: each player is told the
host has ended it.
"""

from __future__ import annotations

import asyncio
import secrets
import socket
import threading
from collections.abc import Callable, Sequence

from ..engine import DeckList, Game, Match
from .beacon import Beacon
from .host import REMOTE, Host

LOOPBACK = "127.0.0.1"
PORT = 47823  # the port a host offers first (another, chosen by the system, if it is taken)


class Hosted:
    """A host serving on its own thread; ``port`` and ``code`` once :meth:`start` returns."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[str],
        decks: Sequence[DeckList],
        seed: int,
        actions: Sequence[str] = (),
        on_change: Callable[[Match], None] | None = None,
        log: Callable[[str], None] = lambda _: None,
        own_seat: int | None = None,
    ):
        # The host's own seat is kept for its own table, which alone knows the seat's code.
        self.own_code = secrets.token_hex(8).upper()
        kept = {own_seat: self.own_code} if own_seat is not None else None
        self.host = Host(
            game,
            seats,
            decks,
            seed,
            actions=actions,
            on_change=on_change,
            log=self._said,
            kept=kept,
        )
        self.lines: list[str] = []  # what the host said (joins, drops, refusals), newest last
        self.outer_log = log
        self.error: BaseException | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.task: asyncio.Task | None = None
        self.ready = threading.Event()
        self.thread: threading.Thread | None = None
        self.beacon: Beacon | None = None
        self.own_seat = own_seat  # the seat the host's own table takes (never announced)

    @property
    def code(self) -> str:
        return self.host.code

    @property
    def port(self) -> int:
        return self.host.port

    def _said(self, line: str) -> None:
        self.lines.append(line)
        self.outer_log(line)

    def start(
        self, bind: str = "0.0.0.0", ports: Sequence[int] = (PORT, 0), announce: bool = True
    ) -> None:
        """Listen on the first of ``ports`` that is free (0: any the system gives), and
        (``announce``) announce the game on the local network while seats are open; raises
        ``OSError`` when no port is free."""
        for port in ports:
            self.error = None
            self.ready.clear()
            self.thread = threading.Thread(
                target=self._run, args=(bind, port), name="host", daemon=True
            )
            self.thread.start()
            self.ready.wait(10)
            if self.port:
                if announce:
                    self.beacon = Beacon(self.host.game, self.port, self.open_seats)
                return
            self.thread.join(5)
        raise self.error if isinstance(self.error, OSError) else OSError("could not listen")

    def _run(self, bind: str, port: int) -> None:
        async def main():
            self.loop = asyncio.get_running_loop()
            self.task = asyncio.create_task(self.host.serve(bind, port))
            while not self.host.port and not self.task.done():
                await asyncio.sleep(0.005)
            self.ready.set()
            await self.task

        try:
            asyncio.run(main())
        except asyncio.CancelledError:
            pass
        except BaseException as e:  # kept for the screen, which says it
            self.error = e
            if not isinstance(e, OSError):  # (a port taken is tried again, not a fault)
                from ..system.logs import log

                log.error("the hosted game stopped", exc_info=e)
        finally:
            self.ready.set()

    @property
    def running(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def joined(self) -> set[int]:
        """The seats whose players are connected now."""
        return set(self.host.players)

    def waiting(self) -> list[int]:
        """The seats of people joining that the game waits for."""
        joined = self.joined()
        return [s for s, kind in enumerate(self.host.seats) if kind == REMOTE and s not in joined]

    def open_seats(self) -> int:
        """How many seats wait for a player from elsewhere (none once the host has
        stopped; the host's own seat is not one of them)."""
        if not self.running:
            return 0
        return len([s for s in self.waiting() if s != self.own_seat])

    def hand_over(self, seat: int, level: str) -> None:
        """The computer plays ``seat`` from now on (its player has gone)."""
        loop = self.loop
        if loop is not None and self.running:
            asyncio.run_coroutine_threadsafe(self.host.hand_over(seat, level), loop).result(5)

    def stop(self) -> None:
        """End the game for everyone (each player is told why) and stop listening."""
        if self.beacon is not None:
            self.beacon.stop()
        loop, task = self.loop, self.task
        if loop is not None and task is not None and self.running:
            loop.call_soon_threadsafe(task.cancel)
        if self.thread is not None:
            self.thread.join(5)


def addresses() -> list[str]:
    """This computer's addresses on its local networks, the ones others can join at (the
    loopback address only when there is no other). Nothing is sent anywhere: a UDP socket
    is pointed outwards only to learn which address the system would send from."""
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # a documentation address: no packet leaves
        found.insert(0, probe.getsockname()[0])
    except OSError:
        pass
    finally:
        probe.close()
    out = [a for a in dict.fromkeys(found) if not a.startswith("127.") and a != "0.0.0.0"]
    return out or [LOOPBACK]

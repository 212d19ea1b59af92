"""Computer players thinking in other processes, so the table never waits on them.

A :class:`BotHost` starts worker processes that each keep their own copy of the game, kept
in step by the text of every action played (the record's own form), and decide for a seat
when asked: the worker builds that seat's view (with what the seat remembers) and runs the
bot on it, exactly as a bot on the table's own thread would. Messages are JSON over a pipe;
nothing but action texts, deck lists and numbers crosses.

With two workers or more, a search bot's decision is made by each worker independently
(its own deals, its own seed) for the same time, and the moves' statistics are added up
(:func:`~.search.combine`): both cores of a small laptop think about one move.

A frozen program (PyInstaller) starts workers by running itself again: its entry point
calls :func:`multiprocessing.freeze_support` first.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import time
from collections.abc import Sequence
from multiprocessing import connection
from typing import Any

from ..engine import DeckList, Game, GameState, legal_actions, parse
from ..system.processes import deaf_to_ctrl_c

DECIDING = {"hard"}  # bots worth a worker of their own: they search


def workers_wanted() -> int:
    """How many workers to think with: every core but one for the table, at least one and
    at most two (root parallelisation gains little beyond)."""
    return max(1, min(2, (os.cpu_count() or 1)))


class HostFailed(RuntimeError):
    """A worker process stopped or its bot raised: the table falls back to thinking in its
    own process."""


class BotHost:
    """Workers that decide for a table's computer seats. Call :meth:`sync` with the
    record's actions before :meth:`ask`, then poll :meth:`answer`."""

    def __init__(
        self,
        game: Game,
        decks: Sequence[DeckList],
        seed: int,
        bots: dict[int, str],
        workers: int | None = None,
    ):
        self.game = game
        self.start_message = {
            "do": "start",
            "game": game.id,
            "seed": seed,
            "decks": [d.model_dump(mode="json") for d in decks],
            "bots": {str(seat): name for seat, name in bots.items()},
        }
        ctx = multiprocessing.get_context("spawn")
        self.pipes = []
        self.procs = []
        for k in range(workers or workers_wanted()):
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=_work, args=(child, k), daemon=True, name=f"tabletop-bot-{k}")
            with deaf_to_ctrl_c():
                proc.start()
            child.close()
            self.pipes.append(parent)
            self.procs.append(proc)
        self.sent: list[str] = []
        self._send_all(dict(self.start_message, actions=[]))
        self.asked: int | None = None  # the number of the question being thought about
        self.asking = 0
        self.replies: list[Any] = []
        self.waiting = 0
        # The time each seat has waited for in its own turn, as the table saw it (messages
        # and the workers' catching up included): seat -> (turn, seconds).
        self.waited: dict[int, tuple[int, float]] = {}
        self.question: tuple[int, int | None, float] | None = None  # (seat, turn, asked at)

    def _send_all(self, message: dict) -> None:
        data = json.dumps(message).encode()
        for pipe in self.pipes:
            self._send(pipe, data)

    @staticmethod
    def _send(pipe, data: bytes) -> None:
        try:
            pipe.send_bytes(data)
        except (EOFError, OSError) as e:
            raise HostFailed(f"a worker process stopped ({e})") from e

    def sync(self, actions: Sequence[str]) -> None:
        """Bring the workers' copies to the game whose record is ``actions``."""
        n = len(self.sent)
        if len(actions) >= n and list(actions[:n]) == self.sent:
            for text in actions[n:]:
                self._send_all({"do": "act", "action": text})
        else:  # an action was taken back: start again from the record
            self._send_all(dict(self.start_message, actions=list(actions)))
        self.sent = list(actions)

    def ask(self, seat: int, turn: int | None = None) -> None:
        """Start deciding for ``seat`` (the game as last synced). Given the ``turn``, the
        workers are told how long the table has already waited for this seat in it, so a
        turn's budget counts what the table waits, not only the thinking."""
        self.asking += 1
        self.asked = self.asking
        self.replies = []
        searching = self.start_message["bots"][str(seat)] in DECIDING
        pipes = self.pipes if searching else self.pipes[:1]
        self.waiting = len(pipes)
        message: dict[str, Any] = {"do": "decide", "seat": seat, "ask": self.asking}
        if turn is not None:
            was = self.waited.get(seat)
            message["waited"] = was[1] if was and was[0] == turn else 0.0
        self.question = (seat, turn, time.perf_counter())
        data = json.dumps(message).encode()
        for pipe in pipes:
            self._send(pipe, data)

    def ready(self, timeout: float = 60.0) -> None:
        """Wait until every worker has started and caught up with the game (a worker starts
        by importing the program and replaying the record: a second or so), so the first
        decision asked is timed as a decision. Raises :class:`HostFailed` if one has not."""
        self._send_all({"do": "ready", "ready": -1})
        deadline = time.monotonic() + timeout
        for pipe in self.pipes:
            try:
                while True:
                    if not pipe.poll(max(0.0, deadline - time.monotonic())):
                        raise HostFailed("a worker process did not start in time")
                    reply = json.loads(pipe.recv_bytes())
                    if "error" in reply:
                        raise HostFailed(f"the computer player failed: {reply['error']}")
                    if reply.get("ready") == -1:
                        break
            except (EOFError, OSError) as e:
                raise HostFailed(f"a worker process stopped ({e})") from e

    def cancel(self) -> None:
        """Forget the question being thought about (its answer will be ignored)."""
        self.asked = None

    def answer(self, state: GameState, wait: float = 0.0):
        """The decision once every worker asked has answered (as an action of ``state``),
        else None. Raises :class:`HostFailed` if a worker failed."""
        if self.asked is None:
            return None
        if wait > 0:  # until any worker says something (not each in turn: no lag)
            try:
                connection.wait(self.pipes, wait)
            except OSError as e:
                raise HostFailed(f"a worker process stopped ({e})") from e
        for pipe in self.pipes:
            try:
                ready = pipe.poll(0)
            except (EOFError, OSError) as e:
                raise HostFailed(f"a worker process stopped ({e})") from e
            while ready:
                try:
                    reply = json.loads(pipe.recv_bytes())
                    ready = pipe.poll(0)
                except (EOFError, OSError) as e:
                    raise HostFailed(f"a worker process stopped ({e})") from e
                if "error" in reply:
                    raise HostFailed(f"the computer player failed: {reply['error']}")
                if reply["ask"] == self.asked:
                    self.replies.append(reply)
                    self.waiting -= 1
                if self.waiting <= 0:
                    break
        if self.waiting > 0:
            return None
        self.asked = None
        if self.question is not None:
            seat, turn, at = self.question
            if turn is not None and state.active == seat:
                was = self.waited.get(seat)
                before = was[1] if was and was[0] == turn else 0.0
                self.waited[seat] = (turn, before + time.perf_counter() - at)
        if len(self.replies) == 1 or not all(r.get("stats") for r in self.replies):
            return parse(state, self.replies[0]["action"])
        from .search import combine

        text = combine([[tuple(row) for row in r["stats"]] for r in self.replies])
        return parse(state, text)

    def close(self) -> None:
        for pipe in self.pipes:
            try:
                pipe.send_bytes(b'{"do": "stop"}')
                pipe.close()
            except OSError:
                pass
        for proc in self.procs:
            proc.join(timeout=1.0)
            if proc.is_alive():
                proc.terminate()


class HostedBot:
    """A bot for one seat of a :class:`~tabletop.engine.record.Match` that thinks in a
    :class:`BotHost`'s workers, as the table's computer seats do: called with the seat's
    view, it brings the workers up to the match's record, asks and waits. ``quick`` answers
    whether the seat would interrupt now (asked after every move of the others)."""

    def __init__(self, host: BotHost, seat: int, quick):
        self.host = host
        self.seat = seat
        self.quick = quick
        self.remembers = True
        self.match = None

    def follow(self, match) -> None:
        """The match whose record the workers are to follow (``selfplay.play_game`` tells)."""
        self.match = match

    def __call__(self, view: GameState):
        actions = legal_actions(view)
        if len(actions) == 1:
            return actions[0]
        assert self.match is not None, "a hosted bot plays a match it follows"
        self.host.sync(self.match.record.actions)
        self.host.ask(self.seat, self.match.state.turn)
        while True:
            action = self.host.answer(self.match.state, wait=0.1)
            if action is not None:
                return action


def _work(pipe, k: int) -> None:
    """A worker: keeps a copy of the game and decides when asked (runs in its own
    process)."""
    with contextlib.suppress(AttributeError, OSError):
        os.nice(5)  # the table (and the player's other programs) come first
    from ..engine import Match, named
    from ..games import registry
    from . import make

    match = None
    bots: dict[int, Any] = {}
    while True:
        try:
            message = json.loads(pipe.recv_bytes())
        except (EOFError, OSError):
            return
        try:
            do = message["do"]
            if do == "stop":
                return
            if do == "start":
                game = registry()[message["game"]]
                decks = [DeckList.model_validate(d) for d in message["decks"]]
                seed = int(message["seed"])
                match = Match(game, decks, seed, remember=True)
                for text in message["actions"]:
                    match.apply(parse(match.state, text))
                bots = {
                    int(seat): make(name, seed * 17 + int(seat) + 7_919 * k)
                    for seat, name in message["bots"].items()
                }
            elif do == "act":
                assert match is not None
                match.apply(parse(match.state, message["action"]))
            elif do == "ready":
                pipe.send_bytes(json.dumps({"ready": message["ready"]}).encode())
            elif do == "decide":
                assert match is not None
                seat = int(message["seat"])
                bot = bots[seat]
                sight = match.view(seat)
                clock = getattr(bot, "time", None)
                if "waited" in message and clock is not None:
                    clock.at_least(sight, seat, float(message["waited"]))
                action = bot(sight)
                stats = getattr(bot, "stats", None) or []
                pipe.send_bytes(
                    json.dumps(
                        {
                            "ask": message["ask"],
                            "action": named(match.state, action).exact(),
                            "stats": [
                                [named(match.state, row[0]).exact(), *row[1:]] for row in stats
                            ],
                        }
                    ).encode()
                )
        except ConnectionError:  # the table went while this worker thought: nobody to tell
            return
        except Exception as e:  # say what broke; the table shows it
            import traceback

            try:
                pipe.send_bytes(
                    json.dumps(
                        {"error": f"{type(e).__name__}: {e}", "trace": traceback.format_exc()}
                    ).encode()
                )
            except OSError:
                return

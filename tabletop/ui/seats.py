"""Who sits at each seat: a person at this screen, or a bot thinking off the UI thread.

A bot thinks on a worker thread of this process, or, when the table has a
:class:`~tabletop.bots.host.BotHost` for it (the searching level), in the host's worker
processes, so that however long it thinks the table keeps its frame rate."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

from ..bots import Bot
from ..engine import Action, GameState, Match


class Human:
    is_bot = False
    name = "human"


class BotSeat:
    """``start(match, seat)`` then poll ``result(state)``."""

    is_bot = True
    _pool: ThreadPoolExecutor | None = None

    def __init__(self, bot: Bot, name: str, host=None):
        self.bot = bot  # also answers, in this process, "would you interrupt now?"
        self.name = name
        self.host = host  # a BotHost deciding for this seat, or None: a thread here
        self.future: Future | None = None
        self.asked = False  # the host is thinking for this seat
        # Decide on this thread, when the decision is asked for (a table with no animation
        # time: screenshots, tests): a decision on the worker thread that an answer cancels
        # may still run, and take from the bot's random numbers, or not, as the threads
        # happen to go; here a cancelled one is never made.
        self.at_once = False
        self.view: GameState | None = None  # the view to decide on, at once

    @classmethod
    def pool(cls) -> ThreadPoolExecutor:
        if cls._pool is None:
            cls._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        return cls._pool

    @property
    def thinking(self) -> bool:
        return self.future is not None or self.asked

    def start(self, match: Match, seat: int) -> None:
        if self.thinking:
            return
        if self.host is not None:
            self.host.sync(match.record.actions)
            self.host.ask(seat, match.state.turn)
            self.asked = True
        elif self.at_once:
            self.future = Future()
            self.view = match.view(seat)
        else:
            self.future = self.pool().submit(self.bot, match.view(seat))

    def result(self, state: GameState, wait: float = 0.0) -> Action | None:
        """The decision once it is made (re-raising the bot's error, if it had one)."""
        if self.asked:
            action = self.host.answer(state, wait)
            if action is not None:
                self.asked = False
            return action
        if self.future is not None and self.view is not None:  # decided now, on this thread
            view, self.view = self.view, None
            try:
                self.future.set_result(self.bot(view))
            except Exception as e:  # re-raised below, as the thread's would be
                self.future.set_exception(e)
        if self.future is None or (not self.future.done() and not wait):
            return None
        future, self.future = self.future, None
        return future.result()

    def wait(self, state: GameState) -> Action | None:
        """Block until the decision is made, and return it (tests, screenshots)."""
        while self.thinking:
            action = self.result(state, wait=0.05)
            if action is not None:
                return action
        return None

    def cancel(self) -> None:
        self.view = None
        if self.future is not None:
            self.future.cancel()
            self.future = None
        if self.asked:
            self.host.cancel()
            self.asked = False

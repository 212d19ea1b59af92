"""Who sits at each seat: a person at this screen, or a bot thinking off the UI thread."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

from ..bots import Bot
from ..engine import Action, GameState


class Human:
    is_bot = False
    name = "human"


class BotSeat:
    """Runs the bot on a worker thread: ``start(view)`` then poll ``result()``."""

    is_bot = True
    _pool: ThreadPoolExecutor | None = None

    def __init__(self, bot: Bot, name: str):
        self.bot = bot
        self.name = name
        self.future: Future | None = None

    @classmethod
    def pool(cls) -> ThreadPoolExecutor:
        if cls._pool is None:
            cls._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        return cls._pool

    @property
    def thinking(self) -> bool:
        return self.future is not None

    def start(self, view: GameState) -> None:
        if self.future is None:
            self.future = self.pool().submit(self.bot, view)

    def result(self) -> Action | None:
        """The decision once it is made (re-raising the bot's error, if it had one)."""
        if self.future is None or not self.future.done():
            return None
        future, self.future = self.future, None
        return future.result()

    def cancel(self) -> None:
        if self.future is not None:
            self.future.cancel()
            self.future = None

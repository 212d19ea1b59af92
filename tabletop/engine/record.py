"""Game records: the seed, the decks and the actions, which replay to the identical game.

A record is all a saved game, a replay or a bug report needs. It is written as JSON through
pydantic; actions are kept in their exact text form (``P1: play "Iron Sword"#12``), which
is readable and names the very card instance.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .actions import Action, named, parse
from .cards import DeckList
from .core import apply
from .events import Event
from .game import Game
from .state import GameState

RECORD_FORMAT = 1


class GameRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal[1] = RECORD_FORMAT
    game: str
    seed: int
    decks: list[DeckList] = Field(min_length=1)
    actions: list[str] = Field(default_factory=list)

    def start(self, game: Game) -> GameState:
        if game.id != self.game:
            raise ValueError(f"this record is a game of {self.game!r}, not {game.id!r}")
        return game.new_game(self.decks, self.seed)

    def replay(self, game: Game, upto: int | None = None) -> GameState:
        """The state after the first ``upto`` actions (all of them by default)."""
        state = self.start(game)
        for text in self.actions[:upto]:
            apply(state, parse(state, text))
        return state


class Match:
    """A game in progress together with its record: apply actions here to keep both."""

    def __init__(self, game: Game, decks: Sequence[DeckList], seed: int):
        self.game = game
        self.record = GameRecord(game=game.id, seed=seed, decks=list(decks))
        self.setup_events: list[Event] = []
        self.state = game.new_game(decks, seed, self.setup_events)

    def apply(self, action: Action) -> list[Event]:
        text = named(self.state, action).exact()  # the real names, before anything moves
        events = apply(self.state, action)
        self.record.actions.append(text)
        return events

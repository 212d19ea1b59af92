"""Game records: the seed, the decks and the actions, which replay to the identical game.

A record is all a saved game, a replay or a bug report needs. It is written as JSON through
pydantic; actions are kept in their exact text form (``P1: play "Iron Sword"#12``), which
is readable and names the very card instance.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .actions import Action, named
from .cards import DeckList
from .core import apply, view
from .events import Event
from .game import Game
from .knowledge import Memory
from .notation import parse
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
    """A game in progress together with its record: apply actions here to keep both.

    With ``undo=True`` (the table) the match also remembers, for each action, who took it
    in which turn and whether it revealed anything, so the last actions can be taken back
    (:meth:`why_not_undo`, :meth:`undo`). With ``remember=True`` it keeps, for each seat,
    the cards it saw that were hidden from it again (:meth:`view` hands them to its bot)."""

    def __init__(
        self,
        game: Game,
        decks: Sequence[DeckList],
        seed: int,
        *,
        undo: bool = False,
        start: GameState | None = None,
        remember: bool = False,
    ):
        self.game = game
        self.record = GameRecord(game=game.id, seed=seed, decks=list(decks))
        self.setup_events: list[Event] = []
        self.state = start if start is not None else game.new_game(decks, seed, self.setup_events)
        # What each seat has seen of the cards now hidden from it, for the views of bots
        # that deal possible worlds (``remember``: it costs a look at every card after
        # every action). The decks were chosen in the open (practice), so every seat
        # knows every list.
        self.memory = Memory(self.state, decks, self.setup_events, remember=remember)
        self.track = undo
        # For each action of the turn in progress: who took it, what it revealed, and the
        # state before it (undo goes no further back than the turn's start).
        self.steps: list[tuple[int, int, str | None, GameState]] = []

    def apply(self, action: Action) -> list[Event]:
        text = named(self.state, action).exact()  # the real names, before anything moves
        if not self.track:
            events = apply(self.state, action)
            self.record.actions.append(text)
            self.memory.observe(self.state, events)
            return events
        before = self.state.clone()
        secrets = _secrets(self.state, action.seat)
        events = apply(self.state, action)
        self.record.actions.append(text)
        self.memory.observe(self.state, events)
        if self.steps and self.steps[-1][1] != before.turn:
            self.steps.clear()  # a new turn: the last one's actions are settled
        self.steps.append(
            (action.seat, before.turn, _revealed(secrets, self.state, action.seat), before)
        )
        return events

    def why_not_undo(self, seat: int) -> str | None:
        """Why ``seat`` may not take back the last action now (``None``: it may)."""
        if not self.track:
            return "Undo is not available here"
        if self.state.over:
            return "The game is over"
        if self.state.active != seat:
            return "Only actions of your own turn can be undone"
        if not self.steps or self.steps[-1][1] != self.state.turn:
            return "There is nothing to undo this turn"
        who, _, revealed, _ = self.steps[-1]
        if who != seat:
            return "The other player has acted since"
        if revealed:
            return f"That cannot be undone: {revealed}"
        return None

    def undo(self) -> None:
        """Take back the last action: the state before it comes back, and the record loses
        it (it used no random result, so the record still replays to this state)."""
        assert self.steps
        *_, before = self.steps.pop()
        self.record.actions.pop()
        self.state = before
        self.memory.follow(before)

    def view(self, seat: int):
        """The game as ``seat`` sees it, with what it knows of the cards hidden from it."""
        return view(self.state, seat, self.memory.knowledge(seat))


Secrets = tuple[int, int, frozenset[int], frozenset[int]]


def _secrets(state: GameState, seat: int) -> Secrets:
    """What an action could reveal: the generator's use count, the next card id (cards made
    later existed nowhere before), the cards ``seat`` can identify, the face-down cards."""
    from .core import can_see

    seen = frozenset(cid for cid in state.cards if can_see(state, seat, cid))
    down = frozenset(cid for cid, inst in state.cards.items() if inst.face_down)
    return state.rng.draws, state.next_id, seen, down


def _revealed(before: Secrets, state: GameState, seat: int) -> str | None:
    """What an action revealed that undoing it could not hide again, in words (or None)."""
    draws, next_id, seen, down = before
    if state.rng.draws != draws:
        return "it used a random result (a roll, a coin or a shuffle)"
    if any(cid in state.cards and not state.cards[cid].face_down for cid in down):
        return "it turned a face-down card face up"
    _, _, now, _ = _secrets(state, seat)
    if any(cid < next_id and cid not in seen for cid in now):
        return "it showed you a card you had not seen (a draw)"
    return None

"""The table's small parts: its timings and keys, a card's sprite, the words flashed
over the board, and the records other modules and tests take from the table (``Setup``,
``Meaning``, ``Drawn``, ``BarLayout``, ``BarButton``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from ...engine import Action, DeckList, Game, GameState
from ...engine.scenario import Scenario
from ..widgets import Button

MANUAL_HEADING = "By hand (not checked by the rules):"
MORE = "More..."  # the bar's button for the buttons it has no room for
# Seconds from one of a bot's moves to the next, so a person can follow them. The bot thinks
# meanwhile: a decision that takes less than this shows nothing of how hard it was to make.
BOT_PACE = 0.75
HANDOVER = 0.6  # seconds the last move stays in view before the hot-seat curtain comes down
TURN_SECONDS = 0.3  # a card turning 90° (rested, marked, exhausted): long enough to be seen
DAMAGE_BEAT = 0.7  # seconds from one blow of a combat to the next, so each can be followed
FLIP_SECONDS = 0.6  # a card turning over (a Vanquisher to its next stage, a card revealed)
SLIDE_RATE = 14.0  # how fast sprites close on their place (per second, exponential)
DRAG_START = 6  # pixels the mouse must travel before a press becomes a drag
KEYS = {
    pygame.K_SPACE: "Space",
    pygame.K_RETURN: "Enter",
    pygame.K_KP_ENTER: "Enter",
    pygame.K_b: "B",
    pygame.K_d: "D",
    pygame.K_r: "R",
    **{getattr(pygame, f"K_{n}"): str(n) for n in range(10)},
}


class Sprite:
    __slots__ = ("angle", "cid", "face_up", "marked", "size", "tangle", "target", "x", "y", "z")

    def __init__(
        self,
        cid: int,
        pos: tuple[float, float],
        size: tuple[int, int],
        angle: float,
        face_up: bool,
        z: int,
        marked: bool = False,
    ):
        self.cid = cid
        self.x, self.y = pos
        self.target = pos
        self.angle = self.tangle = angle
        self.size = size
        self.face_up = face_up
        self.marked = marked  # face down, but this seat's own: a marked back it may read
        self.z = z

    @property
    def moving(self) -> bool:
        return (
            abs(self.x - self.target[0]) > 0.5
            or abs(self.y - self.target[1]) > 0.5
            or self.angle != self.tangle
        )

    def rect(self) -> pygame.Rect:
        w, h = self.size
        if 45 <= self.angle % 180 < 135:
            w, h = h, w
        r = pygame.Rect(0, 0, w, h)
        r.center = (round(self.x), round(self.y))
        return r

    def update(self, dt: float) -> None:
        k = min(1.0, dt * SLIDE_RATE)
        tx, ty = self.target
        self.x += (tx - self.x) * k
        self.y += (ty - self.y) * k
        if abs(self.x - tx) < 0.6 and abs(self.y - ty) < 0.6:
            self.x, self.y = tx, ty
        if self.angle != self.tangle:
            step = 90 * dt / TURN_SECONDS
            if self.angle < self.tangle:
                self.angle = min(self.tangle, self.angle + step)
            else:
                self.angle = max(self.tangle, self.angle - step)


@dataclass
class Flash:
    """Words shown for a while: an outcome over the board, damage over a card."""

    words: str
    pos: tuple[int, int]
    color: tuple[int, int, int]
    size: int
    ttl: float
    rise: float = 0.0
    age: float = 0.0


@dataclass
class Setup:
    """What a table needs to (re)start a game: used by "Play again", "Continue", "Load"
    and the Puzzles menu."""

    game: Game
    decks: list[DeckList]
    seats: list  # "human" or a bot name, per seat
    seed: int
    actions: list[str] = field(default_factory=list)  # a saved game's record, replayed
    save: bool = False  # autosave to the player's saved games (a real game, not a tool's)
    save_path: Path | None = None  # the save this game continues
    start: GameState | None = None  # a scenario's position, instead of a new game
    curtain: bool = True  # hot-seat curtains (a puzzle shows both seats openly)
    title: str = ""  # a puzzle's title and goal, for the log
    puzzle: Scenario | None = None  # a puzzle's file: its walk-through and what solves it


@dataclass
class Meaning:
    """What a gesture on a card means now: an action to send (legal or not: a refusal then
    says which rule forbids it), a menu of actions to choose from, the card marked or
    unmarked for a selection, or only words. Nothing at all: the gesture does nothing."""

    action: Action | None = None
    offer: Sequence[Action] = ()
    mark: bool = False
    words: str = ""


@dataclass(frozen=True)
class Drawn:
    """A label the table drew in its last frame, where a layout test can find it: a status
    plate and its words, a pile count, a badge, the bar's parts and buttons."""

    kind: str
    rect: pygame.Rect
    within: pygame.Rect | None = None  # the plate or bar it must stay inside
    card: int | None = None  # a badge's card


@dataclass
class BarLayout:
    """The phase bar's parts (see :meth:`TableScene.bar_layout`)."""

    title: pygame.Rect
    pills: list[tuple[str, pygame.Rect, bool, bool]]  # phase, place, lit, drawn as a dot
    pill_size: int  # the pills' font size
    thinking: pygame.Rect | None  # "Computer is thinking..."
    free: pygame.Rect  # between all these and the buttons: where an outcome's banner goes


@dataclass
class BarButton:
    """A button of the bar with what a click on it does: the action it sends, or the
    actions of the menu it opens (neither: undo, a hint)."""

    button: Button
    action: Action | None = None
    options: Sequence[Action] = ()
    size: int = 14  # its words' font size
    more: Sequence[BarButton] = ()  # "More": the buttons its menu holds

"""The table: where a game is played with the mouse.

The table never changes the game itself. It draws one seat's ``view`` (the "near" seat, at
the bottom), turns gestures into actions, sends them to the engine, and plays back the
events that come out: cards slide and turn, dice tumble, attacks are drawn as arrows, the
outcome is shown. A refused action changes nothing; the card slides back and the engine's
reason is shown. Everything game-specific comes from the game's ``TableSpec``.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...bots.host import DECIDING, BotHost
from ...engine import Action, Event, GameState, Match, parse, to_act
from ...engine.scenario import Walkthrough
from ..cards import CardArt
from ..dice import DieRoll
from ..seats import BotSeat, Human
from ..widgets import Menu, Scene
from .acting import ActingMixin
from .bar import BarMixin
from .board import BoardMixin
from .effects import EffectsMixin
from .gestures import GestureMixin
from .overlays import OverlayMixin
from .panels import PanelMixin
from .parts import (  # re-exported: tests and screens take them from here
    BOT_PACE,
    DAMAGE_BEAT,
    DRAG_START,
    FLIP_SECONDS,
    HANDOVER,
    KEYS,
    MANUAL_HEADING,
    MORE,
    SLIDE_RATE,
    TURN_SECONDS,
    BarButton,
    BarLayout,
    Drawn,
    Flash,
    Meaning,
    Setup,
    Sprite,
)
from .plates import PlatesMixin
from .saving import SavingMixin
from .shown import ShownMixin
from .timing import TimingMixin

__all__ = [
    "BOT_PACE",
    "DAMAGE_BEAT",
    "DRAG_START",
    "FLIP_SECONDS",
    "HANDOVER",
    "KEYS",
    "MANUAL_HEADING",
    "MORE",
    "SLIDE_RATE",
    "TURN_SECONDS",
    "BarButton",
    "BarLayout",
    "Drawn",
    "Flash",
    "Meaning",
    "Setup",
    "Sprite",
    "TableScene",
]


class TableScene(
    ShownMixin,
    ActingMixin,
    SavingMixin,
    TimingMixin,
    EffectsMixin,
    GestureMixin,
    BarMixin,
    OverlayMixin,
    BoardMixin,
    PlatesMixin,
    PanelMixin,
    Scene,
):
    """The table as one scene, each concern of it a part of its own: ``shown`` (the view
    and where its cards lie), ``acting`` (actions sent to the engine), ``saving`` (autosave,
    undo, hints), ``timing`` (the timeline and each frame's update), ``effects`` (dice,
    banners, arrows), ``gestures`` (keys and the mouse), ``bar`` (the phase bar),
    ``overlays`` (the curtain and the pause menu), ``board`` (the frame and the cards),
    ``plates`` (the seats' status plates) and ``panels`` (the hover panel, the message box,
    the log). Their small shared parts are in ``parts``. Here: the state they share, set up
    once, and what leads to another screen."""

    again = True  # the game-over screen offers the same game again

    def __init__(
        self,
        app,
        setup: Setup,
        instant: bool = False,
        on_over: Callable[[TableScene], None] | None = None,
    ):
        super().__init__(app)
        from ...bots import make as make_bot

        self.setup = setup
        self.game = setup.game
        self.spec = self.game.table()
        self.art = CardArt(self.spec)
        start = setup.start.clone() if setup.start is not None else None
        self.match = Match(self.game, setup.decks, setup.seed, undo=True, start=start)
        self.events: list[Event] = list(self.match.setup_events)
        if setup.title:
            self.events.append(Event("phase", setup.title))
        # The seats out of the game (three or four players), in the order they went out.
        self.out_order: list[int] = []
        self.plates: dict[int, pygame.Rect] = {}  # each seat's status plate, where drawn
        for text in setup.actions:  # a saved game: replay it to where it was left
            self.events += self.match.apply(parse(self.match.state, text))
            self._note_out()
        # A searching computer player thinks in other processes (a BotHost), so the table
        # keeps its frame rate; the others think on a thread here. A game started from a
        # scenario's position (not from a record) keeps every bot here.
        self.host: BotHost | None = None
        if start is None and any(s in DECIDING for s in setup.seats):
            self.host = self._new_host()
        self.seats = [
            Human()
            if s == "human"
            else BotSeat(make_bot(s, setup.seed * 17 + i), s, self.host if s in DECIDING else None)
            for i, s in enumerate(setup.seats)
        ]
        for seat in self.seats:  # with no animation time, the same game every time
            if isinstance(seat, BotSeat):
                seat.at_once = instant
        self.hinting = False  # the computer is working out a hint for the near seat
        self.walk = Walkthrough(setup.puzzle) if setup.puzzle is not None else None
        self.solved = False  # a puzzle's goal reached (told once)
        self.hinted: tuple[tuple[int, ...], float] | None = None  # cards lit by a hint
        humans = [i for i, s in enumerate(self.seats) if not s.is_bot]
        self.near = humans[0] if humans else 0
        if start is not None and not self.seats[start.active].is_bot:
            self.near = start.active  # a puzzle is seen from the seat that plays it
        self.hotseat = len(humans) > 1 and setup.curtain
        self._begin(instant, on_over)
        first = to_act(self.state)
        if self.hotseat and first is not None and not self.seats[first].is_bot:
            # A new or a continued game between two people: the screen starts covered, so
            # the first hand shown is shown to its own player.
            self.curtain = first

    def _begin(self, instant: bool, on_over: Callable[[TableScene], None] | None) -> None:
        """The table's own state, the same for every table (a game here or joined from
        another computer): what is shown, animated, held and asked; then the first view."""
        self.instant = instant  # no animation time: for the screenshot verb and tests
        # The player's animation speed: 0 (off) shows every result at once.
        self.speed = self.app.settings.speed
        self.on_over = on_over
        self.kept = self.app.store.keeper(self.setup.save_path)  # the game's save, as it goes
        self.driving = True  # seats take turns here (a replay only shows a record)
        self.view: GameState = self.shown_view()
        self.sprites: dict[int, Sprite] = {}
        self.layout = self._layout(self.near)
        self.dice: list[DieRoll] = []
        self.flashes: list[Flash] = []
        self.flips: dict[int, float] = {}  # card -> when it began turning over
        self.timeline: list[tuple[float, Callable[[], None]]] = []
        self.clock = 0.0
        self.arrow: tuple[int, int] | None = None
        self.drawn: list[Drawn] | None = None  # a list: the labels of each frame, noted there
        self.arrow_zones: tuple = ()  # where its cards were: it leaves when one of them moves
        self.arrow_left: float | None = None  # seconds the arrow stays after the outcome
        self.toast: tuple[str, float] | None = None
        self.refused: tuple[int | None, float] | None = None  # a refused card, outlined red
        # a press on a card: (card, where, alt); alt is the right button or Shift held
        self.press: tuple[int, tuple[int, int], bool] | None = None
        self.drag: tuple[int, tuple[int, int], bool] | None = None  # card, grab offset, alt
        self.drag_targets: tuple[set[int], set] = (set(), set())
        self.menu: Menu | None = None
        self.offered: list[Action | None] = []  # the action of each row of the menu shown
        self.selected: set[int] = set()
        self.curtain: int | None = None
        self.paused = False
        self.confirm: str | None = None  # a question the pause menu asks: "concede", "quit"
        self.ending: tuple[Action, str] | None = None  # ending a phase, asked: what is left
        # The log's length when each seat last had the screen (hot-seat), and where the near
        # seat's unread lines begin: what happened while it was away is marked for it.
        self.seen_upto: dict[int, int] = {}
        self.since: int | None = None
        self.acted_at = 0.0  # the clock when the last move was made
        self.bot_wait = 0.0
        self.bot_action: Action | None = None  # a bot's decision, waiting for its pace
        self.hover: int | None = None
        self.zoomed = None
        self.zoomed_id: int | None = None  # the zoomed card's id, while it is on the table
        self.log_scroll = 0  # lines scrolled up from the newest
        # While the log is scrolled up, new lines do not move what is being read: they are
        # counted, and a mark at the log's foot says so and jumps back to them on a click.
        self.log_unread = 0
        self.log_lines = 0  # lines the log held when last drawn
        self.log_top = 0  # the first of them shown
        self.log_jump: pygame.Rect | None = None  # the mark, where it was drawn
        self.over_wait: float | None = None
        self.phase_lit: str | None = None  # an automatic phase lit on the bar as it passes
        self._legal: tuple[int, list[Action]] | None = None
        self._passable: bool | None = None  # since the last move: may a person only pass?
        self._board: pygame.Surface | None = None
        self._log_cache: tuple | None = None
        self._sync(snap=True)
        self.autosave()

    def _new_host(self) -> BotHost | None:
        """Worker processes for the searching level, deciding for the bot seats at that
        level and giving the people at this screen their hints (None where processes
        cannot be started: then the bots think here)."""
        seats = {i: (s if s != "human" else "hard") for i, s in enumerate(self.setup.seats)}
        try:
            return BotHost(self.game, self.setup.decks, self.setup.seed, seats)
        except OSError as e:
            from ...system.logs import log

            log.warning("computer players think in this process: %s", e)
            return None

    # Here, not with the pause menu in ``overlays``: the screens import one another (the
    # one loop the architecture test allows, between this package and ``ui.scenes``), and
    # none of the table's parts takes a part in it.
    def _quit(self) -> None:
        self.closing()
        from ..scenes import TitleScene

        self.app.go(TitleScene(self.app))

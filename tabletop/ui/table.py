"""The table: where a game is played with the mouse.

The table never changes the game itself. It draws one seat's ``view`` (the "near" seat, at
the bottom), turns gestures into actions, sends them to the engine, and plays back the
events that come out: cards slide and turn, dice tumble, attacks are drawn as arrows, the
outcome is shown. A refused action changes nothing; the card slides back and the engine's
reason is shown. Everything game-specific comes from the game's ``TableSpec``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from ..bots import responder
from ..bots.host import DECIDING, BotHost, HostFailed
from ..engine import (
    CONCEDE,
    END,
    HIDDEN,
    PASS,
    RESPOND,
    Action,
    DeckList,
    Event,
    Game,
    GameState,
    Match,
    check,
    counted,
    legal_actions,
    make,
    parse,
    responses,
    to_act,
    view,
)
from ..engine.scenario import Scenario, Walkthrough, force
from . import theme
from .cards import CardArt
from .dice import ROLL_SECONDS, CoinFlip, DieRoll
from .layout import Layout
from .seats import BotSeat, Human
from .widgets import Button, Menu, Scene, click, draw_wrapped, fitted

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


class TableScene(Scene):
    zoom_hint = (
        "Hover over a card to read it. Drag cards to play or attack; click a card "
        "in play to activate it; right-click for its actions."
    )

    def __init__(
        self,
        app,
        setup: Setup,
        instant: bool = False,
        on_over: Callable[[TableScene], None] | None = None,
    ):
        super().__init__(app)
        from ..bots import make as make_bot

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
        self.instant = instant  # no animation time: for the screenshot verb and tests
        # The player's animation speed: 0 (off) shows every result at once.
        self.speed = app.settings.speed
        self.on_over = on_over
        self.save_path = setup.save_path
        self.driving = True  # seats take turns here (a replay only shows a record)
        self._saved_turn: int | None = None
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
        first = to_act(self.state)
        if self.hotseat and first is not None and not self.seats[first].is_bot:
            # A new or a continued game between two people: the screen starts covered, so
            # the first hand shown is shown to its own player.
            self.curtain = first

    def _new_host(self) -> BotHost | None:
        """Worker processes for the searching level, deciding for the bot seats at that
        level and giving the people at this screen their hints (None where processes
        cannot be started: then the bots think here)."""
        seats = {i: (s if s != "human" else "hard") for i, s in enumerate(self.setup.seats)}
        try:
            return BotHost(self.game, self.setup.decks, self.setup.seed, seats)
        except OSError as e:
            from ..system.logs import log

            log.warning("computer players think in this process: %s", e)
            return None

    # -- the state shown -------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def quick(self) -> bool:
        """No animation time: results shown at once (animation off, or a tool's table)."""
        return self.instant or self.speed == 0.0

    def _layout(self, near: int, size: tuple[int, int] | None = None) -> Layout:
        return Layout(
            self.spec, size or self.app.size, near, self.state.seats, self.app.settings.ui_scale
        )

    def shown_view(self) -> GameState:
        """What the table shows: the game as the near seat sees it."""
        return view(self.state, self.near)

    def _set_near(self, seat: int) -> None:
        self.near = seat
        self.zoomed = None  # what the other seat last read is not for this one's eyes
        self.zoomed_id = None
        self.hover = None
        self.layout = self._layout(seat)
        self.view = self.shown_view()
        self.selected.clear()
        self._board = None
        self._log_cache = None
        self._sync(snap=True)
        self._place_dice()

    def _sync(self, snap: bool = False) -> None:
        """Point every card sprite at its place in the shown view."""
        self._legal = None
        seen = set()
        z = 0
        for placed in self.layout.placed:
            ids = self.view.zones.get(placed.key, ())
            insts, centres, depth = self._arranged(placed, ids, z)
            for i, (inst, centre) in enumerate(zip(insts, centres, strict=True)):
                face_up = inst.card is not HIDDEN and not inst.face_down
                marked = inst.face_down and inst.owner == self.near and inst.card is not HIDDEN
                angle = (90.0 if inst.turned else 0.0) + (180.0 if placed.area.flip else 0.0)
                sprite = self.sprites.get(inst.id)
                if sprite is None or snap:
                    sprite = self.sprites[inst.id] = Sprite(
                        inst.id, centre, placed.size, angle, face_up, depth[i], marked
                    )
                else:
                    sprite.target = centre
                    sprite.tangle = angle
                    sprite.size = placed.size
                    sprite.face_up = face_up
                    sprite.marked = marked
                    sprite.z = depth[i]
                seen.add(inst.id)
            z += len(insts)
        for cid in [c for c in self.sprites if c not in seen]:
            del self.sprites[cid]
        self.dirty = True

    def _arranged(self, placed, ids, z: int) -> tuple[list, list, dict[int, int]]:
        """The cards of one area in drawing order, their centres and their depths (from
        ``z`` up).

        In an area that tucks, a card attached to another card of the area (an essence
        paying for a creature) is tucked under it: behind it, its top edge showing above the
        card's, one step higher for each card tucked there before it."""
        cards = self.view.cards
        insts = [cards[c] for c in ids]
        present = {i.id for i in insts if i.attached_to not in ids} if placed.area.tuck else set()
        hosts, tucked = [], {}
        for i in insts:
            if i.attached_to in present:
                tucked.setdefault(i.attached_to, []).append(i)
            else:
                hosts.append(i)
        turned = [i.turned for i in hosts]
        centres = self.layout.arrange(placed, turned)
        # A crowded row is stacked right over left, so each card shows its right edge:
        # where a card turned 90° to the right carries its title.
        order = (
            range(len(hosts) - 1, -1, -1)
            if self.layout.crowded(placed, turned)
            else range(len(hosts))
        )
        w, h = placed.size
        bar = self.layout.bar
        # Tucked cards peek upwards, never under the phase bar when it lies above the row.
        ceiling = bar.bottom + self.layout.px(2) if bar.bottom <= placed.rect.top + h else 0
        out, where = [], []
        for k in order:
            host = hosts[k]
            hx, hy = centres[k]
            # A tucked card's bottom edge hides a step above the host's (a turned host is
            # lower than the card behind it: that card shows more above, nothing below).
            bottom = hy + (w if host.turned else h) / 2
            under = tucked.get(host.id, ())
            room = bottom - h - ceiling  # above the host, for the steps of its tucked cards
            step = min(self.layout.px(11), room / len(under)) if under else 0
            step = max(step, self.layout.px(4))  # each still shows a sliver
            for j, inst in enumerate(under):  # the first peeks highest, drawn furthest back
                out.append(inst)
                where.append((hx, bottom - step * (len(under) - j) - h / 2))
            out.append(host)
            where.append((hx, hy))
        return out, where, {i: z + i for i in range(len(out))}

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = self._layout(self.near, size)
        self.art.clear()
        self._board = None
        self._log_cache = None
        self.menu = None
        self._sync(snap=True)
        self._place_dice()

    # -- acting ------------------------------------------------------------------------
    def human_to_act(self) -> bool:
        """The near seat may act now (its decision, nothing playing out, no curtain)."""
        if (
            self.state.over
            or self.timeline
            or self.curtain is not None
            or self.paused
            or not self.driving
        ):
            return False
        seat = to_act(self.state)
        return seat == self.near and not self.seats[seat].is_bot

    def attempt(self, action: Action) -> bool:
        """Send a person's action to the engine; on refusal show the rule and change nothing."""
        reason = check(self.state, action)
        if reason is not None:
            self.say(reason)
            self.refused = (action.cards[0] if action.cards else None, 1.2)
            self._sync()
            return False
        self._apply(action)
        return True

    def _note_out(self) -> None:
        """Keep the order seats go out in (seats out at once, in seat order)."""
        for seat in sorted(self.game.out(self.match.state)):
            if seat not in self.out_order:
                self.out_order.append(seat)

    def ranking(self) -> list[int]:
        """The seats from first to last: the winners, then the others, the last out first
        (those still in when the game ended, before any who went out)."""
        state = self.state
        winners = list(state.winners) if state.over else []
        still = [s for s in range(state.seats) if s not in winners and s not in self.out_order]
        return [*winners, *still, *reversed([s for s in self.out_order if s not in winners])]

    def say(
        self, words: str, seconds: float = 4.5, color: tuple[int, int, int] = theme.DANGER
    ) -> None:
        self.toast = (words, seconds, color)
        self.dirty = True

    def _apply(self, action: Action, sound: bool = True) -> None:
        if self.walk is not None:  # a puzzle: the walk-through's dice and shuffles, its own
            step = self.walk.played(self.state, action)
            if step is not None:
                force(self.state, step)
        events = self.match.apply(action)
        self.events.extend(events)
        self._note_out()
        self.menu = None
        self.selected.clear()
        self.toast = None
        self._log_cache = None
        self.acted_at = self.clock
        if self.walk is not None and not self.solved and self.walk.solved(self.state):
            self.solved = True
            goal = self.setup.puzzle.goal if self.setup.puzzle else ""
            self.events.append(Event("phase", f"Solved{': ' + goal if goal else ''}"))
            self.say("Solved! Esc for the menu: another puzzle, or play on.", 8.0, theme.GOLD)
        self.bot_action = None
        self._passable = None
        for seat in self.seats:
            if isinstance(seat, BotSeat):
                seat.cancel()  # a decision being made about the state before is moot
        if sound:
            self.app.sound.play("card")
        self._play(events)
        self.autosave()
        self._bots_may_answer(action.seat)

    def _bots_may_answer(self, acted: int) -> None:
        """Where the rules let a player act at any time, the computer considers answering
        after every move of the others, as a person at the table would."""
        bots = [s.bot if isinstance(s, BotSeat) else None for s in self.seats]
        seat = responder(self.state, bots, acted)
        if seat is not None:
            for s in self.seats:
                if isinstance(s, BotSeat):
                    s.cancel()  # whatever it was deciding waits for the answer
            self.bot_action = None
            self._apply(Action(RESPOND, seat), sound=False)

    # -- saving, undo, hints ---------------------------------------------------------------
    def autosave(self, now: bool = False) -> None:
        """Save the game at the start of every turn (or ``now``); a finished game becomes a
        replay and its save goes. A game that cannot be saved says so and plays on."""
        if not self.setup.save:
            return
        from ..system.logs import log

        store = self.app.store
        state = self.state
        try:
            if state.over:
                if self._saved_turn != -1:
                    self._saved_turn = -1
                    store.finish(self.save_path, self.match.record, self.setup.seats, state)
                    self.save_path = None
                return
            if now or state.turn != self._saved_turn:
                if self.save_path is None:
                    self.save_path = store.new_path(self.game.id)
                store.write(self.save_path, self.match.record, self.setup.seats, state)
                self._saved_turn = state.turn
        except OSError as e:
            log.warning("could not save %s: %s", self.save_path, e)
            self.say(f"The game could not be saved: {e.strerror or e}")

    def closing(self) -> None:
        """The window is closing or the player leaves the table: save where it stands."""
        for s in self.seats:
            if isinstance(s, BotSeat):
                s.cancel()
        if self.host is not None:
            self.host.close()
            self.host = None
        self.autosave(now=True)

    def undo(self) -> None:
        """Take back the near seat's last action, or say why it cannot be."""
        if self.state.over or self.curtain is not None or self.paused:
            return
        why = self.match.why_not_undo(self.near)
        if why is None and (self.timeline or self.seats[self.near].is_bot):
            why = "Wait for the table to settle"
        if why is not None:
            self.say(why)
            return
        # In words, as the seat's own menus name the action; the other seats read only that
        # an action was taken back (it may have been a card they do not see made a resource).
        taken = self.spec.words(self.view, parse(self.state, self.match.record.actions[-1]))
        self.match.undo()
        if self.walk is not None:
            self.walk.taken_back()
            self.solved = self.walk.solved(self.state)
        self._passable = None
        who = self.state.seat_names[self.near]
        self.events.append(
            Event(
                "info",
                f"{who} takes back: {taken}",
                seat=self.near,
                secret=f"{who} takes back an action",
                seen_by=frozenset({self.near}),
            )
        )
        self.timeline.clear()
        self.dice.clear()
        self.arrow = self.arrow_left = None
        self.menu = None
        self.selected.clear()
        self._log_cache = None
        self.view = self.shown_view()
        self._sync()
        self.say(f"Undone: {taken}", 2.5, theme.GOLD)

    def hint(self) -> None:
        """A puzzle's next step, in words; in a game, what the computer at its hardest
        would do in the near seat's place, worked out from that seat's own view only
        (shown, never played)."""
        if self.walk is None:
            self._ask_hint()
            return
        if self.walk.solved(self.state):
            self.say("Solved: nothing more to find here.", 4.0, theme.GOLD)
            return
        found = self.walk.suggestion(self.state)
        if found is None:  # the player's own way: the computer looks from where it stands
            self.say(
                "The walk-through no longer applies from here (Ctrl+Z takes you back "
                "to it): asking the computer.",
                4.0,
                theme.GOLD,
            )
            self._ask_hint()
            return
        step, action = found
        words = self.spec.words(self.view, action)
        self.say(f"{words}. {step.say}" if step.say else words, 8.0, theme.GOLD)
        self.hinted = ((*action.cards, *action.targets), 6.0)
        self.dirty = True

    def _ask_hint(self) -> None:
        if self.state.over or self.curtain is not None or self.paused or self.hinting:
            return
        if not self.human_to_act():
            self.say("A hint is for your own decisions: wait until you are to act.")
            return
        if self.host is None:
            self.host = self._new_host()
            if self.host is None:
                self.say("Hints need the computer player, which could not be started here.")
                return
        if any(isinstance(s, BotSeat) and s.asked for s in self.seats):
            self.say("The computer is thinking; ask again in a moment.")
            return
        try:
            self.host.sync(self.match.record.actions)
            self.host.ask(self.near)
        except HostFailed as e:
            self._host_failed(e)
            return
        self.hinting = True
        self.say("Thinking about your move...", 3.0, theme.GOLD)

    def _host_failed(self, error: Exception) -> None:
        """The worker processes stopped (or their bot failed): the computer players think
        in this process from now on, and the game goes on."""
        from ..system.logs import log

        log.warning("computer player's worker processes: %s", error)
        for seat in self.seats:
            if isinstance(seat, BotSeat) and seat.host is not None:
                seat.cancel()
                seat.host = None
        if self.host is not None:
            self.host.close()
            self.host = None
        self.hinting = False
        self.say("The computer player's helper process stopped; it now thinks here.")

    def _hint_ready(self) -> None:
        """Show the hint once it has been worked out (and if it is still about now)."""
        assert self.host is not None
        try:
            action = self.host.answer(self.state)
        except HostFailed as e:
            self._host_failed(e)
            return
        if action is None:
            return
        self.hinting = False
        if to_act(self.state) != self.near:
            return
        label = self.spec.words(self.view, action)
        self.say(f"The computer would: {label}", 6.0, theme.GOLD)
        self.hinted = ((*action.cards, *action.targets), 6.0)
        if action.cards and action.targets:
            self._point(action.cards[0], action.targets[0], 6.0)
        self.dirty = True

    def _play(self, events: list[Event]) -> None:
        """Animate what happened; the new view is shown once the dice have landed."""
        new_view = self.shown_view()
        t = 0.0
        rolled = False
        phases = self.game.phases
        for e in events:
            if not e.shown_to(self.near):
                continue  # something this seat does not learn of
            if e.kind == "phase" and phases[e.value[0]].auto and phases[e.value[0]].in_turn:
                self._at(t, lambda name=e.value[0]: self._light(name))
                t += 0 if self.quick else 0.35
            elif e.kind == "attack" and len(e.cards) >= 2:
                # An attack's event names its attackers, then what they attack.
                self._point(e.cards[0], e.cards[-1], None)
                self.dice = [d for d in self.dice if not d.landed]
            elif e.kind == "turn" and not rolled and e.cards:
                sprite = self.sprites.get(e.cards[0])
                if sprite is not None:
                    sprite.tangle = 90.0
            elif e.kind in ("roll", "coin"):
                rolled = True
                self._at(t, lambda: self.app.sound.play("die"))
                if e.kind == "roll":
                    self._add_die(e, t)
                else:
                    self._add_coin(e, t)
                t += 0 if self.quick else ROLL_SECONDS + 0.2
            elif e.kind == "outcome":
                self._at(t, lambda e=e: self._outcome(e))
            elif e.kind == "flip" and e.cards and not self.quick:
                self._at(t, lambda cid=e.cards[0]: self.flips.__setitem__(cid, self.clock))
                t += FLIP_SECONDS
            elif e.kind == "damage" and e.cards:
                self._at(t, lambda e=e: self._damage(e))
                if e.value and e.value[0] > 0 and not self.quick:
                    t += DAMAGE_BEAT  # the next blow once this one has been seen
        self._at(t, lambda: self._show(new_view))

    def _show(self, new_view: GameState) -> None:
        self.view = new_view
        self.phase_lit = None
        self._sync()

    def _light(self, phase: str) -> None:
        self.phase_lit = phase
        self.dirty = True

    def legal(self) -> list[Action]:
        """What the person at the table may do now (computed once per move of the game)."""
        if not self.human_to_act():
            return []
        key = len(self.match.record.actions)
        if self._legal is None or self._legal[0] != key:
            self._legal = (key, legal_actions(self.state))
        return self._legal[1]

    def actions_for(self, cid: int) -> list[Action]:
        """The legal actions that take ``cid`` as their subject."""
        return [a for a in self.legal() if a.cards and a.cards[0] == cid]

    def handles(self, cid: int) -> bool:
        """Whether the near seat may take up card ``cid``: its own, or another's that one of
        its legal actions moves (a team-mate's creature it sends to defend, say)."""
        if self.view.cards[cid].owner == self.near:
            return True
        return self.human_to_act() and bool(self.actions_for(cid))

    def _at(self, delay: float, fn: Callable[[], None]) -> None:
        if delay <= 0 and not self.timeline:
            fn()
        else:
            self.timeline.append((self.clock + delay, fn))

    def _add_die(self, e: Event, delay: float) -> None:
        which, face, total = e.value
        size = self.layout.px(44)
        anchor = (e.cards[0] if e.cards else None, e.seat)
        die = DieRoll(
            face,
            self._die_pos(anchor, size),
            size,
            self.spec.icon_face,
            label=str(total),
            delay=delay,
            seed=len(self.events),
            anchor=anchor,
        )
        if self.quick:
            die.t = ROLL_SECONDS
        if which == "initiative":
            die.hold = 3.0
        else:
            die.hold = 60.0  # an attack's dice stay until its outcome
        self.dice.append(die)

    def _die_pos(self, anchor: tuple[int | None, int | None], size: int) -> tuple[int, int]:
        """Where a die rolled for a card lies: beside the card's place, on the first side
        where it and its total cover no other card (right, left, below, above); a die of no
        card, beside its seat's status plate. Asked again when the board turns or resizes,
        so dice stay with their cards."""
        lay = self.layout
        cid, seat = anchor
        sprite = self.sprites.get(cid) if cid is not None else None
        if sprite is None:
            (sx, sy), _ = lay.plates.get(seat, lay.plates[lay.near])
            return (min(sx + lay.px(300), lay.play.right - size * 2), sy + lay.px(20))
        r = sprite.rect()
        r.center = (round(sprite.target[0]), round(sprite.target[1]))  # its place
        gap = size // 2 + lay.px(8)
        spots = [
            (r.right + gap, r.centery),
            (r.left - gap - size, r.centery),
            (r.centerx, r.bottom + gap),
            (r.centerx, r.top - gap),
        ]
        others = [o.rect() for o in self.sprites.values() if o is not sprite and not o.moving]
        bar = lay.bar
        for x, y in spots:
            box = pygame.Rect(0, 0, size * 2 + lay.px(12), size).move(x - size // 2, y - size // 2)
            if lay.play.contains(box) and not box.colliderect(bar) and box.collidelist(others) < 0:
                return (x, y)
        return (min(spots[0][0], lay.play.right - size * 2), spots[0][1])

    def _place_dice(self) -> None:
        """Dice follow their cards when the board turns to the other seat or resizes."""
        for die in self.dice:
            if isinstance(die, DieRoll) and die.anchor is not None:
                die.pos = self._die_pos(die.anchor, die.size)

    def _add_coin(self, e: Event, delay: float) -> None:
        bar = self.layout.bar
        size = self.layout.px(48)
        words = e.text.split(": ", 1)[-1]
        coin = CoinFlip(
            e.value[1], (bar.left + round(bar.width * 0.45), bar.centery - size), size, words, delay
        )
        if self.quick:
            coin.t = ROLL_SECONDS
        self.dice.append(coin)

    def _outcome(self, e: Event) -> None:
        words = e.text.split(":")[0]
        color = theme.GOLD if e.value[0] == "hit" else theme.INK_DIM
        # On the bar, between the phase names and the buttons, as large as fits there.
        lay = self.layout
        free = self.bar_layout().free
        size = lay.px(26)
        while size > lay.px(15) and theme.font(size, "title").size(words)[0] + size > free.width:
            size -= 1
        at = free.center
        if theme.font(size, "title").size(words)[0] + size > free.width:
            # No room on the bar (its buttons and phases fill it): a place of its own over
            # the board, just above the bar or below it or mid-board, clear of the bar and
            # of the seats' plates.
            size = lay.px(22)
            w, h = theme.font(size, "title").size(words)
            box = pygame.Rect(0, 0, w + size, h + size // 2)
            gap = lay.px(3) + box.height // 2
            solid = [lay.bar, lay.log, lay.zoom, *self.plates.values()]
            window = pygame.Rect(0, 0, *lay.size)
            at = (lay.play.centerx, lay.bar.top - gap)
            for dy in range(0, lay.play.height, lay.px(4)):  # the nearest clear place
                above = (lay.play.centerx, lay.bar.top - gap - dy)
                below = (lay.play.centerx, lay.bar.bottom + gap + dy)
                clear = []
                for p in (above, below):
                    box.center = p
                    if window.contains(box) and box.collidelist(solid) < 0:
                        clear.append(p)
                if clear:
                    at = clear[0]
                    break
        self.flashes = [f for f in self.flashes if f.rise]  # one outcome at a time
        self.flashes.append(Flash(words, at, color, size, 2.2))
        for d in self.dice:
            d.hold = min(d.hold, max(0.0, d.t - ROLL_SECONDS) + 2.0)
        self.arrow_left = 2.0

    def _damage(self, e: Event) -> None:
        sprite = self.sprites.get(e.cards[0])
        if sprite is None or not e.value or e.value[0] <= 0:
            return
        self.app.sound.play("hit")
        r = sprite.rect()
        self.flashes.append(
            Flash(
                f"-{e.value[0]}",
                r.center,
                theme.DANGER,
                self.layout.px(28),
                1.4,
                rise=self.layout.px(40),
            )
        )

    # -- time ----------------------------------------------------------------------------
    def busy(self) -> bool:
        if (
            self.timeline
            or self.dice
            or self.flashes
            or self.toast
            or self.arrow_left is not None
            or self.over_wait is not None
            or self.flips
        ):
            return True
        if any(s.moving for s in self.sprites.values()):
            return True
        seat = to_act(self.state)
        return seat is not None and self.seats[seat].is_bot and not self.paused

    def update(self, dt: float) -> None:
        # Animations run at the player's speed; with animation off, cards snap to their
        # places and dice show their faces at once, but results stay up as long as usual.
        anim = dt * (self.speed if not self.quick else 1.0)
        self.clock += anim
        if self.timeline:
            due = [item for item in self.timeline if item[0] <= self.clock]
            if due:
                self.timeline = [item for item in self.timeline if item[0] > self.clock]
                for _, fn in sorted(due, key=lambda item: item[0]):
                    fn()
            self.dirty = True
        held = self.drag[0] if self.drag else None
        for sprite in self.sprites.values():
            if sprite.moving and sprite.cid != held:
                sprite.update(1.0 if self.quick else anim)
                self.dirty = True
        if self.dice:
            for d in self.dice:
                d.update(anim)
            self.dice = [d for d in self.dice if not d.finished]
            self.dirty = True
        if self.flips:
            self.flips = {c: t for c, t in self.flips.items() if self.clock - t < FLIP_SECONDS}
            self.dirty = True
        if self.flashes:
            for f in self.flashes:
                f.age += anim
            self.flashes = [f for f in self.flashes if f.age < f.ttl]
            self.dirty = True
        if (
            self.arrow is not None
            and self.arrow_left is None
            and not self.state.prompts
            and not self.timeline
        ):
            self.arrow_left = 2.0  # the attack is over (nobody is asked about it): fade out
        if self.arrow_left is not None:
            self.arrow_left -= anim
            if self.arrow_left <= 0:
                self.arrow = self.arrow_left = None
            self.dirty = True
        if self.toast is not None:
            words, left, color = self.toast
            self.toast = (words, left - dt, color) if left - dt > 0 else None
            self.dirty = True
        if self.refused is not None:
            card, left = self.refused
            self.refused = (card, left - dt) if left - dt > 0 else None
            self.dirty = True
        if self.hinted is not None:
            cards, left = self.hinted
            self.hinted = (cards, left - dt) if left - dt > 0 else None
            self.dirty = True
        if self.hinting:
            self._hint_ready()
        if self.bot_wait > 0:
            self.bot_wait -= dt
        if self.paused or self.timeline or not self.driving:
            return
        if self.state.over:
            self._finish(dt)
            return
        seat = to_act(self.state)
        occupant = self.seats[seat]
        if isinstance(occupant, BotSeat):
            self._bot_turn(occupant, seat)
            if self.timeline or self.state.over:
                return
            seat = to_act(self.state)  # a person asked by the bot's move: passed at once?
            if self.seats[seat].is_bot:
                return
        if self._pass_for(seat):
            return
        if seat != self.near and self.curtain is None:
            if not self.hotseat:
                self._set_near(seat)
            elif not self._holding():
                self._hand_over(seat)

    def _pass_for(self, seat: int) -> bool:
        """Pass at once, for a person, a window in which passing is all it may do: always
        against the computer (which never sees the screen), and in hot-seat when the players
        chose speed over privacy (the other player can then tell when you could answer)."""
        prompt = self.state.top_prompt
        if prompt is None or prompt.name == self.game.respond_window:
            return False  # a player who asked to answer is shown its hand, whatever it holds
        if self.hotseat and not self.app.settings.answer_only_when_able:
            return False
        if self._passable is None:  # worked out once per move, not per frame
            self._passable = [a.kind for a in legal_actions(self.state)] == [PASS]
        if not self._passable:
            return False
        self._apply(Action(PASS, seat), sound=False)
        return True

    def _holding(self) -> bool:
        """The last move's result is still playing out or being read (a roll landing, a hit
        shown): the hot-seat curtain waits for it, so both players see how it went."""
        if self.instant:
            return False
        if self.clock - self.acted_at < HANDOVER:
            return True
        return any(not d.landed for d in self.dice) or bool(self.flashes)

    def _hand_over(self, seat: int) -> None:
        """Cover the screen for the next player (hot-seat)."""
        self.seen_upto[self.near] = len(self.events)
        self.curtain = seat
        self.menu = None
        self.drag = self.press = None
        self.dirty = True

    def _lift_curtain(self) -> None:
        """The player the curtain named takes the screen: its own view, what happened while
        it was away marked in the log, and the last result shown again."""
        seat, self.curtain = self.curtain, None
        assert seat is not None
        self._set_near(seat)
        self.since = self.seen_upto.get(seat)
        self.log_scroll = 0
        if self.since is not None:
            outcomes = [
                e for e in self.events[self.since :] if e.kind == "outcome" and e.shown_to(seat)
            ]
            if outcomes:
                self._outcome(outcomes[-1])

    def _bot_turn(self, bot: BotSeat, seat: int) -> None:
        """A bot thinks as soon as it is to act; its decision is played once the table has
        settled and its pace since the last move has passed, so how long it thought (how
        many choices its hidden cards gave it) does not show."""
        if self.bot_action is None:
            try:
                if not bot.thinking:
                    bot.start(self.match, seat)
                    self.dirty = True
                    if self.bot_wait <= 0 and not self.instant:
                        self.bot_wait = BOT_PACE / max(1.0, self.speed)
                self.bot_action = bot.result(self.state)
            except HostFailed as e:
                self._host_failed(e)
                return
            if self.bot_action is None:
                return
        if self.bot_wait > 0 or (any(s.moving for s in self.sprites.values()) and not self.quick):
            return
        action, self.bot_action = self.bot_action, None
        self._apply(action)
        # Readable at every speed: a bot's moves never run faster than a person's.
        self.bot_wait = 0.0 if self.instant else BOT_PACE / max(1.0, self.speed)

    def _finish(self, dt: float) -> None:
        if self.over_wait is None:
            self.over_wait = 0.0 if self.instant else 1.4
        self.over_wait -= dt
        if self.over_wait <= 0 and self.on_over is not None:
            callback, self.on_over = self.on_over, None
            callback(self)

    def settle(self) -> None:
        """Finish every animation at once: sprites at their places, timeline run."""
        while self.timeline:
            self.clock = max(t for t, _ in self.timeline)
            self.update(0.0)
        for sprite in self.sprites.values():
            sprite.x, sprite.y = sprite.target
            sprite.angle = sprite.tangle
        self.flashes = [f for f in self.flashes if not f.rise]  # damage floats are done
        if not self.state.prompts:
            self.arrow = self.arrow_left = None
        self.dirty = True

    def step_instant(self) -> None:
        """Advance a bot-only table by one decision with no animation (screenshots, tests)."""
        self.update(0.0)
        for seat in self.seats:
            if isinstance(seat, BotSeat) and seat.thinking:
                try:
                    self.bot_action = seat.wait(self.state) or self.bot_action
                except HostFailed as e:
                    self._host_failed(e)
        self.update(0.0)

    # -- input -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        pos = self.app.input.pos
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if self.paused:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                click(self._pause_buttons(), event.pos)
            return
        if self.curtain is not None:  # the curtain takes every press until it is lifted
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self._lift_curtain()
            return
        if event.type == pygame.MOUSEMOTION:
            self._motion(pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                self._left_down(event.pos)
            elif event.button == 3:
                self._right_down(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self._release(event.pos, event.button)
        elif event.type == pygame.MOUSEWHEEL and self.layout.log.collidepoint(pos):
            self.log_scroll = max(0, self.log_scroll + event.y * 3)
            self.dirty = True

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            if self.confirm == "end":  # not ending after all: back to the table
                self._resume()
            elif self.confirm is not None:
                self.confirm = None
            elif self.menu is not None:
                self.menu = None
            elif self.drag is not None:
                self.drag = self.press = None
                self._sync()
            else:
                self.paused = not self.paused
            self.dirty = True
        elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
        elif event.key == pygame.K_h and self.curtain is None:
            self.hint()
        elif event.key in KEYS and not self.paused and self.curtain is None:
            for button in self._keyed():
                if button.key == KEYS[event.key] and button.enabled:
                    button.on_click()
                    return

    def _motion(self, pos: tuple[int, int]) -> None:
        if self.press is not None and self.drag is None:
            cid, start, alt = self.press
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) >= DRAG_START:
                sprite = self.sprites.get(cid)
                if sprite is not None and self.human_to_act():
                    self.drag = (cid, (round(sprite.x) - start[0], round(sprite.y) - start[1]), alt)
                    self.drag_targets = self.drop_targets(cid)
                    self.menu = None
        if self.drag is not None:
            cid, (ox, oy), _ = self.drag
            sprite = self.sprites[cid]
            sprite.x, sprite.y = pos[0] + ox, pos[1] + oy  # its target stays home
            self.dirty = True
        hover = self.card_at(pos, skip=self.drag[0] if self.drag else None)
        if hover != self.hover:
            self.hover = hover
            if hover is not None and (self.sprites[hover].face_up or self.sprites[hover].marked):
                self.zoomed = self.view.cards[hover].card
                self.zoomed_id = hover
            self.dirty = True
        if self.menu is not None:
            self.dirty = True
            i = self.menu.item_at(pos)
            named = self.option_card(i) if i is not None else None
            if named is not None:  # the card an option names, read in the zoom
                self.zoomed, self.zoomed_id = self.view.cards[named].card, named
        for button in self._buttons():
            if button.rect.collidepoint(pos):
                self.dirty = True

    def drop_targets(self, cid: int) -> tuple[set[int], set]:
        """The cards and zones a drag of ``cid`` may end on to do something legal (lit while
        it is dragged)."""
        cards, zones = set(), set()
        for action in self.actions_for(cid):
            if action.targets:
                cards.add(action.targets[0])
            else:
                dest = self.spec.destination(self.view, action)
                if dest is not None:
                    zones.add(dest)
        return cards, zones

    def _left_down(self, pos: tuple[int, int]) -> None:
        if self.menu is not None:
            if not self.menu.click(pos):
                self.menu = None
            self.dirty = True
            return
        if click(self._buttons(), pos):
            self.dirty = True
            return
        if self.log_jump is not None and self.log_jump.collidepoint(pos):
            self.log_scroll = self.log_unread = 0  # back to the newest lines
            self.dirty = True
            return
        cid = self.card_at(pos)
        if cid is not None and self.handles(cid):
            self.press = (cid, pos, self.app.input.shift)

    def _right_down(self, pos: tuple[int, int]) -> None:
        """The right button: a menu on release, or, dragged, the other way of a drop (a
        card placed face down)."""
        self.menu = None
        cid = self.card_at(pos)
        if cid is not None and self.handles(cid) and self.human_to_act():
            self.press = (cid, pos, True)
        else:
            self._right_click(pos)

    def _release(self, pos: tuple[int, int], button: int) -> None:
        press, drag = self.press, self.drag
        self.press = self.drag = None
        self.drag_targets = (set(), set())
        if drag is not None:
            self._drop(drag[0], pos, drag[2])
        elif press is not None and button == 3:
            self._right_click(press[1])
        elif press is not None and self.card_at(pos) == press[0]:
            self._click(press[0])
        self.dirty = True

    def _drop(self, cid: int, pos: tuple[int, int], alt: bool = False) -> None:
        meaning = self.drop_meaning(cid, pos, alt)
        if meaning.action is not None:
            self.attempt(meaning.action)
            return
        self._sync()
        if meaning.offer:
            self._offer(meaning.offer, pos)
        elif meaning.words:
            self.say(meaning.words)

    def drop_meaning(self, cid: int, pos: tuple[int, int], alt: bool = False) -> Meaning:
        """What dropping ``cid`` at ``pos`` means now (``alt``: dragged with the right button
        or Shift held): a drop onto a card means an action on it, else onto the zone under
        the mouse."""
        if not self.human_to_act():
            return Meaning()
        target = self.card_at(pos, skip=cid)
        zone = None
        if target is not None:
            zone = self.view.cards[target].zone
        else:
            for placed in self.layout.placed:
                if placed.rect.collidepoint(pos):
                    zone = placed.key
                    break
        sel = self.spec.selection(self.view, self.near)
        if (
            sel is not None
            and sel.target
            and target is not None
            and self.view.cards[cid].zone in self._marking(sel)
        ):
            chosen = (
                (cid, *(c for c in self._marked(sel) if c != cid))
                if sel.lead
                else self._marked(sel, cid)
            )
            return Meaning(make(self.state, sel.kind, self.near, chosen, (target,)))
        actions = self.actions_for(cid)
        matches = [a for a in actions if target is not None and a.targets == (target,)]
        if not matches and zone is not None:
            matches = [
                a for a in actions if not a.targets and self.spec.destination(self.view, a) == zone
            ]
        if len(matches) == 1:
            return Meaning(self._real(matches[0]))
        if len(matches) > 1:
            chosen = self.spec.pick(self.view, matches, alt)
            if chosen is not None:
                return Meaning(self._real(chosen))
            return Meaning(offer=matches)
        intent = self.spec.intent(self.view, self.near, cid, target, zone)
        if intent is not None:
            return Meaning(self._real(intent))
        name = self.view.cards[cid].card.name
        return Meaning(
            words=f"Drop {name} on a highlighted place"
            if actions
            else f"There is nothing to do with {name} now"
        )

    def _click(self, cid: int) -> None:
        meaning = self.click_meaning(cid)
        if meaning.mark:
            self.selected ^= {cid}
            self.dirty = True
        elif meaning.action is not None:
            self.attempt(meaning.action)
        elif meaning.offer:
            self._offer(meaning.offer, self.app.input.pos)
        elif meaning.words:
            self.say(meaning.words)

    def click_meaning(self, cid: int) -> Meaning:
        """What a click on ``cid`` means now: only the cards the near seat handles take
        clicks."""
        if not self.human_to_act() or not self.handles(cid):
            return Meaning()
        sel = self.spec.selection(self.view, self.near)
        if sel is not None and self.view.cards[cid].zone in self._marking(sel):
            return Meaning(mark=True)
        actions = [
            a for a in self.actions_for(cid) if a.kind in self.spec.click_kinds and not a.targets
        ]
        if len(actions) == 1 and actions[0].kind not in self.spec.confirm_kinds:
            return Meaning(self._real(actions[0]))
        if actions:  # several, or one that spends for good: a menu, a second click confirms
            return Meaning(offer=actions)
        intent = self.spec.intent(self.view, self.near, cid, None, None)
        if intent is not None:
            return Meaning(self._real(intent))
        name = self.view.cards[cid].card.name
        if self.actions_for(cid):
            return Meaning(words=f"Drag {name} onto a target, or right-click it for its actions")
        # Nothing it can do: say so, with what the phase does let the seat do.
        now = sel.prompt if sel is not None else self.spec.prompt(self.view, self.near)
        return Meaning(words=f"{name} has nothing to do now." + (f" {now}" if now else ""))

    def _right_click(self, pos: tuple[int, int]) -> None:
        cid = self.card_at(pos)
        self.menu = None
        if cid is None:
            return
        card = self.view.cards[cid].card
        actions = self.actions_for(cid)
        manual = self.spec.manual_actions(self.view, self.near, cid) if self.human_to_act() else []
        title = card.name if card is not HIDDEN else "A hidden card"
        if actions or manual:
            self._offer(actions, pos, title, manual)
        else:
            self.menu = Menu(
                pos,
                [("Nothing to do with this card now", None)],
                self.layout.play,
                self.layout.px(14),
                title,
            )
            self.offered = [None]
        self.dirty = True

    def _offer(
        self,
        actions: Sequence[Action],
        pos: tuple[int, int],
        title: str = "",
        manual: Sequence[Action] = (),
    ) -> None:
        """A menu of ``actions``; then, under a "By hand" heading, the ``manual`` ones (the
        player's own corrections, which the rules do not check)."""
        rows: list[Action | None] = list(actions)
        if manual:
            rows += [None, *manual]
        items: list[tuple[str, Callable[[], object] | None]] = [
            (MANUAL_HEADING, None)
            if a is None
            else (self.spec.words(self.view, a), (lambda a=a: self.attempt(self._real(a))))
            for a in rows
        ]
        self.menu = Menu(pos, items, self.layout.play, self.layout.px(14), title)
        self.offered = rows
        self.dirty = True

    def option_card(self, i: int) -> int | None:
        """The card the menu's option ``i`` names (what sets it apart from the others: the
        city to found, the card to take from a search), when the near seat may read it."""
        if not 0 <= i < len(self.offered) or self.offered[i] is None:
            return None
        options = [a for a in self.offered if a is not None]
        action = self.offered[i]
        shared = set.intersection(*({*a.cards, *a.targets} for a in options))
        for cid in (*action.cards, *action.targets):
            if cid not in shared or len(options) == 1:
                inst = self.view.cards.get(cid)
                return cid if inst is not None and inst.card is not HIDDEN else None
        return None

    def _marking(self, sel) -> set:
        """The near seat's zones whose cards a selection marks."""
        return {(self.near, z) for z in sel.zones}

    def _marked(self, sel, also: int | None = None) -> tuple[int, ...]:
        """The marked cards (and ``also``), in the order they lie."""
        return tuple(
            c
            for z in sel.zones
            for c in self.state.zones[(self.near, z)]
            if c in self.selected or c == also
        )

    def _real(self, action: Action) -> Action:
        """The same action, named as the real state names its cards (views hide names)."""
        return make(
            self.state, action.kind, action.seat, action.cards, action.targets, action.words
        )

    def card_at(self, pos: tuple[int, int], skip: int | None = None) -> int | None:
        best = None
        for sprite in self.sprites.values():
            if (
                sprite.cid != skip
                and sprite.rect().collidepoint(pos)
                and (best is None or sprite.z > best.z)
            ):
                best = sprite
        return best.cid if best else None

    # -- buttons -----------------------------------------------------------------------
    def _buttons(self) -> list[Button]:
        return [b.button for b in self.bar()]

    def _keyed(self) -> list[Button]:
        """Every button of the bar a key may press: those shown, and those in its More menu."""
        return [b.button for entry in self.bar() for b in (entry, *entry.more)]

    def bar(self) -> list[BarButton]:
        """The buttons of the bar, right to left, each with what a click on it does."""
        wanted: list[tuple[str, Callable | None, str, Action | None, Sequence[Action]]] = []

        def add(
            label: str,
            fn,
            key: str = "",
            action: Action | None = None,
            options: Sequence[Action] = (),
        ) -> None:
            wanted.append((label, fn, key, action, options))

        def sends(label: str, action: Action | None, key: str = "") -> None:
            """A button that sends ``action`` (disabled when there is none)."""
            add(
                label,
                (lambda: self.attempt(self._real(action))) if action is not None else None,
                key,
                action,
            )

        def ends() -> None:
            """Ending the phase: asked first when it would leave points unspent."""
            action = make(self.state, END, self.near)
            add(self.spec.end_label(self.view), lambda: self._end(action), "Space", action)

        responders = self._responders()
        if len(responders) > 1 and len(self.seats) > 2:
            # three or four at one screen: one button, a menu of who answers
            answers = [Action(RESPOND, seat) for seat in responders]
            add("Respond", lambda: self._offer_responders(answers), "R", options=answers)
        else:
            for seat in responders:
                label = (
                    "Respond"
                    if not self._hotseat_humans()
                    else f"Respond ({self.state.seat_names[seat]})"
                )
                add(label, lambda seat=seat: self._respond(seat), "R", Action(RESPOND, seat))
        if not self.human_to_act():
            return self._bar_strip(wanted)
        kinds = {a.kind for a in self.legal()}
        sel = self.spec.selection(self.view, self.near)
        if self.state.prompts and PASS in kinds:
            sends(self.spec.pass_label(self.view), make(self.state, PASS, self.near), "Space")
        elif sel is not None:
            chosen = self._marked(sel)
            sends(
                sel.label.format(n=len(chosen), s="" if len(chosen) == 1 else "s"),
                make(self.state, sel.kind, self.near, chosen)
                if chosen and not sel.target
                else None,
            )
            if sel.target and END in kinds:  # the marked cards are optional then
                ends()
        elif END in kinds:
            ends()
        for b in self.spec.buttons(self.view, self.near):
            if b.options:
                add(
                    b.label,
                    lambda o=b.options: self._offer(o, self.app.input.pos),
                    b.key,
                    options=b.options,
                )
                continue
            sends(b.label, b.action, b.key)
        if self.state.active == self.near and self.state.turn > 0:
            # Offered all through the seat's own turn; when it cannot, a press says why.
            add("Undo", self.undo, "Ctrl+Z")
        add("Hint", self.hint, "H")
        return self._bar_strip(wanted)

    def _bar_room(self) -> int:
        """The width the bar's buttons may take: all of the bar but its title, the phases at
        their smallest (the lit one named, the others as dots) and the "is thinking" words."""
        lay = self.layout
        bar = lay.bar
        title = self._bar_title_rect()
        _, right = self._pills(title.right + lay.px(12), 12, 8, True)
        seat = to_act(self.state)
        if seat is not None and self.seats[seat].is_bot:
            right += theme.width(f"{self.known_as(seat)} is thinking...", lay.px(13)) + lay.px(10)
        return bar.right - lay.px(6) - (right + lay.px(10))

    def _bar_strip(self, wanted) -> list[BarButton]:
        """The bar's buttons, right to left, each as wide as its words: their own strip,
        never over the title or the phases. Where they do not fit, the font shrinks, then
        the keys' hints go (the keys still work), then the last buttons (Hint and Undo
        first, which have keys of their own) move to a "More" menu, the first (ending the
        phase, passing) staying on the bar."""
        lay = self.layout
        room = self._bar_room()
        gap = lay.px(8)

        def widths(labels: Sequence[str], size: int) -> list[int]:
            return [max(lay.px(84), theme.width(t, size, "bold") + lay.px(28)) for t in labels]

        def fits(labels: Sequence[str]) -> int | None:
            for size in (14, 13, 12, 11):
                if sum(widths(labels, lay.px(size))) + gap * len(labels) <= room:
                    return lay.px(size)
            return None

        keyed = [label + (f"  [{key}]" if key else "") for label, _, key, _, _ in wanted]
        bare = [label for label, *_ in wanted]
        for labels, keys in ((keyed, True), (bare, False)):
            size = fits(labels)
            if size is not None:
                return self._bar_place(wanted, labels, size, keys)
        for shown in range(len(wanted) - 1, 0, -1):
            labels = [*bare[:shown], MORE]
            size = fits(labels)
            if size is not None or shown == 1:
                return self._bar_place(
                    wanted[:shown], labels, size or lay.px(11), False, wanted[shown:]
                )
        return self._bar_place(wanted, bare, lay.px(11), False)

    def _bar_place(
        self, wanted, labels: Sequence[str], size: int, keys: bool, more=()
    ) -> list[BarButton]:
        """The buttons laid right to left at ``size``, their keys' hints shown or not, and
        a "More" button for the ``more`` left off the bar (its menu holds them)."""
        lay = self.layout
        bar = lay.bar
        h = bar.height - lay.px(8)
        x = bar.right - lay.px(6)
        out: list[BarButton] = []
        rows = list(wanted)
        if more:
            rows.append((MORE, lambda: self._offer_more(more), "", None, ()))
        for (label, fn, key, action, options), text in zip(rows, labels, strict=True):
            width = max(lay.px(84), theme.width(text, size, "bold") + lay.px(28))
            x -= width
            rect = pygame.Rect(x, bar.top + lay.px(4), width, h)
            button = Button(rect, label, fn, key, hint=keys)
            if label == MORE:
                # What the menu holds, for a reader of the bar (a key, the monkey): the
                # actions of its rows, and its buttons with their keys, placed nowhere.
                options = [a for _, _, _, a, _ in more if a is not None]
                hidden = [
                    BarButton(Button(pygame.Rect(rect.center, (0, 0)), m[0], m[1], m[2]), m[3])
                    for m in more
                ]
                out.append(BarButton(button, None, options, size, hidden))
            else:
                out.append(BarButton(button, action, options, size))
            x -= lay.px(8)
        return out

    def _offer_more(self, more) -> None:
        """The menu of the buttons the bar had no room for, with their keys."""
        items = [(label + (f"  [{key}]" if key else ""), fn) for label, fn, key, _, _ in more]
        pos = self.app.input.pos
        self.menu = Menu(pos, items, self.layout.play, self.layout.px(14))
        self.offered = [action for _, _, _, action, _ in more]
        self.dirty = True

    def _responders(self) -> list[int]:
        """The people at this screen who may interrupt now, as the rules let them: the
        Respond button is theirs. Whether a seat may is public (the phase, an open window),
        so the button shows the same whatever that seat holds."""
        if self.paused or self.curtain is not None or not self.driving or self.state.over:
            return []
        seats = [a.seat for a in responses(self.state) if not self.seats[a.seat].is_bot]
        return seats if self._hotseat_humans() else [s for s in seats if s == self.near]

    def _offer_responders(self, answers: Sequence[Action]) -> None:
        """A menu of the people who may answer now, each by name."""
        items: list[tuple[str, Callable[[], object] | None]] = [
            (f"{self.state.seat_names[a.seat]} responds", lambda s=a.seat: self._respond(s))
            for a in answers
        ]
        pos = self.app.input.pos
        self.menu = Menu(pos, items, self.layout.play, self.layout.px(14), "Who answers?")
        self.offered = list(answers)
        self.dirty = True

    def _respond(self, seat: int) -> None:
        """A person interrupts: its answer window opens (behind the curtain, in hot-seat)."""
        self.attempt(Action(RESPOND, seat))

    def _end(self, action: Action) -> None:
        """End the phase; first ask, when that leaves points unspent that could still buy
        something (unless Settings turned the question off)."""
        waste = (
            self.spec.unspent(self.view, self.near, self.legal())
            if self.app.settings.ask_unspent
            else None
        )
        if waste is None:
            self.attempt(self._real(action))
            return
        self.ending = (action, waste)
        self.paused = True
        self._ask("end")

    def _end_anyway(self) -> None:
        action = self.ending[0] if self.ending is not None else None
        self._resume()
        if action is not None:
            self.attempt(self._real(action))

    def _pause_items(self) -> list[tuple[str, Callable[[], object] | None]]:
        """The menu's choices, or the two answers to the question it asks."""
        if self.confirm == "end":
            return [
                (f"Yes, {self.spec.end_label(self.view)}", self._end_anyway),
                ("No, keep playing", self._resume),
            ]
        if self.confirm == "concede":
            return [
                (f"Yes, {self.state.seat_names[self._conceder()]} concedes", self._concede),
                ("No, play on", self._unconfirm),
            ]
        if self.confirm == "quit":
            return [("Yes, quit to the title", self._quit), ("No, play on", self._unconfirm)]
        concede = (
            "Concede"
            if not self._hotseat_humans()
            else f"Concede ({self.state.seat_names[self._conceder()]})"
        )
        return [
            ("Resume", self._resume),
            ("Settings", self._settings),
            (concede, None if self.state.over else lambda: self._ask("concede")),
            ("Quit to title", lambda: self._ask("quit")),
        ]

    def _pause_top(self) -> int:
        """Where the menu's first button sits below its panel's top (below the title, and
        the question when one is asked)."""
        return self.layout.px(70 if self.confirm is None else 130)

    def _pause_buttons(self) -> list[Button]:
        items = self._pause_items()
        box = self._pause_box(len(items))
        bh, step = self.layout.px(44), self.layout.px(56)
        out = []
        for i, (label, fn) in enumerate(items):
            r = pygame.Rect(0, 0, box.width - self.layout.px(60), bh)
            r.midtop = (box.centerx, box.top + self._pause_top() + i * step)
            out.append(Button(r, label, fn))
        return out

    def _pause_box(self, rows: int | None = None) -> pygame.Rect:
        """The menu's panel, in the middle of the window (over the curtain too)."""
        rows = len(self._pause_items()) if rows is None else rows
        r = pygame.Rect(
            0,
            0,
            self.layout.px(380),
            self._pause_top() + rows * self.layout.px(56) + self.layout.px(18),
        )
        r.center = (self.layout.size[0] // 2, self.layout.size[1] // 2)
        return r

    def _question(self) -> str:
        if self.confirm == "end" and self.ending is not None:
            return (
                f"{self.spec.end_label(self.view)} with {self.ending[1]} unspent? "
                "(Settings can turn this question off.)"
            )
        if self.confirm == "concede":
            who = self.state.seat_names[self._conceder()]
            return f"Concede the game? {who} loses it, and the game ends now."
        saved = (
            " The game is saved: Continue on the title screen resumes it."
            if self.setup.save and not self.state.over
            else ""
        )
        return f"Leave the table?{saved}"

    def _ask(self, what: str) -> None:
        self.confirm = what
        self.dirty = True

    def _unconfirm(self) -> None:
        self.confirm = None
        self.dirty = True

    def _hotseat_humans(self) -> bool:
        return sum(not s.is_bot for s in self.seats) > 1

    def known_as(self, seat: int) -> str:
        """A seat as the person at the screen knows it: "You" and "Computer" against the
        computer; its name in hot-seat (or with several computers)."""
        humans = [i for i, s in enumerate(self.seats) if not s.is_bot]
        if len(humans) == 1:
            if seat == humans[0]:
                return "You"
            if len(self.seats) == 2:
                return "Computer"
        return self.state.seat_names[seat]

    def whose(self, seat: int) -> str:
        """The possessive of :meth:`known_as`: "Your", "Computer's", "Player 2's"."""
        name = self.known_as(seat)
        return "Your" if name == "You" else f"{name}'" if name.endswith("s") else f"{name}'s"

    def area_label(self, placed) -> str:
        """An area's label, "{whose}" in it naming the seat whose area it is."""
        label = placed.area.label
        if "{whose}" in label:
            seat = placed.key[0] if placed.key[0] is not None else self.layout.near
            label = label.replace("{whose}", self.whose(seat))
        return label

    def bar_title(self) -> str:
        """Who the phase bar names: whose turn it is, or, while another seat answers in it,
        that seat."""
        active, acting = self.view.active, to_act(self.state)
        if acting is None or acting == active:
            return self.known_as(active)
        return f"{self.known_as(acting)} to answer"

    def _conceder(self) -> int:
        """Who concedes from the menu: the person whose decision it is (the one the curtain
        names, in hot-seat), or the person at the bottom of the screen."""
        seat = to_act(self.state)
        if seat is not None and not self.seats[seat].is_bot:
            return seat
        return self.near

    def _resume(self) -> None:
        self.paused = False
        self.confirm = None
        self.ending = None
        self.dirty = True

    def _settings(self) -> None:
        from .settings_scene import SettingsScene

        self.app.go(SettingsScene(self.app, back=self._back_from_settings))

    def _back_from_settings(self) -> TableScene:
        self.speed = self.app.settings.speed
        self.resize(self.app.size)  # the text and card size may have changed
        return self

    def _concede(self) -> None:
        self.paused = False
        self.confirm = None
        seat = self._conceder()
        self.curtain = None
        for s in self.seats:
            if isinstance(s, BotSeat):
                s.cancel()
        self.timeline.clear()
        self.attempt(Action(CONCEDE, seat))

    def _quit(self) -> None:
        self.closing()
        from .scenes import TitleScene

        self.app.go(TitleScene(self.app))

    # -- drawing ---------------------------------------------------------------------
    def controls(self) -> list[pygame.Rect]:
        return [b.rect for b in self._buttons()]

    def _note(
        self,
        kind: str,
        rect: pygame.Rect,
        within: pygame.Rect | None = None,
        card: int | None = None,
    ) -> None:
        if self.drawn is not None:
            self.drawn.append(Drawn(kind, pygame.Rect(rect), within, card))

    def draw(self, surface: pygame.Surface) -> None:
        if self.drawn is not None:
            self.drawn.clear()
        if self.curtain is not None:
            self._draw_curtain(surface)
            if self.paused:  # the menu comes above everything, the curtain included
                self._draw_pause(surface)
            return
        surface.blit(self._board_surface(), (0, 0))
        self._draw_status(surface)
        self._draw_cards(surface)
        self._draw_out(surface)
        self._draw_arrow(surface)
        for d in self.dice:
            d.draw(surface)
        self._draw_bar(surface)
        self._draw_zoom(surface)
        self._draw_log(surface)
        self._draw_message(surface)
        for f in self.flashes:
            self._draw_flash(surface, f)
        if self.drag is not None:
            self._draw_sprite(surface, self.sprites[self.drag[0]], lifted=True)
        if self.menu is not None:
            self.menu.draw(surface, self.app.input.pos)
        if self.paused:
            self._draw_pause(surface)

    def _draw_out(self, surface: pygame.Surface) -> None:
        """A seat out of the game (three or four players): its areas and its plate greyed,
        the word on its plate."""
        if not self.out_order or self.state.over:
            return
        lay = self.layout
        greyed = [p.rect for p in lay.placed if p.key[0] in self.out_order]
        for rect in greyed:
            theme.panel(surface, rect, fill=(20, 22, 24), edge=None, radius=4, alpha=170)
        for sprite in self.sprites.values():  # its cards outside those areas (a card turned
            # past its area's edge, one in a place of its own), as grey
            inst = self.view.cards.get(sprite.cid)
            if inst is None or inst.zone[0] not in self.out_order:
                continue
            shade = sprite.rect()
            if not any(rect.contains(shade) for rect in greyed):
                theme.panel(surface, shade, fill=(20, 22, 24), edge=None, radius=4, alpha=170)
        for seat in self.out_order:
            plate = self.plates.get(seat)
            if plate is None:
                continue
            theme.panel(surface, plate, fill=(20, 22, 24), edge=None, radius=4, alpha=150)
            self._note("out", plate)
            # its numbers no longer count: the words in their place, under its name
            row = pygame.Rect(plate.left, plate.centery, plate.width, plate.height // 2)
            theme.panel(surface, row.inflate(-lay.px(4), -lay.px(2)), fill=(24, 28, 30), edge=None)
            theme.draw_text(
                surface,
                "Out of the game",
                (plate.left + lay.px(10), row.centery),
                lay.px(14),
                theme.DANGER,
                "bold",
                anchor="midleft",
            )

    def draw_still(self, surface: pygame.Surface) -> None:
        """The table as it lies, for the game-over screen: without the damage still floating
        up from cards that have gone."""
        floating = self.flashes
        self.flashes = [f for f in floating if not f.rise]
        try:
            self.draw(surface)
        finally:
            self.flashes = floating

    def _board_surface(self) -> pygame.Surface:
        """The felt, the halves and the area outlines: drawn once per window size."""
        if self._board is not None:
            return self._board
        lay = self.layout
        surf = pygame.Surface(lay.size).convert()
        surf.fill(theme.BG)
        pygame.draw.rect(surf, theme.FELT, lay.play)
        half = pygame.Rect(
            lay.play.left, lay.bar.bottom, lay.play.width, lay.size[1] - lay.bar.bottom
        )
        pygame.draw.rect(surf, (34, 64, 53), half)
        for placed in lay.placed:
            if placed.area.fill is not None:
                pygame.draw.rect(surf, placed.area.fill, placed.rect, border_radius=lay.px(4))
                pygame.draw.rect(surf, theme.FELT_EDGE, placed.rect, 1, border_radius=lay.px(4))
                theme.draw_text(
                    surf,
                    placed.area.label,
                    (placed.rect.left + lay.px(4), placed.rect.bottom - lay.px(2)),
                    lay.px(10),
                    (150, 160, 150),
                    anchor="bottomleft",
                )
                continue
            if placed.area.style == "row" and placed.area.size == "board":
                for r in [*placed.slots, placed.rect]:
                    pygame.draw.rect(
                        surf,
                        theme.FELT_EDGE,
                        r.inflate(lay.px(6), lay.px(6)),
                        1,
                        border_radius=lay.px(8),
                    )
            elif placed.area.style == "pile":
                pygame.draw.rect(
                    surf,
                    theme.FELT_EDGE,
                    placed.rect.inflate(lay.px(6), lay.px(6)),
                    1,
                    border_radius=lay.px(8),
                )
            if placed.area.style == "pile":  # its name, as small as it must be to fit
                room = placed.rect.width - lay.px(4)
                size = theme.fit_size(placed.area.label, room, lay.px(12))
                words = theme.draw_text(
                    surf,
                    placed.area.label,
                    placed.rect.center,
                    size,
                    theme.INK_DIM,
                    anchor="center",
                )
                self._note("pile name", words, placed.rect)
            elif "{whose}" in placed.area.label:  # whose row this is, under its cards
                theme.draw_text(
                    surf,
                    self.area_label(placed),
                    (placed.rect.right - lay.px(4), placed.rect.bottom),
                    lay.px(12),
                    (110, 140, 120),
                    anchor="bottomright",
                )
        self._board = surf
        return surf

    def _draw_status(self, surface: pygame.Surface) -> None:
        lay = self.layout
        for seat, ((x, y), room) in lay.plates.items():
            side = "near" if seat == lay.near else "far"
            # A plate as tall as the text size makes it, where the board leaves the room;
            # else smaller, its words with it (the areas keep their places).
            k = min(1.0, lay.plate_room.get(seat, lay.size[1]) / lay.px(56))

            def px(v: float, k: float = k) -> int:
                return max(1, round(lay.px(v) * k))

            active = seat == self.view.active and not self.state.over
            items = self.spec.status(self.view, seat)
            title = self.spec.seat_title(self.view, seat)
            # The words as large as fit the plate's width, which the layout keeps clear (a
            # plate grows only when even its first item does not fit).
            width = min(lay.status_width, room) if room else lay.status_width
            # a narrow plate (one of several opponents) may go a size smaller still
            sizes = ((18, 12), (16, 11), (14, 10), *(((12, 9),) if room else ()))
            while True:
                for value_size, label_size in sizes:
                    need = self._status_width(items, px(value_size), px(label_size), k)
                    if need <= width:
                        break
                if need <= width or len(items) < 2:
                    break
                items = items[:-1]  # the rest is on the board itself (its piles' counts)
            w = max(width, need)
            h = px(56)
            box = pygame.Rect(x, y, w, h)
            self.plates[seat] = box
            theme.panel(
                surface,
                box,
                fill=(22, 30, 30),
                edge=theme.GOLD if active else theme.PANEL_EDGE,
                alpha=225,
            )
            self._note("plate", box)
            r = theme.draw_text(
                surface,
                title,
                (box.left + px(10), box.top + px(5)),
                px(14),
                theme.GOLD if active else theme.INK,
                "bold",
            )
            self._note("plate text", r, box)
            cx = box.left + px(10)
            for label, value in items:
                if label:
                    r = theme.draw_text(
                        surface,
                        label,
                        (cx, box.bottom - px(6)),
                        px(label_size),
                        theme.INK_DIM,
                        anchor="bottomleft",
                    )
                    self._note("plate text", r, box)
                    cx = r.right + px(5)
                r = theme.draw_text(
                    surface,
                    value,
                    (cx, box.bottom - px(4)),
                    px(value_size),
                    theme.INK,
                    "bold",
                    anchor="bottomleft",
                )
                self._note("plate text", r, box)
                cx = r.right + px(16)
            placed = lay.by_key.get((seat, "hand"))
            if side == "far" and placed is not None and placed.area.style != "pile":
                n = len(self.view.zones[(seat, "hand")])
                r = theme.draw_text(
                    surface,
                    f"Hand {n}",
                    (placed.rect.right, placed.rect.centery),
                    lay.px(12),
                    theme.INK_DIM,
                    anchor="midright",
                )
                self._note("hand count", r)

    def _status_width(
        self, items: list[tuple[str, str]], value_size: int, label_size: int, k: float = 1.0
    ) -> int:
        """The width a status plate needs for its items at these sizes (its spacing made
        ``k`` times smaller, with the plate)."""
        lay = self.layout

        def px(v: float) -> int:
            return max(1, round(lay.px(v) * k))

        w = px(10)
        for label, value in items:
            if label:
                w += theme.width(label, label_size) + px(5)
            w += theme.width(value, value_size, "bold") + px(16)
        return w - px(6)

    def _draw_cards(self, surface: pygame.Surface) -> None:
        lay = self.layout
        dragged = self.drag[0] if self.drag else None
        legal_cards, legal_zones = self.drag_targets
        for key in legal_zones:
            placed = lay.by_key.get(key)
            if placed is not None:
                pygame.draw.rect(
                    surface,
                    theme.LEGAL,
                    placed.rect.inflate(lay.px(8), lay.px(8)),
                    lay.px(3),
                    border_radius=lay.px(8),
                )
        playable, unusable = self.hand_guide()
        moving = []
        piles = {p.key for p in lay.placed if p.area.style == "pile"}
        shared = {p.key for p in lay.placed if p.area.sides}
        waiting = {p.key for p in lay.placed if p.area.style == "peek"}
        for sprite in sorted(self.sprites.values(), key=lambda s: s.z):
            if sprite.cid == dragged:
                continue
            if sprite.moving:
                moving.append(sprite)
                continue
            inst = self.view.cards.get(sprite.cid)
            if inst is not None and inst.zone in piles:
                ids = self.view.zones[inst.zone]
                if sprite.cid not in ids[-2:]:
                    continue
            self._draw_sprite(
                surface,
                sprite,
                lifted=sprite.cid in self.selected,
                dim=(inst is not None and inst.zone in waiting) or sprite.cid in unusable,
            )
            r = sprite.rect()
            if inst is not None and inst.zone in shared:
                # On a space both sides share, whose card it is: blue near, red far.
                color = theme.NEAR_SIDE if inst.owner == self.near else theme.FAR_SIDE
                pygame.draw.rect(
                    surface,
                    color,
                    r.inflate(lay.px(4), lay.px(4)),
                    lay.px(2),
                    border_radius=lay.px(6),
                )
            if sprite.cid in legal_cards:
                pygame.draw.rect(
                    surface,
                    theme.LEGAL,
                    r.inflate(lay.px(6), lay.px(6)),
                    lay.px(3),
                    border_radius=lay.px(6),
                )
            elif self.refused is not None and sprite.cid == self.refused[0]:
                pygame.draw.rect(
                    surface,
                    theme.DANGER,
                    r.inflate(lay.px(6), lay.px(6)),
                    lay.px(3),
                    border_radius=lay.px(6),
                )
            elif self.hinted is not None and sprite.cid in self.hinted[0]:
                pygame.draw.rect(
                    surface,
                    theme.GOLD,
                    r.inflate(lay.px(8), lay.px(8)),
                    lay.px(4),
                    border_radius=lay.px(6),
                )
            elif sprite.cid in playable:  # usable now: lit, in the hand brightly
                in_hand = inst is not None and inst.zone == (self.near, "hand")
                pygame.draw.rect(
                    surface,
                    theme.LEGAL if in_hand else (120, 200, 150),
                    r.inflate(lay.px(4), lay.px(4)) if in_hand else r.inflate(lay.px(2), lay.px(2)),
                    lay.px(3) if in_hand else 1,
                    border_radius=lay.px(6),
                )
            if sprite.cid == self.hover and self.drag is None:
                pygame.draw.rect(
                    surface, theme.INK, r.inflate(lay.px(2), lay.px(2)), 1, border_radius=lay.px(6)
                )
        for sprite in moving:
            self._draw_sprite(surface, sprite)
        for placed in lay.placed:  # an empty row says what goes there
            if (
                placed.area.style == "row"
                and placed.area.fill is None
                and placed.area.label
                and not self.view.zones.get(placed.key)
                and placed.area.size == "board"
                and "{whose}" not in placed.area.label
            ):
                theme.draw_text(
                    surface,
                    placed.area.label,
                    placed.rect.center,
                    lay.px(12),
                    (96, 120, 104),
                    anchor="center",
                )
        for placed in lay.placed:
            if placed.area.style == "pile":
                n = len(self.view.zones.get(placed.key, ()))
                if n:
                    self._draw_count(surface, placed.rect, placed.area.label, n)

    def _draw_count(
        self, surface: pygame.Surface, rect: pygame.Rect, label: str, n: int
    ) -> pygame.Rect:
        """A pile's count on its top card, inside the pile: "Deck 33" on one line where it
        fits, else the name over the number, the name as small as it must be."""
        lay = self.layout
        room = rect.width - lay.px(4)
        one = theme.text(f"{label} {n}", lay.px(13), theme.INK, "bold")
        if one.get_width() + lay.px(12) <= room or not label:
            box = one.get_rect(center=rect.center).inflate(lay.px(12), lay.px(6))
            theme.panel(surface, box, fill=(10, 12, 14), alpha=200, radius=lay.px(8))
            surface.blit(one, one.get_rect(center=rect.center))
            self._note("pile count", box)
            return box
        size = theme.fit_size(label, room - lay.px(6), lay.px(11))
        name = theme.text(label, size, theme.INK)
        num = theme.text(str(n), lay.px(14), theme.INK, "bold")
        w = min(room, max(name.get_width(), num.get_width()) + lay.px(6))
        box = pygame.Rect(0, 0, w, name.get_height() + num.get_height() + lay.px(2))
        box.center = rect.center
        theme.panel(surface, box, fill=(10, 12, 14), alpha=200, radius=lay.px(6))
        surface.blit(name, name.get_rect(midtop=(box.centerx, box.top + lay.px(1))))
        surface.blit(num, num.get_rect(midbottom=(box.centerx, box.bottom)))
        self._note("pile count", box)
        return box

    def hand_guide(self) -> tuple[set[int], set[int]]:
        """While the near seat is to act: the cards it can use now (lit: in the hand, what
        it can play or pay for, Armor or a Reaction when attacked), and the hand's cards it
        cannot (dimmed). Cards a choice may mark (a mulligan) are usable."""
        if not self.human_to_act() or self.drag is not None:
            return set(), set()
        usable = {a.cards[0] for a in self.legal() if a.cards}
        sel = self.spec.selection(self.view, self.near)
        if sel is not None:
            for zone in sel.zones:
                usable.update(self.view.zones.get((self.near, zone), ()))
        hand = self.view.zones.get((self.near, "hand"), ())
        return usable, {c for c in hand if c not in usable}

    def _draw_sprite(
        self, surface: pygame.Surface, sprite: Sprite, lifted: bool = False, dim: bool = False
    ) -> None:
        inst = self.view.cards.get(sprite.cid)
        if inst is None:
            return
        card = inst.card
        live = self._live(inst) if sprite.face_up else None
        if sprite.angle in (0.0, 90.0, 180.0, 270.0):  # at rest: cached
            img = self.art.image(
                card, sprite.size, sprite.face_up, int(sprite.angle), sprite.marked, live
            )
        else:  # turning
            base = self.art.image(card, sprite.size, sprite.face_up, 0, sprite.marked, live)
            img = pygame.transform.rotate(base, -sprite.angle)
        began = self.flips.get(sprite.cid)
        if began is not None:  # turning over: narrowing to its edge, then widening again
            k = abs(math.cos(math.pi * min(1.0, (self.clock - began) / FLIP_SECONDS)))
            img = pygame.transform.smoothscale(
                img, (max(1, round(img.get_width() * k)), img.get_height())
            )
        rect = img.get_rect(center=(round(sprite.x), round(sprite.y)))
        if lifted:
            rect.move_ip(0, -self.layout.px(14))
            shadow = rect.move(self.layout.px(4), self.layout.px(6))
            theme.panel(
                surface, shadow, fill=(0, 0, 0), edge=None, alpha=90, radius=self.layout.px(6)
            )
        surface.blit(img, rect)
        if dim:  # waiting off the table (behind the Hero): shaded
            theme.panel(
                surface, rect, fill=(0, 0, 0), edge=None, alpha=110, radius=self.layout.px(5)
            )
        if lifted and sprite.cid in self.selected:
            pygame.draw.rect(
                surface,
                theme.HIGHLIGHT,
                rect.inflate(4, 4),
                self.layout.px(3),
                border_radius=self.layout.px(6),
            )
        body = (
            self._body(sprite, rect)
            if sprite.face_up
            else rect.inflate(-self.layout.px(8), -self.layout.px(8))
        )
        if inst.damage > 0 and self.spec.shows_damage(inst):
            self._draw_damage(surface, body, inst.damage)
        badges = (
            self.spec.badges(self.view, inst) if inst.counters or self.spec.badges_always else ()
        )
        self._draw_badges(surface, body, badges, sprite.cid)

    def _live(self, inst) -> tuple | None:
        """A face-up card's stats as they stand now (None: as printed)."""
        if inst.card is HIDDEN:
            return None
        return self.spec.live_stats(self.view, inst)

    def _body(self, sprite: Sprite, rect: pygame.Rect) -> pygame.Rect:
        """The part of a drawn card between its type line and its stats, turned as the card
        lies: where its badges and damage go, clear of its name and its values."""
        inst = self.view.cards[sprite.cid]
        w, h = sprite.size
        body = self.art.body(inst.card, sprite.size)
        angle = int(sprite.angle) % 360 if sprite.angle in (0.0, 90.0, 180.0, 270.0) else 0
        x, y, bw, bh = body
        if angle == 90:  # turned to the right: the card's left edge is on top
            x, y, bw, bh = h - y - bh, x, bh, bw
        elif angle == 180:
            x, y = w - x - bw, h - y - bh
        elif angle == 270:
            x, y, bw, bh = y, w - x - bw, bh, bw
        inset = self.layout.px(2)
        return pygame.Rect(
            rect.left + x + inset,
            rect.top + y + inset,
            max(1, bw - 2 * inset),
            max(1, bh - 2 * inset),
        )

    def _draw_badges(self, surface: pygame.Surface, body: pygame.Rect, badges, cid: int) -> None:
        """A card's badges, from the top left of its body: down the card while there is room,
        then in a second column; never over its title or stats."""
        x, y = body.left, body.top
        column = 0
        for symbol, words, color in badges:
            tag = theme.text(f"{symbol}{words}", self.layout.px(12), theme.INK, "bold")
            if tag.get_width() + self.layout.px(6) > body.width:
                # a card too small for the words: the symbol (and a count), or the words'
                # start when there is no symbol; the hover panel says the rest
                count = words.split(" ", 1)[0]
                short = symbol + (count if count.isdigit() else "")
                f = theme.font(self.layout.px(12), "bold")
                if not short.strip():
                    short = theme.clipped(words, f, max(f.size("W…")[0], body.width - 6))
                tag = f.render(short, True, theme.INK)
            box = tag.get_rect(topleft=(x, y)).inflate(self.layout.px(6), self.layout.px(2))
            box.topleft = (x, y)
            if box.bottom > body.bottom and y > body.top:  # the column is full: the next one
                x, y = x + column + self.layout.px(2), body.top
                box.topleft = (x, y)
                column = 0
            theme.panel(surface, box, fill=color, edge=(10, 10, 10), radius=self.layout.px(5))
            surface.blit(tag, tag.get_rect(center=box.center))
            self._note("badge", box, card=cid)
            column = max(column, box.width)
            y = box.bottom + self.layout.px(2)

    def _draw_damage(self, surface: pygame.Surface, body: pygame.Rect, damage: int) -> None:
        """Damage on a card whose live stats do not count it (EoC's, weighed against its
        DEF): a red counter at the top right of its body."""
        r = self.layout.px(11)
        c = (body.right - r, body.top + r)
        pygame.draw.circle(surface, theme.DANGER, c, r)
        pygame.draw.circle(surface, (60, 10, 10), c, r, 1)
        theme.draw_text(
            surface, str(damage), c, self.layout.px(13), theme.INK, "bold", anchor="center"
        )

    def _point(self, source: int, target: int, seconds: float | None) -> None:
        """An arrow from ``source`` to ``target`` (an attack just declared, a hint), for
        ``seconds`` or until the attack is over; it goes as soon as either card moves."""
        self.arrow, self.arrow_left = (source, target), seconds
        self.arrow_zones = tuple(
            self.view.cards[c].zone if c in self.view.cards else None for c in self.arrow
        )

    def tethers(self) -> list[tuple[int, int, str]]:
        """The arrows drawn now: the fight the rules hold (every attacker to what it attacks,
        every defender to the attacker it blocks), and an attack just made or hinted, while
        its cards stay where they were."""
        out = [
            t for t in self.spec.combat(self.view) if t[0] in self.sprites and t[1] in self.sprites
        ]
        if self.arrow is not None:
            zones = tuple(
                self.view.cards[c].zone if c in self.view.cards else None for c in self.arrow
            )
            if zones != self.arrow_zones:  # a card left (into the graveyard): so does its arrow
                self.arrow = self.arrow_left = None
            elif all(c in self.sprites for c in self.arrow) and not any(
                t[:2] == self.arrow for t in out
            ):
                out.append((*self.arrow, "attack"))
        return out

    def _draw_arrow(self, surface: pygame.Surface) -> None:
        lay = self.layout
        for a, b, kind in sorted(self.tethers(), key=lambda t: t[2] == "block"):
            ra, rb = self.sprites[a].rect(), self.sprites[b].rect()
            # from edge to edge: over neither card's face more than it must be
            line = (ra.center, rb.center)
            out = ra.clipline(*line)
            into = rb.clipline(*line)
            start = out[1] if out else ra.center
            end = into[0] if into else rb.center
            dx, dy = end[0] - start[0], end[1] - start[1]
            length = math.hypot(dx, dy)
            if length < lay.px(8):  # touching: a ring around the attacked card says it
                pygame.draw.rect(
                    surface,
                    theme.DANGER,
                    rb.inflate(lay.px(6), lay.px(6)),
                    lay.px(3),
                    border_radius=lay.px(6),
                )
                continue
            ux, uy = dx / length, dy / length
            color = theme.DANGER if kind == "attack" else theme.BLOCK
            width = lay.px(5) if kind == "attack" else lay.px(4)
            head = lay.px(14)
            tip = end
            base = (tip[0] - ux * head, tip[1] - uy * head)
            mid = (round((start[0] + base[0]) / 2), round((start[1] + base[1]) / 2))
            if kind == "attack" or length > 3 * head:  # (side by side: the shield alone)
                pygame.draw.line(surface, (0, 0, 0), start, base, width + 4)
                pygame.draw.line(surface, color, start, base, width)
                left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
                right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
                pygame.draw.polygon(surface, color, [tip, left, right])
                pygame.draw.polygon(surface, (0, 0, 0), [tip, left, right], 1)
            else:
                mid = (round((start[0] + end[0]) / 2), round((start[1] + end[1]) / 2))
            if kind == "block":  # a shield on the tether: this defender blocks that attacker
                r = lay.px(9)
                x, y = mid
                shield = [
                    (x - r, y - r),
                    (x + r, y - r),
                    (x + r, y),
                    (x, y + r + r // 2),
                    (x - r, y),
                ]
                pygame.draw.polygon(surface, theme.BLOCK, shield)
                pygame.draw.polygon(surface, (10, 10, 10), shield, max(1, lay.px(2)))

    def _bar_title_rect(self) -> pygame.Rect:
        """Where the bar's title goes: at its left, at most a fifth of the bar wide (a
        longer name is clipped)."""
        lay = self.layout
        w = min(theme.width(self.bar_title(), lay.px(14), "bold"), lay.bar.width // 5)
        h = theme.font(lay.px(14), "bold").get_linesize()
        r = pygame.Rect(lay.bar.left + lay.px(12), 0, w, h)
        r.centery = lay.bar.centery
        return r

    def _pills(
        self, x: int, size: int, pad: int, dots: bool
    ) -> tuple[list[tuple[str, pygame.Rect, bool, bool]], int]:
        """The phase pills from ``x`` at a font ``size`` and padding (the unlit ones as dots,
        with ``dots``), and where they end."""
        lay = self.layout
        shown = list(self.spec.turn_phases)
        if self.view.phase not in shown:
            shown.insert(0, self.view.phase)  # setup steps, lit before the turn phases
        lit_name = self.phase_lit or self.view.phase
        pill_h = theme.font(lay.px(13)).get_linesize() + lay.px(6)
        pills: list[tuple[str, pygame.Rect, bool, bool]] = []
        for name in shown:
            lit = name == lit_name
            if dots and not lit:
                r = pygame.Rect(x, 0, lay.px(10), lay.px(10))
            else:
                label = self.game.phases[name].title.replace(" Phase", "")
                w = theme.width(label, lay.px(size), "bold" if lit else "regular")
                r = pygame.Rect(x, 0, w + 2 * lay.px(pad), pill_h)
            r.centery = lay.bar.centery
            pills.append((name, r, lit, dots and not lit))
            x = r.right + lay.px(6 if not dots else 5)
        return pills, x

    def bar_layout(self, bars: list[BarButton] | None = None) -> BarLayout:
        """The phase bar laid out: its title, the phase pills (name, place, lit, shown as a
        dot), the "is thinking" words, and the free stretch between them and the buttons.
        The buttons keep their own strip at the right (made to fit beside the title and the
        smallest pills, see :meth:`_bar_strip`); the pills make room for them, first
        smaller, then as dots with only the lit phase named, so none is ever covered."""
        lay = self.layout
        bar = lay.bar
        title_rect = self._bar_title_rect()
        bars = self.bar() if bars is None else bars
        right = min([b.button.rect.left for b in bars], default=bar.right) - lay.px(10)
        thinking = None
        seat = to_act(self.state)
        if seat is not None and self.seats[seat].is_bot:
            words = theme.text(f"{self.known_as(seat)} is thinking...", lay.px(13))
            thinking = words.get_rect(midright=(right, bar.centery))
            right = thinking.left - lay.px(10)
        pills: list[tuple[str, pygame.Rect, bool, bool]] = []
        size = 13
        for size, pad, dots in ((13, 10, False), (12, 6, False), (12, 8, True)):
            pills, x = self._pills(title_rect.right + lay.px(12), size, pad, dots)
            if x <= right:
                break
        start = pills[-1][1].right + lay.px(8) if pills else title_rect.right + lay.px(8)
        free = pygame.Rect(start, bar.top, max(0, right - start), bar.height)
        return BarLayout(title_rect, pills, lay.px(size), thinking, free)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        lay = self.layout
        bar = lay.bar
        theme.panel(surface, bar, fill=(18, 22, 24), radius=lay.px(8))
        bars = self.bar()  # once a frame: the layout and the drawing share it
        laid = self.bar_layout(bars)
        f = theme.font(lay.px(14), "bold")
        title = f.render(theme.clipped(self.bar_title(), f, laid.title.width), True, theme.GOLD)
        surface.blit(title, title.get_rect(midleft=laid.title.midleft))
        self._note("bar title", laid.title, bar)
        phases = self.game.phases
        for name, pill, lit, dot in laid.pills:
            if dot:  # the phases around the lit one, as dots
                pygame.draw.circle(surface, theme.INK_DIM, pill.center, pill.width // 2, 1)
                continue
            label = phases[name].title.replace(" Phase", "")
            img = theme.text(
                label,
                laid.pill_size,
                theme.INK_DARK if lit else theme.INK_DIM,
                "bold" if lit else "regular",
            )
            if lit:
                pygame.draw.rect(surface, theme.GOLD, pill, border_radius=pill.height // 2)
            else:
                pygame.draw.rect(surface, (44, 50, 54), pill, 1, border_radius=pill.height // 2)
            surface.blit(img, img.get_rect(center=pill.center))
            self._note("phase", pill, bar)
            self._note("phase words", img.get_rect(center=pill.center), pill)
        if laid.thinking is not None:
            self._note("thinking", laid.thinking, bar)
            seat = to_act(self.state)
            dots = "." * (1 + int(self.clock * 3) % 3)
            theme.draw_text(
                surface,
                f"{self.known_as(seat)} is thinking{dots}",
                laid.thinking.topleft,
                lay.px(13),
                theme.INK_DIM,
            )
        mouse = self.app.input.pos
        for b in bars:
            b.button.draw(surface, mouse, b.size)
            self._note("button", b.button.rect, bar)

    def zoom_state(self) -> tuple[tuple | None, list[str]]:
        """The zoomed card's stats as they stand and its state in words, while it is face up
        in play in the near seat's view (None, []: the card as printed)."""
        inst = self.view.cards.get(self.zoomed_id) if self.zoomed_id is not None else None
        if inst is None or inst.card is not self.zoomed or inst.card is HIDDEN:
            return None, []
        lines = self.spec.card_state(self.view, inst)
        for a, b, kind in self.tethers():  # what it is doing in the fight under way
            other = b if a == inst.id else a if b == inst.id else None
            if other is None:
                continue
            seen = self.view.cards[other].card
            name = seen.name if seen is not HIDDEN else "a face-down card"
            if kind == "block":
                lines.append(f"Blocking {name}" if a == inst.id else f"Blocked by {name}")
            else:
                lines.append(f"Attacking {name}" if a == inst.id else f"Attacked by {name}")
        return self._live(inst), lines

    def _draw_zoom(self, surface: pygame.Surface) -> None:
        lay = self.layout
        theme.panel(surface, lay.zoom, fill=(16, 20, 22), radius=lay.px(8))
        card = self.zoomed
        if card is None or card is HIDDEN:
            draw_wrapped(
                surface,
                self.zoom_hint,
                lay.zoom.inflate(-lay.px(24), -lay.px(60)),
                lay.px(14),
                theme.INK_DIM,
                center=True,
            )
            return
        live, lines = self.zoom_state()
        size = self.layout.cards["zoom"]
        box = lay.zoom.inflate(-lay.px(8), -lay.px(8))
        line_h = theme.font(lay.px(13)).get_linesize()
        room = min(len(lines), 4) * line_h + lay.px(6) if lines else 0
        box.height -= room  # its state in words under the card
        # The card as large as the panel holds it (a larger text size makes it larger).
        k = min(1.0, box.width / size[0], box.height / size[1])
        size = (round(size[0] * k), round(size[1] * k))
        img = self.art.face(card, size, live)
        at = img.get_rect(center=box.center)
        surface.blit(img, at)
        self._note("zoom card", at, lay.zoom)
        if lines:
            shown = lines if len(lines) <= 4 else [*lines[:3], f"and {len(lines) - 3} more"]
            y = at.bottom + lay.px(4)
            width = lay.zoom.width - lay.px(24)
            for line in shown:
                img = fitted(line, width, lay.px(13), theme.INK)
                surface.blit(img, (lay.zoom.left + lay.px(12), y))
                self._note(
                    "zoom words", img.get_rect(topleft=(lay.zoom.left + lay.px(12), y)), lay.zoom
                )
                y += line_h

    def _draw_log(self, surface: pygame.Surface) -> None:
        lay = self.layout
        box = lay.log
        msg = self._message_rect()
        if msg is not None:
            box = pygame.Rect(
                box.left, msg.bottom + lay.px(6), box.width, box.bottom - msg.bottom - lay.px(6)
            )
        theme.panel(surface, box, fill=(16, 20, 22), radius=lay.px(8))
        theme.draw_text(
            surface,
            "Log",
            (box.left + lay.px(10), box.top + lay.px(6)),
            lay.px(13),
            theme.GOLD,
            "bold",
        )
        inner = box.inflate(-lay.px(16), -lay.px(34)).move(0, lay.px(10))
        size = lay.px(12)
        self._note("log", inner, lay.log)
        key = (len(self.events), self.near, inner.width, size, self.since)
        if self._log_cache is None or self._log_cache[0] != key:
            f = theme.font(size)
            lines: list[tuple[str, bool]] = []
            for i, e in enumerate(self.events):
                if i == self.since and i < len(self.events):
                    lines.append(("— while you were away —", True))
                if not e.shown_to(self.near):
                    continue
                header = e.kind in ("phase", "ended", "win")
                for line in theme.wrap(e.text_for(self.near), f, inner.width - lay.px(8)):
                    lines.append((line, header))
                    header = False
            self._log_cache = (key, lines)
        lines = self._log_cache[1]
        step = theme.font(size).get_linesize()
        new = len(lines) - self.log_lines
        self.log_lines = len(lines)
        if self.log_scroll > 0 and new > 0:  # scrolled up: keep to the lines being read
            # (the mark, when it comes, takes the room of the two lowest lines shown)
            self.log_scroll += new + (2 if not self.log_unread else 0)
            self.log_unread += new
        fit = inner.height // step - (2 if self.log_unread else 0)  # room for the mark
        self.log_scroll = min(
            max(self.log_scroll, 1 if self.log_unread else 0), max(0, len(lines) - fit)
        )
        if self.log_scroll == 0:
            self.log_unread = 0
        end = len(lines) - self.log_scroll
        self.log_top = max(0, end - fit)  # the first line shown
        shown = lines[self.log_top : end]
        y = inner.top
        clip = surface.get_clip()
        surface.set_clip(inner)
        for line, header in shown:
            theme.draw_text(
                surface,
                line,
                (inner.left + (0 if header else lay.px(8)), y),
                size,
                theme.GOLD if header else theme.INK,
                "bold" if header else "regular",
            )
            y += step
        surface.set_clip(clip)
        self.log_jump = None
        if self.log_unread:
            words = f"{counted(self.log_unread, 'new line')} below ↓"
            img = theme.text(words, lay.px(12), theme.INK_DARK, "bold")
            mark = img.get_rect(midbottom=(inner.centerx, box.bottom - lay.px(6)))
            mark = mark.inflate(lay.px(16), lay.px(6))
            pygame.draw.rect(surface, theme.GOLD, mark, border_radius=mark.height // 2)
            surface.blit(img, img.get_rect(center=mark.center))
            self.log_jump = mark

    def message(self) -> tuple[str, tuple[int, int, int]] | None:
        """What the message box says: a refusal (red) or what the seat is asked (gold)."""
        if self.toast is not None:
            return self.toast[0], self.toast[2]
        if self.human_to_act():
            prompt = self.state.top_prompt
            sel = self.spec.selection(self.view, self.near)
            if prompt is not None:
                title = self.game.windows[prompt.name].title
                return self.spec.window_title(self.view, self.near, title), theme.GOLD
            if sel is not None:
                return sel.prompt, theme.GOLD
            words = self.spec.prompt(self.view, self.near)
            if words:
                return words, theme.GOLD
        return None

    def _message_rect(self) -> pygame.Rect | None:
        msg = self.message()
        if msg is None:
            return None
        lay = self.layout
        f = theme.font(lay.px(14), "bold")
        lines = theme.wrap(msg[0], f, lay.log.width - lay.px(24))
        h = len(lines) * f.get_linesize() + lay.px(18)
        return pygame.Rect(lay.log.left, lay.log.top, lay.log.width, h)

    def _draw_message(self, surface: pygame.Surface) -> None:
        msg = self.message()
        box = self._message_rect()
        if msg is None or box is None:
            return
        words, color = msg
        lay = self.layout
        self._note("message", box, lay.log)
        theme.panel(
            surface,
            box,
            fill=(30, 22, 20) if color == theme.DANGER else (30, 28, 18),
            edge=color,
            radius=lay.px(8),
        )
        f = theme.font(lay.px(14), "bold")
        y = box.top + lay.px(9)
        for line in theme.wrap(words, f, box.width - lay.px(24)):
            img = f.render(line, True, color)
            surface.blit(img, (box.left + lay.px(12), y))
            y += f.get_linesize()

    def _draw_flash(self, surface: pygame.Surface, f: Flash) -> None:
        k = f.age / f.ttl
        img = theme.text(f.words, f.size, f.color, "title")
        pos = (f.pos[0], round(f.pos[1] - f.rise * k))
        box = img.get_rect(center=pos)
        if not f.rise:
            self._note("banner", box.inflate(f.size, f.size // 2))
            theme.panel(
                surface,
                box.inflate(f.size, f.size // 2),
                fill=(10, 12, 14),
                alpha=200,
                edge=f.color,
                radius=f.size // 2,
            )
        else:
            shadow = theme.text(f.words, f.size, (0, 0, 0), "title")
            surface.blit(shadow, box.move(2, 2))
        surface.blit(img, box)

    def _draw_curtain(self, surface: pygame.Surface) -> None:
        lay = self.layout
        surface.fill((12, 14, 16))
        name = self.state.seat_names[self.curtain]
        mid = (lay.size[0] // 2, lay.size[1] // 2)
        theme.draw_text(
            surface,
            f"Pass to {name}",
            (mid[0], mid[1] - lay.px(20)),
            lay.px(40),
            theme.GOLD,
            "title",
            anchor="center",
        )
        theme.draw_text(
            surface,
            "click to continue",
            (lay.size[0] // 2, lay.size[1] // 2 + lay.px(30)),
            lay.px(18),
            theme.INK_DIM,
            anchor="center",
        )

    def _draw_pause(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(self.layout.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box = self._pause_box()
        theme.panel(surface, box, fill=(26, 30, 34), radius=self.layout.px(10))
        heading = "Before you go on" if self.confirm == "end" else "Paused"
        theme.draw_text(
            surface,
            heading,
            (box.centerx, box.top + self.layout.px(22)),
            self.layout.px(24),
            theme.GOLD,
            "title",
            anchor="midtop",
        )
        if self.confirm is not None:
            draw_wrapped(
                surface,
                self._question(),
                pygame.Rect(
                    box.left + self.layout.px(24),
                    box.top + self.layout.px(64),
                    box.width - self.layout.px(48),
                    self.layout.px(60),
                ),
                self.layout.px(15),
                theme.INK,
                center=True,
            )
        for button in self._pause_buttons():
            button.draw(surface, self.app.input.pos, self.layout.px(16))

"""What a game tells the table (``ui/``) so the table can show it without knowing the game.

A game package provides a :class:`TableSpec`: its board layout as data (areas in a
1280×720 design space, scaled to the window), how each card's face reads, the status
shown beside each seat, what a drag or a click means, and the words for its actions.
Nothing here draws or imports pygame: the table does the drawing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from .engine import CONCEDE, END, HIDDEN, PASS, RESPOND, Action, GameState, ZoneKey

DESIGN = (1280, 720)
Rect = tuple[float, float, float, float]  # x, y, width, height in design units


class Badge(NamedTuple):
    """A small mark on a card in play: a symbol and a word or two on the card, and what it
    means in words for the hover panel, where the words on the card do not say it ("◆ +1":
    "◆ overpaid by 1 essence")."""

    symbol: str
    words: str
    color: tuple[int, int, int]
    means: str = ""

    def said(self) -> str:
        """The badge in the hover panel: what it means, or its own words."""
        return self.means or f"{self.symbol} {self.words}".strip()


@dataclass(frozen=True)
class Area:
    """Where one zone of one seat is drawn, and how its cards are arranged."""

    zone: str
    side: str  # "near" (the seat at the bottom of the screen), "far" (the other), "table"
    rect: Rect
    style: str = "row"  # "row": side by side (overlapping when crowded); "pile": stacked,
    # top card shown with a count; "peek": stacked behind, each one edging out to the left
    size: str = "board"  # "board", "hand" or "small" card size
    slots: tuple[Rect, ...] = ()  # explicit places for the first cards; the rest go in rect
    label: str = ""  # "{whose}" in a row's label names the seat it belongs to, always shown
    align: str = "left"  # "left" or "center", for rows
    fill: tuple[int, int, int] | None = None  # a colour under the area (a square of a board)
    sides: bool = False  # cards of both seats meet here: outline each in its seat's colour
    tuck: bool = False  # a card attached to another card here is tucked under it, its top
    # edge showing (essences paying for a creature); otherwise it takes its own place
    grow_up: bool = False  # cards enlarged by the UI scale may rise above the area (a hand
    # at the screen's bottom edge); elsewhere they grow no taller than their area
    flip: bool = False  # cards here lie upside down (resources), turned sideways from there


@dataclass(frozen=True)
class Face:
    """What is printed on a card, in the order a card frame shows it."""

    title: str
    type_line: str
    text: str = ""
    cost: str | None = None  # top right corner
    stats: tuple[tuple[str, str], ...] = ()  # ("STR", "3"), ...
    color: tuple[int, int, int] = (120, 120, 130)  # the frame's colour
    footer: str = ""
    emblem: str = "◆"  # a symbol for the card's kind (the font is DejaVu Sans)
    trend: tuple[int, ...] = ()  # per stat: above (1) or below (-1) its printed value


Tether = tuple[int, int, str]  # from a card to a card: "attack" or "block"
Stat = tuple[str, str, int]  # a stat as it stands now: label, value, trend (1 up, -1 down)


def stat(label: str, now: int, printed: int | None, most: int | None = None) -> Stat:
    """A card's stat as it stands now against its printed value; ``most``: the value it
    counts down from (Health or Life less damage reads "3/5")."""
    shown = f"{now}/{most}" if most is not None and now != most else str(now)
    base = printed if printed is not None else now
    return (label, shown, (now > base) - (now < base))


@dataclass(frozen=True)
class CardBack:
    """How a game's cards look face down: a field of a pattern, framed in gold, with the
    game's emblem and its short name."""

    emblem: str = "✦"  # drawn large in the middle (the font is DejaVu Sans)
    word: str = ""  # the game's short name, under the emblem where the card is large enough
    edge: tuple[int, int, int] = (18, 26, 48)
    field: tuple[int, int, int] = (38, 58, 104)
    lines: tuple[int, int, int] = (48, 72, 126)
    pattern: str = "diagonal"  # "diagonal", "lattice" (both diagonals) or "rings"


@dataclass(frozen=True)
class Button:
    label: str
    action: Action | None  # None: disabled (unless it has options)
    key: str = ""  # a keyboard shortcut shown on the button ("Space")
    options: tuple[Action, ...] = ()  # a choice: the button opens a menu of these


@dataclass(frozen=True)
class Selection:
    """A choice of several of the seat's own cards (a mulligan, say): clicking a card in
    ``zone`` marks it; the ``build`` button makes the action from the marked cards."""

    zone: str
    kind: str  # the action kind built from the marked cards
    prompt: str
    label: str  # the button's words; "{n}" becomes the number marked, "{s}" an s after two
    # The marked cards act on a card (attackers on a city): dragging one of them onto it
    # makes the action, with that card as its target; the button only counts them.
    target: bool = False
    also: tuple[str, ...] = ()  # more of the seat's zones whose cards may be marked
    # The dragged card comes first in the action, the marked ones after it (an attacker and
    # its boosters); otherwise all go in the order they lie.
    lead: bool = False

    @property
    def zones(self) -> tuple[str, ...]:
        return (self.zone, *self.also)


@dataclass
class TableSpec:
    """Defaults suit most games; a game overrides what differs."""

    areas: Sequence[Area] = ()
    card_sizes: dict[str, tuple[int, int]] = field(
        default_factory=lambda: {
            "board": (80, 112),
            "hand": (100, 140),
            "small": (56, 78),
            "zoom": (250, 350),
        }
    )
    turn_phases: Sequence[str] = ()  # the phases drawn on the phase bar, in order
    icon_face: int | None = None  # a die face drawn as the game's Icon rather than pips
    click_kinds: frozenset[str] = frozenset()  # kinds a plain click on a card may mean
    # Of those, kinds that spend and cannot be taken back (a card cast from the hand is
    # seen): a click offers them in a menu, confirmed by a second click, never done at once.
    confirm_kinds: frozenset[str] = frozenset()
    bar: Rect = (6, 304, 998, 42)  # the phase bar and buttons
    status_width: int = 360  # the width of each seat's status plate
    badges_always: bool = False  # ask for badges of every card, not only those with counters
    back: CardBack = field(default_factory=CardBack)
    # With three or four seats, the part of the table the opponents share, a column each
    # (None: where the far side lies).
    opponents_band: Rect | None = None

    def layout_areas(self, near: int) -> Sequence[Area]:
        """The areas as seen from the seat ``near`` (a board may turn to face it)."""
        return self.areas

    def badges(self, view: GameState, inst) -> list[Badge]:
        """Small marks on a card in play (:class:`Badge`: symbol, words, colour and what it
        means), e.g. a status and the turns it has left."""
        return []

    def live_stats(self, view: GameState, inst) -> tuple[Stat, ...] | None:
        """A face-up card's stats as they stand now, in its face's order (ATK after buffs,
        HP less damage: see :func:`stat`), printed on it in place of the printed ones; None:
        as printed (a card out of play, or a game that changes none)."""
        return None

    def combat(self, view: GameState) -> list[Tether]:
        """The fight in progress as the rules hold it, drawn for as long as it lasts: an
        "attack" from each attacker to what it attacks, a "block" from each defender to the
        attacker it blocks. None by default (a game whose attacks resolve at once)."""
        return []

    def card_state(self, view: GameState, inst) -> list[str]:
        """Lines the zoom panel shows under a face-up card in play, in words: its damage,
        statuses with the turns they have left, what it carries or is attached to, what it
        is doing. By default its damage, its badges and its attachments."""
        out = [f"Damage {inst.damage}"] if inst.damage else []
        out += [Badge(*b).said() for b in self.badges(view, inst)]
        if inst.attached_to is not None and inst.attached_to in view.cards:
            host = view.cards[inst.attached_to]
            if host.card is not HIDDEN:
                out.append(f"Attached to {host.card.name}")
        carried = [
            view.cards[c].card.name
            for c in self._carried(view).get(inst.id, ())
            if view.cards[c].card is not HIDDEN
        ]
        if carried:  # equipment, items, the essences paying for it
            out.append("Attached: " + ", ".join(carried))
        return out

    def _carried(self, view: GameState) -> dict[int, list[int]]:
        """Which cards are attached to which, in ``view``: worked out once per view (a view
        is a copy made for one look, never changed after)."""
        cached = getattr(self, "_carried_in", None)
        if cached is not None and cached[0] is view:
            return cached[1]
        hosts: dict[int, list[int]] = {}
        for c in view.cards.values():
            if c.attached_to is not None:
                hosts.setdefault(c.attached_to, []).append(c.id)
        self._carried_in = (view, hosts)
        return hosts

    def shows_damage(self, inst) -> bool:
        """Whether the table draws a card's damage as a counter (a game may show it
        otherwise: in its live stats, "HP 3/5")."""
        return True

    def pick(self, view: GameState, actions: Sequence[Action], alt: bool) -> Action | None:
        """When one drop could mean several actions: the one meant (``alt``: the drop was
        made with the right button or Shift held), or None to ask with a menu."""
        return None

    def pass_label(self, view: GameState) -> str:
        return "Pass"

    def window_title(self, view: GameState, seat: int, title: str) -> str:
        """What an open window asks of ``seat``, in words: its title, unless the position
        says more (an attacked player with no creature able to defend)."""
        return title

    def prompt(self, view: GameState, seat: int) -> str | None:
        """What the seat is asked to do now, when no window or selection says it already
        (a setup step, say)."""
        return None

    def face(self, card) -> Face:
        return Face(card.name, card.type, card.text)

    def status(self, view: GameState, seat: int) -> list[tuple[str, str]]:
        """Short labelled values shown beside a seat: ("Life", "18/20"), ("TP", "2")."""
        return []

    def seat_title(self, view: GameState, seat: int) -> str:
        return view.seat_names[seat]

    def action_label(self, view: GameState, action: Action) -> str:
        """The words for an action in a menu or on a button."""
        return str(action)

    def words(self, view: GameState, action: Action) -> str:
        """Any action in words, the engine's own too (ending a phase, passing, conceding,
        answering): for the log's lines about actions, Undo and the replay."""
        if action.kind == END:
            return self.end_label(view)
        if action.kind == PASS:
            return self.pass_label(view)
        if action.kind == CONCEDE:
            return "Concede"
        if action.kind == RESPOND:
            return "Respond"
        return self.action_label(view, action)

    def manual_actions(self, view: GameState, seat: int, card: int) -> list[Action]:
        """Corrections the rules do not check, for card text a game does not enforce:
        offered on ``card``'s right-click menu, after its legal actions and under a "By
        hand" heading, to ``seat`` when it is to act. None by default."""
        return []

    def destination(self, view: GameState, action: Action) -> ZoneKey | None:
        """The zone an action puts its card into, for dragging to a zone (None: none)."""
        return None

    def intent(
        self, view: GameState, seat: int, card: int, target: int | None, zone: ZoneKey | None
    ) -> Action | None:
        """The action a drag (onto a card or a zone) or a click (neither) most likely
        means, legal or not, so a refusal can say which rule forbids it."""
        return None

    def selection(self, view: GameState, seat: int) -> Selection | None:
        return None

    def buttons(self, view: GameState, seat: int) -> list[Button]:
        """Extra buttons for the seat to act (besides ending the phase and passing), in an
        open window too."""
        return []

    def unspent(self, view: GameState, seat: int, legal: Sequence[Action]) -> str | None:
        """What ending the phase now would leave unspent, in words ("2 TP"), when it could
        still buy one of the ``legal`` actions; the table then asks first (a setting turns
        the question off). None: nothing worth asking about."""
        return None

    def end_label(self, view: GameState) -> str:
        phase = view.game.phases[view.phase]
        return f"End {phase.title}"

    def opponent_areas(self, box: Rect) -> Sequence[Area] | None:
        """With three or four seats, one opponent's side fitted in ``box`` (a column of the
        top of the table: one for each opponent, side by side), its areas on side "far".
        None: the game has no such layout, and the table narrows its far side instead."""
        return None

    def opponent_status(self, box: Rect) -> tuple[float, float, float]:
        """Where that opponent's status plate goes in its ``box``, and how wide it may be."""
        return box[0] + 4, box[1], box[2] - 8

    def status_anchor(self, side: str) -> tuple[float, float]:
        """Where a side's status plate (title, Life...) is drawn, in design units."""
        return (440, 360) if side == "near" else (440, 190)

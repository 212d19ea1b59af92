"""Abilities on one machinery, for every game: happenings, durations, modifiers.

*Happenings.* A game's rules say what happened at one place each (a card comes into play,
is destroyed, attacks...) by calling :func:`emit` with the fields of a :class:`Happening`.
The cards that listen are the game's to name (:meth:`Game.listeners`: the triggered
abilities of its cards in play, as :class:`Listener` values); the engine matches each
listener against the happening (its trigger, and whose card it happened to) and asks the
game to resolve the ones that match (:meth:`Game.react`), in the order the game listed
them. A happening raised while another resolves is handled in turn, up to a depth that
stops loops.

*Durations as data.* A :class:`Modifier` changes one card: a number (``atk``, ``def``) by
an amount, or a permission (``attack``, ``be_attacked``...) to :data:`CAN` or
:data:`CANNOT`. Lasting modifiers live in ``state.lasting`` (copied with the state, part of
its snapshot) and say how long they last: until the end of the turn, for a number of a
seat's turns, until a seat's next turn begins (the game says when: :func:`turn_begins`),
while their source stays attached to the card, while their source is in play, or until the
card is turned (the game says when: :func:`turned`). A card that changes zones loses the
modifiers on it, as it loses its counters.

*Effects waiting to resolve.* Where a game lets several effects wait and then resolve
together (answers to an attack, effects that are "simultaneous" by its rules), each is a
:class:`Pending` in ``state.pending``, with the game's *speed* for it: :func:`next_pending`
takes the fastest first, and within one speed the first put or, for the speeds the game names,
the last (the latest answer resolving first). A seat that cannot see the card of a pending
effect sees that one waits, not which of the card's effects it is.

*Continuous modifiers* are not kept in the state: the game computes them from their
sources when it is asked (:meth:`Game.continuous`: every always-on effect of every card in
play; a game may remember the answer until its cards in play change), so one that lost its
source is gone with it. :func:`total` adds every modifier of a
stat to its printed value; :func:`permitted` answers a permission, where any "cannot"
beats every "can", whatever their order.
"""

from __future__ import annotations

import threading
from collections.abc import Container, Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from .events import Event
    from .state import GameState

# -- happenings ------------------------------------------------------------------------------

ENTERS = "enters"  # a card comes into play
LEAVES = "leaves"  # a card leaves play (whatever the reason)
DESTROYED = "destroyed"  # a card is destroyed
ATTACKS = "attacks"  # a card attacks (``other``: what it attacks)
ATTACKED = "attacked"  # a card is attacked (``other``: the first attacker)
DEALS_DAMAGE = "deals_damage"  # ``card`` deals ``amount`` to ``other``
TAKES_DAMAGE = "takes_damage"  # ``card`` takes ``amount`` from ``other``
PHASE_STARTS = "phase_starts"  # ``phase`` of ``seat``'s turn begins
PHASE_ENDS = "phase_ends"
PLAYED = "played"  # a card is played from hand
DRAWN = "drawn"  # ``card`` is drawn by ``seat``
DISCARDED = "discarded"  # ``card`` is discarded by ``seat``
TRIGGERS = frozenset(
    {
        ENTERS,
        LEAVES,
        DESTROYED,
        ATTACKS,
        ATTACKED,
        DEALS_DAMAGE,
        TAKES_DAMAGE,
        PHASE_STARTS,
        PHASE_ENDS,
        PLAYED,
    }
)

# Whose happening a listener hears, relative to the listening card.
SELF, ALLY, ENEMY, ANY, OWN_TURN = "self", "ally", "enemy", "any", "own_turn"
MAX_DEPTH = 16


class Happening(NamedTuple):
    trigger: str
    card: int | None = None  # the card it happened to
    seat: int | None = None  # whose: the card's controller, or the seat whose turn it is
    other: int | None = None  # the other card in it (the attacker of "attacked")
    amount: int = 0  # damage dealt or taken
    phase: str = ""  # for phase_starts and phase_ends


class Listener(NamedTuple):
    """A triggered ability of a card in play: its card, the trigger it waits for, whose
    happenings it hears (``self``: its own card's; ``ally`` / ``enemy``: another card of its
    controller's / of another seat's; ``any``; ``own_turn``: a phase of its controller's
    turn), and what the game resolves (the card's own effects, opaque to the engine)."""

    card: int
    trigger: str
    about: str
    payload: Any = None


def hears(state: GameState, listener: Listener, happening: Happening) -> bool:
    """Whether ``listener`` answers ``happening``."""
    if listener.trigger != happening.trigger:
        return False
    about = listener.about
    if about == ANY:
        return True
    owner = state.cards[listener.card].owner
    if about == OWN_TURN:
        return happening.seat == owner
    if happening.card is None:
        return False
    if about == SELF:
        return happening.card == listener.card
    if happening.card == listener.card:
        return False
    other = state.cards[happening.card].owner
    return (other == owner) == (about == ALLY)


_depth = threading.local()


def emit(
    state: GameState,
    events: list[Event],
    trigger: str,
    card: int | None = None,
    seat: int | None = None,
    other: int | None = None,
    amount: int = 0,
    phase: str = "",
) -> bool:
    """Tell every listening card what happened (a :class:`Happening` of these fields); the
    game resolves those that answer. Returns whether any did: if none, nothing changed (most
    happenings have no listener, and cost next to nothing)."""
    game = state.game
    listeners = game.listeners(state, trigger)
    if not listeners:
        return False
    happening = Happening(trigger, card, seat, other, amount, phase)
    depth = getattr(_depth, "n", 0)
    if depth >= MAX_DEPTH:
        return False  # abilities answering each other without end: the chain stops here
    _depth.n = depth + 1
    answered = False
    try:
        for listener in listeners:
            if state.over:
                break
            if hears(state, listener, happening):
                answered = True
                game.react(state, listener, happening, events)
    finally:
        _depth.n = depth
    return answered


# -- durations and modifiers ------------------------------------------------------------------

TURN = "turn"  # until the end of the current turn
TURNS = "turns"  # for ``turns`` more ends of ``seat``'s turns
WHILE_ATTACHED = "attached"  # while the source stays attached to the card
WHILE_IN_PLAY = "in_play"  # while the source is in play (as the game judges)
UNTIL_TURNED = "turned"  # until the card is turned (marked, exhausted...): see ``turned``
NEXT_TURN = "next_turn"  # until ``seat``'s next turn begins: see ``turn_begins``
UNTIL = frozenset({TURN, TURNS, WHILE_ATTACHED, WHILE_IN_PLAY, UNTIL_TURNED, NEXT_TURN})
CAN, CANNOT = 1, -1


class Modifier(NamedTuple):
    target: int  # the card it changes
    stat: str  # a number ("atk", "def") or a permission ("attack", "be_attacked"...)
    amount: int  # added to a number; CAN or CANNOT for a permission
    source: int  # the card it comes from
    until: str = TURN
    turns: int = 0
    seat: int = -1


def add(state: GameState, modifier: Modifier) -> None:
    if modifier.until not in UNTIL:
        raise ValueError(f"no duration {modifier.until!r}")
    state.lasting = (*state.lasting, modifier)


def in_force(state: GameState, m: Modifier) -> bool:
    if m.until == WHILE_ATTACHED:
        source = state.cards.get(m.source)
        return source is not None and source.attached_to == m.target
    if m.until == WHILE_IN_PLAY:
        return state.game.in_play(state, m.source)
    return True


def modifiers(state: GameState, target: int) -> Sequence[Modifier]:
    """Every modifier in force on ``target``: lasting ones, then continuous ones. (Asked
    for every card a move generator weighs: most cards have none, and that answer is
    quick.)"""
    always = state.game.continuous_on(state, target)
    if not state.lasting:
        return always
    mine = [m for m in state.lasting if m.target == target and in_force(state, m)]
    if not mine:
        return always
    mine.extend(always)
    return mine


def total(
    state: GameState, target: int, stat: str, base: int, given: Iterable[Modifier] | None = None
) -> int:
    """``base`` with every modifier of ``stat`` on ``target`` added (``given``: the
    modifiers already gathered, for a caller asking several stats)."""
    for m in modifiers(state, target) if given is None else given:
        if m.stat == stat:
            base += m.amount
    return base


def permitted(
    state: GameState,
    target: int,
    what: str,
    default: bool | None = True,
    given: Iterable[Modifier] | None = None,
) -> bool | None:
    """Whether ``target`` may ``what``: any "cannot" wins; else any "can"; else
    ``default`` (the rulebook's answer; None to learn that no modifier says)."""
    can = False
    for m in modifiers(state, target) if given is None else given:
        if m.stat == what:
            if m.amount == CANNOT:
                return False
            can = True
    return can or default


# -- effects waiting to resolve -------------------------------------------------------------


class Pending(NamedTuple):
    speed: int  # the game's speed class: the lowest resolves first
    seq: int  # when it was put (later ones are higher)
    card: int | None  # the card whose effect it is
    seat: int  # whose it is
    key: str = ""  # which of the card's effects (the game's to read)
    target: int | None = None


def pend(
    state: GameState,
    speed: int,
    card: int | None,
    seat: int,
    key: str = "",
    target: int | None = None,
) -> Pending:
    """Put an effect to wait with the others."""
    seq = state.pending[-1].seq + 1 if state.pending else 0
    pending = Pending(speed, seq, card, seat, key, target)
    state.pending = (*state.pending, pending)
    return pending


def next_pending(state: GameState, last_first: Container[int] = ()) -> Pending | None:
    """Take the effect that resolves next: the lowest speed; within it the one put first, or
    the one put last for a speed in ``last_first``. None when nothing waits."""
    if not state.pending:
        return None
    best = min(state.pending, key=lambda p: (p.speed, -p.seq if p.speed in last_first else p.seq))
    state.pending = tuple(p for p in state.pending if p is not best)
    return best


def cancel_pending(state: GameState, card: int) -> tuple[Pending, ...]:
    """Take away the waiting effects of ``card`` (it left play, or was negated); returns
    them."""
    gone = tuple(p for p in state.pending if p.card == card)
    if gone:
        state.pending = tuple(p for p in state.pending if p.card != card)
    return gone


def turned(state: GameState, card: int) -> list[Modifier]:
    """``card`` was turned (marked, exhausted, rested...): the modifiers on it that last
    until then end. Returns them."""
    ended = [m for m in state.lasting if m.target == card and m.until == UNTIL_TURNED]
    if ended:
        state.lasting = tuple(m for m in state.lasting if m not in ended)
    return ended


def turn_begins(state: GameState, seat: int) -> list[Modifier]:
    """``seat``'s turn begins: the modifiers that last until then end. Returns them."""
    ended = [m for m in state.lasting if m.until == NEXT_TURN and m.seat == seat]
    if ended:
        state.lasting = tuple(m for m in state.lasting if m not in ended)
    return ended


def end_of_turn(state: GameState, seat: int) -> list[Modifier]:
    """``seat``'s turn ends: modifiers for the turn end, those counting ``seat``'s turns
    count one down, and those whose source is gone are dropped. Returns the ended ones."""
    kept, ended = [], []
    for m in state.lasting:
        if m.until == TURN or not in_force(state, m):
            ended.append(m)
        elif m.until == TURNS and m.seat == seat:
            if m.turns <= 1:
                ended.append(m)
            else:
                kept.append(m._replace(turns=m.turns - 1))
        else:
            kept.append(m)
    state.lasting = tuple(kept)
    return ended

"""C.O.E's keywords (``coe-keywords.md``, and the rulings on them): whether a character has a
keyword now (printed or granted, and not negated, ruling 54), what the effects in force permit
it, its DMG and DEF with every modifier, Stagger (ruling 45), the always-on effects gathered
once a card has moved, the keyword effects a Contravene may stop, and the 6 character
positions with Obstruct and Agile (ruling 57)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

from ....engine import Event, Events, GameState
from ....engine import abilities as ab
from ....engine.abilities import Modifier
from .. import cards as schema
from ..cards import CoeCard
from .state import CHARACTERS, POSITIONS, C, data, name, who

CHARACTER_KEYWORDS = get_args(schema.CharacterKeyword)
BATTLE_KEYWORDS = get_args(schema.BattleKeyword)


def has(state: GameState, cid: int, keyword: str, mods: Sequence[Modifier] | None = None) -> bool:
    """Whether a character has a keyword: printed, or granted by an effect in force, and not
    negated (a Contravene's "cannot" wins). ``mods``: its modifiers, already gathered."""
    return ab.permitted(
        state,
        cid,
        keyword,
        keyword in state.cards[cid].card.keywords,
        ab.modifiers(state, cid) if mods is None else mods,
    )


def permits(state: GameState, cid: int, what: str) -> bool:
    return ab.permitted(state, cid, what, True, ab.modifiers(state, cid))


def stat(state: GameState, cid: int, which: str) -> int:
    """A character's DMG or DEF with every modifier (a staggered DEF counts as 0, ruling 45;
    an acolyte lacking the stat has 0)."""
    inst = state.cards[cid]
    mods = ab.modifiers(state, cid)
    if which == "def" and any(m.stat == "staggered" for m in mods):
        return 0
    base = inst.card.dmg if which == "dmg" else inst.card.defense
    return max(0, ab.total(state, cid, which, base or 0, mods))


def stagger(state: GameState, cid: int, events: Events) -> None:
    """Its DEF counts as 0 until the end of the turn (ruling 45)."""
    ab.add(state, Modifier(cid, "staggered", 1, cid, ab.TURN))
    events.append(
        Event("info", f"{name(state, cid)} is staggered", seat=state.cards[cid].owner, cards=(cid,))
    )


def always_on(state: GameState) -> dict[int, list[Modifier]]:
    """The continuous modifiers by the card they are on, computed again only when a card
    has moved since (the fields, the Scenario Zone, the archives for Aura Blight: the
    state's count of cards moved), or when the cache was dropped (a face-down card turned
    up in place: ``forget_always``). Equipment is attached as it moves."""
    d = data(state)
    key = state.moved
    if d.always is not None and d.always[0] == key:
        return d.always[1]
    by_target: dict[int, list[Modifier]] = {}
    for m in state.game.continuous(state):
        by_target.setdefault(m.target, []).append(m)
    d.always = (key, by_target)
    return by_target


def forget_always(state: GameState) -> None:
    """Something the always-on effects depend on changed without a card moving."""
    data(state).always = None


TRIGGERED = ("swift", "rally_call", "fortify")  # the keyword effects a Contravene may stop


def _keyword(word: str) -> str:
    return word.replace("_", " ").title()


R_POSITION = f"{C}: Players must play cards on the field in open positions"


R_OBSTRUCTED = (
    f"{C}: Agile: may be played on an obstructed position; every open position of "
    "yours is obstructed (ruling 57)"
)


def obstructed(state: GameState, seat: int) -> int:
    """How many of the seat's open character positions a card obstructs (ruling 57)."""
    return sum(1 for s, _ in data(state).obstructed if s == seat)


def position_problem(state: GameState, seat: int, card: CoeCard) -> str | None:
    """Why a character may not take one of the seat's 6 positions now: none is open, or
    every open one is obstructed and it is not Agile (ruling 57)."""
    taken = len(state.zones[(seat, CHARACTERS)])
    if taken >= POSITIONS:
        return f"{R_POSITION} (all 6 character positions are taken)"
    if taken + obstructed(state, seat) >= POSITIONS and "agile" not in card.keywords:
        return R_OBSTRUCTED
    return None


def take_position(state: GameState, cid: int, events: Events) -> None:
    """The character takes an open position: an unobstructed one if any is, else (Agile) an
    obstructed one, whose obstruction it then fills (ruling 57)."""
    inst = state.cards[cid]
    seat = inst.owner
    d = data(state)
    if len(state.zones[(seat, CHARACTERS)]) + obstructed(state, seat) >= POSITIONS:
        at = next(i for i, (s, _) in enumerate(d.obstructed) if s == seat)
        d.obstructed = d.obstructed[:at] + d.obstructed[at + 1 :]
        events.append(
            Event(
                "info",
                f"{name(state, inst.id)} is Agile: it takes an obstructed position",
                seat=seat,
                cards=(cid,),
            )
        )
    state.move(cid, (seat, CHARACTERS), keep=True)


def _obstruct(state: GameState, seat: int, source: int, events: Events) -> None:
    """One open, unobstructed position of each enemy's is obstructed until ``seat``'s next
    turn begins (ruling 57)."""
    d = data(state)
    for enemy in range(state.seats):
        if enemy == seat:
            continue
        if len(state.zones[(enemy, CHARACTERS)]) + obstructed(state, enemy) >= POSITIONS:
            events.append(
                Event(
                    "info",
                    f"{name(state, source)}: {who(state, enemy)} has no open position to obstruct",
                    seat=seat,
                    cards=(source,),
                )
            )
            continue
        d.obstructed = (*d.obstructed, (enemy, seat))
        events.append(
            Event(
                "info",
                f"{name(state, source)} obstructs one of "
                f"{who(state, enemy)}'s open positions for one round "
                f"({obstructed(state, enemy)} obstructed: only an Agile acolyte "
                "may be played there)",
                seat=seat,
                cards=(source,),
                value=("obstructed", enemy, obstructed(state, enemy)),
            )
        )

"""EoC's Spell cards played: the Preparation Phase's Play Non-Trap Spells (Effect, Instant
and Item spells), and what Traps share with them when the Attack Phase asks for them (a
free spell slot, the creation cost paid from the pool, the creature a spell is played on).
Which Trap window is open is read here; the windows themselves are the attack's
(``attacks``)."""

from __future__ import annotations

from collections.abc import Iterator

from ....engine import Action, Event, Events, GameState, act
from ....engine import abilities as ab
from ..cards import EocCard
from .damage import lends, overwhelmed
from .effects import resolve
from .essence import _pay_problem, attach, cheapest, essence_pool, pays
from .state import (
    HAND,
    MAX_SPELLS,
    POOL,
    R_FROM_HAND,
    R_FROM_POOL,
    R_ITEM,
    R_NO_TRAP_NOW,
    R_SLOTS,
    R_TARGET,
    R_TRAP_ONLY,
    SPELLS,
    E,
    actives,
    changed,
    name,
    spells_in_play,
    who,
)


def spell_targets(state: GameState, seat: int, card: EocCard) -> list[int] | None:
    """The creatures a spell (or an ability, by its ``target``) may be played on; None when
    it takes none."""
    return _chosen(state, seat, card.target)


def _chosen(state: GameState, seat: int, side: str) -> list[int] | None:
    if side == "none":
        return None
    out = []
    for s in range(state.seats):
        if side == "any" or (s == seat) == (side == "ally"):
            out.extend(actives(state, s))
    return out


def _spell_problem(state: GameState, action: Action, trap: bool) -> str | None:
    seat = action.seat
    if not action.cards or len(action.targets) > 1 or action.words:
        return (
            f'{E}: play one spell with the essences that pay it (cast "Spell", '
            '"Essence"... [-> "Creature"])'
        )
    inst = state.cards[action.cards[0]]
    card = inst.card
    if inst.zone != (seat, HAND) or card.type != "spell":
        return f"{R_FROM_HAND}: play a Spell Card from your hand"
    if (card.kind == "trap") != trap:
        return R_NO_TRAP_NOW if card.kind == "trap" else R_TRAP_ONLY
    if len(spells_in_play(state, seat)) >= MAX_SPELLS:
        return R_SLOTS
    targets = spell_targets(state, seat, card)
    if targets is None:
        if action.targets:
            return f"{R_TARGET}: {card.name} is played on no creature"
    elif len(action.targets) != 1 or action.targets[0] not in targets:
        side = {"enemy": "an enemy creature", "ally": "one of your creatures", "any": "a creature"}[
            card.target
        ]
        return R_ITEM if card.kind == "item" else f"{R_TARGET}: {card.name} is played on {side}"
    return _pay_problem(state, seat, card.cost, action.cards[1:], R_FROM_POOL)


def _gen_spells(state: GameState, seat: int, trap: bool) -> Iterator[Action]:
    if len(spells_in_play(state, seat)) >= MAX_SPELLS:
        return
    pool = state.zones[(seat, POOL)]
    if not pool:
        return
    cards = state.cards
    play = f"trap:{_trap_window(state)}" if trap else "cast"
    # One of each spell in hand that may be played now.
    held = {}
    for c in reversed(state.zones[(seat, HAND)]):
        card = cards[c].card
        if card.type == "spell" and card.play == play:  # (a hidden card is no spell)
            held[card.name] = c
    if not held:
        return
    have = essence_pool(state, seat)
    for cid in reversed(held.values()):
        card = cards[cid].card
        if not pays(card.cost, have.supply):
            continue
        pay = cheapest(state, card.cost, have)
        if pay is None:
            continue
        targets = spell_targets(state, seat, card)
        for t in targets if targets is not None else [None]:
            yield act(
                state, "trap" if trap else "cast", seat, (cid, *pay), (t,) if t is not None else ()
            )


def _gen_cast(state: GameState, seat: int) -> Iterator[Action]:
    return _gen_spells(state, seat, trap=False)


def _check_cast(state: GameState, action: Action) -> str | None:
    return _spell_problem(state, action, trap=False)


def _play_spell(state: GameState, action: Action, events: Events) -> None:
    seat, cid = action.seat, action.cards[0]
    inst = state.cards[cid]
    card = inst.card
    target = action.targets[0] if action.targets else None
    state.move(cid, (seat, SPELLS))
    for e in action.cards[1:]:
        attach(state, e, cid)
    if card.kind == "item" and target is not None:
        inst.attached_to = target
    changed(state, cid)
    kind = card.kind.capitalize() if card.kind else "spell"
    on = f" on {name(state, target)}" if target is not None else ""
    paid_with = ", ".join(name(state, e) for e in action.cards[1:])
    events.append(
        Event(
            "cast",
            f"{who(state, seat)} plays the {kind} {card.name}{on} (paid with {paid_with})",
            seat=seat,
            cards=(cid, *((target,) if target is not None else ())),
            value=((seat, HAND), (seat, SPELLS)),
        )
    )
    ab.emit(state, events, ab.PLAYED, cid, seat)
    resolve(state, card.effects, cid, events, target)
    if lends(state, cid):
        overwhelmed(state, events)


def _exec_cast(state: GameState, action: Action, events: Events) -> None:
    _play_spell(state, action, events)


# -- the Trap windows (opened by ``attacks``) --------------------------------------------------


_TRAP_WINDOWS = {"defender_traps": "attacked", "attacker_traps": "counter_attacked"}


def _trap_window(state: GameState) -> str | None:
    prompt = state.top_prompt
    return None if prompt is None else _TRAP_WINDOWS.get(prompt.name)

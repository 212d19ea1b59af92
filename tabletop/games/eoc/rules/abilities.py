"""EoC's abilities (the Preparation Phase's Spell Abilities, the Attack Phase's Your Creature
Abilities, Interpreting the Cards: Ability): a spell's in the Preparation Phase, a creature's
or the Vanquisher's stage's in the Attack Phase, once per turn, the cost sent from the
Essence Pool to the Graveyard."""

from __future__ import annotations

from collections.abc import Iterator

from ....engine import Action, Event, Events, GameState, act
from ....engine import abilities as ab
from ....engine.abilities import Modifier
from .. import cards as schema
from .damage import may, used
from .effects import resolve
from .essence import _pay_problem, cheapest, essence_pool, pays
from .spells import _chosen
from .state import (
    GRAVE,
    IN_PLAY,
    R_ABILITY_COST,
    R_ABILITY_POOL,
    R_BETWEEN_ATTACKS,
    R_CANNOT,
    R_CREATURE_ABILITY_WHEN,
    R_DESTROYED,
    R_EXHAUSTED,
    R_ITEM_ACTS,
    R_ONCE,
    R_SPELL_ABILITY_WHEN,
    R_TARGET,
    E,
    active,
    data,
    field_index,
    name,
    stage_of,
    vanquisher,
)

# -- abilities -------------------------------------------------------------------------------


def ability_of(state: GameState, cid: int) -> schema.Ability | None:
    inst = state.cards[cid]
    if inst.card.type == "vanquisher":
        return stage_of(state, inst.owner).ability
    return inst.card.ability


def _ability_problem(state: GameState, seat: int, cid: int, phase: str | None = None) -> str | None:
    """Why ``cid``'s ability may not be used now (or in ``phase``), before its cost and
    target."""
    phase = phase or state.phase
    inst = state.cards[cid]
    card = inst.card
    if inst.owner != seat or inst.zone[1] not in IN_PLAY or ability_of(state, cid) is None:
        return f"{E}: use an ability of one of your cards on the field"
    if card.type == "spell":
        if phase != "prep":
            return R_SPELL_ABILITY_WHEN
        if card.kind == "item" and (
            inst.attached_to is None or not active(state, inst.attached_to)
        ):
            return R_ITEM_ACTS
    else:
        if phase != "attack":
            return R_CREATURE_ABILITY_WHEN
        if card.type == "creature":
            if not active(state, cid):
                return f"{R_DESTROYED}: {card.name} cannot use its ability"
            if inst.turned:
                return R_EXHAUSTED
    if not may(state, cid, "use_abilities"):
        return f"{R_CANNOT}: {card.name} cannot use abilities"
    if used(state, cid):
        return R_ONCE
    return None


def _gen_use(state: GameState, seat: int) -> Iterator[Action]:
    return _uses(state, seat, state.phase)


def _uses(state: GameState, seat: int, phase: str) -> Iterator[Action]:
    """The abilities ``seat`` may use in ``phase``."""
    if data(state).attack is not None:
        return
    have = None
    creatures_, spells = field_index(state)[5][seat]
    places = spells if phase == "prep" else [*creatures_, vanquisher(state, seat)]
    for cid in places:
        ability = ability_of(state, cid)
        if ability is None:
            continue
        if have is None:
            have = essence_pool(state, seat)
        if not pays(ability.cost, have.supply) or _ability_problem(state, seat, cid, phase):
            continue
        pay = cheapest(state, ability.cost, have)
        if pay is None:
            continue
        targets = _chosen(state, seat, ability.target)
        for t in targets if targets is not None else [None]:
            yield act(state, "use", seat, (cid, *pay), (t,) if t is not None else ())


def _check_use(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if not action.cards or len(action.targets) > 1 or action.words:
        return (
            f'{E}: use one card\'s ability, with the essences that pay it (use "Card", '
            '"Essence"... [-> "Creature"])'
        )
    cid = action.cards[0]
    problem = _ability_problem(state, seat, cid)
    if problem:
        return problem
    if data(state).attack is not None:
        return R_BETWEEN_ATTACKS
    ability = ability_of(state, cid)
    targets = _chosen(state, seat, ability.target)
    if targets is None:
        if action.targets:
            return f"{R_TARGET}: {ability.name} takes no target"
    elif len(action.targets) != 1 or action.targets[0] not in targets:
        return (
            f"{R_TARGET}: {ability.name} is used on "
            + {"enemy": "an enemy creature", "ally": "one of your creatures", "any": "a creature"}[
                ability.target
            ]
        )
    return _pay_problem(state, seat, ability.cost, action.cards[1:], R_ABILITY_POOL, R_ABILITY_COST)


def _exec_use(state: GameState, action: Action, events: Events) -> None:
    seat, cid = action.seat, action.cards[0]
    ability = ability_of(state, cid)
    target = action.targets[0] if action.targets else None
    for e in action.cards[1:]:
        state.move(e, (seat, GRAVE))
    ab.add(state, Modifier(cid, "used", 1, cid, ab.TURN))
    on = f" on {name(state, target)}" if target is not None else ""
    spent = ", ".join(name(state, e) for e in action.cards[1:])
    events.append(
        Event(
            "ability",
            f"{name(state, cid)} uses {ability.name}{on}"
            + (f" ({spent} to the Graveyard)" if spent else ""),
            seat=seat,
            cards=(cid, *((target,) if target is not None else ())),
        )
    )
    resolve(state, ability.effects, cid, events, target)

"""EoC's values, damage and destruction (the Clean-up Phase's Graveyard, Interpreting the
Cards: ATK / DEF and Weakness, the Vanquisher's two stages): a card's attack and defence
with every modifier in force, what effects permit, weakness; damage, destruction (a
creature whose damage exceeds its defence), a Vanquisher's stage defeated (both: the Win
Condition), and leaving the field for the Graveyard or banished."""

from __future__ import annotations

from collections.abc import Sequence

from ....engine import Event, Events, GameState
from ....engine import abilities as ab
from ....engine.abilities import Modifier
from .essence import to_pool
from .state import (
    BANISHED,
    GRAVE,
    active,
    actives,
    changed,
    data,
    essences_on,
    items_on,
    name,
    stage_of,
    vanquisher,
)

# -- values: printed, plus every modifier in force ---------------------------------------------


def on_card(state: GameState, cid: int) -> Sequence[Modifier]:
    """Every modifier in force on ``cid``, gathered once for the questions asked of it."""
    if state.lasting:
        return ab.modifiers(state, cid)
    d = state.data  # most of the time, only always-on effects: straight from their cache
    if d.cont[0] != d.field:
        state.game.continuous(state)
    return d.cont[2].get(cid, ())


def attack_of(state: GameState, cid: int, given: Sequence[Modifier] | None = None) -> int:
    """Its ATK with every modifier, 0 at least (ruling 26: weakness is added to that)."""
    inst = state.cards[cid]
    card = inst.card
    base = stage_of(state, inst.owner).attack if card.type == "vanquisher" else card.attack
    mods = on_card(state, cid) if given is None else given
    return max(0, ab.total(state, cid, "atk", base, mods)) if mods else base


def defense_of(state: GameState, cid: int, given: Sequence[Modifier] | None = None) -> int:
    inst = state.cards[cid]
    card = inst.card
    base = stage_of(state, inst.owner).defense if card.type == "vanquisher" else card.defense
    mods = on_card(state, cid) if given is None else given
    return max(0, ab.total(state, cid, "def", base, mods)) if mods else base


def may(state: GameState, cid: int, what: str, default: bool = True) -> bool:
    mods = on_card(state, cid)
    return ab.permitted(state, cid, what, default, mods) if mods else default


def weak_to(state: GameState, defender: int, attacker: int) -> bool:
    """Whether ``defender`` is weak to ``attacker``'s Essence Type: +1 to an attack's or a
    counter-attack's damage, never to an effect's (ruling 25)."""
    d, a = state.cards[defender].card, state.cards[attacker].card
    return d.weakness is not None and a.element == d.weakness


def used(state: GameState, cid: int) -> bool:
    """Whether ``cid``'s ability was used this turn (a modifier for the turn records it)."""
    return any(m.target == cid and m.stat == "used" for m in state.lasting)


# -- what happens to cards ---------------------------------------------------------------------


def leave_play(state: GameState, cid: int, to: str, events: Events, why: str) -> None:
    """A creature or spell leaves the field: its essences return to the Essence Pool (ruling
    3), its Items go to the Graveyard (or are banished with it)."""
    inst = state.cards[cid]
    shifts = lends(state, cid)
    for item in items_on(state, cid):
        leave_play(
            state,
            item,
            BANISHED if to == BANISHED else GRAVE,
            events,
            f"follows {name(state, inst.id)}",
        )
    for e in essences_on(state, cid):
        to_pool(state, e)
    src = inst.zone
    state.move(cid, (inst.owner, to))
    changed(state, cid)
    where = "is banished" if to == BANISHED else "goes to the Graveyard"
    events.append(
        Event(
            "move",
            f"{name(state, inst.id)} {where}" + (f" ({why})" if why else ""),
            seat=inst.owner,
            cards=(cid,),
            value=(src, (inst.owner, to)),
        )
    )
    ab.emit(state, events, ab.LEAVES, cid, inst.owner)
    if shifts:
        overwhelmed(state, events)


def destroy(state: GameState, cid: int, events: Events, how: str = "") -> None:
    """A creature is destroyed: no longer active; it goes to the Graveyard in the Clean-up."""
    inst = state.cards[cid]
    if inst.card.type == "vanquisher":
        defeat_stage(state, inst.owner, events)
        return
    if not active(state, cid):
        return
    inst.counters["destroyed"] = 1
    changed(state, cid)
    data(state).paid += 1  # its essences pay for nothing active now (see overpaid)
    events.append(
        Event(
            "destroyed", f"{name(state, inst.id)} is destroyed{how}", seat=inst.owner, cards=(cid,)
        )
    )
    ab.emit(state, events, ab.DESTROYED, cid, inst.owner)
    if lends(state, cid):
        overwhelmed(state, events)


def lends(state: GameState, cid: int) -> bool:
    """Whether ``cid`` (or an Item on it) has an always-on effect: its coming or going may
    change other cards' defence."""
    cards = state.cards
    return bool(cards[cid].card.effect) or any(cards[i].card.effect for i in items_on(state, cid))


def overwhelmed(state: GameState, events: Events) -> None:
    """A creature whose damage now exceeds its defence (an always-on effect lending it
    defence is gone, or one taking defence away has come) is destroyed (ruling 7)."""
    for s in range(state.seats):
        for cid in actives(state, s):
            damage = state.cards[cid].damage
            if damage and damage > defense_of(state, cid):
                destroy(state, cid, events, ": its damage exceeds its defence")


def defeat_stage(state: GameState, seat: int, events: Events) -> None:
    d = data(state)
    vid = vanquisher(state, seat)
    inst = state.cards[vid]
    changed(state)
    if d.stage[seat] == 1:
        d.stage[seat] = 2
        inst.damage = 0
        state.lasting = tuple(m for m in state.lasting if m.target != vid)
        events.append(
            Event(
                "flip",
                f"{name(state, inst.id)}'s Stage 1 is defeated: it turns to Stage 2",
                seat=seat,
                cards=(vid,),
                value=("stage", 2),
            )
        )
        overwhelmed(state, events)  # Stage 2's effect is not Stage 1's
    else:
        d.lost[seat] = f"{name(state, inst.id)} was defeated in both stages"
        events.append(
            Event(
                "destroyed",
                f"{name(state, inst.id)} is defeated in both stages",
                seat=seat,
                cards=(vid,),
            )
        )


def hurt(
    state: GameState, cid: int, amount: int, events: Events, by: str = "", source: int | None = None
) -> None:
    """Damage marked on a creature or the Vanquisher; more damage than its defence
    destroys it (a Vanquisher's stage is defeated)."""
    inst = state.cards[cid]
    if amount <= 0 or not (active(state, cid) or inst.card.type == "vanquisher"):
        return
    inst.damage += amount
    limit = defense_of(state, cid)
    events.append(
        Event(
            "damage",
            f"{name(state, inst.id)} takes {amount} damage{by} "
            f"({inst.damage} against {limit} defence)",
            seat=inst.owner,
            cards=(cid,),
            value=(amount, inst.damage, limit),
        )
    )
    answered = source is not None and ab.emit(
        state, events, ab.DEALS_DAMAGE, source, state.cards[source].owner, cid, amount
    )
    answered = ab.emit(state, events, ab.TAKES_DAMAGE, cid, inst.owner, source, amount) or answered
    if inst.damage > (defense_of(state, cid) if answered else limit):
        destroy(state, cid, events)

"""Damage in ARC-mage: damage dealt (doubled, prevented, its dealer remembered), a creature
spared by a saving effect, shields and counters, and a city's defense lowered until it is
destroyed."""

from __future__ import annotations

from typing import Any

from ....engine import Event, Events, GameState
from ....engine import abilities as ab
from ..abilities import RABIES
from .keywords import (
    _reaches,
    bodyguard,
    defense_of,
    fits,
    has,
    holds,
    immune,
    is_type,
    passives_of,
    statics,
    strength,
)
from .lifecycle import destroy_city, kill
from .state import (
    data,
    in_play,
    is_city,
    is_creature,
    name,
)
from .triggers import queue


def spared(state: GameState, cid: int, events: Events) -> bool:
    """Whether an indestructible creature is spared what would destroy it (lethal damage, a
    "destroy"), said in the log (ruling 77)."""
    if not has(state, cid, "indestructible"):
        return False
    owner = state.cards[cid].owner
    events.append(Event("info", f"{name(state, cid)} is indestructible", seat=owner, cards=(cid,)))
    return True


def damage(
    state: GameState,
    cid: int,
    amount: int,
    events: Events,
    source: int | None = None,
    guarded: bool = True,
    now: bool = True,
    by: int | None = None,
) -> None:
    """Deal damage to a creature or a city: the one way damage is dealt, by a card or in
    combat, so that whatever watches damage sees it alike. Damage may be prevented, the
    effect's of card ``by`` or in combat (``prevented``); Sanctuary prevents it; a
    Bodyguard takes up to its number of a guarded creature's damage (one that cannot be
    damaged takes none);
    Deadly makes any damage ``source`` deals to a creature lethal; the damage counts as
    dealt by ``source`` ("whenever I deal damage"). A creature at lethal damage dies at
    once, or, with ``now`` False (a strike in combat, its damage simultaneous), when the
    strike has landed (``check_deaths``)."""
    if amount <= 0 or not in_play(state, cid):
        return
    if by is not None:
        amount = doubled(state, by, amount, events)
    amount = prevented(state, cid, amount, events, source, by)
    if not amount:
        return
    inst = state.cards[cid]
    if is_city(inst):
        cap = _cap(state, cid)
        if cap is not None:
            hurt = data(state).hurt
            room = max(0, cap - hurt.get(cid, 0))
            if amount > room:
                events.append(
                    Event(
                        "info",
                        f"{name(state, inst.id)} can only sustain {cap} damage each turn",
                        seat=inst.owner,
                        cards=(cid,),
                    )
                )
                amount = room
            if not amount:
                return
            hurt[cid] = hurt.get(cid, 0) + amount
        inst.damage += amount
        dealt(state, source, cid, amount)
        left = strength(state, cid)
        events.append(
            Event(
                "damage",
                f"{name(state, inst.id)} loses {amount} defense ({max(0, left)} left)",
                seat=inst.owner,
                cards=(cid,),
                value=(amount, left),
            )
        )
        if left <= 0:
            destroy_city(state, cid, events)
        return
    if has(state, cid, "sanctuary"):
        events.append(
            Event(
                "info",
                f"{name(state, inst.id)} has sanctuary and is not damaged",
                seat=inst.owner,
                cards=(cid,),
            )
        )
        return
    if guarded:
        d = data(state)
        for g, t in d.guards.items():
            if t == cid and in_play(state, g) and g != cid:
                moved = min(amount, bodyguard(state, g))
                if moved and not has(state, g, "sanctuary"):
                    events.append(
                        Event(
                            "info",
                            f"{name(state, g)} takes {moved} damage for "
                            f"{name(state, inst.id)} (bodyguard)",
                            seat=inst.owner,
                            cards=(g, cid),
                        )
                    )
                    amount -= moved
                    damage(state, g, moved, events, source, guarded=False, now=now)
                break
        if amount <= 0:
            return
    inst.damage += amount
    dealt(state, source, cid, amount)
    dfn = defense_of(state, cid)
    events.append(
        Event(
            "damage",
            f"{name(state, inst.id)} takes {amount} damage",
            seat=inst.owner,
            cards=(cid,),
            value=(amount, dfn - inst.damage),
        )
    )
    if (
        source is not None
        and in_play(state, source)
        and is_creature(state.cards[source])
        and has(state, source, "deadly")
        and not immune(state, cid, "deadly")
        and inst.damage < dfn
    ):
        events.append(Event("info", f"{name(state, source)} is deadly", cards=(source, cid)))
        inst.damage = max(inst.damage, dfn)
    if now and inst.damage >= dfn and not spared(state, cid, events):
        kill(state, cid, events)


# A shield (``Effect`` ``prevent``) put up for a while is a lasting modifier on the card it
# shields, "prevent:<dealt>:<combat>:<kinds>:<counter>", its amount the points it has left
# to prevent (0: all): the damage dealt "to" or "by" that card (``dealt``), combat damage
# only ("combat"), only of dealers of ``kinds`` ("to"); with no ``dealt``, on its own card,
# all damage the cards of ``kinds`` deal, a ``counter`` put on it for each point (ruling 59).
PREVENT = "prevent:"


def shield(
    state: GameState, on: int, source: int, e: Any, until: str = ab.TURN, seat: int = -1
) -> None:
    """Put up the shield of prevent effect ``e`` of card ``source`` on card ``on``."""
    combat = "combat" if e.combat else ""
    stat = f"{PREVENT}{e.dealt}:{combat}:{e.against or e.subtype}:{e.keyword}"
    ab.add(state, ab.Modifier(on, stat, e.amount, source, until, seat=seat))


def add_counters(state: GameState, cid: int, counter: str, n: int) -> int:
    """Put ``n`` counters named ``counter`` on a card, one more if a passive of its player's
    says so ("cards you control with a fire counter get an additional fire counter",
    ruling 62); how many were put."""
    if n <= 0:
        return 0
    inst = state.cards[cid]
    if any(e.keyword == counter for _, e in passives_of(state, inst.owner, "extra_counter")):
        n += 1
    inst.counters[counter] = inst.counters.get(counter, 0) + n
    return n


def doubled(state: GameState, by: int, amount: int, events: Events) -> int:
    """``amount`` damage the effect of card ``by`` deals, doubled by each passive in play
    that doubles the damage of its kind ("All damage done by Red Banner event or magic
    cards is doubled")."""
    card = state.cards[by].card
    for source, e, _ in statics(state, "double_damage"):
        if is_type(card, e.subtype):
            events.append(
                Event(
                    "info",
                    f"{name(state, source)} doubles the {amount} damage of {card.name}",
                    seat=state.cards[source].owner,
                    cards=(source, by),
                )
            )
            amount *= 2
    return amount


def _shields(state: GameState, cid: int, doer: int | None, combat: bool) -> list:
    """The shields that prevent damage to ``cid`` dealt by card ``doer`` (in combat, or by
    its effect), as (lasting modifier or None, its source card), the lasting ones first."""
    out: list = []
    if doer is None:
        return out
    for m in state.lasting:
        if not m.stat.startswith(PREVENT) or not ab.in_force(state, m):
            continue
        dealt, only, kinds, _counter = m.stat[len(PREVENT) :].split(":")
        if (
            (only and not combat)
            or (dealt == "to" and m.target != cid)
            or (dealt == "by" and m.target != doer)
            or (kinds and not fits(state, doer, kinds))
        ):
            continue
        out.append((m, m.source))
    cards = state.cards
    for source, e, anchor in statics(state, "prevent"):
        anchor = anchor if anchor is not None else cards[source].attached_to
        if (e.combat and not combat) or (e.only_if and not holds(state, source, e.only_if, anchor)):
            continue
        hit = cid if e.dealt == "to" else doer
        if cards[hit].card.type == "city":
            reached = (e.to == "target" and hit == anchor) or (e.to == "self" and hit == source)
        else:
            reached = _reaches(state, source, e.to, e.subtype, hit, anchor)
        if reached and not (e.against and not fits(state, doer, e.against)):
            out.append((None, source))
    return out


def prevented(
    state: GameState,
    cid: int,
    amount: int,
    events: Events,
    dealer: int | None = None,
    by: int | None = None,
) -> int:
    """What is left of ``amount`` damage to ``cid`` once the shields up prevent it: the one
    mechanism of every prevention, lasting or passive (the damage of card ``by``'s effect,
    or dealt in combat by ``dealer``). A shield of N points spends them, the first put up
    first; one with a counter grows it on its card for each point (ruling 59)."""
    if not state.lasting and not statics(state, "prevent"):
        return amount
    doer = by if by is not None else dealer
    for m, source in _shields(state, cid, doer, by is None):
        stopped = amount if m is None or not m.amount else min(amount, m.amount)
        if m is not None and m.amount:  # a shield of N points spends them
            left = m.amount - stopped
            kept = [m._replace(amount=left)] if left else []
            i = state.lasting.index(m)
            state.lasting = (*state.lasting[:i], *kept, *state.lasting[i + 1 :])
        holder = state.cards[source]
        counter = m.stat.rsplit(":", 1)[1] if m is not None else ""
        grew = ""
        if counter and in_play(state, source):
            put = add_counters(state, source, counter, stopped)
            grew = f"; {name(state, holder.id)} gets {put} {counter} counter{'s' * (put > 1)}"
        if m is not None and m.stat.startswith(PREVENT + ":"):  # against a kind of card
            said = f"prevents the {stopped} damage of {state.cards[doer].card.name}"
        else:
            said = f"prevents {stopped} damage to {name(state, cid)}"
        events.append(
            Event(
                "info",
                f"{name(state, holder.id)} {said}{grew}",
                seat=holder.owner,
                cards=(source, cid),
            )
        )
        amount -= stopped
        if not amount:
            return 0
    return amount


def dealer(state: GameState, source: int) -> int | None:
    """Who deals an effect's damage, as ``damage`` counts it: the card, when it is a
    creature in play ("whenever I deal damage"); else no card."""
    return source if is_creature(state.cards[source]) and in_play(state, source) else None


def dealt(state: GameState, by: int | None, at: int, n: int) -> None:
    """Creature ``by`` dealt ``n`` damage to ``at``: counted for blood vengeance, and its
    "whenever I deal damage" abilities trigger."""
    if by is None or n <= 0 or not in_play(state, by):
        return
    src = state.cards[by]
    if not is_creature(src):
        return
    src.counters["dealt"] = src.counters.get("dealt", 0) + n
    target = state.cards[at]
    if src.counters.get(RABIES) and is_creature(target) and not target.counters.get(RABIES):
        target.counters[RABIES] = 1  # "any creature damaged by a creature with rabies gains it"
    for i, a in enumerate(src.card.abilities):
        if (a.when == "hit_city" and is_city(target)) or (a.when == "hurt" and is_creature(target)):
            # about the card it damaged, unless the ability has a target of its own to choose
            about = at if a.when == "hurt" or a.target == "none" else -1
            queue(state, by, i, src.owner, about)


def _cap(state: GameState, city: int) -> int | None:
    """The most defense a city may lose each turn, set by an enchantment on it."""
    out = None
    for source, e, _anchor in statics(state, "cap"):
        if state.cards[source].attached_to == city:
            out = e.amount if out is None else min(out, e.amount)
    return out

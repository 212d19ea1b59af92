"""What EoC's card texts do (Interpreting the Cards: a creature's effect, Spell cards,
abilities; the vocabulary of ``cards.py``): the cards an effect reaches, and the effects of a
spell played, an ability used or a trigger resolved, in order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....engine import Event, Events, GameState
from ....engine import abilities as ab
from ....engine.abilities import CAN, CANNOT, Modifier
from .damage import defense_of, destroy, hurt, leave_play
from .essence import to_pool
from .state import BANISHED, CREATURES, GRAVE, POOL, active, actives, data, draw, name


def targets_of(state: GameState, to: str, source: int, target: int | None) -> list[int]:
    inst = state.cards[source]
    owner = inst.owner
    if to == "self":
        if inst.card.kind == "item":
            host = inst.attached_to
            return [host] if host is not None and active(state, host) else []
        return [source] if active(state, source) else []
    if to == "target":
        return (
            [target]
            if target is not None
            and (active(state, target) or state.cards[target].card.type == "vanquisher")
            else []
        )
    if to == "own":
        return actives(state, owner)
    if to == "allies":
        return [c for c in actives(state, owner) if c != source]
    if to == "enemies":
        return [c for s in range(state.seats) if s != owner for c in actives(state, s)]
    attack = data(state).attack
    if attack is None:
        return []
    if to == "attacker":
        return [c for c in attack.attackers if active(state, c)]
    if to == "defender":
        return (
            [attack.target]
            if active(state, attack.target) or state.cards[attack.target].card.type == "vanquisher"
            else []
        )
    if to == "countered":
        c = attack.countered
        return [c] if c is not None and active(state, c) else []
    return []


def _until(effect: Any) -> str:
    """How long a played effect lasts: the turn, or while its source stays in play."""
    return ab.WHILE_IN_PLAY if effect.until == "static" else ab.TURN


def resolve(
    state: GameState, effects: Sequence[Any], source: int, events: Events, target: int | None = None
) -> None:
    """Resolve the effects of ``source`` in order (a spell played, an ability, a trigger)."""
    owner = state.cards[source].owner
    src = state.cards[source].card.name
    for e in effects:
        if state.over or any(data(state).lost):
            return
        kind = e.do
        if kind == "draw":
            draw(state, owner, e.count, events)
            continue
        if kind == "restore":
            grave = [
                c for c in state.zones[(owner, GRAVE)] if state.cards[c].card.type == "essence"
            ][-e.count :]
            for c in grave:
                to_pool(state, c)
                events.append(
                    Event(
                        "move",
                        f"{name(state, c)} returns to the Essence Pool ({src})",
                        seat=owner,
                        cards=(c,),
                        value=((owner, GRAVE), (owner, POOL)),
                    )
                )
            continue
        if kind == "cancel":
            attack = data(state).attack
            if attack is not None and not attack.cancelled:
                attack.cancelled = True
                events.append(Event("info", f"{src} cancels the attack", seat=owner))
            continue
        for t in targets_of(state, e.to, source, target):
            inst = state.cards[t]
            tn = inst.card.name
            if kind == "boost":
                for stat, amount in (("atk", e.atk), ("def", e.defense)):
                    if amount:
                        ab.add(state, Modifier(t, stat, amount, source, _until(e)))
                how = " while it stays in play" if e.until == "static" else " this turn"
                events.append(
                    Event(
                        "buff",
                        f"{tn} gets {e.atk:+d}/{e.defense:+d}{how} ({src})",
                        seat=inst.owner,
                        cards=(t,),
                        value=(e.atk, e.defense),
                    )
                )
                if inst.damage > defense_of(state, t):
                    destroy(state, t, events)
            elif kind == "damage":
                hurt(state, t, e.amount, events, f" from {src}", source)
            elif kind == "destroy":
                destroy(state, t, events, f" by {src}")
            elif kind == "banish":
                if inst.card.type == "creature" and inst.zone[1] == CREATURES:
                    leave_play(state, t, BANISHED, events, src)
            elif kind == "heal":
                if inst.damage:
                    inst.damage = 0
                    events.append(
                        Event("heal", f"{tn} is healed ({src})", seat=inst.owner, cards=(t,))
                    )
            elif kind == "exhaust":
                if not inst.turned:
                    inst.turned = True
                    events.append(
                        Event(
                            "turn",
                            f"{tn} is exhausted ({src})",
                            seat=inst.owner,
                            cards=(t,),
                            value=(True,),
                        )
                    )
            elif kind == "ready":
                if inst.turned:
                    inst.turned = False
                    events.append(
                        Event(
                            "turn",
                            f"{tn} is readied ({src})",
                            seat=inst.owner,
                            cards=(t,),
                            value=(False,),
                        )
                    )
            elif kind in ("cannot", "can"):
                ab.add(
                    state,
                    Modifier(t, e.what, CANNOT if kind == "cannot" else CAN, source, _until(e)),
                )
                words = {
                    "attack": "attack",
                    "be_attacked": "be attacked",
                    "use_abilities": "use abilities",
                    "counter_attack": "counter-attack",
                    "attack_vanquisher": "attack the Vanquisher directly",
                }[e.what]
                events.append(
                    Event(
                        "status",
                        f"{tn} {kind} {words} ({src})",
                        seat=inst.owner,
                        cards=(t,),
                        value=(kind, e.what),
                    )
                )

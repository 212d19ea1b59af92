"""Activating cards for their printed effects (the rulebook's Combat Phase): Action cards on
your turn, and Reactions and Armor in an attack's response windows, their targets, their
effects (damage, draw, heal, Allies created, the next attack's bonus, a card turned, a
discard; on an attack: roll bonuses, rerolls, damage prevented), and passing in a window."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ....engine import Action, Event, Events, GameState, Prompt, act, close_window
from .. import cards as schema
from ..cards import EwcCard
from .combat import _response_problem, _responses, _rider, _roll, _targets, _usable, run_combat
from .effects import ally_behind, create_ally, deal_damage, discard_random, draw, heal, turn_card
from .state import (
    ALLIES,
    DISCARD,
    FIELD,
    HERO,
    R_ALLY_IN_PLAY,
    R_ARMOR_WHEN,
    R_REACTION_WHEN,
    R_WEAPONS_ATTACK,
    STAGES,
    Combat,
    data,
    hero,
    modifier,
    name,
)

# -- activating cards: Actions on your turn, Reactions and Armor in an attack's windows ------


def _use_targets(state: GameState, seat: int, card: EwcCard) -> list[int] | None:
    """The targets a card's effect needs (None: it takes no target)."""
    for e in card.effects:
        if e.do == "turn_card":
            # "Turn a ready card an opponent has in play": a turned card is no target.
            return [
                cid
                for other in range(state.seats)
                if other != seat and not data(state).out[other]
                for cid in state.zones[(other, FIELD)]
                if not state.cards[cid].turned
            ]
        if (e.do == "damage" and e.to == "target") or (e.do == "discard" and e.to == "target"):
            return list(_targets(state, seat))
    return None


def _gen_use(state: GameState, seat: int) -> Iterator[Action]:
    if state.prompts:
        for cid in _responses(state, seat):
            yield act(state, "use", seat, (cid,))
        return
    for cid in state.zones[(seat, FIELD)]:
        inst = state.cards[cid]
        if inst.turned or not inst.known or inst.card.type != "action" or inst.card.attack:
            continue
        if any(
            e.do == "create_ally" and not ally_behind(state, seat, e.ally)
            for e in inst.card.effects
        ):
            continue
        targets = _use_targets(state, seat, inst.card)
        if targets is None:
            yield act(state, "use", seat, (cid,))
        else:
            for t in targets:
                yield act(state, "use", seat, (cid,), (t,))


def _check_use(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if len(action.cards) != 1:
        return "EWC: activate one card at a time"
    cid = action.cards[0]
    inst = state.cards[cid]
    if inst.zone in ((seat, HERO), (seat, ALLIES)):
        return (
            f"EWC, Combat Phase: when your Hero or Ally makes an Attack, you do not need to "
            f"activate them (attack with {name(state, inst.id)})"
        )
    reason = _usable(state, seat, cid)
    if reason:
        return reason
    card = inst.card
    prompt = state.top_prompt
    if prompt is not None:  # a response window of an attack: Reactions and Armor
        c = data(state).combat
        if action.targets:
            return f"EWC: {card.name} takes no target"
        return _response_problem(c, STAGES[c.stage], card)
    # No attack is under way: Reactions wait for the moment they name, Armor for an attack
    # on your Hero or Ally.
    if card.type == "reaction":
        return f"{R_REACTION_WHEN}: {card.name}, {schema.TIMING_WORDS[card.timing]}"
    if card.type == "armor":
        return R_ARMOR_WHEN
    if card.type == "weapon" or card.attack is not None:
        return f"{R_WEAPONS_ATTACK}: attack with {card.name}"
    targets = _use_targets(state, seat, card)
    if targets is None:
        if action.targets:
            return f"EWC: {card.name} takes no target"
    elif len(action.targets) != 1 or action.targets[0] not in targets:
        return _target_reason(state, card)
    for e in card.effects:
        if e.do == "create_ally" and not ally_behind(state, seat, e.ally):
            return f"{R_ALLY_IN_PLAY} ({e.ally} is not behind your Hero)"
    return None


def _target_reason(state: GameState, card: EwcCard) -> str:
    if any(e.do == "turn_card" for e in card.effects):
        return (
            f"EWC: {card.name} turns a ready card an opponent has in play (not a Hero or "
            "Ally): name one"
        )
    return (
        f"EWC, Combat Phase (ruling): {card.name} needs a target: one of your opponent's "
        "Heroes or Allies in play"
    )


def _exec_use(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    cid = action.cards[0]
    inst = state.cards[cid]
    card = inst.card
    inst.turned = True
    who = state.seat_names[seat]
    events.append(
        Event("turn", f"{who} activates {card.name}", seat=seat, cards=(cid,), value=("use",))
    )
    d = data(state)
    c = d.combat
    if state.prompts and c is not None:
        c.used = (*c.used, cid)
        for index, e in enumerate(card.effects):
            if e.when is not None:
                c.pending = (*c.pending, (cid, index))
            else:
                _combat_effect(state, c, seat, e, events, card.name)
        extra = modifier(state, seat, "armor_prevent") if card.type == "armor" else 0
        if extra:
            c.prevent += extra
            events.append(
                Event(
                    "info",
                    f"{hero(state, seat).card.name}'s ability: {card.name} prevents {extra} more",
                    seat=seat,
                )
            )
        if not any(True for _ in _responses(state, seat)):
            close_window(state)
            c.stage += 1
            run_combat(state, events)
        return
    target = action.targets[0] if action.targets else None
    for e in card.effects:
        if e.do == "damage":
            deal_damage(state, target, e.amount, events, f" ({card.name})")  # type: ignore[arg-type]
        elif e.do == "draw":
            draw(state, seat, e.count, events)
        elif e.do == "heal":
            heal(state, seat, e.amount, events)
        elif e.do == "create_ally":
            create_ally(state, seat, e.ally, cid, events)
        elif e.do == "next_attack":
            d.next_bonus[seat] += e.amount
            events.append(
                Event("info", f"{who}'s next attack this turn gets +{e.amount} Strength", seat=seat)
            )
        elif e.do == "turn_card":
            turn_card(state, target, events, f"by {card.name}")  # type: ignore[arg-type]
        elif e.do == "discard":
            discard_random(state, state.cards[target].owner, e.count, events)  # type: ignore[index]
    if card.one_shot and inst.zone == (seat, FIELD):
        state.move(cid, (seat, DISCARD))
        events.append(
            Event(
                "move",
                f"{card.name} goes to the discard pile",
                seat=seat,
                cards=(cid,),
                value=((seat, FIELD), (seat, DISCARD)),
            )
        )


def _combat_effect(state: GameState, c: Combat, seat: int, e: Any, events: Events, by: str) -> None:
    """The effect of a Reaction or Armor ``seat`` activated, working on the attack at once."""
    if e.do == "roll_bonus":
        if e.roll == "attack":
            c.attack_mod += e.amount
        else:
            c.defense_mod += e.amount
        events.append(
            Event("info", f"{by}: {e.amount:+d} to the {e.roll.capitalize()} total", seat=seat)
        )
    elif e.do == "prevent":
        c.prevent += e.amount
        events.append(Event("info", f"{by}: prevent {e.amount} damage", seat=seat))
    elif e.do == "reroll":
        if e.roll == "attack":
            c.attack_die = _roll(state, c, "attack", events, again=True)
        else:
            c.defense_die = _roll(state, c, "defense", events, again=True)
    else:
        _rider(state, c, seat, e, events, by=by)


def _on_pass(state: GameState, prompt: Prompt, events: Events) -> None:
    c = data(state).combat
    if c is not None:
        c.stage += 1
        run_combat(state, events)

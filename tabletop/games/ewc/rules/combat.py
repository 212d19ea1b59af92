"""The Combat Phase's attacks (the rulebook's Combat Phase): the Strength of an attack (a
Hero's Base Attack, an Ally's, a Weapon's or an Action's, Piercing), which cards may attack
whom, the steps of an attack and their response windows (``run_combat``), the Attack and
Defense rolls with the battle die, hit, zero-damage hit or dodge, damage prevented, and
the effects riding on an attack (on hit, on the Icon, a Reaction's 'if'). Which cards a
seat may activate in a response window (``_responses``: Reactions at the moment they name,
Armor around the Defense roll and never against Piercing) is here too, since the attack
asks it at every window; activating them is in ``activating``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ....engine import Action, Event, Events, GameState, act, enter_phase, open_window
from .. import cards as schema
from ..cards import EwcCard
from .effects import deal_damage, discard_random, draw, heal
from .state import (
    ALLIES,
    ATTACKER_WINDOWS,
    DISCARD,
    FIELD,
    HERO,
    ICON,
    R_ACTIONS_OWN_TURN,
    R_ALLY_ALIVE,
    R_ARMOR_WHEN,
    R_BASE_ATTACK_ONCE,
    R_PIERCING,
    R_REACTION_WHEN,
    R_TARGETS,
    R_TURNED,
    R_TURNED_FOR_TP,
    STAGES,
    WINDOW_STAGES,
    Combat,
    alive_seats,
    characters,
    data,
    face_text,
    face_value,
    holds_ally,
    is_character_in_play,
    modifier,
    name,
)

# -- Combat: attacks ---------------------------------------------------------------------------


def attack_strength(state: GameState, seat: int, source: int) -> tuple[int, bool] | None:
    """(Strength, Piercing) of the attack ``source`` would make, or None if it makes none."""
    inst = state.cards[source]
    card = inst.card
    bonus = data(state).next_bonus[seat]
    if card.type == "hero":
        return card.strength + bonus, False
    if card.type == "ally":
        return card.strength + modifier(state, seat, "ally_strength") + bonus, False
    atk = card.attack
    if atk is None:
        return None
    extra = modifier(state, seat, "weapon_strength") if card.type == "weapon" else 0
    return atk.strength + extra + bonus, atk.piercing


def _targets(state: GameState, seat: int) -> Iterator[int]:
    out = data(state).out
    for other in range(state.seats):
        if other != seat and not out[other]:
            yield from characters(state, other)


def _sources(state: GameState, seat: int) -> Iterator[int]:
    yield from characters(state, seat)
    yield from state.zones[(seat, FIELD)]


def _gen_attack(state: GameState, seat: int) -> Iterator[Action]:
    targets = list(_targets(state, seat))
    attacked = data(state).attacked
    cards = state.cards
    for source in _sources(state, seat):
        inst = cards[source]
        if (
            inst.turned
            or source in attacked
            or not inst.known
            or attack_strength(state, seat, source) is None
        ):
            continue
        for target in targets:
            yield act(state, "attack", seat, (source,), (target,))


def _usable(state: GameState, seat: int, cid: int) -> str | None:
    """Why a card this seat has in play cannot be activated now (None: it can)."""
    inst = state.cards[cid]
    if inst.zone != (seat, FIELD):
        return f"EWC: {name(state, inst.id)} is not a card you have in play"
    if inst.turned:
        if cid in data(state).for_tp:
            return R_TURNED_FOR_TP
        if holds_ally(state, cid):
            return R_ALLY_ALIVE
        return R_TURNED
    return None


def _check_attack(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if len(action.cards) != 1 or len(action.targets) != 1:
        return "EWC: an attack is made with one card against one Hero or Ally"
    source, target = action.cards[0], action.targets[0]
    inst = state.cards[source]
    if inst.zone in ((seat, HERO), (seat, ALLIES)):
        if source in data(state).attacked:
            return R_BASE_ATTACK_ONCE
    else:
        reason = _usable(state, seat, source)
        if reason:
            return reason
        if attack_strength(state, seat, source) is None:
            return f"EWC, Combat Phase: {name(state, inst.id)} does not create an attack"
    tgt = state.cards[target]
    if not is_character_in_play(state, target) or tgt.owner == seat or data(state).out[tgt.owner]:
        return R_TARGETS
    return None


def _exec_attack(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    d = data(state)
    source, target = action.cards[0], action.targets[0]
    src = state.cards[source]
    strength, piercing = attack_strength(state, seat, source)  # type: ignore[misc]
    d.next_bonus[seat] = 0
    if src.card.type in ("hero", "ally"):
        d.attacked.add(source)
        attacker = source
    else:
        src.turned = True
        attacker = d.heroes[seat]
        events.append(
            Event(
                "turn",
                f"{state.seat_names[seat]} activates {name(state, src.id)}",
                seat=seat,
                cards=(source,),
                value=("use",),
            )
        )
    tgt = state.cards[target]
    d.combat = Combat(seat, tgt.owner, source, attacker, target, strength, piercing)
    with_ = "" if src.card.type in ("hero", "ally") else f" with {name(state, src.id)}"
    kind = "a Piercing attack" if piercing else "an attack"
    events.append(
        Event(
            "attack",
            f"{name(state, attacker)} makes {kind}{with_} on {name(state, tgt.id)} "
            f"(Strength {strength})",
            seat=seat,
            cards=(source, target),
            value=(attacker, strength, piercing),
        )
    )
    run_combat(state, events)


def run_combat(state: GameState, events: Events) -> None:
    """Carry the attack forward to its next response window, or to its end."""
    d = data(state)
    c = d.combat
    while c is not None:
        stage = STAGES[c.stage]
        if stage in WINDOW_STAGES:
            seat = window_seat(c, stage)
            if any(True for _ in _responses(state, seat)):
                open_window(state, seat, stage, events)
                return
        elif stage == "attack_roll":
            c.attack_die = _roll(state, c, "attack", events)
        elif stage == "defense_roll":
            c.defense_die = _roll(state, c, "defense", events)
        else:
            _resolve(state, c, events)
            d.combat = None
            if d.out[state.active] and len(alive_seats(state)) > 1:
                # The active Hero fell during its own turn (multiplayer): the turn passes.
                enter_phase(state, "pass", events)
            return
        c.stage += 1


def window_seat(c: Combat, stage: str) -> int | None:
    """Who is asked in the response window of ``stage``: the attacking seat before and after
    its Attack roll, the seat attacked in the others (None: ``stage`` is no window)."""
    if stage in ATTACKER_WINDOWS:
        return c.seat
    return c.defender if stage in WINDOW_STAGES else None


def _defense_value(state: GameState, c: Combat) -> int:
    return state.cards[c.target].card.defense


def totals(state: GameState, c: Combat) -> tuple[int, int]:
    atk = face_value(c.attack_die) + c.strength + c.attack_mod
    dfn = face_value(c.defense_die) + _defense_value(state, c) + c.defense_mod
    return atk, dfn


def _roll(state: GameState, c: Combat, which: str, events: Events, again: bool = False) -> int:
    face = state.rng.randint(1, 6)
    if which == "attack":
        seat, who, base = c.seat, state.cards[c.attacker].card.name, c.strength + c.attack_mod
        total = face_value(face) + base
        label = "Attack"
    else:
        seat, who = c.defender, state.cards[c.target].card.name
        base = _defense_value(state, c) + c.defense_mod
        total = face_value(face) + base
        label = "Defense"
    events.append(
        Event(
            "roll",
            f"{who} {'rolls again' if again else 'rolls'}: {face_text(face)} + {base} = "
            f"{label} total {total}",
            seat=seat,
            cards=(c.source if which == "attack" else c.target,),
            value=(which, face, total),
        )
    )
    return face


def _resolve(state: GameState, c: Combat, events: Events) -> None:
    d = data(state)
    atk, dfn = totals(state, c)
    hit = atk >= dfn
    attack_icon = c.attack_die == ICON
    defense_icon = c.defense_die == ICON
    source = state.cards[c.source].card
    # The cards each side activated during this attack (their Icon effects, ruling 14).
    used = {
        seat: [state.cards[u].card for u in c.used if state.cards[u].owner == seat]
        for seat in (c.seat, c.defender)
    }

    prevent = c.prevent
    if defense_icon:
        prevent += sum(
            e.amount for card in used[c.defender] for e in card.icon if e.do == "prevent"
        )
    if hit:
        bonus = sum(e.amount for e in source.on_hit if e.do == "bonus_damage")
        if attack_icon:
            bonus += sum(e.amount for e in source.icon if e.do == "bonus_damage")
        if c.attacker == d.heroes[c.seat]:
            bonus += modifier(state, c.seat, "hit_damage")
        raw = atk - dfn + bonus
        dealt = max(0, raw - prevent)
        # What the target takes, after prevention, with the totals beside it; then how the
        # difference became that ("7 vs 5", "+1 damage", "1 prevented").
        extra = []
        if bonus:
            extra.append(f"+{bonus} damage")
        if prevent and raw:
            extra.append(f"{min(prevent, raw)} prevented")
        detail = f": {', '.join(extra)}" if extra else ""
        events.append(
            Event(
                "outcome",
                f"Hit for {dealt} ({atk} vs {dfn}){detail}",
                seat=c.seat,
                cards=(c.source, c.target),
                value=("hit", atk, dfn, dealt),
            )
        )
        deal_damage(state, c.target, dealt, events)
        for e in source.on_hit:
            if e.do != "bonus_damage":
                _rider(state, c, c.seat, e, events)
    else:
        events.append(
            Event(
                "outcome",
                f"Dodged ({atk} vs {dfn})",
                seat=c.seat,
                cards=(c.source, c.target),
                value=("dodged", atk, dfn, 0),
            )
        )
    # Then each side's own effects, the attacker's first: its Icon effects, its Reactions
    # waiting on 'if', its Reactions' Icon effects. A Hero that this attack has put out of
    # the game no longer acts (ruling 18).
    for seat, icon in ((c.seat, attack_icon), (c.defender, defense_icon)):
        if d.out[seat]:
            continue
        if icon and seat == c.seat:
            for e in source.icon:
                if e.do != "bonus_damage":
                    _rider(state, c, seat, e, events, icon=source.name)
        for cid, index in c.pending:
            inst = state.cards[cid]
            if inst.owner == seat and (inst.card.effects[index].when == "hit") == hit:
                _rider(state, c, seat, inst.card.effects[index], events, by=inst.card.name)
        if icon:
            for card in used[seat]:
                for e in card.icon:
                    if e.do not in ("prevent", "bonus_damage"):
                        _rider(state, c, seat, e, events, icon=card.name)
    if source.one_shot and state.cards[c.source].zone == (c.seat, FIELD):
        state.move(c.source, (c.seat, DISCARD))
        events.append(
            Event(
                "move",
                f"{source.name} goes to the discard pile",
                seat=c.seat,
                cards=(c.source,),
                value=((c.seat, FIELD), (c.seat, DISCARD)),
            )
        )


def _rider(
    state: GameState, c: Combat, seat: int, e: Any, events: Events, icon: str = "", by: str = ""
) -> None:
    """An effect riding on an attack: on hit, on the Icon, or a Reaction's 'if'."""
    if icon:
        events.append(Event("icon", f"Icon! {icon}'s Icon effect", seat=seat))
    why = f" ({by})" if by else ""
    if e.do == "damage":
        who = c.attacker if e.to == "attacker" else c.target
        if is_character_in_play(state, who) and not data(state).out[state.cards[who].owner]:
            deal_damage(state, who, e.amount, events, why)
    elif e.do == "draw":
        draw(state, seat, e.count, events)
    elif e.do == "heal":
        heal(state, seat, e.amount, events)
    elif e.do == "discard":
        discard_random(state, c.defender, e.count, events)


def _responses(state: GameState, seat: int) -> Iterator[int]:
    """The cards ``seat`` may activate in the open (or opening) response window."""
    c = data(state).combat
    if c is None:
        return
    stage = STAGES[c.stage]
    if seat != window_seat(c, stage):
        return
    for cid in state.zones[(seat, FIELD)]:
        inst = state.cards[cid]
        if not inst.turned and inst.known and _response_problem(c, stage, inst.card) is None:
            yield cid


def _response_problem(c: Combat, stage: str, card: EwcCard) -> str | None:
    if card.type == "reaction":
        if card.timing != stage:
            return f"{R_REACTION_WHEN}: {card.name}, {schema.TIMING_WORDS[card.timing]}"
        return None
    if card.type == "armor":
        if c.piercing:
            return R_PIERCING
        if stage not in ("before_defense", "after_defense"):
            return R_ARMOR_WHEN
        return None
    return R_ACTIONS_OWN_TURN

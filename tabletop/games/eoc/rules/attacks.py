"""EoC's Attack Phase, one attack at a time: Your Attack (a creature or a group, the
Vanquisher guarded while its owner has an active creature), Opponent Trap Spells, Opponent
Counter-Attack (the defender choosing against a group), Your Trap Spells, and the damage of
both at once, weakness counted (the totals of the Clean-up Phase's Graveyard)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from ....engine import Action, Event, Events, GameState, Prompt, act, close_window, open_window
from ....engine import abilities as ab
from .damage import attack_of, defense_of, hurt, may, on_card, weak_to
from .spells import _gen_spells, _play_spell, _spell_problem, _trap_window
from .state import (
    A_,
    HAND,
    MAX_SPELLS,
    R_CANNOT,
    R_COUNTER_CHOICE,
    R_DESTROYED,
    R_EXHAUSTED,
    R_GROUP,
    R_TARGET_CREATURE,
    R_TRAP_WINDOW,
    R_VANQUISHER_GUARDED,
    R_VANQUISHER_NO_ATTACK,
    Attack,
    E,
    active,
    actives,
    data,
    name,
    spells_in_play,
    vanquisher,
)

# -- attacks --------------------------------------------------------------------------------


def _attack_problem(
    state: GameState, seat: int, attackers: Sequence[int], target: int
) -> str | None:
    cards = state.cards
    for a in attackers:
        inst = cards[a]
        if inst.card.type == "vanquisher" and inst.owner == seat:
            return R_VANQUISHER_NO_ATTACK
        if inst.owner != seat or not active(state, a):
            return f"{E}, {A_}: any active non-exhausted creature of yours may attack"
        if inst.turned:
            return R_EXHAUSTED
        if not may(state, a, "attack"):
            return f"{R_CANNOT}: {name(state, inst.id)} cannot attack"
    t = cards[target]
    if t.owner == seat:
        return R_TARGET_CREATURE
    if t.card.type == "vanquisher":  # by a creature or a group (ruling 27)
        if actives(state, t.owner) and not all(
            may(state, a, "attack_vanquisher", default=False) for a in attackers
        ):
            return R_VANQUISHER_GUARDED
        if not all(may(state, a, "attack_vanquisher", default=True) for a in attackers):
            return f"{R_CANNOT}: it cannot attack the Vanquisher"
        return None
    if not active(state, target):
        if t.card.type == "creature" and t.counters.get("destroyed"):
            return f"{R_DESTROYED}: {name(state, t.id)} cannot be attacked"
        return R_TARGET_CREATURE
    if not may(state, target, "be_attacked"):
        return f"{R_CANNOT}: {name(state, t.id)} cannot be attacked"
    return None


def _gen_attack(state: GameState, seat: int) -> Iterator[Action]:
    """Every group of ready creatures against every enemy they may attack. (The checks of
    ``_attack_problem``, each card's asked once.)"""
    if data(state).attack is not None:
        return
    cards = state.cards
    ready: list[int] = []
    past: set[int] = set()  # may attack the Vanquisher past its guards
    barred: set[int] = set()  # may not attack the Vanquisher at all
    for c in actives(state, seat):
        if cards[c].turned:
            continue
        mods = on_card(state, c)
        if mods:
            if not ab.permitted(state, c, "attack", True, mods):
                continue
            if ab.permitted(state, c, "attack_vanquisher", False, mods):
                past.add(c)
            elif not ab.permitted(state, c, "attack_vanquisher", True, mods):
                barred.add(c)
        ready.append(c)
    if not ready:
        return
    for s in range(state.seats):
        if s == seat:
            continue
        guards = actives(state, s)
        foes = [c for c in guards if may(state, c, "be_attacked")]
        vq = vanquisher(state, s)
        for size in range(1, len(ready) + 1):
            for group in combinations(ready, size):
                for t in foes:
                    yield act(state, "attack", seat, group, (t,))
                if not barred.intersection(group) and (not guards or past.issuperset(group)):
                    yield act(state, "attack", seat, group, (vq,))


def may_attack(state: GameState, seat: int) -> bool:
    """Whether ``_gen_attack`` offers any attack, without listing them: a ready creature
    and a creature it may attack, or a ready creature that may attack the Vanquisher by
    itself (a group may only if each of its members may)."""
    if data(state).attack is not None:
        return False
    cards = state.cards
    ready = []
    for c in actives(state, seat):
        if cards[c].turned:
            continue
        mods = on_card(state, c)
        if not mods or ab.permitted(state, c, "attack", True, mods):
            ready.append((c, mods))
    if not ready:
        return False
    for s in range(state.seats):
        if s == seat:
            continue
        guards = actives(state, s)
        if any(may(state, g, "be_attacked") for g in guards):
            return True
        for c, mods in ready:
            if not mods:
                if not guards:
                    return True
            elif ab.permitted(state, c, "attack_vanquisher", False, mods) or (
                not guards and ab.permitted(state, c, "attack_vanquisher", True, mods)
            ):
                return True
    return False


def _check_attack(state: GameState, action: Action) -> str | None:
    if not action.cards or len(action.targets) != 1 or action.words:
        return f'{E}: attack with one or more creatures one target (attack "A", "B" -> "Target")'
    if len(set(action.cards)) != len(action.cards):
        return R_GROUP
    if data(state).attack is not None:
        return f"{E}, {A_}: one attack at a time"
    return _attack_problem(state, action.seat, action.cards, action.targets[0])


def _exec_attack(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    attackers, target = action.cards, action.targets[0]
    d = data(state)
    d.attack = Attack(seat, attackers, target)
    for a in attackers:
        state.cards[a].turned = True
    names = " and ".join(name(state, a) for a in attackers)
    group = " together" if len(attackers) > 1 else ""
    events.append(
        Event(
            "attack",
            f"{names} attack{'s' if len(attackers) == 1 else ''} {name(state, target)}{group}",
            seat=seat,
            cards=(*attackers, target),
        )
    )
    for a in attackers:
        ab.emit(state, events, ab.ATTACKS, a, seat, target)
    ab.emit(state, events, ab.ATTACKED, target, state.cards[target].owner, attackers[0])
    _defender_window(state, events)


def _may_trap(state: GameState, seat: int) -> bool:
    """Whether ``seat`` is asked for Traps: whenever it holds a card and has a free spell
    slot, which both players can see (ruling 6). Asking only a player holding a Trap it
    could pay would tell the other that it does."""
    return bool(state.zones[(seat, HAND)]) and len(spells_in_play(state, seat)) < MAX_SPELLS


def _over(state: GameState) -> bool:
    return state.over or any(data(state).lost)


def _defender_window(state: GameState, events: Events) -> None:
    attack = data(state).attack
    defender = state.cards[attack.target].owner
    if not _over(state) and not attack.cancelled and _may_trap(state, defender):
        attack.stage = "defender"
        open_window(state, defender, "defender_traps", events)
    else:
        _counter_step(state, events)


def _can_counter(state: GameState, attack: Attack) -> bool:
    t = attack.target
    return (active(state, t) or state.cards[t].card.type == "vanquisher") and may(
        state, t, "counter_attack"
    )


def _counter_step(state: GameState, events: Events) -> None:
    """ "Once attacked, the enemy creature counter-attacks your attacking creature" —
    mandatory and automatic; against a group its controller chooses."""
    d = data(state)
    attack = d.attack
    if _over(state) or attack.cancelled:
        _resolve_attack(state, events)
        return
    alive = [a for a in attack.attackers if active(state, a)]
    if not alive or not _can_counter(state, attack):
        _resolve_attack(state, events)
        return
    if len(alive) == 1:
        _countered(state, alive[0], events)
    else:
        attack.stage = "counter"
        open_window(state, state.cards[attack.target].owner, "counter", events)


def _countered(state: GameState, cid: int, events: Events) -> None:
    attack = data(state).attack
    attack.countered = cid
    events.append(
        Event(
            "info",
            f"{name(state, attack.target)} counter-attacks {name(state, cid)}",
            seat=state.cards[attack.target].owner,
            cards=(attack.target, cid),
        )
    )
    if _may_trap(state, attack.seat):
        attack.stage = "attacker"
        open_window(state, attack.seat, "attacker_traps", events)
    else:
        _resolve_attack(state, events)


def _gen_counter(state: GameState, seat: int) -> Iterator[Action]:
    attack = data(state).attack
    if attack is None:
        return
    for a in attack.attackers:
        if active(state, a):
            yield act(state, "counter", seat, (attack.target,), (a,))


def _check_counter(state: GameState, action: Action) -> str | None:
    attack = data(state).attack
    if attack is None or attack.stage != "counter":
        return f"{E}, {A_}: a counter-attack answers an attack"
    if (
        action.cards != (attack.target,)
        or len(action.targets) != 1
        or action.targets[0] not in attack.attackers
        or not active(state, action.targets[0])
    ):
        return R_COUNTER_CHOICE
    return None


def _exec_counter(state: GameState, action: Action, events: Events) -> None:
    close_window(state)
    _countered(state, action.targets[0], events)


def _gen_trap(state: GameState, seat: int) -> Iterator[Action]:
    return _gen_spells(state, seat, trap=True)


def _check_trap(state: GameState, action: Action) -> str | None:
    problem = _spell_problem(state, action, trap=True)
    if problem:
        return problem
    card = state.cards[action.cards[0]].card
    window = _trap_window(state)
    if card.trap != window:
        when = (
            "when your creature or Vanquisher is attacked"
            if card.trap == "attacked"
            else "when your attacking creature is counter-attacked"
        )
        return R_TRAP_WINDOW.format(f"{card.name} is played {when}")
    return None


def _exec_trap(state: GameState, action: Action, events: Events) -> None:
    """A Trap resolves at once; its player may play more in the same window."""
    _play_spell(state, action, events)
    attack = data(state).attack
    if (
        _over(state)
        or attack.cancelled
        or not _may_trap(state, action.seat)
        or (
            attack.stage == "defender"
            and not (
                active(state, attack.target) or state.cards[attack.target].card.type == "vanquisher"
            )
        )
    ):
        close_window(state)
        if attack.stage == "defender":
            _counter_step(state, events)
        else:
            _resolve_attack(state, events)


def _on_pass_defender(state: GameState, prompt: Prompt, events: Events) -> None:
    _counter_step(state, events)


def _on_pass_attacker(state: GameState, prompt: Prompt, events: Events) -> None:
    _resolve_attack(state, events)


def _resolve_attack(state: GameState, events: Events) -> None:
    """The attack's damage and the counter-attack's, at once: each total is the attack
    values with every modifier, +1 per attacker of the Essence Type the defender is weak
    to; a card is destroyed when the damage it has taken exceeds its defence."""
    d = data(state)
    attack = d.attack
    d.attack = None
    if attack is None or _over(state):
        return
    if attack.cancelled:
        events.append(
            Event("info", "The attack is cancelled: no damage is dealt", seat=attack.seat)
        )
        return
    target = attack.target
    tinst = state.cards[target]
    hitters = [a for a in attack.attackers if active(state, a)]
    target_up = active(state, target) or tinst.card.type == "vanquisher"
    hit = 0
    weak = 0
    for a in hitters:
        hit += attack_of(state, a)
        if tinst.card.type == "creature" and weak_to(state, target, a):
            weak += 1
    back = None
    if (
        attack.countered is not None
        and active(state, attack.countered)
        and target_up
        and may(state, target, "counter_attack")
    ):
        c = attack.countered
        back = attack_of(state, target) + (1 if weak_to(state, c, target) else 0)
    if hitters and target_up:
        extra = f" (+{weak} weakness)" if weak else ""
        dfn = defense_of(state, target)
        falls = tinst.damage + hit + weak > dfn
        fate = (
            ("destroyed" if tinst.card.type == "creature" else "its stage is defeated")
            if falls
            else "holds"
        )
        before = f", {tinst.damage} damage already" if tinst.damage else ""
        events.append(
            Event(
                "outcome",
                f"{hit + weak}{extra} against {dfn} DEF{before}: {name(state, tinst.id)} {fate}",
                seat=attack.seat,
                cards=(hitters[0], target),
                value=("hit" if falls else "held", hit + weak, dfn),
            )
        )
        hurt(
            state,
            target,
            hit + weak,
            events,
            f" from the attack{extra}",
            hitters[0] if len(hitters) == 1 else None,
        )
    if back is not None:
        c = attack.countered
        extra = " (+1 weakness)" if weak_to(state, c, target) else ""
        hurt(state, c, back, events, f" from the counter-attack{extra}", target)

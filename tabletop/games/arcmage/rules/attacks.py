"""ARC-mage's combat moves: declaring an attack, assigning defenders, a bodyguard taking
the damage, splitting an attacker's damage among its defenders, and passing."""

from __future__ import annotations

from collections.abc import Iterator

from ....engine import Action, Event, Events, GameState, Prompt, act, close_window
from ..vocabulary import kinds_words
from . import teams
from .combat import (
    _attackers,
    _can_block,
    _defenders,
    _enemy_cities,
    compelled,
    may_attack_from,
    militia_again,
    splits,
)
from .damage import damage
from .flow import advance
from .gamedata import Combat
from .keywords import (
    attack_of,
    attack_tax,
    blocking_forbidden_by,
    bodyguard,
    forbidden,
    forbidden_against,
    has,
    passives_of,
)
from .lifecycle import check_deaths
from .paying import can_pay, pay
from .stack import start_round
from .state import (
    R_ATTACK_ARMY,
    R_ATTACK_CITY,
    R_ATTACK_ONCE,
    R_BLOCK,
    R_BLOCK_ONE,
    R_CANNOT,
    R_FLYING,
    R_GUARD,
    R_MARKED,
    R_MILITIA,
    R_MUST_ATTACK,
    R_PEACEFUL,
    R_SPLIT,
    R_TEAM_MATE,
    A,
    creatures,
    data,
    in_play,
    is_city,
    is_creature,
    name,
    who,
)


def _gen_attack(state: GameState, seat: int) -> Iterator[Action]:
    d = data(state)
    again = militia_again(state, seat)
    if d.combat is not None or (d.attacked and not again) or state.phase != "attack":
        return
    ready = _attackers(state, seat)
    if not ready:
        return
    groups = [tuple(ready)] + ([(c,) for c in ready] if len(ready) > 1 else [])
    must = compelled(state, seat)
    if must:
        groups = (
            [tuple(ready)]
            + ([must] if must != tuple(ready) else [])
            + [(*must, c) for c in ready if c not in must]
        )
    groups = [g for g in groups if _tax_problem(state, seat, g) is None]
    for city in _enemy_cities(state, seat):
        if again and city in d.militia:
            continue
        for g in groups:
            if not any(forbidden_against(state, a, "attack", city) for a in g):
                yield act(state, "attack", seat, g, (city,))


def _tax_problem(state: GameState, seat: int, attackers: tuple[int, ...]) -> str | None:
    """Why the seat cannot pay what cards in play ask for these attackers, if it cannot."""
    tax, source = attack_tax(state, attackers)
    if not tax:
        return None
    why = can_pay(state, seat, tax, 0, "none")
    if why is None:
        return None
    return f"{name(state, source)} asks {tax} resources for these attackers: {why}"


def _check_attack(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if not action.cards or len(action.targets) != 1 or action.words:
        return f'{A}: attack with creatures of your army on one city (attack "A", "B" -> "City")'
    d = data(state)
    again = militia_again(state, seat)
    if d.combat is not None or (d.attacked and not again):
        return R_ATTACK_ONCE
    city = action.targets[0]
    ci = state.cards[city]
    if again and city in d.militia:
        return f"{R_MILITIA}: {name(state, ci.id)} was attacked already this turn (ruling)"
    if is_city(ci) and ci.owner != seat and teams.allied(state, ci.owner, seat):
        return f"{R_TEAM_MATE}: {name(state, ci.id)} is {who(state, ci.owner)}'s"
    if not is_city(ci) or not in_play(state, city) or ci.owner == seat:
        return R_ATTACK_CITY
    if len(set(action.cards)) != len(action.cards):
        return f"{A}: name each attacker once"
    for cid in action.cards:
        inst = state.cards[cid]
        if not is_creature(inst) or not may_attack_from(state, cid, seat):
            return f"{R_ATTACK_ARMY}: {name(state, inst.id)} is not in your army"
        if inst.turned:
            return (
                f"{R_MARKED}: {name(state, inst.id)} is marked (only unmarked creatures may attack)"
            )
        if has(state, cid, "peaceful"):
            return f"{R_PEACEFUL}: {name(state, inst.id)}"
        if forbidden(state, cid, "attack"):
            return f"{R_CANNOT}: a card says {name(state, inst.id)} cannot attack"
        if forbidden_against(state, cid, "attack", city):
            return (
                f"{R_CANNOT}: a card says {name(state, inst.id)} cannot attack {name(state, ci.id)}"
            )
    missing = [c for c in compelled(state, seat) if c not in action.cards]
    if missing:
        return f"{R_MUST_ATTACK}: {', '.join(name(state, c) for c in missing)}"
    return _tax_problem(state, seat, action.cards)


def _exec_attack(state: GameState, action: Action, events: Events) -> None:
    d = data(state)
    city = action.targets[0]
    tax, source = attack_tax(state, action.cards)
    if tax:  # "... unless their controller pays two resources for each attacking creature"
        pay(state, action.seat, tax, 0, "none", events)
        events.append(
            Event(
                "info",
                f"{who(state, action.seat)} pays {tax} to attack ({name(state, source)})",
                seat=action.seat,
                cards=(source,),
            )
        )
    if teams.is_overlord(state, action.seat):
        d.militia = (*d.militia, city)
    d.combat = Combat(action.seat, action.cards, city)
    d.combat.guards = {g: t for g, t in d.guards.items() if state.cards[g].owner == action.seat}
    names = ", ".join(name(state, c) for c in action.cards)
    events.append(
        Event(
            "attack",
            f"{who(state, action.seat)} attacks {name(state, city)} with {names}",
            seat=action.seat,
            cards=(*action.cards, city),
        )
    )
    defender = state.cards[city].owner
    for source, e in passives_of(state, defender, "hurt_attackers"):  # Lake of Fire
        for a in action.cards:
            damage(state, a, e.amount, events, by=source)
    check_deaths(state, events)
    start_round(state, defender)
    advance(state, events)


def _gen_block(state: GameState, seat: int) -> Iterator[Action]:
    c = data(state).combat
    if c is None or c.stage != "blocking":
        return
    for b in _defenders(state, c):
        if b in c.blocks:
            continue
        for a in c.attackers:
            if in_play(state, a) and _can_block(state, b, a):
                yield act(state, "block", seat, (b,), (a,))


def _check_block(state: GameState, action: Action) -> str | None:
    c = data(state).combat
    if c is None or c.stage != "blocking":
        return f"{A}, Assigning defenders: there is no attack to defend against"
    if len(action.cards) != 1 or len(action.targets) != 1 or action.words:
        return f'{A}: one defender against one attacker (block "Defender" -> "Attacker")'
    b, a = action.cards[0], action.targets[0]
    if b in c.blocks:
        return R_BLOCK_ONE
    if b not in _defenders(state, c):
        return R_BLOCK
    if a not in c.attackers or not in_play(state, a):
        return f"{A}, Assigning defenders: {name(state, a)} is not attacking"
    if not _can_block(state, b, a):
        if forbidden(state, b, "block"):
            return f"{R_CANNOT}: a card says {name(state, b)} cannot defend"
        if forbidden(state, a, "be_blocked"):
            return f"{R_CANNOT}: a card says {name(state, a)} cannot be defended against"
        if forbidden_against(state, b, "block", a):
            return (
                f"{R_CANNOT}: a card says {name(state, b)} cannot defend against {name(state, a)}"
            )
        forbids = blocking_forbidden_by(state, a, b)
        if forbids is None:
            return R_FLYING
        source, e = forbids
        if not e.unless:
            return (
                f"{R_CANNOT}: {name(state, source)} says {name(state, b)} cannot defend "
                f"against {name(state, a)}"
            )
        said = kinds_words(e.unless)
        an = "an" if said[:1] in "AEIOU" else "a"
        return f"{name(state, source)}: only {an} {said} can defend against {name(state, a)}"
    return None


def _exec_block(state: GameState, action: Action, events: Events) -> None:
    c = data(state).combat
    b, a = action.cards[0], action.targets[0]
    c.blocks[b] = a
    c.blocked = c.blocked | {a}
    events.append(
        Event(
            "block",
            f"{name(state, b)} defends against {name(state, a)}",
            seat=action.seat,
            cards=(b, a),
        )
    )


def _on_pass_block(state: GameState, prompt: Prompt, events: Events) -> None:
    c = data(state).combat
    if c is not None:
        c.stage = "blocked"
    advance(state, events)


def _gen_guard(state: GameState, seat: int) -> Iterator[Action]:
    d = data(state)
    for g in creatures(state, seat):
        if not bodyguard(state, g) or g in d.guards:
            continue
        for t in creatures(state, seat):
            if t != g:
                yield act(state, "guard", seat, (g,), (t,))


def _check_guard(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or len(action.targets) != 1 or action.words:
        return f'{A}: guard one creature with a bodyguard (guard "Bodyguard" -> "Creature")'
    g, t = action.cards[0], action.targets[0]
    mine = creatures(state, action.seat)
    if g not in mine or not bodyguard(state, g):
        return f"{R_GUARD}: {name(state, g)} is not your bodyguard in play"
    if t not in mine or t == g:
        return f"{R_GUARD}: guard another creature you control"
    if g in data(state).guards:
        return f"{R_GUARD} (ruling): a bodyguard guards one creature a turn"
    return None


def _exec_guard(state: GameState, action: Action, events: Events) -> None:
    g, t = action.cards[0], action.targets[0]
    data(state).guards[g] = t
    events.append(
        Event(
            "info",
            f"{name(state, g)} guards {name(state, t)} this turn",
            seat=action.seat,
            cards=(g, t),
        )
    )


def _gen_split(state: GameState, seat: int) -> Iterator[Action]:
    prompt = state.top_prompt
    if prompt is None or prompt.name != "split":
        return
    a = prompt.data[0]
    c = data(state).combat
    blockers = tuple(b for b in c.blockers(a) if in_play(state, b))
    for amounts in splits(state, a, blockers):
        yield act(state, "split", seat, (a,), blockers, tuple(str(n) for n in amounts))


def _check_split(state: GameState, action: Action) -> str | None:
    prompt = state.top_prompt
    c = data(state).combat
    if prompt is None or prompt.name != "split" or c is None or action.cards != (prompt.data[0],):
        return f"{R_SPLIT}: there is no damage to divide now"
    a = action.cards[0]
    blockers = {b for b in c.blockers(a) if in_play(state, b)}
    if (
        set(action.targets) != blockers
        or len(action.targets) != len(blockers)
        or len(action.words) != len(action.targets)
    ):
        return f"{R_SPLIT}: name every defender of {name(state, a)} with its share"
    try:
        amounts = [int(w) for w in action.words]
    except ValueError:
        return f"{R_SPLIT}: the shares are numbers"
    if any(n < 0 for n in amounts) or sum(amounts) != attack_of(state, a):
        return f"{R_SPLIT}: the shares add up to {name(state, a)}'s ATK, {attack_of(state, a)}"
    return None


def _exec_split(state: GameState, action: Action, events: Events) -> None:
    close_window(state)
    c = data(state).combat
    a = action.cards[0]
    c.splits[a] = tuple(zip(action.targets, (int(w) for w in action.words), strict=True))
    shares = ", ".join(
        f"{w} to {name(state, b)}" for b, w in zip(action.targets, action.words, strict=True)
    )
    events.append(
        Event(
            "info",
            f"{name(state, a)} divides its damage: {shares}",
            seat=action.seat,
            cards=(a, *action.targets),
        )
    )
    advance(state, events)


def _on_pass_respond(state: GameState, prompt: Prompt, events: Events) -> None:
    advance(state, events)

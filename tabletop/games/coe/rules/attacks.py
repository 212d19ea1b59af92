"""Attacking and boosting (coe.txt, "Battle Phase" step 1, "Boosting"): who may attack whom
(First Strike, Transgress, Stealth, Evade; rulings 15, 29, 38), attack and defense boosters
(rested and staggered, ruling 43), Rally Call and Fortify waiting to resolve; then the
answers (``answers``) and the damage (``battle``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ....engine import (
    Action,
    Event,
    Events,
    GameState,
    Prompt,
    act,
    close_window,
    enter_phase,
    open_window,
)
from ....engine import abilities as ab
from .answers import CHARACTER_SPEED, _open_chain
from .keywords import has, permits, stagger, stat
from .state import SUPPORT, Battle, C, battlefield, characters, data, name

A_ = "Battle Phase"
R_ATTACKER = f"{C}, {A_}: an attacker is an unrested character on the battlefield (ruling 38)"
R_NEW = (
    f"{C}: Champions and Acolytes may not attack on the turn they are played to the field "
    "unless they have the (First Strike) Keyword"
)
R_ATTACK_TARGET = f"{C}, {A_}: You may target any active character to attack, including your own"
R_ATTACK_ITSELF = (
    f"{C}, {A_}: You may target any active character to attack, including your own, but "
    "not the attacker itself (ruling 39)"
)
R_ONE_ATTACK = f"{C}, {A_}: a Battle Phase is one attack; this one must end first (ruling 48)"
R_SUPPORT = f"{C}: Transgress: may attack Support characters (ruling 15)"
R_STEALTH = f"{C}: Stealth: cannot be chosen as the target of an attack while it is active"
R_EVADE = f"{C}: Evade: can only be attacked by characters with Range"
R_BOOSTER = (
    f"{C}: Boosting: players choose any number of their Active Allied characters (ruling 43)"
)
R_BOOST_OTHER = (
    f"{C}: Boosting allows a player to use another Allied character's stats to boost the "
    "DMG or DEF of another Ally character on the field"
)
R_NO_STAT = f"{C}: Acolytes without the stat required for boosting may not be used for boosting"
R_SUPPORT_BOOST = f"{C}: Support characters cannot be boosted or be used to boost other characters"
R_SUPPORT_ATTACK = (
    f"{R_ATTACKER}: a champion in the Support position is not on the battlefield (Party "
    "Tactics D swaps it with your Party Leader, in your Camp Phase)"
)


def _attacker_problem(state: GameState, seat: int, cid: int) -> str | None:
    inst = state.cards[cid]
    if inst.owner == seat and inst.zone == (seat, SUPPORT):
        return R_SUPPORT_ATTACK
    if inst.owner != seat or cid not in battlefield(state, seat) or inst.turned:
        return R_ATTACKER
    mods = ab.modifiers(state, cid)
    if inst.counters.get("entered") == state.turn and not has(state, cid, "first_strike", mods):
        return R_NEW
    if not ab.permitted(state, cid, "attack", True, mods):
        return f"{C}: a card's effect forbids it to attack"
    return None


def _target_problem(
    state: GameState, attacker: int, target: int, on_field: bool = False
) -> str | None:
    """Why ``attacker`` may not attack ``target`` (``on_field``: the target is known to be
    a character on the field)."""
    inst = state.cards[target]
    if target == attacker:
        return R_ATTACK_ITSELF
    if not (on_field or target in characters(state, inst.owner)):
        return f"{R_ATTACK_TARGET} (a character on the field)"
    if inst.zone[1] == SUPPORT and not has(state, attacker, "transgress"):
        return R_SUPPORT
    mods = ab.modifiers(state, target)
    if not inst.turned and has(state, target, "stealth", mods):
        return R_STEALTH
    if has(state, target, "evade", mods) and not has(state, attacker, "range"):
        return R_EVADE
    if not ab.permitted(state, target, "be_attacked", True, mods):
        return f"{C}: a card's effect forbids it to be attacked"
    return None


def _booster_problem(
    state: GameState, seat: int, cid: int, which: str, busy: Sequence[int]
) -> str | None:
    inst = state.cards[cid]
    if inst.owner == seat and inst.zone == (seat, SUPPORT):
        return R_SUPPORT_BOOST
    if cid in busy:
        return R_BOOST_OTHER
    if inst.owner != seat or cid not in battlefield(state, seat) or inst.turned:
        return R_BOOSTER
    if (inst.card.dmg if which == "dmg" else inst.card.defense) is None:
        return R_NO_STAT
    if not permits(state, cid, "boost"):
        return f"{C}: a card's effect forbids it to boost"
    return None


def boosters(state: GameState, seat: int, which: str, busy: Sequence[int]) -> list[int]:
    return [
        c for c in battlefield(state, seat) if _booster_problem(state, seat, c, which, busy) is None
    ]


def _gen_attack(state: GameState, seat: int) -> Iterator[Action]:
    """Every attacker against every target, alone or boosted by all the allies that may
    (the table lets a player pick some of them: any subset is legal)."""
    if data(state).battle is not None:
        return
    everyone = [c for s in range(state.seats) for c in characters(state, s)]
    for a in battlefield(state, seat):
        if _attacker_problem(state, seat, a) is not None:
            continue
        able = None
        for t in everyone:
            if _target_problem(state, a, t, on_field=True) is not None:
                continue
            yield act(state, "attack", seat, (a,), (t,))
            able = boosters(state, seat, "dmg", (a,)) if able is None else able
            helpers = tuple(h for h in able if h != t)
            if helpers:
                yield act(state, "attack", seat, (a, *helpers), (t,))


def _check_attack(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if (
        not action.cards
        or len(action.targets) != 1
        or action.words
        or len(set(action.cards)) != len(action.cards)
    ):
        return (
            f'{C}: attack with one character, boosted by any allies (attack "Attacker" '
            '[, "Booster"...] -> "Target")'
        )
    if data(state).battle is not None:
        return R_ONE_ATTACK
    attacker, target = action.cards[0], action.targets[0]
    problem = _attacker_problem(state, seat, attacker) or _target_problem(state, attacker, target)
    if problem:
        return problem
    for b in action.cards[1:]:
        problem = _booster_problem(state, seat, b, "dmg", (attacker, target))
        if problem:
            return problem
    return None


def _exec_attack(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    attacker, helpers, target = action.cards[0], action.cards[1:], action.targets[0]
    d = data(state)
    d.battle = Battle(seat, attacker, target, tuple(helpers))
    enter_phase(state, "battle", events)
    state.cards[attacker].turned = True
    with_ = f", boosted by {', '.join(name(state, b) for b in helpers)}" if helpers else ""
    events.append(
        Event(
            "attack",
            f"{name(state, attacker)} attacks {name(state, target)}{with_}",
            seat=seat,
            cards=(attacker, target),
        )
    )
    data(state).battle.attack_lent = sum(stat(state, b, "dmg") for b in helpers)
    _boost(state, helpers, events)
    _trigger(state, attacker, "rally_call")
    _trigger(state, target, "fortify")
    defender = state.cards[target].owner
    if _may_be_boosted(state, target) and boosters(
        state, defender, "def", (attacker, target, *helpers)
    ):
        open_window(state, defender, "defend", events)
    else:
        _open_chain(state, events, "battle", seat, None)


def _boost(state: GameState, helpers: Sequence[int], events: Events) -> None:
    """Boosters are rested and staggered (coe.txt, Boosting)."""
    for b in helpers:
        state.cards[b].turned = True
        stagger(state, b, events)


def _trigger(state: GameState, cid: int, when: str) -> None:
    card = state.cards[cid].card
    for i, trig in enumerate(card.triggers):
        if trig.when == when:
            ab.pend(state, CHARACTER_SPEED, cid, state.cards[cid].owner, f"{when}:{i}")


def _may_be_boosted(state: GameState, cid: int) -> bool:
    """A character in the Support position is never boosted (ruling 15)."""
    return state.cards[cid].zone[1] != SUPPORT


def _gen_defend(state: GameState, seat: int) -> Iterator[Action]:
    battle = data(state).battle
    if battle is None or not _may_be_boosted(state, battle.target):
        return
    helpers = boosters(state, seat, "def", (battle.attacker, battle.target, *battle.attack_boost))
    if helpers:
        yield act(state, "defend", seat, tuple(helpers))
        for h in helpers if len(helpers) > 1 else ():
            yield act(state, "defend", seat, (h,))


def _check_defend(state: GameState, action: Action) -> str | None:
    battle = data(state).battle
    if battle is None:
        return f"{C}: defense boosting answers an attack"
    if (
        not action.cards
        or action.targets
        or action.words
        or len(set(action.cards)) != len(action.cards)
    ):
        return f'{C}: defend with any number of allies (defend "Booster"...), or pass'
    if not _may_be_boosted(state, battle.target):
        return R_SUPPORT_BOOST
    busy = (battle.attacker, battle.target, *battle.attack_boost)
    for b in action.cards:
        problem = _booster_problem(state, action.seat, b, "def", busy)
        if problem:
            return problem
    return None


def _exec_defend(state: GameState, action: Action, events: Events) -> None:
    battle = data(state).battle
    close_window(state)
    battle.defense_boost = action.cards
    battle.defense_lent = sum(stat(state, b, "def") for b in action.cards)
    events.append(
        Event(
            "info",
            f"{', '.join(name(state, b) for b in action.cards)} "
            f"boost{'s' if len(action.cards) == 1 else ''} "
            f"{name(state, battle.target)}'s defence",
            seat=action.seat,
            cards=action.cards,
        )
    )
    _boost(state, action.cards, events)
    _open_chain(state, events, "battle", battle.seat, None)


def _on_pass_defend(state: GameState, prompt: Prompt, events: Events) -> None:
    _open_chain(state, events, "battle", data(state).battle.seat, None)

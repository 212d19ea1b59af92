"""The Battle Phase once the answers are done (coe.txt, "Battle Phase", its steps 2 to 4):
the counter-attack (ruling 42), the damage (DMG less DEF; Unblockable, Critical, Piercing;
rulings 41, 46, 47), and the Preparation Phase resumed (ruling 48).

The attack itself and boosting are in ``attacks``, after ``answers``: an attack opens a
round of answers, and the answers' end leads here."""

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
from .effects import archive
from .keywords import has, permits, stat
from .state import CHARACTERS, LEADER, SUPPORT, Battle, C, characters, data, name


def _after_answers(state: GameState, events: Events) -> None:
    """The answers and Rally Call and Fortify have resolved (ruling 40); then the defender
    may counter-attack: if it is unrested and the attacker lacks Range (ruling 42)."""
    battle = data(state).battle
    if state.over:
        return
    if battle.negated:
        _end_battle(state, events, "the attack was negated")
        return
    if not _still_on(state, battle):
        _end_battle(state, events, "the attacker or the defender has left the battlefield")
        return
    t = battle.target
    if (
        not state.cards[t].turned
        and not has(state, battle.attacker, "range")
        and permits(state, t, "counter_attack")
    ):
        open_window(state, state.cards[t].owner, "counter_attack", events)
    else:
        _damage(state, events)


def _still_on(state: GameState, battle: Battle) -> bool:
    return all(
        any(c in characters(state, s) for s in range(state.seats))
        for c in (battle.attacker, battle.target)
    )


def _gen_counter(state: GameState, seat: int) -> Iterator[Action]:
    battle = data(state).battle
    if battle is not None:
        yield act(state, "counter", seat, (battle.target,), (battle.attacker,))


def _check_counter(state: GameState, action: Action) -> str | None:
    battle = data(state).battle
    if (
        battle is None
        or action.cards != (battle.target,)
        or action.targets != (battle.attacker,)
        or action.words
    ):
        return f"{C}: the defending character may counter attack the attacker"
    return None


def _exec_counter(state: GameState, action: Action, events: Events) -> None:
    close_window(state)
    data(state).battle.countered = True
    _damage(state, events)


def _on_pass_counter(state: GameState, prompt: Prompt, events: Events) -> None:
    _damage(state, events)


def _same_class(state: GameState, cid: int, helpers: Sequence[int]) -> bool:
    mine = set(state.cards[cid].card.classes)
    return any(mine & set(state.cards[h].card.classes) for h in helpers)


def _blow(
    state: GameState, by: int, to: int, dmg: int, unblockable: bool, piercing: bool
) -> tuple[int, str]:
    """Damage dealt by ``by`` to ``to`` (ruling 41, 46, 47): DMG less DEF (none against
    Unblockable), doubled by Critical, then +1 by Piercing against a staggered defender."""
    defence = 0 if unblockable else stat(state, to, "def")
    if not unblockable and to == data(state).battle.target:
        defence += data(state).battle.defense_lent
    amount = max(0, dmg - defence)
    notes = []
    if unblockable:
        notes.append("unblockable")
    if has(state, by, "critical") and amount:
        amount *= 2
        notes.append("critical")
    if piercing and any(m.stat == "staggered" for m in ab.modifiers(state, to)):
        amount += 1
        notes.append("piercing")
    words = f" ({', '.join(notes)})" if notes else ""
    return amount, f"{dmg} DMG against {defence} DEF{words}"


def _damage(state: GameState, events: Events) -> None:
    battle = data(state).battle
    a, t = battle.attacker, battle.target
    dmg = stat(state, a, "dmg") + battle.attack_lent
    blocked = _same_class(state, t, battle.defense_boost)
    unblockable = has(state, a, "unblockable") and not blocked
    piercing = has(state, a, "piercing") or _same_class(state, a, battle.attack_boost)
    hit, how = _blow(state, a, t, dmg, unblockable, piercing)
    back = None
    if battle.countered:
        back = _blow(state, t, a, stat(state, t, "dmg"), False, has(state, t, "piercing"))
    events.append(
        Event(
            "outcome",
            f"{how}: {name(state, t)} takes {hit}"
            + (
                f"; the counter-attack: {back[1]}, {name(state, a)} takes {back[0]}" if back else ""
            ),
            seat=battle.seat,
            cards=(a, t),
            value=("hit", hit, back[0] if back else None),
        )
    )
    # Both at once: the damage is marked first, then whoever reached its HP is archived.
    _mark(state, t, hit)
    if back is not None:
        _mark(state, a, back[0])
    for c in (t, a):
        inst = state.cards[c]
        if inst.zone[1] in (LEADER, CHARACTERS, SUPPORT) and inst.damage >= inst.card.hp:
            archive(state, c, events, " (defeated)")
    _end_battle(state, events)


def _mark(state: GameState, cid: int, amount: int) -> None:
    if amount > 0:
        state.cards[cid].damage += amount


def _end_battle(state: GameState, events: Events, why: str = "") -> None:
    """The Battle Phase ends; the Preparation Phase resumes (ruling 48)."""
    d = data(state)
    battle = d.battle
    d.battle = None
    if battle is not None and battle.lasting:
        state.lasting = tuple(m for m in state.lasting if m not in battle.lasting)
    if why:
        events.append(Event("info", f"No damage is dealt: {why}", seat=state.active))
    if not state.over:
        enter_phase(state, "prep", events)

"""The Main Phase's fifth action, Cast a Spell (the rulebook's 4, Turn Structure, Main Phase,
5): what a Spell may be cast on, once per player turn, counter spells, the stack resolved
last in, first out, and the answers to an attack or to an enemy Spell (the attack goes on
after them, through ``attack``)."""

from __future__ import annotations

from collections.abc import Iterator

from ....engine import Action, Event, Events, GameState, Prompt, act, close_window, open_window
from ..cards import WotaCard
from .attack import continue_attack, may_answer
from .effects import resolve
from .placing import _named
from .state import GRAVE, HAND, R_COUNTER, R_SPELL_ONCE, R_TARGET, STACK, W, board, data, name, who

# -- spells ---------------------------------------------------------------------------------


def spell_targets(state: GameState, seat: int, card: WotaCard) -> list[int] | None:
    """The cards a Spell may be cast on (None: it takes no target)."""
    if card.target == "none":
        return None
    enemy = card.target == "enemy"
    return [inst.id for _, inst in board(state) if (inst.owner != seat) == enemy]


def _cast_problem(state: GameState, seat: int, card: WotaCard) -> str | None:
    d = data(state)
    if d.cast[seat]:
        return R_SPELL_ONCE
    top = d.stack[-1] if d.stack else None
    if card.counters and (top is None or top[1] == seat or state.cards[top[0]].card.counters):
        return R_COUNTER
    return None


def _gen_cast(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).cast[seat]:
        return
    for cid in state.zones[(seat, HAND)]:
        inst = state.cards[cid]
        if (
            not inst.known
            or inst.card.type != "spell"
            or _cast_problem(state, seat, inst.card) is not None
        ):
            continue
        targets = spell_targets(state, seat, inst.card)
        if targets is None:
            yield act(state, "cast", seat, (cid,))
        else:
            for t in targets:
                yield act(state, "cast", seat, (cid,), (t,))


def _check_cast(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if len(action.cards) != 1 or len(action.targets) > 1 or action.words:
        return f'{W}: cast one Spell (cast "Spell" [-> "Card"])'
    inst = state.cards[action.cards[0]]
    if inst.zone != (seat, HAND) or inst.card.type != "spell":
        return f"{W}, Cast a Spell: play a Spell card from your hand"
    problem = _cast_problem(state, seat, inst.card)
    if problem:
        return problem
    targets = spell_targets(state, seat, inst.card)
    if targets is None:
        return f"{R_TARGET}: {name(state, inst.id)} is cast on no card" if action.targets else None
    if len(action.targets) != 1 or action.targets[0] not in targets:
        side = "an enemy" if inst.card.target == "enemy" else "one of your"
        return f"{R_TARGET}: {name(state, inst.id)} is cast on {side} card"
    return None


def _exec_cast(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    d = data(state)
    if state.prompts:
        close_window(state)  # casting is this seat's answer to the window
    cid = action.cards[0]
    target = action.targets[0] if action.targets else -1
    d.cast[seat] = True
    state.move(cid, (None, STACK))
    d.stack.append((cid, seat, target))
    on = f" on {_named(state, target)}" if target >= 0 else ""
    events.append(
        Event(
            "cast",
            f"{who(state, seat)} casts {name(state, cid)}{on}",
            seat=seat,
            cards=(cid,) + ((target,) if target >= 0 else ()),
            value=((seat, HAND), (None, STACK)),
        )
    )
    other = 1 - seat
    if may_answer(state, other):
        open_window(state, other, "respond_spell", events)
    else:
        resolve_stack(state, events)


def resolve_stack(state: GameState, events: Events) -> None:
    """Last in, first out; a counter Spell stops the Spell it answered."""
    d = data(state)
    countered = False
    while d.stack and not state.over:
        cid, seat, target = d.stack.pop()
        card = state.cards[cid].card
        if countered:
            events.append(Event("countered", f"{card.name} is countered", seat=seat, cards=(cid,)))
            countered = False
        else:
            events.append(Event("resolve", f"{card.name} resolves", seat=seat, cards=(cid,)))
            resolve(state, card.effects, cid, events, target=target if target >= 0 else None)
            countered = card.counters
        if state.cards[cid].zone == (None, STACK):
            state.move(cid, (seat, GRAVE))
    if not state.over and d.attack is not None and d.attack.stage == "answer":
        continue_attack(state, events)


def _on_pass_spell(state: GameState, prompt: Prompt, events: Events) -> None:
    resolve_stack(state, events)


def _on_pass_attack(state: GameState, prompt: Prompt, events: Events) -> None:
    continue_attack(state, events)

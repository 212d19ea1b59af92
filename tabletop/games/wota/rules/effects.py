"""What happens to cards, and what card texts do: drawing, revealing a face-down card,
destruction, damage (an enemy effect flipping a face-down card first: the rulebook's 4,
Attack, d, Post-Combat Abilities, second bullet), healing, the statuses set (5, Status
Effects), Tokens summoned, and the effects of abilities, Traps and Spells resolved on
their targets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....engine import Event, Events, GameState, draw_cards
from .. import cards as schema
from ..cards import POISON_TURNS
from .state import (
    ASIDE,
    COORD,
    DECK,
    GRAVE,
    HAND,
    SQUARES,
    Attack,
    data,
    health_of,
    name,
    neighbours,
    occupant,
    on_board,
    own_squares,
    put,
    square_of,
    take,
    who,
)

# -- what happens to cards ----------------------------------------------------------------


def draw(state: GameState, seat: int, count: int, events: Events) -> None:
    draw_cards(state, seat, count, events, DECK, HAND)  # an empty deck is the Draw Phase's matter


def reveal(state: GameState, cid: int, events: Events, why: str = "") -> None:
    """Turn a face-down card face up (no ability resolves here)."""
    inst = state.cards[cid]
    if inst.face_down:
        inst.face_down = False
        events.append(
            Event("flip", f"{name(state, inst.id)} is revealed{why}", seat=inst.owner, cards=(cid,))
        )


def reveal_ability(state: GameState, cid: int, events: Events) -> None:
    inst = state.cards[cid]
    effects = inst.card.triggers.get("reveal")
    if effects and on_board(state, cid):
        events.append(
            Event(
                "ability", f"{name(state, inst.id)}: when revealed", seat=inst.owner, cards=(cid,)
            )
        )
        resolve(state, effects, cid, events)


def destroy(state: GameState, cid: int, events: Events) -> None:
    inst = state.cards[cid]
    sq = square_of(state, cid)
    owner = inst.owner
    if inst.card.type == "token":
        take(state, cid, (owner, ASIDE))
        where = "returns to the set-aside Tokens"
    else:
        take(state, cid, (owner, GRAVE))
        where = "goes to the graveyard"
    events.append(
        Event(
            "destroyed",
            f"{name(state, inst.id)} is destroyed and {where}",
            seat=owner,
            cards=(cid,),
            value=(sq,),
        )
    )
    effects = inst.card.triggers.get("destroyed")
    if effects:
        events.append(
            Event("ability", f"{name(state, inst.id)}: when destroyed", seat=owner, cards=(cid,))
        )
        resolve(state, effects, cid, events, origin=sq)


def tell(
    state: GameState, events: Events, inst: Any, event: Event, others: str | None = None
) -> None:
    """Report ``event`` about ``inst``. What befalls a face-down card reads in full for its
    owner alone (its name, its Health left, a buff it got for how it was placed would say
    what it is); the other player reads ``others`` instead (naming no card), or nothing."""
    if not inst.face_down:
        events.append(event)
        return
    owner = inst.owner
    events.append(event._replace(seen_by=frozenset({owner}), secret=""))
    if others is not None:
        rest = frozenset(s for s in range(state.seats) if s != owner)
        events.append(Event("info", others, seat=owner, seen_by=rest, secret=""))


def damage(
    state: GameState,
    cid: int,
    amount: int,
    events: Events,
    by: int | None = None,
    combat: bool = False,
) -> None:
    """Deal damage. An ability or Spell of the other side that reaches a face-down card flips
    it face up first; a Trap so revealed is destroyed; a Unit that survives then resolves its
    reveal ability (the rulebook's Post-Combat Abilities, second bullet)."""
    if amount <= 0 or not on_board(state, cid):
        return
    inst = state.cards[cid]
    exposed = False
    if inst.face_down and not combat and (by is None or state.cards[by].owner != inst.owner):
        reveal(state, cid, events)
        exposed = True
        if inst.card.type == "trap":
            destroy(state, cid, events)
            return
    inst.damage += amount
    left = max(0, health_of(inst) - inst.damage)
    tell(
        state,
        events,
        inst,
        Event(
            "damage",
            f"{name(state, inst.id)} takes {amount} damage ({left} Health left)",
            seat=inst.owner,
            cards=(cid,),
            value=(amount, left),
        ),
        f"A face-down card of {who(state, inst.owner)} takes {amount} damage",
    )
    if inst.damage >= health_of(inst):
        destroy(state, cid, events)
    elif exposed and inst.card.is_unit:
        reveal_ability(state, cid, events)


def heal(state: GameState, cid: int, amount: int, events: Events) -> None:
    inst = state.cards[cid]
    healed = min(amount, inst.damage)
    inst.damage -= healed
    cured = [s for s in schema.STATUS_RULES if s in inst.counters]
    for s in cured:
        del inst.counters[s]
    extra = f", cured of {', '.join(cured)}" if cured else ""
    tell(
        state,
        events,
        inst,
        Event(
            "heal",
            f"{name(state, inst.id)} heals {healed}{extra}",
            seat=inst.owner,
            cards=(cid,),
            value=(healed,),
        ),
    )


def set_status(state: GameState, cid: int, status: str, events: Events) -> None:
    inst = state.cards[cid]
    if not inst.card.is_unit:
        return  # statuses hold only on Units
    inst.counters[status] = POISON_TURNS if status == "poisoned" else 1
    tell(
        state,
        events,
        inst,
        Event(
            "status",
            f"{name(state, inst.id)} is {status.capitalize()}",
            seat=inst.owner,
            cards=(cid,),
            value=(status,),
        ),
    )


def summon(state: GameState, seat: int, token: str, near: str | None, events: Events) -> None:
    """A set-aside Token of that name enters face up on the empty square of its seat's
    territory nearest ``near`` (ruling)."""
    tid = next((c for c in state.zones[(seat, ASIDE)] if state.cards[c].card.name == token), None)
    free = [sq for sq in own_squares(seat) if occupant(state, sq) is None]
    if tid is None or not free:
        events.append(Event("info", f"No {token} can be summoned", seat=seat))
        return
    if near is not None:
        nc, nr = COORD[near]
        free.sort(
            key=lambda sq: (max(abs(COORD[sq][0] - nc), abs(COORD[sq][1] - nr)), SQUARES.index(sq))
        )
    sq = free[0]
    put(state, tid, sq)
    events.append(
        Event(
            "move",
            f"{token} is summoned to {sq}",
            seat=seat,
            cards=(tid,),
            value=((seat, ASIDE), (None, sq)),
        )
    )


def targets_of(
    state: GameState,
    to: str,
    source: int,
    origin: str | None,
    attack: Attack | None,
    target: int | None,
) -> list[int]:
    owner = state.cards[source].owner
    if to == "self":
        return [source] if on_board(state, source) else []
    if to in ("attacker", "defender"):
        if attack is None:
            return []
        cid = attack.attacker if to == "attacker" else attack.defender
        return [cid] if on_board(state, cid) else []
    if to == "target":
        return [target] if target is not None and on_board(state, target) else []
    sq = square_of(state, source) or origin
    if sq is None:
        return []
    out = []
    for n in neighbours(sq, diagonal=False):
        cid = occupant(state, n)
        if cid is not None and (state.cards[cid].owner != owner) == (to == "adjacent_enemies"):
            out.append(cid)
    return out


def resolve(
    state: GameState,
    effects: Sequence[Any],
    source: int,
    events: Events,
    origin: str | None = None,
    target: int | None = None,
) -> None:
    """Resolve effects of ``source`` (a card, or a Spell) in order."""
    owner = state.cards[source].owner
    attack = data(state).attack
    for e in effects:
        if state.over:
            return
        if e.do == "draw":
            draw(state, owner, e.count, events)
            continue
        if e.do == "summon":
            summon(state, owner, e.token, square_of(state, source) or origin, events)
            continue
        if e.do == "counter":
            continue  # done by the stack
        for t in targets_of(state, e.to, source, origin, attack, target):
            if not on_board(state, t):
                continue
            enemy = state.cards[t].owner != owner
            if e.do == "damage":
                damage(state, t, e.amount, events, by=source)
                continue
            if state.cards[t].face_down and enemy:
                # An enemy effect reaching a face-down card flips it first (as damage does);
                # a Trap so exposed is spent, unless the effect only looks (Scry).
                reveal(state, t, events)
                if state.cards[t].card.type == "trap":
                    if e.do != "reveal":
                        destroy(state, t, events)
                    continue
                if e.do != "reveal":
                    _apply(state, e, t, events)
                if on_board(state, t) and state.cards[t].card.is_unit:
                    reveal_ability(state, t, events)
                continue
            if e.do == "reveal":
                continue
            _apply(state, e, t, events)


def _apply(state: GameState, e: Any, t: int, events: Events) -> None:
    if e.do == "heal":
        heal(state, t, e.amount, events)
    elif e.do == "buff":
        inst = state.cards[t]
        if e.attack:
            inst.counters["atk"] = inst.counters.get("atk", 0) + e.attack
        if e.health:
            inst.counters["hp"] = inst.counters.get("hp", 0) + e.health
        tell(
            state,
            events,
            inst,
            Event(
                "buff",
                f"{name(state, inst.id)} gets {e.attack:+d}/{e.health:+d}",
                seat=inst.owner,
                cards=(t,),
                value=(e.attack, e.health),
            ),
        )
        if inst.damage >= health_of(inst):
            destroy(state, t, events)
    elif e.do == "status":
        set_status(state, t, e.status, events)

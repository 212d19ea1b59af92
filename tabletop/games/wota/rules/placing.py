"""The Main Phase's first three actions (the rulebook's 4, Turn Structure, Main Phase, 1 to 3):
Place a Card (at setup too: 3, Game Setup, Step 4), Move a Card (what keeps a card from
moving, Frozen and Petrified, and the Bleeding damage of a step: 5, Status Effects) and
Flip a Card."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ....engine import Action, Event, Events, GameState, act
from .effects import damage, resolve, reveal, reveal_ability, tell
from .state import (
    AROUND,
    AROUND_SET,
    COORD,
    HAND,
    R_ADJACENT,
    R_AP,
    R_FACE_DOWN,
    R_FLIP,
    R_FROM_HAND,
    R_FROZEN,
    R_OCCUPIED,
    R_PETRIFIED,
    R_SETUP_FIVE,
    R_SPELLS_STAY,
    R_STONE_AT_SETUP,
    R_TERRITORY,
    R_YOURS,
    SETUP_PLACES,
    SQUARE_SET,
    W,
    data,
    has,
    name,
    occupant,
    on_board,
    own_squares,
    put,
    square_of,
    territory,
    who,
)

# -- placing, moving, flipping ------------------------------------------------------------


def _gen_place(state: GameState, seat: int) -> Iterator[Action]:
    free = [sq for sq in own_squares(seat) if occupant(state, sq) is None]
    setup = state.phase == "setup"
    d = data(state)
    if not free or (not setup and d.ap <= 0):
        return
    for cid in state.zones[(seat, HAND)]:
        card = state.cards[cid].card
        if not state.cards[cid].known or card.type in ("spell", "token"):
            continue
        if setup:
            if card.type != "stone" and d.placed[seat] >= SETUP_PLACES:
                continue
        elif card.type == "stone":
            continue
        faces = ("up", "down") if card.type == "unit" else ("down",)
        for sq in free:
            for face in faces:
                yield act(state, "place", seat, (cid,), (), (sq, face))


def _check_place(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if len(action.cards) != 1 or action.targets or len(action.words) != 2:
        return f'{W}: place one card on one space, face up or down (place "Card" b2 up)'
    sq, face = action.words
    inst = state.cards[action.cards[0]]
    card = inst.card
    d = data(state)
    if inst.zone != (seat, HAND):
        return R_FROM_HAND
    if card.type == "spell":
        return R_SPELLS_STAY
    if card.type == "token":
        return f"{W} (ruling): Tokens are summoned by abilities, not placed"
    if face not in ("up", "down"):
        return f"{W}: a card is placed face up or face down ('up' or 'down')"
    if sq not in SQUARE_SET or COORD[sq][1] not in territory(seat):
        return R_TERRITORY
    if occupant(state, sq) is not None:
        return R_OCCUPIED
    if card.type in ("trap", "stone") and face == "up":
        return R_FACE_DOWN
    if state.phase == "setup":
        if card.type != "stone" and d.placed[seat] >= SETUP_PLACES:
            return R_SETUP_FIVE
        return None
    if card.type == "stone":
        return R_STONE_AT_SETUP
    return R_AP if d.ap <= 0 else None


def _exec_place(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    cid = action.cards[0]
    sq, face = action.words
    d = data(state)
    inst = state.cards[cid]
    put(state, cid, sq)
    inst.face_down = face == "down"
    if state.phase == "setup":
        if inst.card.type != "stone":
            d.placed[seat] += 1
    else:
        d.ap -= 1
    card = inst.card
    events.append(
        Event(
            "move",
            f"{who(state, seat)} places {card.name} face {face} on {sq}",
            seat=seat,
            cards=(cid,),
            value=((seat, HAND), (None, sq)),
            secret=f"{who(state, seat)} places a card face down on {sq}"
            if face == "down"
            else None,
            seen_by=frozenset({seat}) if face == "down" else None,
        )
    )
    buff = (
        card.triggers.get("placed_up" if face == "up" else "placed_down") if card.is_unit else None
    )
    if buff:
        resolve(state, buff, cid, events)


def held(inst: Any) -> str | None:
    """Why a card's statuses keep it from moving (Petrified, Frozen), else ``None``: for the
    Move action and for moving into a destroyed defender's space alike."""
    if not inst.counters:
        return None
    if has(inst, "petrified"):
        return R_PETRIFIED
    if has(inst, "frozen"):
        return R_FROZEN
    return None


def step(state: GameState, cid: int, to: str, text: str, events: Events) -> None:
    """A card moves one space (the Move action, or the Aftermath's move into the destroyed
    defender's space); a Bleeding card takes 1 damage for it."""
    inst = state.cards[cid]
    sq = square_of(state, cid)
    put(state, cid, to, keep=True)
    events.append(
        Event("move", text, seat=inst.owner, cards=(cid,), value=((None, sq), (None, to)))
    )
    if has(inst, "bleeding"):
        tell(
            state,
            events,
            inst,
            Event("info", f"{name(state, inst.id)} is Bleeding", seat=inst.owner, cards=(cid,)),
        )
        damage(state, cid, 1, events, by=cid)


def _gen_move(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).ap <= 0:
        return
    where, cards = data(state).where, state.cards
    occupied = set(where.values())
    for cid, sq in where.items():
        inst = cards[cid]
        if inst.owner != seat or held(inst):
            continue
        for n in AROUND[sq]:
            if n not in occupied:
                yield act(state, "move", seat, (cid,), (), (n,))


def _check_move(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets or len(action.words) != 1:
        return f'{W}: move one card to one space (move "Card" b3)'
    cid = action.cards[0]
    inst = state.cards[cid]
    sq = square_of(state, cid)
    to = action.words[0]
    if sq is None or inst.owner != action.seat:
        return R_YOURS
    problem = held(inst)
    if problem:
        return problem
    if to not in AROUND_SET[sq]:
        return R_ADJACENT
    if occupant(state, to) is not None:
        return R_OCCUPIED
    return R_AP if data(state).ap <= 0 else None


def _exec_move(state: GameState, action: Action, events: Events) -> None:
    cid = action.cards[0]
    sq = square_of(state, cid)
    to = action.words[0]
    data(state).ap -= 1
    step(
        state,
        cid,
        to,
        f"{who(state, action.seat)} moves {_named(state, cid)} from {sq} to {to}",
        events,
    )


def _named(state: GameState, cid: int) -> str:
    inst = state.cards[cid]
    return "a face-down card" if inst.face_down else inst.card.name


def _gen_flip(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).ap <= 0:
        return
    cards = state.cards
    for cid in data(state).where:
        inst = cards[cid]
        if inst.face_down and inst.owner == seat and inst.card.is_unit:
            yield act(state, "flip", seat, (cid,))


def _check_flip(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets or action.words:
        return f'{W}: flip one card (flip "Card")'
    inst = state.cards[action.cards[0]]
    if on_board(state, inst.id) and inst.owner != action.seat:
        return R_YOURS
    if not on_board(state, inst.id) or not inst.face_down or not inst.card.is_unit:
        return R_FLIP
    return R_AP if data(state).ap <= 0 else None


def _exec_flip(state: GameState, action: Action, events: Events) -> None:
    cid = action.cards[0]
    data(state).ap -= 1
    reveal(state, cid, events, f" by {who(state, action.seat)}")
    reveal_ability(state, cid, events)

"""ARC-mage's movement: a creature moving between its cities and the army (once a turn,
marked for it unless it travels), and the residents leaving a destroyed city."""

from __future__ import annotations

from collections.abc import Iterator

from ....engine import Action, Events, GameState, act, close_window
from .flow import advance
from .keywords import forbidden, gate_closed, has, sealed
from .lifecycle import check_deaths, mark
from .state import (
    ARMY,
    R_CANNOT,
    R_MARKED,
    R_MOVE,
    R_MOVE_ONCE,
    R_MOVE_OWN,
    A,
    cities,
    creatures,
    data,
    home,
    in_play,
    is_city,
    is_creature,
    name,
)
from .triggers import entered_city, moved, origin
from .zones import move_with

# -- movement -------------------------------------------------------------------------------------


def _destinations(
    state: GameState,
    seat: int,
    cid: int,
    towns: list[list[int]] | None = None,
    here: int | None = -1,
) -> list[tuple[tuple[int, ...], tuple[str, ...]]]:
    """(targets, words) for each place the creature may move to: the army, and the seat's
    other cities (the opponents' too with Infiltrate, where their gate is open). ``towns``
    (each seat's cities) and ``here`` (its home) spare a generator asking again."""
    inst = state.cards[cid]
    if here == -1:
        here = home(state, cid)
    out: list[tuple[tuple[int, ...], tuple[str, ...]]] = []
    evac = bool(state.prompts) and state.top_prompt.name == "evacuate"
    if here is not None and not evac and sealed(state, here) is not None:
        return out  # "All movement to or from my city is forbidden" (a destroyed one's
        # residents leave it still)
    if inst.zone != (seat, ARMY):
        out.append(((), ("army",)))
    abroad = None  # whether it may go into opponents' cities: asked once, if at all
    for s in range(state.seats):
        if s != seat:
            if abroad is None:
                abroad = has(state, cid, "infiltrate")
            if not abroad:
                continue
        for c in towns[s] if towns is not None else cities(state, s):
            if (
                c != here
                and not (s != seat and gate_closed(state, c, cid))
                and sealed(state, c) is None
            ):
                out.append(((c,), ()))
    return out


def _gen_move(state: GameState, seat: int) -> Iterator[Action]:
    if state.prompts and state.top_prompt.name == "evacuate":
        d = data(state)
        for cid in d.evac:
            for targets, words in _destinations(state, seat, cid):
                yield act(state, "move", seat, (cid,), targets, words)
        return
    moved = data(state).moved
    cards = state.cards
    towns = None
    for cid in creatures(state, seat):
        if cards[cid].turned:
            continue
        here = home(state, cid)
        if here in moved or forbidden(state, cid, "move"):
            continue
        if towns is None:
            towns = [cities(state, s) for s in range(state.seats)]
        for targets, words in _destinations(state, seat, cid, towns, here):
            if targets and targets[0] in moved:
                continue
            yield act(state, "move", seat, (cid,), targets, words)


def _check_move(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if (
        len(action.cards) != 1
        or len(action.targets) + len(action.words) != 1
        or (action.words and action.words != ("army",))
    ):
        return f'{A}: move one creature (move "Creature" -> "City" | move "Creature" army)'
    cid = action.cards[0]
    inst = state.cards[cid]
    d = data(state)
    evac = state.prompts and state.top_prompt.name == "evacuate"
    if evac:
        if cid not in d.evac:
            return (
                f"{A}, Defending a city: move the unmarked residents of the destroyed "
                "city to another city or to the army first"
            )
    elif not in_play(state, cid) or not is_creature(inst) or inst.owner != seat:
        return R_MOVE_OWN
    to = action.targets[0] if action.targets else None
    if to is not None:
        ti = state.cards[to]
        if not is_city(ti) or not in_play(state, to):
            return R_MOVE
        if ti.owner != seat and not has(state, cid, "infiltrate"):
            return R_MOVE_OWN
        if ti.owner != seat and gate_closed(state, to, cid):
            return (
                f"{A}: {name(state, ti.id)} says opponents' creatures cannot become its residents"
            )
        if home(state, cid) == to:
            return f"{R_MOVE}: {name(state, inst.id)} is in {name(state, ti.id)} already"
    elif inst.zone == (seat, ARMY):
        return f"{R_MOVE}: {name(state, inst.id)} is in the army already"
    for city in (to,) if evac else (home(state, cid), to):
        by = sealed(state, city) if city is not None else None
        if by is not None:
            return (
                f"{R_CANNOT}: {name(state, by)} forbids all movement into or out of "
                f"{name(state, city)}"
            )
    if evac:
        return None
    if inst.turned:
        return f"{R_MARKED}: {name(state, inst.id)} is marked"
    if forbidden(state, cid, "move"):
        return f"{A}: a card in play says {name(state, inst.id)} cannot move"
    here = home(state, cid)
    if here is not None and here in d.moved:
        return f"{R_MOVE_ONCE}: {name(state, here)} has been in a move this turn"
    if to is not None and to in d.moved:
        return f"{R_MOVE_ONCE}: {name(state, to)} has been in a move this turn"
    return None


def _exec_move(state: GameState, action: Action, events: Events) -> None:
    d = data(state)
    cid = action.cards[0]
    inst = state.cards[cid]
    to = action.targets[0] if action.targets else None
    here = home(state, cid)
    dest = state.cards[to].zone if to is not None else (inst.owner, ARMY)
    evac = bool(state.prompts) and state.top_prompt.name == "evacuate"
    where = name(state, to) if to is not None else "the army"
    came = origin(state, cid)
    move_with(state, cid, dest, events, f"{name(state, inst.id)} moves to {where}")
    if to is not None:
        entered_city(state, cid)  # "When I enter a city, ..."
    moved(state, cid, came)  # "When I am moved, ..."
    if evac:
        d.evac = tuple(c for c in d.evac if c != cid)
        # the residents still to move lose what it gave them ("each other Gaian card in
        # the same city"), and it gains its new neighbours' (ruling 39)
        check_deaths(state, events)
        if not d.evac:
            close_window(state)
            advance(state, events)
        return
    d.moved = d.moved | {c for c in (here, to) if c is not None}
    if not has(state, cid, "travel"):
        mark(state, cid, events, " (moving)")
    # what a card gives its neighbours ("for each other Gaian card in the same city")
    # changes with where it stands
    check_deaths(state, events)
    advance(state, events)

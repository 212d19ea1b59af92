"""ARC-mage's setup and the turn's own steps: the coin and the founding of the first cities,
the Unmark phase (and releasing a held creature), salvage, Draw & Resource, building a
city, and devoting a city in Tactics."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations

from ....engine import Action, Event, Events, GameState, act, enter_phase
from ..vocabulary import a_faction
from . import teams
from .devotion import _can_devote_any, _devotees, grave_offerings
from .flow import advance
from .keywords import draw_limit, forbidden, has
from .lifecycle import check_deaths, free_row, held, kill, leave_play, unmark
from .paying import can_pay, pay
from .stack import start_round
from .state import (
    FACTIONS,
    GRAVE,
    HAND,
    IN_PLAY,
    MAX_CITIES,
    R_BUILD,
    R_DEVOTE,
    R_DEVOTE_ONCE,
    R_DRAW,
    R_DRAW_EMPTY_HAND,
    R_DRAW_ZERO,
    R_MARKED,
    R_PICK_CITY,
    R_RELEASE,
    R_RESOURCE,
    R_SALVAGE,
    R_SALVAGE_WHEN,
    REMOVED,
    RES,
    RES_FACTION,
    UNBUILT,
    A,
    all_creatures,
    card_of,
    cities,
    creatures,
    data,
    forget,
    home,
    in_play,
    is_city,
    loyalty_marks,
    name,
    residents,
    who,
)
from .triggers import phase_heard
from .zones import draw

# -- setup -----------------------------------------------------------------------------------


def _coin_enter(state: GameState, events: Events) -> None:
    """ "Agree on a method to choose which player will go first": a coin (a die for more
    seats), heads Player 1."""
    d = data(state)
    if d.format:
        _team_coin(state, events)
        return
    face = state.rng.randint(0, state.seats - 1)
    d.first = face
    state.active = face
    if state.seats == 2:
        words = f"The coin shows {'heads' if face == 0 else 'tails'}"
    else:
        words = f"The die chooses {who(state, face)}"
    events.append(
        Event("coin", f"{words}: {who(state, face)} goes first", seat=face, value=("first", face))
    )


def _team_coin(state: GameState, events: Events) -> None:
    """Who goes first in a team format: "The team with the most players start" (between
    equal teams, the coin chooses: ruling 81); "The evil overlord always goes first"."""
    d = data(state)
    if d.format == teams.GIANT:
        sizes = [d.teams.count(0), d.teams.count(1)]
        if sizes[0] == sizes[1]:
            first = state.rng.randint(0, 1)
            why = f"the coin chooses {teams.TEAM_NAMES[d.format][first]}"
        else:
            first = 0 if sizes[0] > sizes[1] else 1
            why = f"{teams.TEAM_NAMES[d.format][first]} has the most players"
        teams.setup(d, state.seats, d.format, first)
    else:
        why = "the evil overlord always goes first"
    d.first = state.active = teams.first_seat(state)
    events.append(
        Event(
            "coin",
            f"{why[0].upper()}{why[1:]}: {who(state, d.first)} goes first",
            seat=d.first,
            value=("first", d.first),
        )
    )


def _gen_found(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).founded[seat]:
        return
    seen = set()
    for cid in state.zones[(seat, UNBUILT)]:
        n = state.cards[cid].card.name
        if n not in seen:
            seen.add(n)
            yield act(state, "found", seat, (cid,))


def _check_found(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets or action.words:
        return f'{A}: pick one city (found "City")'
    inst = state.cards[action.cards[0]]
    if inst.zone != (action.seat, UNBUILT):
        return R_PICK_CITY
    return None


def _exec_found(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    d = data(state)
    build_city(state, seat, action.cards[0], events)
    if (
        teams.is_overlord(state, seat)
        and len(cities(state, seat)) < teams.OVERLORD_CITIES
        and state.zones[(seat, UNBUILT)]
    ):
        return  # "the evil overlord puts two cities into play": it founds another
    d.founded[seat] = True
    forget(state)  # every seat founded: a player without a city is defeated from now on
    _next_founder(state, seat, events)


def _next_founder(state: GameState, seat: int, events: Events) -> None:
    """The next player founds their first city; once all have, the first turn is up."""
    d = data(state)
    waiting = [s for s in state.seats_from(seat) if not d.founded[s]]
    if waiting:
        state.active = waiting[0]
    else:
        state.active = next(s for s in state.seats_from(d.first) if not d.conceded[s])
        state.turn = 1
        enter_phase(state, "unmark", events)


def build_city(state: GameState, seat: int, cid: int, events: Events) -> None:
    row = free_row(state, seat)
    if row is None:
        return
    state.move(cid, (seat, row))
    events.append(
        Event(
            "move",
            f"{who(state, seat)} builds {name(state, cid)}",
            seat=seat,
            cards=(cid,),
            value=((seat, UNBUILT), (seat, row)),
        )
    )


# -- the turn ----------------------------------------------------------------------------------


def _unmark_enter(state: GameState, events: Events) -> None:
    """All the active player's marked cards unmark; the devotion shown last turn fades."""
    seat = state.active
    d = data(state)
    cards = state.cards
    n = 0
    for cid in [
        c
        for c in all_creatures(state)
        if cards[c].counters.get("fleeting") and cards[c].owner == seat
    ]:
        leave_play(state, cid, REMOVED, events, f"{name(state, cid)} is removed from the game")
    longing(state, seat, events)
    for (holder, zname), ids in state.zones.items():
        if zname not in IN_PLAY and zname not in RES_FACTION:
            continue
        for cid in ids:
            inst = cards[cid]
            # a resource card is its pile's player's (a stolen one too, ruling 55)
            if (holder if zname in RES_FACTION else inst.owner) != seat or not inst.turned:
                continue
            if zname in IN_PLAY and held(state, cid):
                events.append(
                    Event(
                        "info",
                        f"{name(state, inst.id)} does not unmark unless its controller pays for it",
                        seat=seat,
                        cards=(cid,),
                    )
                )
                continue
            if (
                zname in IN_PLAY
                and inst.card.type == "creature"
                and forbidden(state, cid, "unmark")
            ):
                events.append(
                    Event(
                        "info", f"{name(state, inst.id)} does not unmark", seat=seat, cards=(cid,)
                    )
                )
                continue
            if inst.counters.get("frozen"):
                inst.counters["frozen"] -= 1
                if not inst.counters["frozen"]:
                    del inst.counters["frozen"]
                events.append(
                    Event(
                        "info", f"{name(state, inst.id)} does not unmark", seat=seat, cards=(cid,)
                    )
                )
                continue
            inst.turned = False
            n += 1
    for city in cities(state, seat):
        d.devotion.pop(city, None)
    d.drawn = None
    d.resources_left = 0
    if n:
        events.append(
            Event(
                "unmark",
                f"{who(state, seat)} unmarks {n} card{'s' if n > 1 else ''}",
                seat=seat,
                value=(n,),
            )
        )
    # what the faded Levels and the creatures that left gave others is gone (ruling 39)
    check_deaths(state, events)
    if d.pending:
        advance(state, events)  # a death its controller may prevent


def longing(state: GameState, seat: int, events: Events) -> None:
    """Homesick, at the start of its controller's turn: a creature not in a city of its
    own faction loses one of its loyalty marks, one in such a city gains one back (up to
    its printed number); one with none left dies (ruling 56)."""
    cards = state.cards
    for cid in creatures(state, seat):
        inst = cards[cid]
        if not has(state, cid, "homesick"):
            continue
        city = home(state, cid)
        at_home = city is not None and cards[city].card.faction == inst.card.faction
        lost = inst.counters.get("longing", 0)
        if at_home:
            if not lost:
                continue
            lost -= 1
        else:
            lost += 1
        inst.counters["longing"] = lost
        if not lost:
            del inst.counters["longing"]
        left = loyalty_marks(state, cid)
        how = "gains a loyalty mark back" if at_home else "loses a loyalty mark"
        events.append(
            Event(
                "info",
                f"{name(state, inst.id)} is homesick and {how} ({left} left)",
                seat=seat,
                cards=(cid,),
            )
        )
        if not left:
            kill(state, cid, events)


def _gen_release(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).drawn is not None:
        return
    for cid in creatures(state, seat):
        if state.cards[cid].turned and held(state, cid):
            a = act(state, "release", seat, (cid,))
            if _check_release(state, a) is None:
                yield a


def _check_release(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets or action.words:
        return f'{A}: unmark one held creature (release "Creature")'
    cid = action.cards[0]
    inst = state.cards[cid]
    if not in_play(state, cid) or inst.owner != action.seat or not inst.turned:
        return f"{R_RELEASE}: only your own marked creature"
    why = held(state, cid)
    if why is None:
        return f"{R_RELEASE}: {name(state, inst.id)} is not held marked"
    if data(state).drawn is not None:
        return f"{R_RELEASE}: before you draw"
    if why[0] == "pay":
        return can_pay(state, action.seat, why[1], 0, "none")
    return None


def _exec_release(state: GameState, action: Action, events: Events) -> None:
    cid = action.cards[0]
    inst = state.cards[cid]
    how, n = held(state, cid)
    if how == "pay":
        pay(state, action.seat, n, 0, "none", events)
    else:
        inst.counters["atk"] = inst.counters.get("atk", 0) - 1
        inst.counters["def"] = inst.counters.get("def", 0) - 1
        events.append(
            Event(
                "buff",
                f"{name(state, inst.id)} takes a -1/-1 counter to unmark",
                seat=action.seat,
                cards=(cid,),
                value=(-1, -1),
            )
        )
    unmark(state, cid, events)
    check_deaths(state, events)
    advance(state, events)


def _gen_salvage(state: GameState, seat: int) -> Iterator[Action]:
    for cid in state.zones[(seat, GRAVE)]:
        if card_of(state, cid).keywords.get("salvage"):
            a = act(state, "salvage", seat, (cid,))
            if _check_salvage(state, a) is None:
                yield a


def _check_salvage(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets or action.words:
        return f'{A}: salvage one card (salvage "Card")'
    cid = action.cards[0]
    n = card_of(state, cid).keywords.get("salvage", 0)
    if state.cards[cid].zone != (action.seat, GRAVE) or not n:
        return f"{R_SALVAGE}: a card with salvage, from your graveyard"
    if state.prompts or data(state).stack or state.active != action.seat:
        return R_SALVAGE_WHEN
    return can_pay(state, action.seat, n, 0, "none")


def _exec_salvage(state: GameState, action: Action, events: Events) -> None:
    cid = action.cards[0]
    n = card_of(state, cid).keywords["salvage"]
    pay(state, action.seat, n, 0, "none", events)
    state.move(cid, (action.seat, HAND))
    events.append(
        Event(
            "move",
            f"{who(state, action.seat)} salvages {name(state, cid)} (pays {n})",
            seat=action.seat,
            cards=(cid,),
            value=((action.seat, GRAVE), (action.seat, HAND)),
        )
    )


def _gen_draw(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).drawn is not None:
        return
    for n in ("2", "1", "0"):
        a = act(state, "draw", seat, (), (), (n,))
        if _check_draw(state, a) is None:
            yield a


def _check_draw(state: GameState, action: Action) -> str | None:
    d = data(state)
    if (
        action.cards
        or action.targets
        or len(action.words) != 1
        or action.words[0] not in ("0", "1", "2")
    ):
        return f"{R_DRAW} (draw 2, draw 1 or draw 0)"
    if d.drawn is not None:
        return f"{R_DRAW}: you have chosen already this turn"
    n = int(action.words[0])
    limit = draw_limit(state, action.seat)
    if limit is not None and n > limit[0]:
        said = f"{limit[0]} card{'s' if limit[0] != 1 else ''}"
        return f"{name(state, limit[1])}: you can only draw {said} during your draw phase"
    hand = len(state.zones[(action.seat, HAND)])
    if n == 0 and hand == 0:
        return R_DRAW_EMPTY_HAND
    if n == 0 and hand < 2:
        return R_DRAW_ZERO
    return None


def _exec_draw(state: GameState, action: Action, events: Events) -> None:
    d = data(state)
    n = int(action.words[0])
    d.drawn = n
    d.caps.pop(action.seat, None)  # "during their next draw phase": this one
    d.resources_left = 2 - n if n < 2 else 0
    if n:
        draw(state, action.seat, n, events)
    else:
        events.append(
            Event(
                "info",
                f"{who(state, action.seat)} draws no card, to play two resource cards",
                seat=action.seat,
            )
        )


def _gen_resource(state: GameState, seat: int) -> Iterator[Action]:
    d = data(state)
    if d.drawn is None or not d.resources_left:
        return
    factions = d.factions[seat] or FACTIONS
    for cid in state.zones[(seat, HAND)]:
        for f in factions:
            yield act(state, "resource", seat, (cid,), (), (f,))


def _check_resource(state: GameState, action: Action) -> str | None:
    d = data(state)
    if (
        len(action.cards) != 1
        or action.targets
        or len(action.words) != 1
        or action.words[0] not in RES
    ):
        return (
            f"{A}: put one card from your hand face down as a resource for a faction "
            f'(resource "Card" {"|".join(FACTIONS)})'
        )
    if state.cards[action.cards[0]].zone != (action.seat, HAND):
        return f"{A}, Resources: a resource card is put face down from your hand"
    if d.drawn is None:
        return f"{R_RESOURCE}: choose how many cards to draw first"
    if not d.resources_left:
        return R_RESOURCE
    return None


def _exec_resource(state: GameState, action: Action, events: Events) -> None:
    d = data(state)
    seat, cid, faction = action.seat, action.cards[0], action.words[0]
    state.move(cid, (seat, RES[faction]))
    state.cards[cid].face_down = True
    d.resources_left -= 1
    events.append(
        Event(
            "move",
            f"{who(state, seat)} makes {name(state, cid)} {a_faction(faction)} resource",
            seat=seat,
            cards=(cid,),
            value=((seat, HAND), (seat, RES[faction])),
            secret=f"{who(state, seat)} makes a card {a_faction(faction)} resource",
            seen_by=frozenset({seat}),
        )
    )


def _gen_build(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).drawn is not None or free_row(state, seat) is None:
        return
    seen = set()
    for cid in state.zones[(seat, UNBUILT)]:
        if state.cards[cid].card.name not in seen:
            seen.add(state.cards[cid].card.name)
            yield act(state, "build", seat, (cid,))


def _check_build(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets or action.words:
        return f'{A}: build one city (build "City")'
    if state.cards[action.cards[0]].zone != (action.seat, UNBUILT):
        return f"{R_BUILD}: the city must be one of your unbuilt cities"
    if data(state).drawn is not None:
        return f"{R_BUILD} (ruling): you have begun this turn; build instead of drawing"
    if free_row(state, action.seat) is None:
        return f"{A} (ruling): a kingdom holds at most {MAX_CITIES} cities"
    return None


def _exec_build(state: GameState, action: Action, events: Events) -> None:
    events.append(
        Event("info", f"{who(state, action.seat)} skips the turn to build a city", seat=action.seat)
    )
    build_city(state, action.seat, action.cards[0], events)
    if data(state).format == teams.AMINDUNA and not teams.is_overlord(state, action.seat):
        teams.built(state, action.seat)  # every team player skips their next turn
        events.append(
            Event(
                "info",
                "Every team player skips their next turn (Aminduna: a team player built a city)",
                seat=action.seat,
            )
        )
    enter_phase(state, "end", events)


def _draw_next(state: GameState) -> str:
    """The Tactics phase asks something only of a player with a city to devote, or whose
    card waits for it to start or end."""
    return (
        "tactics"
        if _can_devote_any(state, state.active) or phase_heard(state, "tactics")
        else "play1"
    )


def _check_end_draw(state: GameState) -> str | None:
    d = data(state)
    if d.drawn is None:
        return f"{R_DRAW}: choose one course before the phase ends"
    if d.drawn == 0 and d.resources_left and state.zones[(state.active, HAND)]:
        return R_DRAW_ZERO
    return None


# -- devoting a city ------------------------------------------------------------------------------


def _gen_devote(state: GameState, seat: int) -> Iterator[Action]:
    """All of a city's unmarked residents; with four or fewer, each choice of them."""
    d = data(state)
    for city in cities(state, seat):
        if city in d.devoted:
            continue
        ready = _devotees(state, seat, city)
        offered = tuple(grave_offerings(state, seat, city))
        if not ready and not offered:
            continue
        if len(ready) > 4:
            groups: Iterable[tuple[int, ...]] = [tuple(ready)]
        else:
            groups = [g for n in range(len(ready), 0, -1) for g in combinations(ready, n)]
        if offered:  # each choice of residents, with the whole graveyard offered or none
            groups = [*(g + offered for g in groups), offered, *groups]
        for g in groups:
            yield act(state, "devote", seat, (city, *g))


def _check_devote(state: GameState, action: Action) -> str | None:
    if len(action.cards) < 2 or action.targets or action.words:
        return f'{A}: devote residents to their city (devote "City", "Resident", ...)'
    city = action.cards[0]
    inst = state.cards[city]
    if not is_city(inst) or inst.owner != action.seat or not in_play(state, city):
        return f"{R_DEVOTE}: choose one of your cities"
    if city in data(state).devoted:
        return R_DEVOTE_ONCE
    ready = set(residents(state, city))
    offered = set(grave_offerings(state, action.seat, city))
    chosen = action.cards[1:]
    for r in chosen:
        ri = state.cards[r]
        if r in offered:
            continue
        if ri.zone == (action.seat, GRAVE):
            return (
                f"{R_DEVOTE}: {name(state, inst.id)} takes no {name(state, ri.id)} "
                "from your graveyard"
            )
        if r not in ready or ri.owner != action.seat:
            return (
                f"{R_DEVOTE}: {name(state, ri.id)} is not your resident of {name(state, inst.id)}"
            )
        if ri.turned:
            return f"{R_MARKED}: {name(state, ri.id)} is marked"
    if len(set(chosen)) != len(chosen):
        return f"{R_DEVOTE}: name each resident once"
    return None


def _exec_devote(state: GameState, action: Action, events: Events) -> None:
    d = data(state)
    city, chosen = action.cards[0], action.cards[1:]
    d.devoted = d.devoted | {city}
    d.tactic = (city, chosen)
    names = ", ".join(name(state, r) for r in chosen)
    events.append(
        Event(
            "devote",
            f"{who(state, action.seat)} declares {names} devoted to {name(state, city)}",
            seat=action.seat,
            cards=action.cards,
        )
    )
    start_round(state, state.active)
    advance(state, events)
